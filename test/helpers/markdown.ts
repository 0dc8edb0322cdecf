// GitHub's Markdown as a test sees it: a GFM renderer that links what it can (markdown-it with linkify), hostile names,
// and what GitHub itself would act on in the rendered text.
import * as assert from 'uvu/assert';
import MarkdownIt from 'markdown-it';
import { toDocument } from './dom.ts';

/** Names a pull request could bring into a history export. */
export const HOSTILE = [
  'https://evil.example/phish',
  'http://evil.com',
  'ftp://evil.com/x',
  '//evil.com/x',
  'www.evil.com',
  'WWW.EVIL.COM/path',
  'see www.evil.example now',
  'mail@evil.example',
  'foo.bar+x@evil.co.uk',
  'mailto:mail@evil.com',
  'xmpp:foo@evil.com',
  'GONE [l](https://evil.example)',
  '[x][1]',
  '[l]: https://evil.com',
  '![img](https://evil.com/x.png)',
  '<https://evil.com>',
  '<a href="https://evil.com">x</a>',
  '<img src=x onerror=alert(1)>',
  '<details><summary>x</summary>y</details>',
  '<!-- c -->',
  '@octocat',
  '@org/team',
  'hi @octocat!',
  '$\\color{red}{HACKED}$',
  '$$\\huge{X}$$',
  '$`x`$',
  'A $5 and $6 B',
  '*em* _em_ **strong** __strong__',
  '~~del~~ ~del~',
  '`code` ``x``',
  '| a | b |',
  'a|b',
  'line\nbreak',
  'x\\',
  'two  ',
  '# heading',
  '> quote',
  '- item',
  '1. item',
  '---',
  '[^1]',
  '[ ] task',
  '&amp; &lt;b&gt; &#64;x',
  ':smile: :+1:',
  '#123 GH-42 owner/repo#7',
  '\\*x\\*',
  'Max\u202eMuster',
  'שרה כהן',
  'Anna-Lena Müller',
  'Dr. A. Meier',
];

export const md = new MarkdownIt({ html: true, linkify: true });
/** What GitHub's own filters act on in rendered text: mentions, issues, URLs and www. links, emoji (`:smile:`). */
export const GITHUB_TEXT = [
  /(^|[^\w])@[a-z0-9]/i,
  /#\d/,
  /\bgh-\d/i,
  /[a-z]:\/\//i,
  /www\./i,
  /:[\w+-]*[a-z][\w+-]*:/i,
];
/** Characters podium adds that no one sees: the joiner, and the isolates around a right-to-left name. */
export const INVISIBLE = /[\u2060\u2068\u2069]/g;

/** The rendered document of `markdown`, and its text as a reader sees it. */
export function toRendered(markdown: string): { body: HTMLElement; text: (element: Element) => string } {
  const body = toDocument(`<body>${md.render(markdown)}</body>`).body;
  return { body, text: (element) => (element.textContent ?? '').replace(INVISIBLE, '') };
}

/** Fails where the rendered `body` holds anything but text and the `allowed` tags, or text GitHub would act on. */
export function assertInert(body: HTMLElement, allowed: string[], where: string): void {
  for (const element of body.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    assert.ok(allowed.includes(tag) || tag === 'span', `${where}: a <${tag}> in ${body.innerHTML}`);
    if (tag === 'span') assert.is(element.outerHTML, '<span>$</span>', `${where}: only a $ is wrapped`);
  }
  const text = body.textContent ?? '';
  for (const pattern of GITHUB_TEXT) assert.not.match(text, pattern, `${where}: ${JSON.stringify(text)}`);
  // GitHub's math needs a $ … $ pair in one piece of text: every $ stands alone in its span.
  for (const node of walk(body)) if (node.parentElement?.tagName !== 'SPAN') assert.not.match(node.textContent, '$');
}

function* walk(node: Node): Generator<Text> {
  for (const child of node.childNodes) {
    if (child.nodeType === 3) yield child as Text;
    else yield* walk(child);
  }
}
