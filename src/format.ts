// Numbers as the page shows them; shared by server and client so that hydration sees the same text.

// signDisplay 'negative' keeps a rounded -0.004 from showing as "-0,00 €".
const MONEY = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR', signDisplay: 'negative' });
const COUNT = new Intl.NumberFormat('de-DE');

/** `1234.5` → `1.234,50 €` (German format, non-breaking space before the sign). */
export function toMoney(amount: number): string {
  return MONEY.format(amount);
}

/** `12345` → `12.345`. */
export function toCount(count: number): string {
  return COUNT.format(count);
}
