// What the check says of a contest's targets (contest/fair/targets.ts): a ranking by target without targets, and
// each person left without one, at their cell (or their user in the contest file), saying what to do.
import { findUntargeted } from '../../contest/fair/targets.ts';
import { toMetrics, type Figures, type Rules } from '../../contest/ranking.ts';
import type { Warning } from '../changes.ts';
import { toExcerpt } from '../issues.ts';
import { toPath } from '../users.ts';

/** The errors of a list's targets under the rules; `row` gives a person's row in the list as given. */
export function findTargetProblems(people: readonly Figures[], rules: Rules, row: (at: number) => number): Warning[] {
  const { target } = rules;
  const error = (path: (string | number)[], message: string): Warning => ({
    target: path,
    path: toPath(path),
    message,
    severity: 'error',
  });
  if (!target)
    return toMetrics(rules).includes('target')
      ? [
          error(
            ['ranking'],
            '"ranking": "target" needs personal targets: add "target": { "figure": "profit" } (or "leadCount"), or rank by "profit" or "leadCount"',
          ),
        ]
      : [];
  const missing = findUntargeted(people, target);
  // Nobody has one: the export has no target column (or the list no "target"), said once.
  if (missing.length > 0 && missing.length === people.length && people.every((user) => user.target === undefined))
    return [
      error(
        ['target'],
        'no one has a target: add a column "Ziel" to the export (or name it in "columns": { "target": "…" }), give each user a "target", or set "target": { "figure": …, "default": … }',
      ),
    ];
  return missing.map((at) =>
    error(
      ['users', row(at), 'target'],
      `no target for ${toExcerpt(people[at]!.name)}: fill in the person's target, or set a "default" in the contest's "target"`,
    ),
  );
}
