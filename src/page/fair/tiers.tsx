// Prize tiers on the page: the line that states them, the caption's words, and on each winning row its tier in words
// and a band (tiers.css). Which row wins which tier is contest/ranking.ts's (with contest/fair/tiers.ts): this only
// says it. Every page without tiers takes no-tiers.ts in its place (scripts/bundles.js FAIR).
import * as React from 'react';
import type { Prize } from '../../contest/fair/tiers.ts';
import type { Metric, Ranking } from '../../contest/ranking.ts';
import { toCount } from '../../contest/numbers.ts';
import { fill, type Locale, type Messages } from '../messages.ts';
import { toAmounts } from '../standing.ts';

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

/** `Platz 1–3: Reise + Upgrade; Platz 4–10: Reise, mindestens 10 Eigenleads.`: the rule line of the tiers. */
export function TierLine({ prizes, t, locale }: Tiers & { locale: Locale }) {
  const words = t.fair?.tiers;
  if (!prizes || !words) return null;
  const tiers = prizes.map((prize, k) => {
    const tier = fill(words.tier, { places: toPlacesText(prizes, k, t), text: prize.text });
    const minimum = prize.minimum && Object.entries(prize.minimum);
    const what = minimum && toAmounts(minimum as [Metric, number | undefined][], t, locale);
    return what ? fill(words.minimum, { tier, what }) : tier;
  });
  return <p className="rule">{fill(words.line, { tiers: tiers.join('; ') })}</p>;
}

/** What the table's caption adds for screen readers: `; Preisstufen: Platz 1–3: Reise + Upgrade; Platz 4–10: Reise`. */
export function TierCaption({ prizes, t }: Tiers) {
  const words = t.fair?.tiers;
  if (!prizes || !words) return null;
  const tiers = prizes.map((prize, k) => fill(words.tier, { places: toPlacesText(prizes, k, t), text: prize.text }));
  return fill(words.caption, { tiers: tiers.join('; ') });
}

/** On a row: the tier it wins (`tier`, 1-based), and the tier whose minimum it missed (`missed`), in words. */
export function TierWords({ prizes, tier, missed, t }: Tiers & { tier: number; missed: number }) {
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

/**
 * The row's band (tiers.css), after its class `winner`: ` band` at the first row of a tier, where it starts, and
 * ` even` for the rows of the 2nd, 4th … tier, a darker green.
 */
export function toBand(ranking: Pick<Ranking, 'tiers'>, at: number): string {
  const tier = ranking.tiers?.[at] ?? 0;
  if (tier === 0) return '';
  return `${tier !== ranking.tiers![at - 1] ? ' band' : ''}${tier % 2 === 0 ? ' even' : ''}`;
}
