// What changed since a contest's previous Stand, for the people who publish its page: the changes as data, and in
// words the warnings about an export that looks broken. input/history.ts places them in the newest file.
import type { User } from '../contest/schema.ts';
import { toCents } from '../contest/numbers.ts';
import type { Ranking, Rules } from '../contest/ranking.ts';
import { toReached } from '../contest/fair/targets.ts';
import { toTopTeams, type Board } from '../contest/fair/teams.ts';
import { toNewInTiers } from '../contest/fair/tiers.ts';
import type { Contest } from '../contest/schema.ts';
import { toFolded } from '../contest/privacy.ts';
import { toIndex, toKey, type Comparison } from '../contest/standings.ts';
import type { Severity } from '../errors.ts';
import { toAmount } from './sheets/amount.ts';
import { TITLES } from './sheets/columns.ts';
import { toExcerpt } from './issues.ts';
import type { Key } from './place.ts';
import { toPath } from './users.ts';

/** What the publisher sees of a contest with a previous Stand: who is new, gone, moved, and whose figures changed. */
export type Changes = {
  /** The contest file. */
  file: string;
  /** Its history folder, as problems name its files: `contests/spring/`. */
  folder: string;
  /** The current Stand and the previous one, as Standings writes them (`2027-03-31`, `2027-03-31T18:00`). */
  stand: string;
  since: string;
  /** The contest's solo_winners: "new in the top 10". */
  top: number;
  new: string[];
  gone: string[];
  /** Those of `gone` whom the previous Stand's export hid (its column "Anonym"): a published build hides them too. */
  goneHidden?: string[];
  newInTop: string[];
  /** With prize tiers: each tier that someone is new in (contest/fair/tiers.ts), its text and their names. */
  newInTiers?: { text: string; names: string[] }[];
  /** With targets: the figure they are set in; each row then has the share of its target it reached. */
  target?: 'profit' | 'leadCount';
  /** With teams: the best team (or teams, sharing first place), now and before; the table as a page shows it (build.ts). */
  teams?: { top: string[]; before: string[]; board?: Board };
  climb: { name: string; by: number } | undefined;
  /** Each user whose place or figures changed, or who is new (`was` 0, no `before`), in list order. */
  rows: {
    place: number;
    was: number;
    name: string;
    leadCount: number;
    profit: number;
    /** With targets: the share of the row's own target reached, in tenths of a percent (600: 60,0 %), if it has one. */
    reached?: number;
    before?: { leadCount: number; profit: number; reached?: number };
    /** false: a published build's page does not show this row's amount (contest/privacy.ts), nor may its summary. */
    shown?: false;
    /** With prize tiers: the text of the tier the row wins, if any. */
    tier?: string;
  }[];
};

/** A problem before it is placed: the value it is about (`target`), and what it says. */
export type Warning = {
  target: Key[];
  path: string;
  message: string;
  severity: Severity;
  key?: string;
  /** Whom the key is about, where no Stand names the week (Problem's `of`). */
  of?: string;
  /** A condition of every export, acknowledged once for good (Problem's `lasting`). */
  lasting?: true;
};

/** People renamed, as a history applies them: old name (toKey) → new name, as the contest file's `renamed` writes it. */
export type Renames = { renames: Map<string, string>; kept: string[]; seen: Set<string> };

/**
 * The contest file's `renamed` against the newest Stand's names: the entries to apply to older Stands, `kept` those
 * whose old name the newest Stand still writes (not applied: the export has not renamed the person, or the name is
 * someone else's now), and `seen`, each new name (toKey) the newest Stand writes; toRenamed adds an older Stand's.
 */
export function toRenames(renamed: Record<string, string> | undefined, newest: readonly { name: string }[]): Renames {
  const found: Renames = { renames: new Map(), kept: [], seen: new Set() };
  const entries = Object.entries(renamed ?? {});
  if (entries.length === 0) return found;
  const names = new Set(newest.map(({ name }) => toKey(name)));
  for (const [from, to] of entries) {
    if (names.has(toKey(to))) found.seen.add(toKey(to));
    if (names.has(toKey(from))) found.kept.push(from);
    else if (toKey(from) !== toKey(to)) found.renames.set(toKey(from), to.trim());
  }
  return found;
}

/**
 * An older Stand's list under the newest Stand's names: a row of a renamed person's old name is the person of the
 * new name, unless that Stand writes the new name too (then they are two people). Adds to `seen` the new names the
 * Stand writes itself. The one place a rename is applied: every later comparison of names follows it.
 */
export function toRenamed<T extends { name: string }>(users: readonly T[], { renames, seen }: Renames): readonly T[] {
  if (renames.size === 0) return users;
  const keys = users.map(({ name }) => toKey(name));
  const names = new Set(keys);
  for (const to of renames.values()) if (names.has(toKey(to))) seen.add(toKey(to));
  return users.map((user, at) => {
    const to = renames.get(keys[at]!);
    return to === undefined || names.has(toKey(to)) ? user : { ...user, name: to };
  });
}

/** A name's second (or later) row in the previous Stand's list: it has no movement. */
export function toTwice(users: readonly User[], rows: readonly number[]): Warning[] {
  if (rows.length === 0) return [];
  const times = new Map<string, number>();
  for (const { name } of users) times.set(toKey(name), (times.get(toKey(name)) ?? 0) + 1);
  return rows.map((row) => {
    const name = users[row]!.name;
    return {
      target: ['users', row, 'name'],
      path: toPath(['users', row]),
      message: `${toExcerpt(name)} is in this file ${times.get(toKey(name))} times: people are told apart by their names, so none of them shows a movement`,
      severity: 'warning',
      key: `name twice: ${toKey(name)}`,
      lasting: true,
    };
  });
}

/** What is more likely a broken export than a real week: a column emptied, many people gone, leads that fell. */
export function toWarnings(
  previous: readonly User[],
  current: readonly User[],
  comparison: Comparison,
  since: string,
): Warning[] {
  const severity: Severity = 'warning';
  const warnings: Warning[] = [];
  const { emptied, gone, fell } = comparison;
  for (const { field, had } of emptied)
    warnings.push({
      target: ['users', -1, field],
      path: 'users',
      message: `${field} ("${TITLES[field][1]}") is 0 or empty for all ${count(current.length, 'people')} now, after ${had} of ${previous.length} had a value on ${since}: a renamed column, or a filter in the export?`,
      severity,
      key: `column emptied: ${field}`,
    });
  if (gone.length * 4 > previous.length)
    warnings.push({
      target: ['users'],
      path: '',
      message: `${gone.length} of the ${count(previous.length, 'people')} of ${since} are gone (${toNames(gone.map((at) => previous[at]!.name))}), more than a quarter: is part of the team missing from the export?`,
      severity,
      key: 'people gone',
    });
  for (const { user, from, to } of fell)
    warnings.push({
      target: ['users', user, 'leadCount'],
      path: toPath(['users', user]),
      message: `leadCount of ${toExcerpt(current[user]!.name)} fell from ${from} to ${to} since ${since}; own leads are counted, never booked back`,
      severity,
      key: `leads fell: ${toKey(current[user]!.name)}`,
    });
  return warnings; // a name twice in the current list: rules.ts, toSameNames()
}

/** `1 person`, `12 people`. */
function count(n: number, many: string): string {
  return `${n} ${n === 1 ? 'person' : many}`;
}

/** `Max Muster, Lea Zimmermann, Ben Krüger and 28 more`. */
export function toNames(names: readonly string[], shown = 3): string {
  const listed = names.slice(0, shown).join(', ');
  return names.length > shown ? `${listed} and ${names.length - shown} more` : listed;
}

/** Per current user, whether their row won in the previous Stand (`winning`: its ranking's); 0 new or ambiguous. */
export function toWonBefore(
  previous: readonly User[],
  current: readonly User[],
  { was }: Pick<Comparison, 'was'>,
  winning: ArrayLike<number>,
): Uint8Array {
  const { index } = toIndex(previous);
  return Uint8Array.from(current, ({ name }, at) => (was[at]! > 0 ? winning[index.get(toKey(name))!]! : 0));
}

/** The changes as the CLI reports them, by name; `folder` is the caller's; `rules`, the contest's. */
export function toChanges(
  file: string,
  previous: readonly User[],
  { users: current, ranking }: { users: readonly User[]; ranking: Ranking },
  { was, gone, newInTop, newInTiers, climb }: Comparison,
  { stand, since }: { stand: string; since: string },
  top: number,
  rules: Rules & Pick<Contest, 'teams'>,
): Omit<Changes, 'folder'> {
  const rows: Changes['rows'] = [];
  const index = toIndex(previous).index;
  const { tiers } = ranking;
  const { prizes, target } = rules;
  const reached = (user: User) => {
    const tenths = target && toReached(user, target)?.tenths;
    return tenths === undefined ? {} : { reached: tenths };
  };
  current.forEach((user, at) => {
    const { name, leadCount, profit } = user;
    const place = ranking.places[at]!;
    const before = was[at]!;
    const tier = prizes?.[(tiers?.[at] ?? 0) - 1]?.text;
    const row = { place, was: before, name, leadCount, profit, ...reached(user), ...(tier !== undefined && { tier }) };
    if (before < 0) return; // ambiguous: no movement
    if (before === 0) return void rows.push(row);
    const then = previous[index.get(toKey(name))!]!;
    const shareThen = reached(then);
    const changed = leadCount !== then.leadCount || toCents(profit) !== toCents(then.profit);
    if (before !== place || changed || row.reached !== shareThen.reached)
      rows.push({ ...row, before: { leadCount: then.leadCount, profit: then.profit, ...shareThen } });
  });
  return {
    file,
    stand,
    since,
    top,
    new: current.flatMap(({ name }, at) => (was[at] === 0 ? [name] : [])),
    gone: gone.map((at) => previous[at]!.name),
    ...(gone.some((at) => previous[at]!.hidden === true) && {
      goneHidden: gone.flatMap((at) => (previous[at]!.hidden === true ? [previous[at]!.name] : [])),
    }),
    newInTop: newInTop.map((at) => current[at]!.name),
    ...(prizes && tiers && newInTiers && { newInTiers: toNewInTiers(prizes, tiers, newInTiers, current) }),
    climb: climb && { name: current[climb.user]!.name, by: climb.by },
    ...(target && { target: target.figure }),
    ...(rules.teams && { teams: { top: toTopTeams(current, rules), before: toTopTeams(previous, rules) } }),
    rows,
  };
}

/**
 * `places 10 and 11 tie (30 leads, 120.000,00 €): the list's order decides who travels`, at the row of `next`, the
 * first after the winning places.
 */
export function toTie(users: readonly User[], ranking: Ranking, next: number): Warning {
  const { places, last } = ranking;
  return {
    target: ['users', next],
    path: toPath(['users', next]),
    message: `places ${places[last]} and ${places[next]} tie (${toFigures(users[next]!)}): the list's order decides who travels`,
    severity: 'warning',
    key: `tie ${places[last]}`,
    of: `${toKey(users[last]!.name)}, ${toKey(users[next]!.name)}`,
  };
}

/** `30 leads, 120.000,00 €`. */
export function toFigures({ leadCount, profit }: Pick<User, 'leadCount' | 'profit'>): string {
  return `${leadCount} ${leadCount === 1 ? 'lead' : 'leads'}, ${toAmount(profit)}`;
}

/** `Anna Adler (3 leads, 1.200,00 €)`. */
export function toDescription(user: User): string {
  return `${toExcerpt(user.name)} (${toFigures(user)})`;
}

/**
 * One person, one row: each row whose name is an earlier row's (as people read names: toFolded) is a warning there,
 * naming the first; `row` gives a person's row in the list as given. Two rows of one name (toKey) share their
 * movement and their personal link, and so have neither.
 */
export function toSameNames(users: readonly User[], row: (at: number) => number): Warning[] {
  const first = new Map<string, number>();
  const found: Warning[] = [];
  users.forEach(({ name }, at) => {
    const key = toFolded(name);
    const before = first.get(key);
    if (before === undefined) return void first.set(key, at);
    const [then, same] = [users[before]!.name, toKey(users[before]!.name) === toKey(name)];
    const why = same
      ? 'podium tells people apart by their names, so neither row has a movement or a personal link'
      : 'written otherwise in case or spaces, it reads as one person in two rows';
    found.push({
      target: ['users', row(at), 'name'],
      path: toPath(['users', row(at)]),
      message: `${toExcerpt(name)} is the same name as ${toPath(['users', row(before)])} ${toExcerpt(then)}: ${why}; give each person one row (their figures added up), or a name of their own`,
      severity: 'warning',
      key: `same name: ${toKey(then)}`,
      lasting: true,
    });
  });
  return found;
}
