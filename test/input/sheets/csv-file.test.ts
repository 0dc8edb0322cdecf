// Users from a spreadsheet export: the fixtures are real files as Excel, Google Sheets and LibreOffice write them
// (test/fixtures/*.csv, committed byte for byte: excel.csv is Windows-1252 with CRLF).
import { suite } from 'uvu';
import { spawnSync } from 'node:child_process';
import * as assert from 'uvu/assert';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import { toLine } from '../../../src/errors.ts';
import { readDataFile } from '../../../src/input/file.ts';
import { toDataPath } from '../../../src/input/place.ts';
import { loadSheet as toSheet } from '../../../src/input/sheets/csv-file.ts';
import { validate } from '../../helpers/validate.ts';
import { podium } from '../../helpers/cli.ts';
import { toDocument, toFirstCell } from '../../helpers/dom.ts';
import { fixture, FIXTURES, inScratch } from '../../helpers/files.ts';
import { convert, findSoffice } from '../../helpers/soffice.ts';

const CONTEST = 'test/fixtures/contest.json'; // the CSV files are named relative to it
/** loadSheet() of the file `users` names, as the read step reads it. */
const loadSheet = (contest: string, users: string) =>
  toSheet(toDataPath(contest, users), readDataFile(contest, toDataPath(contest, users)));
const usersOf = (csv: string) => loadSheet(CONTEST, csv).users;

/** Checks a contest file whose users are `csv`, written beside it in a scratch folder. */
const checkCsv = (csv: string | Buffer, options: { strict?: boolean; users?: string; columns?: object } = {}) =>
  inScratch(async (dir) => {
    writeFileSync(join(dir, options.users ?? 'users.csv'), csv);
    const file = join(dir, 'contest.json');
    const columns = options.columns ? `"columns": ${JSON.stringify(options.columns)}, ` : '';
    const text = fixture('valid.json').replace(
      /"users": \[[^]*\]/,
      `${columns}"users": ${JSON.stringify(options.users ?? 'users.csv')}`,
    );
    const { contests, problems } = await validate([{ file, bytes: Buffer.from(text) }], options);
    return {
      users: contests[0]?.contest.users,
      lines: problems.map((problem) => toLine(problem).replaceAll(dir, '.')),
    };
  });

const load = suite('loadSheet()');

load('reads German Excel: ";", Windows-1252 umlauts and „quotes“, CRLF, € amounts, an empty last row', () => {
  assert.equal(usersOf('excel.csv'), [
    { name: 'Sabine Hoffmann', leadCount: 48, profit: 412850.5 },
    { name: 'Mehmet Yilmaz', leadCount: 45, profit: 389120 },
    { name: 'Jürgen Größ', leadCount: 41, profit: 356004.75 },
    { name: 'Thomas „Tom“ Müller', leadCount: 39, profit: 301500 },
    { name: 'Weber; Anna-Lena', leadCount: 37, profit: 298760.2 },
    { name: 'Françoise Lefèvre', leadCount: 35, profit: 1234.5 },
    { name: 'Ben Krüger', leadCount: 12, profit: undefined },
    { name: 'Lea Zimmermann', leadCount: 9, profit: -2450 },
    { name: 'Paul Hartmann', leadCount: 4, profit: 0 },
  ]);
});

load(
  'notes once the columns it does not read, naming them, at the first of them; --strict leaves it a note',
  async () => {
    const { problems } = loadSheet(CONTEST, 'excel.csv');
    assert.equal(problems.map(toLine), [
      'test/fixtures/excel.csv:1:47: note: users: column "Region" ignored; podium reads "Name", "Anzahl Eigenleads", "Summe Netto-Volumen AB"',
    ]);
    // Real exports carry more columns (region, team, manager): a CI job with --strict must not fail on them.
    const strict = await validate([{ file: 'test/fixtures/excel.json', bytes: Buffer.from(fixture('excel.json')) }], {
      strict: true,
    });
    assert.equal(
      strict.problems.map(({ severity }) => severity),
      ['note'],
    );
    assert.is(strict.invalid, 0);
  },
);

load('reads Google Sheets: ",", UTF-8, quoted "Müller, Jörg" and doubled quotes, no line break at the end', () => {
  assert.equal(usersOf('sheets.csv'), [
    { name: 'Müller, Jörg', leadCount: 52, profit: 98765.43 },
    { name: 'Mehmet Yılmaz', leadCount: 45, profit: 389120 },
    { name: 'Anna "Ann" Meier', leadCount: 30, profit: undefined },
    { name: 'Ελένη Παπαδοπούλου', leadCount: 12, profit: -99.99 },
    { name: '李小龍', leadCount: 7, profit: 0.5 },
  ]);
  assert.equal(loadSheet(CONTEST, 'sheets.csv').problems, []);
});

load('reads UTF-8 with a byte-order mark, tab-separated, titles in any case with spaces around them', () => {
  assert.equal(usersOf('bom-tab.csv'), [
    { name: 'Zoë Zander', leadCount: 5, profit: 1234.5 },
    { name: 'Adam Ahrens', leadCount: 1050, profit: -99.99 },
    { name: 'Mia Maier', leadCount: 12, profit: undefined },
  ]);
});

load('names the file relative to the contest file, and says why it cannot be read', () => {
  const missing = loadSheet('contests/spring.json', 'spring-users.csv');
  assert.is(missing.file, 'contests/spring-users.csv');
  assert.is(missing.unreadable, 'no such file or folder');
  assert.equal(missing.users, []);
  assert.is(loadSheet('contests/spring.json', '../data/users.csv').file, 'data/users.csv');
  assert.is(loadSheet(CONTEST, '.').unreadable, 'it is a folder');
});

const check = suite('validate() with users from a CSV file');

check("places each problem at its cell, quoting the cell as written, after the contest file's", async () => {
  const file = 'test/fixtures/errors.json';
  const { problems, invalid } = await validate([{ file, bytes: Buffer.from(fixture('errors.json')) }]);
  assert.is(invalid, 1);
  const csv = 'test/fixtures/errors.csv';
  assert.equal(problems.map(toLine), [
    `${csv}:1:47: note: users: column "Notiz" ignored; podium reads "Name", "Anzahl Eigenleads", "Summe Netto-Volumen AB"`,
    `${csv}:4:15: users[1].leadCount: expected a whole number ≥ 0, got "12,5"`, // after a cell of two lines
    `${csv}:5:17: users[2].leadCount: expected a whole number ≥ 0, got an empty cell`,
    `${csv}:6:1: users[3].name: must not be empty`,
    `${csv}:7:17: users[4].leadCount: expected a whole number ≥ 0, got "-3"`,
    `${csv}:7:20: users[4].profit: expected a number like 1.234,50, got "viel"`,
    `${csv}:8:14: users[5].profit: expected a number like 1.234,50, got "1,234.50"`,
  ]);
});

check('places a missing CSV file at the "users" value of the contest file', async () => {
  const text = fixture('valid.json').replace(/"users": \[[^]*\]/, '"users": "spring-users.csv"');
  const { problems } = await validate([{ file: 'contests/spring.json', bytes: Buffer.from(text) }]);
  assert.equal(problems.map(toLine), [
    'contests/spring.json:8:12: users: cannot read contests/spring-users.csv: no such file or folder',
  ]);
});

check('reads no pipe named users.csv: it says so at once, instead of waiting for a writer', () =>
  inScratch(async (dir) => {
    assert.is(spawnSync('mkfifo', [join(dir, 'users.csv')]).status, 0);
    const text = fixture('valid.json').replace(/"users": \[[^]*\]/, '"users": "users.csv"');
    const { problems } = await validate([{ file: join(dir, 'contest.json'), bytes: Buffer.from(text) }]);
    assert.equal(
      problems.map((problem) => problem.message),
      [`cannot read ${join(dir, 'users.csv')}: not a file`],
    );
  }),
);

check('reads no data file outside the project, by path or by link, and never quotes what is there', () =>
  inScratch(async (dir) => {
    const secret = 'Name;API_TOKEN=hunter2-do-not-print';
    mkdirSync(join(dir, 'contests/data'), { recursive: true });
    writeFileSync(join(dir, 'secret.csv'), secret);
    writeFileSync(join(dir, 'contests/data/users.csv'), 'Name;Anzahl Eigenleads;Summe Netto-Volumen AB\nAnna;3\n');
    symlinkSync(join(dir, 'secret.csv'), join(dir, 'contests/linked.csv'));
    symlinkSync('/proc/self/environ', join(dir, 'contests/env.csv'));
    symlinkSync('data/users.csv', join(dir, 'contests/inside.csv'));
    const outside =
      "it is outside the project: podium reads data files only from the contest file's folder or the folder it runs in, and their subfolders (links followed)";
    const check = async (users: string) => {
      const text = fixture('valid.json').replace(/"users": \[[^]*\]/, `"users": ${JSON.stringify(users)}`);
      return validate([{ file: join(dir, 'contests/contest.json'), bytes: Buffer.from(text) }]);
    };
    for (const users of ['../secret.csv', join(dir, 'secret.csv'), 'linked.csv', 'env.csv']) {
      const { problems } = await check(users);
      assert.equal(
        problems.map((problem) => problem.message),
        [
          `cannot read ${join(dir, 'contests', users)}: ${outside}`.replace(
            join(dir, 'contests', join(dir, 'secret.csv')),
            join(dir, 'secret.csv'),
          ),
        ],
        users,
      );
      assert.not.match(JSON.stringify(problems), 'hunter2');
    }
    for (const users of ['data/users.csv', 'inside.csv']) {
      const { contests, problems } = await check(users);
      assert.equal([problems, contests[0]?.contest.users], [[], [{ name: 'Anna', leadCount: 3, profit: 0 }]], users);
    }
  }),
);

check('quotes a cell or the header in at most 40 characters, escaped', async () => {
  const long = `${'x'.repeat(60)}\u001b[2J`;
  assert.equal((await checkCsv(`Name;Anzahl Eigenleads;Summe Netto-Volumen AB\nAnna;${long}\n`)).lines, [
    `./users.csv:2:6: users[0].leadCount: expected a whole number ≥ 0, got "${'x'.repeat(40)}…"`,
  ]);
  assert.equal((await checkCsv(`Name;Umsatz;${long};Region\nAnna;1;2;Nord\n`)).lines, [
    './users.csv:1:1: users: no column "leadCount" or "Anzahl Eigenleads" and no column "profit" or "Summe Netto-Volumen AB"; the first row, which names the columns, has "Name", "Umsatz" … (4 columns)',
  ]);
  assert.equal((await checkCsv(`${'PATH=/usr/local/sbin:/usr/bin:/bin:'.repeat(3)}\n`)).lines, [
    './users.csv:1:1: users: no column "name" or "Name" and no column "leadCount" or "Anzahl Eigenleads" and no column "profit" or "Summe Netto-Volumen AB"; the first row, which names the columns, has "PATH=/usr/local/sbin:/usr/bin:/bin:PATH=…"',
  ]);
});

check('refuses a column title one typo away from a column it lacks, with the title it meant', async () => {
  const lost = (title: string, meant: string) =>
    `unknown column "${title}" (did you mean "${meant}"?): rename it, or the page would show none of its figures`;
  assert.equal((await checkCsv('Name;Anzahl Eigenleads;Summe Nettovolumen AB;Region\nAnna;1;1.000,00;Nord\n')).lines, [
    `./users.csv:1:24: users: ${lost('Summe Nettovolumen AB', 'Summe Netto-Volumen AB')}`,
  ]);
  assert.equal((await checkCsv('Name;Anzahl Eigenlead\nAnna;1\n')).lines, [
    `./users.csv:1:6: users: ${lost('Anzahl Eigenlead', 'Anzahl Eigenleads')}`,
  ]);
  assert.equal((await checkCsv('nmae,lead_count\nAnna,1\n')).lines, [
    `./users.csv:1:1: users: ${lost('nmae', 'name')}`,
    `./users.csv:1:6: users: ${lost('lead_count', 'leadCount')}`,
  ]);
  // A near miss of a column that is there is another column: a gross volume beside the net one is only ignored.
  assert.equal((await checkCsv('Name;Anzahl Eigenleads;Summe Netto-Volumen AB;Summe Netto-Volumen\nA;1;2;3\n')).users, [
    { name: 'A', leadCount: 1, profit: 2 },
  ]);
});

check(
  'warns of a "?" in a name from a Windows-1252 file, where Excel put it for a letter it could not save',
  async () => {
    const csv = Buffer.from('Name;Anzahl Eigenleads;Summe Netto-Volumen AB\r\nÇa?la Öztürk;3\r\nWer?;2\r\n', 'latin1');
    const said = (name: string) =>
      `"${name}" holds a "?", which Excel writes for a letter that plain "CSV" cannot hold; save the file as "CSV UTF-8" to keep every letter`;
    assert.equal((await checkCsv(csv)).lines, [
      `./users.csv:2:1: warning: users[0].name: ${said('Ça?la Öztürk')} [question mark: Ça?la Öztürk]`,
      `./users.csv:3:1: warning: users[1].name: ${said('Wer?')} [question mark: Wer?]`,
    ]);
    assert.equal(
      (await checkCsv(csv, { strict: true })).lines[0],
      `./users.csv:2:1: users[0].name: ${said('Ça?la Öztürk')} [question mark: Ça?la Öztürk]`,
    );
    // In UTF-8 a "?" is what was typed.
    assert.equal((await checkCsv('Name;Anzahl Eigenleads;Summe Netto-Volumen AB\nWer?;2\n')).lines, []);
  },
);

check('tells a contest naming a workbook other than .xlsx to save it as one', async () => {
  // A sheet named after "#" as well: it was a schema error about the users list.
  for (const users of [
    'Teilnehmer.xlsm',
    'Teilnehmer.XLS',
    't.ods',
    't.numbers',
    'T.xlsm#Tabelle1',
    't.ods#A',
    't.xls#',
  ]) {
    const text = fixture('valid.json').replace(/"users": \[[^]*\]/, `"users": ${JSON.stringify(users)}`);
    const { problems } = await validate([{ file: 'contest.json', bytes: Buffer.from(text) }]);
    assert.equal(
      problems.map(toLine),
      [
        'contest.json:8:12: users: podium reads Excel workbooks as .xlsx and CSV files: save it as "Excel-Arbeitsmappe (*.xlsx)" (Excel: Datei → Speichern unter) beside the contest file, and name that .xlsx file here',
      ],
      users,
    );
  }
});

check('reads no CSV file over 64 MB, and no more than 100,000 salespeople', () =>
  inScratch(async (dir) => {
    const file = join(dir, 'users.csv');
    writeFileSync(file, 'Name;Anzahl Eigenleads;Summe Netto-Volumen AB\n');
    truncateSync(file, 64 * 1024 * 1024 + 1); // sparse: nothing is written
    const text = fixture('valid.json').replace(/"users": \[[^]*\]/, '"users": "users.csv"');
    const { problems } = await validate([{ file: join(dir, 'contest.json'), bytes: Buffer.from(text) }]);
    assert.equal(
      problems.map((problem) => problem.message),
      [`cannot read ${file}: it is 64 MB; podium reads files of at most 64 MB, far more than 100,000 salespeople need`],
    );
    const rows = Array.from({ length: 100_001 }, (_, i) => `u${i};1`).join('\n');
    assert.equal((await checkCsv(`Name;Anzahl Eigenleads;Summe Netto-Volumen AB\n${rows}\n`)).lines, [
      './users.csv:1:1: users: holds more than 100,000 salespeople; a contest holds at most 100,000',
    ]);
  }),
);

check('says which columns it lacks, and lists the header it found', async () => {
  assert.equal((await checkCsv('Name;Umsatz;Region\nAnna;1;Nord\n')).lines, [
    './users.csv:1:1: users: no column "leadCount" or "Anzahl Eigenleads" and no column "profit" or "Summe Netto-Volumen AB"; the first row, which names the columns, has "Name", "Umsatz", "Region"',
  ]);
  assert.equal((await checkCsv('Anna,12,5\n')).lines, [
    './users.csv:1:1: users: no column "name" or "Name" and no column "leadCount" or "Anzahl Eigenleads" and no column "profit" or "Summe Netto-Volumen AB"; the first row, which names the columns, has "Anna", "12", "5"',
  ]);
  assert.equal((await checkCsv('name;Anzahl Eigenleads;LEADCOUNT\nAnna;1;2\n')).lines, [
    './users.csv:1:24: users: a second column for leadCount: "Anzahl Eigenleads" and "LEADCOUNT"; keep one of them',
  ]);
  assert.equal((await checkCsv('')).lines, [
    './users.csv:1:1: users: the file is empty; its first row names the columns: name;leadCount;profit',
  ]);
});

check('reads the delimiter off the header row, not a title above it that holds a comma', async () => {
  const table = 'Name;Anzahl Eigenleads;Summe Netto-Volumen AB\r\nJörg Schäfer;12;1.234,50 €\r\n';
  assert.equal(await checkCsv(`Umsatzbericht, Stand 31.03.2027\r\n${table}`), {
    users: [{ name: 'Jörg Schäfer', leadCount: 12, profit: 1234.5 }],
    lines: [],
  });
  // The titles the contest file names in "columns" make the header row, as the page's own do.
  const own = 'Bericht, Stand 31.03.2027\r\nVerkäufer;Leads;Umsatz, netto\r\nJörg Schäfer;12;1.234,50\r\n';
  const columns = { name: 'Verkäufer', leadCount: 'Leads', profit: 'Umsatz, netto' };
  assert.equal(await checkCsv(own, { columns }), {
    users: [{ name: 'Jörg Schäfer', leadCount: 12, profit: 1234.5 }],
    lines: [],
  });
});

check(
  'reads a line break (Alt+Enter) or a run of spaces in a title as one space, in the header and in "columns"',
  async () => {
    const wrapped = 'Name;"Anzahl\r\nEigenleads";"Summe Netto-\nVolumen   AB"\r\nJörg;1;2\r\n';
    assert.equal(await checkCsv(wrapped), { users: [{ name: 'Jörg', leadCount: 1, profit: 2 }], lines: [] });
    assert.equal(await checkCsv(wrapped.replace('Netto-\n', 'Netto-Volumen\n').replace('Volumen   AB', 'AB')), {
      users: [{ name: 'Jörg', leadCount: 1, profit: 2 }],
      lines: [],
    });
    const own = 'Name;Anzahl Eigenleads;"Umsatz\nnetto"\nJörg;1;2\n';
    assert.equal(await checkCsv(own, { columns: { profit: ' Umsatz  netto' } }), {
      users: [{ name: 'Jörg', leadCount: 1, profit: 2 }],
      lines: [],
    });
    assert.equal((await checkCsv(own)).lines, [
      `./users.csv:1:1: users: no column "profit" or "Summe Netto-Volumen AB": "Umsatz\\nnetto" is ignored; name the volume's column in "columns": { "profit": "…" }, or say "columns": { "profit": null } for an export without volume`,
    ]);
  },
);

check(
  'reads every profit as 0 where the contest says its export has no volume; else a missing column is an error',
  async () => {
    const noVolume = { columns: { profit: null } };
    assert.equal((await checkCsv('leadCount;Name\n3;Anna\n1;Ben\n', noVolume)).users, [
      { name: 'Anna', leadCount: 3, profit: 0 },
      { name: 'Ben', leadCount: 1, profit: 0 },
    ]);
    assert.equal((await checkCsv('leadCount;Name\n3;Anna\n1;Ben\n')).lines, [
      `./users.csv:1:1: users: no column "profit" or "Summe Netto-Volumen AB"; name the volume's column in "columns": { "profit": "…" }, or say "columns": { "profit": null } for an export without volume`,
    ]);
    assert.equal(await checkCsv('Name;Anzahl Eigenleads\r\n', noVolume), { users: [], lines: [] });
  },
);

check('accepts amounts up to a trillion euro either way, and refuses one cent more, in words', async () => {
  const rule = 'must be an amount from −1,000,000,000,000 to 1,000,000,000,000 euro (one trillion either way)';
  const header = 'Name;Anzahl Eigenleads;Summe Netto-Volumen AB\n';
  const largest = ['1.000.000.000.000,00', '-1.000.000.000.000,00 €', '999.999.999.999,99'];
  const beyond = ['1.000.000.000.000,01', '-1.000.000.000.000,01'];
  const rows = (cells: string[]) => header + cells.map((cell, at) => `${'ABCDE'[at]};1;${cell}\n`).join(''); // one person a row
  const valid = await checkCsv(rows(largest));
  assert.equal(valid.lines, []);
  assert.equal(
    valid.users?.map((user) => user.profit),
    [1_000_000_000_000, -1_000_000_000_000, 999_999_999_999.99],
  );
  assert.equal((await checkCsv(rows(beyond))).lines, [
    `./users.csv:2:5: users[0].profit: ${rule}, got "1.000.000.000.000,01"`,
    `./users.csv:3:5: users[1].profit: ${rule}, got "-1.000.000.000.000,01"`,
  ]);
});

check('says at the cell of an amount with more than two decimals what the page shows', async () => {
  const text =
    'Name;Anzahl Eigenleads;Summe Netto-Volumen AB\nA;1;12,345\nB;1;1,999\nC;1;-0,005 €\nD;1;12,34\nE;1;7,5\n';
  const { lines, users } = await checkCsv(text);
  assert.equal(lines, [
    './users.csv:2:5: note: users[0].profit: 12,345 has more than two decimals; the page shows 12,35 €',
    './users.csv:3:5: note: users[1].profit: 1,999 has more than two decimals; the page shows 2,00 €',
    './users.csv:4:5: note: users[2].profit: -0,005 € has more than two decimals; the page shows -0,01 €',
  ]);
  assert.equal(
    users?.map((user) => user.profit),
    [12.345, 1.999, -0.005, 12.34, 7.5],
  );
  const point = await checkCsv('name,leadCount,profit\nA,1,1234.5678\n');
  assert.equal(point.lines, [
    './users.csv:2:5: note: users[0].profit: 1234.5678 has more than two decimals; the page shows 1.234,57 €',
  ]);
});

check("keeps the rows in the file's order: the export's order is the ranking", async () => {
  const rows = ['name,leadCount,profit', 'Zoe,1,1', 'Adam,99,99', 'Mia,5,5'];
  assert.equal(
    (await checkCsv(rows.join('\n'))).users?.map((user) => user.name),
    ['Zoe', 'Adam', 'Mia'],
  );
});

check(
  'places an unclosed quote, a row with cells past the header, and a byte no encoding podium reads makes sense of',
  async () => {
    assert.equal((await checkCsv('Name;Anzahl Eigenleads;Summe Netto-Volumen AB\nAnna;1\n"Ben;2\nCarl;3\n')).lines, [
      './users.csv:3:1: users: a quote opens this cell and is never closed',
    ]);
    assert.equal((await checkCsv('name,leadCount\nMüller, Jörg,3\n', { columns: { profit: null } })).lines, [
      './users.csv:2:8: users[0].leadCount: expected a whole number ≥ 0, got "Jörg"',
      './users.csv:2:14: note: users: column 3 (no title) ignored; podium reads "Name", "Anzahl Eigenleads"',
    ]);
    assert.equal(
      (await checkCsv(Buffer.from('Name;Anzahl Eigenleads;Summe Netto-Volumen AB\nAnn\u00e9;\u0081\n', 'latin1')))
        .lines,
      [
        './users.csv:2:6: users: byte 0x81 makes sense in none of the encodings podium reads (UTF-8, Windows-1252, Mac Roman, IBM 850); save the file as "CSV UTF-8"',
      ],
    );
  },
);

check('accepts a path ending in .csv (or .xlsx, workbook.test.ts); anything else must be a list', async () => {
  assert.equal(
    (await checkCsv('Name;Anzahl Eigenleads;Summe Netto-Volumen AB\nAnna;1\n', { users: 'users.CSV' })).users,
    [{ name: 'Anna', leadCount: 1, profit: 0 }],
  );
  // (A workbook's name gets its own words: see below.)
  assert.equal((await checkCsv('', { users: 'users.txt' })).lines, [
    './contest.json:8:12: users: expected a list ([ … ]), got the string "users.txt"',
  ]);
});

const build = suite('podium build with users from a CSV file');

build('bakes the same page, byte for byte, as the same contest with its users written as JSON', () =>
  inScratch(async (dir) => {
    for (const name of ['excel', 'sheets', 'bom-tab']) {
      mkdirSync(join(dir, name));
      copyFileSync(join(FIXTURES, `${name}.csv`), join(dir, name, `${name}.csv`));
      const contest = JSON.parse(fixture(`${name}.json`)) as { users: unknown };
      writeFileSync(join(dir, name, 'from-csv.json'), JSON.stringify(contest));
      contest.users = loadSheet(join(FIXTURES, `${name}.json`), `${name}.csv`).users;
      writeFileSync(join(dir, name, 'from-json.json'), JSON.stringify(contest));
      const csv = await podium(['build', join(dir, name, 'from-csv.json'), '--out', join(dir, name, 'csv')]);
      const json = await podium(['build', join(dir, name, 'from-json.json'), '--out', join(dir, name, 'json')]);
      assert.is(csv.status, 0, csv.stderr);
      assert.is(json.status, 0, json.stderr);
      const page = readFileSync(join(dir, name, 'csv/index.html'), 'utf8');
      assert.is(page, readFileSync(join(dir, name, 'json/index.html'), 'utf8'), name);
      assert.not.ok(page.includes(`${name}.csv`), 'the page does not know where its users came from');
    }
    const doc = toDocument(readFileSync(join(dir, 'excel/csv/index.html'), 'utf8'));
    const rows = [...doc.querySelectorAll('tbody tr')].map((row) => [
      toFirstCell(row).name,
      ...[...row.querySelectorAll('td')].map((cell) => cell.textContent),
    ]);
    assert.equal(rows[3], ['Thomas „Tom“ Müller', '39', '301.500,00\u00a0€']);
    assert.equal(rows[7], ['Lea Zimmermann', '9', '-2.450,00\u00a0€']);
  }),
);

build('fails with the cell of each problem and writes nothing', () =>
  inScratch(async (dir) => {
    const run = await podium(['build', join(FIXTURES, 'errors.json'), '--out', join(dir, 'site')]);
    assert.is(run.status, 1);
    assert.match(
      run.stderr,
      `${join(FIXTURES, 'errors.csv')}:4:15: users[1].leadCount: expected a whole number ≥ 0, got "12,5"\n`,
    );
    assert.throws(() => readFileSync(join(dir, 'site/index.html')));
  }),
);

build('reads no .csv file of a contest folder as a contest', () =>
  inScratch(async (dir) => {
    mkdirSync(join(dir, 'contests'));
    for (const name of ['excel.json', 'excel.csv']) copyFileSync(join(FIXTURES, name), join(dir, 'contests', name));
    const run = await podium(['build', 'contests', '--out', 'site', '--quiet'], { cwd: dir });
    assert.is(run.status, 0, run.stderr);
    assert.match(run.stderr, 'contests/excel.csv:1:47: note: users: column "Region" ignored');
    assert.is(
      toDocument(readFileSync(join(dir, 'site/excel/index.html'), 'utf8')).querySelectorAll('tbody tr').length,
      9,
    );
  }),
);

check('reads "Alias" and "Anonym" (ja, x, yes, true; empty: not), neither of them ever missing', async () => {
  const csv =
    'Name;Anzahl Eigenleads;Summe Netto-Volumen AB;Alias;Anonym\nA A;9;500;Rakete;ja\nB B;2;200;;X\nC C;1;100; ;\n';
  const { users, lines } = await checkCsv(csv);
  assert.equal(lines, []);
  assert.equal(users, [
    { name: 'A A', leadCount: 9, profit: 500, alias: 'Rakete', hidden: true },
    { name: 'B B', leadCount: 2, profit: 200, hidden: true },
    { name: 'C C', leadCount: 1, profit: 100 },
  ]);
  const keys = await checkCsv('name;leadCount;profit;alias;hidden\nA A;9;500;Rakete;true\n');
  assert.equal(keys.users, [{ name: 'A A', leadCount: 9, profit: 500, alias: 'Rakete', hidden: true }]);
});

check('an "Anonym" cell that is none of ja, x, yes, true is an error at its cell', async () => {
  const { users, lines } = await checkCsv(
    'Name;Anzahl Eigenleads;Summe Netto-Volumen AB;Anonym\nA A;9;500;vielleicht\n',
  );
  assert.is(users, undefined);
  assert.equal(lines, [
    './users.csv:2:11: users[0].hidden: expected ja, x, yes or true (the person is not named), nein, no, false or an empty cell (named), got "vielleicht"',
  ]);
});

check('reads a consent column under the titles exports give it, and any title "columns" names', async () => {
  const header = 'Name;Anzahl Eigenleads;Summe Netto-Volumen AB';
  for (const title of ['Anonymous', 'Anonymisiert', 'Anonymität', 'ANONYM (ja/nein)', 'Nicht nennen']) {
    const { users, lines } = await checkCsv(`${header};${title}\nA A;9;500;ja\nB B;2;200;nein\nC C;1;100;\n`);
    assert.equal(lines, [], title);
    assert.equal(
      users?.map(({ hidden }) => hidden),
      [true, undefined, undefined],
      title,
    );
  }
  // A team's own titles, for the consent column and the chosen name; the default titles then name no column.
  const own = await checkCsv(`${header};Datenschutz;Wunschname;Anonym\nA A;9;500;x;Rakete;ja\nB B;2;200;;;\n`, {
    columns: { hidden: 'Datenschutz', alias: 'Wunschname' },
  });
  assert.equal(own.users, [
    { name: 'A A', leadCount: 9, profit: 500, alias: 'Rakete', hidden: true },
    { name: 'B B', leadCount: 2, profit: 200 },
  ]);
  assert.equal(own.lines, [
    './users.csv:1:70: note: users: column "Anonym" ignored; podium reads "Name", "Anzahl Eigenleads", "Summe Netto-Volumen AB"',
  ]);
});

const numbers = suite('loadSheet(): numbers as German spreadsheets export them (test/fixtures/real/numbers)');
const REAL = join(FIXTURES, 'real/numbers');
// LibreOffice's CSV filter: ",", '"', UTF-8, from line 1, German, save cell contents as shown (test/fixtures/real/numbers/make.sh)
const AS_SHOWN = 'csv:Text - txt - csv (StarCalc):44,34,76,1,,1031,false,true,true';
const real = (name: string) => readFileSync(join(REAL, name));

numbers("reads LibreOffice's CSV saved as shown, either delimiter: #.##0 €, the accounting format's dash", () => {
  for (const name of [
    'euro-comma',
    'euro-semicolon',
    'accounting-comma',
    'accounting-semicolon',
    'thousands-semicolon',
  ])
    assert.equal(
      usersOf(`real/numbers/${name}.csv`).map((user) => (user as { profit: unknown }).profit),
      [12500, 980, 125000, 0, -2450],
      name,
    );
});

numbers('says at the cell what a "," file of #.##0 without a euro sign could mean, and reads nothing', async () => {
  assert.equal(await checkCsv(real('thousands-comma.csv')), {
    users: undefined,
    lines: [
      './users.csv:2:16: users[0].profit: "12.500" could be 12.500,00 € or 12,50 €, and no other number of the file says which: export it again with two decimal places (12.500,00 €), or from LibreOffice without "Save cell contents as shown"',
    ],
  });
});

numbers('reads a "," file by the cells that decide it, and says where two of them disagree', async () => {
  const header = 'Name,Anzahl Eigenleads,Summe Netto-Volumen AB\n';
  assert.equal((await checkCsv(`${header}A,1,1.234\nB,1.050,980\n`)).users, [
    { name: 'A', leadCount: 1, profit: 1234 },
    { name: 'B', leadCount: 1050, profit: 980 },
  ]);
  assert.equal((await checkCsv(`${header}A,1,"1,234"\nB,2,12.50\nC,3,"1,234,567.5"\n`)).users, [
    { name: 'A', leadCount: 1, profit: 1234 },
    { name: 'B', leadCount: 2, profit: 12.5 },
    { name: 'C', leadCount: 3, profit: 1234567.5 },
  ]);
  assert.equal((await checkCsv(`${header}A,1,"1.234,50 €"\n\nB,2,"Text, notes"\nC,3,12.5\n`)).lines, [
    './users.csv:5:5: users[2].profit: "12.5" reads with a decimal point, but "1.234,50 €" in line 2 with a decimal comma: give the column one number format and export it again',
  ]);
});

/** Bakes a contest (one winner, ranked by volume) for each CSV file in `csvs`, copied into `dir`/contests. */
const bakeEach = async (dir: string, csvs: string[]) => {
  mkdirSync(join(dir, 'contests'), { recursive: true });
  for (const csv of csvs) {
    const name = basename(csv, '.csv');
    copyFileSync(csv, join(dir, 'contests', `${name}.csv`));
    const contest = { ...JSON.parse(fixture('valid.json')), users: `${name}.csv`, ranking: 'profit', solo_winners: 1 };
    writeFileSync(join(dir, 'contests', `${name}.json`), JSON.stringify(contest));
  }
  return podium(['build', 'contests', '--out', 'site', '--quiet'], { cwd: dir });
};
/** A baked page's rows as the table shows them: name, volume, and whether the row wins. */
const rowsOf = (page: string) =>
  [...toDocument(readFileSync(page, 'utf8')).querySelectorAll('tbody tr')].map((row) => [
    toFirstCell(row).name,
    row.querySelectorAll('td')[1]?.textContent,
    row.classList.contains('winner'),
  ]);
const GERMAN_SHEET = [
  ['Carla Conrad', '125.000,00\u00a0€', true],
  ['Anna Arnold', '12.500,00\u00a0€', false],
  ['Ben Brandt', '980,00\u00a0€', false],
  ['Dirk Dietrich', '0,00\u00a0€', false],
  ['Emma Engel', '-2.450,00\u00a0€', false],
];

build("bakes LibreOffice's CSV of a German sheet, saved as shown, with the sheet's amounts and winner", () =>
  inScratch(async (dir) => {
    const names = ['euro-comma', 'euro-semicolon', 'accounting-comma', 'accounting-semicolon', 'thousands-semicolon'];
    const run = await bakeEach(
      dir,
      names.map((name) => join(REAL, `${name}.csv`)),
    );
    assert.is(run.status, 0, run.stderr);
    for (const name of names) assert.equal(rowsOf(join(dir, 'site', name, 'index.html')), GERMAN_SHEET, name);
    const refused = await bakeEach(join(dir, 'refused'), [join(REAL, 'thousands-comma.csv')]);
    assert.is(refused.status, 1);
    assert.is(
      refused.stderr,
      'contests/thousands-comma.csv:2:16: users[0].profit: "12.500" could be 12.500,00 € or 12,50 €, and no other number of the file says which: export it again with two decimal places (12.500,00 €), or from LibreOffice without "Save cell contents as shown"\n',
    );
    assert.not.ok(existsSync(join(dir, 'refused/site/thousands-comma')), 'nothing is written');
  }),
);

build('reads the comma CSV that LibreOffice saves as shown now, of the German sheet, as the sheet shows it', () =>
  inScratch(async (dir) => {
    const soffice = findSoffice("LibreOffice's CSV of a German sheet");
    if (!soffice) return;
    const out = convert(soffice, [join(REAL, 'euro.xlsx')], AS_SHOWN);
    try {
      assert.match(readFileSync(join(out, 'euro.csv'), 'utf8'), '\nAnna Arnold,31,12.500 €\n');
      const run = await bakeEach(dir, [join(out, 'euro.csv')]);
      assert.is(run.status, 0, run.stderr);
      assert.equal(rowsOf(join(dir, 'site/euro/index.html')), GERMAN_SHEET);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }),
);

const text = suite('podium build with CSV text as exports write it: charsets, a title row, Alt+Enter titles');
const TEXT = join(FIXTURES, 'real/text');

text(
  'bakes "Jörg Schäfer" from LibreOffice\'s CSV in each charset, under a title row, and under Alt+Enter titles',
  () =>
    inScratch(async (dir) => {
      mkdirSync(join(dir, 'contests'));
      const files = ['utf-8', 'windows-1252', 'mac-roman', 'ibm-850', 'utf-16', 'title', 'alt-enter', 'own-title'].map(
        (name) => `${name}.csv`,
      );
      for (const file of [...files, 'alt-enter.xlsx']) {
        copyFileSync(join(TEXT, file), join(dir, 'contests', file));
        // A title with a line break is named in "columns" with a space for it (a contest file's texts hold none).
        const columns = file === 'own-title.csv' && { columns: { profit: ' Umsatz  netto 2027' } };
        const contest = { ...JSON.parse(fixture('excel.json')), ...columns, users: file };
        writeFileSync(join(dir, 'contests', `${file.replace('.', '-')}.json`), JSON.stringify(contest));
      }
      const run = await podium(['build', 'contests', '--out', 'site', '--quiet'], { cwd: dir });
      assert.is(run.status, 0, run.stderr);
      for (const file of [...files, 'alt-enter.xlsx']) {
        const page = readFileSync(join(dir, 'site', file.replace('.', '-'), 'index.html'), 'utf8');
        const rows = [...toDocument(page).querySelectorAll('tbody tr')].map((row) => [
          toFirstCell(row).name,
          ...[...row.querySelectorAll('td')].map((cell) => cell.textContent),
        ]);
        // A code page has no "ğ": LibreOffice writes "?", as Excel does.
        const cagla = !['windows-1252.csv', 'mac-roman.csv', 'ibm-850.csv'].includes(file);
        assert.equal(
          rows,
          [
            ['Jörg Schäfer', '12', '1.234,50\u00a0€'],
            [cagla ? 'Çağla Öztürk' : 'Ça?la Öztürk', '9', '987,00\u00a0€'],
            ['Ünal Weiß', '7', '-12,30\u00a0€'],
          ],
          file,
        );
      }
    }),
);

text('refuses a file no encoding makes sense of, and an amount whose "€" a mistaken encoding garbled', () =>
  inScratch(async (dir) => {
    const header = 'Name;Anzahl Eigenleads;Summe Netto-Volumen AB\r\n';
    // Windows-1251 (Cyrillic), which podium does not read: "Èâàí Ïåòðîâ" as Windows-1252.
    const cyrillic = [0xc8, 0xe2, 0xe0, 0xed, 0x20, 0xcf, 0xe5, 0xf2, 0xf0, 0xee, 0xe2];
    const cases = {
      cyrillic: Buffer.concat([Buffer.from(header), Buffer.from(cyrillic), Buffer.from(';3;1,00\r\n')]),
      // A UTF-8 export opened as Windows-1252 and saved again as UTF-8: its "€" is "â‚¬".
      twice: Buffer.from(`${header}Jörg Schäfer;3;1.234,50 â‚¬\r\n`),
      // A Windows-1252 export (its names say so) with a Mac Roman "€" (0xDB) pasted into one amount.
      pasted: Buffer.from(`${header}Jörg Schäfer;3;12,50 €\r\nGünther Groß;2;7,00 \xdb\r\n`, 'latin1').map((byte) =>
        byte === 0xac ? 0x80 : byte,
      ),
    };
    const said = {
      cyrillic: `cyrillic.csv:2:1: users: byte 0xC8 makes sense in none of the encodings podium reads (UTF-8, Windows-1252, Mac Roman, IBM 850); save the file as "CSV UTF-8"`,
      twice: `twice.csv:2:16: users[0].profit: "1.234,50 â‚¬" holds "â‚¬", a "€" written in UTF-8 and read as Windows-1252: the file's encoding was mistaken; save the file as "CSV UTF-8"`,
      pasted: `pasted.csv:3:16: users[1].profit: "7,00 Û" holds "Û", a "€" written in Mac Roman and read as Windows-1252: the file's encoding was mistaken; save the file as "CSV UTF-8"`,
    };
    for (const [name, bytes] of Object.entries(cases)) {
      writeFileSync(join(dir, `${name}.csv`), bytes);
      writeFileSync(
        join(dir, `${name}.json`),
        JSON.stringify({ ...JSON.parse(fixture('excel.json')), users: `${name}.csv` }),
      );
      const run = await podium(['build', `${name}.json`, '--out', `site-${name}`], { cwd: dir });
      assert.is(run.status, 1, name);
      assert.ok(run.stderr.includes(`${said[name as keyof typeof said]}\n`), run.stderr);
      assert.throws(() => readFileSync(join(dir, `site-${name}`, 'index.html')));
    }
  }),
);

load.run();
check.run();
numbers.run();
build.run();
text.run();
