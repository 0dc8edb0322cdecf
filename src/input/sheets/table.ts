// A table of cells → people: the one routine a CSV export and a workbook's sheet share. The header row, its columns,
// near misses, missing and ignored columns, the rows as users, the limit, numbers and names; an adapter (csv-file.ts,
// workbook.ts) says what a cell holds and where it is (`file:line:col`, `Tabelle1!C14`).
import { LIMITS } from '../../contest/limits.ts';
import type { Problem, Severity } from '../../errors.ts';
import type { Key, Position } from '../place.ts';
import { toRoundingNote } from './amount.ts';
import { toHiddenColumns } from './hidden.ts';
import { isTotalsName } from './totals.ts';
import {
  FIELDS,
  IGNORED,
  KINDS,
  REQUIRED,
  TARGETS,
  toColumns,
  toIgnored,
  toIgnoredNote,
  toMissing,
  toNames,
  toNearMisses,
  toPrivate,
  type Columns,
  type Field,
  type Kind,
  type Mapping,
  type Names,
  type Sheet,
} from './columns.ts';

/** A problem of `file` at a position: an error of the users list unless said otherwise. */
export function toProblem(file: string) {
  return (position: Position, message: string, path = 'users', severity: Severity = 'error'): Problem => ({
    file,
    ...position,
    path,
    message,
    severity,
  });
}

/** Rows of cells, sparse or not: a workbook's rows and cells are, a CSV export's are not. */
export type Rows<Cell> = readonly (readonly (Cell | undefined)[] | undefined)[];

/** What the routine needs to know of a table's cells: what each holds, and where it is. */
export type Table<Cell> = {
  /** The file as problems name it. */
  file: string;
  rows: Rows<Cell>;
  /** A cell as a header's title. */
  title(cell: Cell): string;
  /** Whether a cell holds something (a blank text does not). */
  filled(cell: Cell): boolean;
  /** A cell as a field of its kind for the schema: a number where it holds one, else what the schema rejects. */
  value: Record<Kind, (cell: Cell | undefined) => unknown>;
  /** The text a number was typed as, which a rounding note quotes; undefined where the cell holds the number. */
  typed(cell: Cell | undefined): string | undefined;
  /** What is wrong with a field's cell, said of the cell as its program shows it; `message` is the schema's own. */
  said(field: Field, cell: Cell | undefined, message: string): string;
  /** Where a cell is. */
  at(row: number, column: number): Position;
  /** Where a problem of the list as a whole is, the header being row `top` (-1: none). */
  whole(top: number): Position;
  /** The column of the header row where a missing column is said. */
  first(header: readonly (Cell | undefined)[]): number;
  /** A column without a title, as a note names it: its number or its letters. */
  unnamed(column: number): string;
  /** What is said of a table without a header, and where. */
  empty: { at: Position; message: string };
  /** Rows left out (hidden in Excel), each said by its adapter. */
  hidden?: ReadonlySet<number>;
  /**
   * Decides how the number columns' cells read, once they are known and before any is read (a CSV export's notation,
   * csv-file.ts), or names the cell that cannot be read one way.
   */
  decide?(top: number, columns: Columns): { row: number; column: number; message: string } | undefined;
  /** Columns hidden in Excel: read only where no visible column has the title, and said (hidden.ts). */
  hiddenColumns?: ReadonlySet<number>;
};

/** The people of a table: its users for the schema (`users[i]` is row `records[i]`) and the rows left out. */
export type People = {
  top: number;
  columns: Columns;
  users: unknown[];
  records: number[];
  left: number[];
  problems: Problem[];
};

/**
 * A table's people, or the problems that keep it from having any: `failed` (the header), `tooMany` (more rows than a
 * contest holds; the problems found before it are given with it, and where to say it).
 */
export function toPeople<Cell>(
  table: Table<Cell>,
  mapping: Mapping,
): People | { failed: Problem[] } | { tooMany: Problem[]; at: Position } {
  const names = toNames(mapping);
  const problem = toProblem(table.file);
  const failed = (position: Position, message: string) => ({ failed: [problem(position, message)] });
  const top = toHeaderRow(table, names);
  if (top === -1) return failed(table.empty.at, table.empty.message);
  const row = table.rows[top]!;
  const header = toTitles(table, row);
  const found = toColumns(header, names, table.hiddenColumns);
  if ('wrong' in found) return failed(table.at(top, found.at), found.wrong);
  const { columns } = found;
  // A title one typo away from a column podium reads: ignored, its figures would be missing from the page.
  const misses = toNearMisses(header, columns, names);
  if (misses.length > 0)
    return { failed: misses.map(({ column, message }) => problem(table.at(top, column), message)) };
  const missing = toMissing(header, columns, names);
  if (missing) return failed(table.at(top, table.first(row)), missing);
  const undecided = table.decide?.(top, columns);
  const problems: Problem[] = [];
  const hidden = table.hiddenColumns?.size ? toHiddenColumns(header, columns, table.hiddenColumns) : [];
  const refused = hidden.filter((finding) => finding.severity === 'error');
  if (refused.length > 0)
    return { failed: refused.map(({ column, message }) => problem(table.at(top, column), message)) };
  for (const { column, message, severity, key, lasting } of hidden)
    problems.push({
      ...problem(table.at(top, column), message, 'users', severity),
      ...(key && { key }),
      ...(lasting && { lasting }),
    });
  // A hidden column podium does not read is not seen in Excel either: no note.
  const ignored = toIgnored(table.rows.slice(top), columns, table.filled).filter(
    ({ column }) => !table.hiddenColumns?.has(column),
  );
  if (ignored.length > 0) {
    const message = toIgnoredNote(ignored, header, table.unnamed, names);
    const at = table.at(top + ignored[0]!.row, ignored[0]!.column);
    problems.push({ ...problem(at, message, 'users', 'note'), key: IGNORED });
  }
  const { users, records, left } = toUsers(table, top, columns);
  // More people than a contest holds: said once, as a whole (at `at`), and no user needs checking.
  if (users.length > LIMITS.users) return { tooMany: problems, at: table.whole(top) };
  if (undecided) return { failed: [toUndecided(table, undecided, records, columns)] };
  if (columns.profit !== undefined)
    for (let user = 0; user < records.length; user += 1) {
      const record = records[user]!;
      const note = toRoundingNote(users[user]!.profit, table.typed(table.rows[record]![columns.profit]));
      if (note) problems.push(problem(table.at(record, columns.profit), note, `users[${user}].profit`, 'note'));
    }
  return { top, columns, users, records, left, problems };
}

/** The one problem of a table whose numbers read two ways, at the cell that does. */
function toUndecided<Cell>(
  table: Table<Cell>,
  { row, column, message }: { row: number; column: number; message: string },
  records: readonly number[],
  columns: Columns,
): Problem {
  const field = FIELDS.find((name) => columns[name] === column);
  return toProblem(table.file)(table.at(row, column), message, `users[${records.indexOf(row)}].${field}`);
}

/** The rows below the header as users, in the table's order; empty rows passed over, hidden ones left out. */
function toUsers<Cell>(
  table: Table<Cell>,
  top: number,
  columns: Columns,
): { users: Record<Field, unknown>[]; records: number[]; left: number[] } {
  const users: Record<Field, unknown>[] = [];
  const records: number[] = []; // users[i] is rows[records[i]]
  const left: number[] = [];
  const filled = (cell: Cell | undefined) => cell !== undefined && table.filled(cell);
  // forEach and some pass over the holes of a workbook's sparse rows, and make no key strings for a CSV export's.
  table.rows.forEach((row, index) => {
    if (index <= top || !row || !row.some(filled)) return;
    if (table.hidden?.has(index)) left.push(index);
    else {
      records.push(index);
      users.push(toLabelled(table, row, toUser(table, row, columns)));
    }
  });
  return { users, records, left };
}

/**
 * A row as a user for the schema: each field its cell's value of the field's kind; a column it lacks, nothing; the
 * optional columns (alias, hidden) only where their cell has something.
 */
export function toUser<Cell>(
  table: Table<Cell>,
  row: readonly (Cell | undefined)[],
  columns: Columns,
): Record<Field, unknown> {
  const user = {} as Record<Field, unknown>;
  // Indexed: `for…of` makes an object a step until V8 has optimised the loop, and a history reads 100,000 rows.
  for (let at = 0; at < REQUIRED.length; at += 1) user[REQUIRED[at]!] = toValue(table, row, columns, REQUIRED[at]!);
  for (const field of TARGETS) {
    const value = toValue(table, row, columns, field);
    if (value !== undefined) user[field] = value;
  }
  // A team's cell as its text (empty: no team); its column is read only where the contest has "teams".
  const team = columns.team === undefined ? '' : String(toValue(table, row, columns, 'team') ?? '').trim();
  if (team) user.team = team;
  if (columns.alias === undefined && columns.hidden === undefined) return user;
  const alias = toValue(table, row, columns, 'alias') as string | undefined;
  return { ...user, ...toPrivate(alias, toValue(table, row, columns, 'hidden') as string | boolean | undefined) };
}

/** A row's cell of `field` as a value of the field's kind; nothing where the table has no such column. */
function toValue<Cell>(
  table: Table<Cell>,
  row: readonly (Cell | undefined)[],
  columns: Columns,
  field: Field,
): unknown {
  const column = columns[field];
  // No closure per row: a history's every row is garbage the heap grows for (docs/performance.md).
  return column === undefined ? undefined : table.value[KINDS[field]](row[column]);
}

/**
 * A row without a name that a totals label names in another cell takes that label as its name: a spreadsheet's
 * subtotals write `Nord Ergebnis` into the column they group by (rules.ts then leaves out the row, or refuses it).
 */
function toLabelled<Cell>(table: Table<Cell>, row: readonly (Cell | undefined)[], user: Record<Field, unknown>) {
  if (typeof user.name === 'string' && user.name.trim() !== '') return user;
  const label = row.find((cell) => cell !== undefined && isTotalsName(table.title(cell)));
  return label === undefined ? user : { ...user, name: table.title(label) };
}

/** A table's people as a sheet: its users, its problems, and where the schema's problems of each user are. */
export function toSheet<Cell>(table: Table<Cell>, people: People, problems: Problem[]): Sheet {
  const { top, columns, users, records } = people;
  const whole = table.whole(top);
  const titled = table.first(table.rows[top]!);
  const fail = toProblem(table.file);
  return {
    file: table.file,
    users,
    problems,
    place(path: readonly Key[], message: string) {
      const [, user, field] = path as [string, number | undefined, Field | undefined];
      if (user === undefined || field === undefined) return fail(whole, message); // the list as a whole
      const record = records[user]!;
      const said = table.said(field, table.rows[record]![columns[field]!], message);
      return fail(table.at(record, columns[field]!), said, `users[${user}].${field}`);
    },
    at(user, field) {
      const column = field === undefined ? titled : columns[field];
      if (column === undefined) return whole;
      return table.at(user === undefined ? top : records[user]!, column);
    },
  };
}

/**
 * The header row: the first row that names a column podium reads (a report's title and empty rows may come before
 * it), or, with none, the first row with something in it, where a near miss or a missing title is then said. One
 * look at each cell that is there: a workbook's row is sparse.
 */
function toHeaderRow<Cell>(table: Table<Cell>, names: Names): number {
  let filled = -1;
  for (const key of Object.keys(table.rows)) {
    const cells = Object.values(table.rows[Number(key)] ?? []).filter(
      (cell): cell is Cell => cell !== undefined && table.filled(cell),
    );
    if (toNamed(cells.map(table.title), names) > 0) return Number(key);
    if (filled === -1 && cells.length > 0) filled = Number(key);
  }
  return filled;
}

/** How many of podium's columns a row's titles name (a second column for one counts too); a header names one or more. */
export function toNamed(titles: readonly string[], names: Names): number {
  const found = toColumns(titles, names);
  return 'wrong' in found ? 2 : Object.keys(found.columns).length;
}

/** The header row's titles, each at its column: as wide as the row's last cell. */
function toTitles<Cell>(table: Table<Cell>, row: readonly (Cell | undefined)[]): string[] {
  const titles = Array.from({ length: row.length }, () => '');
  for (const key of Object.keys(row)) {
    const cell = row[Number(key)];
    if (cell !== undefined) titles[Number(key)] = table.title(cell);
  }
  return titles;
}
