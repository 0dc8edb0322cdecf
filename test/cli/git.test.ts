// --updated-at git on a repository of two contests, where only one changes.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { appendFileSync, copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { podium } from '../helpers/cli.ts';
import { FIXTURES, fixture, inScratch, ROOT } from '../helpers/files.ts';
import { toDocument } from '../helpers/dom.ts';

const git = suite('--updated-at git');

/** Commits everything in `dir` as of `date`. */
function commit(dir: string, date: string): void {
  const env = { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
  const run = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir, env });
  run('add', '.');
  run('commit', '-qm', date);
}

const standOf = (dir: string, name: string) =>
  toDocument(readFileSync(join(dir, 'dist', name, 'index.html'), 'utf8')).querySelector('.stand')?.textContent;

git(
  'gives each contest the time of the last commit that changed its contest or data file; its own updated_at wins',
  () =>
    inScratch(async (dir) => {
      execFileSync('git', ['init', '-q'], { cwd: dir });
      mkdirSync(join(dir, 'contests'));
      copyFileSync(join(FIXTURES, 'valid.json'), join(dir, 'contests/a.json'));
      writeFileSync(
        join(dir, 'contests/b.json'),
        fixture('valid.json').replace(/"users": \[[^]*\]/, '"users": "b.csv"'),
      );
      writeFileSync(join(dir, 'contests/b.csv'), 'Name;Anzahl Eigenleads;Summe Netto-Volumen AB\nAnna;3\n');
      copyFileSync(join(ROOT, 'contests/autumn.json'), join(dir, 'contests/own.json'));
      copyFileSync(join(ROOT, 'contests/autumn-users.csv'), join(dir, 'contests/autumn-users.csv'));
      commit(dir, '2027-03-01T10:00:00+01:00');
      appendFileSync(join(dir, 'contests/b.csv'), 'Ben;2\n'); // this week's export, for b only
      commit(dir, '2027-03-08T18:30:00+01:00');
      const built = await podium(['build', 'contests', '--out', 'dist', '--updated-at', 'git', '-q'], { cwd: dir });
      assert.is(built.status, 0, built.stderr);
      assert.is(built.stderr, '');
      assert.is(standOf(dir, 'a'), 'Stand: 01.03.2027, 10:00 Uhr');
      assert.is(standOf(dir, 'b'), 'Stand: 08.03.2027, 18:30 Uhr');
      assert.is(standOf(dir, 'own'), 'Stand: 15.10.2027, 09:00 Uhr', "the contest file's own updated_at");
      // A file changed since its last commit: the build's time, and a note that says so.
      appendFileSync(join(dir, 'contests/b.csv'), 'Carla;1\n');
      const changed = await podium(['build', 'contests', '--out', 'dist', '--updated-at', 'git', '-q'], {
        cwd: dir,
        env: { SOURCE_DATE_EPOCH: '1807200000' },
      });
      assert.is(changed.status, 0, changed.stderr);
      assert.is(
        changed.stderr,
        'podium: contests/b.json, contests/b.csv: changed since the last commit; its Stand is the time of this build\n',
      );
      assert.is(standOf(dir, 'b'), 'Stand: 08.04.2027, 18:00 Uhr');
      assert.is(standOf(dir, 'a'), 'Stand: 01.03.2027, 10:00 Uhr');
    }),
);

git('is said in one line outside a git repository', () =>
  inScratch(async (dir) => {
    copyFileSync(join(FIXTURES, 'valid.json'), join(dir, 'a.json'));
    const run = await podium(['build', 'a.json', '--out', 'dist', '--updated-at', 'git'], { cwd: dir });
    assert.is(run.status, 1);
    assert.match(
      run.stderr,
      /^podium: a\.json: --updated-at git cannot ask git for its last commit \(fatal: not a git repository/,
    );
    assert.match(run.stderr, /; run podium in a git repository, or pass --updated-at now\n$/);
  }),
);

git.run();
