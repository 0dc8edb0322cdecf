import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toAsset, toHash } from '../../src/bake/assets.ts';
import { assemble as toBytes, escapeHtml, toScriptJson, toScriptString, type Page } from '../../src/bake/html.ts';
import type { Script } from '../../src/bake/assets.ts';
import { toMessages } from '../../src/page/messages.ts';
import { CONTESTS } from '../helpers/contests.ts';
import { toDocument } from '../helpers/dom.ts';

/** assemble() of markup given as text, the document as text. */
const assemble = (page: Omit<Page, 'markup'> & { markup: string }, assets: Parameters<typeof toBytes>[1]) =>
  String(toBytes({ ...page, markup: Buffer.from(page.markup) }, assets));
const ASSETS = {
  css: toAsset('body{color:red}'),
  scriptCss: toAsset('body{color:red}p{color:blue}'),
  overviewCss: toAsset('body{color:red}ul{color:blue}'),
  client: ({ history, refresh }: Script) => toAsset(`console.log(${history},${refresh})`),
};
const HEAD: Page['head'] = { hydrate: true };
const CONTEST = CONTESTS['valid.json']!;
const HOSTILE = CONTESTS['hostile.json']!;

const scriptJson = suite('toScriptJson()');

scriptJson('leaves no character that could end a script or start markup', () => {
  const json = toScriptJson(HOSTILE);
  for (const bad of ['<', '>', '&', '\u2028', '\u2029'])
    assert.not.ok(json.includes(bad), `contains ${JSON.stringify(bad)}`);
});

scriptJson('evaluates back to the same value', () => {
  assert.equal(new Function(`return ${toScriptJson(HOSTILE)}`)(), HOSTILE);
});

const scriptString = suite('toScriptString()');

scriptString('is a string literal that evaluates back to the text, whatever quotes and backslashes it holds', () => {
  for (const text of [toScriptJson(HOSTILE), `'\\'\\\\'`, '\\u2028 \' " \\', '']) {
    assert.is(new Function(`return ${toScriptString(text)}`)(), text);
  }
});

const escape = suite('escapeHtml()');

escape('escapes the five characters that matter in text and attributes', () => {
  assert.is(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
});

const document = suite('assemble()');

document('writes lang, title, viewport, description and the contest global before the page script', () => {
  const html = assemble({ contest: CONTEST, locale: 'de', markup: '<main></main>', head: HEAD }, ASSETS);
  const doc = toDocument(html);
  assert.is(doc.documentElement.getAttribute('lang'), 'de');
  assert.is(doc.title, 'Testwettbewerb');
  assert.is(doc.querySelector('meta[name=viewport]')?.getAttribute('content'), 'width=device-width, initial-scale=1');
  assert.is(doc.querySelector('meta[name=description]')?.getAttribute('content'), 'Die drei Besten reisen.');
  const scripts = [...doc.querySelectorAll('script:not([type])')].map((script) => script.textContent ?? '');
  assert.is(scripts.length, 2);
  assert.ok(scripts[0]?.startsWith('window.__CONTEST__=JSON.parse('));
  const window: { __CONTEST__?: unknown } = {};
  new Function('window', scripts[0]!)(window);
  assert.equal(window.__CONTEST__, CONTEST, 'the data script sets the contest global');
  assert.is(scripts[1], 'console.log(false,false)');
  assert.is(
    toDocument(
      assemble({ contest: CONTEST, locale: 'en', markup: '', head: HEAD }, ASSETS),
    ).documentElement.getAttribute('lang'),
    'en',
  );
});

document("carries the texts of the page's locale, and only those, as JSON for the page script", () => {
  for (const locale of ['de', 'en'] as const) {
    const doc = toDocument(assemble({ contest: CONTEST, locale, markup: '', head: HEAD }, ASSETS));
    const texts = doc.querySelectorAll('script[type="application/json"]');
    assert.is(texts.length, 1);
    // Of the catalogue, what the page script says: a page without history or --refresh leaves out their texts.
    const all: Record<string, unknown> = toMessages(locale);
    const carried = Object.entries(JSON.parse(texts[0]?.textContent ?? '') as Record<string, unknown>);
    assert.equal(
      carried,
      Object.entries(all).filter(([key]) => carried.some(([carriedKey]) => carriedKey === key)),
    );
    assert.ok(carried.length > 20 && carried.some(([key]) => key === 'paused'));
    assert.ok(!carried.some(([key]) => key === 'rules'), "the rules' texts only where a contest has rules");
    const ruled = { ...CONTEST, ranking: 'profit' as const };
    const withRules = toDocument(assemble({ contest: ruled, locale, markup: '', head: HEAD }, ASSETS));
    const texts2 = JSON.parse(withRules.querySelector('script[type="application/json"]')?.textContent ?? '');
    assert.equal((texts2 as { rules?: unknown }).rules, toMessages(locale).rules);
  }
});

document('allows exactly its own inline scripts and style in the Content-Security-Policy', () => {
  const doc = toDocument(assemble({ contest: CONTEST, locale: 'de', markup: '', head: HEAD }, ASSETS));
  const csp = doc.querySelector('meta[http-equiv=Content-Security-Policy]')?.getAttribute('content') ?? '';
  const [data, client] = [...doc.querySelectorAll('script:not([type])')].map((script) =>
    toHash(script.textContent ?? ''),
  );
  assert.ok(csp.includes(`script-src ${data} ${client};`), csp);
  assert.is(doc.querySelectorAll('head > style').length, 1);
  assert.is(
    doc.querySelector('style')?.textContent,
    'body{color:red}p{color:blue}',
    'with a script: the styles of what it shows too',
  );
  const noscript =
    /<noscript><style>(.*?)<\/style><\/noscript>/.exec(
      assemble({ contest: CONTEST, locale: 'de', markup: '', head: HEAD }, ASSETS),
    )?.[1] ?? '';
  assert.ok(
    noscript.includes('margin-top:0'),
    'with JavaScript off, a style gives back the room kept for the search bar',
  );
  assert.ok(
    csp.includes(`style-src ${toHash(doc.querySelector('style')?.textContent ?? '')} ${toHash(noscript)};`),
    csp,
  );
  assert.ok(csp.includes("default-src 'none'"));
  assert.not.ok(csp.includes('unsafe-inline'));
});

document('keeps hostile title and description as text', () => {
  const doc = toDocument(assemble({ contest: HOSTILE, locale: 'de', markup: '', head: HEAD }, ASSETS));
  assert.is(doc.title, HOSTILE.title);
  assert.is(doc.querySelector('meta[name=description]')?.getAttribute('content'), HOSTILE.description);
  assert.is(doc.querySelectorAll('script:not([type])').length, 2);
});

const head = suite('assemble() head options');
const headOf = (options: Partial<Page['head']>, locale: 'de' | 'en' = 'de') =>
  toDocument(assemble({ contest: CONTEST, locale, markup: '<main></main>', head: { ...HEAD, ...options } }, ASSETS));
const metaOf = (doc: Document, selector: string) => doc.querySelector(selector)?.getAttribute('content') ?? null;

head('writes Open Graph tags in the static HTML', () => {
  const doc = headOf({});
  assert.is(metaOf(doc, 'meta[property="og:title"]'), 'Testwettbewerb');
  assert.is(metaOf(doc, 'meta[property="og:description"]'), 'Die drei Besten reisen.');
  assert.is(metaOf(doc, 'meta[property="og:type"]'), 'website');
  assert.is(metaOf(doc, 'meta[property="og:locale"]'), 'de_DE');
  assert.is(metaOf(headOf({}, 'en'), 'meta[property="og:locale"]'), 'en_US');
  assert.is(
    doc.querySelector('meta[property="og:url"], link[rel=canonical], meta[name=robots], meta[http-equiv=refresh]'),
    null,
  );
});

head('adds og:url and the canonical link for a URL, robots noindex and a refresh when asked', () => {
  const doc = headOf({ url: 'https://example.com/a?b=1&c=2', noindex: true, refreshSeconds: 300, hydrate: false });
  assert.is(metaOf(doc, 'meta[property="og:url"]'), 'https://example.com/a?b=1&c=2');
  assert.is(doc.querySelector('link[rel=canonical]')?.getAttribute('href'), 'https://example.com/a?b=1&c=2');
  assert.is(metaOf(doc, 'meta[name=robots]'), 'noindex');
  assert.is(metaOf(doc, 'meta[http-equiv=refresh]'), '300');
});

head(
  '--refresh with the script: the script refreshes, may connect to its own site, and reloads without JavaScript',
  () => {
    const csp = (doc: Document) => metaOf(doc, 'meta[http-equiv=Content-Security-Policy]') ?? '';
    const html = assemble(
      { contest: CONTEST, locale: 'de', markup: '<main></main>', head: { ...HEAD, refreshSeconds: 300 } },
      ASSETS,
    );
    const doc = toDocument(html);
    assert.is(doc.documentElement.dataset.refresh, '300', 'the interval, for the script');
    assert.ok(html.includes('<noscript><meta http-equiv="refresh" content="300"></noscript>'), 'a reload without it');
    assert.match(csp(doc), "connect-src 'self';");
    for (const plain of [headOf({}), headOf({ refreshSeconds: 300, hydrate: false })]) {
      assert.not.match(csp(plain), 'connect-src', 'no request at all without --refresh, or without a script');
      assert.is(plain.documentElement.dataset.refresh, undefined);
    }
  },
);

head('carries only the script a page uses, and only the texts that script says', () => {
  const page = (contest: typeof CONTEST, refreshSeconds?: number) => {
    const doc = toDocument(assemble({ contest, locale: 'de', markup: '', head: { ...HEAD, refreshSeconds } }, ASSETS));
    const texts = JSON.parse(doc.getElementById('texts')!.textContent!) as Record<string, unknown>;
    return { script: doc.querySelectorAll('script:not([type])')[1]!.textContent, texts: Object.keys(texts) };
  };
  const standings = { since: '2027-03-24', stands: ['2027-03-24', '2027-03-31'], climbed: [], gained: [] };
  const history = { ...CONTEST, standings };
  assert.is(page(CONTEST).script, 'console.log(false,false)');
  assert.is(page(CONTEST, 60).script, 'console.log(false,true)');
  assert.is(page(history).script, 'console.log(true,false)');
  assert.is(page(history, 60).script, 'console.log(true,true)');
  assert.ok(page(CONTEST).texts.includes('paused'), 'TV mode is on every page');
  for (const key of ['since', 'up', 'trend', 'stale', 'offline'])
    assert.not.ok(page(CONTEST).texts.includes(key), `a plain page says no ${key}`);
  assert.ok(page(history).texts.includes('since') && !page(history).texts.includes('stale'));
  assert.ok(page(CONTEST, 60).texts.includes('stale') && !page(CONTEST, 60).texts.includes('since'));
  // The time left and the Stand's age only where the contest has dates, with --refresh too (live.test.ts: new figures
  // that bring a date load as a new page).
  const dated = { ...CONTEST, updated_at: '2027-03-24T10:00:00+01:00', qualification_end: '2027-03-31' };
  for (const key of ['stand', 'ago', 'left', 'ended']) {
    assert.not.ok(page(CONTEST, 60).texts.includes(key), `a --refresh page without dates says no ${key}`);
    assert.ok(page(dated, 60).texts.includes(key), `a --refresh page with dates says ${key}`);
  }
});

head('without hydration, writes no script and a CSP that allows none', () => {
  const html = assemble({ contest: CONTEST, locale: 'de', markup: '<main>m</main>', head: { hydrate: false } }, ASSETS);
  const doc = toDocument(html);
  assert.is(doc.querySelectorAll('script').length, 0);
  assert.not.ok(html.includes('__CONTEST__'));
  assert.match(metaOf(doc, 'meta[http-equiv=Content-Security-Policy]') ?? '', "script-src 'none';");
  assert.is(doc.querySelector('style')?.textContent, 'body{color:red}', 'without a script: none of its styles');
  assert.match(
    metaOf(doc, 'meta[http-equiv=Content-Security-Policy]') ?? '',
    `style-src ${toHash('body{color:red}')};`,
  );
  assert.is(doc.querySelector('#podium')?.innerHTML, '<main>m</main>');
});

scriptJson.run();
scriptString.run();
head.run();
escape.run();
document.run();
