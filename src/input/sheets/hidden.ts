// What Excel hides in a sheet, which a person reading it does not see: rows (left out, with a warning) and columns (a
// visible column read before a hidden one of the same title; a hidden one read with a warning, or refused where a
// visible column beside it carries its title and more, as a corrected copy does).
import { toExcerpt } from '../issues.ts';
import { FIELDS, type Columns, type Field } from './columns.ts';

/** The key of the warning for rows left out: a contest file acknowledges it by it. */
export const HIDDEN_ROWS = 'hidden rows';

/** Rows hidden in Excel (an AutoFilter hides the rows it filters out), which are left out, with the names they hold. */
export function toHiddenRowsWarning(rows: readonly number[], names: readonly unknown[]): string {
  const one = rows.length === 1;
  const numbers = rows.slice(0, 5).map((row) => row + 1);
  const more = rows.length > 5 ? ` and ${rows.length - 5} more` : '';
  const who = names.slice(0, 3).map((name) => toExcerpt(String(name)));
  const named = who.length > 0 ? ` (${who.join(', ')}${names.length > 3 ? ', …' : ''})` : '';
  return one
    ? `row ${numbers[0]} is hidden in Excel${named}: it is left out; show it in Excel, or delete it, if it is a person`
    : `rows ${numbers.join(', ')}${more} are hidden in Excel${named}: they are left out; show them in Excel, or delete them, if they are people`;
}

/** What is said of a hidden column; a warning's key is acknowledged once for good (`lasting`: every export has it). */
export type Finding = { column: number; message: string; severity: 'error' | 'warning'; key?: string; lasting?: true };

/**
 * What is said of each column podium reads though Excel hides it (`hidden`, of the header's columns): an error where
 * a visible column it does not read has a title that begins with the hidden one's (`… (korrigiert)`), else a warning.
 */
export function toHiddenColumns(header: readonly string[], columns: Columns, hidden: ReadonlySet<number>): Finding[] {
  const read = new Set(Object.values(columns));
  const visible = header.flatMap((title, column) =>
    read.has(column) || hidden.has(column) || !title.trim() ? [] : [title.trim()],
  );
  return FIELDS.flatMap((field) => {
    const column = columns[field];
    if (column === undefined || !hidden.has(column)) return [];
    const title = header[column]!.trim();
    const copy = visible.find((other) => toSquashed(other).startsWith(toSquashed(title)));
    return [copy === undefined ? toWarning(column, title) : toError(column, title, copy, field)];
  });
}

function toWarning(column: number, title: string): Finding {
  const message = `column ${toExcerpt(title)} is hidden in Excel, and read: show it in Excel, or delete it if its figures are not the ones to publish`;
  return { column, message, severity: 'warning', key: `hidden column: ${title}`, lasting: true };
}

function toError(column: number, title: string, copy: string, field: Field): Finding {
  const columns = `"columns": { ${JSON.stringify(field)}: ${JSON.stringify(copy)} }`;
  const message = `column ${toExcerpt(title)} is hidden in Excel, beside the visible ${toExcerpt(copy)}: name the one to read in ${columns}, or delete the hidden column (or show it, if its figures are the ones to publish)`;
  return { column, message, severity: 'error' };
}

function toSquashed(title: string): string {
  return title.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}
