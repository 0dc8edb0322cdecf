import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { BIN, PLAIN, podium, type Run } from '../helpers/cli.ts';
import { FIXTURES, inScratch, ROOT } from '../helpers/files.ts';

const init = suite('podium init');

/** Every file below `dir`, relative to it, sorted. */
const treeOf = (dir: string) =>
  (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();

const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
const TARBALL = `vendor/podium-leaderboard-${version}.tgz`;
const FILES = [
  '.github/workflows/contest-pages.yml',
  '.gitignore',
  '.nvmrc',
  'README.md',
  'contest.schema.json',
  'contests/beispiel-vertriebler.xlsx',
  'contests/beispiel.json',
  'package-lock.json',
  'package.json',
  TARBALL,
];
/** As the team README says: the example copied under a new name, its `"draft": true` deleted. */
function copyExample(repo: string, example: string, name: string): void {
  const { draft, ...contest } = JSON.parse(readFileSync(join(repo, `contests/${example}.json`), 'utf8')) as Record<
    string,
    unknown
  >;
  assert.is(draft, true, 'the example is a draft');
  writeFileSync(join(repo, `contests/${name}.json`), JSON.stringify(contest, null, 2));
}

const LISTED = `package.json, package-lock.json, .gitignore, .nvmrc, README.md, contest.schema.json, contests/beispiel.json, contests/beispiel-vertriebler.xlsx, .github/workflows/contest-pages.yml, ${TARBALL}`;

init(
  'writes a contest repository whose example validates, is never published, and is her first contest once copied',
  () =>
    inScratch(async (dir) => {
      const run = await podium(['init', 'my contests'], { cwd: dir });
      assert.is(run.status, 0, run.stderr);
      assert.equal(treeOf(join(dir, 'my contests')), FILES);
      assert.is(
        run.stdout,
        `created my contests/: ${LISTED}\nnext: cd 'my contests' && npm install && npm run build\n`,
      );
      assert.equal(readdirSync(dir), ['my contests'], 'nothing else beside it');
      // The example reads its users from the workbook, and its $schema is a file of the repository.
      const repo = join(dir, 'my contests');
      const contest = JSON.parse(readFileSync(join(repo, 'contests/beispiel.json'), 'utf8')) as { $schema: string };
      assert.equal(
        JSON.parse(readFileSync(join(repo, 'contests', contest.$schema), 'utf8')),
        JSON.parse(readFileSync(join(ROOT, 'contest.schema.json'), 'utf8')),
      );
      const check = await podium(['validate', 'contests', '--strict'], { cwd: repo });
      assert.is(check.stdout, '1 contest checked, 0 invalid, 0 problems\n', check.stderr);
      // A fresh repository publishes nothing fake: no page of the example, and an overview that lists none.
      const site = join(dir, 'site');
      const first = await podium(['build', 'contests', '--out', site], { cwd: repo });
      assert.is(first.status, 0, first.stderr);
      assert.not.ok(existsSync(join(site, 'beispiel')), 'no page of the example');
      assert.not.match(readFileSync(join(site, 'index.html'), 'utf8'), /beispiel|Lissabon/);
      copyExample(repo, 'beispiel', 'fruehjahr-2027');
      const build = await podium(['build', 'contests', '--out', site], { cwd: repo });
      assert.is(build.status, 0, build.stderr);
      assert.not.ok(existsSync(join(site, 'beispiel')), 'still no page of the example');
      assert.match(readFileSync(join(site, 'index.html'), 'utf8'), 'fruehjahr-2027/index.html');
      const page = readFileSync(join(site, 'fruehjahr-2027/index.html'), 'utf8');
      assert.match(page, 'Sabine Hoffmann');
      assert.match(page, '412.850,50');
    }),
);

init('three Mondays: one edit of the contest file in the first week, none after, and --strict passes', () =>
  inScratch(async (dir) => {
    assert.is((await podium(['init', 'site'], { cwd: dir })).status, 0);
    const repo = join(dir, 'site');
    const file = join(repo, 'contests/beispiel.json');
    // Each week's export hides a row (Max Muster left) and ends in a "Gesamt" row; Sandra Lange is Sandra
    // Lange-Meier from 2027-03-29 on. Written by XlsxWriter and saved by LibreOffice (test/fixtures/real/renames).
    const monday = async (...dates: string[]) => {
      for (const date of dates)
        copyFileSync(join(FIXTURES, `real/renames/${date}.xlsx`), join(repo, `contests/beispiel/${date}.xlsx`));
      const run = await podium(['validate', 'contests', '--strict'], { cwd: repo });
      const changes = run.stdout.split('\n').find((line) => line.startsWith('contests/beispiel.json'));
      return { status: run.status, warned: /warning|\d: users/.test(run.stdout + run.stderr), changes };
    };
    // Week 1: the exports go into a folder, and the contest file says so, once.
    mkdirSync(join(repo, 'contests/beispiel'));
    const contest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const edited = JSON.stringify({
      ...contest,
      users: 'beispiel/',
      acknowledged: ['hidden rows'],
      renamed: { 'Sandra Lange': 'Sandra Lange-Meier' },
    });
    writeFileSync(file, edited);
    assert.equal(await monday('2027-03-22', '2027-03-29'), {
      status: 0,
      warned: false,
      changes: 'contests/beispiel.json  29.03.2027 gegenüber 22.03.2027: niemand neu, nicht mehr dabei oder bewegt',
    });
    // Weeks 2 and 3: only the new export.
    assert.equal(await monday('2027-04-05'), {
      status: 0,
      warned: false,
      changes: 'contests/beispiel.json  05.04.2027 gegenüber 29.03.2027: größter Sprung Sandra Lange-Meier +1',
    });
    const third = await monday('2027-04-12');
    assert.equal([third.status, third.warned], [0, false]);
    assert.is(readFileSync(file, 'utf8'), edited, 'no edit after the first week');
  }),
);

init('--locale en writes the English example, and an empty folder is filled', () =>
  inScratch(async (dir) => {
    const run = await podium(['init', '--locale', 'en'], { cwd: dir });
    assert.is(run.status, 0, run.stderr);
    assert.is(run.stdout.split('\n')[1], 'next: npm install && npm run build');
    assert.ok(treeOf(dir).includes('contests/example-salespeople.xlsx'));
    copyExample(dir, 'example', 'spring-2027');
    const build = await podium(['build', 'contests/', '--out', 'site', '--locale', 'en'], { cwd: dir });
    assert.is(build.status, 0, build.stderr);
    assert.not.ok(existsSync(join(dir, 'site/example')), 'no page of the example');
    assert.match(readFileSync(join(dir, 'site/spring-2027/index.html'), 'utf8'), 'Spring 2027 sales contest');
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

init('makes the folders on the way to a new one', () =>
  inScratch(async (dir) => {
    const run = await podium(['init', 'teams/sales/site'], { cwd: dir });
    assert.is(run.status, 0, run.stderr);
    assert.equal(treeOf(join(dir, 'teams/sales/site')), FILES);
    assert.equal(readdirSync(join(dir, 'teams/sales')), ['site']);
  }),
);

init('an empty folder other than the one it runs in is replaced whole, keeping its permissions', () =>
  inScratch(async (dir) => {
    mkdirSync(join(dir, 'site'), { mode: 0o750 });
    chmodSync(join(dir, 'site'), 0o750);
    const run = await podium(['init', 'site'], { cwd: dir });
    assert.is(run.status, 0, run.stderr);
    assert.equal(treeOf(join(dir, 'site')), FILES);
    assert.is(spawnSync('stat', ['-c', '%a', join(dir, 'site')], { encoding: 'utf8' }).stdout, '750\n');
  }),
);

const leftovers = suite('podium init: killed, interrupted, refused halfway');

const FAULT = join(ROOT, 'test/init/fault.cjs');
const AS_ROOT = process.getuid?.() === 0;

/**
 * Runs the bin's init as a real process with test/init/fault.cjs preloaded: `fault` says at which change to the file
 * system it is killed or a folder made read-only. `unprivileged`: as root, without root's power over file modes.
 */
function initWith(cwd: string, args: string[], fault: Record<string, string>, unprivileged = false): Run {
  const command = [process.execPath, '--require', FAULT, BIN, 'init', ...args];
  if (unprivileged && AS_ROOT) command.unshift('setpriv', '--bounding-set=-dac_override,-dac_read_search');
  const run = spawnSync(command[0]!, command.slice(1), { cwd, encoding: 'utf8', env: { ...PLAIN, ...fault } });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr, signal: run.signal };
}

/** The changes to the file system an init makes, in order: `<n> <call> <path>`, with the pid as `<pid>`. */
function callsOf(cwd: string, args: string[]): string[] {
  const log = join(cwd, '..', 'calls.log');
  rmSync(log, { force: true });
  assert.is(initWith(cwd, args, { PODIUM_FAULT_LOG: log }).status, 0);
  return readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.replace(/podium-init-\d+/, 'podium-init-<pid>'));
}

/** The calls to kill at: the first, one amid the writes, and from the first move on every one. */
function killPoints(calls: string[]): number[] {
  const firstMove = calls.findIndex((call) => / (renameSync|linkSync) /.test(call));
  const moves = Array.from(calls.keys()).filter((i) => i >= firstMove - 1);
  const points = new Set([1, Math.ceil(firstMove / 2), ...moves.map((i) => i + 1)]);
  return [...points].sort((a, b) => a - b);
}

leftovers(
  'killed at any change into a new or an empty folder: it stays so, or is whole; the next init clears its stage',
  () =>
    inScratch(async (dir) => {
      mkdirSync(join(dir, 'probe'));
      const calls = callsOf(join(dir, 'probe'), ['site']);
      assert.match(calls.at(-1)!, / renameSync .*\/\.site\.podium-init-<pid>$/, 'one rename puts it in place');
      for (const empty of [false, true])
        for (const at of killPoints(calls)) {
          const parent = join(dir, `kill-${at}-${empty}`);
          mkdirSync(parent);
          if (empty) mkdirSync(join(parent, 'site'));
          const run = initWith(parent, ['site'], { PODIUM_FAULT: 'kill', PODIUM_FAULT_AT: String(at) });
          assert.is(run.signal, 'SIGKILL', `killed at change ${at}`);
          const left = readdirSync(parent);
          assert.ok(
            left.every((entry) => entry === 'site' || /^\.site\.podium-init-\d+$/.test(entry)),
            left.join(),
          );
          if (left.includes('site')) assert.equal(treeOf(join(parent, 'site')), [], `killed at change ${at}`);
          const again = await podium(['init', 'site'], { cwd: parent });
          assert.is(again.status, 0, again.stderr);
          assert.equal(readdirSync(parent), ['site'], `after a kill at change ${at}, the next init leaves no stage`);
          assert.equal(treeOf(join(parent, 'site')), FILES);
        }
    }),
);

leftovers('killed while filling the folder it runs in: the next init clears what was moved in and finishes', () =>
  inScratch(async (dir) => {
    mkdirSync(join(dir, 'probe'));
    const calls = callsOf(join(dir, 'probe'), []);
    assert.ok(
      calls.some((call) => / linkSync .*\/\.podium-init-<pid>\//.test(call)),
      'filled from a stage inside',
    );
    let halfway = 0;
    for (const at of killPoints(calls)) {
      const target = join(dir, `kill-${at}`);
      mkdirSync(target);
      const run = initWith(target, [], { PODIUM_FAULT: 'kill', PODIUM_FAULT_AT: String(at) });
      assert.is(run.signal, 'SIGKILL', `killed at change ${at}`);
      const left = readdirSync(target);
      if (left.some((entry) => !entry.startsWith('.podium-init-'))) halfway += 1;
      const again = await podium(['init'], { cwd: target });
      assert.is(again.status, 0, `after a kill at change ${at}: ${again.stderr}`);
      assert.equal(treeOf(target), FILES, `after a kill at change ${at}, the next init finishes the job`);
    }
    assert.ok(halfway >= 5, `${halfway} kills left part of the repository moved in`);
  }),
);

leftovers('an init still running is not disturbed: its stage refuses the folder', () =>
  inScratch(async (dir) => {
    const other = spawn('sleep', ['30']);
    try {
      mkdirSync(join(dir, `.podium-init-${other.pid}`));
      writeFileSync(join(dir, 'package.json'), '{}');
      const run = await podium(['init'], { cwd: dir });
      assert.is(run.status, 1);
      assert.is(
        run.stderr,
        `podium: .: another podium init is writing into it (pid ${other.pid}); nothing was written\n`,
      );
      assert.equal(readdirSync(dir).sort(), [`.podium-init-${other.pid}`, 'package.json']);
    } finally {
      other.kill();
    }
  }),
);

leftovers("a dead init's stage beside a file that is not the repository's: refused, and nothing removed", () =>
  inScratch(async (dir) => {
    mkdirSync(join(dir, '.podium-init-999999999'));
    writeFileSync(join(dir, 'README.md'), 'x');
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    const run = await podium(['init'], { cwd: dir });
    assert.is(run.status, 1);
    assert.match(run.stderr, 'the folder is not empty (it holds .podium-init-999999999, README.md, notes.txt)');
    assert.equal(readdirSync(dir).sort(), ['.podium-init-999999999', 'README.md', 'notes.txt']);
  }),
);

/** Whether a folder made read-only refuses this test's unprivileged process a write; else says why it cannot test. */
function canRefuse(dir: string): boolean {
  const probe = join(dir, 'refusing');
  mkdirSync(probe, { mode: 0o555 });
  chmodSync(probe, 0o555);
  const command = ['touch', join(probe, 'x')];
  if (AS_ROOT) command.unshift('setpriv', '--bounding-set=-dac_override,-dac_read_search');
  const refused = spawnSync(command[0]!, command.slice(1)).status !== 0;
  chmodSync(probe, 0o755);
  if (!refused)
    process.stderr.write(`\n!! SKIPPED: podium init in a folder made read-only: this machine ignores modes\n\n`);
  return refused;
}

leftovers(
  'a folder made read-only halfway: one line, no stack; its own stage removed, or named and cleared later',
  () =>
    inScratch(async (dir) => {
      if (!canRefuse(dir)) return;
      const calls = callsOf(join(dir, 'refusing'), ['site']);
      const unprivileged = (parent: string, at: number, path: string) =>
        initWith(
          parent,
          ['site'],
          { PODIUM_FAULT: 'readonly', PODIUM_FAULT_AT: String(at), PODIUM_FAULT_PATH: path },
          true,
        );

      // A folder of its stage: made writable again, and removed.
      const inStage = join(dir, 'in-stage');
      mkdirSync(inStage);
      const contests = calls.findIndex((call) => call.endsWith('/contests/beispiel.json')) + 1;
      const stage = join(inStage, '.site.podium-init-<pid>/contests');
      const refused = unprivileged(inStage, contests, stage);
      assert.is(refused.stderr, 'podium: site: cannot write (permission denied); nothing was written\n');
      assert.is(refused.status, 1);
      assert.equal(readdirSync(inStage), [], 'no stage left');

      // The folder it writes into, before the rename: the stage cannot be removed, is named, and cleared next time.
      const parent = join(dir, 'parent');
      mkdirSync(parent);
      const rename = calls.findIndex((call) => / renameSync /.test(call)) + 1;
      const stuck = unprivileged(parent, rename, parent);
      chmodSync(parent, 0o755);
      const [left] = readdirSync(parent);
      assert.match(left ?? '', /^\.site\.podium-init-\d+$/);
      assert.is(
        stuck.stderr,
        `podium: site: cannot write (permission denied); left behind: ${join(parent, left!)}; podium init removes it once it can\n`,
      );
      const again = await podium(['init', 'site'], { cwd: parent });
      assert.is(again.status, 0, again.stderr);
      assert.equal(readdirSync(parent), ['site']);
      assert.equal(treeOf(join(parent, 'site')), FILES);

      // The folder it runs in, filled from inside, amid the moves: what was moved in is named; the next init finishes.
      mkdirSync(join(dir, 'probe-inside'));
      const moves = callsOf(join(dir, 'probe-inside'), []);
      const link = moves.findIndex((call) => / linkSync .*README\.md$/.test(call)) + 1;
      const inside = join(dir, 'inside');
      mkdirSync(inside);
      const fault = { PODIUM_FAULT: 'readonly', PODIUM_FAULT_AT: String(link), PODIUM_FAULT_PATH: inside };
      const halfway = initWith(inside, [], fault, true);
      chmodSync(inside, 0o755);
      assert.is(halfway.status, 1);
      assert.match(
        halfway.stderr,
        /^podium: \.: cannot write \(permission denied\); left behind: [^\n]*\.github[^\n]*; podium init removes them once it can\n$/,
      );
      const finished = await podium(['init'], { cwd: inside });
      assert.is(finished.status, 0, finished.stderr);
      assert.equal(treeOf(inside), FILES);

      // An empty folder whose parent it may not write cannot be replaced: it is filled from inside.
      const locked = join(dir, 'locked');
      mkdirSync(join(locked, 'site'), { recursive: true });
      chmodSync(locked, 0o555);
      const filled = initWith(locked, ['site'], {}, true);
      chmodSync(locked, 0o755);
      assert.is(filled.status, 0, filled.stderr);
      assert.equal(treeOf(join(locked, 'site')), FILES);
    }),
);

init.run();
leftovers.run();
