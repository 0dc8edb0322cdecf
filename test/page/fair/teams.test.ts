// The teams table in real Chromium: a table by average with two teams below the minimum left out (and nothing of
// theirs derivable), the narrowing of the person table to one team with JavaScript on, every row with it off, axe.
import { mkdirSync } from 'node:fs';
import * as assert from 'uvu/assert';
import { chromiumSuite, hydrated, once, violations, withScriptOnAndOff, type Visit } from '../../helpers/browser.ts';
import { join } from 'node:path';
import { FIXTURES } from '../../helpers/files.ts';

const { test: teams, bake, open, run } = chromiumSuite('the teams table in Chromium');

/** test/fixtures/fair/teams.json: real/teams/regions.csv (LibreOffice), ranked by volume, teams by average, minimum 5. */
const page = once(() => bake(join(FIXTURES, 'fair/teams.json'), 'teams'));
const SHOTS = '/tmp/shots-teams';

/** What a reader sees of the teams: the heading, each team row's cells, the sentences under the table. */
function readTeams(seen: Visit) {
  return seen.page.evaluate(() => {
    const section = document.querySelector('section.teams');
    return {
      heading: section?.querySelector('h2')?.textContent,
      rows: [...(section?.querySelectorAll('tbody tr') ?? [])].map((row) => [
        ...[...row.children].map((cell) => (cell as HTMLElement).innerText.replace(/\s+/g, ' ').trim()),
        row.classList.contains('winner'),
      ]),
      lines: [...(section?.querySelectorAll(':scope > p') ?? [])].map((p) => p.textContent),
    };
  });
}

/** The names of the person table's rows a reader sees. */
function visibleNames(seen: Visit) {
  return seen.page.evaluate(() =>
    [...document.querySelectorAll('section.ranking:not(.teams) tbody tr')]
      .filter((row) => (row as HTMLElement).checkVisibility())
      .map((row) =>
        (row.querySelector('th') as HTMLElement).innerText
          .split('\n')[0]!
          .replace(/^\s*\d+\s+/u, '')
          .trim(),
      ),
  );
}

const SEEN = {
  heading: 'Teams',
  rows: [
    ['1 Nord (bestes Team)', '5', '17,80', '27.206,10 €', true],
    ['2 Süd', '6', '17,67', '18.988,93 €', false],
  ],
  lines: [
    'Gewertet nach Netto-Volumen, Durchschnitt pro Person.',
    '2 Teams mit weniger als 5 Personen werden nicht einzeln gezeigt.',
    '1 Person ohne Team zählt in keinem Team.',
  ],
};

teams('ranks the teams by average volume and leaves the two small ones out, JavaScript on and off', async () => {
  const { url } = await page();
  await withScriptOnAndOff(open, url, async (seen, how) => assert.equal(await readTeams(seen), SEEN, how));
});

teams('shows no figure of a small team, nor a total that would give one away', async () => {
  const { url } = await page();
  const seen = await open(url);
  await hydrated(seen);
  const text = await seen.page.evaluate(() => document.querySelector('section.teams')!.textContent!);
  // West (Lena Lang, Max Mohr: 200.100,00 €, 52 leads, 26 per person) and Ost (17.500,00 €, 29 leads) by name or
  // figure, total or average; nor the sum over all 17 people (509.063,08 €), nor over the two teams shown.
  for (const hidden of ['West', 'Ost', '200.100,00', '100.050,00', '17.500,00', '5.833,33', '509.063,08', '250.096,08'])
    assert.not.ok(text.includes(hidden), hidden);
  const options = await seen.page.evaluate(() =>
    [...document.querySelectorAll('.team-filter option')].map((option) => option.textContent),
  );
  assert.equal(options, ['Alle Teams', 'Nord', 'Süd'], 'a small team cannot be chosen');
  await seen.page.context().close();
});

teams('narrows the person table to the team chosen; with JavaScript off, every row stays', async () => {
  const { url } = await page();
  const seen = await open(url);
  await hydrated(seen);
  assert.is((await visibleNames(seen)).length, 17);
  await seen.page.getByLabel('Nur Team').selectOption({ label: 'Süd' });
  assert.equal(await visibleNames(seen), [
    'Frank Fischer',
    'Jan Jung',
    'Hans Hahn',
    'Gina Graf',
    'Kai Koch',
    'Ida Imhof',
  ]);
  await seen.page.getByLabel('Nur Team').selectOption({ label: 'Alle Teams' });
  assert.is((await visibleNames(seen)).length, 17);
  await seen.page.context().close();
  const off = await open(url, { javaScriptEnabled: false });
  assert.is((await visibleNames(off)).length, 17);
  assert.is(await off.page.locator('.team-filter').count(), 0, 'no choice that would do nothing');
  await off.page.context().close();
});

teams(
  'a search for someone in another team than the one chosen shows every team again, and marks that row',
  async () => {
    const { url } = await page();
    const seen = await open(url);
    await hydrated(seen);
    await seen.page.getByLabel('Nur Team').selectOption({ label: 'Süd' });
    assert.is((await visibleNames(seen)).length, 6);
    await seen.page.locator('.finder input').pressSequentially('anna arn');
    await seen.page.locator('tr[aria-current="true"]').waitFor();
    assert.is((await visibleNames(seen)).length, 17);
    const marked = await seen.page.evaluate(() => {
      const row = document.querySelector<HTMLElement>('tr[aria-current="true"]')!;
      const box = row.getBoundingClientRect();
      return { name: row.textContent, seen: box.height > 0, choice: document.querySelector('select')!.value };
    });
    assert.match(marked.name!, 'Anna Arnold');
    assert.equal([marked.seen, marked.choice], [true, ''], 'the row is seen, and the choice says every team');
    assert.equal(seen.console, []);
    await seen.page.context().close();
  },
);

/** test/fixtures/fair/team-targets.json: real/teams/targets.csv, teams by the share of their summed targets. */
const targets = once(() => bake(join(FIXTURES, 'fair/team-targets.json'), 'team-targets'));

teams(
  "by target: each team's share of its summed pro-rated targets, JavaScript on and off; axe at 360 px",
  async () => {
    const { url } = await targets();
    mkdirSync(SHOTS, { recursive: true });
    for (const javaScriptEnabled of [true, false]) {
      const seen = await open(url, { javaScriptEnabled, width: 360 });
      if (javaScriptEnabled) await hydrated(seen);
      if (javaScriptEnabled) await seen.page.screenshot({ path: `${SHOTS}/team-targets-360.png`, fullPage: true });
      const { rows, lines } = await readTeams(seen);
      assert.equal(
        rows,
        [
          ['1 Nord (bestes Team)', '5', '29', '30.000,00 €', '60,0 %', true],
          ['2 Süd', '5', '45', '55.000,00 €', '55,0 %', false],
        ],
        `JavaScript ${javaScriptEnabled ? 'on' : 'off'}`,
      );
      assert.equal(lines, ['Gewertet nach Netto-Volumen, Anteil an der Summe der persönlichen Ziele.']);
      const bars = await seen.page.evaluate(() =>
        [...document.querySelectorAll('section.teams tbody meter')].map((bar) => (bar as HTMLMeterElement).value),
      );
      assert.equal(bars, [600, 550]);
      if (javaScriptEnabled) assert.equal(await violations(seen), []);
      assert.equal(seen.console, []);
      await seen.page.context().close();
    }
  },
);

teams('axe-core finds no violations at 1280 and 360 px, a team chosen; screenshots', async () => {
  const { url } = await page();
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 360]) {
    const seen = await open(url, { width });
    await hydrated(seen);
    await seen.page.getByLabel('Nur Team').selectOption({ label: 'Nord' });
    assert.equal(await violations(seen), [], `${width}px`);
    await seen.page.screenshot({ path: `${SHOTS}/teams-${width}.png`, fullPage: true });
    if (width === 1280) {
      await seen.page.emulateMedia({ media: 'print' });
      await seen.page.screenshot({ path: `${SHOTS}/teams-print.png`, fullPage: true });
    }
    await seen.page.context().close();
  }
});

run();
