// `"users": "Bericht.xlsx"` (or `"Bericht.xlsx#Tabelle2"`): a contest's users from an Excel workbook, each problem at
// its cell as Excel names it (`Tabelle1!C14`). A file of its own (lib/workbook.cjs, with SheetJS), loaded by users.ts
// only for such a contest. The header rules are a CSV export's (columns.ts); cells are read as Excel stores them.
import type { Problem } from '../../errors.ts';
import type { DataFile } from '../file.ts';
import { AMOUNT_RULE, toExcerpt } from '../issues.ts';
import { toWorkbookPath, type Position } from '../place.ts';
import { REQUIRED, TOO_MANY, toHiddenMessage, type Field, type Mapping, type Sheet } from './columns.ts';
import { HIDDEN_ROWS, toHiddenRowsWarning } from './hidden.ts';
import { toPeople, toProblem, toSheet, toUser, type Rows, type Table } from './table.ts';
import { toShownNumber, type Cell } from './xlsx/cell.ts';
import { readWorkbook, type Worksheet } from './xlsx/xlsx.ts';

// podium init writes its example with the same library: this file is the one that loads it.
export { toWorkbookBytes } from './xlsx/xlsx.ts';

export { toWorkbookPath };

/**
 * The users of the workbook `users` names (`file` as problems name it, `read` its bytes), its columns titled as
 * `mapping` (the contest file's "columns") says. Ignored columns stay a note, as in a CSV export; rows hidden in Excel
 * (an AutoFilter hides the rows it filters out) are left out with a warning.
 */
export function loadWorkbook(file: string, users: string, read: DataFile, mapping?: Mapping): Sheet {
  // Before a sheet is read, a problem is the file's as a whole (its first line and column, as a CSV file's).
  const whole = { line: 1, column: 1 };
  const problem = toProblem(file);
  const none: Sheet = {
    file,
    users: [],
    problems: [],
    place: (_path, message) => problem(whole, message),
    at: () => whole,
  };
  if ('unreadable' in read) return { ...none, unreadable: read.unreadable };
  const sheet = readWorkbook(read.bytes, toWorkbookPath(users).sheet);
  if ('unreadable' in sheet) return { ...none, unreadable: sheet.unreadable };
  const at = toCellAt(sheet.name);
  if ('refused' in sheet) return { ...none, problems: [problem(at(sheet.row, sheet.column), sheet.refused)] };
  const table = toTable(file, sheet, at);
  const people = toPeople(table, mapping);
  if ('failed' in people) return { ...none, problems: people.failed };
  if ('tooMany' in people) return { ...none, problems: [problem(people.at, TOO_MANY)] };
  const { problems, left, columns } = people;
  const stale = toStale(sheet.stale, people);
  if (stale) return { ...none, problems: [problem(at(stale.row, stale.column), STALE)] };
  if (left.length > 0) {
    const who = left.map((index) => toUser(table, sheet.rows[index]!, columns).name);
    const named = who.filter((name) => typeof name === 'string' && name.trim() !== '');
    const warning = problem(at(left[0]!, columns.name!), toHiddenRowsWarning(left, named), 'users', 'warning');
    problems.push({ ...warning, key: HIDDEN_ROWS, lasting: true });
  }
  return toSheet(table, people, problems);
}

/** Said of a workbook that asks to be calculated as it is opened, at its first formula podium would read. */
const STALE =
  'a formula whose result was never calculated: the program that wrote the workbook does not calculate (it saved its formulas with 0 or no result) and asks for them to be calculated as it is opened; open it in Excel and save it once, or in LibreOffice recalculate it (Ctrl+Shift+F9) and save it';

/** The first formula cell of `stale` in a column and a row that are read. */
function toStale(
  stale: readonly { row: number; column: number }[] | undefined,
  people: { records: readonly number[]; columns: Partial<Record<Field, number>> },
): { row: number; column: number } | undefined {
  if (!stale?.length) return undefined;
  const [rows, columns] = [new Set(people.records), new Set(Object.values(people.columns))];
  return stale.find(({ row, column }) => rows.has(row) && columns.has(column));
}

/** Where a cell of the sheet `name` is: its row and column, and as Excel names it (`Tabelle1!C14`). */
function toCellAt(name: string): (row: number, column: number) => Position {
  return (row, column) => ({
    line: row + 1,
    column: column + 1,
    sheet: name,
    cell: `${toColumnLetters(column)}${row + 1}`,
  });
}

/** A sheet as a table: cells as Excel stores them, its hidden rows and columns; each problem at its cell. */
function toTable(file: string, sheet: Worksheet, at: (row: number, column: number) => Position): Table<Cell> {
  const rows: Rows<Cell> = sheet.rows;
  return {
    file,
    rows,
    title: toText,
    filled: isFilled,
    value: { text: toName, number: toNumber, flag: (cell) => toCellText(cell, true), share: toShareValue },
    typed: () => undefined,
    said: toCellMessage,
    at,
    whole: (top) => at(top, toFilled(rows[top]!)[0]!),
    first: (row) => toFilled(row)[0]!,
    unnamed: toColumnLetters,
    empty: { at: at(0, 0), message: `the sheet is empty; its first row names the columns: ${REQUIRED.join(', ')}` },
    hidden: new Set(sheet.hidden),
    hiddenColumns: sheet.hiddenColumns,
  };
}

/** The columns of a row's cells that hold something, left to right. */
function toFilled(row: readonly (Cell | undefined)[]): number[] {
  return Object.keys(row)
    .map(Number)
    .filter((column) => isFilled(row[column]));
}

/** `0` → `A`, `25` → `Z`, `26` → `AA`: a column as Excel names it. */
export function toColumnLetters(column: number): string {
  let letters = '';
  for (let rest = column + 1; rest > 0; rest = Math.floor((rest - 1) / 26))
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

function isFilled(cell: Cell | undefined): boolean {
  return cell !== undefined && (cell.kind !== 'text' || cell.text.trim() !== '');
}

/** A cell as a header's title: what Excel shows of it, near enough. */
function toText(cell: Cell): string {
  switch (cell.kind) {
    case 'text':
    case 'error':
    case 'malformed':
      return cell.text;
    case 'number':
    case 'boolean':
      return String(cell.value);
    case 'uncalculated':
      return '';
  }
}

// Digits alone, in a cell stored as text ("12" with Excel's green triangle): the same number in every locale.
const DIGITS = /^\s*\d{1,15}\s*$/;

/**
 * A name's cell as a name for the schema: its text, or a number as Excel shows it (an ID formatted `000000` is
 * `000123`); anything else one it rejects.
 */
function toName(name: Cell | undefined): unknown {
  if (name === undefined) return '';
  if (name.kind === 'text') return name.text.toWellFormed(); // a lone surrogate (`_xD800_`) is shown as U+FFFD by the page
  return name.kind === 'number' && !name.date ? toShownNumber(name) : null;
}

/** A number's cell for the schema: a number where it holds one (or digits stored as text), else what it rejects. */
function toNumber(cell: Cell | undefined): unknown {
  if (cell === undefined || (cell.kind === 'text' && cell.text.trim() === '')) return undefined;
  if (cell.kind === 'number') return cell.date ? 'a date' : cell.value;
  if (cell.kind === 'text' && DIGITS.test(cell.text)) return Number(cell.text);
  return cell.kind === 'text' ? cell.text : cell.kind;
}

/**
 * An employment share's cell for the schema: a percent as Excel shows it ("150 %", which is too much, not 1.5 %), else
 * as a number's cell.
 */
function toShareValue(cell: Cell | undefined): unknown {
  return cell?.kind === 'number' && !cell.date && cell.format?.includes('%') ? `${cell.value * 100} %` : toNumber(cell);
}

/** What is wrong with a field's cell, said of the cell as Excel shows it; `message` is the schema's own. */
function toCellMessage(field: Field, cell: Cell | undefined, message: string): string {
  if (field === 'hidden') return toHiddenMessage(cell ? toExcerpt(toText(cell)) : 'an empty cell');
  if (field === 'alias' || field === 'target' || field === 'share') return message;
  if (cell?.kind === 'uncalculated')
    return 'a formula without a saved result (the program that wrote the file does not calculate): open the file in Excel and save it once';
  if (cell?.kind === 'malformed')
    return `expected ${field === 'name' ? 'a name' : 'a number'}, got ${toExcerpt(cell.text)} stored as a number, which it is not: a damaged or hand-made file; enter the value in Excel and save the file there`;
  if (field === 'name')
    switch (cell?.kind) {
      case 'error':
        return `expected a name, got the error ${cell.text}`;
      case 'boolean':
        return `expected a name, got ${cell.value ? 'TRUE' : 'FALSE'}`;
      case 'number':
        return cell.date ? 'expected a name, got a date' : message;
      default:
        return message;
    }
  const wanted = field === 'leadCount' ? 'a whole number ≥ 0' : 'an amount in euro';
  if (cell === undefined || (cell.kind === 'text' && cell.text.trim() === ''))
    return `expected ${wanted}, got an empty cell`;
  switch (cell.kind) {
    case 'number':
      if (cell.date) return `expected ${wanted}, got a date: format the cell as a number`;
      return field === 'leadCount' ? `expected ${wanted}, got ${cell.value}` : `${AMOUNT_RULE}, got ${cell.value}`;
    case 'text':
      return `expected ${wanted}, got the text ${toExcerpt(cell.text.trim())}: enter it as a number, without unit or thousands separator`;
    case 'boolean':
      return `expected ${wanted}, got ${cell.value ? 'TRUE' : 'FALSE'}`;
    case 'error':
      return `expected ${wanted}, got the error ${cell.text}: correct the formula`;
  }
}

/** A privacy column's cell as text (a checkbox's TRUE/FALSE as itself, with `flag`), or undefined when empty. */
function toCellText(cell: Cell | undefined, flag = false): string | boolean | undefined {
  if (cell === undefined) return undefined;
  if (flag && cell.kind === 'boolean') return cell.value;
  return toText(cell);
}
