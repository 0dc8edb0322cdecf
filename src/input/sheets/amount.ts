// Numbers as spreadsheet exports write them, in one of two notations: a decimal comma (German Excel and LibreOffice:
// 1.234,50 or 412.850,50 €) or a decimal point (1,234.50). Which one a file uses is decided for the whole file, from
// its delimiter and its cells (notation.ts).
import { MAX_AMOUNT } from '../../contest/limits.ts';
import { toCents, toEuro, toMoney } from '../../contest/numbers.ts';

/** How a file writes numbers: its decimal mark, the marks that group thousands, and a number of it, for messages. */
export type Notation = { decimal: ',' | '.'; groups: string; example: string };

// Each notation groups by the other's decimal mark or a (no-break) space; "1,234" is a number in both, and only the
// file as a whole can say which (notation.ts). (As a pattern, for the tests:
// /^-?(?:\d{1,3}(?:([. \u00a0\u202f])\d{3})?(?:\1\d{3})*|\d+)(?:,\d+)?$/ with a decimal comma.)
export const DECIMAL_COMMA: Notation = { decimal: ',', groups: '. \u00a0\u202f', example: '1.234,50' };
export const DECIMAL_POINT: Notation = { decimal: '.', groups: ', \u00a0\u202f', example: '1234.50' };

const ZERO = 48;
const POWERS = Array.from({ length: 23 }, (_, power) => Number(`1e${power}`)); // each exact

/**
 * The number a cell holds, or undefined when it holds none: blank, or not a number in the file's notation
 * (`12,5` is 12.5 with a decimal comma; with a decimal point it is no number). A dash alone is zero, as Excel's
 * accounting format shows it (`-   €`). One pass over the cell's characters: the pattern above and its replacements
 * took ~1 µs a cell, 12 ms of each Stand of 10,000 people.
 */
export function toNumber(cell: string, { decimal, groups }: Notation): number | undefined {
  let text = cell.trim();
  if (text.startsWith('€')) text = text.slice(1).trimStart();
  else if (text.endsWith('€')) text = text.slice(0, -1).trimEnd();
  if (text === '-') return 0;
  const end = text.length;
  const negative = text.startsWith('-');
  let at = negative ? 1 : 0;
  let value = 0; // every digit, as a whole number, while it is exact
  let digits = 0;
  let decimals = 0;
  let run = 0; // the digits since the start or the last mark
  let mark = ''; // the mark that groups, once one has
  for (; at < end; at += 1) {
    const code = text.charCodeAt(at);
    if (code >= ZERO && code <= ZERO + 9) {
      value = value * 10 + code - ZERO;
      digits += 1;
      run += 1;
      continue;
    }
    const char = text[at]!;
    if (char === decimal) break;
    if (!groups.includes(char) || run === 0 || (mark ? char !== mark || run !== 3 : run > 3)) return undefined;
    mark = char;
    run = 0;
  }
  if (run === 0 || (mark && run !== 3)) return undefined; // no digits, or a mark that groups fewer than three
  if (at < end) {
    // The decimals: at least one digit, and nothing after them.
    if (at + 1 === end) return undefined;
    for (at += 1; at < end; at += 1) {
      const code = text.charCodeAt(at);
      if (code < ZERO || code > ZERO + 9) return undefined;
      value = value * 10 + code - ZERO;
      digits += 1;
      decimals += 1;
    }
  }
  // Up to 15 digits the whole number and 10^decimals are exact, and their quotient is the double nearest the decimal,
  // as Number() of its text is.
  const number =
    digits <= 15 && decimals < POWERS.length
      ? value / POWERS[decimals]!
      : Number(
          text
            .replace(/[^\d.,]/g, '')
            .replace(decimal === ',' ? /\./g : /,/g, '')
            .replace(',', '.'),
        );
  return negative ? -number : number;
}

/** `120000` → `120.000,00 €`, an amount as a German export writes it (and the page's table shows it), for messages. */
export function toAmount(value: number): string {
  return toMoney(value).replace('\u00a0', ' ');
}

/**
 * The note for an amount the page shows rounded to the cent, `12,345 has more than two decimals; the page shows
 * 12,35 €`; undefined for any other value. `written` is the cell as the file has it; without it (a workbook's
 * number) the value in German. A workbook's float noise (`1234.5600000000002`, a formula's result) is no third
 * decimal: Excel itself shows no more than 15 significant digits.
 */
export function toRoundingNote(value: unknown, written?: string): string | undefined {
  if (typeof value !== 'number' || !(Math.abs(value) <= MAX_AMOUNT)) return undefined; // the schema says the rest
  if (toEuro(toCents(value)) === value) return undefined; // whole cents, as nearly every amount is
  const shown = Number(value.toPrecision(15));
  if (toEuro(toCents(shown)) === shown) return undefined;
  return `${written ?? toGerman(shown)} has more than two decimals; the page shows ${toAmount(value)}`;
}

/** A finite number ≥ 0 as the shortest decimal that is it (String's): its digits, and how many are decimals. */
function toDecimal(value: number): { digits: string; decimals: number } {
  const [mantissa = '', exponent = '0'] = String(value).split('e');
  const [head = '', tail = ''] = mantissa.split('.');
  return { digits: head + tail, decimals: tail.length - Number(exponent) };
}

/** `-1234.567` → `-1.234,567`: a number in German, every decimal kept. */
function toGerman(value: number): string {
  const { digits, decimals } = toDecimal(Math.abs(value));
  const padded = digits.padStart(decimals + 1, '0');
  const whole = padded.slice(0, padded.length - decimals).replace(/^0+(?=\d)/, '');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, '.');
  return `${value < 0 ? '-' : ''}${grouped}${decimals > 0 ? `,${padded.slice(-decimals)}` : ''}`;
}
