// Who is where, and who travels: the one home of a row's place, whether it wins (and which prize tier, fair/tiers.ts),
// and its movement. Pure and free of imports but the one rounding of money and the tiers, so that the page (in the
// browser), the change report and the checks all ask this module and nothing else.
import { toCents, toEuro } from './numbers.ts';
import { toReached, type TargetRule } from './fair/targets.ts';
import { toTiered, type Prize } from './fair/tiers.ts';

/** A figure a contest may rank by. */
export type Metric = 'leadCount' | 'profit';
/** What a rule may rank by: a figure, or the share of one's own target reached in tenths of a percent (fair/targets.ts). */
export type Key = Metric | 'target';
/** The contest's rules as its file states them; every one optional (none: the list's order, SPEC's page). */
export type Rules = {
  ranking?: Key | readonly Key[] | 'as given' | undefined;
  ties?: 'shared' | 'list order' | undefined;
  minimum?: { leadCount?: number | undefined; profit?: number | undefined } | undefined;
  target?: TargetRule | undefined;
  prizes?: readonly Prize[] | undefined;
};
/** What ranking needs of a person. */
export type Figures = {
  readonly name: string;
  readonly leadCount: number;
  readonly profit: number;
  readonly target?: number | undefined;
  readonly share?: number | undefined;
};

/** A row's movement since the previous Stand. */
export type Movement =
  | { kind: 'up'; places: number }
  | { kind: 'down'; places: number }
  | { kind: 'same' }
  | { kind: 'new' }
  | { kind: 'unknown' };

/** Where every row stands under the rules, in list order. */
export type Ranking = {
  /** Per row, its place (1-based); people equal in every ranking figure share one under shared ties. */
  places: Int32Array;
  /** Per row, 1 where it wins. */
  winning: Uint8Array;
  /** How many rows win: `solo_winners`, fewer (a short list, a minimum), or more (a place shared at the cut-off). */
  winners: number;
  /** The last winning row, or -1. */
  last: number;
  /** Per row, 1 where it misses a minimum at a place that would otherwise win (at or above the cut-off). */
  short?: Uint8Array;
  /** The place shared at the cut-off when it makes more winners than `solo_winners`. */
  shared?: number;
  /** With prize tiers: per row, the tier it wins (1-based; 0 none), and the tier whose minimum it misses (fair/tiers.ts). */
  tiers?: Uint8Array;
  missed?: Uint8Array;
};

/**
 * A Ranking as a page carries it where amounts are not published (contest/privacy.ts): worked out from the full
 * figures when baking, since the page has not got them; plain arrays, which read as the typed ones do.
 */
export type Ranked = {
  places: number[];
  winning: number[];
  winners: number;
  last: number;
  short?: number[];
  shared?: number;
  tiers?: number[];
  missed?: number[];
};

/** The ranking a page shows: the one it carries, or else its own of the figures it has. */
export function toShownRanking(contest: Rules & { users: readonly Figures[]; solo_winners: number; ranked?: Ranked }) {
  return (contest.ranked as Ranking | undefined) ?? rank(contest.users, contest.solo_winners, contest);
}

/** The figures a rule ranks by, first the one that decides; none for the list's order. */
export function toMetrics(rules: Rules): Key[] {
  const { ranking } = rules;
  if (ranking === undefined || ranking === 'as given') return [];
  return typeof ranking === 'string' ? [ranking] : [...ranking];
}

/**
 * Whether a contest states a rule the page puts in words, and so carries the rules' texts: a figure to rank by, a
 * minimum, or prize tiers. "as given" is the page as it always was: the list's order, positions as places.
 */
export function hasRules(rules: Rules): boolean {
  return toMetrics(rules).length > 0 || rules.minimum !== undefined || rules.prizes !== undefined;
}

/** Whether equal figures share a place: with a figure to rank by, unless the list's order is to decide. */
export function sharesTies(rules: Rules): boolean {
  return toMetrics(rules).length > 0 && rules.ties !== 'list order';
}

/**
 * Compares two people by the metrics, the better first; 0 where every one is equal (amounts to the cent, targets to
 * the tenth of a percent reached, under `target`).
 */
export function compareBy(metrics: readonly Key[], a: Figures, b: Figures, target?: TargetRule): number {
  for (const metric of metrics) {
    const difference = toUnits(b, metric, target) - toUnits(a, metric, target);
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * A figure in whole units: cents for an amount, as the page shows it (0.1 + 0.2 is 0,30 €), leads as they are, a
 * target's share reached in tenths of a percent. Someone without a target (in an older Stand) ranks below everyone.
 */
function toUnits(user: Figures, metric: Key, target: TargetRule | undefined): number {
  if (metric === 'target') return (target && toReached(user, target)?.tenths) ?? Number.MIN_SAFE_INTEGER;
  return metric === 'profit' ? toCents(user.profit) : user.leadCount;
}

/**
 * The rules' order as each row's index in the list as given: by the metrics, the list's order among equals (a
 * stable sort); undefined where the list's own order stands.
 */
export function toOrder(users: readonly Figures[], rules: Rules): Int32Array | undefined {
  const metrics = toMetrics(rules);
  if (metrics.length === 0) return undefined;
  const order = Int32Array.from(users, (_, at) => at);
  return order.sort((a, b) => compareBy(metrics, users[a]!, users[b]!, rules.target) || a - b);
}

/** The people in the rules' order (toOrder). */
export function order<T extends Figures>(users: readonly T[], rules: Rules): T[] {
  const sorted = toOrder(users, rules);
  return sorted ? Array.from(sorted, (at) => users[at]!) : [...users];
}

/**
 * Where the list's order alone decides who travels: the first row after the last winner that meets every minimum
 * and equals the last winner in the figures that decide (both figures without a rule). Never where ties are shared.
 */
export function findTie(users: readonly Figures[], ranking: Ranking, rules: Rules): number | undefined {
  if (sharesTies(rules) || ranking.last < 0) return undefined;
  const metrics = toMetrics(rules);
  const last = users[ranking.last]!;
  for (let at = ranking.last + 1; at < users.length; at += 1) {
    if (!meetsMinimum(users[at]!, rules)) continue;
    const same = compareBy(metrics.length ? metrics : ['leadCount', 'profit'], last, users[at]!, rules.target) === 0;
    return same ? at : undefined;
  }
  return undefined;
}

/**
 * The first row below which a list is in descending order of neither figure (its row index, the row above it
 * breaking the order with it), or undefined for a list ordered by leads or by volume.
 */
export function findDisorder(users: readonly Figures[]): number | undefined {
  const broken = (metric: Metric) => {
    for (let at = 1; at < users.length; at += 1) if (compareBy([metric], users[at - 1]!, users[at]!) > 0) return at;
    return undefined;
  };
  const leads = broken('leadCount');
  const profit = broken('profit');
  return leads === undefined || profit === undefined ? undefined : Math.max(leads, profit);
}

/** Whether a person meets every minimum of the rules. */
export function meetsMinimum(user: Figures, rules: Rules): boolean {
  return toShortfall(user, rules).length === 0;
}

/** What a person lacks of each minimum: `[['leadCount', 4]]`; none where every minimum is met. */
export function toShortfall(user: Figures, rules: Rules): [Metric, number][] {
  const minimum = rules.minimum ?? {};
  const lacking: [Metric, number][] = [];
  for (const metric of ['leadCount', 'profit'] as const) {
    const wanted = minimum[metric];
    if (wanted === undefined) continue;
    const missing = metric === 'profit' ? toCents(wanted) - toCents(user.profit) : wanted - user.leadCount;
    if (missing > 0) lacking.push([metric, metric === 'profit' ? toEuro(missing) : missing]);
  }
  return lacking;
}

/**
 * Ranks a list that is already in the rules' order (order()): places, shared among equals where ties are shared,
 * else positions; the winners are the first `solo` people who meet every minimum, and everyone who meets it and
 * shares the last winner's place.
 */
export function rank(users: readonly Figures[], solo: number, rules: Rules): Ranking {
  const metrics = toMetrics(rules);
  const shared = sharesTies(rules);
  const places = new Int32Array(users.length);
  for (let at = 0; at < users.length; at += 1)
    places[at] =
      at > 0 && shared && compareBy(metrics, users[at - 1]!, users[at]!, rules.target) === 0 ? places[at - 1]! : at + 1;
  const winning = new Uint8Array(users.length);
  const short = rules.minimum ? new Uint8Array(users.length) : undefined;
  let winners = 0;
  let last = -1;
  for (let at = 0; at < users.length; at += 1) {
    if (short && !meetsMinimum(users[at]!, rules)) {
      short[at] = 1;
      continue;
    }
    if (winners >= solo && (last < 0 || places[at] !== places[last])) {
      if (!short) break; // without a minimum, nobody further down wins
      continue;
    }
    winning[at] = 1;
    winners += 1;
    last = at;
  }
  // Below a minimum matters on the page where the place is a winner's: at or above the cut-off.
  const cut = Math.max(solo, last < 0 ? 0 : places[last]!);
  if (short) for (let at = 0; at < users.length; at += 1) if (places[at]! > cut) short[at] = 0;
  const ranking = {
    places,
    winning,
    winners,
    last,
    ...(short && { short }),
    ...(winners > solo && { shared: places[last]! }),
  };
  // Prize tiers: the tier each winner wins, and who wins none (fair/tiers.ts).
  return rules.prizes
    ? toTiered(ranking, rules.prizes, (at, min) => meetsMinimum(users[at]!, { minimum: min }))
    : ranking;
}

/**
 * The movement of a row at `place` whose place in the previous Stand was `was` (0: not there; -1: the name is
 * twice in either list, so unknown).
 */
export function toMovement(was: number, place: number): Movement {
  if (was < 0) return { kind: 'unknown' };
  if (was === 0) return { kind: 'new' };
  const by = was - place;
  return by > 0 ? { kind: 'up', places: by } : by < 0 ? { kind: 'down', places: -by } : { kind: 'same' };
}

/**
 * What a person at `at` lacks to draw level with the last winner, in the figures that decide: the first metric
 * where they differ, or both figures where the list's order decides. Empty for a winner, or with no winner.
 */
export function toDistance(users: readonly Figures[], at: number, ranking: Ranking, rules: Rules): [Key, number][] {
  const last = users[ranking.last];
  const user = users[at]!;
  if (!last || ranking.winning[at]) return [];
  const metrics = toMetrics(rules);
  const gap = (metric: Key): [Key, number][] => {
    if (metric === 'target' && !(rules.target && toReached(user, rules.target))) return []; // amount not published
    const units = toUnits(last, metric, rules.target) - toUnits(user, metric, rules.target);
    return units > 0 ? [[metric, metric === 'profit' ? toEuro(units) : units]] : [];
  };
  if (metrics.length === 0) return [...gap('leadCount'), ...gap('profit')];
  for (const metric of metrics) {
    const lacking = gap(metric);
    if (lacking.length > 0) return lacking;
    if (compareBy([metric], last, user, rules.target) !== 0) return []; // ahead in the deciding figure
  }
  return [];
}

/**
 * Rows that win now and whose name held none of the previous Stand's first `solo` places (`held`: per row, the best
 * place its name had there, 0 not there): "Neu unter den Top 10". A name twice counts so too, as an unknown movement
 * cannot tell which of its rows held a place, but can tell that none did.
 */
export function findNewInTop(held: ArrayLike<number>, ranking: Ranking, solo: number): number[] {
  const found: number[] = [];
  for (let at = 0; at < held.length; at += 1)
    if (ranking.winning[at] && (held[at] === 0 || held[at]! > solo)) found.push(at);
  return found;
}

/** The largest climb since the previous Stand, the first in the list among equals; none when no one climbed. */
export function findClimb(was: ArrayLike<number>, places: ArrayLike<number>): { user: number; by: number } | undefined {
  let climb: { user: number; by: number } | undefined;
  for (let at = 0; at < was.length; at += 1) {
    const by = was[at]! - places[at]!; // toMovement's 'up', without an object per row
    if (was[at]! > 0 && by > (climb?.by ?? 0)) climb = { user: at, by };
  }
  return climb;
}
