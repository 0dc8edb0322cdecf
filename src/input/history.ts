// `"users": "spring/"`: a folder that keeps every export of a contest, one file per Stand, its date in its name. The
// newest is the table, the one before it the previous Stand; up to 12 newest make the trend. Every file is checked
// as a CSV export or a users list is; of older files only their places are kept, and of the oldest nothing.
import { join } from 'node:path';
import {
  CSV_FILE,
  DEFAULT_SOLO_WINNERS,
  HISTORY_FOLDER,
  type Contest,
  type Reading,
  type User,
} from '../contest/schema.ts';
import type { Rules } from '../contest/ranking.ts';
import { compare, toIndex, toPlaces, toStandings, type Comparison, type Standings } from '../contest/standings.ts';
import { heed, type Problem } from '../errors.ts';
import {
  toChanges,
  toRenamed,
  toRenames,
  toTwice,
  toWarnings,
  toWonBefore,
  type Changes,
  type Renames,
  type Warning,
} from './changes.ts';
import type { Data, DataFile, DataFolder } from './file.ts';
import { toDataPath, type Key, type Target } from './place.ts';
import { IGNORED, toMapping, type Mapping } from './sheets/columns.ts';
import { byPlace, checkList, checkSheet, toPath, type UsersFile } from './users.ts';
import { applyRules, toPeople, type Ordered } from './rules.ts';
import { STAND_WORKBOOK } from '../contest/stand.ts';
import { toStands } from './stands/names.ts';

// podium dev passes over the same leftovers when it watches a history folder.
export { isLeftover } from '../contest/stand.ts';

/** Stands a page's trend shows, the current one included. */
export const TREND = 12;

/** A history folder read: its newest file checked (the table), every problem of the others, and what changed. */
export type History = {
  /** Why the folder cannot be read, for the contest file's `users` value; or that it holds no export. */
  unreadable?: string;
  /** The newest file, checked: the contest's users. */
  newest?: UsersFile;
  /** The newest file's date (and time). */
  stand?: string;
  /** The problems of every file but the newest, whose own (and the warnings about what changed) are with it. */
  problems: Problem[];
  standings?: Standings;
  /** Per row of the newest Stand: whether its person won in the previous one. */
  previous?: { winning: Uint8Array };
  changes?: Changes;
  /** The newest Stand under the contest's rules (applyRules): the contest's one ranking, which the check hands on. */
  ruled?: Ordered;
  /** The contest file's `renamed` as applied to the older Stands, and the new names some Stand writes. */
  renames?: Renames;
  /** Per Stand of the trend, oldest first: its last winner's figures, null with none (the race's cut-off). */
  lasts?: (User | null)[];
};

/** What a history folder without a Stand is told. */
const NO_EXPORT = 'the folder holds no export yet; save each export into it, its date in its name (2027-03-31.csv)';
const START = { line: 1, column: 1 };

/** How a history folder is read: the winners, the rules and columns of its contest, and whom it renamed. */
type HistoryOptions = { solo: number; rules: Partial<Contest>; mapping?: Mapping; renamed?: Record<string, string> };

/**
 * Checks the folder `users` names (relative to the contest file), as read (`read`): every file checked, each problem
 * placed in its file; `solo` is the contest's solo_winners, and every Stand is ranked under its `rules`; `mapping`,
 * the contest file's "columns"; `renamed`, its people renamed, old name → new.
 */
export async function checkHistory(
  contestFile: string,
  users: string,
  read: DataFolder,
  { solo, rules, mapping, renamed }: HistoryOptions,
  signal?: AbortSignal,
): Promise<History> {
  const folder = toDataPath(contestFile, users);
  if ('unreadable' in read) return { unreadable: read.unreadable, problems: [] };
  const files = new Map(read.files.map(({ name, read }) => [name, read]));
  const { stands, problems: naming } = toStands(folder, [...files.keys()]);
  const byFile = new Map<string, Problem[]>(naming.map((problem) => [problem.file, [problem]]));
  if (stands.length === 0 && naming.length === 0) return { unreadable: NO_EXPORT, problems: [] };
  const last = stands.length - 1;
  const history: History = { problems: [] };
  let newest: Current | undefined; // whom the newest Stand's names are
  let current: Ranked | undefined;
  let previous: Ranked | undefined;
  let comparison: Comparison | undefined;
  const older: Int32Array[] = [];
  const reading: StandOptions = { mapping, solo, rules, renames: toRenames(undefined, []) }; // how each Stand is read
  // Newest first: its names say what to keep of each older file, its places in the trend, and nothing else.
  for (let at = last; at >= 0; at -= 1) {
    await heed(signal); // a stop is heard between files, and between slices of a file's users
    const { name, stand } = stands[at]!;
    const named = { file: join(users, name), read: files.get(name) };
    if (at === last) {
      const checked = await checkStand(contestFile, named.file, named.read, mapping, signal);
      // The newest file's problems go with it: the warnings about what changed, and the tie, join them.
      [history.newest, history.stand] = [checked, stand];
      if (checked.users) current = history.ruled = applyRules({ ...rules, solo_winners: solo, users: checked.users });
      if (current) newest = { index: toIndex(current.users).index, count: current.users.length };
      reading.renames = history.renames = toRenames(renamed, current?.users ?? []);
    } else if (at === last - 1)
      ({ previous, comparison } = await toPrevious(contestFile, named, { reading, current, byFile }, signal));
    else {
      const trend = at > last - TREND ? newest : undefined;
      const kept = await checkOlder(contestFile, named, { reading, trend, byFile }, signal);
      if (kept) {
        older.unshift(kept.places);
        (history.lasts ??= []).unshift(kept.last); // addChanges adds the two newest
      }
    }
  }
  if (history.newest && current && previous && comparison) {
    const dates = stands.slice(-TREND).map(({ stand }) => stand);
    const change = { contestFile, folder, solo, rules };
    await addChanges(history, change, { previous, current, comparison, older, dates });
  }
  // Every other file's problems in the order of the files' names.
  for (const file of [...byFile.keys()].sort()) for (const problem of byFile.get(file)!) history.problems.push(problem);
  return history;
}

/** A Stand's people in the order of the contest's rules, each one's row in the file (none: as given), and places. */
type Ranked = Omit<Ordered, 'found'>;

/**
 * An older Stand checked as every Stand is (its problems into `byFile`); of one in the trend (`trend`: whom the newest
 * Stand's names are), its places and its last winner. A function of its own: what a loop's turn holds (its rows' users,
 * ranked) lives on through the next file's reading, and the young generation grows for it (docs/performance.md).
 */
async function checkOlder(
  contestFile: string,
  { file: path, read }: { file: string; read: DataFile | undefined },
  { reading, trend, byFile }: { reading: StandOptions; trend?: Current; byFile: Map<string, Problem[]> },
  signal?: AbortSignal,
): Promise<{ places: Int32Array; last: User | null } | undefined> {
  const checked = await checkStand(contestFile, path, read, reading.mapping, signal);
  byFile.set(checked.file, [...(byFile.get(checked.file) ?? []), ...toOlder(checked.problems)]);
  if (!trend) return undefined;
  const then = checked.users ? toRanked(checked.users, reading) : undefined;
  const places = toPlaces(trend.index, trend.count, then?.users ?? [], then?.ranking.places ?? []);
  return { places, last: then?.users[then.ranking.last] ?? null };
}

/** An older Stand ranked as the newest is (its totals rows left out), under its names, without its findings. */
const toRanked = (users: readonly User[], { solo, rules, renames }: StandOptions): Ranked =>
  toPeople(toRenamed(users, renames), solo, rules);

/** How a history's Stands are read and ranked: the contest's columns, solo_winners and rules, and who was renamed. */
type StandOptions = { mapping: Mapping; solo: number; rules: Rules; renames: Renames };

/** Whom the newest Stand's names are (toIndex()), and how many people it holds. */
type Current = { index: Map<string, number>; count: number };

/**
 * The previous Stand, checked as every Stand is (its problems into `byFile`), ranked, and against the newest
 * (`current`): who moved, and who is in either twice.
 */
async function toPrevious(
  contestFile: string,
  { file: path, read }: { file: string; read: DataFile | undefined },
  { reading, current, byFile }: { reading: StandOptions; current?: Ranked; byFile: Map<string, Problem[]> },
  signal?: AbortSignal,
): Promise<{ previous?: Ranked; comparison?: Comparison }> {
  const checked = await checkStand(contestFile, path, read, reading.mapping, signal);
  const found = [...(byFile.get(checked.file) ?? []), ...toOlder(checked.problems)];
  byFile.set(checked.file, found);
  const previous = checked.users && toRanked(checked.users, reading);
  if (!previous || !current) return { previous };
  const ranked = { previous: previous.ranking, current: current.ranking };
  const comparison = compare(previous.users, current.users, ranked, reading.solo);
  // A name twice in the previous Stand is said there, its places at hand.
  const twice = toTwice(previous.users, comparison.twice.previous);
  for (const problem of await place(checked, twice, previous.order)) found.push(problem);
  found.sort(byPlace);
  return { previous, comparison };
}

/** What changed since the previous Stand, into `history`: the standings a page carries, the warnings, the changes. */
async function addChanges(
  history: History,
  change: { contestFile: string; folder: string; solo: number; rules: HistoryOptions['rules'] },
  then: { previous: Ranked; current: Ranked; comparison: Comparison; older: Int32Array[]; dates: string[] },
): Promise<void> {
  const { previous, current, comparison, older, dates } = then;
  const { contestFile, folder, solo, rules } = change;
  const newest = history.newest!;
  const places = current.ranking.places;
  history.standings = toStandings(previous.users, current.users, comparison, older, dates, places);
  const lasts = [previous, current].map(({ users, ranking }) => users[ranking.last] ?? null);
  history.lasts = [...(history.lasts ?? []), ...lasts];
  history.previous = { winning: toWonBefore(previous.users, current.users, comparison, previous.ranking.winning) };
  const since = history.standings.since.replace('T', ' ');
  const warnings = toWarnings(previous.users, current.users, comparison, since);
  for (const problem of await place(newest, warnings, current.order)) newest.problems.push(problem);
  newest.problems.sort(byPlace);
  const stand = { stand: history.stand!, since: history.standings.since };
  const changes = toChanges(contestFile, previous.users, current, comparison, stand, solo, rules);
  history.changes = { ...changes, folder };
}

/** An older file's problems, but the columns it does not read, said once for the newest file: every week has them. */
function toOlder(problems: readonly Problem[]): Problem[] {
  return problems.filter(({ key }) => key !== IGNORED);
}

/**
 * The users of the file or folder `users` names, checked as the read step read them (`data`: read.ts, `withData`): an
 * export's, or a history folder's newest file's.
 */
export async function checkNamed(
  contestFile: string,
  users: string,
  data: Data | undefined,
  contest: (Contest & Reading) | undefined,
  signal?: AbortSignal,
): Promise<{ list?: UsersFile | undefined; history?: History }> {
  const folder = HISTORY_FOLDER.test(users);
  if (!data || (folder ? 'bytes' in data : 'files' in data)) throw new Error(`${users} of ${contestFile} was not read`);
  if (!folder) return { list: await checkSheet(contestFile, users, data as DataFile, toMapping(contest), signal) };
  const solo = contest?.solo_winners ?? DEFAULT_SOLO_WINNERS;
  const options = { solo, rules: contest ?? {}, mapping: toMapping(contest), renamed: contest?.renamed };
  const history = await checkHistory(contestFile, users, data as DataFolder, options, signal);
  return { list: history.newest, history };
}

/** One Stand's file checked as what it is (a CSV export, an Excel workbook or a .json list of users), as read. */
async function checkStand(
  contestFile: string,
  path: string,
  read: DataFile | undefined,
  mapping: Mapping,
  signal?: AbortSignal,
): Promise<UsersFile> {
  if (!read) throw new Error(`${path} was not read`); // the read step reads every file that may be a Stand
  const file = toDataPath(contestFile, path);
  const failed = (message: string): UsersFile => ({
    file,
    problems: [{ file, ...START, path: '', message, severity: 'error' }],
    locate: () => Promise.resolve([]),
  });
  if (CSV_FILE.test(path) || STAND_WORKBOOK.test(path)) {
    const checked = await checkSheet(contestFile, path, read, mapping, signal);
    return checked.unreadable ? failed(`cannot read it: ${checked.unreadable}`) : checked;
  }
  return 'unreadable' in read ? failed(`cannot read it: ${read.unreadable}`) : checkList(file, read.bytes, signal);
}

/** Problems placed in the file they are about; `order` maps a row of the rules' order to its row in the file. */
export async function place(checked: UsersFile, warnings: readonly Warning[], order?: Int32Array): Promise<Problem[]> {
  const targets: Target[] = warnings.map(({ target }) => ({ path: toFileTarget(target, order) }));
  const positions = await checked.locate(targets);
  return warnings.map(({ path, message, severity, key, lasting }, i) => ({
    file: checked.file,
    ...positions[i]!,
    // A row is named as the file has it: `users[3]`, its fourth person, not the fourth by the rule.
    path: order && typeof targets[i]!.path[1] === 'number' ? toPath(targets[i]!.path.slice(0, 2)) : path,
    message,
    severity,
    ...(key && { key }),
    ...(lasting && { lasting }),
  }));
}

/** `['users', 3, …]` of the rules' order → the same value's path in the file (`order`: toOrder()). */
export function toFileTarget(target: readonly Key[], order?: Int32Array): Key[] {
  const [list, row, ...rest] = target;
  return order && typeof row === 'number' && row >= 0 ? [list!, order[row]!, ...rest] : [...target];
}
