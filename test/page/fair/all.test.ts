// A fair contest with all three settings at once in real Chromium: ranked by the share of each person's target
// (pro-rated), prize tiers with a place shared at a tier's edge, and a teams table with a team below the minimum; the
// same with JavaScript off and on, hydration without a word in the console, and no axe violation at 1280 and 360 px.
import * as assert from 'uvu/assert';
import { chromiumSuite, hydrated, once, violations, type Visit } from '../../helpers/browser.ts';

const { test, open, run, bake } = chromiumSuite('a contest with targets, prize tiers and teams in Chromium');
const SHOTS = process.env.PODIUM_SHOTS; // a folder to write screenshots to, for a person to look at

const person = (name: string, team: string, profit: number, target: number, share?: string) => ({
  name,
  leadCount: 10,
  profit,
  target,
  team,
  ...(share && { share }),
});
const CONTEST = {
  title: 'Faire Frühjahrs-Challenge 2027',
  heading: 'Zwei Preisstufen, Ziele nach Stelle:',
  journey_date_text: 'Reise im Mai 2027',
  description: 'Gewertet wird der Anteil am persönlichen Ziel; Teilzeit zählt anteilig.',
  qualification_date_text: '1. bis 31. März 2027',
  ranking: 'target',
  target: { figure: 'profit' },
  prizes: [
    { places: 2, text: 'Reise + Upgrade' },
    { places: 4, text: 'Reise' },
  ],
  teams: { by: 'average' },
  users: [
    person('Fritz Fuchs', 'Süd', 95_000, 100_000),
    person('Anna Adler', 'Nord', 90_000, 100_000),
    person('Gina Graf', 'Süd', 54_000, 60_000),
    person('Ida Illner', 'West', 70_000, 100_000),
    person('Ben Braun', 'Nord', 30_000, 100_000, '50 %'),
    person('Carla Conrad', 'Nord', 44_000, 80_000),
    person('Dora Dietz', 'Nord', 55_000, 100_000),
    person('Hans Huber', 'Süd', 55_000, 100_000),
    person('Kim Koch', 'Süd', 40_000, 100_000),
    person('Lea Lang', 'Süd', 30_000, 100_000),
    person('Emil Engel', 'Nord', 20_000, 100_000),
    person('Max Mohr', 'Süd', 15_000, 100_000),
    person('Jan Jäger', 'West', 10_000, 100_000),
  ],
};
const page = once(async () => (await bake(CONTEST, 'all')).url);

/** What the page shows: each person row's text, the teams table's rows and its sentences. */
const toShown = (seen: Visit) =>
  seen.page.evaluate(() => ({
    rows: [...document.querySelectorAll('#podium .ranking tbody tr')].map((row) =>
      (row as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
    ),
    teams: [...document.querySelectorAll('#podium .teams tbody tr')].map((row) =>
      (row as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
    ),
    text: document.body.innerText,
  }));

test('ranks by the pro-rated share, marks the tiers (a place shared at the edge), shows the teams: JavaScript off and on', async () => {
  const url = await page();
  const shown = [];
  for (const javaScriptEnabled of [false, true]) {
    const seen = await open(url, { javaScriptEnabled });
    if (javaScriptEnabled) await hydrated(seen);
    shown.push(await toShown(seen));
    assert.equal(seen.console, [], 'hydration matches the baked page, and nothing else is said');
  }
  const [off, on] = shown;
  assert.equal(on!.rows, off!.rows, 'the same rows with JavaScript on');
  assert.equal(on!.teams, off!.teams, 'the same teams with JavaScript on');
  const rows = off!.rows;
  assert.match(rows[0]!, /^1 Fritz Fuchs .*Reise \+ Upgrade.*95,0 %$/);
  // Anna and Gina share place 2, the last of the upper tier: both take it.
  assert.match(rows[1]!, /^2 Anna Adler .*Reise \+ Upgrade.*90,0 %$/);
  assert.match(rows[2]!, /^2 Gina Graf .*Reise \+ Upgrade.*90,0 %$/);
  // Half-time Ben at 60 % of his halved target ranks above Carla, Dora and Hans at 55 % of theirs.
  assert.match(rows[3]!, /^4 Ida Illner .*Reise.*70,0 %$/);
  assert.match(rows[4]!, /^5 Ben Braun .*Reise.*60,0 %$/);
  for (const at of [5, 6, 7]) assert.match(rows[at]!, /^6 .*Reise.*55,0 %$/);
  assert.not.match(rows[8]!, /Reise/, 'place 9 wins nothing');
  // The teams by average volume; West, two people, is not shown, nor anything that adds it back.
  assert.equal(
    off!.teams.map((row) => row.split(' ').slice(0, 2).join(' ')),
    ['1 Süd', '2 Nord'],
  );
  assert.ok(off!.text.includes('1 Team mit weniger als 5 Personen wird nicht einzeln gezeigt.'));
  assert.not.ok(off!.teams.some((row) => row.includes('West')));
});

test('axe-core finds no violations at 1280 and 360 px; no page-wide sideways scroll', async () => {
  const url = await page();
  for (const width of [1280, 360]) {
    const seen = await open(url, { width, ...(width === 360 && { mobile: true }) });
    await hydrated(seen);
    assert.equal(await violations(seen), [], `${width}px`);
    assert.ok(
      await seen.page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
      `${width}px: no page-wide horizontal scroll`,
    );
    if (SHOTS) await seen.page.screenshot({ path: `${SHOTS}/all-${width}.png`, fullPage: true });
  }
});

run();
