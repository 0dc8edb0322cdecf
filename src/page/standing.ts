// Where a salesperson stands: the place in the list as given, and how far it is to the last winning place.
import type { User } from '../contest/schema.ts';
import { toCount, toMoney } from './format.ts';
import { fill, plural, type Locale, type Messages } from './messages.ts';

/**
 * `Platz 37 von 212 · Bis Platz 10 fehlen 23 Eigenleads und 206.100,00 €` for the user at `index`, or
 * `… · Gewinnerplatz` for a winner. A part of the distance shows only where the last winner's figure is higher.
 */
export function toStanding(
  users: readonly User[],
  index: number,
  winners: number,
  t: Messages,
  locale: Locale,
): string {
  const user = users[index]!;
  const last = users[winners - 1];
  const place = fill(t.place, { place: toCount(index + 1, locale), n: toCount(users.length, locale) });
  if (index < winners) return `${place} · ${t.winning}`;
  if (!last) return place;
  const leads = last.leadCount - user.leadCount;
  // In whole cents: 0.1 + 0.2 is not 0.3, and "0,00 €" would be no distance.
  const cents = Math.round(last.profit * 100) - Math.round(user.profit * 100);
  const parts = [
    ...(leads > 0 ? [plural(t.gapLeads, leads, { n: toCount(leads, locale) })] : []),
    ...(cents > 0 ? [toMoney(cents / 100, locale)] : []),
  ];
  if (!parts.length) return place;
  const what = parts.reduce((a, b) => fill(t.and, { a, b }));
  return `${place} · ${fill(t.gap, { place: toCount(winners, locale), what })}`;
}
