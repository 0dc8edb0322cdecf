// Places and the Stand as the page shows them; shared by server and client so that hydration sees the same text.
// Amounts and counts are contest/numbers.ts's.
import { toCount } from '../contest/numbers.ts';

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

/**
 * `2027-03-31T18:45:00+02:00` → `{ date: '31.03.2027', time: '18:45' }`: the wall-clock time the ISO string
 * itself states. The server first moves it to Europe/Berlin (dates.ts), so the browser needs no time zones. A date
 * alone (`2027-03-31`, a history file's Stand) has no time: `time` is empty, and the page says the date alone.
 */
export function toStand(iso: string): { date: string; time: string } {
  const [, year, month, day, hour, minute] = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(iso) ?? [];
  return { date: `${day}.${month}.${year}`, time: hour === undefined ? '' : `${hour}:${minute}` };
}
