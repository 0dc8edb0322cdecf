// A cell as SheetJS parses it → a cell as Excel stores it and shows it: text, a number (a date's, or in its number
// format), TRUE/FALSE, an error value, a formula without a result; the cells xlsx.ts reads, the words workbook.ts says.
import XLSX from '@e965/xlsx/dist/xlsx.mini.min.js';

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

/** SheetJS's cell → the cell as Excel stores it; an empty one, or one without a value, `undefined`. */
export function toCell(cell: XLSX.CellObject | undefined): Cell | undefined {
  if (!cell) return undefined;
  // A formula Excel has calculated keeps its result in the file; one written by a program that does not, none.
  if (cell.v === undefined || cell.t === 'z') return cell.f ? { kind: 'uncalculated' } : undefined;
  switch (cell.t) {
    case 'n': {
      const date = typeof cell.z === 'string' && XLSX.SSF.is_date(cell.z);
      const format = typeof cell.z === 'string' && !date && cell.z !== 'General' ? cell.z : undefined;
      return { kind: 'number', value: cell.v as number, date, ...(format && { format }) };
    }
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

/** A number as Excel shows it in its cell, by its number format (`000123`); the format's own words in English. */
export function toShownNumber(cell: { value: number; format?: string }): string {
  try {
    return cell.format ? XLSX.SSF.format(cell.format, cell.value) : String(cell.value);
  } catch {
    return String(cell.value); // a format SheetJS cannot apply: the number as it is stored
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
