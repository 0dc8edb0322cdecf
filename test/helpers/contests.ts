// Contests as a build sees them, validated by the one validation entry point, for tests that start from a Contest.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rank } from '../../src/contest/ranking.ts';
import type { Contest, Named } from '../../src/contest/schema.ts';
import { toLine, type Problem } from '../../src/errors.ts';
import type { Source } from '../../src/input/read.ts';
import { validate } from './validate.ts';
import { FIXTURES } from './files.ts';

/** A contest file as read() hands it on: its text's UTF-8 bytes. */
export function toSource(text: string, file = 'contest.json', name?: string): Source {
  return { file, bytes: Buffer.from(text), ...(name === undefined ? {} : { name }) };
}

/** The contest of a contest file's text; throws with its problems when it is invalid. */
export async function toContest(text: string, file = 'contest.json'): Promise<Contest> {
  const { contests, problems } = await validate([toSource(text, file)]);
  if (!contests[0]) throw new Error(problems.map(toLine).join('\n'));
  return contests[0].contest;
}

/** A contest and where its people stand, as the check hands them on (the list already in the rules' order). */
export function toRanked(contest: Contest): Pick<Named, 'contest' | 'ranking'> {
  return { contest, ranking: rank(contest.users, contest.solo_winners, contest) };
}

/** Every valid fixture's contest, by file name: `CONTESTS['valid.json']`. */
export const CONTESTS: Record<string, Contest> = {};
for (const entry of readdirSync(FIXTURES, { withFileTypes: true })) {
  if (!entry.isFile()) continue; // real/: the files real programs wrote, in folders of their own
  const { name } = entry;
  const { contests } = await validate([{ file: name, bytes: readFileSync(join(FIXTURES, name)) }]);
  if (contests[0]) CONTESTS[name] = contests[0].contest;
}

/** A problem of each kind, as the reporters' tests print them. */
export const ERROR: Problem = {
  file: 'c.json',
  line: 4,
  column: 33,
  path: 'users[1].leadCount',
  message: 'expected a number, got the string "12"',
  severity: 'error',
};
export const WARNING: Problem = {
  file: 'c.json',
  line: 8,
  column: 3,
  path: '',
  message: 'unknown key "solo_winner"',
  severity: 'warning',
};
