// How a CSV export writes its numbers, decided once for the whole file before a cell is read: "12.500 €" is 12.500
// euro or 12,50 € by what the rest of the file says, never by the cell alone.
import { toCount } from '../../contest/numbers.ts';
import { toExcerpt } from '../issues.ts';
import { DECIMAL_COMMA, DECIMAL_POINT, toAmount, toNumber, type Notation } from './amount.ts';
import type { Delimiter, Rows } from './csv.ts';

/** A column of numbers: where it is, and whether it counts (whole numbers) or holds amounts. */
export type NumberColumn = { column: number; whole: boolean };
/** A cell of a number column that the file cannot read one way, and what to do. */
export type Undecided = { row: number; column: number; message: string };

/**
 * The notation a file's delimiter stands for where its cells say nothing: a decimal comma for `;` (German Excel
 * delimits by `;` because its decimal mark is the comma) and tab, as podium always read them; a decimal point for
 * `,`. LibreOffice and Google Sheets write `,` and tab in every language, which is why the cells of such files decide.
 */
export function toDefault(delimiter: Delimiter): Notation {
  return delimiter === ',' ? DECIMAL_POINT : DECIMAL_COMMA;
}

/**
 * How the file writes its numbers, from the cells of its number columns below row `top`, in one pass: a cell that
 * reads one way only (`1.234,50`, `12,5`, `1,234.50`, `12.5`, `1.234.567`), or a euro amount grouped by `.`
 * (`12.500 €`), decides; with no such cell, the delimiter's default. A `;` file is German Excel's and reads with a
 * decimal comma whatever its cells hold. Undecided: two cells that decide differently (at the second), or, in a
 * `,` file that nothing decides, the first cell that reads two ways (`1.234`: 1234 or 1.234). `line` says where a
 * row is, for a message that points at another cell.
 */
export function toNotation(
  rows: Rows,
  top: number,
  columns: readonly NumberColumn[],
  delimiter: Delimiter,
  line: (row: number, column: number) => number,
): Notation | Undecided {
  if (delimiter === ';') return DECIMAL_COMMA;
  let clue: { notation: Notation; row: number; column: number; cell: string } | undefined; // the first that decides
  let twoWays: Undecided | undefined;
  for (let row = top + 1; row < rows.length; row += 1) {
    const cells = rows[row]!;
    for (let at = 0; at < columns.length; at += 1) {
      const { column, whole } = columns[at]!;
      const cell = cells[column];
      // A cell without a mark reads the same either way: most cells of most files.
      if (cell === undefined || (!cell.includes('.') && !cell.includes(','))) continue;
      // Once a cell has decided, one reading tells that another agrees: half the work of the whole look.
      if (
        clue &&
        toReading(cell, clue.notation, whole) !== undefined &&
        (clue.notation === DECIMAL_COMMA || !isGerman(cell))
      )
        continue;
      const found = toClue(cell, whole);
      if (found === undefined) continue;
      if ('either' in found) twoWays ??= { row, column, message: toTwoWays(cell, found.either, whole) };
      else if (!clue) clue = { notation: found, row, column, cell };
      else if (found !== clue.notation) {
        const earlier = `${toExcerpt(clue.cell.trim())} in line ${line(clue.row, clue.column)}`;
        const message = `${toExcerpt(cell.trim())} reads with ${toMark(found)}, but ${earlier} with ${toMark(clue.notation)}: give the column one number format and export it again`;
        return { row, column, message };
      }
    }
  }
  if (clue) return clue.notation;
  return delimiter === ',' && twoWays ? twoWays : toDefault(delimiter);
}

/**
 * What a cell says of the file's notation: one of the two, both readings where they differ, or nothing (it reads
 * the same both ways, or is no number either way). A count's reading must be a whole number: `1.234` leads are
 * 1234.
 */
function toClue(cell: string, whole: boolean): Notation | { either: [number, number] } | undefined {
  const comma = toReading(cell, DECIMAL_COMMA, whole);
  const point = toReading(cell, DECIMAL_POINT, whole);
  if (comma === undefined) return point === undefined ? undefined : DECIMAL_POINT;
  if (point === undefined) return DECIMAL_COMMA;
  if (comma === point) return undefined;
  return isGerman(cell) ? DECIMAL_COMMA : { either: [comma, point] };
}

/** A cell's number in a notation; a count's only where it is whole. */
function toReading(cell: string, notation: Notation, whole: boolean): number | undefined {
  const number = toNumber(cell, notation);
  return number === undefined || (whole && !Number.isInteger(number)) ? undefined : number;
}

/** An amount in euro with a ".": German, where it reads both ways (a decimal point would make 12.500 € 12,50 €). */
function isGerman(cell: string): boolean {
  return cell.includes('€') && cell.includes('.');
}

/** `"1.234" could be 1.234,00 € or 1,23 €`, and what to do. */
function toTwoWays(cell: string, [comma, point]: [number, number], whole: boolean): string {
  const shown = whole ? toCount : toAmount;
  const decimals = whole ? '' : ` with two decimal places (${toAmount(comma)}), or`;
  return `${toExcerpt(cell.trim())} could be ${shown(comma)} or ${shown(point)}, and no other number of the file says which: export it again${decimals} from LibreOffice without "Save cell contents as shown"`;
}

/** How a notation marks its decimals, in words. */
function toMark(notation: Notation): string {
  return notation === DECIMAL_COMMA ? 'a decimal comma' : 'a decimal point';
}
