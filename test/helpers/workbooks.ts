// Excel workbooks for tests, written by SheetJS's writer as a spreadsheet program writes them (shared strings, number
// formats, formulas with their results), and broken or hostile ones made from them.
import * as XLSX from '@e965/xlsx';
import { deflateRawSync, InflateRaw } from 'node:zlib';

// node:zlib deflates a zip bomb's hundreds of megabytes in a second, SheetJS's own inflater in many (bytesRead, which
// SheetJS asks of it, is the alias Node deprecates for bytesWritten).
class Inflate extends InflateRaw {
  get bytesRead(): number {
    return this.bytesWritten;
  }
}
XLSX.CFB.utils.use_zlib({ InflateRaw: Inflate, deflateRawSync });

/** A cell: a value as Excel would hold it, or SheetJS's own cell object (a formula, a number format, an error). */
export type Cell = string | number | boolean | null | XLSX.CellObject;

/** An .xlsx file with these sheets, in this order; each row a list of cells from A1 on. */
export function toWorkbook(sheets: Record<string, readonly (readonly Cell[])[]>): Buffer {
  const book = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets))
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows as Cell[][]), name);
  // Excel keeps every text in one table of shared strings; the cells refer to it by number.
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', bookSST: true, compression: true }) as Buffer;
}

/**
 * The workbook with these parts of its zip replaced or added (`xl/worksheets/sheet1.xml`), or removed (`null`);
 * deflated, or `stored` as they are.
 */
export function withParts(
  workbook: Buffer,
  parts: Record<string, string | Buffer | null>,
  { stored = false }: { stored?: boolean } = {},
): Buffer {
  const zip = XLSX.CFB.read(workbook, { type: 'buffer' });
  for (const [path, content] of Object.entries(parts)) {
    XLSX.CFB.utils.cfb_del(zip, `/${path}`);
    if (content !== null)
      XLSX.CFB.utils.cfb_add(zip, `/${path}`, typeof content === 'string' ? Buffer.from(content) : content);
  }
  return XLSX.CFB.write(zip, { fileType: 'zip', compression: !stored, type: 'buffer' }) as Buffer;
}

/** A zip of these parts and nothing else: an OpenDocument file, an .xlsb workbook, as a test names it. */
export function toZip(parts: Record<string, string>): Buffer {
  const zip = XLSX.CFB.utils.cfb_new();
  for (const [path, content] of Object.entries(parts)) XLSX.CFB.utils.cfb_add(zip, `/${path}`, Buffer.from(content));
  return XLSX.CFB.write(zip, { fileType: 'zip', compression: true, type: 'buffer' }) as Buffer;
}

/** The hostile workbooks of the adversarial run (issue 27), each as its test and the bench's measure build it. */
export const HOSTILE = {
  /** A sheet of `people` and one cell far below, at D900000000. */
  farRow: (people = 3) =>
    withSheet(`${toPeopleXml(people)}<row r="${people + 2}"><c r="D900000000"><v>1</v></c></row>`),
  /** `rows` people, each with a cell at column ZZZZZ, past Excel's last column XFD. */
  farColumn: (rows = 50) => withSheet(toPeopleXml(rows, '<c r="ZZZZZ{r}"><v>1</v></c>')),
  /** `people` salespeople, each with one stray cell in column XFD: a real sheet, read with a note. */
  strayCells: (people = 10_000) => withSheet(toPeopleXml(people, '<c r="XFD{r}"><v>1</v></c>')),
  /**
   * `people` salespeople as LibreOffice writes a long sheet (about 250 bytes a row): 300,000 unpack to 75 MB, past
   * the 64 MB a part may unpack to.
   */
  longSheet: (people = 300_000) => {
    const row = (r: number) =>
      `<row r="${r}" customFormat="false" ht="12.8" hidden="false" customHeight="false" outlineLevel="0" collapsed="false"><c r="A${r}" s="0" t="inlineStr"><is><t>Person ${r}</t></is></c><c r="B${r}" s="0" t="n"><v>${r % 97}</v></c><c r="C${r}" s="0" t="n"><v>${r * 10.5}</v></c></row>`;
    return withSheet(toPeopleXml(0) + Array.from({ length: people }, (_, i) => row(i + 2)).join(''));
  },
  /** `rows` rows of 16,384 empty cells each, as formatting a whole row's cells leaves them. */
  emptyCells: (rows = 900) =>
    withSheet(
      `${toPeopleXml(1)}${Array.from({ length: rows }, (_, i) => `<row r="${i + 3}">${'<c/>'.repeat(16_384)}</row>`).join('')}`,
    ),
};

/** A header row and `people` rows of a name and a lead count (no volume: 0); `extra` added to each person's row (`{r}`: its row). */
export function toPeopleXml(people: number, extra = ''): string {
  const rows = [
    '<row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c><c r="B1" t="inlineStr"><is><t>Anzahl Eigenleads</t></is></c><c r="C1" t="inlineStr"><is><t>Summe Netto-Volumen AB</t></is></c></row>',
  ];
  for (let r = 2; r < people + 2; r += 1)
    rows.push(
      `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>Person ${r - 1}</t></is></c><c r="B${r}"><v>${r}</v></c>${extra.replaceAll('{r}', String(r))}</row>`,
    );
  return rows.join('');
}

/** A workbook whose first sheet's data is `rows` (XML of <row> elements). */
export function withSheet(rows: string): Buffer {
  return withParts(toWorkbook({ Tabelle1: [['x']] }), { 'xl/worksheets/sheet1.xml': toSheetXml(rows) });
}

/** A compound file (OLE2) holding these streams: an Excel 97–2003 workbook's container, or a password's. */
export function toCompound(streams: Record<string, Buffer>): Buffer {
  const file = XLSX.CFB.utils.cfb_new();
  for (const [name, content] of Object.entries(streams)) XLSX.CFB.utils.cfb_add(file, `/${name}`, content);
  return XLSX.CFB.write(file, { type: 'buffer' }) as Buffer;
}

/** A worksheet part whose sheetData is `rows` (XML of <row> elements), as `withParts` takes it. */
export function toSheetXml(rows: string): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;
}
