// Users from an Excel workbook: workbooks written in the test by SheetJS's writer as Excel writes them (shared strings,
// number formats, formulas with their saved results), and broken ones made from them.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toLine } from '../../../src/errors.ts';
import { toColumnLetters, toWorkbookPath } from '../../../src/input/sheets/workbook.ts';
import { validate } from '../../helpers/validate.ts';
import { podium } from '../../helpers/cli.ts';
import { fixture, FIXTURES, inScratch } from '../../helpers/files.ts';
import { textOf, toDocument, toFirstCell } from '../../helpers/dom.ts';
import {
  HOSTILE,
  toPeopleXml,
  toSheetXml,
  toWorkbook,
  toZip,
  withParts,
  withSheet,
  type Cell,
} from '../../helpers/workbooks.ts';

const HEADER = ['Name', 'Anzahl Eigenleads', 'Summe Netto-Volumen AB'];

/** A workbook part of one sheet, Tabelle1, with `more` after its sheets (`<calcPr …/>`). */
const toWorkbookXml = (more: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Tabelle1" sheetId="1" r:id="rId1"/></sheets>${more}</workbook>`;

/** Checks a contest file whose users are `users` (default Bericht.xlsx), with `workbook` written beside it. */
const checkWorkbook = (workbook: Buffer, options: { strict?: boolean; users?: string } = {}) =>
  inScratch(async (dir) => {
    const users = options.users ?? 'Bericht.xlsx';
    writeFileSync(join(dir, toWorkbookPath(users).path), workbook);
    const file = join(dir, 'contest.json');
    const text = fixture('valid.json').replace(/"users": \[[^]*\]/, `"users": ${JSON.stringify(users)}`);
    const { contests, problems } = await validate([{ file, bytes: Buffer.from(text) }], options);
    return {
      users: contests[0]?.contest.users,
      lines: problems.map((problem) => toLine(problem).replaceAll(`${dir}/`, '')),
      problems,
    };
  });

/** A sheet of `count` salespeople under the header, and `rows` placed after the first two. */
const withRows = (...rows: Cell[][]): Cell[][] => [
  HEADER,
  ['Sabine Hoffmann', 48, 412850.5],
  ['Mehmet Yılmaz', 45, 389120],
  ...rows,
];

const read = suite('a workbook as users');

read(
  'reads German titles, numbers as stored, formulas by their saved result, a number stored as text, from the first sheet',
  async () => {
    const workbook = toWorkbook({
      Tabelle1: [
        ['Vertriebswettbewerb Frühjahr'], // a title above the table
        [],
        [null, 'NAME', 'anzahl eigenleads', 'Summe Netto-Volumen AB', 'Region'],
        [null, 'Çağla Öztürk', 48, 412850.5, 'Nord'],
        [null, 'Mehmet Yılmaz', '45', { t: 'n', f: 'D4-23730.5', v: 389120 }, 'Süd'],
        [],
        [null, 'Ben Krüger', { t: 'n', f: 'C5-33', v: 12 }, null, ''],
        [null, '</script><script>alert(1)</script>', 0, -2450],
      ],
      Notizen: [['nur Notizen']],
    });
    const { users, lines } = await checkWorkbook(workbook);
    assert.equal(users, [
      { name: 'Çağla Öztürk', leadCount: 48, profit: 412850.5 },
      { name: 'Mehmet Yılmaz', leadCount: 45, profit: 389120 },
      { name: 'Ben Krüger', leadCount: 12, profit: 0 },
      { name: '</script><script>alert(1)</script>', leadCount: 0, profit: -2450 },
    ]);
    assert.equal(lines, [
      'Bericht.xlsx: Tabelle1!E3: note: users: column "Region" ignored; podium reads "Name", "Anzahl Eigenleads", "Summe Netto-Volumen AB"',
    ]);
  },
);

read('reads the sheet named after "#", in any case; a sheet it lacks is named with those it has', async () => {
  const workbook = toWorkbook({
    Übersicht: [['Summen']],
    'Stand 31.03.': [HEADER, ['Anna', 1, 10]],
  });
  assert.equal((await checkWorkbook(workbook, { users: 'Bericht.xlsx#stand 31.03.' })).users, [
    { name: 'Anna', leadCount: 1, profit: 10 },
  ]);
  assert.equal((await checkWorkbook(workbook, { users: 'Bericht.xlsx#Tabelle2' })).lines, [
    'contest.json:8:12: users: cannot read Bericht.xlsx: the workbook has no sheet "Tabelle2"; its sheets are "Übersicht", "Stand 31.03."',
  ]);
  // The first sheet, here not the table: its problem names it, quoted as Excel quotes it in a formula.
  assert.equal((await checkWorkbook(workbook)).lines, [
    'Bericht.xlsx: Übersicht!A1: users: no column "name" or "Name" and no column "leadCount" or "Anzahl Eigenleads" and no column "profit" or "Summe Netto-Volumen AB"; the first row, which names the columns, has "Summen"',
  ]);
  assert.equal((await checkWorkbook(toWorkbook({ "Q1 '27": withRows(['Anna', 1.5, 0]) }))).lines, [
    "Bericht.xlsx: 'Q1 ''27'!B4: users[2].leadCount: expected a whole number ≥ 0, got 1.5",
  ]);
});

read('names each problem by its sheet and cell, as Excel users say it', async () => {
  const rows: Cell[][] = [HEADER];
  for (let i = 0; i < 12; i += 1) rows.push([`Person ${i}`, 12 - i, 1000 * i]);
  rows.push(['Lea Zimmermann', 12.5, 100]); // users[12], row 14
  rows.push(['Paul Hartmann', { t: 'n', v: 46447, z: 'dd.mm.yyyy' }, 100]); // a date
  rows.push(['Jana Roth', '12,5', '412.850,50 €']); // text where numbers belong
  rows.push(['Uwe Kern', { t: 'e', v: 0x07, f: 'C2/0' }, true]); // #DIV/0!, a checkbox's TRUE
  rows.push([{ t: 'e', v: 0x2a, f: 'VLOOKUP(1,A1:A2,2)' }, 3, 1e15]); // #N/A as a name, an amount too large
  rows.push(['Ina Vogt', null, -2450]);
  rows.push([true, 1, 1]);
  rows.push([{ t: 'n', v: 46447, z: 'dd.mm.yyyy' }, 1, 1]);
  const { lines, users } = await checkWorkbook(toWorkbook({ Tabelle1: rows }));
  assert.is(users, undefined);
  assert.equal(lines, [
    'Bericht.xlsx: Tabelle1!B14: users[12].leadCount: expected a whole number ≥ 0, got 12.5',
    'Bericht.xlsx: Tabelle1!B15: users[13].leadCount: expected a whole number ≥ 0, got a date: format the cell as a number',
    'Bericht.xlsx: Tabelle1!B16: users[14].leadCount: expected a whole number ≥ 0, got the text "12,5": enter it as a number, without unit or thousands separator',
    'Bericht.xlsx: Tabelle1!C16: users[14].profit: expected an amount in euro, got the text "412.850,50 €": enter it as a number, without unit or thousands separator',
    'Bericht.xlsx: Tabelle1!B17: users[15].leadCount: expected a whole number ≥ 0, got the error #DIV/0!: correct the formula',
    'Bericht.xlsx: Tabelle1!C17: users[15].profit: expected an amount in euro, got TRUE',
    'Bericht.xlsx: Tabelle1!A18: users[16].name: expected a name, got the error #N/A',
    'Bericht.xlsx: Tabelle1!C18: users[16].profit: must be an amount from −1,000,000,000,000 to 1,000,000,000,000 euro (one trillion either way), got 1000000000000000',
    'Bericht.xlsx: Tabelle1!B19: users[17].leadCount: expected a whole number ≥ 0, got an empty cell',
    'Bericht.xlsx: Tabelle1!A20: users[18].name: expected a name, got TRUE',
    'Bericht.xlsx: Tabelle1!A21: users[19].name: expected a name, got a date',
  ]);
});

read(
  'says at the cell of an amount with more than two decimals what the page shows, but not of float noise',
  async () => {
    const workbook = toWorkbook({
      Tabelle1: withRows(
        ['Lea Zimmermann', 3, 12.345],
        ['Ben Krüger', 2, { t: 'n', f: 'C2*0.19', v: 78441.595 }],
        ['Uwe Kern', 1, { t: 'n', f: 'C3/3', v: 129706.66666666667 }],
        ['Ina Vogt', 1, 1234.5600000000002],
      ),
    });
    const { lines, users } = await checkWorkbook(workbook);
    assert.equal(lines, [
      'Bericht.xlsx: Tabelle1!C4: note: users[2].profit: 12,345 has more than two decimals; the page shows 12,35 €',
      'Bericht.xlsx: Tabelle1!C5: note: users[3].profit: 78.441,595 has more than two decimals; the page shows 78.441,60 €',
      'Bericht.xlsx: Tabelle1!C6: note: users[4].profit: 129.706,666666667 has more than two decimals; the page shows 129.706,67 €',
    ]);
    assert.is(users?.[5]?.profit, 1234.5600000000002, 'noise is kept, and shown as 1.234,56 €');
  },
);

read('tells to save once in Excel a formula whose result the file does not hold', async () => {
  // As a program that writes formulas without calculating them (a script, an export tool) leaves them.
  const workbook = withParts(toWorkbook({ Tabelle1: [HEADER] }), {
    'xl/worksheets/sheet1.xml': toSheetXml(
      '<row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c><c r="B1" t="inlineStr"><is><t>Anzahl Eigenleads</t></is></c><c r="C1" t="inlineStr"><is><t>profit</t></is></c></row>' +
        '<row r="2"><c r="A2" t="inlineStr"><is><t>Anna</t></is></c><c r="B2"><f>1+1</f></c></row>' +
        '<row r="3"><c r="A3" t="inlineStr"><is><t>Bert</t></is></c><c r="B3"><f>2+2</f><v>4</v></c></row>',
    ),
  });
  assert.equal((await checkWorkbook(workbook)).lines, [
    'Bericht.xlsx: Tabelle1!B2: users[0].leadCount: a formula without a saved result (the program that wrote the file does not calculate): open the file in Excel and save it once',
  ]);
});

read(
  'applies the CSV header rules: near misses and a second column are errors, a missing title names the row',
  async () => {
    const near = toWorkbook({
      Tabelle1: [
        ['Name', 'Anzahl Eigenleads', 'Summe Nettovolumen AB'],
        ['Anna', 1, 10],
      ],
    });
    assert.equal((await checkWorkbook(near)).lines, [
      'Bericht.xlsx: Tabelle1!C1: users: unknown column "Summe Nettovolumen AB" (did you mean "Summe Netto-Volumen AB"?): rename it, or the page would show none of its figures',
    ]);
    // No row names a column podium reads: the first row with something in it is taken for the header.
    const none = toWorkbook({ Tabelle1: [[], ['Nmae', 'Leads'], ['Anna', 1]] });
    assert.equal((await checkWorkbook(none)).lines, [
      'Bericht.xlsx: Tabelle1!A2: users: unknown column "Nmae" (did you mean "name"?): rename it, or the page would show none of its figures',
    ]);
    const twice = toWorkbook({
      Tabelle1: [
        ['Name', 'leadCount', 'Anzahl Eigenleads'],
        ['Anna', 1, 1],
      ],
    });
    assert.equal((await checkWorkbook(twice)).lines, [
      'Bericht.xlsx: Tabelle1!C1: users: a second column for leadCount: "leadCount" and "Anzahl Eigenleads"; keep one of them',
    ]);
    const missing = toWorkbook({ Tabelle1: [[], [null, null, 'Name', 'Umsatz'], [null, null, 'Anna', 1]] });
    assert.equal((await checkWorkbook(missing)).lines, [
      'Bericht.xlsx: Tabelle1!C2: users: no column "leadCount" or "Anzahl Eigenleads" and no column "profit" or "Summe Netto-Volumen AB"; the first row, which names the columns, has "", "", "Name", "Umsatz"',
    ]);
    assert.equal((await checkWorkbook(toWorkbook({ Leer: [] }))).lines, [
      'Bericht.xlsx: Leer!A1: users: the sheet is empty; its first row names the columns: name, leadCount, profit',
    ]);
    const untitled = toWorkbook({ Tabelle1: [HEADER, ['Anna', 1, 10, null, 'x']] });
    assert.equal((await checkWorkbook(untitled, { strict: true })).lines, [
      'Bericht.xlsx: Tabelle1!E2: note: users: column E (no title) ignored; podium reads "Name", "Anzahl Eigenleads", "Summe Netto-Volumen AB"',
    ]);
  },
);

read(
  '--format json carries the sheet and the cell; a GitHub annotation names the file and, in its message, the cell',
  () =>
    inScratch(async (dir) => {
      writeFileSync(join(dir, 'Bericht.xlsx'), toWorkbook({ Tabelle1: withRows(['Lea', 12.5, 1]) }));
      const text = fixture('valid.json').replace(/"users": \[[^]*\]/, '"users": "Bericht.xlsx"');
      writeFileSync(join(dir, 'contest.json'), text);
      const json = await podium(['validate', join(dir, 'contest.json'), '--format', 'json']);
      assert.is(json.status, 1);
      assert.equal(JSON.parse(json.stdout), [
        {
          file: join(dir, 'Bericht.xlsx'),
          line: 4,
          column: 2,
          sheet: 'Tabelle1',
          cell: 'B4',
          path: 'users[2].leadCount',
          message: 'expected a whole number ≥ 0, got 12.5',
          severity: 'error',
        },
      ]);
      const github = await podium(['validate', join(dir, 'contest.json')], { env: { GITHUB_ACTIONS: 'true' } });
      assert.match(
        github.stdout + github.stderr,
        `::error file=${join(dir, 'Bericht.xlsx')},title=podium%3A Fehler::Tabelle1!B4: users[2].leadCount: expected a whole number ≥ 0, got 12.5`,
      );
    }),
);

read("shows a name with a lone surrogate (Excel's _xD800_ escape) as the page does, with U+FFFD", async () => {
  const { users } = await checkWorkbook(toWorkbook({ Tabelle1: [HEADER, ['Ann_xD800_a', 1, 1]] }));
  assert.equal(users, [{ name: 'Ann\ufffda', leadCount: 1, profit: 1 }]);
});

read('names the workbook, without its sheet, among the files the contest comes from (for git and the dev server)', () =>
  inScratch(async (dir) => {
    writeFileSync(join(dir, 'Bericht.xlsx'), toWorkbook({ Tabelle2: withRows() }));
    const text = fixture('valid.json').replace(/"users": \[[^]*\]/, '"users": "Bericht.xlsx#Tabelle2"');
    const file = join(dir, 'contest.json');
    const { contests } = await validate([{ file, bytes: Buffer.from(text) }]);
    assert.equal(contests[0]?.files, [file, join(dir, 'Bericht.xlsx')]);
  }),
);

read('names columns as Excel does', () => {
  assert.equal([0, 1, 25, 26, 27, 51, 52, 701, 702, 16383].map(toColumnLetters), [
    'A',
    'B',
    'Z',
    'AA',
    'AB',
    'AZ',
    'BA',
    'ZZ',
    'AAA',
    'XFD',
  ]);
  assert.equal(toWorkbookPath('exports/Bericht #3.xlsx#Tabelle 2'), {
    path: 'exports/Bericht #3.xlsx',
    sheet: 'Tabelle 2',
  });
  assert.equal(toWorkbookPath('Bericht.XLSX'), { path: 'Bericht.XLSX' });
});

const build = suite('podium build with users from a workbook');

build('bakes the same page, byte for byte, as the same users written as JSON, and no word of the file', () =>
  inScratch(async (dir) => {
    const names = ['Sabine Hoffmann', 'Jürgen Größ', 'Thomas „Tom“ Müller', 'Françoise Lefèvre', 'Ben Krüger'];
    const rows: Cell[][] = [
      HEADER,
      ...names.map((name, i) => [name, 48 - i * 7, i === 4 ? null : 412850.5 - i * 1000]),
    ];
    writeFileSync(join(dir, 'Bericht.xlsx'), toWorkbook({ Tabelle1: rows }));
    const contest = JSON.parse(fixture('valid.json')) as Record<string, unknown>;
    writeFileSync(join(dir, 'from-xlsx.json'), JSON.stringify({ ...contest, users: 'Bericht.xlsx' }));
    const users = names.map((name, i) => ({
      name,
      leadCount: 48 - i * 7,
      ...(i !== 4 && { profit: 412850.5 - i * 1000 }),
    }));
    writeFileSync(join(dir, 'from-json.json'), JSON.stringify({ ...contest, users }));
    for (const name of ['from-xlsx', 'from-json']) {
      const run = await podium(['build', join(dir, `${name}.json`), '--out', join(dir, name)]);
      assert.is(run.status, 0, run.stderr);
    }
    const page = readFileSync(join(dir, 'from-xlsx/index.html'), 'utf8');
    assert.is(page, readFileSync(join(dir, 'from-json/index.html'), 'utf8'));
    assert.ok(page.includes('Thomas „Tom“ Müller'));
    assert.not.ok(page.includes('Bericht'), 'the page does not know where its users came from');
  }),
);

build('fails with the cell of each problem and leaves the page written before as it was', async () => {
  const run = await buildOver(toWorkbook({ Tabelle1: withRows(['Lea', -1, 1]) }));
  assert.is(run.status, 1);
  assert.match(
    run.lines.join('\n'),
    'Bericht.xlsx: Tabelle1!B4: users[2].leadCount: expected a whole number ≥ 0, got -1',
  );
  assert.ok(run.kept);
});

build('reads a history folder whose Stands are workbooks, CSV exports and lists side by side', () =>
  inScratch(async (dir) => {
    mkdirSync(join(dir, 'spring'));
    writeFileSync(
      join(dir, 'spring/2027-03-17.csv'),
      'Name;Anzahl Eigenleads;Summe Netto-Volumen AB\nAnna;1\nBert;2\n',
    );
    writeFileSync(
      join(dir, 'spring/2027-03-24.json'),
      '[{ "name": "Bert", "leadCount": 3 }, { "name": "Anna", "leadCount": 2 }]',
    );
    writeFileSync(
      join(dir, 'spring/2027-03-31.xlsx'),
      toWorkbook({ Export: [HEADER, ['Anna', 9, 1], ['Bert', 4, 2]] }),
    );
    const contest = JSON.parse(fixture('valid.json')) as Record<string, unknown>;
    writeFileSync(join(dir, 'spring.json'), JSON.stringify({ ...contest, users: 'spring/' }));
    const run = await podium(['build', join(dir, 'spring.json'), '--out', join(dir, 'site')]);
    assert.is(run.status, 0, run.stderr);
    // Anna climbed from the .json Stand's second place to the workbook's first.
    assert.match(run.stdout, '31.03.2027 gegenüber 24.03.2027: größter Sprung Anna +1');
    writeFileSync(join(dir, 'spring/2027-03-31.xlsx'), toWorkbook({ Export: [HEADER, ['Anna', 'neun', 1]] }));
    const broken = await podium(['build', join(dir, 'spring.json'), '--out', join(dir, 'site')]);
    assert.is(broken.status, 1);
    assert.match(
      broken.stderr,
      `spring/2027-03-31.xlsx: Export!B2: users[0].leadCount: expected a whole number ≥ 0, got the text "neun"`,
    );
  }),
);

const hostile = suite('podium build with a hostile workbook');

/** Builds a contest whose users are `workbook` over a page built before; the exit code, the lines, the page kept. */
const buildOver = (workbook: Buffer, args: string[] = []) =>
  inScratch(async (dir) => {
    const contest = JSON.parse(fixture('valid.json')) as Record<string, unknown>;
    writeFileSync(join(dir, 'contest.json'), JSON.stringify({ ...contest, users: 'Bericht.xlsx' }));
    writeFileSync(join(dir, 'Bericht.xlsx'), toWorkbook({ Tabelle1: withRows() }));
    assert.is((await podium(['build', join(dir, 'contest.json'), '--out', join(dir, 'site')])).status, 0);
    const before = readFileSync(join(dir, 'site/index.html'));
    writeFileSync(join(dir, 'Bericht.xlsx'), workbook);
    const run = await podium(['build', join(dir, 'contest.json'), '--out', join(dir, 'site'), ...args]);
    const lines = run.stderr.replaceAll(`${dir}/`, '').trim().split('\n');
    return {
      status: run.status,
      lines,
      kept: readFileSync(join(dir, 'site/index.html')).equals(before),
      stdout: run.stdout,
    };
  });

const SAVE = 'open it in Excel and save it as "Excel-Arbeitsmappe (*.xlsx)"';

hostile('sparse cells far out: one line at the cell, the page left as it was', async () => {
  for (const [workbook, line] of [
    [
      HOSTILE.farRow(),
      'Bericht.xlsx: Tabelle1!D900000000: users: something is past row 101,000, the last podium reads (a contest holds at most 100,000 salespeople): delete it, or keep the table in a workbook of its own',
    ],
    [
      HOSTILE.farColumn(),
      `Bericht.xlsx: Tabelle1!ZZZZZ2: users: a cell past column XFD, Excel's last: a damaged or hostile file; ${SAVE}`,
    ],
    [
      HOSTILE.emptyCells(70),
      "Bericht.xlsx: Tabelle1!A1: users: the sheet holds more than 1,000,000 cells, empty ones kept for their format included, far more than a contest's table: delete the rows and columns beyond the table, or copy the table into a workbook of its own",
    ],
    [
      withSheet(`${toPeopleXml(3)}<row\nr="101002"><c r="A101002" t="inlineStr"><is><t>Spät</t></is></c></row>`),
      'Bericht.xlsx: Tabelle1!A101002: users: something is past row 101,000, the last podium reads (a contest holds at most 100,000 salespeople): delete it, or keep the table in a workbook of its own',
    ],
  ] as const)
    assert.equal(await buildOver(workbook), { status: 1, lines: [line], kept: true, stdout: '' });
});

hostile('300,000 rows in a sheet that unpacks to 75 MB: the row limit, the page left as it was', async () => {
  assert.equal(await buildOver(HOSTILE.longSheet()), {
    status: 1,
    lines: [
      'contest.json:1:197: users: cannot read Bericht.xlsx: a sheet of it has more rows than a contest may hold (100,000 salespeople); podium reads the first 101,000 rows of a sheet: delete the rows beyond the table, or keep the table in a workbook of its own',
    ],
    kept: true,
    stdout: '',
  });
});

hostile('a stray cell in column XFD beside each person: the page, and a note', async () => {
  const run = await buildOver(HOSTILE.strayCells(300));
  assert.is(run.status, 0);
  assert.equal(run.lines, [
    'Bericht.xlsx: Tabelle1!XFD2: note: users: column XFD (no title) ignored; podium reads "Name", "Anzahl Eigenleads", "Summe Netto-Volumen AB"',
  ]);
  assert.match(run.stdout, '300 users');
});

hostile('no .xlsx, a DTD, too many texts: one line at the contest file, the page left as it was', async () => {
  const base = toWorkbook({ Tabelle1: withRows() });
  const ods = toZip({ mimetype: 'application/vnd.oasis.opendocument.spreadsheet', 'META-INF/manifest.xml': '<m/>' });
  const dtd = withParts(base, {
    'xl/sharedStrings.xml': '<!DOCTYPE sst [<!ENTITY a "b">]><sst><si><t>&a;</t></si></sst>',
  });
  const texts = withParts(base, { 'xl/sharedStrings.xml': `<sst>${'</si>'.repeat(1_000_001)}</sst>` });
  for (const [workbook, reason] of [
    [ods, `an OpenDocument file (.ods), not an Excel workbook (.xlsx): ${SAVE}`],
    [
      base.subarray(0, base.length - 100),
      `a damaged file, whose zip cannot be unpacked (cut short, or not a zip): ${SAVE}`,
    ],
    [
      dtd,
      `its part xl/sharedstrings.xml declares a DTD (<!DOCTYPE), which Excel never writes: a damaged or hostile file; ${SAVE}`,
    ],
    [
      texts,
      `its table of shared texts holds more than 300,000, far more than a contest's names: a damaged or hostile file; ${SAVE}`,
    ],
  ] as const) {
    const run = await buildOver(workbook);
    assert.equal(run, {
      status: 1,
      lines: [`contest.json:1:197: users: cannot read Bericht.xlsx: ${reason}`],
      kept: true,
      stdout: '',
    });
  }
});

read(
  'a formula outside the columns and rows read does not matter, though the workbook asks to be calculated',
  async () => {
    const workbook = withParts(toWorkbook({ Tabelle1: withRows([]) }), {
      'xl/workbook.xml': toWorkbookXml('<calcPr calcId="124519" fullCalcOnLoad="1"/>'),
      'xl/worksheets/sheet1.xml': toSheetXml(
        toPeopleXml(2, '<c r="D{r}"><f>B{r}*2</f><v>0</v></c>') +
          '<row r="4" hidden="1"><c r="A4" t="inlineStr"><is><t>Max</t></is></c><c r="B4"><f>1+1</f><v>0</v></c></row>',
      ),
    });
    const { users, lines } = await checkWorkbook(workbook);
    assert.equal(users, [
      { name: 'Person 1', leadCount: 2, profit: 0 },
      { name: 'Person 2', leadCount: 3, profit: 0 },
    ]);
    assert.equal(lines, [
      'Bericht.xlsx: Tabelle1!D2: note: users: column D (no title) ignored; podium reads "Name", "Anzahl Eigenleads", "Summe Netto-Volumen AB"',
      'Bericht.xlsx: Tabelle1!A4: warning: users: row 4 is hidden in Excel ("Max"): it is left out; show it in Excel, or delete it, if it is a person [hidden rows]',
    ]);
  },
);

read(
  'a number cell that holds no number, an unknown error code, a text formula without a result: errors at their cells',
  async () => {
    const xml =
      '<row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c><c r="B1" t="inlineStr"><is><t>Anzahl Eigenleads</t></is></c><c r="C1" t="inlineStr"><is><t>profit</t></is></c></row>' +
      '<row r="2"><c r="A2" t="inlineStr"><is><t>Anna</t></is></c><c r="B2"><v>1,5</v></c><c r="C2" t="n"><v>12abc</v></c></row>' +
      '<row r="3"><c r="A3" t="inlineStr"><is><t>Bert</t></is></c><c r="B3"><v>0x1A</v></c><c r="C3"><v> 5 </v></c></row>' +
      '<row r="4"><c r="A4" t="e"><v>#NV</v></c><c r="B4"><v>1</v></c><c r="C4" t="str"><f>A1&amp;"x"</f></c></row>';
    const { lines } = await checkWorkbook(withSheet(xml));
    const broken = (text: string, wanted = 'a number') =>
      `expected ${wanted}, got ${JSON.stringify(text)} stored as a number, which it is not: a damaged or hand-made file; enter the value in Excel and save the file there`;
    assert.equal(lines, [
      `Bericht.xlsx: Tabelle1!B2: users[0].leadCount: ${broken('1,5')}`,
      `Bericht.xlsx: Tabelle1!C2: users[0].profit: ${broken('12abc')}`,
      `Bericht.xlsx: Tabelle1!B3: users[1].leadCount: ${broken('0x1A')}`,
      `Bericht.xlsx: Tabelle1!C3: users[1].profit: ${broken(' 5 ')}`,
      'Bericht.xlsx: Tabelle1!A4: users[2].name: expected a name, got the error #NV',
      'Bericht.xlsx: Tabelle1!C4: users[2].profit: a formula without a saved result (the program that wrote the file does not calculate): open the file in Excel and save it once',
    ]);
    const missing = withSheet(`${toPeopleXml(1)}<row r="3"><c r="A3" t="s"><v>5</v></c><c r="B3"><v>1</v></c></row>`);
    assert.equal((await checkWorkbook(missing)).lines, [
      `Bericht.xlsx: Tabelle1!A3: users: the cell refers to shared text 5, which the workbook lacks (it holds 1): a damaged or hostile file; ${SAVE}`,
    ]);
  },
);

read(
  'rows hidden in Excel or by an AutoFilter are left out, with one warning that names them; --strict stops',
  async () => {
    const xml =
      toPeopleXml(2) +
      '<row r="4" hidden="1"><c r="A4" t="inlineStr"><is><t>Max Muster</t></is></c><c r="B4"><v>9</v></c></row>' +
      '<row r="5" hidden="1"/>' +
      '<row r="6" hidden="1"><c r="A6" t="inlineStr"><is><t>Eva Weiß</t></is></c><c r="B6"><v>3</v></c></row>' +
      '<row r="7"><c r="A7" t="inlineStr"><is><t>Zoe</t></is></c><c r="B7"><v>1</v></c></row>';
    const { users, lines } = await checkWorkbook(withSheet(xml));
    assert.equal(users, [
      { name: 'Person 1', leadCount: 2, profit: 0 },
      { name: 'Person 2', leadCount: 3, profit: 0 },
      { name: 'Zoe', leadCount: 1, profit: 0 },
    ]);
    const warning =
      'Bericht.xlsx: Tabelle1!A4: warning: users: rows 4, 6 are hidden in Excel ("Max Muster", "Eva Weiß"): they are left out; show them in Excel, or delete them, if they are people [hidden rows]';
    assert.equal(lines, [warning]);
    const strict = await checkWorkbook(withSheet(xml), { strict: true });
    assert.is(strict.users, undefined);
    assert.equal(strict.lines, [warning.replace('warning: ', '')]);
    const one = withSheet(
      `${toPeopleXml(2)}<row r="4" hidden="1"><c r="A4" t="inlineStr"><is><t>Max</t></is></c><c r="B4"><v>9</v></c></row>`,
    );
    assert.equal((await checkWorkbook(one)).lines, [
      'Bericht.xlsx: Tabelle1!A4: warning: users: row 4 is hidden in Excel ("Max"): it is left out; show it in Excel, or delete it, if it is a person [hidden rows]',
    ]);
  },
);

read('a column read though it is hidden in Excel: a warning, and with --strict an error', async () => {
  const workbook = readFileSync(join(FIXTURES, 'real/workbooks/hidden-column-only.xlsx'));
  const line =
    'Bericht.xlsx: Tabelle1!B1: users: column "Anzahl Eigenleads" is hidden in Excel, and read: show it in Excel, or delete it if its figures are not the ones to publish [hidden column: Anzahl Eigenleads]';
  assert.equal((await checkWorkbook(workbook)).lines, [line.replace('users:', 'warning: users:')]);
  const strict = await checkWorkbook(workbook, { strict: true });
  assert.equal([strict.users, strict.lines], [undefined, [line]]);
});

read('reads "Alias" and "Anonym" (ja, x, a checkbox TRUE), and says where an "Anonym" cell is neither', async () => {
  const header = [...HEADER, 'Alias', 'Anonym'];
  const good = toWorkbook({
    Tabelle1: [header, ['A A', 9, 500, 'Rakete', 'x'], ['B B', 2, 200, null, true], ['C C', 1, 100]],
  });
  const { users, lines } = await checkWorkbook(good);
  assert.equal(lines, []);
  assert.equal(users, [
    { name: 'A A', leadCount: 9, profit: 500, alias: 'Rakete', hidden: true },
    { name: 'B B', leadCount: 2, profit: 200, hidden: true },
    { name: 'C C', leadCount: 1, profit: 100 },
  ]);
  // "nein" (a column "Anonym (ja/nein)") names the person; a word that says neither is an error at its cell.
  const no = await checkWorkbook(toWorkbook({ Tabelle1: [header, ['A A', 9, 500, '', 'nein']] }));
  assert.equal([no.users, no.lines], [[{ name: 'A A', leadCount: 9, profit: 500 }], []]);
  const bad = await checkWorkbook(toWorkbook({ Tabelle1: [header, ['A A', 9, 500, '', 'vielleicht']] }));
  assert.equal(bad.lines, [
    'Bericht.xlsx: Tabelle1!E2: users[0].hidden: expected ja, x, yes or true (the person is not named), nein, no, false or an empty cell (named), got "vielleicht"',
  ]);
});

const real = suite('podium build with workbooks real programs wrote (test/fixtures/real/workbooks)');

/**
 * Bakes `file` of the real fixtures as the users of a contest ranked by volume with one winner (`users`, the contest
 * file's, `Bericht.xlsx` by default, names the file it is written as; `columns`, the contest file's): the exit code, the lines, and the page's rows as people
 * read them (place, name, leads, volume, whether a winner), or none when nothing was written.
 */
const bake = (
  file: string,
  { users = 'Bericht.xlsx', columns }: { users?: string; columns?: Record<string, string> } = {},
) =>
  inScratch(async (dir) => {
    writeFileSync(join(dir, users.replace(/#.*/, '')), readFileSync(join(FIXTURES, 'real/workbooks', file)));
    const contest = JSON.parse(fixture('valid.json')) as Record<string, unknown>;
    const own = { users, ranking: 'profit', solo_winners: 1, ...(columns && { columns }) };
    writeFileSync(join(dir, 'contest.json'), JSON.stringify({ ...contest, ...own }));
    const run = await podium(['build', join(dir, 'contest.json'), '--out', join(dir, 'site')]);
    const lines = run.stderr.replaceAll(`${dir}/`, '').trim().split('\n').filter(Boolean);
    const page = join(dir, 'site/index.html');
    if (!existsSync(page)) return { status: run.status, lines, written: existsSync(join(dir, 'site')) };
    const rows = [...toDocument(readFileSync(page)).querySelectorAll('tbody tr')].map((row) => {
      const { place, name } = toFirstCell(row);
      const figures = [...row.querySelectorAll('td')].map(textOf);
      return [place, name, ...figures, row.classList.contains('winner') ? 'winner' : ''].join(' | ');
    });
    return { status: run.status, lines, rows };
  });

const THIS_WEEK = [
  '1 | Sabine Hoffmann | 48 | 412.850,50\u00a0€ | winner',
  '2 | Mehmet Yılmaz | 45 | 389.120,00\u00a0€ | ',
  '3 | Ben Krüger | 12 | 1.000,00\u00a0€ | ',
];

real(
  'a hidden first sheet with last week\'s figures: the page is the visible, active sheet\'s; "#Vorwoche" reads it',
  async () => {
    for (const file of ['hidden-sheet.xlsx', 'hidden-sheet-libreoffice.xlsx', 'very-hidden-sheet.xlsx'])
      assert.equal(await bake(file), { status: 0, lines: [], rows: THIS_WEEK }, file);
    assert.equal(await bake('hidden-sheet.xlsx', { users: 'Bericht.xlsx#Vorwoche' }), {
      status: 0,
      lines: [],
      rows: [
        '1 | Ben Krüger | 50 | 300,00\u00a0€ | winner',
        '2 | Mehmet Yılmaz | 41 | 200,00\u00a0€ | ',
        '3 | Sabine Hoffmann | 30 | 100,00\u00a0€ | ',
      ],
    });
  },
);

real(
  "formulas XlsxWriter or openpyxl never calculated: one line at the first, nothing written; LibreOffice's figures baked",
  async () => {
    // XlsxWriter's: every volume was published as 0,00 €, everyone sharing place 1; openpyxl's: an error per cell.
    for (const file of ['formulas.xlsx', 'formulas-openpyxl.xlsx'])
      assert.equal(
        await bake(file),
        {
          status: 1,
          lines: [
            'Bericht.xlsx: Tabelle1!C2: users: a formula whose result was never calculated: the program that wrote the workbook does not calculate (it saved its formulas with 0 or no result) and asks for them to be calculated as it is opened; open it in Excel and save it once, or in LibreOffice recalculate it (Ctrl+Shift+F9) and save it',
          ],
          written: false,
        },
        file,
      );
    assert.equal(await bake('formulas-libreoffice.xlsx'), {
      status: 0,
      lines: [
        'Bericht.xlsx: Tabelle1!D1: note: users: columns "Januar", "Februar" ignored; podium reads "Name", "Anzahl Eigenleads", "Summe Netto-Volumen AB"',
      ],
      rows: THIS_WEEK,
    });
  },
);

real(
  'a hidden volume column beside its visible, corrected copy: an error at its title; read what "columns" names',
  async () => {
    const corrected = 'Summe Netto-Volumen AB (korrigiert)';
    assert.equal(await bake('hidden-column.xlsx'), {
      status: 1,
      lines: [
        `Bericht.xlsx: Tabelle1!C1: users: column "Summe Netto-Volumen AB" is hidden in Excel, beside the visible "${corrected}": name the one to read in "columns": { "profit": "${corrected}" }, or delete the hidden column (or show it, if its figures are the ones to publish)`,
      ],
      written: false,
    });
    assert.equal(await bake('hidden-column.xlsx', { columns: { profit: corrected } }), {
      status: 0,
      lines: [],
      rows: [
        '1 | Ben Krüger | 50 | 5.300,00\u00a0€ | winner',
        '2 | Mehmet Yılmaz | 41 | 5.200,00\u00a0€ | ',
        '3 | Sabine Hoffmann | 30 | 5.100,00\u00a0€ | ',
      ],
    });
  },
);

real(
  'two columns of one title, the first hidden: the visible one is read; a hidden column read alone is a warning',
  async () => {
    // The hidden column holds last week's volumes, the visible one this week's.
    assert.equal(await bake('hidden-column-twin.xlsx'), {
      status: 0,
      lines: [],
      rows: [
        '1 | Sabine Hoffmann | 30 | 412.850,50\u00a0€ | winner',
        '2 | Mehmet Yılmaz | 41 | 389.120,00\u00a0€ | ',
        '3 | Ben Krüger | 50 | 1.000,00\u00a0€ | ',
      ],
    });
    assert.equal(await bake('hidden-column-only.xlsx'), {
      status: 0,
      lines: [
        'Bericht.xlsx: Tabelle1!B1: warning: users: column "Anzahl Eigenleads" is hidden in Excel, and read: show it in Excel, or delete it if its figures are not the ones to publish [hidden column: Anzahl Eigenleads]',
      ],
      rows: THIS_WEEK,
    });
  },
);

real('zip names with backslashes, cell references in lower case: the page, as Excel shows the workbook', async () => {
  for (const file of ['backslashes.xlsx', 'lower-case-references.xlsx'])
    assert.equal(await bake(file), { status: 0, lines: [], rows: THIS_WEEK }, file);
});

real('an ID formatted 000000 is published as Excel shows it; a text of digits as it is', async () => {
  assert.equal((await bake('padded-names.xlsx')).rows, [
    '1 | 000123 | 48 | 412.850,50\u00a0€ | winner',
    '2 | 000124 | 45 | 389.120,00\u00a0€ | ',
    '3 | 125 | 12 | 1.000,00\u00a0€ | ',
  ]);
});

real(
  'a sheet named after "#" in an .xlsm, .ods or .xls file: the line to save it as .xlsx, nothing written',
  async () => {
    // Each was a schema error about the users list ("expected a list"), unlike the same file without "#".
    for (const users of ['Bericht.xlsm#Tabelle1', 'Bericht.ods#Tabelle1', 'Bericht.XLS#Tabelle1', 'Bericht.xlsm'])
      assert.equal(
        await bake('backslashes.xlsx', { users }),
        {
          status: 1,
          lines: [
            'contest.json:1:197: users: podium reads Excel workbooks as .xlsx and CSV files: save it as "Excel-Arbeitsmappe (*.xlsx)" (Excel: Datei → Speichern unter) beside the contest file, and name that .xlsx file here',
          ],
          written: false,
        },
        users,
      );
  },
);

read.run();
build.run();
hostile.run();
real.run();
