// Prize tiers ("prizes"): which tier each winning row wins, and how many winners the tiers make. contest/ranking.ts
// asks toTiered() once per ranking, so the page, the search, the change report and the summary read the same tiers.
// Free of imports but types: the page script holds it.
import type * as z from 'zod/mini';

/** What a tier's winner must reach at least, as the contest's own minimum. */
export type Minimum = { leadCount?: number | undefined; profit?: number | undefined };
/** One tier as the contest file lists it, from the top: how many places it covers, what it wins, its minimum. */
export type Prize = { places: number; text: string; minimum?: Minimum | undefined };

/** What tiering needs of a ranking (contest/ranking.ts's Ranking, which imports this module): rows, places, winners. */
type Ranked = { places: Int32Array; winning: Uint8Array; winners: number; last: number };

/** How many winners the tiers make: their places added up. */
export function toPlaces(prizes: readonly Prize[]): number {
  return prizes.reduce((sum, prize) => sum + prize.places, 0);
}

/**
 * A ranking with each winning row's tier (`tiers`, 1-based, 0 none) and, where a row holds a tier's place but misses
 * its minimum, that tier (`missed`). Winners are counted from the top, a row sharing the place of the winner above it
 * counted as that one: with shared ties, everyone at a tier's edge place is in the upper tier. A row that misses its
 * tier's minimum falls to the first tier below whose minimum it meets; where it meets none, it wins nothing, and no
 * one moves up in its place (`winning`, `winners` and `last` say so).
 */
export function toTiered<R extends Ranked>(
  ranking: R,
  prizes: readonly Prize[],
  meets: (at: number, minimum: Minimum) => boolean,
): R {
  const { places, winning } = ranking;
  const ends = prizes.map((_, k) => toPlaces(prizes.slice(0, k + 1)));
  const tiers = new Uint8Array(places.length);
  const missed = prizes.some(({ minimum }) => minimum) ? new Uint8Array(places.length) : undefined;
  let [counted, held, before, { winners, last }] = [0, 0, -1, ranking];
  for (let at = 0; at < places.length; at += 1) {
    if (!winning[at]) continue;
    counted += 1;
    if (before < 0 || places[at] !== places[before]) held = counted;
    before = at;
    const tier = ((found) => (found < 0 ? prizes.length - 1 : found))(ends.findIndex((end) => end >= held));
    const won = prizes.findIndex((prize, k) => k >= tier && (!prize.minimum || meets(at, prize.minimum)));
    if (missed && won !== tier) missed[at] = tier + 1;
    if (won >= 0) tiers[at] = won + 1;
    else [winning[at], winners] = [0, winners - 1];
  }
  while (last >= 0 && !winning[last]) last -= 1;
  return { ...ranking, winners, last, tiers, ...(missed && { missed }) };
}

/**
 * A page's data (contest/data.ts isPageData) as far as tiers go: its prizes, each with its places, its text and perhaps
 * a minimum (`isMinimum`), and the tiers of the ranking it carries, one a row (`rows`).
 */
export function isTiered(
  { prizes, ranked }: Record<string, unknown>,
  isMinimum: (value: unknown) => boolean,
  rows: (value: unknown) => boolean,
): boolean {
  const isPrize = (prize: Partial<Prize> | null) =>
    typeof prize === 'object' &&
    prize !== null &&
    Number.isInteger(prize.places) &&
    typeof prize.text === 'string' &&
    (prize.minimum === undefined || isMinimum(prize.minimum));
  const { tiers, missed } = (ranked ?? {}) as Partial<Record<'tiers' | 'missed', unknown>>;
  return (
    (prizes === undefined || (Array.isArray(prizes) && prizes.every(isPrize))) &&
    (tiers === undefined || rows(tiers)) &&
    (missed === undefined || rows(missed))
  );
}

/**
 * The contest's winners where its tiers say how many: without `solo_winners` in the file (`given`), the tiers' places
 * added up; with it, an issue where the two differ. Sets `contest.solo_winners`; returns the issue, if any.
 */
export function toTierWinners(
  given: Record<string, unknown>,
  contest: { solo_winners: number; prizes?: readonly Prize[] | undefined },
): z.core.$ZodIssue | undefined {
  if (!contest.prizes) return undefined;
  const places = toPlaces(contest.prizes);
  if (given.solo_winners === undefined) contest.solo_winners = places;
  if (contest.solo_winners === places) return undefined;
  const sum = contest.prizes.map((prize) => prize.places).join(' + ');
  const message = `must be ${places}, the places of "prizes" added up (${sum}), or be left out to let the prizes decide`;
  return { code: 'custom', path: ['solo_winners'], message, input: given.solo_winners };
}

/** The tiers of the rows `kept` (a page past its end date keeps its winners alone: contest/privacy.ts). */
export function toKeptTiers({ tiers }: { tiers?: Uint8Array }, kept: readonly number[]): { tiers?: Uint8Array } {
  return tiers ? { tiers: Uint8Array.from(kept, (at) => tiers[at]!) } : {};
}

/**
 * Rows that win a tier now that their name won neither it nor a better one in the previous Stand (`then`: per row, the
 * tier its name won there, 0 none or not there, -1 unknown: a name twice): "1 neu in „Reise + Upgrade“".
 */
export function findNewInTiers(now: Uint8Array, then: (at: number) => number): number[] {
  const found: number[] = [];
  for (let at = 0; at < now.length; at += 1) {
    const was = now[at] ? then(at) : -1;
    if (was === 0 || was > now[at]!) found.push(at);
  }
  return found;
}

/** What is new in each tier, for the change report: a tier's text and the names new in it. */
export type NewInTiers = { text: string; names: string[] }[];

/** What is new in each tier, for the change report: its text and the names new in it, for tiers with any. */
export function toNewInTiers(
  prizes: readonly Prize[],
  tiers: Uint8Array,
  rows: readonly number[],
  names: readonly { name: string }[],
): NewInTiers {
  return prizes.flatMap(({ text }, k) => {
    const found = rows.filter((at) => tiers[at] === k + 1).map((at) => names[at]!.name);
    return found.length ? [{ text, names: found }] : [];
  });
}

/** What is new in each tier, its names as the page shows them (`show`: contest/privacy.ts), tiers left empty out. */
export function toShownTiers(
  tiers: NewInTiers | undefined,
  show: (names: string[]) => string[],
): { newInTiers?: NewInTiers } {
  if (!tiers) return {};
  return {
    newInTiers: tiers.map((tier) => ({ ...tier, names: show(tier.names) })).filter(({ names }) => names.length),
  };
}
