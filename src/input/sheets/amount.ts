// Numbers as spreadsheet exports write them. Files delimited by `;` or tab come from locales with a decimal
// comma (German Excel: 1.234,50 or 412.850,50 €); files delimited by `,` use a decimal point.

/** How a file writes numbers: its decimal mark, and how a number of it looks, for messages. */
export type Notation = { decimal: ',' | '.'; example: string };

export const DECIMAL_COMMA: Notation = { decimal: ',', example: '1.234,50' };
export const DECIMAL_POINT: Notation = { decimal: '.', example: '1234.50' };

// A sign, then digits, grouped in threes by the same mark throughout or not at all, then the decimals. `€` may
// stand before or after, with or without a space. A decimal comma's thousands are "." or a (no-break) space;
// beside a decimal point only a space groups: "1,234" could be either 1234 or 1.234.
const NUMBER = {
  ',': /^-?(?:\d{1,3}(?:([. \u00a0\u202f])\d{3})?(?:\1\d{3})*|\d+)(?:,\d+)?$/,
  '.': /^-?(?:\d{1,3}(?:([ \u00a0\u202f])\d{3})?(?:\1\d{3})*|\d+)(?:\.\d+)?$/,
};
const EURO = /^€\s*|\s*€$/;
const SPACES = /[ \u00a0\u202f]/g;

/**
 * The number a cell holds, or undefined when it holds none: blank, or not a number in the file's notation
 * (`12,5` is 12.5 in a file delimited by `;`; in one delimited by `,` it is no number).
 */
export function toNumber(cell: string, { decimal }: Notation): number | undefined {
  const text = cell.trim().replace(EURO, '');
  if (!NUMBER[decimal].test(text)) return undefined;
  const digits = text.replace(SPACES, '');
  return Number(decimal === ',' ? digits.replaceAll('.', '').replace(',', '.') : digits);
}

/**
 * `120000` → `120.000,00 €`, an amount as a German export writes it (and the page's table shows it), for messages:
 * whole cents, half away from zero. input/ keeps out of the page's own formatter (page/format.ts).
 */
export function toAmount(value: number): string {
  const cents = String(Math.round(Math.abs(value) * 100)).padStart(3, '0');
  const euros = cents.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, '.');
  return `${value < 0 && /[1-9]/.test(cents) ? '-' : ''}${euros},${cents.slice(-2)} €`;
}
