// --updated-at git: a contest's Stand is the time of the last commit that changed its contest file or data file,
// so that a new export moves its own contest's Stand and no other's.
import { execFileSync } from 'node:child_process';
import { relative } from 'node:path';
import { UserError } from '../errors.ts';

/**
 * A function giving the files' Stand: the committer time of the last commit that changed any of them, or `now`
 * (and a note through `say`) when one has changes not committed yet, or is not committed at all.
 */
export function toGitTimes(now: string, say: (line: string) => void): (files: readonly string[]) => Promise<string> {
  return async (files) => {
    const paths = files.filter((file) => file !== '-');
    if (paths.length === 0) return now; // standard input has no history
    const changed = git(['status', '--porcelain', '--untracked-files=all', '--', ...paths], paths[0]!);
    const last = git(['log', '-1', '--format=%cI', '--', ...paths], paths[0]!);
    if (changed === '' && last !== '') return last;
    say(
      `podium: ${paths.map((path) => relative('.', path) || path).join(', ')}: ${changed === '' ? 'not committed' : 'changed since the last commit'}; its Stand is the time of this build`,
    );
    return now;
  };
}

function git(args: string[], file: string): string {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  } catch (error) {
    const { code, stderr } = error as NodeJS.ErrnoException & { stderr?: string };
    const why = code === 'ENOENT' ? 'git is not installed' : (stderr ?? '').trim().split('\n')[0] || String(error);
    throw new UserError({
      subject: file,
      reason: `--updated-at git cannot ask git for its last commit (${why})`,
      hint: 'run podium in a git repository, or pass --updated-at now',
    });
  }
}
