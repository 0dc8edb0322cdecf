// The contest's rules applied to its checked list: the people in the rules' order, and what the rules find wrong
// with the list (an order podium cannot trust, a totals row, a tie that the list's order decides, a rule that cannot
// apply, a name to hide that the list does not write so); and the warnings its publisher has acknowledged.
import type { Contest, User } from '../contest/schema.ts';
import { toFolded } from '../contest/privacy.ts';
import { toCents } from '../contest/numbers.ts';
import { toKey } from '../contest/standings.ts';
import { findDisorder, findTie, rank, toMetrics, toOrder, type Ranking, type Rules } from '../contest/ranking.ts';
import type { Problem } from '../errors.ts';
import { toDescription, toTie, type Warning } from './changes.ts';
import { editDistance, toExcerpt } from './issues.ts';
import { toPath } from './users.ts';

/**
 * The users in the rules' order, each row's index in the list as given (none: as given), where each row stands (the
 * contest's one ranking, which every later step reads), and what was found.
 */
export type Ordered = { users: User[]; order: Int32Array | undefined; ranking: Ranking; found: Warning[] };

/** Orders a contest's list by its rules and checks it; the targets of what is found are rows of the list as given. */
export function applyRules(contest: Pick<Contest, 'users' | 'solo_winners'> & Rules): Ordered {
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
  const totals = findTotals(users);
  for (const at of totals) found.push(toTotals(users, at));
  if (rules.ranking === undefined && totals.length === 0) {
    const at = findDisorder(users);
    if (at !== undefined) found.push(toDisorder(users, at));
  }
  const order = toOrder(users, rules);
  const ordered = order ? Array.from(order, (at) => users[at]!) : users;
  const ranking = rank(ordered, solo, rules);
  const next = findTie(ordered, ranking, rules);
  if (next !== undefined) {
    const row = order ? order[next]! : next; // as the file has it
    found.push({ ...toTie(ordered, ranking, next), target: ['users', row], path: toPath(['users', row]) });
  }
  return { users: ordered, order, ranking, found };
}

/** `Anna Adler (3 leads, 1.200,00 €) stands above Ben Braun (…)`, at Ben's row: the first row out of every order. */
function toDisorder(users: readonly User[], at: number): Warning {
  const [above, below] = [users[at - 1]!, users[at]!];
  return {
    target: ['users', at],
    path: toPath(['users', at]),
    message: `${toDescription(above)} stands above ${toDescription(below)}: the list is in order of neither figure; say "ranking": "profit" to let podium order it, or "ranking": "as given"`,
    severity: 'error',
  };
}

// What a spreadsheet's totals row is called: the whole name, or its first word before a space or colon; spaces around
// it as trim() takes them (\s is the same set).
const TOTALS = /^\s*(gesamt|gesamtsumme|gesamtergebnis|summe|summen|total|totals|ergebnis|insgesamt)(?:[\s:]|$)/i;

/**
 * Rows that are a spreadsheet's totals, not people: named so, or holding the sum of every other row in both
 * figures (to the cent; among three rows or more, neither figure zero). One pass over the list.
 */
export function findTotals(users: readonly User[]): number[] {
  let leads = 0;
  let cents = 0;
  for (let at = 0; at < users.length; at += 1) {
    leads += users[at]!.leadCount;
    cents += toCents(users[at]!.profit);
  }
  const found: number[] = [];
  for (let at = 0; at < users.length; at += 1) {
    const user = users[at]!;
    const own = toCents(user.profit);
    // Both figures, to the cent: leads alone add up by chance (3 = 2 + 1) in a small team.
    const sum =
      users.length >= 3 && user.leadCount > 0 && own !== 0 && 2 * user.leadCount === leads && 2 * own === cents;
    if (sum || TOTALS.test(user.name)) found.push(at);
  }
  return found;
}

function toTotals(users: readonly User[], at: number): Warning {
  const user = users[at]!;
  const why = TOTALS.test(user.name) ? 'is a totals row' : 'holds the sum of all other rows: a totals row';
  return {
    target: ['users', at],
    path: toPath(['users', at]),
    message: `${toDescription(user)} ${why}, not a salesperson: delete it from the export, or end the table above it`,
    severity: 'error',
  };
}

/**
 * Names each warning by its key, the contest's Stand before it (`2027-06-18: tie 10`), at the end of its message; a
 * warning the contest file acknowledges becomes a note. Returns a note for each acknowledgement that matches none.
 */
export function acknowledge(
  problems: Problem[],
  acknowledged: readonly string[],
  stand: string | undefined,
): { index: number; message: string }[] {
  const wanted = new Set(acknowledged.map((key) => key.trim()));
  const matched = new Set<string>();
  problems.forEach((problem, at) => {
    if (problem.key === undefined || problem.severity !== 'warning') return;
    const key = stand ? `${stand}: ${problem.key}` : problem.key;
    const seen = wanted.has(key);
    if (seen) matched.add(key);
    const message = `${problem.message} [${key}]${seen ? ' (acknowledged)' : ''}`;
    problems[at] = { ...problem, key, message, severity: seen ? 'note' : 'warning' };
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
