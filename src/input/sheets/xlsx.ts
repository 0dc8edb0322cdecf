// An Excel workbook's bytes → the cells of one of its sheets, as Excel stores them, with SheetJS (the registry's
// @e965/xlsx, SheetJS Community Edition republished unchanged; its mini build, which reads .xlsx). Only bytes that are
// a zip reach it, and no part of the zip unpacks past a bound: a hostile file is refused in words, in bounded time.
import { InflateRaw, deflateRawSync, type ZlibOptions } from 'node:zlib';
import XLSX from '@e965/xlsx/dist/xlsx.mini.min.js';
import { LIMITS } from '../../contest/limits.ts';

/** A cell as Excel stores it; an empty one is `undefined`. */
export type Cell =
  | { kind: 'text'; text: string }
  /** `date`: shown as a date or time by its number format (Excel stores dates as numbers of days). */
  | { kind: 'number'; value: number; date: boolean }
  | { kind: 'boolean'; value: boolean }
  /** An error value Excel shows in the cell: `#DIV/0!`, `#N/A` (German Excel's `#NV`). */
  | { kind: 'error'; text: string }
  /** A formula whose result the file does not hold: written by a program that does not calculate. */
  | { kind: 'uncalculated' };

/** One sheet: `rows[r][c]` is the cell in Excel's row r + 1 and column c + 1. */
export type Worksheet = { name: string; rows: (Cell | undefined)[][]; truncated: boolean };

/** The most any part of a workbook may unpack to: the most a file may be (a zip bomb unpacks to gigabytes). */
export const PART_BYTES = LIMITS.fileBytes;
/** The most all parts of a workbook may unpack to together: a table and its raw data beside it. */
export const TOTAL_BYTES = 2 * LIMITS.fileBytes;
/** The most texts a shared-strings table may hold: each costs SheetJS about 200 bytes of memory. */
export const MAX_TEXTS = 1_000_000;
const MAX_TEXTS_TEXT = '1,000,000';

/** A workbook refused as it is unpacked: too large, or too many texts. */
class TooLarge extends Error {}

/** Rows read of a sheet: a contest's most salespeople, a header and room for empty rows; more are not parsed. */
export const SHEET_ROWS = LIMITS.users + 1_000;
export const SHEET_ROWS_TEXT = '101,000';

// A compound file (OLE2): an Excel 97–2003 workbook, or any workbook with a password, which Excel encrypts.
const COMPOUND = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ENCRYPTED = Buffer.from('EncryptedPackage', 'utf16le');
const ZIP = Buffer.from('PK\x03\x04', 'latin1');
const [LT, GT, SLASH, COLON, SPACE] = [...Buffer.from('<>/: ')] as [number, number, number, number, number];
const SAVE = 'open it in Excel and save it as "Excel-Arbeitsmappe (*.xlsx)"';

// SheetJS unpacks with node:zlib when given it (faster than its own inflater), here one that stops at PART_BYTES a
// part and TOTAL_BYTES a workbook, and counts the texts of a shared-strings table (one <si> each) as it unpacks it.
// bytesRead is what SheetJS asks of it, an alias Node deprecates: the same figure under its current name.
let unpacked = 0;
class Bounded extends InflateRaw {
  constructor(options?: ZlibOptions) {
    super({ ...options, maxOutputLength: PART_BYTES });
  }
  get bytesRead(): number {
    return this.bytesWritten;
  }
  // SheetJS unpacks each part with one call of this (Node's own synchronous path).
  _processChunk(chunk: Uint8Array, flush: number): Buffer {
    const part = (InflateRaw.prototype as unknown as Chunked)._processChunk.call(this, chunk, flush);
    unpacked += part.length;
    if (unpacked > TOTAL_BYTES) throw new TooLarge(`all its parts unpack to more than ${toMb(TOTAL_BYTES)}`);
    if (countTexts(part) > MAX_TEXTS)
      throw new TooLarge(
        `its table of shared texts holds more than ${MAX_TEXTS_TEXT}, far more than a contest's names`,
      );
    return part;
  }
}
type Chunked = { _processChunk: (chunk: Uint8Array, flush: number) => Buffer };
XLSX.CFB.utils.use_zlib({ InflateRaw: Bounded, deflateRawSync });

/**
 * The sheet `name` of a workbook (any case, as Excel matches names), or its first; or in words why it is not read.
 */
export function readWorkbook(bytes: Uint8Array, name?: string): Worksheet | { unreadable: string } {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 8));
  if (head.equals(COMPOUND))
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).includes(ENCRYPTED)
      ? { unreadable: `it is protected by a password, which podium cannot open: ${SAVE} without one` }
      : { unreadable: `it is an Excel 97–2003 workbook (.xls), which podium does not read: ${SAVE}` };
  if (!head.subarray(0, 4).equals(ZIP)) return { unreadable: `not an Excel workbook (.xlsx): ${SAVE}` };
  let book: XLSX.WorkBook;
  unpacked = 0;
  try {
    book = XLSX.read(bytes, {
      type: 'buffer',
      dense: true,
      sheets: name ?? 0,
      sheetRows: SHEET_ROWS,
      cellFormula: true,
      // Without stubs SheetJS drops a formula that has no saved result, as if its cell were empty.
      sheetStubs: true,
      cellNF: true,
      cellHTML: false,
      cellText: false,
      cellStyles: false,
      // The parts as unpacked, for the rows SheetJS passed over in a sheet without a dimension (see isCut).
      bookFiles: true,
    });
  } catch (error) {
    return { unreadable: toUnreadable(error) };
  }
  const found = name === undefined ? book.SheetNames[0] : book.SheetNames.find((sheet) => same(sheet, name));
  const sheet = found === undefined ? undefined : book.Sheets[found];
  if (found === undefined || !sheet) {
    const names = book.SheetNames.map((sheet) => JSON.stringify(sheet)).join(', ');
    return {
      unreadable:
        name === undefined
          ? 'the workbook has no sheet'
          : `the workbook has no sheet ${JSON.stringify(name)}; its sheets are ${names || 'none'}`,
    };
  }
  const data = (sheet['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];
  const rows = Array.from(data, (row) => (row ? Array.from(row, toCell) : []));
  const parts = (book as { files?: Record<string, { content?: Uint8Array }> }).files ?? {};
  const truncated =
    (sheet['!fullref'] !== undefined && sheet['!fullref'] !== sheet['!ref']) ||
    toSheetParts(book, found).some((path) => isCut(parts[path]?.content));
  return { name: found, rows, truncated };
}

/**
 * The part that holds the sheet `name`, `xl/worksheets/sheet1.xml`, found as SheetJS finds it: the sheet's
 * relationship id in the workbook, its target in the workbook's relationships. Where that fails, every worksheet.
 */
function toSheetParts(book: XLSX.WorkBook, name: string): string[] {
  const read = book as {
    Directory?: { sheets?: string[] };
    files?: Record<string, { content?: Uint8Array }>;
    Workbook?: { Sheets?: { name?: string; id?: string }[] };
  };
  const all = (read.Directory?.sheets ?? []).map((path) => path.replace(/^\//, ''));
  const id = read.Workbook?.Sheets?.find((sheet) => sheet.name === name)?.id;
  const rels = read.files?.['xl/_rels/workbook.xml.rels']?.content;
  if (!id || !rels) return all;
  for (const [tag] of Buffer.from(rels)
    .toString('utf8')
    .matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
    if (/\sId="([^"]*)"/.exec(tag)?.[1] !== id) continue;
    const target = /\sTarget="([^"]*)"/.exec(tag)?.[1];
    if (!target) break;
    const path = target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
    return all.includes(path) ? [path] : all;
  }
  return all;
}

/**
 * Whether a sheet's XML has rows past SHEET_ROWS, which SheetJS passes over: it says so only when the sheet's
 * dimension is right, which not every program that writes .xlsx files makes it. One sweep over the part.
 */
export function isCut(xml: Uint8Array | undefined): boolean {
  if (!xml) return false;
  const text = Buffer.from(xml.buffer, xml.byteOffset, xml.length);
  let row = 0;
  // <row …> or <x:row …>: its r attribute, or the one after the row before. Read in the bytes: no copy of the part.
  for (let at = text.indexOf('row'); at !== -1; at = text.indexOf('row', at + 3)) {
    const [before, after] = [text[at - 1], text[at + 3]];
    if ((before !== LT && before !== COLON) || (after !== SPACE && after !== GT && after !== SLASH)) continue;
    const end = text.indexOf(GT, at);
    const r = /\sr="(\d+)"/.exec(text.toString('latin1', at + 3, end === -1 ? text.length : end));
    row = r ? Number(r[1]) : row + 1;
    if (row > SHEET_ROWS) return true;
  }
  return false;
}

/** An .xlsx file of one sheet holding `rows`, as Excel would save it: the example of a new contest repository. */
export function toWorkbookBytes(sheet: string, rows: (string | number)[][]): Uint8Array {
  const book = XLSX.utils.book_new(XLSX.utils.aoa_to_sheet(rows), sheet);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', bookSST: true, compression: true }) as Uint8Array;
}

/** How many shared-string texts (`<si>`, `<x:si>`) a part holds; 0 for any other part. One sweep over its bytes. */
function countTexts(part: Buffer): number {
  let count = 0;
  for (let at = part.indexOf('si'); at !== -1; at = part.indexOf('si', at + 2)) {
    const [before, after] = [part[at - 1], part[at + 2]];
    if ((before === LT || before === COLON) && (after === GT || after === SPACE)) count += 1;
  }
  return count;
}

function toMb(bytes: number): string {
  return `${bytes / 1024 / 1024} MB`;
}

function same(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

function toCell(cell: XLSX.CellObject | undefined): Cell | undefined {
  if (!cell) return undefined;
  // A formula Excel has calculated keeps its result in the file; one written by a program that does not, none.
  if (cell.v === undefined || cell.t === 'z') return cell.f ? { kind: 'uncalculated' } : undefined;
  switch (cell.t) {
    case 'n':
      return { kind: 'number', value: cell.v as number, date: typeof cell.z === 'string' && XLSX.SSF.is_date(cell.z) };
    case 's':
      return { kind: 'text', text: String(cell.v) };
    case 'b':
      return { kind: 'boolean', value: cell.v === true };
    case 'e':
      return { kind: 'error', text: ERRORS[cell.v as number] ?? '#ERROR' };
    case 'd':
      return { kind: 'number', value: Number(cell.v), date: true };
    default:
      return undefined;
  }
}

// Excel's error values by the codes SheetJS stores them as.
const ERRORS: Record<number, string> = {
  0x00: '#NULL!',
  0x07: '#DIV/0!',
  0x0f: '#VALUE!',
  0x17: '#REF!',
  0x1d: '#NAME?',
  0x24: '#NUM!',
  0x2a: '#N/A',
  0x2b: '#GETTING_DATA',
};

/** What SheetJS (or the bounded unpacking) said of a file it could not read, in a publisher's words. */
function toUnreadable(error: unknown): string {
  if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
    return `a part of it unpacks to more than ${toMb(PART_BYTES)}, far more than 100,000 salespeople need: a damaged or hostile file; ${SAVE}`;
  if (error instanceof TooLarge) return `${error.message}: a damaged or hostile file; ${SAVE}`;
  const reason = error instanceof Error ? error.message : String(error);
  return `not an Excel workbook that podium can read (${reason.slice(0, 80)}): ${SAVE}`;
}
