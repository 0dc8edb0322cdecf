// Places in a text: the types every reader of contest input shares, and offsets → line and column; and the paths a
// contest names. A leaf module: the JSON and the CSV readers both use it, and neither imports the other.
import { dirname, isAbsolute, join } from 'node:path';

/** A place in a text; in a workbook, `line` and `column` count the sheet's rows and columns, and `cell` is `C14`. */
export type Position = { line: number; column: number; sheet?: string; cell?: string };
export type Key = string | number;
/** A place to find: the value at `path`, or with `key` the key naming it (for a key that should not be there). */
export type Target = { path: readonly Key[]; key?: boolean };
export type SyntaxProblem = { message: string; position: Position };

// Positions count from after a byte-order mark, which editors do not show.
export const stripBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/** Line and column of each offset of a text, in one sweep over it. */
export function toPositions(text: string, offsets: readonly number[]): Position[] {
  const order = offsets.map((offset, index) => ({ offset, index })).sort((a, b) => a.offset - b.offset);
  const positions = new Array<Position>(offsets.length);
  let [line, lineStart, next] = [1, 0, text.indexOf('\n')];
  for (const { offset, index } of order) {
    for (; next !== -1 && next < offset; next = text.indexOf('\n', next + 1)) [line, lineStart] = [line + 1, next + 1];
    positions[index] = { line, column: offset - lineStart + 1 };
  }
  return positions;
}

/** A path a contest file names, as problems name it: relative to the contest file's folder unless absolute. */
export function toDataPath(contestFile: string, path: string): string {
  return isAbsolute(path) ? path : join(dirname(contestFile), path);
}

/** `Bericht.xlsx#Tabelle2` → the file's path and the sheet's name; without `#`, the sheet Excel opens it at. */
export function toWorkbookPath(users: string): { path: string; sheet?: string } {
  const [, path = users, sheet] = /^(.*?\.xlsx)(?:#(.*))?$/is.exec(users) ?? [];
  return sheet === undefined || sheet === '' ? { path } : { path, sheet };
}
