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
  // Below 1,000 there is nothing to group, and Intl costs a microsecond a call (a table formats thousands).
  return Number.isInteger(count) && count >= 0 && count < 1000 ? String(count) : COUNT.format(count);
}

/**
 * `2027-03-31T18:45:00+02:00` → `{ date: '31.03.2027', time: '18:45' }`: the wall-clock time the ISO string
 * itself states. The server first moves it to Europe/Berlin (dates.ts), so the browser needs no time zones.
 */
export function toStand(iso: string): { date: string; time: string } {
  const [, year, month, day, hour, minute] = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(iso) ?? [];
  return { date: `${day}.${month}.${year}`, time: `${hour}:${minute}` };
}
