// `"users": "spring-users.csv"`: a contest's users from a spreadsheet export, with every problem placed at its
// cell. A file of its own (lib/sheet.cjs, with csv-parse), loaded by validate.ts only for such a contest.
import { readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { DECIMAL_COMMA, DECIMAL_POINT, toNumber, type Notation } from './amount.ts';
import { toUtf8 } from './charset.ts';
import type { UserSchema } from '../contest/schema.ts';
import { detectDelimiter, toPlaces, toRows, type Places, type Rows } from './csv.ts';
import { toReadReason, type Problem, type Severity } from '../errors.ts';
import type { Key, Position } from './place.ts';

type Field = keyof typeof UserSchema.shape;
type Columns = Partial<Record<Field, number>>;

/** The users of a CSV file, and what is wrong with it. */
export type Sheet = {
  /** The file as problems name it: the path joined to the contest file's folder. */
  file: string;
  /** The rows as users, in the file's order, for the schema to check; none when the file cannot be used. */
  users: unknown[];
  /** Why the file cannot be read, for the `users` value of the contest file. */
  unreadable?: string;
  /** Problems of the file as a whole: its bytes, its header, an unclosed quote, columns ignored. */
  problems: Problem[];
  /** A problem the schema found at `users[i].field`, placed at that cell. */
  place(path: readonly Key[], message: string): Problem;
};

// A column is named by its key or by the page's own title for it (templates/messages/de.json), in any case.
const TITLES: Record<Field, readonly [string, string]> = {
  name: ['name', 'Name'],
  leadCount: ['leadCount', 'Anzahl Eigenleads'],
  profit: ['profit', 'Summe Netto-Volumen AB'],
};
const FIELDS = Object.keys(TITLES) as Field[];
const START: Position = { line: 1, column: 1 };

/** Reads the CSV file that `users` names, relative to the contest file; `strict` makes ignored columns errors. */
export function loadSheet(contestFile: string, users: string, strict: boolean): Sheet {
  const file = isAbsolute(users) ? users : join(dirname(contestFile), users);
  const problem = (position: Position, message: string, path = 'users', severity: Severity = 'error'): Problem => ({
    file,
    ...position,
    path,
    message,
    severity,
  });
  const sheet: Sheet = { file, users: [], problems: [], place: (_path, message) => problem(START, message) };
  const fail = (position: Position, message: string) => (sheet.problems.push(problem(position, message)), sheet);
  let bytes: Buffer;
  try {
    // Only a file: reading a FIFO named x.csv would wait for ever.
    const info = statSync(file);
    if (!info.isFile()) return { ...sheet, unreadable: info.isDirectory() ? 'it is a folder' : 'not a file' };
    bytes = readFileSync(file);
  } catch (error) {
    return { ...sheet, unreadable: toReadReason(error) };
  }
  const decoded = toUtf8(bytes);
  if ('byte' in decoded) return fail(decoded.position, toByteProblem(decoded.byte, decoded.utf8Elsewhere === true));
  const { utf8 } = decoded;
  const delimiter = detectDelimiter(utf8);
  const read = toRows(utf8, delimiter);
  if ('unclosed' in read) return fail(read.unclosed, 'a quote opens this cell and is never closed');
  const { rows } = read;
  const header = rows[0];
  if (!header) return fail(START, `the file is empty; its first row names the columns: ${FIELDS.join(delimiter)}`);
  // Where cells start takes a second reading: of the header alone, or of every row once a cell has a problem.
  let places: { rows: number; at: Places } | undefined;
  const placeOf = (row: number, column: number) => {
    if (!places || row >= places.rows)
      places =
        row === 0
          ? { rows: 1, at: toPlaces(utf8, delimiter, 1) }
          : { rows: Infinity, at: toPlaces(utf8, delimiter, Infinity) };
    return places.at(row, column);
  };

  const found = toColumns(header);
  if ('wrong' in found) return fail(placeOf(0, found.at), found.wrong);
  const { columns } = found;
  const ignored = toIgnored(rows, columns);
  if (ignored.length > 0) {
    const names = ignored.map(({ column }) =>
      header[column]?.trim() ? JSON.stringify(header[column]!.trim()) : `${column + 1} (no title)`,
    );
    const message = `${names.length === 1 ? 'column' : 'columns'} ${names.join(', ')} ignored; podium reads ${FIELDS.map((field) => `"${TITLES[field][1]}"`).join(', ')}`;
    sheet.problems.push(
      problem(placeOf(ignored[0]!.row, ignored[0]!.column), message, 'users', strict ? 'error' : 'warning'),
    );
  }

  const notation: Notation = delimiter === ',' ? DECIMAL_POINT : DECIMAL_COMMA;
  const records: number[] = []; // users[i] is rows[records[i]]
  for (let index = 1; index < rows.length; index += 1) {
    const row = rows[index]!;
    if (row.every((cell) => cell.trim() === '')) continue; // ";;;": an empty row of the spreadsheet
    records.push(index);
    sheet.users.push(toUser(row, columns, notation));
  }
  return {
    ...sheet,
    place(path, message) {
      const [, user, field] = path as [string, number, Field];
      const record = records[user]!;
      const cell = rows[record]![columns[field]!]?.trim() ?? '';
      // A number the schema rejects is quoted as the cell has it, not as the number it was read as.
      const rule =
        field === 'leadCount'
          ? 'a whole number ≥ 0'
          : field === 'profit'
            ? `a number like ${notation.example}`
            : undefined;
      const said = rule ? `expected ${rule}, got ${cell === '' ? 'an empty cell' : JSON.stringify(cell)}` : message;
      return problem(placeOf(record, columns[field]!), said, `users[${user}].${field}`);
    },
  };
}

/** A byte the file may not hold: one that no charset allows, or one that is not UTF-8 in a file that otherwise is. */
function toByteProblem(value: number, utf8Elsewhere: boolean): string {
  const byte = `byte 0x${value.toString(16).toUpperCase().padStart(2, '0')}`;
  return `${byte} ${utf8Elsewhere ? 'is not UTF-8, as the rest of the file is' : 'is neither UTF-8 nor Windows-1252'}; save the file as "CSV UTF-8"`;
}

/** Which column holds each field, or what is wrong with the header and at which of its cells. */
function toColumns(header: readonly string[]): { columns: Columns } | { wrong: string; at: number } {
  const columns: Columns = {};
  for (const [index, field] of header.map(toField).entries()) {
    if (field === undefined) continue;
    if (columns[field] === undefined) columns[field] = index;
    else
      return {
        wrong: `a second column for ${field}: ${JSON.stringify(header[columns[field]])} and ${JSON.stringify(header[index])}; keep one of them`,
        at: index,
      };
  }
  const missing = FIELDS.filter((field) => field !== 'profit' && columns[field] === undefined);
  if (missing.length === 0) return { columns };
  const wanted = missing.map((field) => `no column "${TITLES[field][0]}" or "${TITLES[field][1]}"`).join(' and ');
  return {
    wrong: `${wanted}; the first row, which names the columns, has ${header.map((title) => JSON.stringify(title)).join(', ')}`,
    at: 0,
  };
}

function toField(title: string): Field | undefined {
  const key = title.trim().toLowerCase();
  return FIELDS.find((field) => TITLES[field].some((name) => name.toLowerCase() === key));
}

/**
 * Columns podium does not read, with the first row that has something in them: the title, or a cell past the titles.
 */
function toIgnored(rows: Rows, columns: Columns): { column: number; row: number }[] {
  const used = new Set(Object.values(columns));
  let width = 0;
  for (const row of rows) width = Math.max(width, row.length);
  const ignored: { column: number; row: number }[] = [];
  for (let column = 0; column < width; column += 1) {
    const row = used.has(column) ? -1 : rows.findIndex((cells) => cells[column]?.trim());
    if (row !== -1) ignored.push({ column, row });
  }
  return ignored;
}

/** A row as a user for the schema: a number where the cell holds one, else the cell's text for the schema to reject. */
function toUser(row: readonly string[], columns: Columns, notation: Notation): Record<Field, unknown> {
  const cell = (field: Field) => (columns[field] === undefined ? undefined : (row[columns[field]] ?? ''));
  const number = (text: string | undefined) =>
    text === undefined || text.trim() === '' ? undefined : (toNumber(text, notation) ?? text);
  return { name: cell('name'), leadCount: number(cell('leadCount')), profit: number(cell('profit')) };
}
