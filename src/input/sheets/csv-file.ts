// `"users": "spring-users.csv"`: a contest's users from a spreadsheet export, with every problem placed at its
// cell. A file of its own (lib/sheet.cjs, with csv-parse), loaded by validate.ts only for such a contest.
import { toNumber, type Notation } from './amount.ts';
import { holdsEveryLetter, toUtf8 } from './charset.ts';
import { toGarbledEuro } from './codepage.ts';
import { AMOUNT_RULE, toExcerpt } from '../issues.ts';
import { REQUIRED, TOO_MANY, toHiddenMessage, toNames, type Field, type Mapping, type Sheet } from './columns.ts';
import { detectDelimiter, toPlaces, toRows, type Delimiter, type Places, type Rows } from './csv.ts';
import { toDefault, toNotation } from './notation.ts';
import { toNamed, toPeople, toProblem, toSheet, type Table } from './table.ts';
import type { Problem } from '../../errors.ts';
import type { Position } from '../place.ts';
import type { DataFile } from '../file.ts';
import { LIMITS, LIMITS_TEXT } from '../../contest/limits.ts';

const START: Position = { line: 1, column: 1 };
/** The columns of numbers, whose cells decide how the file writes them: a count and an amount. */
const NUMBERS = ['leadCount', 'profit'] as const;

/**
 * The users of a CSV export (`file` as problems name it, `read` its bytes), its columns titled as `mapping` (the
 * contest file's "columns") says. A "?" in a name from a file in a code page is a warning; ignored columns are a note.
 */
export function loadSheet(file: string, read: DataFile, mapping?: Mapping): Sheet {
  const problem = toProblem(file);
  const none: Sheet = {
    file,
    users: [],
    problems: [],
    place: (_path, message) => problem(START, message),
    at: () => START,
  };
  const fail = (position: Position, message: string): Sheet => ({ ...none, problems: [problem(position, message)] });
  if ('unreadable' in read) return { ...none, unreadable: read.unreadable };
  const decoded = toUtf8(read.bytes);
  if ('byte' in decoded) return fail(decoded.position, decoded.message);
  const { utf8 } = decoded;
  const names = toNames(mapping);
  const delimiter = detectDelimiter(utf8, (cells) => toNamed(cells, names));
  const parsed = toRows(utf8, delimiter, MOST);
  if ('unclosed' in parsed) return fail(parsed.unclosed, 'a quote opens this cell and is never closed');
  if ('long' in parsed) return fail(parsed.long, TOO_LONG);
  const { table, forget } = toTable(file, utf8, delimiter, parsed.rows);
  const people = toPeople(table, mapping);
  if ('failed' in people) return { ...none, problems: people.failed };
  if ('tooMany' in people) return { ...none, problems: [...people.tooMany, problem(people.at, TOO_MANY)] };
  const { problems, records, columns } = people;
  // Excel's plain "CSV" is a code page, and it writes "?" for a letter that has none there ("Çağla" → "Ça?la").
  if (!holdsEveryLetter(decoded.charset))
    for (const [user, record] of records.entries()) {
      const name = parsed.rows[record]![columns.name!] ?? '';
      if (name.includes('?'))
        problems.push({
          ...problem(table.at(record, columns.name!), toQuestionMark(name), `users[${user}].name`, 'warning'),
          key: `question mark: ${name.trim()}`,
          lasting: true,
        });
    }
  const sheet = toSheet(table, people, problems);
  forget();
  return sheet;
}

// One row more than a contest may hold is enough to refuse it: a file of millions of rows is not read to its end.
const MOST = LIMITS.users + 1;

/** A row past SHEET_LIMITS.bytes, said at the cell where the bound was reached. */
const TOO_LONG = `this row is longer than ${LIMITS_TEXT.bytes}, a thousand times a contest's row (a name and two figures): a damaged file, or not the export; export the table again`;

/**
 * A CSV export's rows as a table: cells are texts, numbers written as the file writes them (notation.ts). Once its
 * people are read, `forget()` lets its rows go while the schema checks them: each Stand of a history would else be
 * held twice over, rows and users, and the heap grows with the weeks (docs/performance.md). A problem the schema finds
 * then quotes its cell from the file read again, once.
 */
function toTable(
  file: string,
  utf8: Buffer,
  delimiter: Delimiter,
  read: Rows,
): { table: Table<string>; forget: () => void } {
  let rows: Rows | undefined = read;
  const all = (): Rows => (rows ??= (toRows(utf8, delimiter, MOST) as { rows: Rows }).rows);
  let notation: Notation = toDefault(delimiter); // until the number columns are found and decide
  const number = (text: string) => (text.trim() === '' ? undefined : (toNumber(text, notation) ?? text));
  // Where cells start takes a second reading: of the rows up to the first asked for (the header's, for a problem of
  // the header), then of every row once a later one is.
  let places: { rows: number; at: Places } | undefined;
  const table: Table<string> = {
    file,
    get rows() {
      return all();
    },
    title: (cell) => cell,
    filled: (cell) => cell.trim() !== '',
    value: {
      ...{ text: (cell) => cell ?? '', number: (cell) => number(cell ?? ''), flag: (cell) => cell },
      share: (cell) => number(cell ?? ''), // "50 %" stays a text, which the schema reads
    },
    typed: (cell) => cell?.trim(),
    said: (field, cell, message) => toCellMessage(field, cell?.trim() ?? '', message, notation),
    at(row, column) {
      if (!places || row >= places.rows) {
        const rows = places ? Infinity : row + 1;
        places = { rows, at: toPlaces(utf8, delimiter, rows) };
      }
      return places.at(row, column);
    },
    whole: () => START,
    first: () => 0,
    unnamed: (column) => String(column + 1),
    empty: { at: START, message: `the file is empty; its first row names the columns: ${REQUIRED.join(delimiter)}` },
    decide(top, columns) {
      const numbers = NUMBERS.flatMap((field) =>
        columns[field] === undefined ? [] : [{ column: columns[field], whole: field === 'leadCount' }],
      ).sort((a, b) => a.column - b.column); // row by row, left to right: the first cell that cannot be read is said
      const decided = toNotation(all(), top, numbers, delimiter, (row, column) => table.at(row, column).line);
      if ('message' in decided) return decided;
      notation = decided;
      return undefined;
    },
  };
  return { table, forget: () => (rows = undefined) };
}

/** What is wrong with a field's cell, quoted as the cell has it, not as the number it was read as. */
function toCellMessage(field: Field, cell: string, message: string, notation: Notation): string {
  const got = cell === '' ? 'an empty cell' : toExcerpt(cell);
  if (field === 'hidden') return toHiddenMessage(got);
  if (field === 'leadCount') return `expected a whole number ≥ 0, got ${got}`;
  // A target's or employment share's rule, said of the cell as the file writes it ("50 %", not 0.5).
  if (field === 'target' || field === 'share') return message.replace(/, got .*$/, `, got ${got}`);
  if (field !== 'profit') return message;
  const garbled = toGarbledEuro(cell, (text) => toNumber(text, notation) !== undefined);
  if (garbled) return `${got} holds ${garbled}`;
  return toNumber(cell, notation) === undefined
    ? `expected a number like ${notation.example}, got ${got}`
    : `${AMOUNT_RULE}, got ${got}`;
}

/** A "?" in a name from a file in a code page, where Excel put it for a letter that file cannot hold. */
function toQuestionMark(name: string): string {
  return `${toExcerpt(name.trim())} holds a "?", which Excel writes for a letter that plain "CSV" cannot hold; save the file as "CSV UTF-8" to keep every letter`;
}
