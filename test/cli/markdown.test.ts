// Names in GitHub's step summary and annotations: rendered with a GFM renderer that links what it can (markdown-it
// with linkify), each shows as the literal text it is, with nothing GitHub would turn into a link, mention or math.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toIsolated, toMarkdown, toUnlinked } from '../../src/cli/markdown.ts';
import { toPrintable } from '../../src/errors.ts';
import { assertInert, GITHUB_TEXT, HOSTILE, INVISIBLE, md, toRendered } from '../helpers/markdown.ts';

const markdown = suite('toMarkdown()');

markdown('every hostile name renders as its own text: no link, mention, math, emphasis, HTML or line break', () => {
  for (const name of HOSTILE) {
    const { body, text } = toRendered(`Name: ${toMarkdown(name)}`);
    assertInert(body, ['p'], name);
    assert.is(body.querySelectorAll('p').length, 1, `${name}: one paragraph`);
    assert.is(text(body.querySelector('p')!), `Name: ${toPrintable(name).trim()}`, name);
  }
});

markdown('in a table cell too: the row keeps its cells', () => {
  for (const name of HOSTILE) {
    const { body, text } = toRendered(`| a | b | c |\n|---|---|---|\n| 1 | ${toMarkdown(name)} | 3 |\n`);
    assertInert(body, ['table', 'thead', 'tbody', 'tr', 'th', 'td'], name);
    const cells = [...body.querySelectorAll('tbody td')];
    assert.equal(
      cells.map((cell) => text(cell)),
      ['1', toPrintable(name).trim(), '3'],
      name,
    );
  }
});

markdown('a bidi control is shown as its code: nothing after it turns around', () => {
  assert.is(toMarkdown('Max\u202eMuster'), 'Max\\\\u202eMuster');
  assert.not.match(toMarkdown('a\u2066b\u200fc\u2028d'), /[\u2066\u200f\u2028]/);
});

const unlinked = suite('toUnlinked()');

unlinked('breaks links, mentions, issues and emoji with an invisible joiner, and leaves the rest as it was', () => {
  for (const name of HOSTILE) {
    const text = toUnlinked(name);
    assert.is(text.replace(INVISIBLE, ''), name);
    for (const pattern of GITHUB_TEXT) assert.not.match(text, pattern, name);
    assert.not.ok(md.linkify.test(text), `${name}: linkify finds no link`);
  }
  assert.is(toUnlinked('users[2].leadCount: expected 12.5, got 1'), 'users[2].leadCount: expected 12.5, got 1');
});

const isolated = suite('toIsolated()');

isolated('isolates a name with right-to-left letters, and no other', () => {
  assert.is(toIsolated('שרה כהן'), '\u2068שרה כהן\u2069');
  assert.is(toIsolated('محمد'), '\u2068محمد\u2069');
  assert.is(toIsolated('Anna Schäfer'), 'Anna Schäfer');
});

markdown.run();
unlinked.run();
isolated.run();
