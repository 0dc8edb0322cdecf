// How two Stands of a contest compare, and what its page carries of earlier Stands. Pure and free of zod: the page
// reads the type, input/history.ts builds it from the files of a contest's history folder.
import { findClimb, findNewInTop, type Ranking } from './ranking.ts';
import { findNewInTiers } from './fair/tiers.ts';
import { toCents } from './numbers.ts';

/**
 * What a page knows of earlier Stands; a contest without a previous Stand carries none. Per user, in list order.
 * Places travel as differences, which are small numbers where places hardly move and so compress well: for 100
 * people over 12 Stands a quarter less than the places themselves (docs/page.md). page/history.tsx reads them.
 */
export type Standings = {
  /** The previous Stand: `2027-03-24`, or `2027-03-24T18:00` when its file name has a time (Berlin). */
  since: string;
  /** The trend's Stands (up to 12), oldest first, the current one last, written as `since` is. */
  stands: string[];
  /**
   * Per user: null where the name occurs twice in the current or the previous file (no movement, no trend). Else
   * one entry per Stand of the trend but the current one, oldest first: the places climbed from that Stand to the
   * next later one that lists the person (negative: fell), null where that Stand does not list them. The last entry
   * is the row's movement since the previous Stand; null there: new.
   */
  climbed: ((number | null)[] | null)[];
  /**
   * [own leads, cents] gained since the previous Stand; null where the person is new or the name ambiguous. Whole
   * cents, not euro: without a decimal point a 100-user page carries 40 B gzip less (docs/performance.md).
   */
  gained: ([number, number] | null)[];
  /** Per user whose climbed is null: [user, the best place the name held in the previous Stand, 0 none]. */
  held?: [number, number][];
};

/** What comparing needs of a user: the schema's User has these (not imported: schema.ts imports this file). */
export type Figures = { readonly name: string; readonly leadCount: number; readonly profit: number };
type Field = 'leadCount' | 'profit';

/** How the current Stand compares with the previous one, by index into each list. */
export type Comparison = {
  /** Per current user: the place in the previous Stand; 0 new; -1 the name occurs twice in either list. */
  was: Int32Array;
  /** Per current user: the best place its name held in the previous Stand, 0 none; `was` where no name is twice. */
  held: Int32Array;
  /** Users of the previous Stand whose name is in the current one nowhere (indices into the previous list). */
  gone: number[];
  /** Users in the winning places now who were not in the previous Stand's winning places (new ones included). */
  newInTop: number[];
  /** With prize tiers: users who win a tier now and won neither it nor a better one before (contest/fair/tiers.ts). */
  newInTiers?: number[];
  /** The largest climb (the first in the list among equals); none when no one climbed. */
  climb: { user: number; by: number } | undefined;
  /** Users whose own leads fell, which counted leads never do. */
  fell: { user: number; from: number; to: number }[];
  /** Columns that had a value for most users of the previous Stand and are 0 or empty for every user now. */
  emptied: { field: Field; had: number }[];
  /** The second and later rows of a name that occurs more than once, in each list (where it matters: in both). */
  twice: { previous: number[]; current: number[] };
};

/** People are the same in two files when their names are, after trimming spaces and Unicode normalisation (NFC). */
export function toKey(name: string): string {
  return name.trim().normalize('NFC');
}

/** Where each name of a list is: key → index, -1 for a name that occurs more than once; and those later rows. */
export function toIndex(users: readonly { name: string }[]): { index: Map<string, number>; twice: number[] } {
  const index = new Map<string, number>();
  const twice: number[] = [];
  users.forEach(({ name }, at) => {
    const key = toKey(name);
    if (!index.has(key)) return void index.set(key, at);
    index.set(key, -1);
    twice.push(at);
  });
  return { index, twice };
}

/**
 * Each current user's place in another Stand's list (`ranked`: that list's places, rank()): 0 absent there (or twice
 * in the current list), -1 twice in that list. One pass over that list; nothing of it is kept but the places.
 */
export function toPlaces(
  current: Map<string, number>,
  count: number,
  users: readonly { name: string }[],
  ranked: ArrayLike<number>,
): Int32Array {
  const places = new Int32Array(count);
  users.forEach(({ name }, at) => {
    const user = current.get(toKey(name));
    if (user !== undefined && user >= 0) places[user] = places[user] === 0 ? ranked[at]! : -1;
  });
  return places;
}

/** Per current user, the best place (`ranked`) its name holds in another Stand's list `users`, 0 none. */
export function toHeld(users: readonly Figures[], others: readonly Figures[], ranked: ArrayLike<number>): Int32Array {
  const best = new Map<string, number>();
  others.forEach(({ name }, at) => {
    const key = toKey(name);
    best.set(key, Math.min(best.get(key) ?? Infinity, ranked[at]!));
  });
  return Int32Array.from(users, ({ name }) => best.get(toKey(name)) ?? 0);
}

/**
 * Compares the current Stand with the previous one, each ranked under the contest's rules (rank()); `solo` is the
 * contest's solo_winners.
 */
export function compare(
  previous: readonly Figures[],
  current: readonly Figures[],
  ranked: { previous: Ranking; current: Ranking },
  solo: number,
): Comparison {
  const { index, twice } = toIndex(current);
  const was = toPlaces(index, current.length, previous, ranked.previous.places);
  // Every row of a name twice in the current list, the first one included, is ambiguous.
  if (twice.length > 0) current.forEach(({ name }, at) => void (index.get(toKey(name)) === -1 && (was[at] = -1)));
  const held = was.includes(-1) ? toHeld(current, previous, ranked.previous.places) : was;
  const previousIndex = toIndex(previous);
  const gone: number[] = [];
  previous.forEach(({ name }, at) => void (index.has(toKey(name)) || gone.push(at)));
  const fell: Comparison['fell'] = [];
  current.forEach((user, at) => {
    if (was[at]! <= 0) return;
    const from = previous[previousIndex.index.get(toKey(user.name))!]!.leadCount;
    if (user.leadCount < from) fell.push({ user: at, from, to: user.leadCount });
  });
  // The tier a current row's name won in the previous Stand: 0 none or new, -1 unknown (a name twice).
  const then = (at: number) =>
    was[at]! <= 0 ? was[at]! : (ranked.previous.tiers?.[previousIndex.index.get(toKey(current[at]!.name))!] ?? 0);
  const emptied = (['leadCount', 'profit'] as const).flatMap((field) => {
    const had = previous.filter((user) => user[field] !== 0).length;
    const none = current.length > 0 && current.every((user) => user[field] === 0);
    return none && had * 2 > previous.length ? [{ field, had }] : [];
  });
  return {
    was,
    held,
    gone,
    newInTop: findNewInTop(held, ranked.current, solo),
    ...(ranked.current.tiers && { newInTiers: findNewInTiers(ranked.current.tiers, then) }),
    climb: findClimb(was, ranked.current.places),
    fell,
    emptied,
    twice: {
      previous: previousIndex.twice.filter((at) => index.has(toKey(previous[at]!.name))),
      current: twice,
    },
  };
}

/**
 * The page's Standings: `older` holds the places (toPlaces) in the trend's Stands before the previous one, oldest
 * first; `stands` names every Stand of the trend, the previous and the current one last.
 */
export function toStandings(
  previous: readonly Figures[],
  current: readonly Figures[],
  { was, held }: Comparison,
  older: readonly Int32Array[],
  stands: readonly string[],
  ranked: ArrayLike<number>,
): Standings {
  const { index } = toIndex(previous);
  return {
    since: stands.at(-2)!,
    stands: [...stands],
    climbed: current.map((_, at) => {
      if (was[at]! < 0) return null;
      const places = [...older.map((stand) => stand[at]!), was[at]!];
      const entries: (number | null)[] = [];
      // From the newest Stand back, each place against the last one known (0 absent, -1 the name twice there).
      let known = ranked[at]!;
      for (let stand = places.length - 1; stand >= 0; stand -= 1) {
        const place = places[stand]!;
        entries[stand] = place > 0 ? place - known : null;
        if (place > 0) known = place;
      }
      return entries;
    }),
    gained: current.map((user, at) => {
      const before = was[at]! > 0 ? previous[index.get(toKey(user.name))!] : undefined;
      return before ? [user.leadCount - before.leadCount, toCents(user.profit) - toCents(before.profit)] : null;
    }),
    ...(held !== was && {
      held: current.flatMap((_, at): [number, number][] => (was[at]! < 0 ? [[at, held[at]!]] : [])),
    }),
  };
}

/**
 * The page's reading of Standings: each user's place in the previous Stand, 0 new, -1 the name ambiguous; `ranked`
 * holds the current places (rank()).
 */
export function toWas({ climbed }: Pick<Standings, 'climbed'>, ranked: ArrayLike<number>): number[] {
  return climbed.map((entries, at) => {
    if (entries === null) return -1;
    const by = entries.at(-1) ?? null;
    return by === null ? 0 : ranked[at]! + by;
  });
}

/** The page's reading of Standings for findNewInTop: `was` (toWas), a name twice taking the best place it held. */
export function toHeldPlaces({ held }: Pick<Standings, 'held'>, was: readonly number[]): number[] {
  const places = [...was];
  for (const [at, place] of held ?? []) places[at] = place;
  return places;
}

/**
 * A user's places over the trend's Stands, oldest first, the current one (`place`) last; null where a Stand lacks
 * them.
 */
export function toTrend(entries: readonly (number | null)[], place: number): (number | null)[] {
  let known = place;
  const places: (number | null)[] = [...entries, known];
  for (let stand = entries.length - 1; stand >= 0; stand -= 1) {
    const climbed = entries[stand];
    places[stand] = climbed === null || climbed === undefined ? null : (known += climbed);
  }
  return places;
}
