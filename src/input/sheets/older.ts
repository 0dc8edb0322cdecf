// A Stand of a history folder ranked, and an older Stand's places (../history.ts). Of an older Stand a page needs only
// where each current person stood in it: a CSV export with nothing to say is read a row at a time, and nothing of a
// row is kept but its two figures and whom its name is. Kept whole, 12 Stands of 10,000 people filled the heap with
// rows that outlived a few collections (docs/performance.md). Of the previous Stand its people are kept, read the same
// way: a whole check of it kept its rows as well, and cost a 12-Stand bake ~20 ms.
import { rank, toOrder, type Figures, type Ranking, type Rules } from '../../contest/ranking.ts';
import { CSV_FILE, schemas, type User } from '../../contest/schema.ts';
import { compare, toKey, type Comparison } from '../../contest/standings.ts';
import type { DataFile } from '../file.ts';
import type { Mapping } from './columns.ts';

/** A Stand's people in the order of the contest's rules, each one's row in the file (none: as given), and places. */
export type Ranked<T extends Figures> = { users: T[]; order: Int32Array | undefined; ranking: Ranking };

export function toRanked<T extends Figures>(users: readonly T[], solo: number, rules: Rules): Ranked<T> {
  const order = toOrder(users, rules);
  const sorted = order ? Array.from(order, (at) => users[at]!) : [...users];
  return { users: sorted, order, ranking: rank(sorted, solo, rules) };
}

/**
 * Each user of a Stand's file (`file` as problems name it), as the check gives it, where the file is a CSV export of
 * which a check would say nothing but its ignored columns: read a row at a time (eachUser()), nothing of a row kept
 * but what `onUser` keeps. False where the file is to be checked whole, which says what it has to say.
 */
async function eachCleanUser(
  file: string,
  read: DataFile | undefined,
  mapping: Mapping,
  onUser: (user: User) => void,
): Promise<boolean> {
  if (!read || !CSV_FILE.test(file)) return false;
  const { eachUser } = await import('./csv-file.ts');
  return eachUser(file, read, mapping, (value) => {
    const user = schemas().UserSchema.safeParse(value);
    if (user.success) onUser(user.data);
    return user.success;
  });
}

/** Characters from U+0300 on: below it, every text is already in NFC, which toKey() would only confirm. */
const BEYOND_NFC = /[^\u0000-\u02ff]/;

/**
 * toKey() of an older Stand's name: a name of letters below U+0300 (Latin, with ß, ı, ł and every accented letter
 * German names have) only trimmed, without asking ICU to normalise it, which a history of 12 Stands asked 110,000
 * times (docs/performance.md). Here, not in toKey(): contest/standings.ts is the page script's too (see toOlderPlaces()).
 * test/input/sheets/older.test.ts compares it with toKey().
 */
export const toOlderKey = (name: string) => (BEYOND_NFC.test(name) ? toKey(name) : name.trim());

/** A clean Stand's users (eachCleanUser()), as checkSheet() gives them; undefined where it is to be checked whole. */
export async function toCleanUsers(
  file: string,
  read: DataFile | undefined,
  mapping: Mapping,
): Promise<User[] | undefined> {
  const users: User[] = [];
  return (await eachCleanUser(file, read, mapping, (user) => users.push(user))) ? users : undefined;
}

/** The previous Stand against the newest, both ranked: who moved, and who is in either twice. */
export function toComparison(previous: Ranked<User>, current: Ranked<User>, solo: number): Comparison {
  return compare(previous.users, current.users, { previous: previous.ranking, current: current.ranking }, solo);
}

/**
 * The previous Stand ranked, and against the newest (`current`), where its file is a clean CSV export (toCleanUsers())
 * without a name twice, which would need saying at its rows; undefined where the file is to be checked whole.
 */
export async function toCleanPrevious(
  file: string,
  read: DataFile | undefined,
  { mapping, solo, rules }: StandOptions,
  current: Ranked<User>,
): Promise<{ previous: Ranked<User>; comparison: Comparison } | undefined> {
  const users = await toCleanUsers(file, read, mapping);
  if (!users) return undefined;
  const previous = toRanked(users, solo, rules);
  const comparison = toComparison(previous, current, solo);
  return comparison.twice.previous.length === 0 ? { previous, comparison } : undefined;
}

/** How a history's Stands are read and ranked: the contest's columns, solo_winners and rules. */
export type StandOptions = { mapping: Mapping; solo: number; rules: Rules };

/** Whom the newest Stand's names are (toIndex()), and how many people it holds. */
export type Current = { index: Map<string, number>; count: number };

/**
 * An older Stand's places (toPlaces()), where its file (`file` as problems name it) is a CSV export of which a check
 * would say nothing but its ignored columns (eachUser()); with no `current`, a Stand older than the trend, which
 * needs no places: null. Undefined where the file is to be checked whole, which says what it has to say.
 */
export async function toOlderPlaces(
  file: string,
  read: DataFile | undefined,
  { mapping, solo, rules }: StandOptions,
  current: Current | undefined,
): Promise<Int32Array | null | undefined> {
  const leads: number[] = [];
  const profits: number[] = [];
  const matched: number[] = [];
  const clean = await eachCleanUser(file, read, mapping, (user) => {
    leads.push(user.leadCount);
    profits.push(user.profit);
    if (current) matched.push(current.index.get(toOlderKey(user.name)) ?? -1);
  });
  if (!clean) return undefined;
  if (!current) return null;
  // The figures as people again, for the rules to rank: made at once, they die young as well.
  const people = leads.map((leadCount, at) => ({ name: '', leadCount, profit: profits[at]! }));
  const { order, ranking } = toRanked(people, solo, rules);
  // As toPlaces() gives them; written here, as any change to contest/standings.ts (shared with the page script)
  // renames the page script's shortened names (scripts/react-internals.js) and so changes every page's bytes.
  const places = new Int32Array(current.count);
  ranking.places.forEach((place, at) => {
    const user = matched[order ? order[at]! : at]!;
    if (user >= 0) places[user] = places[user] === 0 ? place : -1;
  });
  return places;
}
