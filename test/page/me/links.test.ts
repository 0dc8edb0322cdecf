// Personal links in real Chromium: a link's token marks its person's row and shows where they stand, a wrong or
// missing one marks nothing and says nothing, no request leaves the page, and sealed amounts open only for their link.
import * as assert from 'uvu/assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromiumSuite, hydrated, once, serve, violations, type Visit } from '../../helpers/browser.ts';
import { toHash } from '../../../src/bake/assets.ts';
import { toScriptJson, toScriptString } from '../../../src/bake/html.ts';
import { podium } from '../../helpers/cli.ts';

const NBSP = '\u00a0';
const SECRET = 'a'.repeat(32) + 'b'.repeat(32);
const BASE = 'https://contests.example/';
const { test, work, open, run } = chromiumSuite('personal links in Chromium');

/** 1,000 salespeople, shown as initials: place n has 2,000,000 − 1,000 n euros; the top 10 win. */
function contest(privacy: Record<string, unknown> = { names: 'initials' }) {
  const users = Array.from({ length: 1000 }, (_, i) => ({
    name: `Vorname${i} Nachname${i}`,
    leadCount: 1000 - i,
    profit: 2_000_000 - (i + 1) * 1000,
  }));
  return {
    title: 'Links',
    heading: 'H',
    journey_date_text: 'J',
    description: 'D',
    qualification_date_text: 'Q',
    solo_winners: 10,
    privacy,
    users,
  };
}

/** Bakes with --links under SECRET: the page's file URL, and each person's token by full name. */
async function bake(name: string, data: object) {
  const source = join(work.dir, `${name}.json`);
  writeFileSync(source, JSON.stringify(data));
  const [out, links] = [join(work.dir, name), join(work.dir, `${name}.csv`)];
  const args = ['build', source, '--out', out, '--links', links, '--base-url', BASE];
  const built = await podium(args, { env: { PODIUM_SECRET: SECRET } });
  assert.is(built.status, 0, built.stderr);
  const rows = readFileSync(links, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .slice(1);
  const tokens = new Map(
    rows.map((row) => row.split(';') as [string, string]).map(([who, link]) => [who, link.split('#me=')[1]!]),
  );
  return { out, url: pathToFileURL(join(out, 'index.html')).href, tokens };
}

/** The page of contest() with its links, baked once for the tests that only visit it. */
const thousand = once(() => bake('thousand', contest()));

/** The rows marked, the boxes laid over rows, the panel's text. */
function read(seen: Visit) {
  return seen.page.evaluate(() => ({
    current: [...document.querySelectorAll('tbody tr')].flatMap((row, index) =>
      row.getAttribute('aria-current') === 'true' ? [index] : [],
    ),
    marks: document.querySelectorAll('.mark').length,
    found: document.querySelector('.found')?.textContent ?? '',
  }));
}

/** Waits until the row is marked (the token is hashed as the page starts). */
async function marked(seen: Visit) {
  await hydrated(seen);
  await seen.page.locator('tr[aria-current="true"]').waitFor({ state: 'attached' });
  return read(seen);
}

/** Waits out what a token would set off: a digest in the page, and two frames for React to render. */
async function settled(seen: Visit) {
  await hydrated(seen);
  await seen.page.evaluate(async () => {
    for (let i = 0; i < 3; i++) await crypto.subtle.digest('SHA-256', new Uint8Array(1));
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });
  return read(seen);
}

test('a personal link marks its own row of 1,000 and says where that person stands', async () => {
  const { url, tokens } = await thousand();
  for (const [index, place, standing] of [
    [0, 1, 'Gewinnerplatz'],
    [499, 500, `Bis Platz 10 fehlen 490 Eigenleads und 490.000,00${NBSP}€`],
    [998, 999, `Bis Platz 10 fehlen 989 Eigenleads und 989.000,00${NBSP}€`],
  ] as const) {
    const seen = await open(`${url}#me=${tokens.get(`Vorname${index} Nachname${index}`)}`, { height: 700 });
    const shown = await marked(seen);
    assert.equal(shown.current, [index], `the row of person ${index}`);
    assert.is(shown.marks, 1);
    assert.is(shown.found, `Du: Platz ${place} von 1.000 · ${standing}`);
    const inView = await seen.page.locator('tr[aria-current="true"]').evaluate((row) => {
      const { top, bottom } = row.getBoundingClientRect();
      return top >= 0 && bottom <= innerHeight;
    });
    assert.ok(inView, 'scrolled into view');
    assert.equal(seen.console, []);
    assert.equal(seen.requests, [url], 'the page asked for nothing but itself');
    await seen.page.context().close();
  }
});

test('a wrong, altered or missing token marks nothing and says nothing', async () => {
  const { url, tokens } = await thousand();
  const right = tokens.get('Vorname5 Nachname5')!;
  const other = `${right.slice(0, -1)}${right.endsWith('A') ? 'B' : 'A'}`;
  for (const hash of ['', '#me=', `#me=${other}`, '#me=Vorname5%20Nachname5', `#me=${right}x`, '#name=&me=zz']) {
    const seen = await open(`${url}${hash}`);
    assert.equal(await settled(seen), { current: [], marks: 0, found: '' }, hash || 'no hash');
    assert.equal(seen.console, [], hash);
    await seen.page.context().close();
  }
  const seen = await open(`${url}#me=${right}`);
  assert.equal((await marked(seen)).current, [5], 'the same page finds the right token');
  await seen.page.context().close();
});

test('a search stands the personal link aside; the link marks its row again when the field is cleared', async () => {
  const { url, tokens } = await bake('search', contest({}));
  const seen = await open(`${url}#me=${tokens.get('Vorname7 Nachname7')}`);
  assert.equal((await marked(seen)).current, [7]);
  await seen.page.fill('.finder input', 'Vorname300 ');
  const searching = await read(seen);
  assert.equal([searching.current, searching.marks], [[300], 1], 'only the search result is marked');
  assert.ok(searching.found.startsWith('1 von 1 Treffer'), searching.found);
  await seen.page.fill('.finder input', '');
  assert.equal((await marked(seen)).current, [7]);
  await seen.page.context().close();
});

test('served over http: the one request is the page, without the token; the token stays in the fragment', async () => {
  const { out, tokens } = await thousand();
  const host = await serve(out);
  try {
    const token = tokens.get('Vorname42 Nachname42')!;
    const seen = await open(`${host.url}#me=${token}`);
    assert.equal((await marked(seen)).current, [42]);
    assert.equal(host.hits, ['/'], 'one request, for the page');
    assert.equal(seen.requests, [host.url], 'no request from the page');
    await seen.page.context().close();
  } finally {
    await host.close();
  }
});

/**
 * The page as the privacy settings will bake it: the amounts of the rows that do not win taken out of its data (0),
 * and its CSP allowing the data script so changed. Only a sealed figure can then tell a person their own.
 */
function hideAmounts(file: string, hidden: (user: { profit: number }, index: number) => boolean): void {
  const html = readFileSync(file, 'utf8');
  const [, script] = /<script>(window\.__CONTEST__=[^<]*)<\/script>/.exec(html)!;
  const window = {} as { __CONTEST__: { users: { profit: number }[] } };
  new Function('window', script!)(window);
  window.__CONTEST__.users.forEach((user, index) => void (hidden(user, index) && (user.profit = 0)));
  const data = `window.__CONTEST__=JSON.parse(${toScriptString(toScriptJson(window.__CONTEST__))})`;
  writeFileSync(file, html.replace(script!, () => data).replace(toHash(script!), toHash(data)));
}

test('served over plain http from another host (no WebCrypto there): marks nothing, says nothing', async () => {
  const { out, tokens } = await thousand();
  const host = await serve(out);
  try {
    // A host name that is not loopback, reaching this machine: a page there is no secure context.
    const url = host.url.replace('127.0.0.1', 'links.test');
    const hosts = { 'links.test': new URL(host.url).host };
    const seen = await open(`${url}#me=${tokens.get('Vorname42 Nachname42')}`, { hosts });
    assert.is(await seen.page.evaluate(() => isSecureContext), false);
    await hydrated(seen);
    await seen.page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    assert.equal(await read(seen), { current: [], marks: 0, found: '' });
    assert.equal(seen.console, []);
    assert.equal(host.hits, ['/'], 'served by the host');
  } finally {
    await host.close();
  }
});

test('amounts hidden: the panel shows a person their own figures, sealed for their link alone', async () => {
  const { url, out, tokens } = await bake('sealed', contest({ names: 'initials', amounts: 'winners' }));
  hideAmounts(join(out, 'index.html'), (_, index) => index >= 10);
  const seen = await open(`${url}#me=${tokens.get('Vorname499 Nachname499')}`);
  const shown = await marked(seen);
  const sealed = await seen.page.evaluate(
    () => (window as unknown as { __CONTEST__: { me: { sealed: (string | null)[] } } }).__CONTEST__.me.sealed,
  );
  const shows = sealed.slice(0, 12).map((each) => each === null);
  assert.equal(shows, [...Array(10).fill(true), false, false], 'the winners show their amounts: nothing sealed');
  assert.ok(
    sealed.every((each) => each === null || each.length === sealed[10]!.length),
    'one length: no size told',
  );
  assert.equal(shown.current, [499]);
  assert.is(
    shown.found,
    `Du: Platz 500 von 1.000 · Bis Platz 10 fehlen 490 Eigenleads und 490.000,00${NBSP}€ · Netto-Volumen 1.500.000,00${NBSP}€`,
  );
  // No check of the console here: the markup still shows what the data no longer holds, and React says so.
  await seen.page.context().close();
  // Another person's link opens their own figures.
  const other = await open(`${url}#me=${tokens.get('Vorname500 Nachname500')}`);
  assert.ok(
    (await marked(other)).found.endsWith(
      `fehlen 491 Eigenleads und 491.000,00${NBSP}€ · Netto-Volumen 1.499.000,00${NBSP}€`,
    ),
  );
  await other.page.context().close();
});

test("amounts hidden from everyone: no distance in euro, which with one's own volume gives the last winner's", async () => {
  const { url, out, tokens } = await bake('none', contest({ amounts: 'none' }));
  hideAmounts(join(out, 'index.html'), () => true);
  const seen = await open(`${url}#me=${tokens.get('Vorname20 Nachname20')}`);
  assert.is(
    (await marked(seen)).found,
    `Du: Platz 21 von 1.000 · Bis Platz 10 fehlen 11 Eigenleads · Netto-Volumen 1.979.000,00${NBSP}€`,
  );
  await seen.page.context().close();
  // Ranked by volume alone, the distance is in euro or not at all.
  const ranked = await bake('none-profit', { ...contest({ amounts: 'none' }), ranking: 'profit' });
  const alone = await open(`${ranked.url}#me=${ranked.tokens.get('Vorname20 Nachname20')}`);
  assert.is((await marked(alone)).found, `Du: Platz 21 von 1.000 · Netto-Volumen 1.979.000,00${NBSP}€`);
  await alone.page.context().close();
});

test('axe-core finds no violations with a personal row marked, on desktop and phone; screenshots', async () => {
  const { url, tokens } = await thousand();
  for (const width of [1280, 360, 390]) {
    const seen = await open(`${url}#me=${tokens.get('Vorname12 Nachname12')}`, { width, height: 800 });
    await marked(seen);
    if (width !== 390) assert.equal(await violations(seen), [], `${width}px`);
    if (process.env.PODIUM_SCREENSHOTS)
      await seen.page.screenshot({ path: join(process.env.PODIUM_SCREENSHOTS, `me-${width}.png`) });
    await seen.page.context().close();
  }
});

run();
