// The contest's rules applied to its checked list: the people in the rules' order, its totals rows left out, and
// what the rules find wrong with the list (an order podium cannot trust, a totals row that is no sum, one name in two
// rows, a tie that the list's order decides, a rule that cannot apply, a name to hide that the list does not write
// so, a rename that follows no one); and the warnings its publisher has acknowledged.
import type { Contest, Reading, User } from '../contest/schema.ts';
import { toFolded } from '../contest/privacy.ts';
import { toTeamsProblem, toTeamsTargetProblem } from '../contest/fair/teams.ts';
import { toEuro } from '../contest/numbers.ts';
import { findDisorder, findTie, rank, toMetrics, toOrder, type Ranking, type Rules } from '../contest/ranking.ts';
import { toKey } from '../contest/standings.ts';
import type { Problem } from '../errors.ts';
import { toDescription, toFigures, toRenames, toSameNames, toTie, type Renames, type Warning } from './changes.ts';
import { editDistance, toExcerpt } from './issues.ts';
import { findTargetProblems } from './fair/targets.ts';
import { findTotals, type Totals } from './sheets/totals.ts';
import { toPath } from './users.ts';

/**
 * The people in the rules' order (a list's totals rows left out), each one's index in the list as given (none: the
 * list as given), where each row stands (the contest's one ranking, which every later step reads), and what was found.
 */
export type Ordered = { users: User[]; order: Int32Array | undefined; ranking: Ranking; found: Warning[] };

/** Orders a contest's list by its rules and checks it; the targets of what is found are rows of the list as given. */
export function applyRules(contest: Pick<Contest, 'users' | 'solo_winners' | 'target' | 'teams'> & Rules): Ordered {
  const { users, solo_winners: solo } = contest;
  const rules: Rules = contest;
  const found: Warning[] = [];
  if (rules.ties !== undefined && toMetrics(rules).length === 0)
    found.push({
      target: ['ties'],
      path: 'ties',
      message: `"ties" needs a figure to compare: add "ranking": "profit" (or "leadCount"), or remove "ties"`,
      severity: 'error',
    });
  const teamless = toTeamsProblem(contest);
  if (teamless) found.push({ target: ['teams'], path: 'teams', message: teamless, severity: 'error' });
  const untargeted = toTeamsTargetProblem(contest);
  if (untargeted) found.push({ target: ['teams', 'by'], path: 'teams.by', message: untargeted, severity: 'error' });
  const totals = findTotals(users);
  for (const warning of toTotalsWarnings(users, totals)) found.push(warning);
  const { people, kept } = leaveOut(users, totals.sums);
  const row = (at: number) => (kept ? kept[at]! : at); // as the file has it
  if (rules.ranking === undefined && totals.wrong.length === 0) {
    const at = findDisorder(people);
    if (at !== undefined) found.push(toDisorder(people, at, row(at)));
  }
  for (const warning of toSameNames(people, row)) found.push(warning);
  for (const warning of findTargetProblems(people, rules, row)) found.push(warning);
  const ranked = toRanked(people, kept, solo, rules);
  const { users: ordered, order, ranking } = ranked;
  const next = findTie(ordered, ranking, rules);
  if (next !== undefined) {
    const at = order ? order[next]! : next; // as the file has it
    found.push({ ...toTie(ordered, ranking, next), target: ['users', at], path: toPath(['users', at]) });
  }
  return { ...ranked, found };
}

/**
 * A list's people ranked as every Stand is: its totals rows left out, in the rules' order, each one's row in the list
 * as given (none: as given), and their places. history.ts ranks older Stands so, without what applyRules finds.
 */
export function toPeople(users: readonly User[], solo: number, rules: Rules): Omit<Ordered, 'found'> {
  const { people, kept } = leaveOut(users, findTotals(users).sums);
  return toRanked(people, kept, solo, rules);
}

function toRanked(people: readonly User[], kept: Int32Array | undefined, solo: number, rules: Rules) {
  const sorted = toOrder(people, rules);
  const order = sorted && kept ? sorted.map((at) => kept[at]!) : (sorted ?? kept);
  const ordered = sorted ? Array.from(sorted, (at) => people[at]!) : [...people];
  return { users: ordered, order, ranking: rank(ordered, solo, rules) };
}

/** The list without the rows at `left` (ascending), and each one's index in the list (none: nothing left out). */
function leaveOut(users: readonly User[], left: readonly number[]): { people: readonly User[]; kept?: Int32Array } {
  if (left.length === 0) return { people: users };
  const kept = new Int32Array(users.length - left.length);
  let [at, next] = [0, 0];
  for (let row = 0; row < users.length; row += 1)
    if (left[next] === row) next += 1;
    else kept[at++] = row;
  return { people: Array.from(kept, (row) => users[row]!), kept };
}

/** `Anna Adler (3 leads, 1.200,00 €) stands above Ben Braun (…)`, at Ben's row: the first row out of every order. */
function toDisorder(users: readonly User[], at: number, row: number): Warning {
  const [above, below] = [users[at - 1]!, users[at]!];
  return {
    target: ['users', row],
    path: toPath(['users', row]),
    message: `${toDescription(above)} stands above ${toDescription(below)}: the list is in order of neither figure; say "ranking": "profit" to let podium order it, or "ranking": "as given"`,
    severity: 'error',
  };
}

/** What the totals rows are, in words, at their rows: a sum left out (a note), a total that is none, a person's sum. */
function toTotalsWarnings(users: readonly User[], { sums, wrong, looksLike }: Totals): Warning[] {
  const at = (row: number, message: string, severity: Warning['severity'], key?: string): Warning => ({
    target: ['users', row],
    path: toPath(['users', row]),
    message: `${toDescription(users[row]!)} ${message}`,
    severity,
    ...(key && { key }),
  });
  const found = sums.map((row) => at(row, 'is the sum of the rows above it: left out', 'note'));
  for (const { at: row, run, since } of wrong) {
    const rows = since === undefined ? 'the rows above it' : `the rows since ${toExcerpt(users[since]!.name)}`;
    const sum = toFigures({ leadCount: run.leadCount, profit: toEuro(run.cents) });
    const message = `is named as a total, but is not the sum of ${rows} (${sum}): podium cannot tell a total from a person; correct its figures, or delete the row from the export`;
    found.push(at(row, message, 'error'));
  }
  if (looksLike !== undefined) {
    const name = toKey(users[looksLike]!.name);
    const message = `holds the sum of the rows above it: if it is a totals row, name it "Gesamt" in the export and podium leaves it out; a person stays in the ranking`;
    found.push({ ...at(looksLike, message, 'warning', `sum of the rows above: ${name}`), lasting: true });
  }
  found.sort((a, b) => (a.target[1] as number) - (b.target[1] as number));
  return found;
}

/**
 * Names each warning by its key at the end of its message, what the contest file lists to accept it: a week's warning
 * with the contest's Stand before it (`2027-06-18: tie 10`) or else whom it is about (`tie 10: Anna Adler, Ben
 * Braun`); a lasting one (rows hidden in every export) by its key alone, for good. A warning the contest file
 * acknowledges becomes a note. Returns a note for each acknowledgement that matches none.
 */
export function acknowledge(
  problems: Problem[],
  acknowledged: readonly string[],
  stand: string | undefined,
): { index: number; message: string }[] {
  const wanted = new Set(acknowledged.map((key) => key.trim()));
  const matched = new Set<string>();
  problems.forEach((problem, at) => {
    const { of, lasting, ...rest } = problem;
    if (rest.key === undefined || rest.severity !== 'warning')
      return void ((of !== undefined || lasting) && (problems[at] = rest));
    // A Stand names the week a warning was given for; without one, the people it is about do (`tie 2: Anna, Ben`).
    const week = stand ? `${stand}: ${rest.key}` : of !== undefined ? `${rest.key}: ${of}` : rest.key;
    const key = lasting ? rest.key : week;
    // A lasting warning acknowledged for its week, as before it was lasting, passes that week: the line says the rest.
    const seen = wanted.has(key) ? key : lasting && wanted.has(week) ? week : undefined;
    if (seen) matched.add(seen);
    const said =
      seen === week && seen !== key ? ` (acknowledged for ${stand}; ${JSON.stringify(key)} does for good)` : '';
    const message = `${rest.message} [${key}]${said || (seen ? ' (acknowledged)' : '')}`;
    problems[at] = { ...rest, key, message, severity: seen ? 'note' : 'warning' };
  });
  return acknowledged.flatMap((key, index) =>
    matched.has(key.trim())
      ? []
      : [
          {
            index,
            message: `${JSON.stringify(key)} matches no warning${stand ? ` of the Stand ${stand}` : ''}: remove it`,
          },
        ],
  );
}

// The list `privacy.hidden` against the export: a name there that is no one's as the export writes it would leave the
// person it meant on the page, under their full name.

/**
 * The work the closest names may take over all entries: a name looked at costs 1, one compared letter by letter
 * `COMPARED` more. Beyond it an entry gets no suggestion: an export of 100,000 names stays a fraction of a second.
 */
const BUDGET = 2_000_000;
const COMPARED = 20;

/**
 * Each entry of the contest's `privacy.hidden` that names no one as written in its export (nor among those `gone`
 * since the previous Stand, whom the change line names): an error, with the export's spelling where only case and
 * spaces differ, else the closest name of a similar length.
 */
export function findUnlisted(
  { privacy, users }: Pick<Contest, 'privacy' | 'users'>,
  gone: readonly string[] = [],
): Warning[] {
  const hidden = privacy?.hidden ?? [];
  if (hidden.length === 0) return [];
  const names = [...users.map(({ name }) => name), ...gone];
  const written = new Set(names.map(toKey));
  const missing = hidden.flatMap((entry, at) => (written.has(toKey(entry)) ? [] : [at]));
  if (missing.length === 0) return [];
  const folded = names.map(toFolded);
  const spelt = new Map<string, string>();
  folded.forEach((name, at) => spelt.has(name) || spelt.set(name, names[at]!));
  const closest = toClosest(names, folded);
  return missing.map((at): Warning => {
    const entry = hidden[at]!;
    const same = spelt.get(toFolded(entry));
    const message = same
      ? `${toExcerpt(entry)} is written ${toExcerpt(same)} in the export: podium hides that person, but write the name as the export has it`
      : `${toExcerpt(entry)} is no one in the export, so the person it means would be shown by name: ${toHint(closest(entry))}`;
    return { target: ['privacy', 'hidden', at], path: `privacy.hidden[${at}]`, message, severity: 'error' };
  });
}

/**
 * Each entry of the contest's `renamed` that follows no one: its old name still in the newest Stand (the rename waits
 * until the export writes the new one), or its new name in no Stand (`renames`: the history's; else the list's).
 */
export function findRenamed(
  { renamed, users }: Pick<Contest, 'users'> & Pick<Reading, 'renamed'>,
  renames: Renames = toRenames(renamed, users),
): Warning[] {
  const entries = Object.entries(renamed ?? {});
  if (entries.length === 0) return [];
  const kept = new Set(renames.kept);
  let closest: ((entry: string) => string | undefined) | undefined; // made for the first new name that is no one's
  return entries.flatMap(([from, to]): Warning[] => {
    const at = (message: string): Warning[] => {
      const [target, key] = [['renamed', from], `renamed: ${toKey(from)}`];
      return [{ target, path: toPath(target), message, severity: 'warning', key }];
    };
    if (kept.has(from))
      return at(
        `${toExcerpt(from)} is still a name in the newest export, so the rename to ${toExcerpt(to)} is not applied: it is once the export writes the new name; if they are two people, remove the entry`,
      );
    if (renames.seen.has(toKey(to))) return [];
    if (!closest) {
      const names = users.map(({ name }) => name);
      closest = toClosest(names, names.map(toFolded));
    }
    const near = closest(to);
    const hint = near === undefined ? '' : `did you mean ${toExcerpt(near)}? `;
    const message = `${toExcerpt(to)} is in none of the exports, so ${toExcerpt(from)} is followed to no one: ${hint}write the new name as the export has it`;
    return at(message);
  });
}

function toHint(name: string | undefined): string {
  return name === undefined
    ? 'write the name as the export has it, or remove it from the list'
    : `did you mean ${toExcerpt(name)}? write the name as the export has it`;
}

/**
 * The name of `names` (`folded`: each toFolded) fewest edits from an entry, at most two (three for a long name): only
 * names within two characters of its length, and of nearly its letters, are compared, within BUDGET over all entries.
 */
function toClosest(names: readonly string[], folded: readonly string[]): (entry: string) => string | undefined {
  const byLength = new Map<number, number[]>();
  const letters = Int32Array.from(folded, toLetters);
  folded.forEach((name, at) => {
    const bucket = byLength.get(name.length) ?? [];
    if (bucket.length === 0) byLength.set(name.length, bucket);
    bucket.push(at);
  });
  let budget = BUDGET;
  return (entry) => {
    const wanted = toFolded(entry);
    const mine = toLetters(wanted);
    let best: string | undefined;
    let limit = wanted.length >= 12 ? 3 : wanted.length >= 6 ? 2 : 1;
    for (const length of [0, -1, 1, -2, 2].map((by) => wanted.length + by))
      for (const at of byLength.get(length) ?? []) {
        if ((budget -= 1) < 0) return best;
        // An edit adds at most one letter the other lacks, and takes away at most one: a bound that costs nothing.
        const other = letters[at]!;
        if (Math.max(toBits(mine & ~other), toBits(other & ~mine)) > limit) continue;
        budget -= COMPARED;
        const distance = editDistance(wanted, folded[at]!, limit);
        if (distance <= limit) [best, limit] = [names[at]!, distance - 1];
      }
    return best;
  };
}

/** Which characters a name holds, each as one of 32 bits (by a hash of its code). */
function toLetters(name: string): number {
  let bits = 0;
  for (let at = 0; at < name.length; at += 1) bits |= 1 << (Math.imul(name.charCodeAt(at), 0x9e3779b1) >>> 27);
  return bits;
}

/** How many bits are set (the population count). */
function toBits(bits: number): number {
  const two = bits - ((bits >>> 1) & 0x55555555);
  const four = (two & 0x33333333) + ((two >>> 2) & 0x33333333);
  return (Math.imul((four + (four >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}
