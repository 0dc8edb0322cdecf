// Numbers as people read them: an amount in whole cents (the one rounding of money), amounts and counts as text.
// Ranking, the page, the checks, the change report, the messages and the personal links all ask this module, so that
// two amounts shown alike share a place and two shown apart never do. It imports nothing: the page script holds it
// too. No Intl: the first Intl.NumberFormat of a process loads ICU's locale data; the text is Intl's exactly
// (test/contest/numbers.test.ts compares them).

/**
 * `1.005` → 101, `1.0049999999` → 100, `0.1 + 0.2` → 30, `-0.005` → -1: a euro amount in whole cents, rounded
 * as the amount reads (its shortest decimal: `String(1.005)` is "1.005", though the double is a little less), half
 * away from zero, as Intl rounds it for display. Exact for every amount the schema allows (up to 10^12 euro).
 */
export function toCents(amount: number): number {
  if (!Number.isFinite(amount)) return amount; // the schema allows no such amount
  const whole = Math.round(amount * 100);
  // Most amounts: two decimals at most, the double nearest to whole cents ÷ 100, whose shortest decimal is theirs.
  if (whole / 100 === amount) return whole || 0;
  const cents = Number(toCentDigits(Math.abs(amount)));
  return amount < 0 && cents !== 0 ? -cents : cents;
}

/** A finite number ≥ 0 in whole cents: from the shortest decimal that is it (String's), half up, to any size. */
function toCentDigits(value: number): bigint {
  const [mantissa = '', exponent = '0'] = String(value).split('e');
  const [head = '', tail = ''] = mantissa.split('.');
  const digits = head + tail;
  const point = head.length + Number(exponent) + 2; // cents are the digits before this
  if (point >= digits.length) return BigInt(digits) * 10n ** BigInt(point - digits.length);
  if (point < 0) return 0n;
  return BigInt(digits.slice(0, point) || '0') + (digits.charCodeAt(point) >= 53 ? 1n : 0n); // 53: '5'
}

/** Whole cents → the euro amount they are, for sentences and sums that take euro. */
export function toEuro(cents: number): number {
  return cents / 100;
}

/**
 * `1234.5` → `1.234,50 €` (German, a non-breaking space before the sign) or, for `en`, `€1,234.50`; never a
 * negative zero. The table shows German amounts in every locale; English ones are for English sentences.
 */
export function toMoney(amount: number, locale: 'de' | 'en' = 'de'): string {
  if (!Number.isFinite(amount)) return String(amount); // the schema allows no such amount
  const cents = String(toCentDigits(Math.abs(amount))).padStart(3, '0');
  const sign = amount < 0 && /[1-9]/.test(cents) ? '-' : '';
  const euros = groupDigits(cents.slice(0, -2), locale === 'en' ? ',' : '.');
  return locale === 'en' ? `${sign}€${euros}.${cents.slice(-2)}` : `${sign}${euros},${cents.slice(-2)}\u00a0€`;
}

/** `12345` → `12.345` (`en`: `12,345`), for the counts the schema allows: whole numbers of 0 or more. */
export function toCount(count: number, locale: 'de' | 'en' = 'de'): string {
  return groupDigits(String(count), locale === 'en' ? ',' : '.');
}

/** `12.5` → `12,50`: a count per person (a team's leads), to the hundredth contest/fair/teams.ts rounds it to. */
export function toDecimal(value: number): string {
  return toMoney(value).replace(/\u00a0€$/u, '');
}

/** `'1234567'` → `'1.234.567'` with `separator` between groups of three digits. */
function groupDigits(digits: string, separator: string): string {
  let grouped = digits.slice(0, ((digits.length + 2) % 3) + 1);
  for (let i = grouped.length; i < digits.length; i += 3) grouped += separator + digits.slice(i, i + 3);
  return grouped;
}
