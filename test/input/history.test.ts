// A contest's history folder: one file per Stand, its date in its name. Scratch folders hold the files each test
// needs; problems are shown with the scratch folder as `.`.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toTrend, toWas } from '../../src/contest/standings.ts';
import { toLine } from '../../src/errors.ts';
import { readNamed, type DataFolder } from '../../src/input/file.ts';
import { checkHistory, isLeftover } from '../../src/input/history.ts';
import { validate } from '../helpers/validate.ts';
import { fixture, inScratch } from '../helpers/files.ts';

const HEADER = 'Name;Anzahl Eigenleads;Summe Netto-Volumen AB';
/** A CSV export of `name:leads:profit` words (`_` a space; 1 lead and no volume unless given). */
const csv = (text: string) => {
  const rows = text.split(' ').map((word) => {
    const [name = '', leads = '1', profit = '0'] = word.split(':');
    return [name.replaceAll('_', ' '), leads, profit.replace('.', ',')].join(';');
  });
  return `${HEADER}\n${rows.join('\n')}\n`;
};

/** A contest whose users are `spring/`, holding `files`; `contest` overrides its fields. */
function writeHistory(dir: string, files: Record<string, string>, contest: object = {}): string {
  mkdirSync(join(dir, 'spring'), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, 'spring', name), text);
  const file = join(dir, 'contest.json');
  const base = JSON.parse(fixture('valid.json')) as object;
  writeFileSync(file, JSON.stringify({ ...base, solo_winners: 2, users: 'spring/', ...contest }, null, 2));
  return file;
}

/** The contest file validated: its contest, what changed, and every problem as a line, the folder as `.`. */
async function check(dir: string, files: Record<string, string>, options: { strict?: boolean; contest?: object } = {}) {
  const file = writeHistory(dir, files, options.contest);
  const { readFileSync } = await import('node:fs');
  const validated = await validate([{ file, bytes: readFileSync(file) }], { strict: options.strict === true });
  return { ...validated, lines: validated.problems.map((problem) => toLine(problem).replaceAll(dir, '.')) };
}

const leftovers = suite('isLeftover()');

leftovers("passes over hidden files and editors' and spreadsheet programs' leftovers", () => {
  for (const name of ['.DS_Store', '.#2027-03-31.csv', '.~lock.2027-03-31.csv#', '2027-03-31.csv~', '#2027-03-31.csv#'])
    assert.ok(isLeftover(name), name);
  assert.ok(isLeftover('~$2027-03-31.xlsx'), "Excel's lock file");
  for (const name of ['2027-03-31.csv', 'notes.txt', 'a#b.csv']) assert.not.ok(isLeftover(name), name);
});

/** checkHistory() of the folder `users` names, as the read step reads it. */
const readHistory = (file: string, users: string, options: Parameters<typeof checkHistory>[3], signal?: AbortSignal) =>
  checkHistory(file, users, readNamed(file, users) as DataFolder, options, signal);

const reads = suite('readHistory(): the folder');

reads('the newest file is the table, the one before the previous Stand; the trend holds the 12 newest', () =>
  inScratch(async (dir) => {
    const files: Record<string, string> = {};
    // 14 weekly Stands: B climbs one place a week past A, C is there from the ninth on.
    for (let week = 1; week <= 14; week += 1) {
      const date = new Date(Date.UTC(2027, 0, week * 7)).toISOString().slice(0, 10);
      files[`${date}.csv`] = csv(week % 2 ? 'A:1:0 B:1:0' : `B:${week}:0 A:${week}:0${week >= 9 ? ' C:1:0' : ''}`);
    }
    const file = writeHistory(dir, files);
    const history = await readHistory(file, 'spring/', { solo: 2, rules: {} });
    assert.equal(history.problems, []);
    assert.is(history.stand, '2027-04-08');
    assert.equal(
      history.newest?.users?.map(({ name }) => name),
      ['B', 'A', 'C'],
    );
    const standings = history.standings!;
    assert.is(standings.since, '2027-04-01');
    assert.equal(toWas(standings, [1, 2, 3]), [2, 1, 0]);
    assert.equal(standings.gained, [[13, 0], [13, 0], null]);
    assert.is(standings.stands.length, 12);
    assert.is(standings.stands[0], '2027-01-21', 'the two oldest are left out');
    assert.equal(toTrend(standings.climbed[0]!, 1), [2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1]);
    assert.equal(toTrend(standings.climbed[2]!, 3), [null, null, null, null, null, null, null, 3, null, 3, null, 3]);
  }),
);

reads('a person is the same in every Stand when the names are, trimmed and in NFC: the trend and the movement', () =>
  inScratch(async (dir) => {
    const file = writeHistory(dir, {
      '2027-03-10.csv': csv('Zoe\u0308_Brandt A B'),
      '2027-03-17.csv': csv('A _Zoë_Brandt_ B'),
      '2027-03-24.csv': csv('A B Zoe\u0308_Brandt'),
      '2027-03-31.csv': csv('Zoë_Brandt A B'),
    });
    const history = await readHistory(file, 'spring/', { solo: 2, rules: { ranking: 'as given' } });
    assert.equal(history.problems, []);
    const standings = history.standings!;
    assert.equal(toWas(standings, [1, 2, 3]), [3, 1, 2]);
    assert.equal(toTrend(standings.climbed[0]!, 1), [1, 2, 3, 1]);
  }),
);

reads('files named as people name exports, German dates too, are Stands in the order of their dates', () =>
  inScratch(async (dir) => {
    const file = writeHistory(dir, {
      'Export_24.03.2027.csv': csv('A:1:0 B:2:0'),
      '2027-03-31 Stand.csv': csv('A:3:0 B:2:0'),
      '17.03.2027.csv': csv('B:1:0 A:0:0'),
    });
    const history = await readHistory(file, 'spring/', { solo: 2, rules: {} });
    assert.equal(history.problems, []);
    assert.is(history.stand, '2027-03-31');
    assert.equal(history.standings?.stands, ['2027-03-17', '2027-03-24', '2027-03-31']);
    assert.is(history.standings?.since, '2027-03-24');
  }),
);

reads('every file is checked, an older one than the 12 newest too, each problem placed in its file', () =>
  inScratch(async (dir) => {
    const files: Record<string, string> = {
      '2026-01-01.csv': `${HEADER}\nAlt;x;0\n`,
      '2027-03-24.json': '[\n  { "name": "A", "leadCount": 1, "profit": 0 },\n  { "name": "B", "leadCount": "2" }\n]\n',
      '2027-03-31.csv': csv('A:2:0 B:3:0'),
    };
    for (let month = 1; month <= 11; month += 1)
      files[`2027-01-${String(month).padStart(2, '0')}.csv`] = csv('A:1:0 B:1:0');
    const { lines, contests } = await check(dir, files);
    assert.equal(lines, [
      './spring/2026-01-01.csv:2:5: users[0].leadCount: expected a whole number ≥ 0, got "x"',
      './spring/2027-03-24.json:3:31: users[1].leadCount: expected a number, got the string "2"',
    ]);
    assert.equal(contests, [], 'a contest with an invalid file is invalid');
  }),
);

reads('a Stand of JSON is a list of users, checked as a contest file\'s "users"', () =>
  inScratch(async (dir) => {
    const { lines } = await check(dir, {
      '2027-03-17.json': '{ "users": [] }',
      '2027-03-24.json': '[{ "name": "A", "leadCount": 1, "leadcount": 2, "email": "a@example.com" }]',
      '2027-03-31.json': '[{ "name": "A", "leadCount": 1, "name": "B" }',
    });
    assert.equal(lines, [
      './spring/2027-03-17.json:1:1: not a list of users: a .json Stand holds a list like [{ "name": …, "leadCount": …, "profit": … }]',
      './spring/2027-03-24.json:1:33: users[0]: unknown key "leadcount" (did you mean "leadCount"?)',
      './spring/2027-03-24.json:1:49: warning: users[0]: unknown key "email" [unknown key: email]',
      './spring/2027-03-31.json:1:46: expected "]", found end of file',
    ]);
  }),
);

reads('every file that is no Stand is named: no date, the same date, no users list, a workbook other than .xlsx', () =>
  inScratch(async (dir) => {
    const { lines } = await check(dir, {
      '2027-03-24.csv': csv('A:1:0'),
      'Bericht 2027-03-24.csv': csv('A:1:0'),
      '2027-03-24T1800.csv': csv('A:1:0'),
      'März.csv': csv('A:1:0'),
      'notes.txt': 'remember',
      '2027-03-31.xls': 'x',
      '.hidden.csv': 'x',
      '2027-03-31.csv~': 'x',
      '~$2027-03-31.xlsx': 'x',
    });
    mkdirSync(join(dir, 'spring/archive'));
    assert.equal(lines, [
      './spring/2027-03-31.xls:1:1: a workbook podium does not read: save it as "Excel-Arbeitsmappe (*.xlsx)" (Excel: Datei → Speichern unter) into this folder, and move this one out',
      './spring/Bericht 2027-03-24.csv:1:1: the same Stand as "2027-03-24.csv" (2027-03-24): keep one export per date, or add the time to both names (2027-03-31T1800)',
      './spring/März.csv:1:1: no date in its name: name each export of a history folder by its date, year-month-day or day.month.year, like 2027-03-31.csv or Export_31.03.2027.xlsx, and for more than one export a day T and the Berlin time after it (2027-03-31T1800.csv)',
      './spring/notes.txt:1:1: not a users list: a history folder holds CSV exports, Excel workbooks (.xlsx) and .json lists of users, one per Stand',
    ]);
  }),
);

reads('a folder that is missing, empty, a file or outside the project; a Stand that leads outside it', () =>
  inScratch(async (dir) => {
    const users = (lines: string[]) => lines.map((line) => line.replace(/^\.\/contest\.json:\d+:\d+: /, ''));
    mkdirSync(join(dir, 'spring'));
    assert.equal(users((await check(dir, {})).lines), [
      'users: cannot read ./spring/: the folder holds no export yet; save each export into it, its date in its name (2027-03-31.csv)',
    ]);
    const missing = await check(dir, {}, { contest: { users: 'autumn/' } });
    assert.equal(users(missing.lines), ['users: cannot read ./autumn/: no such file or folder']);
    assert.equal(missing.folders, [`${dir}/autumn/`], 'podium dev watches for it');
    writeFileSync(join(dir, 'file'), 'x');
    assert.equal(users((await check(dir, {}, { contest: { users: 'file/' } })).lines), [
      'users: cannot read ./file/: a part of the path is a file, not a folder',
    ]);
    assert.match((await check(dir, {}, { contest: { users: '/tmp/' } })).lines[0] ?? '', 'it is outside the project');
    symlinkSync('/etc/hostname', join(dir, 'spring/2027-03-31.csv'));
    assert.equal((await check(dir, {})).lines, [
      "./spring/2027-03-31.csv:1:1: cannot read it: it is outside the project: podium reads data files only from the contest file's folder or the folder it runs in, and their subfolders (links followed)",
    ]);
  }),
);

reads('stops between files when aborted, with the reason of the stop', () =>
  inScratch(async (dir) => {
    mkdirSync(join(dir, 'spring'));
    for (const date of ['2027-03-17', '2027-03-24', '2027-03-31'])
      writeFileSync(join(dir, 'spring', `${date}.csv`), 'Name;Anzahl Eigenleads;Summe Netto-Volumen AB\nAnna;3\n');
    const stop = new AbortController();
    stop.abort(new Error('stopped by SIGTERM'));
    const read = readHistory(join(dir, 'spring.json'), 'spring/', { solo: 10, rules: {} }, stop.signal);
    const error = await read.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    assert.is((error as Error | undefined)?.message, 'stopped by SIGTERM');
  }),
);

reads('says the columns it does not read once, for the newest file, not once per week', () =>
  inScratch(async (dir) => {
    const week = (rows: string) =>
      `Name;Anzahl Eigenleads;Summe Netto-Volumen AB;Region\n${rows.replaceAll(' ', ';Nord\n')};Nord\n`;
    const { lines } = await check(dir, {
      '2027-03-17.csv': week('A;3;30 B;2;20'),
      '2027-03-24.csv': week('A;4;40 B;3;30'),
      '2027-03-31.csv': week('A;5;50 B;4;40'),
    });
    assert.equal(lines, [
      './spring/2027-03-31.csv:1:47: note: users: column "Region" ignored; podium reads "Name", "Anzahl Eigenleads", "Summe Netto-Volumen AB"',
    ]);
  }),
);

reads('totals rows are left out of every Stand: no one new, gone or moved for them, no place in the trend', () =>
  inScratch(async (dir) => {
    const { lines, changes, contests } = await check(
      dir,
      {
        '2027-03-17.csv': csv('A:4:400 B:3:300 Gesamt:7:700'),
        '2027-03-24.csv': csv('A:4:400 B:3:300 Summe_Nord:7:700 C:1:100 Gesamt:8:800'),
        '2027-03-31.csv': csv('B:5:500 A:4:400 Zwischensumme_Nord:9:900 D:1:100 C:1:100 Gesamtergebnis:11:1100'),
      },
      { contest: { ranking: 'profit' } },
    );
    assert.equal(lines, [
      './spring/2027-03-31.csv:4:1: note: users[2]: "Zwischensumme Nord" (9 leads, 900,00 €) is the sum of the rows above it: left out',
      './spring/2027-03-31.csv:7:1: note: users[5]: "Gesamtergebnis" (11 leads, 1.100,00 €) is the sum of the rows above it: left out',
    ]);
    const { contest } = contests[0]!;
    assert.equal(
      contest.users.map(({ name }) => name),
      ['B', 'A', 'D', 'C'],
    );
    assert.equal([changes[0]!.new, changes[0]!.gone], [['D'], []], 'no totals row is new or gone');
    assert.equal(toWas(contest.standings!, [1, 2, 3, 3]), [2, 1, 0, 3], 'D and C share place 3');
    assert.equal(contest.standings!.climbed.length, 4, 'the trend of the people alone');
  }),
);

const warns = suite('readHistory(): what looks like a broken export');

warns('leads that fell, at the cell, with both values; --strict makes it an error', () =>
  inScratch(async (dir) => {
    const files = { '2027-03-24.csv': csv('Ben_Krüger:12:0 A:3:0'), '2027-03-31.csv': csv('A:4:0 Ben_Krüger:9:0') };
    const { lines, contests } = await check(dir, files);
    assert.equal(lines, [
      './spring/2027-03-31.csv:3:12: warning: users[1]: leadCount of "Ben Krüger" fell from 12 to 9 since 2027-03-24; own leads are counted, never booked back [2027-03-31: leads fell: Ben Krüger]',
    ]);
    assert.is(contests.length, 1, 'a warning leaves the contest valid');
    const strict = await check(dir, files, { strict: true });
    assert.match(strict.lines[0] ?? '', ': users[1]: leadCount of "Ben Krüger" fell');
    assert.not.match(strict.lines[0] ?? '', 'warning');
    assert.equal(strict.contests, []);
    assert.is(strict.changes.length, 1, 'what changed is still said');
  }),
);

warns('a column most people had, empty for everyone now: at its title, with both counts', () =>
  inScratch(async (dir) => {
    const { lines } = await check(dir, {
      '2027-03-24.csv': csv('A:3:100 B:2:50 C:1:0'),
      '2027-03-31.csv': 'Name;Anzahl Eigenleads;Summe Netto-Volumen AB\nA;4;\nB;2;\nC;1;0\n',
    });
    assert.equal(lines, [
      './spring/2027-03-31.csv:1:24: warning: users: profit ("Summe Netto-Volumen AB") is 0 or empty for all 3 people now, after 2 of 3 had a value on 2027-03-24: a renamed column, or a filter in the export? [2027-03-31: column emptied: profit]',
    ]);
    // A renamed column is no column of zeros: the export lacks it, which is an error naming what it has instead.
    const renamed = await check(dir, { '2027-03-31.csv': 'Name;Anzahl Eigenleads;Umsatz\nA;4;100\nB;2;50\nC;1;0\n' });
    assert.equal(renamed.lines, [
      `./spring/2027-03-31.csv:1:1: users: no column "profit" or "Summe Netto-Volumen AB": "Umsatz" is ignored; name the volume's column in "columns": { "profit": "…" }, or say "columns": { "profit": null } for an export without volume`,
    ]);
    const leads = await check(dir, { '2027-03-31.csv': csv('A:0:100 B:0:50 C:0:0') });
    assert.equal(leads.lines, [
      './spring/2027-03-31.csv:1:6: warning: users: leadCount ("Anzahl Eigenleads") is 0 or empty for all 3 people now, after 3 of 3 had a value on 2027-03-24: a renamed column, or a filter in the export? [2027-03-31: column emptied: leadCount]',
      './spring/2027-03-31.csv:2:3: warning: users[0]: leadCount of "A" fell from 3 to 0 since 2027-03-24; own leads are counted, never booked back [2027-03-31: leads fell: A]',
      './spring/2027-03-31.csv:3:3: warning: users[1]: leadCount of "B" fell from 2 to 0 since 2027-03-24; own leads are counted, never booked back [2027-03-31: leads fell: B]',
      './spring/2027-03-31.csv:4:3: warning: users[2]: leadCount of "C" fell from 1 to 0 since 2027-03-24; own leads are counted, never booked back [2027-03-31: leads fell: C]',
    ]);
  }),
);

warns('more than a quarter gone: named, with both counts', () =>
  inScratch(async (dir) => {
    const { lines } = await check(dir, {
      '2027-03-24T1800.csv': csv('A:7 B:6 C:5 D:4 E:3 F:2 G:1'),
      '2027-03-31.csv': csv('A:7 B:6 C:5 D:4 E:3 F:2'),
    });
    assert.equal(lines, []);
    const half = await check(dir, { '2027-03-31.csv': csv('A:7 B:6 C:5 D:4 X:3') });
    assert.equal(half.lines, [
      './spring/2027-03-31.csv:1:1: warning: 3 of the 7 people of 2027-03-24 18:00 are gone (E, F, G), more than a quarter: is part of the team missing from the export? [2027-03-31: people gone]',
    ]);
  }),
);

warns('a name twice in a file: no movement for it, and a warning at its second row, in either file', () =>
  inScratch(async (dir) => {
    const { lines, contests } = await check(dir, {
      '2027-03-24.csv': csv('A:4 B:3 A:2 C:1'),
      '2027-03-31.csv': csv('C_:5 B:4 C:3 A:2'),
    });
    assert.equal(lines, [
      './spring/2027-03-24.csv:4:1: warning: users[2]: "A" is in this file 2 times: people are told apart by their names, so none of them shows a movement [name twice: A]',
      './spring/2027-03-31.csv:4:1: warning: users[2]: "C" is the same name as users[0] "C ": podium tells people apart by their names, so neither row has a movement or a personal link; give each person one row (their figures added up), or a name of their own [same name: C]',
    ]);
    assert.equal(toWas(contests[0]!.contest.standings!, [1, 2, 3, 4]), [-1, 2, -1, -1]);
  }),
);

warns('a tie at the last winning place, for every contest: at the second row, naming both places', () =>
  inScratch(async (dir) => {
    const tie = "places 2 and 3 tie (30 leads, 120.000,00 €): the list's order decides who travels";
    const history = await check(dir, { '2027-03-31.csv': csv('A:40:0 B:30:120000 C:30:120000.004 D:1:0') });
    assert.equal(history.lines, [
      `./spring/2027-03-31.csv:4:1: warning: users[2]: ${tie} [2027-03-31: tie 2]`,
      './spring/2027-03-31.csv:4:6: note: users[2].profit: 120000,004 has more than two decimals; the page shows 120.000,00 €',
    ]);
    assert.is(history.changes.length, 0, 'one Stand: nothing changed');
    const users = [
      { name: 'A', leadCount: 40 },
      { name: 'B', leadCount: 30, profit: 120000 },
      { name: 'C', leadCount: 30, profit: 120000 },
    ];
    const inline = await check(dir, {}, { contest: { users } });
    assert.equal(inline.lines, [`./contest.json:18:5: warning: users[2]: ${tie} [tie 2: B, C]`]);
    assert.equal(
      (await check(dir, {}, { contest: { users, solo_winners: 1 } })).lines,
      [],
      'ties among the winners decide nothing',
    );
  }),
);

const data = suite('validate(): a history contest');

data('carries Standings only with a previous Stand, its Stand, and what changed', () =>
  inScratch(async (dir) => {
    const one = await check(dir, { '2027-03-24.csv': csv('A:1:0 B:1:0') });
    assert.equal(one.contests[0]?.stand, '2027-03-24');
    assert.not.ok('standings' in one.contests[0]!.contest, 'no previous Stand: no standings');
    const two = await check(dir, { '2027-03-31T0915.csv': csv('B:3:10 X:1:0 A:1:0') });
    assert.is(two.contests[0]?.stand, '2027-03-31T09:15');
    assert.equal(
      two.contests[0]?.contest.users.map(({ name }) => name),
      ['B', 'X', 'A'],
    );
    assert.equal(two.changes, [
      {
        file: join(dir, 'contest.json'),
        folder: join(dir, 'spring/'),
        stand: '2027-03-31T09:15',
        since: '2027-03-24',
        top: 2,
        new: ['X'],
        gone: [],
        newInTop: ['X'],
        climb: { name: 'B', by: 1 },
        rows: [
          { place: 1, was: 2, name: 'B', leadCount: 3, profit: 10, before: { leadCount: 1, profit: 0 } },
          { place: 2, was: 0, name: 'X', leadCount: 1, profit: 0 },
          { place: 3, was: 1, name: 'A', leadCount: 1, profit: 0, before: { leadCount: 1, profit: 0 } },
        ],
      },
    ]);
  }),
);

const renamed = suite('validate(): "renamed", a person whose name changed');

// Sandra Lange married: from 2027-03-31 on the export writes her new name. Without the entry she is new and gone.
const MARRIED = {
  '2027-03-17.csv': csv('A:5 Sandra_Lange:3 B:1'),
  '2027-03-24.csv': csv('A:5 Sandra_Lange:4 B:2'),
  '2027-03-31.csv': csv('Sandra_Lange-Meier:9 A:6 B:3'),
};

renamed('the Stands before the rename match her under the new name: movement, gains, trend, what changed', () =>
  inScratch(async (dir) => {
    const before = await check(dir, MARRIED, { contest: { ranking: 'leadCount' } });
    assert.equal([before.changes[0]?.new, before.changes[0]?.gone], [['Sandra Lange-Meier'], ['Sandra Lange']]);
    const contest = { ranking: 'leadCount', renamed: { 'Sandra Lange': 'Sandra Lange-Meier' } };
    const { contests, changes, lines } = await check(dir, MARRIED, { contest });
    assert.equal(lines, []);
    const standings = contests[0]!.contest.standings!;
    assert.equal(toWas(standings, [1, 2, 3]), [2, 1, 3], 'she climbed from 2 to 1: ▲1, not "neu"');
    assert.equal(standings.gained[0], [5, 0]);
    assert.equal(toTrend(standings.climbed[0]!, 1), [2, 2, 1]);
    const { new: added, gone, newInTop, climb, rows } = changes[0]!;
    assert.equal([added, gone, newInTop, climb], [[], [], [], { name: 'Sandra Lange-Meier', by: 1 }]);
    assert.equal(rows[0], {
      place: 1,
      was: 2,
      name: 'Sandra Lange-Meier',
      leadCount: 9,
      profit: 0,
      before: { leadCount: 4, profit: 0 },
    });
    assert.not.ok(JSON.stringify(contests[0]!.contest).includes('renamed'), 'the page carries no entry');
  }),
);

renamed('an entry that follows no one is a warning at it, with what to write to accept it', () =>
  inScratch(async (dir) => {
    // Written a week early: the newest export still says "Sandra Lange".
    const early = { '2027-03-17.csv': MARRIED['2027-03-17.csv'], '2027-03-24.csv': MARRIED['2027-03-24.csv'] };
    const contest = { ranking: 'leadCount', renamed: { 'Sandra Lange': 'Sandra Lange-Meier' } };
    const waiting = await check(dir, early, { contest, strict: true });
    const at = (line: number) => `./contest.json:${line}:21: renamed["Sandra Lange"]:`;
    assert.equal(waiting.lines, [
      `${at(11)} "Sandra Lange" is still a name in the newest export, so the rename to "Sandra Lange-Meier" is not applied: it is once the export writes the new name; if they are two people, remove the entry [2027-03-24: renamed: Sandra Lange]`,
    ]);
    assert.is(waiting.contests.length, 0, '--strict: an error');
    assert.equal(waiting.changes[0]?.rows[0]?.name, 'Sandra Lange', 'not applied: her history goes by her name');
    const typo = { ranking: 'leadCount', renamed: { 'Sandra Lange': 'Sandra Lange-Maier' } };
    assert.equal((await check(dir, MARRIED, { contest: typo })).lines, [
      `${at(11).replace('21:', '21: warning:')} "Sandra Lange-Maier" is in none of the exports, so "Sandra Lange" is followed to no one: did you mean "Sandra Lange-Meier"? write the new name as the export has it [2027-03-31: renamed: Sandra Lange]`,
      './spring/2027-03-31.csv:1:1: warning: 1 of the 3 people of 2027-03-24 are gone (Sandra Lange-Maier), more than a quarter: is part of the team missing from the export? [2027-03-31: people gone]',
    ]);
  }),
);

leftovers.run();
reads.run();
warns.run();
data.run();
renamed.run();
