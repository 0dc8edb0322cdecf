// Numbers as the page shows them; shared by server and client so that hydration sees the same text.
// No Intl: the first Intl.NumberFormat of a process loads ICU's locale data, a large share of a bake
// (docs/performance.md). The text is Intl's format exactly (test/format.test.ts compares them).
import type { Locale } from './messages.ts';

/**
 * `1234.5` → `1.234,50 €` (German, a non-breaking space before the sign) or, for `en`, `€1,234.50`; never a
 * negative zero. The table shows German amounts in every locale; English ones are for English sentences.
 */
export function toMoney(amount: number, locale: Locale = 'de'): string {
  if (!Number.isFinite(amount)) return String(amount); // the schema allows no such amount
  const cents = toCents(Math.abs(amount));
  const sign = amount < 0 && /[1-9]/.test(cents) ? '-' : '';
  const euros = groupDigits(cents.slice(0, -2), locale === 'en' ? ',' : '.');
  return locale === 'en' ? `${sign}€${euros}.${cents.slice(-2)}` : `${sign}${euros},${cents.slice(-2)}\u00a0€`;
}

/** `12345` → `12.345` (`en`: `12,345`), for the counts the schema allows: whole numbers of 0 or more. */
export function toCount(count: number, locale: Locale = 'de'): string {
  return groupDigits(String(count), locale === 'en' ? ',' : '.');
}

/**
 * A row's place as wide as the `last` place (toCount), in digits of one width (tabular figures, page.css): `7` of
 * `1.234` → `  7` after a figure space (U+2007) per missing digit and a punctuation space (U+2008) per missing dot,
 * so that the names after it line up without an element around the number.
 */
export function toPlace(place: number, last: string): string {
  const shown = toCount(place);
  const pad = last
    .slice(0, Math.max(0, last.length - shown.length))
    .replace(/\d/g, '\u2007')
    .replace(/\./g, '\u2008');
  return pad + shown;
}

/** `'1234567'` → `'1.234.567'` with `separator` between groups of three digits. */
export function groupDigits(digits: string, separator: string): string {
  let grouped = digits.slice(0, ((digits.length + 2) % 3) + 1);
  for (let i = grouped.length; i < digits.length; i += 3) grouped += separator + digits.slice(i, i + 3);
  return grouped;
}

/**
 * A non-negative finite amount in whole cents, as at least three digits, rounded as Intl does: from the
 * shortest decimal that round-trips (`String(1.005)` is "1.005", though the double is a little less), half up.
 */
function toCents(value: number): string {
  // Most amounts: two decimals at most, under 10^13: the double nearest to whole cents ÷ 100.
  const rounded = Math.round(value * 100);
  if (rounded / 100 === value && value < 1e13) return String(rounded).padStart(3, '0');
  const [mantissa = '', exponent = '0'] = String(value).split('e');
  const [head = '', tail = ''] = mantissa.split('.');
  const digits = BigInt(head + tail);
  const shift = Number(exponent) + 2 - tail.length; // cents = digits × 10^shift
  const scale = 10n ** BigInt(Math.abs(shift));
  return String(shift < 0 ? (digits * 2n + scale) / (2n * scale) : digits * scale).padStart(3, '0');
}

/**
 * `2027-03-31T18:45:00+02:00` → `{ date: '31.03.2027', time: '18:45' }`: the wall-clock time the ISO string
 * itself states. The server first moves it to Europe/Berlin (dates.ts), so the browser needs no time zones. A date
 * alone (`2027-03-31`, a history file's Stand) has no time: `time` is empty, and the page says the date alone.
 */
export function toStand(iso: string): { date: string; time: string } {
  const [, year, month, day, hour, minute] = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(iso) ?? [];
  return { date: `${day}.${month}.${year}`, time: hour === undefined ? '' : `${hour}:${minute}` };
}
