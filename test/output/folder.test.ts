import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { podium } from '../helpers/cli.ts';
import { FIXTURES, inScratch, ROOT } from '../helpers/files.ts';

/** A scratch project: this repository's contests/ (a workbook-free folder, a CSV file and a history folder). */
function project(dir: string): string {
  cpSync(join(ROOT, 'contests'), join(dir, 'contests'), { recursive: true });
  return dir;
}

/** Every file and folder under `dir` with a hash of its bytes: what "untouched" compares. */
function treeOf(dir: string): Record<string, string> {
  if (!existsSync(dir)) return {};
  const entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  return Object.fromEntries(
    entries
      .map((entry) => {
        const path = join(entry.parentPath, entry.name);
        const what = entry.isFile() ? createHash('sha256').update(readFileSync(path)).digest('hex') : 'folder';
        return [path.slice(dir.length + 1), what] as const;
      })
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

/** Runs `podium build` in `dir` and asserts it is refused in one line, exit 2, with `dir` as it was. */
async function assertRefused(dir: string, args: string[], line: string | RegExp, input?: string) {
  const before = treeOf(dir);
  const run = await podium(['build', ...args, '--quiet'], { cwd: dir, input });
  assert.equal([run.status, run.stdout], [2, ''], run.stderr);
  assert.is(run.stderr.split('\n').length, 2, `one line: ${run.stderr}`);
  if (typeof line === 'string') assert.is(run.stderr, `${line}\n`);
  else assert.match(run.stderr, line);
  assert.equal(treeOf(dir), before, 'nothing was written');
}

const HINT = 'podium writes its pages apart from what it reads: name another --out, such as --out dist';
const refusal = (out: string, why: string) => `podium: ${out}: cannot write (${why}); ${HINT}; nothing was written`;

const overlaps = suite('refuseOut(): an output folder that overlaps the input');

overlaps('refuses the input folder itself, a history folder, a data file, and folders inside them', () =>
  inScratch(async (dir) => {
    project(dir);
    await assertRefused(dir, ['contests', '--out', 'contests'], refusal('contests', 'it is the input contests'));
    await assertRefused(
      dir,
      ['contests', '--out', 'contests/summer'],
      refusal('contests/summer', 'it is the input contests/summer/'),
    );
    await assertRefused(
      dir,
      ['contests/summer.json', '--out', 'contests/summer/2027-06-25'],
      refusal('contests/summer/2027-06-25', 'it lies inside the input contests/summer/'),
    );
    await assertRefused(
      dir,
      ['contests/autumn.json', '--out', 'contests/autumn-users.csv'],
      refusal('contests/autumn-users.csv', 'it is the input contests/autumn-users.csv'),
    );
    await assertRefused(
      dir,
      ['contests', '--out', 'contests/dist'],
      refusal('contests/dist', 'it lies inside the input contests'),
    );
  }),
);

overlaps('refuses a folder that holds the input: its contest file, its data file, the project', () =>
  inScratch(async (dir) => {
    project(dir);
    await assertRefused(
      dir,
      ['contests/example.json', '--out', 'contests'],
      refusal('contests', 'it holds the input contests/example.json'),
    );
    await assertRefused(dir, ['contests', '--out', '.'], refusal('.', 'it holds the input contests'));
    // The contest on standard input, its CSV file named from the folder podium runs in.
    const contest = JSON.parse(readFileSync(join(dir, 'contests/autumn.json'), 'utf8')) as Record<string, unknown>;
    const stdin = JSON.stringify({ ...contest, users: 'contests/autumn-users.csv' });
    await assertRefused(
      dir,
      ['-', '--out', 'contests'],
      refusal('contests', 'it holds the input contests/autumn-users.csv'),
      stdin,
    );
  }),
);

overlaps('sees through links, and compares names as the file system does', () =>
  inScratch(async (dir) => {
    project(dir);
    symlinkSync('contests/summer', join(dir, 'history'));
    await assertRefused(dir, ['contests', '--out', 'history'], refusal('history', 'it is the input contests/summer/'));
    await assertRefused(
      dir,
      ['contests', '--out', 'history/new'],
      refusal('history/new', 'it lies inside the input contests/summer/'),
    );
    // CONTESTS is the input folder where the file system ignores case (macOS, Windows), a folder of its own elsewhere.
    const oneFolder = existsSync(join(dir, 'CONTESTS'));
    if (oneFolder)
      await assertRefused(dir, ['contests', '--out', 'CONTESTS'], refusal('CONTESTS', 'it is the input contests'));
    else assert.is((await podium(['build', 'contests', '--out', 'CONTESTS', '-q'], { cwd: dir })).status, 0);
  }),
);

overlaps('refuses the root of the file system, for any input', () =>
  inScratch(async (dir) => {
    // What a build into / would make (as root it could): removed again if a broken build made them.
    const made = ['/index.html', '/.podium'].filter((path) => !existsSync(path));
    const contest = readFileSync(join(FIXTURES, 'valid.json'), 'utf8');
    const line =
      'podium: /: cannot write (it is the root of the file system); name a folder of its own, such as --out dist; nothing was written';
    mkdirSync(join(dir, 'work'));
    symlinkSync('/', join(dir, 'root')); // outside the folder compared: a listing would follow it
    try {
      await assertRefused(join(dir, 'work'), ['-', '--out', '/'], line, contest);
      const link = line.replace('podium: /', 'podium: ../root');
      await assertRefused(join(dir, 'work'), ['-', '--out', '../root'], link, contest);
      assert.equal(made.filter(existsSync), [], 'nothing written into /');
    } finally {
      for (const path of made) rmSync(path, { recursive: true, force: true });
    }
  }),
);

const others = suite('refuseOut(): an output folder that holds what podium did not write');

others('refuses a folder with files of its own, naming the first few', () =>
  inScratch(async (dir) => {
    project(dir);
    mkdirSync(join(dir, 'site/src'), { recursive: true });
    for (const name of ['notes.txt', 'a.md', 'package.json', 'z.css']) writeFileSync(join(dir, 'site', name), name);
    writeFileSync(join(dir, 'site/src/index.html'), '<!doctype html><title>my own page</title>');
    await assertRefused(
      dir,
      ['contests', '--out', 'site'],
      'podium: site: cannot write (it holds what podium did not write: a.md, notes.txt, package.json and 2 more); podium writes into a new or empty folder, or one it wrote before: name another --out, or move them away; nothing was written',
    );
    rmSync(join(dir, 'site'), { recursive: true });
    mkdirSync(join(dir, 'site/spring'), { recursive: true });
    writeFileSync(join(dir, 'site/spring/index.html'), '<!doctype html><title>my own page</title>');
    await assertRefused(
      dir,
      ['contests', '--out', 'site'],
      /^podium: site: cannot write \(it holds what podium did not write: spring\/index\.html\);/,
    );
  }),
);

others("builds into a new or empty folder, one it built, and beside a web host's files", () =>
  inScratch(async (dir) => {
    project(dir);
    mkdirSync(join(dir, 'empty'));
    for (const out of ['new/site', 'empty']) {
      const run = await podium(['build', 'contests', '--out', out, '-q'], { cwd: dir });
      assert.is(run.status, 0, run.stderr);
    }
    for (const name of ['CNAME', 'robots.txt', '.nojekyll', '.DS_Store']) writeFileSync(join(dir, 'empty', name), name);
    writeFileSync(join(dir, 'empty/summer/.DS_Store'), 'Finder');
    const again = await podium(['build', 'contests', '--out', 'empty', '-q', '--no-hydrate', '--locale', 'en'], {
      cwd: dir,
    });
    assert.is(again.status, 0, again.stderr);
    // Pages podium wrote (any flags) are known by how they begin where the manifest is gone (a copy of the folder).
    rmSync(join(dir, 'empty/.podium'), { recursive: true });
    const copied = await podium(['build', 'contests', '--out', 'empty', '-q'], { cwd: dir });
    assert.is(copied.status, 0, copied.stderr);
    const single = await podium(['build', 'contests/example.json', '--out', 'empty/example', '-q', '--no-hydrate'], {
      cwd: dir,
    });
    assert.is(single.status, 0, single.stderr);
  }),
);

const overview = suite("refuseOut(): one contest's page over a folder's overview");

overview('refuses it in one line that says how, and the way it says works', () =>
  inScratch(async (dir) => {
    project(dir);
    assert.is((await podium(['build', 'contests', '-q'], { cwd: dir })).status, 0);
    await assertRefused(
      dir,
      ['contests/summer.json'],
      'podium: dist: cannot write (its index.html is the overview of the folder contests, which this page would replace); build the folder (podium build contests), or give the page a folder of its own (--out dist/summer); nothing was written',
    );
    const own = await podium(['build', 'contests/summer.json', '--out', 'dist/summer', '-q'], { cwd: dir });
    assert.is(own.status, 0, own.stderr);
    assert.match(readFileSync(join(dir, 'dist/index.html'), 'utf8'), '<a href="summer/index.html"');
    assert.is((await podium(['build', 'contests', '-q'], { cwd: dir })).status, 0, 'and the folder again');
    // A single contest's page that a folder build replaced may come back: only an overview is kept from it.
    rmSync(join(dir, 'dist'), { recursive: true });
    assert.is((await podium(['build', 'contests/summer.json', '-q'], { cwd: dir })).status, 0);
    assert.is((await podium(['build', 'contests/example.json', '-q'], { cwd: dir })).status, 0);
  }),
);

overlaps.run();
others.run();
overview.run();
