// A workbook's bytes → a sheet's cells, and the broken and hostile workbooks that must end in one line of words.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import * as XLSX from '@e965/xlsx';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readWorkbook, SHEET_ROWS, type Worksheet } from '../../../../src/input/sheets/xlsx/xlsx.ts';
import { FIXTURES } from '../../../helpers/files.ts';
import {
  HOSTILE,
  toCompound,
  toPeopleXml,
  toSheetXml,
  toWorkbook,
  toZip,
  withParts,
  withSheet,
} from '../../../helpers/workbooks.ts';

const HEADER = ['Name', 'Anzahl Eigenleads'];
const base = () => toWorkbook({ Tabelle1: [HEADER, ['Anna', 1]] });
const SAVE = 'open it in Excel and save it as "Excel-Arbeitsmappe (*.xlsx)"';

const cells = suite('readWorkbook()');

cells('reads each kind of cell as Excel stores it', () => {
  const sheet = readWorkbook(
    toWorkbook({
      Tabelle1: [
        ['Text', 1234.5, true, { t: 'n', v: 46447, z: 'dd.mm.yyyy' }, { t: 'e', v: 0x07, f: '1/0' }],
        [null, { t: 'n', f: 'B1*2', v: 2469 }, '12', ''],
      ],
    }),
  );
  assert.ok('rows' in sheet);
  assert.equal(sheet.rows, [
    [
      { kind: 'text', text: 'Text' },
      { kind: 'number', value: 1234.5, date: false },
      { kind: 'boolean', value: true },
      { kind: 'number', value: 46447, date: true },
      { kind: 'error', text: '#DIV/0!' },
    ],
    [undefined, { kind: 'number', value: 2469, date: false }, { kind: 'text', text: '12' }, { kind: 'text', text: '' }],
  ]);
});

const hostile = suite('a broken or hostile workbook');

const unreadable = (bytes: Uint8Array, name?: string) => {
  const read = readWorkbook(bytes, name);
  return 'unreadable' in read ? read.unreadable : undefined;
};

hostile('not a zip: a CSV file or a PDF named .xlsx', () => {
  for (const bytes of ['Name;Anzahl Eigenleads\nAnna;1\n', '%PDF-1.7', '', 'PK'])
    assert.is(unreadable(Buffer.from(bytes)), `not an Excel workbook (.xlsx): ${SAVE}`, JSON.stringify(bytes));
});

hostile('a zip that is no workbook, or a damaged one', () => {
  assert.match(
    unreadable(withParts(base(), { 'xl/workbook.xml': '<<<' }))!,
    /^not an Excel workbook that podium can read \(/,
  );
  // Cut short, as a download that broke off leaves it: SheetJS said "Unsupported ZIP Compression method NaN".
  const zip = base();
  for (const length of [zip.length / 2, zip.length - 30, 40])
    assert.is(
      unreadable(zip.subarray(0, length)),
      `a damaged file, whose zip cannot be unpacked (cut short, or not a zip): ${SAVE}`,
      String(length),
    );
});

hostile('a zip that is not .xlsx: an OpenDocument file, an .xlsb workbook, a Numbers file, any zip', () => {
  // A plain .ods renamed .xlsx was read as if it were a workbook; one with number-columns-repeated took 4.3 GB.
  const ods = toZip({
    mimetype: 'application/vnd.oasis.opendocument.spreadsheet',
    'META-INF/manifest.xml': '<manifest:manifest/>',
    'content.xml':
      '<office:document-content><table:table table:name="T"><table:table-row><table:table-cell table:number-columns-repeated="1000000"/></table:table-row></table:table></office:document-content>',
  });
  assert.is(unreadable(ods), `an OpenDocument file (.ods), not an Excel workbook (.xlsx): ${SAVE}`);
  const xlsb = withParts(base(), { 'xl/workbook.xml': null, 'xl/workbook.bin': Buffer.alloc(40, 1) });
  assert.is(unreadable(xlsb), `an Excel binary workbook (.xlsb), not an Excel workbook (.xlsx): ${SAVE}`);
  assert.is(unreadable(toZip({ 'Index/Document.iwa': 'x' })), `a Numbers file, not an Excel workbook (.xlsx): ${SAVE}`);
  assert.is(unreadable(toZip({ 'readme.txt': 'x' })), `a zip, not an Excel workbook (.xlsx): ${SAVE}`);
  const untyped = withParts(base(), { '[Content_Types].xml': null });
  assert.is(unreadable(untyped), `a zip, not an Excel workbook (.xlsx): ${SAVE}`);
});

hostile('an Excel 97–2003 workbook (.xls), and a password-protected one', () => {
  const xls = XLSX.write(XLSX.utils.book_new(XLSX.utils.aoa_to_sheet([HEADER])), { type: 'buffer', bookType: 'xls' });
  assert.is(unreadable(xls as Buffer), `it is an Excel 97–2003 workbook (.xls), which podium does not read: ${SAVE}`);
  // Excel keeps a workbook with a password as an encrypted package in a compound file.
  const encrypted = toCompound({ EncryptionInfo: Buffer.alloc(200, 4), EncryptedPackage: Buffer.alloc(9000, 7) });
  assert.is(unreadable(encrypted), `it is protected by a password, which podium cannot open: ${SAVE} without one`);
});

hostile('a zip bomb: a part that unpacks to 100 MB of a 100 kB file stops at 64 MB', () => {
  const bomb = withParts(base(), { 'xl/worksheets/sheet1.xml': Buffer.alloc(100 * 1024 * 1024, 0x20) });
  assert.ok(bomb.length < 200_000, `${bomb.length} bytes`);
  assert.is(
    unreadable(bomb),
    `a part of it unpacks to more than 64 MB, far more than 100,000 salespeople need: a damaged or hostile file; ${SAVE}`,
  );
  // A huge table of shared strings is such a part too.
  const strings = `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${'<si><t>x</t></si>'.repeat(4_000_000)}</sst>`;
  assert.match(unreadable(withParts(base(), { 'xl/sharedStrings.xml': strings }))!, /^a part of it unpacks to more/);
});

hostile('parts each within the bound, together past 128 MB; a table of more than a million shared texts', () => {
  const part = Buffer.alloc(50 * 1024 * 1024, 0x20);
  const many = withParts(base(), { 'xl/media/a.xml': part, 'xl/media/b.xml': part, 'xl/media/c.xml': part });
  assert.is(unreadable(many), `all its parts unpack to more than 128 MB: a damaged or hostile file; ${SAVE}`);
  const texts = (count: number) =>
    `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>Name</t></si><si><t>Anzahl Eigenleads</t></si>${'<si><t>x</t></si>'.repeat(count - 2)}</sst>`;
  assert.is(
    unreadable(withParts(base(), { 'xl/sharedStrings.xml': texts(1_000_001) })),
    `its table of shared texts holds more than 300,000, far more than a contest's names: a damaged or hostile file; ${SAVE}`,
  );
  // 300,000 are read (three text columns of 100,000 salespeople); the sheet refers to its first two.
  const xml = toSheetXml('<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>');
  const sheet = readWorkbook(
    withParts(base(), { 'xl/sharedStrings.xml': texts(300_000), 'xl/worksheets/sheet1.xml': xml }),
  );
  assert.ok('rows' in sheet);
  assert.equal(sheet.rows[0], [
    { kind: 'text', text: 'Name' },
    { kind: 'text', text: 'Anzahl Eigenleads' },
  ]);
});

/** The refusal of the sheet, where it is said, or what else readWorkbook returned. */
const refused = (bytes: Uint8Array, name?: string) => {
  const read = readWorkbook(bytes, name);
  return 'refused' in read ? `${read.name}!${read.row},${read.column}: ${read.refused}` : read;
};
const TOO_MANY_ROWS =
  'Tabelle1!0,0: the sheet has more rows than a contest may hold (100,000 salespeople); podium reads the first 101,000 rows of a sheet';

hostile('a million rows: the sheet is refused before it is parsed', () => {
  const rows = '<row><c t="inlineStr"><is><t>N</t></is></c><c><v>1</v></c></row>'.repeat(1_000_000);
  const xml = toSheetXml(rows).replace('<sheetData>', '<dimension ref="A1:B1000000"/><sheetData>');
  assert.is(refused(withParts(base(), { 'xl/worksheets/sheet1.xml': xml })), TOO_MANY_ROWS);
});

hostile(
  'rows past a contest are found in a sheet without a dimension, or a wrong one; in another sheet they do not matter',
  () => {
    const rows = '<row><c t="inlineStr"><is><t>N</t></is></c></row>'.repeat(SHEET_ROWS + 10);
    assert.is(refused(withParts(base(), { 'xl/worksheets/sheet1.xml': toSheetXml(rows) })), TOO_MANY_ROWS);
    const wrong = toSheetXml(rows).replace('<sheetData>', '<dimension ref="A1"/><sheetData>');
    assert.is(refused(withParts(base(), { 'xl/worksheets/sheet1.xml': wrong })), TOO_MANY_ROWS);
    // A workbook of the table and its raw data: the table is read whole, the raw data only when it is named.
    const both = withParts(toWorkbook({ Tabelle1: [HEADER, ['Anna', 1]], Rohdaten: [['x']] }), {
      'xl/worksheets/sheet2.xml': toSheetXml(rows),
    });
    assert.equal((readWorkbook(both) as { rows: unknown }).rows, [
      [
        { kind: 'text', text: 'Name' },
        { kind: 'text', text: 'Anzahl Eigenleads' },
      ],
      [
        { kind: 'text', text: 'Anna' },
        { kind: 'number', value: 1, date: false },
      ],
    ]);
    assert.is(refused(both, 'Rohdaten'), TOO_MANY_ROWS.replace('Tabelle1', 'Rohdaten'));
  },
);

hostile('a DTD in any part is refused: an entity is never shown as a name (`&lol9;`)', () => {
  const entities = Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i || ''};`.repeat(10)}">`);
  const strings = `<?xml version="1.0"?><!DOCTYPE sst [<!ENTITY l "lol">${entities.join('')}]><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>Name</t></si><si><t>&l9;</t></si></sst>`;
  const xml = toSheetXml('<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="s"><v>1</v></c></row>');
  assert.is(
    unreadable(withParts(base(), { 'xl/sharedStrings.xml': strings, 'xl/worksheets/sheet1.xml': xml })),
    `its part xl/sharedstrings.xml declares a DTD (<!DOCTYPE), which Excel never writes: a damaged or hostile file; ${SAVE}`,
  );
  const sheet = toSheetXml('<row r="1"><c r="A1"><v>1</v></c></row>').replace(
    '<worksheet',
    '<!DOCTYPE worksheet><worksheet',
  );
  assert.match(
    unreadable(withParts(base(), { 'xl/worksheets/sheet1.xml': sheet }))!,
    /^its part xl\/worksheets\/sheet1.xml declares a DTD/,
  );
});

hostile('shared texts are counted as SheetJS makes them: closing tags, any spacing, stored unpacked', () => {
  const TOO_MANY = `its table of shared texts holds more than 300,000, far more than a contest's names: a damaged or hostile file; ${SAVE}`;
  const sst = (body: string) => `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${body}</sst>`;
  const many = 1_000_001;
  // 13.3 million `</si>` in 99 kB took 1.05 GB; `<si\t>` about 700 MB; a part stored unpacked 701 MB.
  for (const [label, body, stored] of [
    ['closing tags alone', '</si>'.repeat(many), false],
    ['a tab in the tag', '<si\t><t>x</t></si>'.repeat(many), false],
    ['a line break and an attribute', '<si\n a="1"><t>x</t></si>'.repeat(many), false],
    ['self-closing', '<si/>'.repeat(many), false],
    ['stored unpacked', '<si><t>x</t></si>'.repeat(many), true],
  ] as const)
    assert.is(unreadable(withParts(base(), { 'xl/sharedStrings.xml': sst(body) }, { stored })), TOO_MANY, label);
});

hostile(
  "a sheet of sparse cells is read by the cells it holds, within Excel's grid and the rows a contest reads",
  () => {
    // 2.3 kB with a cell at D900000000 ran 163 s and died at 5.8 GB; 50 rows with a cell at ZZZZZ 48 s and 4.0 GB.
    assert.is(
      refused(HOSTILE.farRow()),
      'Tabelle1!899999999,3: something is past row 101,000, the last podium reads (a contest holds at most 100,000 salespeople): delete it, or keep the table in a workbook of its own',
    );
    assert.is(
      refused(HOSTILE.farColumn()),
      `Tabelle1!1,12356629: a cell past column XFD, Excel's last: a damaged or hostile file; ${SAVE}`,
    );
    // Rows written with a line break in the tag were passed over by the row count, and their people left out.
    const late = toPeopleXml(3) + '<row\nr="101002"><c r="A101002" t="inlineStr"><is><t>Spät</t></is></c></row>';
    assert.match(String(refused(withSheet(late))), /^Tabelle1!101001,0: something is past row 101,000/);
    // 900 rows of 16,384 empty cells took 9.3 s and 1.57 GB, and gave a page of no one.
    assert.is(
      refused(HOSTILE.emptyCells(70)),
      "Tabelle1!0,0: the sheet holds more than 1,000,000 cells, empty ones kept for their format included, far more than a contest's table: delete the rows and columns beyond the table, or copy the table into a workbook of its own",
    );
    // A cell at XFD in each row: the rows keep one entry for it, not 16,384.
    const read = readWorkbook(HOSTILE.strayCells(3));
    assert.ok('rows' in read);
    assert.equal(
      read.rows.map((row) => Object.keys(row)),
      [
        ['0', '1', '2'],
        ['0', '1', '16383'],
        ['0', '1', '16383'],
        ['0', '1', '16383'],
      ],
    );
  },
);

hostile('cells SheetJS misreads are read as the file has them', () => {
  const xml =
    toPeopleXml(0) +
    '<row r="2"><c r="A2"><v>1,5</v></c><c r="B2" t="n"><v>12abc</v></c><c r="C2"><v>0x1A</v></c><c r="D2"><v> 5 </v></c><c r="E2"><v>-1.5E3</v></c></row>' +
    '<row r="3"><c r="A3" t="e"><v>#NV</v></c><c r="B3" t="e"><v>#DIV/0!</v></c><c r="C3" t="str"><f>A1&amp;"x"</f></c><c r="D3" t="str"><f>""</f><v></v></c></row>';
  const read = readWorkbook(withSheet(xml));
  assert.ok('rows' in read);
  assert.equal(read.rows.slice(1), [
    [
      { kind: 'malformed', text: '1,5' },
      { kind: 'malformed', text: '12abc' },
      { kind: 'malformed', text: '0x1A' },
      { kind: 'malformed', text: ' 5 ' },
      { kind: 'number', value: -1500, date: false },
    ],
    [
      { kind: 'error', text: '#NV' },
      { kind: 'error', text: '#DIV/0!' },
      { kind: 'uncalculated' },
      { kind: 'text', text: '' },
    ],
  ]);
  // A shared text the workbook lacks failed the whole sheet in SheetJS: "the workbook has no sheet".
  const missing = toSheetXml(
    '<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="s"><v>7</v></c></row>',
  );
  assert.is(
    refused(withParts(base(), { 'xl/worksheets/sheet1.xml': missing })),
    `Tabelle1!1,0: the cell refers to shared text 7, which the workbook lacks (it holds 3): a damaged or hostile file; ${SAVE}`,
  );
});

cells(
  'texts in cells read as the shared texts are: entities, UTF-8, rich-text runs; an ISO date as its day number',
  () => {
    const xml =
      toPeopleXml(0) +
      '<row r="2"><c r="A2" t="inlineStr"><is><r><rPr><b/></rPr><t>Meier &amp; </t></r><r><t>Söhne</t></r></is></c>' +
      '<c r="B2" t="str"><f>A2</f><v>Yılmaz &lt;Team&gt;</v></c><c r="C2" t="d"><v>2027-03-01</v></c>' +
      '<c r="D2" t="b"><v>1</v></c><c r="E2" s="99"><v>7</v></c></row>';
    const read = readWorkbook(withSheet(xml));
    assert.ok('rows' in read);
    assert.equal(read.rows[1], [
      { kind: 'text', text: 'Meier & Söhne' },
      { kind: 'text', text: 'Yılmaz <Team>' },
      { kind: 'number', value: 46447, date: false },
      { kind: 'boolean', value: true },
      { kind: 'number', value: 7, date: false },
    ]);
  },
);

hostile('rows hidden in Excel, by hand or by an AutoFilter, are told apart', () => {
  const xml =
    toPeopleXml(2) +
    '<row r="4" hidden="1"><c r="A4" t="inlineStr"><is><t>Max</t></is></c></row><row r="5" spans="1:2" hidden="true"/>';
  const read = readWorkbook(withSheet(xml));
  assert.ok('hidden' in read);
  assert.equal(read.hidden, [3, 4]);
});

const real = suite('workbooks as real programs wrote them (test/fixtures/real/workbooks)');

const REAL = (name: string) => readFileSync(join(FIXTURES, 'real/workbooks', name));
/** The sheet read of a fixture, as its name and its rows' texts and numbers; or what else readWorkbook returned. */
const shown = (name: string, sheet?: string) => {
  const read = readWorkbook(REAL(name), sheet);
  if (!('rows' in read)) return read;
  const value = (cell: unknown) =>
    (cell as { text?: string; value?: unknown }).text ?? (cell as { value: unknown }).value;
  return { name: read.name, rows: read.rows.map((row) => row.map(value)) };
};
const HEADER3 = ['Name', 'Anzahl Eigenleads', 'Summe Netto-Volumen AB'];
const NOW = [HEADER3, ['Sabine Hoffmann', 48, 412850.5], ['Mehmet Yılmaz', 45, 389120], ['Ben Krüger', 12, 1000]];
const LAST_WEEK = [HEADER3, ['Sabine Hoffmann', 30, 100], ['Mehmet Yılmaz', 41, 200], ['Ben Krüger', 50, 300]];

real('without "#", the sheet Excel opens at: never a hidden one before it; a hidden one by its name', () => {
  // XlsxWriter: "Vorwoche" hidden, "Aktuell" active; LibreOffice saved it again; openpyxl: "Vorwoche" very hidden,
  // "Notizen" visible, "Aktuell" active. Each was read as "Vorwoche": last week's figures.
  for (const file of ['hidden-sheet.xlsx', 'hidden-sheet-libreoffice.xlsx', 'very-hidden-sheet.xlsx'])
    assert.equal(shown(file), { name: 'Aktuell', rows: NOW }, file);
  assert.equal(shown('hidden-sheet.xlsx', 'vorwoche'), { name: 'Vorwoche', rows: LAST_WEEK });
  assert.equal(shown('very-hidden-sheet.xlsx', 'Vorwoche'), { name: 'Vorwoche', rows: LAST_WEEK });
});

real(
  'an active sheet that is hidden gives way to the first visible one; a workbook of hidden sheets names them',
  () => {
    const book = toWorkbook({ Alt: [['alt']], Neu: [['neu']], Leer: [['leer']] });
    const workbook = (sheets: string, view: string) =>
      withParts(book, {
        'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><bookViews>${view}</bookViews><sheets>${sheets}</sheets></workbook>`,
      });
    const sheet = (name: string, id: number, state = 'visible') =>
      `<sheet name="${name}" sheetId="${id}" state="${state}" r:id="rId${id}"/>`;
    const hidden = workbook(
      sheet('Alt', 1, 'hidden') + sheet('Neu', 2) + sheet('Leer', 3, 'hidden'),
      '<workbookView activeTab="2"/>',
    );
    assert.is((readWorkbook(hidden) as Worksheet).name, 'Neu');
    const all = workbook(sheet('Alt', 1, 'hidden') + sheet('Neu', 2, 'veryHidden'), '<workbookView/>');
    assert.is(
      unreadable(all),
      'every sheet of the workbook is hidden in Excel; name the one to read after "#" ("Alt", "Neu")',
    );
  },
);

real('zip names with backslashes and cell references in lower case, as Excel reads them', () => {
  // Were "a zip, not an Excel workbook (.xlsx)" and "a cell past column XFD, Excel's last: a damaged or hostile file".
  assert.equal(shown('backslashes.xlsx'), { name: 'Tabelle1', rows: NOW });
  assert.equal(shown('lower-case-references.xlsx'), { name: 'Tabelle1', rows: NOW });
});

real(
  'formulas of a workbook that asks to be calculated as it opens are told apart; LibreOffice calculated them',
  () => {
    // XlsxWriter saves =SUM(D2:E2) with the result 0, and fullCalcOnLoad="1" in workbook.xml.
    const xlsxwriter = readWorkbook(REAL('formulas.xlsx')) as Worksheet;
    assert.equal(xlsxwriter.rows[1]?.[2], { kind: 'number', value: 0, date: false });
    assert.equal(xlsxwriter.stale, [
      { row: 1, column: 2 },
      { row: 2, column: 2 },
      { row: 3, column: 2 },
    ]);
    const libreoffice = readWorkbook(REAL('formulas-libreoffice.xlsx')) as Worksheet;
    assert.equal(libreoffice.rows[1]?.[2], { kind: 'number', value: 412850.5, date: false });
    assert.is(libreoffice.stale, undefined);
  },
);

real('columns hidden in Excel are named, however a <col> range gives them', () => {
  assert.equal([...(readWorkbook(REAL('hidden-column.xlsx')) as Worksheet).hiddenColumns], [2]);
  assert.equal([...(readWorkbook(REAL('padded-names.xlsx')) as Worksheet).hiddenColumns], []);
  const cols = (xml: string) =>
    withParts(base(), {
      'xl/worksheets/sheet1.xml': toSheetXml(toPeopleXml(1)).replace('<sheetData>', `<cols>${xml}</cols><sheetData>`),
    });
  const hidden = (xml: string) => [...(readWorkbook(cols(xml)) as Worksheet).hiddenColumns];
  assert.equal(hidden('<col min="2" max="3" hidden="true"/><col min="5" max="5" width="0"/>'), [1, 2]);
  // Every column from F on hidden, as a tidy report hides them: 16,379 columns, from one range.
  assert.is(hidden('<col min="6" max="16384" hidden="1"/>').length, 16_379);
  assert.equal(hidden('<col min="0" max="99999999" hidden="1"/>').length, 16_384);
});

real('a number formatted 000000 keeps its format for the name it shows; a text of digits is text', () => {
  const rows = (readWorkbook(REAL('padded-names.xlsx')) as Worksheet).rows;
  assert.equal(
    rows.slice(1).map((row) => row[0]),
    [
      { kind: 'number', value: 123, date: false, format: '000000' },
      { kind: 'text', text: '000124' },
      { kind: 'number', value: 125, date: false },
    ],
  );
});

hostile('300,000 rows, a part past 64 MB: the row limit, not a zip bomb', () => {
  // Said as a zip bomb: "a part of it unpacks to more than 64 MB".
  assert.is(
    unreadable(HOSTILE.longSheet()),
    'a sheet of it has more rows than a contest may hold (100,000 salespeople); podium reads the first 101,000 rows of a sheet: delete the rows beyond the table, or keep the table in a workbook of its own',
  );
});

cells.run();
hostile.run();
real.run();
