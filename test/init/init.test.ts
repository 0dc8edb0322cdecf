import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { podium } from '../helpers/cli.ts';
import { inScratch } from '../helpers/files.ts';

const init = suite('podium init');

/** Every file below `dir`, relative to it, sorted. */
const treeOf = (dir: string) =>
  (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();

const FILES = [
  '.github/workflows/contest-pages.yml',
  '.gitignore',
  'README.md',
  'contests/beispiel-vertriebler.xlsx',
  'contests/beispiel.json',
  'package.json',
];

init('writes a contest repository whose example validates and bakes, and says what to do next', () =>
  inScratch(async (dir) => {
    const run = await podium(['init', 'my contests'], { cwd: dir });
    assert.is(run.status, 0, run.stderr);
    assert.equal(treeOf(join(dir, 'my contests')), FILES);
    assert.is(
      run.stdout,
      `created my contests/: package.json, .gitignore, README.md, contests/beispiel.json, contests/beispiel-vertriebler.xlsx, .github/workflows/contest-pages.yml\nnext: cd 'my contests' && npm install && npm run build\n`,
    );
    assert.equal(readdirSync(dir), ['my contests'], 'nothing else beside it');
    // The example reads its users from the workbook (the schema's path resolves once podium-leaderboard is installed).
    const contests = join(dir, 'my contests/contests');
    const check = await podium(['validate', contests, '--strict'], { cwd: join(dir, 'my contests') });
    assert.is(check.stdout, '1 contest checked, 0 invalid, 0 problems\n', check.stderr);
    const build = await podium(['build', contests, '--out', join(dir, 'site')], { cwd: join(dir, 'my contests') });
    assert.is(build.status, 0, build.stderr);
    const page = readFileSync(join(dir, 'site/beispiel/index.html'), 'utf8');
    assert.match(page, 'Sabine Hoffmann');
    assert.match(page, '412.850,50');
  }),
);

init('--locale en writes the English example, and an empty folder is filled', () =>
  inScratch(async (dir) => {
    const run = await podium(['init', '--locale', 'en'], { cwd: dir });
    assert.is(run.status, 0, run.stderr);
    assert.is(run.stdout.split('\n')[1], 'next: npm install && npm run build');
    assert.ok(treeOf(dir).includes('contests/example-salespeople.xlsx'));
    const build = await podium(['build', 'contests/', '--out', 'site', '--locale', 'en'], { cwd: dir });
    assert.is(build.status, 0, build.stderr);
    assert.match(readFileSync(join(dir, 'site/example/index.html'), 'utf8'), 'Spring 2027 sales contest');
  }),
);

init('refuses a folder that holds anything, naming what it holds, and writes nothing', () =>
  inScratch(async (dir) => {
    for (const name of ['README.md', '.git', 'LICENSE', 'notes.txt']) writeFileSync(join(dir, name), 'x');
    const run = await podium(['init'], { cwd: dir });
    assert.is(run.status, 1);
    assert.is(
      run.stderr,
      'podium: .: the folder is not empty (it holds .git, LICENSE, README.md and 1 more); podium init writes a new contest repository into an empty folder only: name a new folder, e.g. podium init contests-site; nothing was written\n',
    );
    assert.equal(readdirSync(dir).sort(), ['.git', 'LICENSE', 'README.md', 'notes.txt']);
    const file = await podium(['init', 'notes.txt'], { cwd: dir });
    assert.is(file.stderr, 'podium: notes.txt: not a folder; name a folder to create; nothing was written\n');
  }),
);

init('a folder it cannot create is said in words, and nothing is left behind', () =>
  inScratch(async (dir) => {
    mkdirSync(join(dir, 'in'));
    writeFileSync(join(dir, 'in/file'), 'x');
    const run = await podium(['init', 'in/file/site'], { cwd: dir });
    assert.is(run.status, 1);
    assert.match(run.stderr, /^podium: in\/file\/site: cannot (read|write) \(.+\); nothing was written\n$/);
    assert.equal(treeOf(dir), ['in/file']);
  }),
);

init.run();
