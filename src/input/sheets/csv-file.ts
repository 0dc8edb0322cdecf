// `"users": "spring-users.csv"`: a contest's users from a spreadsheet export, with every problem placed at its
// cell. A file of its own (lib/sheet.cjs, with csv-parse), loaded by validate.ts only for such a contest.
import { DECIMAL_COMMA, DECIMAL_POINT, toNumber, toRoundingNote, type Notation } from './amount.ts';
import { toUtf8 } from './charset.ts';
import { AMOUNT_RULE, toExcerpt } from '../issues.ts';
import {
  REQUIRED,
  toColumns,
  toHeaderRow,
  toIgnored,
  IGNORED,
  toIgnoredNote,
  toMissing,
  toNames,
  toNearMisses,
  toHiddenMessage,
  toPrivate,
  TOO_MANY,
  type Columns,
  type Field,
  type Mapping,
  type Sheet,
} from './columns.ts';
import { detectDelimiter, toPlaces, toRows, type Places, type Rows } from './csv.ts';
import type { Problem, Severity } from '../../errors.ts';
import type { Position } from '../place.ts';
import { readDataFile, toDataPath } from '../file.ts';
import { LIMITS } from '../../contest/limits.ts';

const START: Position = { line: 1, column: 1 };

/**
 * Reads the CSV file that `users` names, relative to the contest file, its columns titled as `mapping` (the contest
 * file's "columns") says. A "?" in a name from a Windows-1252 file is a warning; ignored columns are a note.
 */
export function loadSheet(contestFile: string, users: string, mapping?: Mapping): Sheet {
  const file = toDataPath(contestFile, users);
  const problem = (position: Position, message: string, path = 'users', severity: Severity = 'error'): Problem => ({
    file,
    ...position,
    path,
    message,
    severity,
  });
  const sheet: Sheet = {
    file,
    users: [],
    problems: [],
    place: (_path, message) => problem(START, message),
    at: () => START,
  };
  const fail = (position: Position, message: string) => (sheet.problems.push(problem(position, message)), sheet);
  const read = readDataFile(contestFile, file);
  if ('unreadable' in read) return { ...sheet, unreadable: read.unreadable };
  const decoded = toUtf8(read.bytes);
  if ('byte' in decoded) return fail(decoded.position, toByteProblem(decoded.byte, decoded.utf8Elsewhere === true));
  const { utf8 } = decoded;
  const delimiter = detectDelimiter(utf8);
  // One row more than a contest may hold is enough to refuse it: a file of millions of rows is not read to its end.
  const parsed = toRows(utf8, delimiter, LIMITS.users + 1);
  if ('unclosed' in parsed) return fail(parsed.unclosed, 'a quote opens this cell and is never closed');
  const { rows } = parsed;
  // The header is the first row that names a column podium reads: a report's title may stand above it.
  const names = toNames(mapping);
  const top = toHeaderRow(rows, names);
  const header = rows[top];
  if (!header) return fail(START, `the file is empty; its first row names the columns: ${REQUIRED.join(delimiter)}`);
  // Where cells start takes a second reading: of the rows up to the header, or of every row once a cell has a problem.
  let places: { rows: number; at: Places } | undefined;
  const placeOf = (row: number, column: number) => {
    if (!places || row >= places.rows)
      places =
        row <= top
          ? { rows: top + 1, at: toPlaces(utf8, delimiter, top + 1) }
          : { rows: Infinity, at: toPlaces(utf8, delimiter, Infinity) };
    return places.at(row, column);
  };

  const found = toColumns(header, names);
  if ('wrong' in found) return fail(placeOf(top, found.at), found.wrong);
  const { columns } = found;
  // A title one typo away from a column podium reads: ignored, its figures would be missing from the page.
  const misses = toNearMisses(header, columns, names);
  for (const { column, message } of misses) sheet.problems.push(problem(placeOf(top, column), message));
  if (misses.length > 0) return sheet;
  const missing = toMissing(header, columns, names);
  if (missing) return fail(placeOf(top, 0), missing);
  const ignored = toIgnored(rows.slice(top), columns, (cell) => cell.trim() !== '');
  if (ignored.length > 0) {
    const message = toIgnoredNote(ignored, header, (column) => String(column + 1), names);
    const at = placeOf(top + ignored[0]!.row, ignored[0]!.column);
    sheet.problems.push({ ...problem(at, message, 'users', 'note'), key: IGNORED });
  }

  const notation: Notation = delimiter === ',' ? DECIMAL_POINT : DECIMAL_COMMA;
  const records: number[] = []; // users[i] is rows[records[i]]
  for (let index = top + 1; index < rows.length; index += 1) {
    const row = rows[index]!;
    if (row.every((cell) => cell.trim() === '')) continue; // ";;;": an empty row of the spreadsheet
    records.push(index);
    sheet.users.push(toUser(row, columns, notation));
  }
  if (sheet.users.length > LIMITS.users) {
    sheet.users.length = 0; // said once, as a whole: its users need no checking
    return fail(START, TOO_MANY);
  }
  for (const [user, record] of records.entries()) {
    const cell = rows[record]![columns.profit ?? -1]?.trim();
    const note = toRoundingNote((sheet.users[user] as { profit?: unknown }).profit, cell);
    if (note) sheet.problems.push(problem(placeOf(record, columns.profit!), note, `users[${user}].profit`, 'note'));
  }
  // Excel's plain "CSV" is Windows-1252, and it writes "?" for a letter that has none there ("Çağla" → "Ça?la").
  if (decoded.charset === 'windows-1252')
    for (const [user, record] of records.entries()) {
      const name = rows[record]![columns.name!] ?? '';
      if (name.includes('?'))
        sheet.problems.push({
          ...problem(placeOf(record, columns.name!), toQuestionMark(name), `users[${user}].name`, 'warning'),
          key: `question mark: ${name.trim()}`,
        });
    }
  return {
    ...sheet,
    place(path, message) {
      const [, user, field] = path as [string, number | undefined, Field | undefined];
      if (user === undefined || field === undefined) return problem(START, message); // the list as a whole
      const record = records[user]!;
      const cell = rows[record]![columns[field]!]?.trim() ?? '';
      // A number the schema rejects is quoted as the cell has it, not as the number it was read as.
      const got = cell === '' ? 'an empty cell' : toExcerpt(cell);
      const said =
        field === 'leadCount'
          ? `expected a whole number ≥ 0, got ${got}`
          : field === 'hidden'
            ? toHiddenMessage(got)
            : field !== 'profit'
              ? message
              : toNumber(cell, notation) === undefined
                ? `expected a number like ${notation.example}, got ${got}`
                : `${AMOUNT_RULE}, got ${got}`;
      return problem(placeOf(record, columns[field]!), said, `users[${user}].${field}`);
    },
    at(user, field) {
      const column = field === undefined ? 0 : columns[field];
      if (column === undefined) return START;
      return placeOf(user === undefined ? top : records[user]!, column);
    },
  };
}

/** A "?" in a name from a Windows-1252 file, where Excel put it for a letter that file cannot hold. */
function toQuestionMark(name: string): string {
  return `${toExcerpt(name.trim())} holds a "?", which Excel writes for a letter that plain "CSV" cannot hold; save the file as "CSV UTF-8" to keep every letter`;
}

/** A byte the file may not hold: one that no charset allows, or one that is not UTF-8 in a file that otherwise is. */
function toByteProblem(value: number, utf8Elsewhere: boolean): string {
  const byte = `byte 0x${value.toString(16).toUpperCase().padStart(2, '0')}`;
  return `${byte} ${utf8Elsewhere ? 'is not UTF-8, as the rest of the file is' : 'is neither UTF-8 nor Windows-1252'}; save the file as "CSV UTF-8"`;
}

/** A row as a user for the schema: a number where the cell holds one, else the cell's text for the schema to reject. */
function toUser(row: readonly string[], columns: Columns, notation: Notation): Record<Field, unknown> {
  const cell = (field: Field) => (columns[field] === undefined ? undefined : (row[columns[field]] ?? ''));
  const number = (text: string | undefined) =>
    text === undefined || text.trim() === '' ? undefined : (toNumber(text, notation) ?? text);
  const user = { name: cell('name'), leadCount: number(cell('leadCount')), profit: number(cell('profit')) };
  return { ...user, ...toPrivate(cell('alias'), cell('hidden')) } as Record<Field, unknown>;
}
