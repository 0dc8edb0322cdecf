// CSV text (as UTF-8 bytes) → rows of cells, with csv-parse (node-csv): quoted cells with delimiters, quotes and
// line breaks, CRLF, LF or CR line ends, blank lines skipped. Where a cell starts is found only when a problem
// needs placing: csv-parse reports places per cell through a callback that makes a reading four times slower.
import { CsvError, parse, type Options } from 'csv-parse/sync';
import { SHEET_LIMITS } from '../../contest/limits.ts';
import type { Position } from '../place.ts';

export type Delimiter = ';' | ',' | '\t';
/** The cells of each record, the header first; blank lines are not records. */
export type Rows = string[][];
/** Where record `row`'s cell `column` starts; a cell past the end of its record is placed at that end. */
export type Places = (row: number, column: number) => Position;

/** A record as csv-parse gives it with `info`: its cells and the bytes read up to its end, line break included. */
type Info = { record: string[]; info: { bytes: number } };

const DELIMITERS: readonly Delimiter[] = [';', '\t', ','];
// Exports are not always written in one go: a file may mix line ends. A quote inside an unquoted cell
// (Anna "Ann" Meier) is a character of the cell, as spreadsheets read it.
const OPTIONS: Options = {
  record_delimiter: ['\r\n', '\n', '\r'],
  skip_empty_lines: true,
  relax_column_count: true,
  relax_quotes: true,
  // A cell of 60 million characters took csv-parse 7 s to read: a row past the bound is refused where it starts.
  max_record_size: SHEET_LIMITS.bytes,
};

// The rows a delimiter is looked for in: a report's title and notes stand above the header, not a hundred rows.
const LOOKED_AT = 100;

/**
 * The delimiter of the header row: the one under which a row among the first hundred names the most of podium's
 * columns (`named` counts them; then the earlier row, then the more cells), so that a title above the table
 * ("Umsatzbericht, Stand 31.03.2027") does not decide. Where no row names one, the delimiter that splits the first row
 * into the most cells: `;`, tab or `,`. Each reading stops after those rows.
 */
export function detectDelimiter(utf8: Buffer, named: (cells: readonly string[]) => number = () => 0): Delimiter {
  let best = { delimiter: ';' as Delimiter, named: 0, row: 0, cells: 0 };
  for (const delimiter of DELIMITERS) {
    const rows: string[][] = [];
    try {
      const on_record = (record: string[]) => (rows.push(record), record);
      parse(utf8, { ...OPTIONS, delimiter, to: LOOKED_AT, on_record });
    } catch (error) {
      if (!(error instanceof CsvError)) throw error; // an unclosed quote: the rows before it count
    }
    const counts = rows.map(named);
    const most = Math.max(0, ...counts);
    const row = most > 0 ? counts.indexOf(most) : 0;
    const cells = rows[row]?.length ?? 0;
    const better = [most - best.named, best.row - row, cells - best.cells].find((difference) => difference !== 0) ?? 0;
    if (better > 0) best = { delimiter, named: most, row, cells };
  }
  return best.delimiter;
}

/**
 * Every record (the header and at most `most` more), or the place of a quote that opens a cell and is never closed,
 * or of a cell in a row longer than SHEET_LIMITS.bytes.
 */
export function toRows(
  utf8: Buffer,
  delimiter: Delimiter,
  most = Infinity,
): { rows: Rows } | { unclosed: Position } | { long: Position } {
  try {
    // The header apart from the rows: relaxed, csv-parse makes an error object for each record whose length differs
    // from the first record's, so a header far wider than its rows would cost that on every row.
    const [header] = parse(utf8, { ...OPTIONS, delimiter, to: 1, info: true }) as unknown as Info[];
    if (!header) return { rows: [] };
    const body = utf8.subarray(header.info.bytes);
    return {
      rows: [header.record, ...(parse(body, { ...OPTIONS, delimiter, ...(most < Infinity && { to: most }) }) as Rows)],
    };
  } catch (error) {
    // With relaxed quotes and column counts, an open quote at the end of the file and a row too long are the errors
    // csv-parse raises.
    const code = error instanceof CsvError ? error.code : undefined;
    if (code !== 'CSV_QUOTE_NOT_CLOSED' && code !== 'CSV_MAX_RECORD_SIZE') throw error;
    const { ends } = measure(utf8, delimiter, Infinity);
    // The cell follows the last cell read: in its record (`index` cells read of it), or first of a new one.
    const { index } = error as CsvError & { index: number };
    const at = index > 0 ? startOf(utf8, ends, ends.length - 1, index) : startOf(utf8, ends, ends.length, 0);
    const position = toPositions(utf8, [at])[0]!;
    return code === 'CSV_QUOTE_NOT_CLOSED' ? { unclosed: position } : { long: position };
  }
}

/** Where each cell of the first `records` records starts: a second reading, made only when there is a problem. */
export function toPlaces(utf8: Buffer, delimiter: Delimiter, records: number): Places {
  const { ends } = measure(utf8, delimiter, records);
  const placeOf = toPlacer(utf8);
  return (row, column) => {
    const cells = ends[row] ?? [];
    return placeOf(
      column < cells.length ? startOf(utf8, ends, row, column) : (cells.at(-1) ?? startOf(utf8, ends, row, 0)),
    );
  };
}

/** The byte offset where each cell ends (at its delimiter or line end), per record, up to `records` records. */
function measure(utf8: Buffer, delimiter: Delimiter, records: number): { ends: number[][] } {
  const ends: number[][] = [];
  const cast = (value: string, { index, bytes }: { index: number; bytes: number }) => {
    if (index === 0) ends.push([]);
    ends.at(-1)!.push(bytes);
    return value;
  };
  try {
    parse(utf8, { ...OPTIONS, delimiter, cast, ...(Number.isFinite(records) && { to: records }) });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error; // the cells before an unclosed quote are measured
  }
  return { ends };
}

/**
 * Where a cell starts: one byte after the cell before it, or for a record's first cell, after the line breaks before
 * it.
 */
function startOf(utf8: Buffer, ends: readonly number[][], row: number, column: number): number {
  if (column > 0) return ends[row]![column - 1]! + 1;
  let at = row === 0 ? 0 : ends[row - 1]!.at(-1)!;
  while (utf8[at] === 0x0d || utf8[at] === 0x0a) at += 1;
  return at;
}

/** Line and column (in characters, as editors count them) of each byte offset. */
export function toPositions(utf8: Buffer, offsets: readonly number[]): Position[] {
  const placeOf = toPlacer(utf8);
  return offsets.map(placeOf);
}

/**
 * Line and column of byte offsets asked in any order, in one sweep over the bytes: an offset behind the sweep is
 * counted again only from the start of its line. Placing every problem of an export is linear in its size.
 */
function toPlacer(utf8: Buffer): (offset: number) => Position {
  const lineStarts = [0]; // lineStarts[n] is where line n + 1 starts, for every line swept so far
  let [at, line, column] = [0, 1, 1];
  return (offset) => {
    if (offset < at) {
      let [low, high] = [0, lineStarts.length - 1];
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if (lineStarts[middle]! <= offset) low = middle;
        else high = middle - 1;
      }
      [at, line, column] = [lineStarts[low]!, low + 1, 1];
    }
    for (; at < offset && at < utf8.length; at += 1) {
      const byte = utf8[at]!;
      // A CR ends a line unless an LF follows it; a character's first byte counts, four bytes as two UTF-16 units.
      if (byte === 0x0a || (byte === 0x0d && utf8[at + 1] !== 0x0a)) {
        [line, column] = [line + 1, 1];
        if (line > lineStarts.length) lineStarts.push(at + 1);
      } else if (byte !== 0x0d && (byte & 0xc0) !== 0x80) column += byte >= 0xf0 ? 2 : 1;
    }
    return { line, column };
  };
}
