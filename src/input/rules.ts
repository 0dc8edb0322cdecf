// The contest's rules applied to its checked list: the people in the rules' order, and what the rules find wrong
// with the list (an order podium cannot trust, a tie that the list's order decides, a rule that cannot apply).
import type { Contest, User } from '../contest/schema.ts';
import { findDisorder, findTie, rank, toMetrics, toOrder, type Rules } from '../contest/ranking.ts';
import type { Severity } from '../errors.ts';
import { toDescription, toTie, type Warning } from './changes.ts';
import { toPath } from './users.ts';

/** The users in the rules' order, each row's index in the list as given (none: as given), and what was found. */
export type Ordered = { users: User[]; order: Int32Array | undefined; found: Warning[] };

/** Orders a contest's list by its rules and checks it; the targets of what is found are rows of the list as given. */
export function applyRules(contest: Contest, strict: boolean): Ordered {
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
  if (rules.ranking === undefined) {
    const at = findDisorder(users);
    if (at !== undefined) found.push(toDisorder(users, at));
  }
  const order = toOrder(users, rules);
  const ordered = order ? Array.from(order, (at) => users[at]!) : users;
  const ranking = rank(ordered, solo, rules);
  const next = findTie(ordered, ranking, rules);
  if (next !== undefined) {
    const tie = toTie(ordered, ranking, next, strict ? 'error' : 'warning');
    found.push({ ...tie, target: ['users', order ? order[next]! : next] });
  }
  return { users: ordered, order, found };
}

/** `Anna Adler (3 leads, 1.200,00 €) stands above Ben Braun (…)`, at Ben's row: the first row out of every order. */
function toDisorder(users: readonly User[], at: number): Warning {
  const [above, below] = [users[at - 1]!, users[at]!];
  const severity: Severity = 'error';
  return {
    target: ['users', at],
    path: toPath(['users', at]),
    message: `${toDescription(above)} stands above ${toDescription(below)}: the list is in order of neither figure; say "ranking": "profit" to let podium order it, or "ranking": "as given"`,
    severity,
  };
}
