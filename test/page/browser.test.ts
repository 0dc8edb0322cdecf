// The baked page in real Chromium: texts, highlight, hydration, isolation, hostile data, no-JS, missing data.
import * as assert from 'uvu/assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumSuite, hydrated, once, serve, type Visit } from '../helpers/browser.ts';
import { FIXTURES, ROOT } from '../helpers/files.ts';

const NBSP = '\u00a0';
const GREEN = 'rgb(21, 128, 61)';
const WHITE = 'rgb(255, 255, 255)';

const { test: page, bake, open, run } = chromiumSuite('page in Chromium');

type Shown = {
  order: number[];
  overline: string | null;
  title: string | null;
  heading: string | null;
  journey: string | null;
  description: string | null;
  period: string | null;
  tab: string | null;
  top: string | null;
  columns: string[];
  rows: {
    place: string;
    name: string;
    /** The movement since the previous Stand as shown, and as screen readers hear it; '' without one. */
    move: string;
    heard: string;
    moveContrast: number;
    moveShown: boolean;
    leads: string;
    profit: string;
    background: string;
    color: string;
  }[];
  /** The lines under the heading on a page with a history. */
  summary: string[];
  hydrated: boolean;
};
/** The example's page, baked once for the tests that visit it unchanged. */
const examplePage = once(() => bake(join(ROOT, 'contests/example.json'), 'example'));

const READ_SOURCE = readFileSync(join(ROOT, 'test/helpers/read-page.js'), 'utf8');
const read = (seen: Visit): Promise<Shown> => seen.page.evaluate(READ_SOURCE) as Promise<Shown>;

page('shows the example contest as the spec describes, hydrated, with no console output', async () => {
  const seen = await open((await examplePage()).url);
  await hydrated(seen); // the page script hydrates in a task of its own, after load
  // The time left renders in an effect after hydration, which a busy machine may run later still.
  await seen.page.waitForSelector('.period .left', { timeout: 10_000 });
  const shown = await read(seen);
  const example = JSON.parse(readFileSync(join(ROOT, 'contests/example.json'), 'utf8'));
  assert.equal(seen.console, [], 'no console errors or warnings (hydration matched, CSP allowed both scripts)');
  assert.ok(shown.hydrated, 'React hydrated the page');
  assert.equal(
    shown.order,
    [...shown.order].sort((a, b) => a - b),
    'spec order top to bottom',
  );
  assert.is(shown.overline, 'Erfolg wird belohnt');
  assert.is(shown.title, example.title);
  assert.is(shown.heading, example.heading);
  assert.is(shown.journey, example.journey_date_text);
  assert.is(shown.description, example.description);
  // Then the time left until qualification_end, at whatever time the test runs (quality.test.ts fixes the clock).
  assert.match(
    shown.period ?? '',
    new RegExp(
      `^Wettbewerbszeitraum: ${example.qualification_date_text} (Noch \\d+ (Tage?|Stunden?|Minuten?)|Wettbewerb beendet)$`,
    ),
  );
  assert.is(shown.tab, 'Platzierung');
  assert.is(shown.top, `Top ${example.users.length} Vertriebler`);
  assert.equal(shown.columns, ['Name', 'Anzahl Eigenleads', 'Summe Netto-Volumen AB']);
  assert.equal(
    shown.rows.map((row) => row.name),
    example.users.map((user: { name: string }) => user.name),
  );
  assert.equal(
    shown.rows.map((row) => row.place),
    example.users.map((_: unknown, at: number) => String(at + 1)),
    'each row starts with its place in the list',
  );
  assert.is(shown.rows[0]?.profit, `412.850,50${NBSP}€`);
  assert.is(shown.rows[13]?.profit, `0,00${NBSP}€`, 'null profit shows as 0');
  assert.is(shown.rows[14]?.profit, `-2.450,00${NBSP}€`);
  assert.is(shown.rows[15]?.profit, `0,00${NBSP}€`, 'missing profit shows as 0');
  const highlighted = shown.rows.filter((row) => row.background === GREEN && row.color === WHITE);
  assert.is(highlighted.length, example.solo_winners);
  assert.ok(
    shown.rows.slice(0, example.solo_winners).every((row) => row.background === GREEN),
    'the first rows are the green ones',
  );
  assert.is(await seen.page.evaluate(() => getComputedStyle(document.querySelector('h1')!).fontWeight), '700');
  assert.match(await seen.page.evaluate(() => getComputedStyle(document.body).fontFamily), /sans-serif/);
  await seen.page.context().close();
});

page('highlights 10 rows when solo_winners is absent', async () => {
  const seen = await open((await bake(join(FIXTURES, 'defaults.json'), 'defaults')).url);
  const { rows } = await read(seen);
  assert.equal(
    rows.map((row) => row.background === GREEN),
    [...Array(10).fill(true), false, false],
  );
  assert.equal(seen.console, []);
  await seen.page.context().close();
});

page('makes no request but the page itself, from a static host', async () => {
  const { out } = await examplePage();
  const host = await serve(out);
  try {
    const seen = await open(host.url);
    await hydrated(seen);
    await seen.page.waitForTimeout(500); // a favicon fetch would come after load
    assert.equal(seen.requests, [host.url]);
    assert.equal(host.hits, ['/']);
    assert.equal(seen.console, []);
    assert.ok((await read(seen)).hydrated);
    await seen.page.context().close();
  } finally {
    await host.close();
  }
});

page('shows hostile names as text and runs none of them', async () => {
  const seen = await open((await bake(join(FIXTURES, 'hostile.json'), 'hostile')).url);
  await hydrated(seen);
  const shown = await read(seen);
  const hostile = JSON.parse(readFileSync(join(FIXTURES, 'hostile.json'), 'utf8'));
  assert.equal(seen.dialogs, [], 'no alert ran');
  assert.equal(seen.console, []);
  assert.ok(shown.hydrated);
  // A lone surrogate is shown as U+FFFD, by the server and by the client alike (no hydration error above).
  assert.equal(
    shown.rows.map((row) => row.name),
    hostile.users.map((user: { name: string }) => user.name.toWellFormed()),
  );
  assert.is(shown.rows.at(-1)?.name, 'lone \ufffd surrogate');
  assert.is(await seen.page.title(), hostile.title);
  assert.is(await seen.page.evaluate(() => (window as unknown as { __PWNED__?: number }).__PWNED__), undefined);
  assert.is(
    await seen.page.evaluate(() => document.querySelectorAll('script:not([type="application/json"])').length),
    2,
  );
  await seen.page.context().close();
});

page('shows everything with JavaScript off', async () => {
  const seen = await open((await examplePage()).url, { javaScriptEnabled: false });
  const shown = await read(seen);
  assert.is(shown.overline, 'Erfolg wird belohnt');
  assert.is(shown.top, 'Top 16 Vertriebler');
  assert.is(shown.rows.length, 16);
  assert.is(shown.rows.filter((row) => row.background === GREEN).length, 10);
  assert.not.ok(shown.hydrated);
  await seen.page.context().close();
});

const SUMMER = [
  '1 – Mehmet Yılmaz',
  '2 ▲ 1 Sabine Hoffmann',
  '3 ▼ 1 Katarzyna Nowak',
  '4 ▲ 5 Lea Zimmermann',
  '5 ▼ 1 Fatma Demir',
  '6 – Thomas Müller',
  '7 ▼ 2 Jan Schulz',
  '8 ▼ 1 Julia Schneider',
  '9 ▲ 1 Lukas Becker',
  '10 neu Anna Schäfer',
  '11 – Sophie Wagner',
  '12 – Paul Hartmann',
];

page('a contest with a history: places, movements and the summary, with JavaScript on and off', async () => {
  const { url } = await bake(join(ROOT, 'contests/summer.json'), 'summer');
  for (const javaScriptEnabled of [true, false]) {
    const seen = await open(url, { javaScriptEnabled });
    if (javaScriptEnabled) await hydrated(seen);
    const shown = await read(seen);
    const how = javaScriptEnabled ? 'JavaScript on' : 'JavaScript off';
    assert.equal(
      shown.rows.map((row) => [row.place, row.move, row.name].join(' ')),
      SUMMER,
      how,
    );
    assert.equal(
      shown.rows.map((row) => row.heard).slice(0, 4),
      ['unverändert', '1 Platz gestiegen', '1 Platz gefallen', '5 Plätze gestiegen'],
      `${how}: screen readers hear words`,
    );
    assert.is(shown.rows[9]?.heard, 'neu dabei');
    for (const [at, row] of shown.rows.entries()) {
      assert.ok(row.moveShown, `${how}: row ${at + 1} shows its movement`);
      assert.ok(
        row.moveContrast >= 4.5,
        `${how}: row ${at + 1}'s movement has a contrast of ${row.moveContrast.toFixed(2)}`,
      );
    }
    assert.equal(shown.summary, [
      'Veränderung seit Stand 11.06.2027',
      'Neu unter den Top 5: Lea Zimmermann',
      'Größter Sprung: Lea Zimmermann ▲ 5',
    ]);
    // The accessibility tree, as a screen reader gets it: the row header's name has the words, not the arrow.
    const header = seen.page.getByRole('rowheader', {
      name: '4 5 Plätze gestiegen Lea Zimmermann (Gewinner)',
      exact: true,
    });
    assert.is(await header.count(), 1, `${how}: the row header's accessible name`);
    assert.equal(seen.console, [], `${how}: hydration matched, nothing logged`);
    await seen.page.context().close();
  }
});

page('renders an empty users list, quietly, when window.__CONTEST__ is missing', async () => {
  const { file, url } = await bake(join(ROOT, 'contests/example.json'), 'nodata');
  const html = readFileSync(file, 'utf8');
  const stripped = html.replace(/<script>window\.__CONTEST__=.*?<\/script>\n/, '');
  assert.ok(stripped.length < html.length, 'the data script was removed');
  writeFileSync(file, stripped);
  const seen = await open(url);
  await seen.page.waitForFunction(() => document.querySelector('h2')?.textContent === 'Top 0 Vertriebler');
  const shown = await read(seen);
  assert.is(shown.rows.length, 0);
  assert.is(await seen.page.evaluate(() => document.querySelector('table')), null, 'no table with headers only');
  assert.is(
    await seen.page.textContent('.ranking p'),
    'Noch keine Platzierungen: Die Rangliste erscheint hier, sobald die ersten Ergebnisse eingetragen sind.',
  );
  assert.equal(seen.console, [], 'nothing reported as an error');
  await seen.page.context().close();
});

page('says how long is left and how old the figures are, at the moment the page is viewed, every minute', async () => {
  // The example ends qualification on 2027-03-31 (end of that day in Berlin) and was updated at 18:45 that day.
  const path = (await examplePage()).url;
  const texts = (seen: Visit) =>
    seen.page.evaluate(() => [
      document.querySelector('.period')!.textContent,
      document.querySelector('.stand')!.textContent,
    ]);
  const early = await open(path, { time: '2027-03-19T12:00:00+01:00' });
  await hydrated(early, true);
  assert.equal(
    await texts(early),
    ['Wettbewerbszeitraum: 01.01.2027 bis 31.03.2027 Noch 12 Tage', 'Stand: 31.03.2027, 18:45 Uhr'],
    'figures dated after now: no age',
  );
  await early.page.context().close();

  const late = await open(path, { time: '2027-03-31T21:45:00+02:00' });
  await hydrated(late, true);
  assert.equal(await texts(late), [
    'Wettbewerbszeitraum: 01.01.2027 bis 31.03.2027 Noch 2 Stunden',
    'Stand: 31.03.2027, 18:45 Uhr (vor 3 Stunden)',
  ]);
  await late.page.clock.runFor(60 * 60_000);
  assert.equal(await texts(late), [
    'Wettbewerbszeitraum: 01.01.2027 bis 31.03.2027 Noch 1 Stunde',
    'Stand: 31.03.2027, 18:45 Uhr (vor 4 Stunden)',
  ]);
  await late.page.clock.runFor(74 * 60_000 + 30_000); // 30 s before the end
  assert.equal((await texts(late))[0], 'Wettbewerbszeitraum: 01.01.2027 bis 31.03.2027 Noch 1 Minute');
  await late.page.clock.runFor(60_000);
  assert.equal((await texts(late))[0], 'Wettbewerbszeitraum: 01.01.2027 bis 31.03.2027 Wettbewerb beendet');
  assert.equal(late.console, [], 'no hydration mismatch: the baked markup holds no relative time');
  await late.page.context().close();

  const english = await open((await bake(join(ROOT, 'contests/example.json'), 'clock-en', ['--locale', 'en'])).url, {
    time: '2027-04-02T19:00:00+02:00',
  });
  await hydrated(english, true);
  assert.equal(await texts(english), [
    'Qualification period: 01.01.2027 bis 31.03.2027 Contest ended',
    'Last updated: 31.03.2027, 18:45 Berlin time (2 days ago)',
  ]);
  await english.page.context().close();
});

run();
