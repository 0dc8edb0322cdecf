// `"users": "Bericht.xlsx"` (or `"Bericht.xlsx#Tabelle2"`): a contest's users from an Excel workbook, each problem at
// its cell as Excel names it (`Tabelle1!C14`). A file of its own (lib/workbook.cjs, with SheetJS), loaded by users.ts
// only for such a contest. The header rules are a CSV export's (columns.ts); cells are read as Excel stores them.
import { LIMITS, LIMITS_TEXT } from '../../contest/limits.ts';
import type { Problem, Severity } from '../../errors.ts';
import { readDataFile, toDataPath } from '../file.ts';
import { AMOUNT_RULE, toExcerpt } from '../issues.ts';
import type { Key, Position } from '../place.ts';
import {
  REQUIRED,
  toHiddenMessage,
  toPrivate,
  toColumns,
  toIgnored,
  IGNORED,
  toIgnoredNote,
  toMissing,
  toNames,
  toNearMisses,
  TOO_MANY,
  type Field,
  type Mapping,
  type Names,
  type Sheet,
} from './columns.ts';
import { toRoundingNote } from './amount.ts';
import { readWorkbook, type Cell } from './xlsx.ts';

// podium init writes its example with the same library: this file is the one that loads it.
export { toWorkbookBytes } from './xlsx.ts';

/** `Bericht.xlsx#Tabelle2` → the file's path and the sheet's name; without `#`, the first sheet. */
export function toWorkbookPath(users: string): { path: string; sheet?: string } {
  const [, path = users, sheet] = /^(.*?\.xlsx)(?:#(.*))?$/is.exec(users) ?? [];
  return sheet === undefined || sheet === '' ? { path } : { path, sheet };
}

/**
 * Reads the workbook that `users` names, relative to the contest file, its columns titled as `mapping` (the contest
 * file's "columns") says. Ignored columns stay a note, as in a CSV export; rows hidden in Excel (an AutoFilter hides
 * the rows it filters out) are left out with a warning.
 */
export function loadWorkbook(contestFile: string, users: string, mapping?: Mapping): Sheet {
  const { path, sheet: wanted } = toWorkbookPath(users);
  const file = toDataPath(contestFile, path);
  // Before a sheet is read, a problem is the file's as a whole (its first line and column, as a CSV file's).
  const whole = { line: 1, column: 1 };
  const none: Sheet = {
    file,
    users: [],
    problems: [],
    place: (_path, message) => fail(whole, message),
    at: () => whole,
  };
  const read = readDataFile(contestFile, file);
  if ('unreadable' in read) return { ...none, unreadable: read.unreadable };
  const sheet = readWorkbook(read.bytes, wanted);
  if ('unreadable' in sheet) return { ...none, unreadable: sheet.unreadable };
  const { name } = sheet;
  const at = (row: number, column: number): Position => ({
    line: row + 1,
    column: column + 1,
    sheet: name,
    cell: `${toColumnLetters(column)}${row + 1}`,
  });
  const START = at(0, 0);
  function fail(position: Position, message: string, path = 'users', severity: Severity = 'error'): Problem {
    return { file, ...position, path, message, severity };
  }
  const problems: Problem[] = [];
  const failed = (position: Position, message: string): Sheet => ({
    ...none,
    problems: [fail(position, message)],
  });
  if ('refused' in sheet) return failed(at(sheet.row, sheet.column), sheet.refused);
  const { rows } = sheet;

  // The header is the first row that names a column podium reads (a report's title and empty rows may come before
  // it), or, with none, the first row with something in it, where a near miss or a missing title is then said.
  const names = toNames(mapping);
  const top = toHeaderRow(rows, names);
  if (top === -1) return failed(START, `the sheet is empty; its first row names the columns: ${REQUIRED.join(', ')}`);
  const header = toTitles(rows[top]!);
  const found = toColumns(header, names);
  if ('wrong' in found) return failed(at(top, found.at), found.wrong);
  const { columns } = found;
  const misses = toNearMisses(header, columns, names);
  if (misses.length > 0)
    return { ...none, problems: misses.map(({ column, message }) => fail(at(top, column), message)) };
  const titled = toFilled(rows[top]!)[0]!;
  const first = at(top, titled);
  const missing = toMissing(header, columns, names);
  if (missing) return failed(first, missing);
  const ignored = toIgnored(rows.slice(top), columns, isFilled);
  if (ignored.length > 0) {
    const message = toIgnoredNote(ignored, header, toColumnLetters, names);
    problems.push({ ...fail(at(top + ignored[0]!.row, ignored[0]!.column), message, 'users', 'note'), key: IGNORED });
  }

  const records: number[] = []; // users[i] is rows[records[i]]
  const list: unknown[] = [];
  const hidden = new Set(sheet.hidden);
  const left: number[] = []; // rows hidden in Excel, left out
  for (const key of Object.keys(rows)) {
    const index = Number(key);
    const row = rows[index]!;
    if (index <= top || toFilled(row).length === 0) continue; // an empty row between the salespeople
    if (hidden.has(index)) left.push(index);
    else {
      records.push(index);
      const user = toUser(row, columns);
      const note = toRoundingNote(user.profit);
      if (note) problems.push(fail(at(index, columns.profit!), note, `users[${list.length}].profit`, 'note'));
      list.push(user);
    }
  }
  if (list.length > LIMITS.users) return failed(first, TOO_MANY);
  if (left.length > 0) {
    const who = left.map((index) => toUser(rows[index]!, columns).name);
    const message = toHiddenWarning(
      left,
      who.filter((name) => typeof name === 'string' && name.trim() !== ''),
    );
    problems.push({ ...fail(at(left[0]!, columns.name!), message, 'users', 'warning'), key: 'hidden rows' });
  }
  const cellOf = (user: number, field: Field) => rows[records[user]!]![columns[field]!];
  return {
    file,
    users: list,
    problems,
    place(path: readonly Key[], message: string) {
      const [, user, field] = path as [string, number | undefined, Field | undefined];
      if (user === undefined || field === undefined) return fail(first, message); // the list as a whole
      const said = toCellMessage(field, cellOf(user, field), message);
      return fail(at(records[user]!, columns[field]!), said, `users[${user}].${field}`);
    },
    at(user, field) {
      const column = field === undefined ? titled : columns[field];
      if (column === undefined) return first;
      return at(user === undefined ? top : records[user]!, column);
    },
  };
}

/** Rows hidden in Excel (an AutoFilter hides the rows it filters out), which are left out, with the names they hold. */
function toHiddenWarning(rows: readonly number[], names: readonly unknown[]): string {
  const one = rows.length === 1;
  const numbers = rows.slice(0, 5).map((row) => row + 1);
  const more = rows.length > 5 ? ` and ${rows.length - 5} more` : '';
  const who = names.slice(0, 3).map((name) => toExcerpt(String(name)));
  const named = who.length > 0 ? ` (${who.join(', ')}${names.length > 3 ? ', …' : ''})` : '';
  return one
    ? `row ${numbers[0]} is hidden in Excel${named}: it is left out; show it in Excel, or delete it, if it is a person`
    : `rows ${numbers.join(', ')}${more} are hidden in Excel${named}: they are left out; show them in Excel, or delete them, if they are people`;
}

/** The row that names the columns: one look at each cell that is there (a row is sparse). */
function toHeaderRow(rows: readonly (readonly (Cell | undefined)[])[], names: Names): number {
  let filled = -1;
  for (const key of Object.keys(rows)) {
    const cells = Object.values(rows[Number(key)]!).filter((cell): cell is Cell => isFilled(cell));
    const found = toColumns(cells.map(toText), names);
    if ('wrong' in found || Object.keys(found.columns).length > 0) return Number(key);
    if (filled === -1 && cells.length > 0) filled = Number(key);
  }
  return filled;
}

/** The header row's titles, each at its column: as wide as the row's last cell, at most Excel's 16,384 columns. */
function toTitles(row: readonly (Cell | undefined)[]): string[] {
  const titles = Array.from({ length: row.length }, () => '');
  for (const key of Object.keys(row)) titles[Number(key)] = toText(row[Number(key)]!);
  return titles;
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
 * A row as a user for the schema: a number where the cell holds one (or digits stored as text), a name as its text;
 * anything else a value the schema rejects, which place() then describes from the cell.
 */
function toUser(row: readonly (Cell | undefined)[], columns: Partial<Record<Field, number>>): Record<Field, unknown> {
  const cell = (field: Field) => (columns[field] === undefined ? undefined : row[columns[field]]);
  const name = cell('name');
  return {
    name:
      name === undefined
        ? ''
        : name.kind === 'text'
          ? name.text.toWellFormed() // a lone surrogate (`_xD800_`) is shown as U+FFFD by the page
          : name.kind === 'number' && !name.date
            ? String(name.value)
            : null,
    leadCount: toNumber(cell('leadCount')),
    profit: toNumber(cell('profit')),
    ...toPrivate(toCellText(cell('alias')) as string | undefined, toCellText(cell('hidden'), true)),
  } as Record<Field, unknown>;
}

/** A privacy column's cell as text (a checkbox's TRUE/FALSE as itself, with `flag`), or undefined when empty. */
function toCellText(cell: Cell | undefined, flag = false): string | boolean | undefined {
  if (cell === undefined) return undefined;
  if (flag && cell.kind === 'boolean') return cell.value;
  return toText(cell);
}

function toNumber(cell: Cell | undefined): unknown {
  if (cell === undefined || (cell.kind === 'text' && cell.text.trim() === '')) return undefined;
  if (cell.kind === 'number') return cell.date ? 'a date' : cell.value;
  if (cell.kind === 'text' && DIGITS.test(cell.text)) return Number(cell.text);
  return cell.kind === 'text' ? cell.text : cell.kind;
}

/** What is wrong with a field's cell, said of the cell as Excel shows it; `message` is the schema's own. */
function toCellMessage(field: Field, cell: Cell | undefined, message: string): string {
  if (field === 'hidden') return toHiddenMessage(cell ? toExcerpt(toText(cell)) : 'an empty cell');
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
