// A page under privacy settings in real Chromium, with JavaScript on and off: the rows, the search, the change line
// and trend, print, and axe with initials and hidden amounts at desktop and phone widths.
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { chromiumSuite, hydrated, violations, type Baked, type Visit } from '../helpers/browser.ts';
import { ROOT } from '../helpers/files.ts';

const { test: privacy, bake, open, run } = chromiumSuite('a page under privacy in Chromium');
const SUMMER = join(ROOT, 'contests/summer.json');
/** The summer example: 12 people, 5 winners, ranked by volume; Sabine Hoffmann is 2nd, Julia Schneider 8th. */
const SETTINGS = [
  { flag: 'initials,winners', sabine: 'S. H.', julia: 'J. S. (2)', amounts: 'winners' },
  { flag: 'first name and initial,none', sabine: 'Sabine H.', julia: 'Julia S.', amounts: 'none' },
  { flag: 'alias,all', sabine: 'S. H.', julia: 'J. S. (2)', amounts: 'all' },
  { flag: 'full,winners', sabine: 'Sabine Hoffmann', julia: 'Julia Schneider', amounts: 'winners' },
] as const;

const baked = new Map<string, Promise<Baked>>();
/** The summer example under `--privacy-default <flag>`, baked once for the tests that visit it. */
function summer(flag: string): Promise<Baked> {
  if (!baked.has(flag)) baked.set(flag, bake(SUMMER, flag.replace(/\W+/g, '-'), ['--privacy-default', flag]));
  return baked.get(flag)!;
}

/** The rows as shown: the name cell's text and the volume cell's, as seen and as heard. */
function readRows(seen: Visit) {
  return seen.page.evaluate(() =>
    [...document.querySelectorAll<HTMLTableRowElement>('tbody tr')].map((row) => {
      const cell = row.cells[2]!;
      const seen = [...cell.childNodes]
        .filter((node) => !(node instanceof HTMLElement && node.className === 'visually-hidden'))
        .map((node) => node.textContent)
        .join('');
      return { name: row.cells[0]!.textContent ?? '', volume: seen, heard: cell.textContent ?? '' };
    }),
  );
}

async function search(seen: Visit, query: string): Promise<string> {
  await seen.page.fill('.finder input', query);
  return (await seen.page.textContent('.found')) ?? '';
}

for (const setting of SETTINGS)
  privacy(
    `--privacy-default ${setting.flag}: rows, search, change line and trend, print, JavaScript on and off`,
    async () => {
      const { url } = await summer(setting.flag);
      const off = await open(url, { javaScriptEnabled: false });
      const rowsOff = await readRows(off);
      const seen = await open(url);
      await hydrated(seen);
      const rows = await readRows(seen);
      assert.equal(seen.console, [], 'hydration found the baked markup');
      assert.equal(rows, rowsOff, 'the same rows with and without JavaScript');
      assert.ok(rows[1]!.name.includes(setting.sabine), rows[1]!.name);
      assert.ok(rows[7]!.name.includes(setting.julia), rows[7]!.name);
      const winner = rows[1]!.volume;
      const loser = rows[7]!;
      assert.is(winner === '–', setting.amounts === 'none', `a winner's volume: ${winner}`);
      assert.is(loser.volume === '–', setting.amounts !== 'all', `a non-winner's volume: ${loser.volume}`);
      if (loser.volume === '–') assert.is(loser.heard, '–Betrag nicht veröffentlicht');
      // Winners still marked from the full figures: the first five rows.
      const winners = await seen.page.$$eval('tbody tr.winner', (found) => found.length);
      assert.is(winners, 5);
      // The search finds what is shown, never a full name the page does not show.
      const found = await search(seen, setting.julia);
      assert.match(found, /Platz 8 von 12/);
      if (setting.amounts !== 'all') assert.not.match(found, /€/, `no euro for a hidden amount: ${found}`);
      else assert.match(found, /€/);
      const trend = await seen.page.getAttribute('.found .trend', 'aria-label');
      assert.match(trend ?? '', /^Platz .* → 8$/);
      if (setting.sabine !== 'Sabine Hoffmann') assert.match(await search(seen, 'Hoffmann'), /^Kein Name gefunden$/);
      // Print: every row, the dash in place of a hidden volume.
      await seen.page.emulateMedia({ media: 'print' });
      assert.equal(await readRows(seen), rows);
      assert.equal(
        await seen.page.$$eval(
          'tbody tr',
          (found) => found.filter((row) => row.getBoundingClientRect().height > 0).length,
        ),
        12,
      );
    },
  );

privacy(
  'TV mode (#tv) with initials and amounts for the winners only: the same rows, hydrated, no request',
  async () => {
    const { url } = await summer('initials,winners');
    const plain = await open(url, { javaScriptEnabled: false });
    const seen = await open(`${url}#tv`);
    await seen.page.waitForFunction(() => document.documentElement.classList.contains('tv'));
    assert.equal(seen.console, []);
    assert.equal(await readRows(seen), await readRows(plain));
    assert.equal(
      seen.requests.filter((request) => !request.startsWith('file:')),
      [],
    );
  },
);

privacy('axe: 0 violations with initials and hidden amounts at 1280 and 360 px, a person found', async () => {
  const { url } = await summer('initials,winners');
  for (const width of [1280, 360]) {
    const seen = await open(url, { width });
    await hydrated(seen);
    await search(seen, 'J. S.');
    assert.equal(await violations(seen), [], `${width} px`);
  }
});

/** A contest whose end date (`privacy.until`) is past on any day these tests run: 8 people, 3 winners. */
function ended(after: 'winners' | 'texts', privacy: object = {}): object {
  const names = ['Sabine Hoffmann', 'Max Muster', 'Sabine Huber', 'Lea Zimmermann', 'Ömer Çelik', 'Paul Hartmann'];
  return {
    title: 'Frühling',
    heading: 'Die Besten',
    journey_date_text: 'im Mai',
    description: 'Wer gewinnt die Reise?',
    qualification_date_text: 'März',
    solo_winners: 3,
    ranking: 'profit',
    users: names.map((name, at) => ({ name, leadCount: 20 - at, profit: 90000 - at * 7777 })),
    qualification_end: '2020-01-31',
    privacy: { until: '2020-01-31', after, ...privacy },
  };
}

privacy('past its end date: the winners alone, the same with JavaScript on and off, hydrated, axe-clean', async () => {
  const { url } = await bake(ended('winners', { names: 'first name and initial' }), 'ended-winners');
  const off = await open(url, { javaScriptEnabled: false });
  const seen = await open(url);
  await hydrated(seen);
  assert.equal(seen.console, [], 'hydration found the baked markup');
  const rows = await readRows(seen);
  assert.equal(rows, await readRows(off));
  assert.equal(
    rows.map(({ name }) => name.replace(/^\s*\d+\s*/, '')),
    ['Sabine H. (1) (Gewinner)', 'Max M. (Gewinner)', 'Sabine H. (2) (Gewinner)'],
  );
  assert.match(
    (await seen.page.textContent('header')) ?? '',
    'Dieser Wettbewerb ist beendet: Die Seite zeigt nur noch',
  );
  assert.match(await search(seen, 'Lea'), /^Kein Name gefunden$/);
  assert.equal(await violations(seen), []);
});

privacy('past its end date with "after": "texts": the texts and that it is over, no table, hydrated', async () => {
  const { url } = await bake(ended('texts'), 'ended-texts');
  const seen = await open(url);
  // Hydrated: the time left, which only the page script says, is there (no search without a table).
  await seen.page.locator('.left').waitFor({ state: 'attached' });
  assert.equal(seen.console, [], 'hydration found the baked markup');
  assert.is(await seen.page.$$eval('table, tr, .finder', (found) => found.length), 0);
  assert.match((await seen.page.textContent('header')) ?? '', 'Die Rangliste wird nicht mehr veröffentlicht.');
  assert.match((await seen.page.textContent('header')) ?? '', 'Wer gewinnt die Reise?');
  assert.equal(await violations(seen), []);
});

run();
