// `"users": "spring-users.csv"`: a contest's users from a spreadsheet export, with every problem placed at its
// cell. A file of its own (lib/sheet.cjs, with csv-parse), loaded by validate.ts only for such a contest.
import { DECIMAL_COMMA, DECIMAL_POINT, toNumber, type Notation } from './amount.ts';
import { toUtf8 } from './charset.ts';
import { AMOUNT_RULE, toExcerpt } from '../issues.ts';
import { suggest } from '../suggest.ts';
import type { UserSchema } from '../../contest/schema.ts';
import { detectDelimiter, toPlaces, toRows, type Places, type Rows } from './csv.ts';
import type { Problem, Severity } from '../../errors.ts';
import type { Key, Position } from '../place.ts';
import { readDataFile, toDataPath } from '../file.ts';
import { LIMITS, LIMITS_TEXT } from '../../contest/limits.ts';

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
  /** Where user `user`'s row starts, or its `field`'s cell; with no user, the title of the field's column. */
  at(user: number | undefined, field?: Field): Position;
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
  // A title one typo away from a column podium reads: ignored, its figures would be missing from the page.
  const misses = toNearMisses(header, columns);
  for (const { column, meant } of misses)
    sheet.problems.push(
      problem(
        placeOf(0, column),
        `unknown column ${toExcerpt(header[column]!.trim())} (did you mean ${JSON.stringify(meant)}?): rename it, or the page would show none of its figures`,
      ),
    );
  if (misses.length > 0) return sheet;
  const missing = toMissing(header, columns);
  if (missing) return fail(START, missing);
  const ignored = toIgnored(rows, columns);
  if (ignored.length > 0) {
    const names = ignored.map(({ column }) =>
      header[column]?.trim() ? toExcerpt(header[column]!.trim()) : `${column + 1} (no title)`,
    );
    const message = `${names.length === 1 ? 'column' : 'columns'} ${names.join(', ')} ignored; podium reads ${FIELDS.map((field) => `"${TITLES[field][1]}"`).join(', ')}`;
    sheet.problems.push(
      // A note, never an error: real exports carry more columns (region, team, manager); near misses are errors above.
      problem(placeOf(ignored[0]!.row, ignored[0]!.column), message, 'users', 'note'),
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
  if (sheet.users.length > LIMITS.users) {
    sheet.users.length = 0; // said once, as a whole: its users need no checking
    return fail(
      START,
      `holds more than ${LIMITS_TEXT.users} salespeople; a contest holds at most ${LIMITS_TEXT.users}`,
    );
  }
  // Excel's plain "CSV" is Windows-1252, and it writes "?" for a letter that has none there ("Çağla" → "Ça?la").
  if (decoded.charset === 'windows-1252')
    for (const [user, record] of records.entries()) {
      const name = rows[record]![columns.name!] ?? '';
      if (name.includes('?'))
        sheet.problems.push(
          problem(
            placeOf(record, columns.name!),
            `${toExcerpt(name.trim())} holds a "?", which Excel writes for a letter that plain "CSV" cannot hold; save the file as "CSV UTF-8" to keep every letter`,
            `users[${user}].name`,
            strict ? 'error' : 'warning',
          ),
        );
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
      return placeOf(user === undefined ? 0 : records[user]!, column);
    },
  };
}

/** A byte the file may not hold: one that no charset allows, or one that is not UTF-8 in a file that otherwise is. */
function toByteProblem(value: number, utf8Elsewhere: boolean): string {
  const byte = `byte 0x${value.toString(16).toUpperCase().padStart(2, '0')}`;
  return `${byte} ${utf8Elsewhere ? 'is not UTF-8, as the rest of the file is' : 'is neither UTF-8 nor Windows-1252'}; save the file as "CSV UTF-8"`;
}

/** Which column holds each field, or the second column for a field and where it is. */
function toColumns(header: readonly string[]): { columns: Columns } | { wrong: string; at: number } {
  const columns: Columns = {};
  for (const [index, field] of header.map(toField).entries()) {
    if (field === undefined) continue;
    if (columns[field] === undefined) columns[field] = index;
    else
      return {
        wrong: `a second column for ${field}: ${toExcerpt(header[columns[field]]!)} and ${toExcerpt(header[index]!)}; keep one of them`,
        at: index,
      };
  }
  return { columns };
}

/** What a header lacks that podium needs (a profit column may be absent), in words; nothing when complete. */
function toMissing(header: readonly string[], columns: Columns): string | undefined {
  const missing = FIELDS.filter((field) => field !== 'profit' && columns[field] === undefined);
  if (missing.length === 0) return undefined;
  const wanted = missing.map((field) => `no column "${TITLES[field][0]}" or "${TITLES[field][1]}"`).join(' and ');
  return `${wanted}; the first row, which names the columns, has ${toTitles(header)}`;
}

/** The header's titles as a message quotes them: as many as fit in about 40 characters, and how many there are. */
function toTitles(header: readonly string[]): string {
  const shown: string[] = [];
  let length = 0;
  for (const title of header) {
    const quoted = toExcerpt(title);
    if (shown.length > 0 && length + quoted.length > 40) break;
    [shown[shown.length], length] = [quoted, length + quoted.length + 2];
  }
  return shown.length === header.length ? shown.join(', ') : `${shown.join(', ')} … (${header.length} columns)`;
}

/** Titles that are no column podium reads but nearly the name of one it lacks. */
function toNearMisses(header: readonly string[], columns: Columns): { column: number; meant: string }[] {
  const lacking = FIELDS.filter((field) => columns[field] === undefined).flatMap((field) => TITLES[field]);
  return header.flatMap((title, column) => {
    const meant = toField(title) === undefined && title.trim() ? suggest(title, lacking) : undefined;
    return meant ? [{ column, meant }] : [];
  });
}

function toField(title: string): Field | undefined {
  const key = title.trim().toLowerCase();
  return FIELDS.find((field) => TITLES[field].some((name) => name.toLowerCase() === key));
}

/**
 * Columns podium does not read, with the first row that has something in them: the title, or a cell past the titles.
 * One look at each cell: a row may be far wider than the others.
 */
function toIgnored(rows: Rows, columns: Columns): { column: number; row: number }[] {
  const used = new Set(Object.values(columns));
  const first = new Map<number, number>(); // column → the first row with something in it
  for (const [row, cells] of rows.entries())
    for (const [column, cell] of cells.entries())
      if (!used.has(column) && !first.has(column) && cell.trim()) first.set(column, row);
  return [...first].map(([column, row]) => ({ column, row })).sort((a, b) => a.column - b.column);
}

/** A row as a user for the schema: a number where the cell holds one, else the cell's text for the schema to reject. */
function toUser(row: readonly string[], columns: Columns, notation: Notation): Record<Field, unknown> {
  const cell = (field: Field) => (columns[field] === undefined ? undefined : (row[columns[field]] ?? ''));
  const number = (text: string | undefined) =>
    text === undefined || text.trim() === '' ? undefined : (toNumber(text, notation) ?? text);
  return { name: cell('name'), leadCount: number(cell('leadCount')), profit: number(cell('profit')) };
}
