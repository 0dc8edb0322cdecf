// The one sweep over a worksheet's XML: it hands each cell, as the file stores it, to its reader (cell.ts reads it),
// counts rows and cells, so that a sheet past the bounds is refused as it is reached (SheetJS's own cells took 1.57 GB
// for 14.7 million empty <c/>), and notes the hidden rows and columns. SheetJS reads the workbook's other parts only.

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
  /** The first cell that refers to a shared text the workbook does not hold (its index as the file has it). */
  missing?: { row: number; column: number; index: string };
  /** Whether the sweep stopped at `bounds` before the end of the part. */
  stopped: boolean;
};
/**
 * A cell as the file stores it, at its row and column from 0 (`b2` read as Excel reads it, B2). `value` (its `<v>`)
 * and `inline` (its `<is>`) are bytes, one a character: cell.ts decodes the few that are texts.
 */
export type Stored = {
  row: number;
  column: number;
  /** `t`: n (or none), s, str, inlineStr, b, e, d. */
  type: string;
  value?: string;
  inline?: string;
  /** Whether it holds a formula (`<f>`, also a shared formula's `<f t="shared" si="0"/>`). */
  formula: boolean;
  /** Its style's index in the workbook's cellXfs (`s`), which has its number format. */
  style?: string;
};

// A row, cell, value, formula, inline text or column tag, as SheetJS finds them (any namespace prefix; whitespace, `/`
// or `>` after).
const TAG = /<(\/?)(?:\w+:)?(row|c|v|f|is|col)(?=[\s/>])([^>]*)>/g;
const PIECE = 1024 * 1024;
const COLUMNS = 16_384; // Excel's, A to XFD
const [LT, GT] = [60, 62];
const R = /(?:^|\s)r\s*=\s*["']([^"']*)["']/;
const T = /(?:^|\s)t\s*=\s*["']([^"']*)["']/;
const S = /(?:^|\s)s\s*=\s*["']([^"']*)["']/;
const HIDDEN = /(?:^|\s)hidden\s*=\s*["'](?:1|true)["']/;
const MIN = /(?:^|\s)min\s*=\s*["']\s*(\d+)/;
const MAX = /(?:^|\s)max\s*=\s*["']\s*(\d+)/;

/**
 * Sweeps a worksheet part, handing each cell to `read` as its end is reached: stops once it holds more than
 * `bounds.rows` rows or `bounds.cells` cells. `texts` is how many shared texts the workbook holds.
 */
export function scanSheet(
  xml: Buffer,
  texts: number,
  bounds: { rows: number; cells: number },
  read: (cell: Stored) => void,
): Scan {
  const scan: Scan = { rows: 0, cells: 0, hidden: [], hiddenColumns: new Set(), stopped: false };
  const columns = new Int32Array(COLUMNS + 1); // each hidden range's start +1, its end -1: one pass, however many
  let [starts, ends, row, column] = [0, 0, 0, -1];
  let cell: Stored | undefined;
  const close = () => {
    if (cell && cell.type === 's') check(cell, texts, scan);
    if (cell) read(cell);
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
      const at = r === undefined ? { row: row - 1, column: column + 1 } : toPlace(r);
      column = at.column;
      const style = S.exec(attributes)?.[1];
      cell = { row: at.row, column, type: T.exec(attributes)?.[1] || 'n', formula: false, ...(style && { style }) };
      if (single) close();
    } else if (name === 'col') {
      if (!slash && HIDDEN.test(attributes)) markHidden(columns, attributes);
    } else if (cell && !slash && name === 'f') cell.formula = true;
    else if (cell && !slash && name === 'v' && !single) {
      const end = xml.indexOf(LT, after);
      cell.value = xml.toString('latin1', after, end === -1 ? xml.length : end);
    } else if (cell && !slash && name === 'is' && !single) cell.inline = toInline(xml, after);
    return true;
  });
  if (stopped) return { ...scan, stopped: true };
  close();
  for (let [column, depth] = [0, 0]; column < COLUMNS; column += 1)
    if ((depth += columns[column]!) > 0) scan.hiddenColumns.add(column);
  return scan;
}

/** A hidden `<col min max>` range, marked in `columns`: its start +1, the column after its end -1. */
function markHidden(columns: Int32Array, attributes: string): void {
  const { from, to } = toColumns(attributes);
  if (from > to) return;
  columns[from]! += 1;
  columns[to + 1]! -= 1;
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
function toPlace(reference: string): { row: number; column: number } {
  let [row, column] = [0, 0];
  for (let at = 0; at < reference.length; at += 1) {
    let code = reference.charCodeAt(at);
    if (code >= 97 && code <= 122) code -= 32; // Excel reads `b2` as B2
    if (code >= 48 && code <= 57) row = 10 * row + code - 48;
    else if (code >= 65 && code <= 90) column = 26 * column + code - 64;
  }
  return { row: row - 1, column: column - 1 };
}

/** An inline text's content as bytes, from `after` its `<is>` to its `</is>` (any prefix); to the end if unclosed. */
function toInline(xml: Buffer, after: number): string {
  for (let at = xml.indexOf(IS_END, after); at !== -1; at = xml.indexOf(IS_END, at + 1)) {
    let start = at - 1;
    while (start > after && WORD.test(String.fromCharCode(xml[start]!))) start -= 1;
    if (xml[start] === SLASH && xml[start - 1] === LT && (start + 1 === at || xml[at - 1] === COLON))
      return xml.toString('latin1', after, start - 1);
  }
  return xml.toString('latin1', after);
}
const IS_END = Buffer.from('is>');
const [SLASH, COLON] = [47, 58];
const WORD = /[\w:]/;

/** Notes a shared-text cell that refers past the workbook's shared texts (the sheet is refused). */
function check(cell: Stored, texts: number, scan: Scan): void {
  const { row, column, value } = cell;
  if (!value || scan.missing || (/^\d+$/.test(value) && Number(value) < texts)) return;
  scan.missing = { row, column, index: Buffer.from(value, 'latin1').toString('utf8') };
}
