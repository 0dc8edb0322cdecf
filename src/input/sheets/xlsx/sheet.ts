// The cells of the one sheet read, placed as the sweep hands them over (scan.ts), each read as Excel stores it
// (cell.ts); a cell outside Excel's rows and columns, or past the rows podium reads, refuses the sheet in words.
import { LIMITS, LIMITS_TEXT } from '../../../contest/limits.ts';
import { toCell, type Book, type Cell } from './cell.ts';
import type { Stored } from './scan.ts';
import { HOSTILE } from './zip.ts';

/** A sheet refused as it is, at `row` and `column` (0-based) of the sheet `name`. */
export type Refused = { name: string; refused: string; row: number; column: number };

/** Rows read of a sheet: a contest's most salespeople, a header and room for empty rows. */
export const SHEET_ROWS = LIMITS.users + 1_000;
export const SHEET_ROWS_TEXT = '101,000';
/** Excel's columns, A to XFD. */
const COLUMNS = 16_384;

/**
 * The cells of the sheet read, placed as the sweep hands them over; the first cell outside Excel's rows and columns, or
 * past the rows read, refuses the sheet: the first by row, then by column (a row or column before the first, last).
 */
export class Sheet {
  readonly rows: (Cell | undefined)[][] = [];
  /** With `stale` asked for, the formula cells, in the order of the file (top to bottom, as programs write them). */
  readonly stale: { row: number; column: number }[] | undefined;
  refused?: Refused;
  #first: [number, number] = [Infinity, Infinity];
  #row = -1;
  readonly #name: string;
  readonly #book: Book;
  constructor(name: string, book: Book, stale: boolean) {
    [this.#name, this.#book, this.stale] = [name, book, stale ? [] : undefined];
  }

  add(stored: Stored): void {
    const { row, column } = stored;
    if (row < 0 || row >= SHEET_ROWS || column < 0 || column >= COLUMNS) return this.refuse(row, column);
    if (row !== this.#row) this.#compact();
    const cells = (this.rows[(this.#row = row)] ??= []);
    cells[column] = toCell(stored, this.#book);
    if (stored.formula) this.stale?.push({ row, column });
  }

  /**
   * The row just read, copied to an array of its length: one that grew cell by cell keeps room for 17 (100,000 rows
   * of 3 cells: 19 MB, copied 8 MB). A row that reaches far to the right stays as it is (a copy would hold every gap).
   */
  #compact(): void {
    const cells = this.rows[this.#row];
    if (cells && cells.length <= 64) this.rows[this.#row] = cells.slice();
  }

  refuse(row: number, column: number): void {
    const [first, second] = [row < 0 ? Infinity : row, column < 0 ? Infinity : column];
    if (first > this.#first[0] || (first === this.#first[0] && second >= this.#first[1])) return;
    this.#first = [first, second];
    const name = this.#name;
    if (row < 0) this.refused = { name, row: 0, column: 0, refused: `a cell outside Excel's rows: ${HOSTILE}` };
    else if (row >= SHEET_ROWS)
      this.refused = {
        name,
        row,
        column,
        refused: `something is past row ${SHEET_ROWS_TEXT}, the last podium reads (a contest holds at most ${LIMITS_TEXT.users} salespeople): delete it, or keep the table in a workbook of its own`,
      };
    else this.refused = { name, row, column, refused: `a cell past column XFD, Excel's last: ${HOSTILE}` };
  }
}
