// A contest's end date (contest/privacy.ts): past `privacy.until` (Berlin time), a bake publishes its winners alone, or its texts alone,
// and says so; up to and on that day, the same bytes as without it. The page, the overview, the change line, the step
// summaries, `.podium/` and the links file searched byte by byte for everyone else.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toAfter, toEnded } from '../../src/contest/privacy.ts';
import { toCents, toEuro, toMoney } from '../../src/contest/numbers.ts';
import type { Contest } from '../../src/contest/schema.ts';
import { podium, PLAIN } from '../helpers/cli.ts';
import { toRanked } from '../helpers/contests.ts';
import { inScratch } from '../helpers/files.ts';

const HEADER = 'Name;Anzahl Eigenleads;Summe Netto-Volumen AB';
/** [name, leads, volume] per Stand; with at least 10 own leads to win, Max Muster (place 2) wins nothing. */
const STANDS: Record<string, [string, number, number][]> = {
  '2027-03-24': [
    ['Max Muster', 7, 70707.07],
    ['Sabine Hoffmann', 24, 69876.54],
    ['Sabine Huber', 21, 64444.44],
    ['Jürgen Großkopf', 16, 55555.55],
    ['Lea Zimmermann', 12, 43434.34],
    ['Paul Hartmann', 4, 11212.12],
  ],
  '2027-03-31': [
    ['Sabine Hoffmann', 30, 98765.43],
    ['Max Muster', 8, 87654.32],
    ['Sabine Huber', 25, 76543.21],
    ['Lea Zimmermann', 18, 65432.1],
    ['Ömer Çelik', 12, 43210.98],
    ['Paul Hartmann', 11, 12345.67],
  ],
};
const WINNERS = ['Sabine Hoffmann', 'Sabine Huber'];
/** 2027-03-31 23:30 and 2027-04-01 00:30 and 12:00 in Berlin (summer time, UTC+2), as SOURCE_DATE_EPOCH. */
const LAST_DAY = String(Date.parse('2027-03-31T21:30:00Z') / 1000);
const NEXT_DAY = String(Date.parse('2027-03-31T22:30:00Z') / 1000);
const NEXT_NOON = String(Date.parse('2027-04-01T10:00:00Z') / 1000);
const SECRET = 'end-date-test-secret-of-32-characters-or-more';

/** A folder of one contest with a history of two Stands, `privacy` its own; returns the folder. */
function writeFolder(dir: string, privacy?: object): string {
  const input = join(dir, 'in');
  mkdirSync(join(input, 'spring'), { recursive: true });
  for (const [stand, rows] of Object.entries(STANDS)) {
    const lines = rows.map(([name, leads, volume]) => [name, leads, String(volume).replace('.', ',')].join(';'));
    writeFileSync(join(input, 'spring', `${stand}.csv`), `${[HEADER, ...lines].join('\n')}\n`);
  }
  const contest = {
    title: 'Frühling',
    heading: 'Die Besten',
    journey_date_text: 'im Mai',
    description: 'Wer gewinnt die Reise?',
    qualification_date_text: 'März',
    solo_winners: 2,
    ranking: 'profit',
    minimum: { leadCount: 10 },
    users: 'spring/',
    ...(privacy && { privacy }),
  };
  writeFileSync(join(input, 'spring.json'), JSON.stringify(contest));
  return input;
}

/** The text as a reader of its bytes finds it: raw, and with JSON's and HTML's escapes decoded. */
function toReadings(text: string): string[] {
  const json = text.replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const html = json
    .replace(/&#x([0-9a-fA-F]+);/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(
      /&(amp|lt|gt|quot|nbsp);/g,
      (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', nbsp: ' ' })[name]!,
    );
  return [text, json, html, html.replace(/\u00a0/g, ' ')];
}

/** An amount as a page or a summary could write it: German with and without €, JSON's number, whole cents. */
function toForms(amount: number): string[] {
  const money = toMoney(amount);
  return [money, money.replace(/\s*€$/, ''), money.replace(/\u00a0/g, ' '), String(amount), String(toCents(amount))];
}

/** Everyone but `kept`: full names, surnames, every amount of either Stand, and their gains. */
function toSecrets(kept: readonly string[]): string[] {
  const [previous, current] = Object.values(STANDS) as [[string, number, number][], [string, number, number][]];
  const people = [...new Set([...previous, ...current].map(([name]) => name))].filter((name) => !kept.includes(name));
  return people.flatMap((name) => {
    const then = previous.find((row) => row[0] === name)?.[2];
    const now = current.find((row) => row[0] === name)?.[2];
    const gain = then !== undefined && now !== undefined ? [toEuro(toCents(now) - toCents(then))] : [];
    const amounts = [then, now, ...gain].filter((amount) => amount !== undefined);
    return [name, name.split(' ').at(-1)!, ...amounts.flatMap(toForms)];
  });
}

/** Every file under `dir`, as text, by its path. */
function readTree(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .map((path) => join(dir, path))
      .filter((path) => statSync(path).isFile())
      .map((path) => [path, readFileSync(path, 'utf8')]),
  );
}

/** The data a page carries (window.__CONTEST__), from its single-quoted string (bake/html.ts's toScriptString). */
function toData(page: string): Contest {
  const literal = /window\.__CONTEST__=JSON\.parse\('((?:[^'\\]|\\.)*)'\)/.exec(page)?.[1];
  assert.ok(literal, 'the page carries its data');
  return JSON.parse(literal!.replace(/\\(.)/g, '$1')) as Contest;
}

/** Build and validate of the folder at `epoch`, with a step summary each and, given `links`, personal links. */
async function bakeAt(dir: string, input: string, epoch: string, links = false) {
  const env = { ...PLAIN, SOURCE_DATE_EPOCH: epoch, PODIUM_SECRET: SECRET };
  const out = join(dir, 'out');
  const linked = links ? ['--base-url', 'https://example.com/', '--links', join(dir, 'links.csv')] : [];
  const built = await podium(['build', input, '--out', out, ...linked], {
    env: { ...env, GITHUB_STEP_SUMMARY: join(dir, 'build.md') },
  });
  assert.is(built.status, 0, built.stderr);
  const checked = await podium(['validate', input], { env: { ...env, GITHUB_STEP_SUMMARY: join(dir, 'check.md') } });
  assert.is(checked.status, 0, checked.stderr);
  const said = {
    stdout: built.stdout,
    stderr: built.stderr,
    'build summary': readFileSync(join(dir, 'build.md'), 'utf8'),
    'validate stdout': checked.stdout,
    'validate summary': readFileSync(join(dir, 'check.md'), 'utf8'),
  };
  const files: Record<string, string> = readTree(out);
  if (links) files.links = readFileSync(join(dir, 'links.csv'), 'utf8');
  return { out, said, files };
}

function toHits(texts: Record<string, string>, secrets: readonly string[]): string[] {
  return Object.entries(texts).flatMap(([where, text]) =>
    secrets.flatMap((secret) =>
      toReadings(text).some((reading) => reading.includes(secret)) ? [`${where}: ${secret}`] : [],
    ),
  );
}

const bake = suite('a bake past privacy.until');

bake('publishes only the winners, at their places, and says the contest is over; no one else anywhere', () =>
  inScratch(async (dir) => {
    const input = writeFolder(dir, { until: '2027-03-31' });
    const { out, said, files } = await bakeAt(dir, input, NEXT_DAY, true);
    assert.equal(toHits({ ...said, ...files }, toSecrets(WINNERS)), []);
    const page = readFileSync(join(out, 'spring/index.html'), 'utf8');
    const shown = toReadings(page).at(-1)!;
    assert.ok(shown.includes('Dieser Wettbewerb ist beendet: Die Seite zeigt nur noch die Gewinner*innen.'));
    for (const name of WINNERS) assert.ok(shown.includes(name), name);
    assert.ok(shown.includes(toMoney(98765.43).replace(/\u00a0/g, ' ')), 'a winner amount');
    assert.is(page.split('<tbody>')[1]!.split('</tbody>')[0]!.match(/<tr/g)?.length, 2, 'two rows');
    // The winners keep the places the full list gave them: Max Muster's place 2, below the minimum, stays taken.
    const data = toData(page);
    assert.equal(
      data.users.map(({ name }) => name),
      WINNERS,
    );
    assert.equal(data.ranked?.places, [1, 3]);
    assert.is(data.standings, undefined, 'no earlier Stand');
    assert.match(readFileSync(join(out, 'index.html'), 'utf8'), '(beendet)');
    // The links file and the page's links: the winners' alone.
    assert.is(files.links!.trim().split('\n').length, 3, files.links);
  }),
);

bake('with "after": "texts", only the contest\'s texts: no table, no row, no one', () =>
  inScratch(async (dir) => {
    const input = writeFolder(dir, { until: '2027-03-31', after: 'texts' });
    const { out, said, files } = await bakeAt(dir, input, NEXT_DAY, true);
    assert.equal(toHits({ ...said, ...files }, toSecrets([])), []);
    const page = readFileSync(join(out, 'spring/index.html'), 'utf8');
    const shown = toReadings(page).at(-1)!;
    assert.ok(shown.includes('Dieser Wettbewerb ist beendet: Die Rangliste wird nicht mehr veröffentlicht.'));
    assert.ok(shown.includes('Wer gewinnt die Reise?'), 'the description');
    assert.not.match(page, '<table');
    assert.not.match(page, '<tr');
    assert.equal(toData(page).users, []);
    assert.match(readFileSync(join(out, 'index.html'), 'utf8'), '(beendet)');
  }),
);

bake('up to and on its last day (Berlin time), the same bytes as without an end date', () =>
  inScratch(async (dir) => {
    const ends = await bakeAt(join(dir, 'a'), writeFolder(join(dir, 'a'), { until: '2027-03-31' }), LAST_DAY);
    const plain = await bakeAt(join(dir, 'b'), writeFolder(join(dir, 'b')), LAST_DAY);
    const files = (baked: typeof ends, root: string) =>
      Object.fromEntries(Object.entries(baked.files).map(([path, text]) => [path.slice(root.length), text]));
    assert.equal(files(ends, join(dir, 'a')), files(plain, join(dir, 'b')));
    const lines = (baked: typeof ends, root: string) => baked.said.stdout.replaceAll(root, '');
    assert.is(lines(ends, join(dir, 'a')), lines(plain, join(dir, 'b')));
    assert.not.match(ends.files[join(dir, 'a/out/index.html')]!, '(beendet)');
  }),
);

bake('is reproducible: two bakes of one day give the same bytes', () =>
  inScratch(async (dir) => {
    const input = writeFolder(dir, { until: '2027-03-31' });
    const early = await bakeAt(join(dir, 'early'), input, NEXT_DAY);
    const noon = await bakeAt(join(dir, 'noon'), input, NEXT_NOON);
    const page = (baked: typeof early) => readFileSync(join(baked.out, 'spring/index.html'));
    assert.ok(page(early).equals(page(noon)));
  }),
);

bake.run();

const written = suite('privacy.until and privacy.after as written');

written('a date in another form, or another "after": the one line each, exit 1 and nothing written', () =>
  inScratch(async (dir) => {
    const input = writeFolder(dir);
    const file = join(input, 'spring.json');
    const contest = JSON.parse(readFileSync(file, 'utf8')) as object;
    const privacy = { until: '31.07.2027', after: 'nobody' };
    writeFileSync(file, `${JSON.stringify({ ...contest, privacy }, null, 2)}\n`);
    const out = join(dir, 'out');
    const run = await podium(['build', file, '--out', out], { env: PLAIN });
    assert.is(run.status, 1);
    const lines = run.stderr.split('\n');
    assert.ok(
      lines.includes(`${file}:14:14: privacy.until: expected a date like "2027-03-31", got the string "31.07.2027"`),
      run.stderr,
    );
    assert.ok(lines.includes(`${file}:15:14: privacy.after: expected "winners" or "texts", got the string "nobody"`));
    assert.not.ok(existsSync(out), 'nothing written');
  }),
);

written.run();

const after = suite('toAfter()');

after('is past the last day from the next day on, "winners" unless said', () => {
  assert.is(toAfter({ until: '2027-07-31' }, '2027-07-31'), undefined);
  assert.is(toAfter({ until: '2027-07-31' }, '2027-08-01'), 'winners');
  assert.is(toAfter({ until: '2027-07-31', after: 'texts' }, '2028-01-01'), 'texts');
  assert.is(toAfter({}, '2099-01-01'), undefined);
  assert.is(toAfter({ until: '2027-07-31' }, undefined), undefined);
});

after.run();

const ended = suite('toEnded()');

ended(
  'past the end date, keeps the winning rows with their places, shared places included, and no one after "texts"',
  () => {
    const users = [
      { name: 'A', leadCount: 5, profit: 300 },
      { name: 'B', leadCount: 5, profit: 200 },
      { name: 'C', leadCount: 5, profit: 200 },
      { name: 'D', leadCount: 5, profit: 100 },
    ];
    const contest = { title: 'T', heading: '', journey_date_text: '', description: '', qualification_date_text: '' };
    // Here the end date is the folder's default (`fallback`): the contest's own privacy says nothing.
    const named = toRanked({ ...contest, solo_winners: 2, ranking: 'profit', users } as unknown as Contest);
    const texts = { winners: 'over', texts: 'over, no list' };
    assert.is(toEnded(named, { until: '2027-07-31' }, '2027-07-31', texts), named, 'on its last day, as it is');
    const winners = toEnded(named, { until: '2027-07-31' }, '2027-08-01', texts);
    assert.equal(
      winners.contest.users.map(({ name }) => name),
      ['A', 'B', 'C'],
    );
    assert.equal(Array.from(winners.ranking.places), [1, 2, 2]);
    assert.equal([winners.ranking.winners, winners.ranking.last, winners.ranking.shared], [3, 2, 2]);
    assert.equal(winners.contest.ended, { after: 'winners', text: 'over' });
    // "texts" keeps no one.
    const none = toEnded(named, { until: '2027-07-31', after: 'texts' }, '2027-08-01', texts);
    assert.equal([none.contest.users, none.ranking.winners, none.ranking.last], [[], 0, -1]);
    assert.equal(none.contest.ended, { after: 'texts', text: 'over, no list' });
  },
);

ended.run();
