// Prize tiers on the page: the line that states them, the caption's words, and on each winning row its tier in words
// and a band (tiers.css). Which row wins which tier is contest/ranking.ts's (with contest/fair/tiers.ts): this only
// says it. Every page without tiers takes no-tiers.ts in its place (scripts/bundles.js FAIR).
import * as React from 'react';
import type { Prize } from '../../contest/fair/tiers.ts';
import type { Metric, Ranking } from '../../contest/ranking.ts';
import { toCount } from '../../contest/numbers.ts';
import { fill, type Messages } from '../messages.ts';

type Tiers = { prizes?: readonly Prize[] | undefined; t: Messages };

/** `Platz 1–3`, `Platz 4`: the places the tiers before it leave to tier `k`. */
function toPlacesText(prizes: readonly Prize[], k: number, t: Messages): string {
  const words = t.fair!.tiers;
  const from = prizes.slice(0, k).reduce((sum, prize) => sum + prize.places, 1);
  const to = from + prizes[k]!.places - 1;
  return from === to
    ? fill(words.place, { place: toCount(from) })
    : fill(words.places, { from: toCount(from), to: toCount(to) });
}

/**
 * `Platz 1–3: Reise + Upgrade; Platz 4–10: Reise, mindestens 10 Eigenleads.`: the tiers in the rule line, each
 * minimum in words by `toWords` (standing.ts's toAmounts).
 */
export function toTierLine(
  prizes: readonly Prize[],
  t: Messages,
  toWords: (minimum: [Metric, number | undefined][]) => string | undefined,
): string {
  const words = t.fair?.tiers;
  if (!words) return '';
  const tiers = prizes.map((prize, k) => {
    const tier = fill(words.tier, { places: toPlacesText(prizes, k, t), text: prize.text });
    const minimum = prize.minimum && Object.entries(prize.minimum);
    const what = minimum && toWords(minimum as [Metric, number | undefined][]);
    return what ? fill(words.minimum, { tier, what }) : tier;
  });
  return fill(words.line, { tiers: tiers.join('; ') });
}

/** What the table's caption adds for screen readers: `; Preisstufen: Platz 1–3: Reise + Upgrade; Platz 4–10: Reise`. */
export function toTierCaption(prizes: readonly Prize[] | undefined, t: Messages): string {
  const words = t.fair?.tiers;
  if (!prizes || !words) return '';
  const tiers = prizes.map((prize, k) => fill(words.tier, { places: toPlacesText(prizes, k, t), text: prize.text }));
  return fill(words.caption, { tiers: tiers.join('; ') });
}

/** On a row: the tier it wins (`tier`, 1-based), and the tier whose minimum it missed (`missed`), in words. */
export function TierWords({ prizes, tier, missed, t }: Tiers & Pick<RowTier, 'tier' | 'missed'>) {
  const words = t.fair?.tiers;
  if (!prizes || !words) return null;
  const won = prizes[tier - 1];
  const lost = prizes[missed - 1];
  return (
    <>
      {won && (
        <>
          {' '}
          <small className="tier">{won.text}</small>
        </>
      )}
      {lost && (
        <>
          {' '}
          <small className="unmet">{fill(words.unmet, { text: lost.text })}</small>
        </>
      )}
    </>
  );
}

/** A row's tier, for the page's Row: its words (TierWords' props) and its band, after its class `winner` (tiers.css). */
export type RowTier = { prizes: readonly Prize[]; tier: number; missed: number; band: string };

/**
 * The row at `at`'s tier, or undefined where it neither wins one nor misses one's minimum. Its band: ` band` at the
 * first row of a tier, where it starts, and ` even` for the rows of the 2nd, 4th … tier, a darker green.
 */
export function toRowTier(prizes: readonly Prize[], ranking: Pick<Ranking, 'tiers' | 'missed'>, at: number) {
  const [tier, missed] = [ranking.tiers?.[at] ?? 0, ranking.missed?.[at] ?? 0];
  if (tier + missed === 0) return undefined;
  const band = tier === 0 ? '' : `${tier !== ranking.tiers![at - 1] ? ' band' : ''}${tier % 2 === 0 ? ' even' : ''}`;
  return { prizes, tier, missed, band } satisfies RowTier;
}
