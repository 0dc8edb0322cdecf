// The contest's rules in words, and where a salesperson stands under them: the place, how far it is to the last
// winning place in the figures that decide (contest/ranking.ts), and to the minimum where one is set.
import type { User } from '../contest/schema.ts';
import {
  toDistance,
  toMetrics,
  toShortfall,
  type Key,
  type Metric,
  type Ranking,
  type Rules,
} from '../contest/ranking.ts';
import { toPoints, toProratedLine, toTargetStanding, toTargetWords } from './fair/targets.tsx';
import { toCount, toMoney } from '../contest/numbers.ts';
import { fill, plural, type Locale, type Messages } from './messages.ts';
import { toTierLine } from './fair/tiers.tsx';

/**
 * `Platz 37 von 212 · Bis Platz 10 fehlen 23 Eigenleads und 206.100,00 €` for the user at `index`, or
 * `… · Gewinnerplatz` for a winner; `· Noch 4 Eigenleads bis zum Mindestziel` for someone below a minimum. The
 * distance names only the figure that decides (both where the list's order decides), where the last winner's is higher.
 */
export function toStanding(
  users: readonly User[],
  index: number,
  ranking: Ranking,
  rules: Rules,
  t: Messages,
  locale: Locale,
): string {
  const place = fill(t.place, { place: toCount(ranking.places[index]!, locale), n: toCount(users.length, locale) });
  // A page that does not publish someone's amount lacks it (contest/privacy.ts): NaN, no distance or shortfall in euro.
  const lacking = toShortfall(users[index]!, rules);
  const minimum =
    lacking.length && t.rules ? fill(t.rules.toMinimum, { what: toAmounts(lacking, t, locale, false)! }) : '';
  const parts = [place];
  if (ranking.winning[index]) parts.push(t.winning);
  else {
    const what = toAmounts(toDistance(users, index, ranking, rules), t, locale, false);
    if (what) parts.push(fill(t.gap, { place: toCount(ranking.places[ranking.last]!, locale), what }));
  }
  const target = toTargetStanding(users[index]!, rules, t, locale);
  if (target) parts.push(target);
  if (minimum) parts.push(minimum);
  return parts.join(' · ');
}

/**
 * `Gewertet nach Netto-Volumen, bei Gleichstand nach Eigenleads. Mindestens 20 Eigenleads.`, and the prize tiers:
 * `Platz 1–3: Reise + Upgrade; Platz 4–10: Reise, mindestens 10 Eigenleads.`
 */
export function toRuleLine(rules: Rules, t: Messages, locale: Locale): string {
  const words = t.rules;
  if (!words) return '';
  const [first, second] = toMetrics(rules).map((key) => (key === 'target' ? toTargetWords(rules, t) : words[key]));
  const parts = [
    first && fill(second ? words.byThen : words.by, { first, second: second ?? '' }),
    toProratedLine(rules, t),
    rules.ties === 'list order' && first ? words.listOrder : undefined,
    rules.minimum && toMinimum(Object.entries(rules.minimum) as [Metric, number | undefined][], t, locale),
    rules.prizes && toTierLine(rules.prizes, t, (minimum) => toAmounts(minimum, t, locale)),
  ];
  return parts.filter(Boolean).join(' ');
}

/** `Mindestens 20 Eigenleads und 50.000,00 € Netto-Volumen.` */
function toMinimum(minimum: [Metric, number | undefined][], t: Messages, locale: Locale): string | undefined {
  const what = toAmounts(minimum, t, locale);
  return what && fill(t.rules!.minimum, { what });
}

/** Figures in words, joined with "und": `4 Eigenleads und 1.200,00 €` (`withMetric`: `… Netto-Volumen`). */
export function toAmounts(
  figures: readonly [Key, number | undefined][],
  t: Messages,
  locale: Locale,
  withMetric = true,
): string | undefined {
  const parts = figures.flatMap(([metric, value]) => {
    if (value === undefined) return [];
    if (metric === 'leadCount') return [plural(t.gapLeads, value, { n: toCount(value, locale) })];
    if (metric === 'target') return [toPoints(value, t, locale)];
    const amount = toMoney(value, locale);
    return [withMetric && t.rules ? fill(t.rules.minimumProfit, { amount }) : amount];
  });
  return parts.length ? parts.reduce((a, b) => fill(t.and, { a, b })) : undefined;
}
