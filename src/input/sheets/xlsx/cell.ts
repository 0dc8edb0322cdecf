// A cell as the sweep finds it in the file (scan.ts) → a cell as Excel stores it and shows it: text, a number (a
// date's, or in its number format), TRUE/FALSE, an error value, a formula without a result; read as SheetJS reads a
// cell, but for what it misreads (parseFloat makes `1,5` 1; it reads an error value it does not know as an empty cell,
// a text formula without a result as an empty text). The cells xlsx.ts reads, the words workbook.ts says.
import XLSX from '@e965/xlsx/dist/xlsx.mini.min.js';
import type { Stored } from './scan.ts';
import { toFormulaText, toRichText, toUtf8 } from './text.ts';

/** A cell as Excel stores it; an empty one is `undefined`. */
export type Cell =
  | { kind: 'text'; text: string }
  /**
   * `date`: shown as a date or time by its number format (Excel stores dates as numbers of days); `format`, the number
   * format it is shown in, other than a date's or Excel's "General" (`000000` shows 123 as 000123).
   */
  | { kind: 'number'; value: number; date: boolean; format?: string }
  | { kind: 'boolean'; value: boolean }
  /** An error value Excel shows in the cell: `#DIV/0!`, `#N/A` (German Excel's `#NV`). */
  | { kind: 'error'; text: string }
  /** A formula whose result the file does not hold: written by a program that does not calculate. */
  | { kind: 'uncalculated' }
  /** A number cell whose stored value is no number (`1,5`): never written by Excel, a damaged or hand-made file. */
  | { kind: 'malformed'; text: string };

/** What a workbook's other parts, read by SheetJS, give its cells: shared texts, number formats, its date system. */
export type Book = {
  /** The shared texts (`<si>`), as SheetJS reads them; none for one that holds neither text nor runs. */
  texts: readonly (string | undefined)[];
  /** The number format of a style (a cell's `s`), `General` for none. */
  format: (style: string | undefined) => string | undefined;
  /** Whether its dates count from 1904 (old Excel for Mac). */
  date1904: boolean;
};

// A number as the file format writes one (xsd:double without INF and NaN); anything else parseFloat half-reads.
const PLAIN = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A cell as the file stores it → the cell as Excel stores it; an empty one, or one without a value, `undefined`. */
export function toCell(cell: Stored, book: Book): Cell | undefined {
  const { type, value, formula } = cell;
  // A formula Excel has calculated keeps its result in the file; one written by a program that does not, none.
  if (value === undefined && formula) return { kind: 'uncalculated' };
  const empty = formula ? ({ kind: 'uncalculated' } as const) : undefined;
  switch (type) {
    case 'n':
      if (!value) return empty;
      return PLAIN.test(value)
        ? toNumber(parseFloat(value), cell.style, book)
        : { kind: 'malformed', text: toUtf8(value) };
    case 's': {
      const text = value ? book.texts[Number(value)] : undefined;
      return text === undefined ? empty : { kind: 'text', text };
    }
    case 'str':
      return { kind: 'text', text: value ? toFormulaText(value) : '' };
    case 'inlineStr': {
      const text = cell.inline === undefined ? '' : toRichText(cell.inline);
      return text === undefined ? empty : { kind: 'text', text };
    }
    case 'b':
      return { kind: 'boolean', value: value === '1' || value === 'true' };
    case 'e':
      return value ? { kind: 'error', text: toUtf8(value) } : empty;
    case 'd':
      return value ? toNumber(toSerial(value, book.date1904), cell.style, book) : undefined;
    default:
      return value ? undefined : empty;
  }
}

/** A number in the number format of its style: a date's, another (`000000`), or Excel's "General". */
function toNumber(value: number, style: string | undefined, book: Book): Cell {
  const format = book.format(style);
  const date = typeof format === 'string' && isDate(format);
  const shown = typeof format === 'string' && !date && format !== 'General' ? format : undefined;
  return { kind: 'number', value, date, ...(shown && { format: shown }) };
}

const DATES = new Map<string, boolean>();
function isDate(format: string): boolean {
  let date = DATES.get(format);
  if (date === undefined) DATES.set(format, (date = XLSX.SSF.is_date(format) as boolean));
  return date;
}

// SheetJS's reading of an ISO date or time (`t="d"`) as Excel's days since 1899-12-30, the 1900 leap day kept.
const DAY = 24 * 60 * 60 * 1000;
const [EPOCH, TIME_1900, TIME_1904] = [Date.UTC(1899, 11, 30), Date.UTC(1899, 11, 31), Date.UTC(1904, 0, 1)];
const TIME = /^(\d+):(\d+)(:\d+)?(\.\d+)?$/;
const DATE = /^(\d+)-(\d+)-(\d+)$/;
const DATE_TIME = /^(\d+)-(\d+)-(\d+)[T ](\d+):(\d+)(:\d+)?(\.\d+)?$/;

function toSerial(text: string, date1904: boolean): number {
  const days = (toTime(text, date1904) - EPOCH) / DAY;
  if (date1904) return days - 1462 < -1402 ? days - 1463 : days - 1462;
  return days < 60 ? days - 1 : days;
}

function toTime(text: string, date1904: boolean): number {
  const int = (digits: string | undefined) => (digits ? parseInt(digits, 10) : 0);
  let m = TIME.exec(text);
  if (m) {
    const seconds = (int(m[1]) * 60 + int(m[2])) * 60 + int(m[3]?.slice(1));
    return (date1904 ? TIME_1904 : TIME_1900) + seconds * 1000 + (m[4] ? int(`${m[4]}000`.slice(1, 4)) : 0);
  }
  if ((m = DATE.exec(text))) return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!);
  if ((m = DATE_TIME.exec(text)))
    return Date.UTC(
      +m[1]!,
      +m[2]! - 1,
      +m[3]!,
      +m[4]!,
      +m[5]!,
      int(m[6]?.slice(1)),
      m[7] ? int(`${m[7]}0000`.slice(1, 4)) : 0,
    );
  return new Date(text).getTime();
}

/** A number as Excel shows it in its cell, by its number format (`000123`); the format's own words in English. */
export function toShownNumber(cell: { value: number; format?: string }): string {
  try {
    return cell.format ? XLSX.SSF.format(cell.format, cell.value) : String(cell.value);
  } catch {
    return String(cell.value); // a format SheetJS cannot apply: the number as it is stored
  }
}
