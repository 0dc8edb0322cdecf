// A workbook's shared texts, read as SheetJS reads them.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import * as XLSX from '@e965/xlsx';
import { readTexts, toTextParts } from '../../../../src/input/sheets/xlsx/texts.ts';
import { toWorkbook, withParts } from '../../../helpers/workbooks.ts';

const SHARED = [
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
  '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="6" uniqueCount="6">',
  '<si><t>Name</t></si>',
  '<si><t xml:space="preserve">Meier &amp; Söhne_x000D_</t></si>',
  '<si><r><rPr><b/></rPr><t>Anna </t></r><r><t>Yılmaz</t></r><rPh sb="0" eb="1"><t>x</t></rPh></si>',
  '<si><t/></si>',
  '<si/>',
  '<si><t>a\r\nb</t></si>',
  '</sst>',
].join('');

const texts = suite('readTexts()');

texts('each text as SheetJS reads the same table', () => {
  const workbook = withParts(toWorkbook({ Tabelle1: [['Name']] }), { 'xl/sharedStrings.xml': SHARED });
  const book = XLSX.read(workbook, { type: 'buffer', cellHTML: false }) as unknown as { Strings: { t?: string }[] };
  const sheetjs = book.Strings;
  const read = readTexts(Buffer.from(SHARED));
  assert.equal(
    read,
    sheetjs.map((text) => text.t),
  );
  assert.equal(read.slice(0, 3), ['Name', 'Meier & Söhne\r', 'Anna Yılmaz']);
});

texts('a part without a table', () => {
  assert.equal(readTexts(Buffer.from('<sst/>')), []);
  assert.equal(readTexts(Buffer.from('')), []);
});

const parts = suite('toTextParts()');

parts('the parts [Content_Types].xml names as shared texts', () => {
  const types =
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/SharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>';
  assert.equal(toTextParts(Buffer.from(types)), ['xl/sharedstrings.xml']);
  assert.equal(toTextParts(undefined), []);
});

texts.run();
parts.run();
