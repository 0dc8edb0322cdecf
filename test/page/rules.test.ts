// The contest's rules on the page, in real Chromium: the order podium made, shared places, winners past a minimum,
// the rule line; with JavaScript on and off, in print, on a wall screen, in the search panel, and for axe-core.
import * as assert from 'uvu/assert';
import { chromiumSuite, hydrated, once, violations, withScriptOnAndOff, type Visit } from '../helpers/browser.ts';

const { test: rules, bake, open, run } = chromiumSuite('the contest’s rules in Chromium');

const NAMES = ['Anna Adler', 'Ben Braun', 'Carla Christ', 'Dora Dorn', 'Emil Eck', 'Fritz Fink', 'Gina Graf'];
/**
 * An export in the order of names. By volume: Anna, Ben (below the minimum of 20 leads), Carla, then Dora and Emil
 * equal at place 4: with 3 winning places, Anna, Carla, Dora and Emil win.
 */
const CONTEST = {
  title: 'Regeln',
  heading: 'Die Besten fliegen nach Lissabon:',
  journey_date_text: 'im Juni',
  description: 'Gewertet wird das Netto-Volumen.',
  qualification_date_text: 'Q1',
  solo_winners: 3,
  ranking: 'profit',
  minimum: { leadCount: 20 },
  users: [
    { name: NAMES[0], leadCount: 30, profit: 900_000 },
    { name: NAMES[1], leadCount: 5, profit: 800_000 },
    { name: NAMES[2], leadCount: 25, profit: 700_000 },
    { name: NAMES[3], leadCount: 22, profit: 600_000 },
    { name: NAMES[4], leadCount: 21, profit: 600_000 },
    { name: NAMES[5], leadCount: 40, profit: 500_000 },
    { name: NAMES[6], leadCount: 2, profit: 100 },
  ],
};

/** What a reader sees: each row's text and whether it is green, the lines under the heading, the caption. */
function read(seen: Visit) {
  return seen.page.evaluate(() => ({
    rows: [...document.querySelectorAll('tbody tr')].map((row) => [
      (row.querySelector('th') as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
      row.classList.contains('winner') && getComputedStyle(row.querySelector('th')!).color === 'rgb(255, 255, 255)',
    ]),
    lines: [...document.querySelectorAll('.rule')].filter((p) => p.checkVisibility()).map((p) => p.textContent),
    caption: document.querySelector('caption')?.textContent,
  }));
}

/** CONTEST's page, baked once for the tests that visit it. */
const page = once(() => bake(CONTEST, 'rules'));

const SEEN = {
  rows: [
    ['1 Anna Adler (Gewinner)', true],
    ['2 Ben Braun Mindestziel nicht erreicht', false],
    ['3 Carla Christ (Gewinner)', true],
    ['4 Dora Dorn (Gewinner)', true],
    ['4 Emil Eck (Gewinner)', true],
    ['6 Fritz Fink', false],
    ['7 Gina Graf', false],
  ],
  lines: ['Gewertet nach Netto-Volumen. Mindestens 20 Eigenleads.', 'Platz 4 geteilt: 4 Gewinner'],
  caption: 'Rangliste: 4 von 7 Vertrieblern sind als Gewinner hervorgehoben',
};

rules(
  'orders by volume, shares place 4, passes over a top place below the minimum; with JavaScript on and off',
  async () => {
    const { url } = await page();
    await withScriptOnAndOff(open, url, async (seen, how) => assert.equal(await read(seen), SEEN, how));
  },
);

rules('prints and shows on a wall screen the same winners, places and words', async () => {
  const { url } = await page();
  const paper = await open(url);
  await hydrated(paper);
  await paper.page.emulateMedia({ media: 'print' });
  assert.equal(await read(paper), SEEN, 'print');
  await paper.page.context().close();
  const tv = await open(`${url}#tv`, { width: 1920, height: 1080 });
  await hydrated(tv);
  assert.equal(await read(tv), SEEN, 'TV');
  await tv.page.context().close();
});

rules('the search says what is missing in the figure that decides, and to the minimum', async () => {
  const { url } = await page();
  const panel = async (name: string) => {
    const seen = await open(`${url}#name=${encodeURIComponent(name)}`);
    await hydrated(seen);
    await seen.page.waitForSelector('.found p');
    const text = await seen.page.evaluate(() => document.querySelector('.found p')!.textContent);
    await seen.page.context().close();
    return text;
  };
  assert.is(await panel('Fritz'), '1 von 1 Treffer · Platz 6 von 7 · Bis Platz 4 fehlen 100.000,00\u00a0€');
  assert.is(await panel('Ben'), '1 von 1 Treffer · Platz 2 von 7 · Noch 15 Eigenleads bis zum Mindestziel');
  assert.is(
    await panel('Gina'),
    '1 von 1 Treffer · Platz 7 von 7 · Bis Platz 4 fehlen 599.900,00\u00a0€ · Noch 18 Eigenleads bis zum Mindestziel',
  );
  assert.is(await panel('Emil'), '1 von 1 Treffer · Platz 4 von 7 · Gewinnerplatz');
});

rules('a right-to-left mark in a name below the minimum leaves the words after it as they are', async () => {
  const users = CONTEST.users.map((user, at) => (at === 1 ? { ...user, name: 'Ben \u202eBraun' } : user));
  const { url } = await bake({ ...CONTEST, users }, 'rules-bidi');
  const seen = await open(url);
  await hydrated(seen);
  // The label is drawn to the right of the whole name, its words in their own order.
  const [name, label] = await seen.page.evaluate(() => {
    const cell = document.querySelector('tbody tr:nth-child(2) th')!;
    const unmet = cell.querySelector('.unmet')!;
    const before = document.createRange(); // the place and the name: everything before the label
    before.setStartBefore(cell.firstChild!);
    before.setEndBefore(unmet);
    return [before.getBoundingClientRect(), unmet.getBoundingClientRect()].map(({ left, right }) => ({ left, right }));
  });
  assert.ok(label!.left >= name!.right, `the label at ${label!.left}px, the name ending at ${name!.right}px`);
  assert.equal(seen.console, []);
  await seen.page.context().close();
});

rules('states the rule in English with --locale en', async () => {
  const { url } = await bake({ ...CONTEST, ranking: ['profit', 'leadCount'] }, 'rules-en', ['--locale', 'en']);
  const seen = await open(url);
  await hydrated(seen);
  const { lines, rows } = await read(seen);
  assert.equal(lines, ['Ranked by net volume; ties broken by own leads. At least 20 own leads.']);
  assert.equal(rows[1], ['2 Ben Braun Minimum not met', false]);
  assert.equal(rows.slice(3, 5), [
    ['4 Dora Dorn (Winner)', true],
    ['5 Emil Eck', false],
  ]);
  await seen.page.context().close();
});

rules(
  'axe-core finds no violations with shared places, an unmet minimum and the rule line, at 1280 and 360 px',
  async () => {
    const { url } = await page();
    for (const width of [1280, 360]) {
      const seen = await open(`${url}#name=Ben`, { width });
      await hydrated(seen);
      await seen.page.waitForSelector('.found p');
      assert.equal(await violations(seen), [], `${width}px`);
      assert.equal(
        seen.requests.filter((request) => !request.startsWith('file:')),
        [],
        'no request',
      );
      await seen.page.context().close();
    }
  },
);

run();
