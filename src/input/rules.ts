// The contest's rules applied to its checked list: the people in the rules' order, its totals rows left out, and
// what the rules find wrong with the list (an order podium cannot trust, a totals row that is no sum, one name in two
// rows, a tie that the list's order decides, a rule that cannot apply); and the warnings its publisher has
// acknowledged.
import type { Contest, User } from '../contest/schema.ts';
import { toEuro } from '../contest/numbers.ts';
import { findDisorder, findTie, rank, toMetrics, toOrder, type Ranking, type Rules } from '../contest/ranking.ts';
import { toKey } from '../contest/standings.ts';
import type { Problem } from '../errors.ts';
import { toDescription, toFigures, toSameNames, toTie, type Warning } from './changes.ts';
import { toExcerpt } from './issues.ts';
import { findTotals, type Totals } from './sheets/totals.ts';
import { toPath } from './users.ts';

/**
 * The people in the rules' order (a list's totals rows left out), each one's index in the list as given (none: the
 * list as given), where each row stands (the contest's one ranking, which every later step reads), and what was found.
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
  for (const warning of toTotalsWarnings(users, totals)) found.push(warning);
  const { people, kept } = leaveOut(users, totals.sums);
  const row = (at: number) => (kept ? kept[at]! : at); // as the file has it
  if (rules.ranking === undefined && totals.wrong.length === 0) {
    const at = findDisorder(people);
    if (at !== undefined) found.push(toDisorder(people, at, row(at)));
  }
  for (const warning of toSameNames(people, row)) found.push(warning);
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
    found.push(at(looksLike, message, 'warning', `sum of the rows above: ${name}`));
  }
  found.sort((a, b) => (a.target[1] as number) - (b.target[1] as number));
  return found;
}

/**
 * Names each warning by its key, the contest's Stand before it (`2027-06-18: tie 10`) or else whom it is about
 * (`tie 10: Anna Adler, Ben Braun`), at the end of its message; a warning the contest file acknowledges becomes a note. Returns a note for each acknowledgement that matches none.
 */
export function acknowledge(
  problems: Problem[],
  acknowledged: readonly string[],
  stand: string | undefined,
): { index: number; message: string }[] {
  const wanted = new Set(acknowledged.map((key) => key.trim()));
  const matched = new Set<string>();
  problems.forEach((problem, at) => {
    const { of, ...rest } = problem;
    if (rest.key === undefined || rest.severity !== 'warning') return void (of !== undefined && (problems[at] = rest));
    // A Stand names the week a warning was given for; without one, the people it is about do (`tie 2: Anna, Ben`).
    const key = stand ? `${stand}: ${rest.key}` : of !== undefined ? `${rest.key}: ${of}` : rest.key;
    const seen = wanted.has(key);
    if (seen) matched.add(key);
    const message = `${rest.message} [${key}]${seen ? ' (acknowledged)' : ''}`;
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
