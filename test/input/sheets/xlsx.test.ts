// A workbook's bytes → a sheet's cells, and the broken and hostile workbooks that must end in one line of words.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import * as XLSX from '@e965/xlsx';
import { readWorkbook, SHEET_ROWS } from '../../../src/input/sheets/xlsx.ts';
import { toCompound, toSheetXml, toWorkbook, withParts } from '../../helpers/workbooks.ts';

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
  assert.ok(!('unreadable' in sheet));
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
  const zip = base();
  assert.match(unreadable(zip.subarray(0, zip.length / 2))!, /^not an Excel workbook that podium can read \(/);
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
    `its table of shared texts holds more than 1,000,000, far more than a contest's names: a damaged or hostile file; ${SAVE}`,
  );
  // A million is read; the sheet refers to its first two.
  const xml = toSheetXml('<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>');
  const sheet = readWorkbook(
    withParts(base(), { 'xl/sharedStrings.xml': texts(1_000_000), 'xl/worksheets/sheet1.xml': xml }),
  );
  assert.ok(!('unreadable' in sheet));
  assert.equal(sheet.rows[0], [
    { kind: 'text', text: 'Name' },
    { kind: 'text', text: 'Anzahl Eigenleads' },
  ]);
});

hostile('a million rows: the rows past a contest are not parsed, and the sheet is refused', () => {
  const rows = '<row><c t="inlineStr"><is><t>N</t></is></c><c><v>1</v></c></row>'.repeat(1_000_000);
  const xml = toSheetXml(rows).replace('<sheetData>', '<dimension ref="A1:B1000000"/><sheetData>');
  const sheet = readWorkbook(withParts(base(), { 'xl/worksheets/sheet1.xml': xml }));
  assert.ok(!('unreadable' in sheet));
  assert.ok(sheet.truncated);
  assert.is(sheet.rows.length, SHEET_ROWS);
});

hostile(
  'rows past a contest are found in a sheet without a dimension, or a wrong one; in another sheet they do not matter',
  () => {
    const rows = '<row><c t="inlineStr"><is><t>N</t></is></c></row>'.repeat(SHEET_ROWS + 10);
    const truncated = (bytes: Buffer, name?: string) => {
      const sheet = readWorkbook(bytes, name);
      assert.ok(!('unreadable' in sheet));
      return sheet.truncated;
    };
    assert.ok(truncated(withParts(base(), { 'xl/worksheets/sheet1.xml': toSheetXml(rows) })), 'no dimension');
    const wrong = toSheetXml(rows).replace('<sheetData>', '<dimension ref="A1"/><sheetData>');
    assert.ok(truncated(withParts(base(), { 'xl/worksheets/sheet1.xml': wrong })), 'a dimension of one cell');
    // A workbook of the table and its raw data: the table is read whole, the raw data only when it is named.
    const both = withParts(toWorkbook({ Tabelle1: [HEADER, ['Anna', 1]], Rohdaten: [['x']] }), {
      'xl/worksheets/sheet2.xml': toSheetXml(rows),
    });
    assert.not.ok(truncated(both));
    assert.ok(truncated(both, 'Rohdaten'));
  },
);

hostile('an XML entity expansion ("billion laughs") is not expanded', () => {
  const entities = Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i || ''};`.repeat(10)}">`);
  const strings = `<?xml version="1.0"?><!DOCTYPE sst [<!ENTITY l "lol">${entities.join('')}]><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>Name</t></si><si><t>&l9;</t></si></sst>`;
  const xml = toSheetXml('<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="s"><v>1</v></c></row>');
  const sheet = readWorkbook(withParts(base(), { 'xl/sharedStrings.xml': strings, 'xl/worksheets/sheet1.xml': xml }));
  assert.ok(!('unreadable' in sheet));
  assert.equal(sheet.rows[1], [{ kind: 'text', text: '&l9;' }]);
});

cells.run();
hostile.run();
