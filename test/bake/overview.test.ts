import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readAssets, toHash } from '../../src/bake/assets.ts';
import type { Head } from '../../src/bake/html.ts';
import type { Locale } from '../../src/page/messages.ts';
import { toLink, toOverview } from '../../src/bake/overview.tsx';
import { CONTESTS } from '../helpers/contests.ts';
import { textOf, toDocument } from '../helpers/dom.ts';

const ASSETS = readAssets();
const NAMED = [
  { name: 'spring', contest: CONTESTS['valid.json']! },
  { name: 'a b#c?d%e', contest: CONTESTS['hostile.json']! },
];
const htmlOf = (locale: Locale, head: Head = { hydrate: true }) => toOverview(NAMED, locale, head, ASSETS.overviewCss);
const meta = (doc: Document, selector: string) => doc.querySelector(selector)?.getAttribute('content');

const overview = suite('toOverview()');

overview(
  'lists each contest: its title, linking to its page, and its qualification period (without an end: by title)',
  () => {
    const doc = toDocument(htmlOf('de'));
    const items = [...doc.querySelectorAll('main li')].map((item) => ({
      title: textOf(item.querySelector('h2')),
      href: item.querySelector('h2 a')?.getAttribute('href'),
      period: textOf(item.querySelector('.period')),
    }));
    assert.equal(items, [
      {
        title: "</title><script>alert('title')</script>",
        href: 'a%20b%23c%3Fd%25e/index.html',
        period: 'Wettbewerbszeitraum: \u2028line\u2029separators',
      },
      { title: 'Testwettbewerb', href: 'spring/index.html', period: 'Wettbewerbszeitraum: Januar bis März' },
    ]);
    assert.equal([...doc.querySelectorAll('h1')].map(textOf), ['Vertriebswettbewerbe']);
    assert.is(doc.title, 'Vertriebswettbewerbe');
    assert.is(textOf(doc.querySelector('.overline')), 'Erfolg wird belohnt');
  },
);

overview('is in the locale asked for: texts, lang and og:locale', () => {
  const de = toDocument(htmlOf('de'));
  const en = toDocument(htmlOf('en'));
  assert.equal([de.documentElement.lang, meta(de, 'meta[property="og:locale"]')], ['de', 'de_DE']);
  assert.equal([en.documentElement.lang, meta(en, 'meta[property="og:locale"]')], ['en', 'en_US']);
  assert.is(en.title, 'Sales contests');
  assert.is(textOf(en.querySelector('.overline')), 'Success is rewarded');
  assert.is(textOf(en.querySelector('li:last-child .period')), 'Qualification period: Januar bis März');
  assert.is(
    meta(en, 'meta[name=description]'),
    'Every sales contest at a glance: its qualification period and its ranking.',
  );
});

overview('says of a contest past its end date that it is over, in the locale asked for', () => {
  const ended = { after: 'winners', text: 'Dieser Wettbewerb ist beendet' } as const;
  const contests = [{ name: 'spring', contest: { ...CONTESTS['valid.json']!, ended } }, NAMED[1]!];
  const periods = (locale: Locale) =>
    [...toDocument(toOverview(contests, locale, { hydrate: true }, ASSETS.overviewCss)).querySelectorAll('.period')]
      .map(textOf)
      .sort();
  assert.equal(periods('de'), [
    'Wettbewerbszeitraum: Januar bis März (beendet)',
    'Wettbewerbszeitraum: \u2028line\u2029separators',
  ]);
  assert.equal(periods('en')[0], 'Qualification period: Januar bis März (over)');
});

overview('runs no script: none in the page, and a CSP that allows none and only its own stylesheet', () => {
  const html = htmlOf('de');
  assert.not.match(html, /<script/i, 'the hostile title is text, and there is no script of its own');
  const doc = toDocument(html);
  const csp = meta(doc, 'meta[http-equiv=Content-Security-Policy]') ?? '';
  assert.match(csp, "script-src 'none'");
  assert.match(csp, `style-src ${toHash(doc.querySelector('style')?.textContent ?? '')}`);
  assert.ok(doc.querySelector('style')?.textContent?.includes('.contests'), "the overview's own rules");
  assert.not.match(csp, 'connect-src');
});

overview('gives link previews its title and description; the address, noindex and refresh only when asked', () => {
  const plain = toDocument(htmlOf('de'));
  assert.is(meta(plain, 'meta[property="og:title"]'), 'Vertriebswettbewerbe');
  assert.is(meta(plain, 'meta[property="og:description"]'), meta(plain, 'meta[name=description]'));
  assert.is(meta(plain, 'meta[property="og:type"]'), 'website');
  for (const selector of [
    'meta[property="og:url"]',
    'link[rel=canonical]',
    'meta[name=robots]',
    'meta[http-equiv=refresh]',
  ]) {
    assert.is(plain.querySelector(selector), null, selector);
  }
  const asked = toDocument(
    htmlOf('de', { hydrate: true, url: 'https://example.com/c/', noindex: true, refreshSeconds: 300 }),
  );
  assert.is(meta(asked, 'meta[property="og:url"]'), 'https://example.com/c/');
  assert.is(asked.querySelector('link[rel=canonical]')?.getAttribute('href'), 'https://example.com/c/');
  assert.is(meta(asked, 'meta[name=robots]'), 'noindex');
  assert.is(meta(asked, 'meta[http-equiv=refresh]'), '300');
});

overview('is the same text for the same contests', () => {
  assert.is(htmlOf('de'), htmlOf('de'));
});

overview('puts running contests first: the latest end first, contests without one last, and takes a title', () => {
  const base = CONTESTS['valid.json']!;
  const named = [
    { name: 'none-b', contest: { ...base, title: 'B ohne Ende' } },
    { name: 'winter', contest: { ...base, title: 'Winter', qualification_end: '2027-03-01T00:00:00+01:00' } },
    { name: 'none-a', contest: { ...base, title: 'A ohne Ende' } },
    { name: 'summer', contest: { ...base, title: 'Sommer', qualification_end: '2027-09-01T00:00:00+02:00' } },
    { name: 'autumn', contest: { ...base, title: 'Herbst', qualification_end: '2026-11-30T23:00:00Z' } },
  ];
  const doc = toDocument(toOverview(named, 'de', { hydrate: false }, ASSETS.overviewCss, 'Wettbewerbe 2027'));
  assert.equal([...doc.querySelectorAll('main h2')].map(textOf), [
    'Sommer',
    'Winter',
    'Herbst',
    'A ohne Ende',
    'B ohne Ende',
  ]);
  assert.is(doc.title, 'Wettbewerbe 2027');
  assert.equal([...doc.querySelectorAll('h1')].map(textOf), ['Wettbewerbe 2027']);
});

const links = suite('toLink()');

links("leads to the contest's page below the overview, whatever its file name, from a server and from disk", () => {
  for (const name of [
    'spring',
    'a b',
    'ü-Wettbewerb',
    '#top',
    '?q=1',
    '%41',
    'javascript:alert(1)',
    'index',
    '.hidden',
    '\\',
  ]) {
    const served = new URL(toLink(name), 'https://example.com/contests/');
    assert.is(
      served.origin + decodeURIComponent(served.pathname),
      `https://example.com/contests/${name}/index.html`,
      name,
    );
    assert.equal([served.search, served.hash], ['', ''], name);
    const onDisk = new URL(toLink(name), 'file:///srv/site/index.html');
    assert.is(decodeURIComponent(onDisk.pathname), `/srv/site/${name}/index.html`, name);
  }
});

overview.run();
links.run();
