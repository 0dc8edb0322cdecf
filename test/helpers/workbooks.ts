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

/** The workbook with these parts of its zip replaced or added (`xl/worksheets/sheet1.xml`), deflated. */
export function withParts(workbook: Buffer, parts: Record<string, string | Buffer>): Buffer {
  const zip = XLSX.CFB.read(workbook, { type: 'buffer' });
  for (const [path, content] of Object.entries(parts)) {
    XLSX.CFB.utils.cfb_del(zip, `/${path}`);
    XLSX.CFB.utils.cfb_add(zip, `/${path}`, typeof content === 'string' ? Buffer.from(content) : content);
  }
  return XLSX.CFB.write(zip, { fileType: 'zip', compression: true, type: 'buffer' }) as Buffer;
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
