// One sweep over a worksheet's XML before SheetJS parses it. SheetJS parses every cell it is given (14.7 million empty
// <c/> took 1.57 GB) and reads some cells wrongly or not at all: parseFloat makes `1,5` 1, an error code it does not
// know an empty cell, a text formula without a result an empty text. The sweep counts rows and cells, so that a sheet
// past the bounds is refused unparsed, and notes the hidden rows and the cells SheetJS would misread, by their place.

/** What the sweep found in one worksheet part. */
export type Scan = {
  /** Row elements: the greater of start and end tags (SheetJS splits the sheet at each `</row>`). */
  rows: number;
  /** Cell elements, empty ones included. */
  cells: number;
  /** Rows hidden in Excel (`hidden="1"`, also rows an AutoFilter hid), 0-based, top to bottom. */
  hidden: number[];
  /** Columns hidden in Excel (`<col min="3" max="3" hidden="1">`: 2), from 0, within Excel's 16,384. */
  hiddenColumns: Set<number>;
  /** Cells to take instead of SheetJS's reading of them. */
  fixes: Placed[];
  /** The first cell that refers to a shared text the workbook does not hold: SheetJS fails the whole sheet on it. */
  missing?: Placed & { index: string };
  /** Whether the sweep stopped at `bounds` before the end of the part. */
  stopped: boolean;
  /** Whether a cell's reference is in lower case (`b2`), which Excel reads as `B2` and SheetJS as no column. */
  lower?: boolean;
};
export type Placed = { row: number; column: number; cell: Misread };
/** A cell as the file has it where SheetJS misreads it: the kinds of cell.ts's Cell that the sweep finds. */
export type Misread = { kind: 'uncalculated' } | { kind: 'malformed'; text: string } | { kind: 'error'; text: string };

// A row, cell, value, formula or column tag, as SheetJS finds them (any namespace prefix; whitespace, `/` or `>` after).
const TAG = /<(\/?)(?:\w+:)?(row|c|v|f|col)(?=[\s/>])([^>]*)>/g;
const PIECE = 1024 * 1024;
const COLUMNS = 16_384; // Excel's, A to XFD
const [LT, GT] = [60, 62];
const R = /(?:^|\s)r\s*=\s*["']([^"']*)["']/;
const T = /(?:^|\s)t\s*=\s*["']([^"']*)["']/;
const HIDDEN = /(?:^|\s)hidden\s*=\s*["'](?:1|true)["']/;
const MIN = /(?:^|\s)min\s*=\s*["']\s*(\d+)/;
const MAX = /(?:^|\s)max\s*=\s*["']\s*(\d+)/;
// A number as the file format writes one (xsd:double without INF and NaN); anything else parseFloat half-reads.
const PLAIN = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
// The error values SheetJS knows; any other it reads as an empty cell.
const KNOWN = new Set(['#NULL!', '#DIV/0!', '#VALUE!', '#REF!', '#NAME?', '#NUM!', '#N/A', '#GETTING_DATA']);

/**
 * Sweeps a worksheet part: stops once it holds more than `bounds.rows` rows or `bounds.cells` cells. `texts` is how
 * many shared texts the workbook holds.
 */
export function scanSheet(xml: Buffer, texts: number, bounds: { rows: number; cells: number }): Scan {
  const scan: Scan = { rows: 0, cells: 0, hidden: [], hiddenColumns: new Set(), fixes: [], stopped: false };
  const columns = new Int32Array(COLUMNS + 1); // each hidden range's start +1, its end -1: one pass, however many
  let [starts, ends, row, column] = [0, 0, 0, -1];
  let cell: { row: number; column: number; type: string; formula: boolean; value?: string } | undefined;
  const close = () => {
    if (cell) check(cell, texts, scan);
    cell = undefined;
  };
  const stopped = !eachTag(xml, (match, after) => {
    const [, slash, name, attributes = ''] = match;
    const single = attributes.endsWith('/');
    if (name === 'row') {
      if (slash) ends += 1;
      else {
        close();
        starts += 1;
        const r = R.exec(attributes)?.[1];
        row = r === undefined ? row + 1 : parseInt(r, 10);
        column = -1;
        if (HIDDEN.test(attributes)) scan.hidden.push(row - 1);
      }
      scan.rows = Math.max(starts, ends);
      if (scan.rows > bounds.rows) return false;
    } else if (name === 'c') {
      close();
      if (slash) return true;
      scan.cells += 1;
      if (scan.cells > bounds.cells) return false;
      const r = R.exec(attributes)?.[1];
      const at = r === undefined ? { row: row - 1, column: (column += 1), lower: false } : toPlace(r);
      if (at.lower) scan.lower = true;
      column = at.column;
      cell = { row: at.row, column: at.column, type: T.exec(attributes)?.[1] ?? 'n', formula: false };
      if (single) close();
    } else if (name === 'col') {
      if (!slash && HIDDEN.test(attributes)) {
        const { from, to } = toColumns(attributes);
        if (from <= to) {
          columns[from]! += 1;
          columns[to + 1]! -= 1;
        }
      }
    } else if (cell && !slash && name === 'f') cell.formula = true;
    else if (cell && !slash && name === 'v' && !single) {
      const end = xml.indexOf(LT, after);
      cell.value = xml.toString('latin1', after, end === -1 ? xml.length : end);
    }
    return true;
  });
  if (stopped) return { ...scan, stopped: true };
  close();
  for (let [column, depth] = [0, 0]; column < COLUMNS; column += 1)
    if ((depth += columns[column]!) > 0) scan.hiddenColumns.add(column);
  return scan;
}

/**
 * Calls `on` with each tag of a part and the offset after it, until it returns false (then false), read in pieces of a
 * megabyte cut after a `>`: one byte a character (the tags are ASCII; a value is decoded when quoted), and no copy of a
 * 64 MB part at once. A loop, not a generator of pairs: it was a third of a 10,000-row sheet's sweep.
 */
function eachTag(xml: Buffer, on: (match: RegExpExecArray, after: number) => boolean): boolean {
  for (let from = 0; from < xml.length;) {
    const cut = xml.indexOf(GT, Math.min(xml.length, from + PIECE));
    const to = cut === -1 ? xml.length : cut + 1;
    const text = xml.toString('latin1', from, to);
    TAG.lastIndex = 0;
    for (let match = TAG.exec(text); match; match = TAG.exec(text))
      if (!on(match, from + match.index + match[0].length)) return false;
    from = to;
  }
  return true;
}

/** A `<col>`'s columns, from 0 and within Excel's: `min` to `max` (1-based, as the file has them). */
function toColumns(attributes: string): { from: number; to: number } {
  const from = Math.max(0, Number(MIN.exec(attributes)?.[1] ?? 1) - 1);
  return { from, to: Math.min(COLUMNS - 1, Number(MAX.exec(attributes)?.[1] ?? from + 1) - 1) };
}

/** `B12` → its row and column from 0, as Excel reads a reference: its digits the row, its letters (any case) the column. */
function toPlace(reference: string): { row: number; column: number; lower: boolean } {
  let [row, column, lower] = [0, 0, false];
  for (let at = 0; at < reference.length; at += 1) {
    let code = reference.charCodeAt(at);
    if (code >= 97 && code <= 122) [code, lower] = [code - 32, true]; // Excel reads `b2` as B2
    if (code >= 48 && code <= 57) row = 10 * row + code - 48;
    else if (code >= 65 && code <= 90) column = 26 * column + code - 64;
  }
  return { row: row - 1, column: column - 1, lower };
}

// A tag's cell or range references (`r="b2"`, `ref="a1:c4"`, `sqref="a1"`).
const REFERENCES = /<[^>]*>/g;
const REFERENCE = /(\s(?:r|ref|sqref)\s*=\s*)(["'])([^"']*)\2/g;

/** A worksheet part with its references in upper case, as Excel reads them, for SheetJS (a `lower` sweep's part). */
export function toUpperReferences(xml: Buffer): Buffer {
  const text = xml
    .toString('latin1')
    .replace(REFERENCES, (tag) =>
      tag.replace(
        REFERENCE,
        (_, name: string, quote: string, value: string) => name + quote + value.toUpperCase() + quote,
      ),
    );
  return Buffer.from(text, 'latin1');
}

function check(
  cell: { row: number; column: number; type: string; formula: boolean; value?: string },
  texts: number,
  scan: Scan,
): void {
  const { row, column, type, value } = cell;
  const place = (found: Misread) => scan.fixes.push({ row, column, cell: found });
  // `<v></v>` is a saved result, the empty text; no <v> at all is none.
  if (value === undefined && cell.formula) place({ kind: 'uncalculated' });
  if (!value) return;
  // Decoded only for a cell to name: nearly every cell is read right.
  const shown = () => Buffer.from(value, 'latin1').toString('utf8');
  if (type === 'n' && !PLAIN.test(value)) place({ kind: 'malformed', text: shown() });
  else if (type === 'e' && !KNOWN.has(value)) place({ kind: 'error', text: shown() });
  else if (type === 's' && !scan.missing && !(/^\d+$/.test(value) && Number(value) < texts)) {
    const text = shown();
    scan.missing = { row, column, cell: { kind: 'malformed', text }, index: text };
  }
}
