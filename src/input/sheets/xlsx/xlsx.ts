// An Excel workbook's bytes → the cells of one of its sheets, as Excel stores them. Only an .xlsx zip is read,
// unpacked within bounds (zip.ts). SheetJS (the registry's @e965/xlsx, SheetJS Community Edition republished
// unchanged; its mini build, which reads .xlsx) reads the workbook's parts but its sheets, each put in place as an
// empty one: the sheets' names and which one Excel shows, the shared texts, the number formats. The sheet read is
// read by one sweep of its XML (scan.ts), cell by cell (cell.ts), refused as soon as it is past its bounds. A hostile
// file ends in words, in bounded time.
import XLSX from '@e965/xlsx/dist/xlsx.mini.min.js';
import { LIMITS_TEXT } from '../../../contest/limits.ts';
import type { Book, Cell } from './cell.ts';
import { scanSheet, type Scan } from './scan.ts';
import { Sheet, SHEET_ROWS, SHEET_ROWS_TEXT, type Refused } from './sheet.ts';
import { readTexts, toTextParts } from './texts.ts';
import { HOSTILE, replacePart, SAVE, unzip, type Zip } from './zip.ts';

/**
 * One sheet: `rows[r][c]` is the cell in Excel's row r + 1 and column c + 1. Both lists are sparse (a row with one
 * cell at XFD has one entry, not 16,384): walk them with `Object.keys`, never by index or `forEach`.
 */
export type Worksheet = {
  name: string;
  rows: (Cell | undefined)[][];
  /** Rows hidden in Excel, by hand or by an AutoFilter, 0-based, top to bottom. */
  hidden: number[];
  /** Columns hidden in Excel, 0-based. */
  hiddenColumns: ReadonlySet<number>;
  /**
   * Formula cells, top to bottom, of a workbook that asks to be calculated as it is opened (`fullCalcOnLoad`): their
   * saved results are no figures (XlsxWriter saves each formula with the result 0).
   */
  stale?: { row: number; column: number }[];
};
export { SHEET_ROWS, SHEET_ROWS_TEXT, type Refused } from './sheet.ts';

/** Cells read of a sheet, empty ones included: 10 columns of a contest's most salespeople. */
export const SHEET_CELLS = 1_000_000;
const SHEET_CELLS_TEXT = '1,000,000';

// A compound file (OLE2): an Excel 97–2003 workbook, or any workbook with a password, which Excel encrypts.
const COMPOUND = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ENCRYPTED = Buffer.from('EncryptedPackage', 'utf16le');
const ZIP = Buffer.from('PK\x03\x04', 'latin1');
// What stands in for every sheet as SheetJS reads the workbook: the sweep reads the one sheet read.
const EMPTY_SHEET = Buffer.from('<worksheet><sheetData></sheetData></worksheet>');
// And for the shared texts, which texts.ts reads.
const EMPTY_TEXTS = Buffer.from('<sst></sst>');

// SheetJS's own step from an unpacked zip to a workbook, which its types do not declare.
type ParseZip = (zip: Zip, options: XLSX.ParsingOptions) => XLSX.WorkBook;

/** How SheetJS reads a workbook's parts: nothing for display (its sheets are empty). */
const PARSING = { type: 'buffer', dense: true, cellHTML: false, cellText: false, cellStyles: false } as const;

/**
 * The sheet `name` of a workbook (any case, as Excel matches names; a hidden one too), or the sheet Excel opens it at:
 * the active one, or the first visible one (a hidden sheet holds last week's figures as often as not); or in words why
 * it is not read.
 */
export function readWorkbook(bytes: Uint8Array, name?: string): Worksheet | Refused | { unreadable: string } {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 8));
  if (head.equals(COMPOUND))
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).includes(ENCRYPTED)
      ? { unreadable: `it is protected by a password, which podium cannot open: ${SAVE} without one` }
      : { unreadable: `it is an Excel 97–2003 workbook (.xls), which podium does not read: ${SAVE}` };
  if (!head.subarray(0, 4).equals(ZIP)) return { unreadable: `not an Excel workbook (.xlsx): ${SAVE}` };
  const said = `a sheet of it ${TOO_MANY_ROWS}: delete the rows beyond the table, or keep the table in a workbook of its own`;
  const unzipped = unzip(bytes, { most: SHEET_ROWS, said });
  if ('unreadable' in unzipped) return unzipped;
  const { zip, parts, texts } = unzipped;
  for (const [path, part] of parts) if (part.includes('sheetData')) replacePart(zip, path, EMPTY_SHEET);
  for (const path of toTextParts(parts.get('[content_types].xml'))) replacePart(zip, path, EMPTY_TEXTS);
  // SheetJS parses only the sheet asked for: the first, then the one Excel shows, if that is another (seldom).
  let book = parse(zip, name ?? 0);
  const shown = name === undefined && !('unreadable' in book) ? toShown(book) : 0;
  if (shown !== 0 && shown !== undefined) book = parse(zip, shown);
  if ('unreadable' in book) return book;
  const names = book.SheetNames.map((sheet) => JSON.stringify(sheet)).join(', ');
  if (shown === undefined)
    return { unreadable: `every sheet of the workbook is hidden in Excel; name the one to read after "#" (${names})` };
  const found = name === undefined ? book.SheetNames[shown] : book.SheetNames.find((sheet) => same(sheet, name));
  if (found === undefined)
    return {
      unreadable:
        name === undefined
          ? 'the workbook has no sheet'
          : `the workbook has no sheet ${JSON.stringify(name)}; its sheets are ${names || 'none'}`,
    };
  // The one sheet read, swept once: its cells, its hidden rows and columns.
  const part = parts.get(toSheetPart(book, parts, found));
  const uncalculated = isUncalculated(book);
  const sheet = new Sheet(found, toBook(book, parts), uncalculated);
  const scan = part && scanSheet(part, texts, { rows: SHEET_ROWS, cells: SHEET_CELLS }, (cell) => sheet.add(cell));
  if (scan?.stopped) return { name: found, row: 0, column: 0, refused: toTooLarge(scan) };
  if (scan?.missing) {
    const { row, column, index } = scan.missing;
    return {
      name: found,
      row,
      column,
      refused: `the cell refers to shared text ${index}, which the workbook lacks (it holds ${texts}): ${HOSTILE}`,
    };
  }
  if (!book.Sheets[found]) return { unreadable: `its sheet ${JSON.stringify(found)} cannot be read: ${HOSTILE}` };
  if (sheet.refused) return sheet.refused;
  const hiddenColumns = scan?.hiddenColumns ?? new Set<number>();
  const { rows, stale } = sheet;
  return { name: found, rows, hidden: scan?.hidden ?? [], hiddenColumns, ...(stale && { stale }) };
}

/** The workbook parsed by SheetJS with only the sheet `sheets` (its name or place), or why it cannot be. */
function parse(zip: Zip, sheets: string | number): XLSX.WorkBook | { unreadable: string } {
  try {
    return (XLSX as unknown as { parse_zip: ParseZip }).parse_zip(zip, { ...PARSING, sheets });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { unreadable: `not an Excel workbook that podium can read (${reason.slice(0, 80)}): ${SAVE}` };
  }
}

/** The sheet Excel opens a workbook at: the active one if it is visible, else the first visible; none, all hidden. */
function toShown(book: XLSX.WorkBook): number | undefined {
  const sheets = book.Workbook?.Sheets ?? [];
  const visible = (index: number) => index < book.SheetNames.length && !sheets[index]?.Hidden;
  const active = Number((book.Workbook as { WBView?: { activeTab?: unknown }[] } | undefined)?.WBView?.[0]?.activeTab);
  if (Number.isInteger(active) && visible(active)) return active;
  const first = book.SheetNames.findIndex((_, index) => visible(index));
  return first === -1 ? (book.SheetNames.length === 0 ? 0 : undefined) : first;
}

/**
 * What a workbook's other parts give its cells: the shared texts (of the part SheetJS finds them in), and from what
 * SheetJS read, the number formats and the date system.
 */
function toBook(book: XLSX.WorkBook, parts: Map<string, Buffer>): Book {
  const { Directory, Styles, SSF, Workbook } = book as unknown as {
    Directory?: { sst?: string };
    Styles?: { CellXf?: { numFmtId?: number | string }[] };
    SSF?: Record<string, string>;
    Workbook?: { WBProps?: { date1904?: unknown } };
  };
  const xfs = Array.isArray(Styles?.CellXf) ? Styles.CellXf : [];
  const shared = Directory?.sst && parts.get(Directory.sst.replace(/^\//, '').toLowerCase());
  return {
    texts: shared ? readTexts(shared) : [],
    format: (style) => SSF?.[(style !== undefined && xfs[Number(style)]?.numFmtId) || 0],
    date1904: Boolean(Workbook?.WBProps?.date1904),
  };
}

/** Whether a workbook asks to be calculated as it is opened: what a program that writes formulas it cannot calculate says. */
function isUncalculated(book: XLSX.WorkBook): boolean {
  const calculation = (book.Workbook as { CalcPr?: { fullCalcOnLoad?: unknown } } | undefined)?.CalcPr;
  return ['1', 'true', true, 1].includes(calculation?.fullCalcOnLoad as string);
}
/** An .xlsx file of one sheet holding `rows`, as Excel would save it: the example of a new contest repository. */
export function toWorkbookBytes(sheet: string, rows: (string | number)[][]): Uint8Array {
  const book = XLSX.utils.book_new(XLSX.utils.aoa_to_sheet(rows), sheet);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', bookSST: true, compression: true }) as Uint8Array;
}

/**
 * The part that holds the sheet `name`, `xl/worksheets/sheet1.xml`, found as SheetJS finds it: the sheet's
 * relationship id in the workbook, its target in the workbook's relationships; without them, by its place.
 */
function toSheetPart(book: XLSX.WorkBook, parts: Map<string, Buffer>, name: string): string {
  const sheets = (book as { Workbook?: { Sheets?: { name?: string; id?: string }[] } }).Workbook?.Sheets ?? [];
  const index = sheets.findIndex((sheet) => sheet.name === name);
  const id = sheets[index]?.id;
  const rels = parts.get('xl/_rels/workbook.xml.rels')?.toString('utf8') ?? '';
  for (const [tag] of id ? rels.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g) : []) {
    if (/\sId="([^"]*)"/.exec(tag)?.[1] !== id) continue;
    const target = (/\sTarget="([^"]*)"/.exec(tag)?.[1] ?? '').toLowerCase();
    const paths = [`xl/${target.replace(/\/?xl\//, '')}`, target, `xl/${target}`];
    return paths.find((path) => parts.has(path)) ?? paths[0]!;
  }
  return `xl/worksheets/sheet${index + 1}.xml`;
}

const TOO_MANY_ROWS = `has more rows than a contest may hold (${LIMITS_TEXT.users} salespeople); podium reads the first ${SHEET_ROWS_TEXT} rows of a sheet`;

/** Why a sheet the sweep stopped in is refused. */
function toTooLarge(scan: Scan): string {
  return scan.rows > SHEET_ROWS
    ? `the sheet ${TOO_MANY_ROWS}`
    : `the sheet holds more than ${SHEET_CELLS_TEXT} cells, empty ones kept for their format included, far more than a contest's table: delete the rows and columns beyond the table, or copy the table into a workbook of its own`;
}

function same(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
