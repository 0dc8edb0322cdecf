// The fault suite: real builds of a folder of 1,000 contests, really killed, interrupted and locked out, a rename
// really refused (chattr +i) and a disk really full (a 2 MB tmpfs). As root, as CI runs it; where the machine
// does not allow a fault, its test is skipped with a loud line, and PODIUM_REQUIRE_FAULTS=1 makes that a failure.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  statfsSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { generate } from '../../bench/generate.js';
import { tryTo } from '../../src/errors.ts';
import { BIN, PLAIN, spawnPodium as podium } from '../helpers/cli.ts';
import { ROOT, scratch } from '../helpers/files.ts';

const COUNT = 1000;
const NAMES = Array.from({ length: COUNT }, (_, i) => `c${String(i).padStart(4, '0')}`);
const AS_ROOT = process.getuid?.() === 0;
const { dir, remove } = scratch();
process.on('exit', remove);
const contests = join(dir, 'contests');
const out = join(dir, 'dist');

/** The --updated-at of a build's version; its page says `Stand: 01.<month>.2027`. */
const stampOf = (month: number) => `2027-${String(month).padStart(2, '0')}-01T12:00:00+01:00`;
const argsOf = (input: string, target: string, month: number) => [
  BIN,
  'build',
  input,
  '--out',
  target,
  '--quiet',
  '--updated-at',
  stampOf(month),
];

type Ended = { code: number | null; signal: NodeJS.Signals | null; stderr: string; at: number };
type Running = { pid: number; kill: (signal: NodeJS.Signals) => void; ended: () => boolean; done: Promise<Ended> };

function start(input: string, target: string, month: number): Running {
  const child = spawn(process.execPath, argsOf(input, target, month), {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: PLAIN,
  });
  let stderr = '';
  let at = 0;
  child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
  child.on('exit', () => (at = Date.now()));
  // 'close' comes once standard error is read to its end.
  const done = new Promise<Ended>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stderr, at })),
  );
  return { pid: child.pid!, kill: (signal) => child.kill(signal), ended: () => at > 0, done };
}

/** Waits until `test` holds while the build runs; false when the build ended first. */
async function until(build: Running, test: () => boolean): Promise<boolean> {
  while (!build.ended()) {
    if (test()) return true;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  return false;
}
/** This build holds the folder's lock and has staged at least `count` pages. */
const staging =
  (build: Running, folder: string, count = 200) =>
  () =>
    tryTo(
      () =>
        (JSON.parse(readFileSync(join(folder, '.podium/lock'), 'utf8')) as { pid: number }).pid === build.pid &&
        readdirSync(join(folder, '.podium/work')).length >= count,
    ) === true;

/** Each page's version (the month of its Stand line), or "incomplete" when the file is not a whole page. */
function versionsOf(folder: string): Map<string, string> {
  const versions = new Map<string, string>();
  const head = Buffer.alloc(16_384);
  for (const name of NAMES) {
    const file = join(folder, name, 'index.html');
    const fd = openSync(file, 'r');
    const { size } = statSync(file);
    const tail = Buffer.alloc(8);
    readSync(fd, head, 0, head.length, 0);
    readSync(fd, tail, 0, 8, size - 8);
    closeSync(fd);
    const month = /Stand: 01\.(\d\d)\.2027/.exec(head.toString('latin1'))?.[1];
    versions.set(name, tail.toString() === '</html>\n' && month ? month : 'incomplete');
  }
  return versions;
}
/** Every file and folder below `folder`, each file with its inode and time: equal when nothing was changed. */
const treeOf = (folder: string) =>
  (readdirSync(folder, { recursive: true }) as string[]).sort().map((path) => {
    const info = statSync(join(folder, path));
    return info.isDirectory() ? path : `${path} ${info.ino} ${info.mtimeMs}`;
  });
const countOf = (versions: Map<string, string>) =>
  Object.fromEntries(
    [...new Set(versions.values())].map((v) => [v, [...versions.values()].filter((x) => x === v).length]),
  );

/**
 * Each page as the file it is: its inode, size and time. Equal after a failed build: the very files that were there.
 */
const filesOf = (folder: string) =>
  NAMES.map((name) => statSync(join(folder, name, 'index.html'))).map(
    ({ ino, size, mtimeMs }) => `${ino}:${size}:${mtimeMs}`,
  );
/** Whatever is in the folder besides the pages, their overview and the manifest. */
const straysIn = (folder: string) =>
  (readdirSync(folder, { recursive: true }) as string[])
    .filter((path) => !/^(index\.html|c\d{4}(\/index\.html)?|\.podium|\.podium\/manifest\.json)$/.test(path))
    .sort();

/** Resolves once the kernel has stopped the build: a signal is delivered some time after kill() returns. */
async function stopped(build: Running): Promise<void> {
  while (!/^\d+ \(.*\) [Tt] /.test(readFileSync(`/proc/${build.pid}/stat`, 'utf8')))
    await new Promise((resolve) => setTimeout(resolve, 1));
}

/** Stops (SIGSTOP) a build while it puts its pages in place: some new, some old. Undefined when it finished first. */
async function pauseInCommit(build: Running, month: string): Promise<Record<string, number> | undefined> {
  const first = statSync(join(out, NAMES[0]!, 'index.html')).ino;
  if (!(await until(build, () => tryTo(() => statSync(join(out, NAMES[0]!, 'index.html')).ino !== first) === true)))
    return undefined;
  build.kill('SIGSTOP');
  await stopped(build);
  const counts = countOf(versionsOf(out));
  if (counts[month] !== COUNT) return counts;
  build.kill('SIGCONT'); // it had put every page in place already: a machine too busy to catch it halfway
  await build.done;
  return undefined;
}

/**
 * Runs a build and stops it halfway through putting its pages in place, trying again (up to three times) when it
 * finished first. `before`: the pages as they were before it.
 */
async function caughtInCommit(
  month: number,
): Promise<{ build: Running; counts: Record<string, number>; before: string[] }> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const before = filesOf(out);
    const build = start(contests, out, month);
    const counts = await pauseInCommit(build, String(month).padStart(2, '0'));
    if (counts) return { build, counts, before };
    assert.is(podium(argsOf(contests, out, month - 1).slice(1)).status, 0, 'back to the old version');
  }
  throw new Error('three builds in a row put all their pages in place before they could be stopped halfway');
}

function rebake(month: number): void {
  const run = podium(argsOf(contests, out, month).slice(1));
  assert.is(run.status, 0, run.stderr);
  assert.is(run.stderr, '', 'a lock left by a killed build is taken over without a word');
  assert.equal(countOf(versionsOf(out)), { [String(month).padStart(2, '0')]: COUNT });
  assert.equal(straysIn(out), [], 'nothing temporary is left');
}

/** A fault this machine cannot make: a loud line, or a failure where the fault suite must run (CI). */
function cannot(what: string, why: string): void {
  const message = `${what} not tested: ${why}`;
  if (process.env.PODIUM_REQUIRE_FAULTS === '1') throw new Error(`PODIUM_REQUIRE_FAULTS=1, but ${message}`);
  process.stderr.write(`\n${'!'.repeat(78)}\n!! FAULT TEST SKIPPED: ${message}\n${'!'.repeat(78)}\n\n`);
}

const kills = suite('a build of 1,000 contests, interrupted');

kills.before(() => {
  mkdirSync(contests);
  for (const [i, name] of NAMES.entries())
    writeFileSync(join(contests, `${name}.json`), JSON.stringify(generate(10, i + 1)));
  rebake(1);
});

kills(
  'SIGKILL while staging: every page stays as it was; the next build clears what it left and finishes',
  async () => {
    const build = start(contests, out, 2);
    assert.ok(await until(build, staging(build, out)), 'caught while staging');
    build.kill('SIGKILL');
    assert.is((await build.done).signal, 'SIGKILL');
    assert.equal(countOf(versionsOf(out)), { '01': COUNT });
    for (const stray of straysIn(out)) assert.ok(stray.startsWith('.podium/'), `${stray}: only in .podium`);
    assert.ok(existsSync(join(out, '.podium/lock')), 'the killed build left its lock, to be taken over');
    rebake(3);
  },
);

kills(
  'SIGKILL while the pages are put in place: every page is whole, old or new; the next build finishes',
  async () => {
    const { build, counts } = await caughtInCommit(4);
    build.kill('SIGKILL');
    assert.is((await build.done).signal, 'SIGKILL');
    const after = countOf(versionsOf(out));
    assert.equal(after, counts, 'no page incomplete, each old (03) or new (04)');
    assert.ok(after['03'] && after['04'], `killed halfway: ${JSON.stringify(after)}`);
    for (const stray of straysIn(out)) assert.ok(stray.startsWith('.podium/'), `${stray}: only in .podium`);
    rebake(5);
  },
);

for (const [signal, code] of [
  ['SIGTERM', 143],
  ['SIGINT', 130],
] as const) {
  kills(
    `${signal} while staging: stops within a second, exits ${code}, every page the file it was, nothing temporary left`,
    async () => {
      const before = filesOf(out);
      const build = start(contests, out, 6);
      assert.ok(await until(build, staging(build, out)), 'caught while staging');
      const sent = Date.now();
      build.kill(signal);
      const end = await build.done;
      assert.equal([end.code, end.stderr], [code, `podium: stopped by ${signal}; nothing was written\n`]);
      assert.ok(end.at - sent < 1000, `stopped after ${end.at - sent} ms`);
      assert.equal(filesOf(out), before);
      assert.equal(straysIn(out), []);
    },
  );

  kills(
    `${signal} while the pages are put in place: puts back every page replaced, exits ${code} within a second`,
    async () => {
      const { build, counts, before } = await caughtInCommit(6);
      build.kill(signal);
      const sent = Date.now();
      build.kill('SIGCONT');
      const end = await build.done;
      assert.is(end.code, code);
      const [, undone] =
        /^podium: stopped by SIG[A-Z]+; the (\d+) pages already written were put back as before\n$/.exec(end.stderr) ??
        [];
      assert.ok(
        Number(undone) >= (counts['06'] ?? 0),
        `${end.stderr}: at least the ${counts['06']} pages seen replaced`,
      );
      assert.ok(end.at - sent < 1000, `stopped after ${end.at - sent} ms`);
      assert.equal(filesOf(out), before, 'all old: the very files that were there');
      assert.equal(straysIn(out), []);
    },
  );
}

const together = suite('two builds into one folder');

together('the second stops at once and writes nothing; the first finishes', async () => {
  const first = start(contests, out, 7);
  assert.ok(await until(first, staging(first, out, 1)), 'the first build holds the folder');
  const example = podium(['build', 'contests/example.json', '--out', out], { cwd: ROOT });
  const folder = podium(['build', join(ROOT, 'contests'), '--out', out]);
  assert.equal(
    [folder.status, folder.stdout, folder.stderr],
    [1, '', `podium: ${out} is being written by another podium build (pid ${first.pid})\n`],
  );
  // One contest's page would replace the folder's overview: refused before the lock is even looked at.
  assert.equal([example.status, example.stdout], [2, '']);
  assert.match(example.stderr, `podium: ${out}: cannot write (its index.html is the overview of the folder `);
  const end = await first.done;
  assert.equal([end.code, end.stderr], [0, '']);
  assert.equal(countOf(versionsOf(out)), { '07': COUNT });
  assert.equal(straysIn(out), [], "nothing of the second builds' pages");
});

const refusals = suite('a rename refused, a disk full');

refusals('a page folder made unchangeable: the pages already replaced are put back, and the message says so', () => {
  const input = join(dir, 'five');
  const site = join(dir, 'five-out');
  mkdirSync(input);
  for (let i = 0; i < 5; i += 1) writeFileSync(join(input, `p${i}.json`), JSON.stringify(generate(5, i + 1)));
  assert.is(podium(argsOf(input, site, 1).slice(1)).status, 0);
  const locked = join(site, 'p2');
  // As root, chattr +i (root may write anywhere else); as another user, a folder without write permission.
  const made = AS_ROOT
    ? spawnSync('chattr', ['+i', locked], { encoding: 'utf8' })
    : (chmodSync(locked, 0o555), { status: 0, stderr: '' });
  try {
    if (made.status !== 0 || tryTo(() => (writeFileSync(join(locked, 'probe'), ''), true))) {
      tryTo(() => rmSync(join(locked, 'probe')));
      cannot('a refused rename', `cannot make ${locked} unchangeable here (${made.stderr.trim() || 'still writable'})`);
      return;
    }
    const before = treeOf(site);
    const run = podium(argsOf(input, site, 2).slice(1));
    assert.is(run.status, 1);
    assert.is(
      run.stderr,
      `podium: ${join(locked, 'index.html')}: cannot write (${AS_ROOT ? 'not permitted' : 'permission denied'}); the 2 pages already written were put back as before\n`,
    );
    assert.equal(treeOf(site), before, 'every file as it was, nothing temporary left');
  } finally {
    if (AS_ROOT) spawnSync('chattr', ['-i', locked]);
    else chmodSync(locked, 0o755);
  }
});

/**
 * Runs `work` on a disk of `mb` MB of its own (a tmpfs at `name` in the scratch folder), unmounted however it ends;
 * where none can be mounted, says so loudly (cannot) and skips it.
 */
async function onDisk(name: string, mb: number, what: string, work: (disk: string) => unknown): Promise<void> {
  const disk = join(dir, name);
  mkdirSync(disk);
  const mounted = AS_ROOT
    ? spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${mb}m`, 'tmpfs', disk], { encoding: 'utf8' })
    : undefined;
  if (mounted?.status !== 0) {
    cannot(what, mounted ? `mount -t tmpfs failed: ${mounted.stderr.trim()}` : `mounting a ${mb} MB tmpfs needs root`);
    return;
  }
  try {
    await work(disk);
  } finally {
    if (spawnSync('umount', [disk]).status !== 0) spawnSync('umount', ['-l', disk]);
  }
}

refusals('a full disk, and a read-only one: the build says so and leaves everything that was there', () =>
  onDisk('disk', 2, 'a full disk', async (disk) => {
    // 20 contests of 100 users: 4.7 MB of pages on a 2 MB disk.
    const big = join(dir, 'big');
    mkdirSync(big);
    for (let i = 0; i < 20; i += 1) writeFileSync(join(big, `b${i}.json`), JSON.stringify(generate(100, i + 1)));
    const site = join(disk, 'site');
    mkdirSync(site);
    writeFileSync(join(site, 'CNAME'), 'contests.example.com\n');
    assert.is(podium(['build', 'contests/example.json', '--out', site], { cwd: ROOT }).status, 0);
    const before = treeOf(site);
    const full = podium(argsOf(big, site, 1).slice(1));
    assert.is(full.status, 1);
    assert.match(
      full.stderr,
      new RegExp(
        `^podium: ${site.replace(/[^\w/]/g, '\\$&')}/b\\d+/index\\.html: cannot write \\(disk full\\); nothing was written\n$`,
      ),
    );
    assert.equal(treeOf(site), before, 'the CNAME, the page and the manifest as they were; nothing temporary left');

    // A fresh folder the failing build makes, into which someone puts a file meanwhile: that file stays, and so does
    // the folder.
    const fresh = join(disk, 'fresh');
    const build = start(big, fresh, 1);
    assert.ok(await until(build, () => existsSync(join(fresh, '.podium/lock'))), 'the build holds the new folder');
    build.kill('SIGSTOP');
    writeFileSync(join(fresh, 'CNAME'), 'another build wrote this\n');
    build.kill('SIGCONT');
    const end = await build.done;
    assert.equal(
      [end.code, /cannot write \(disk full\); nothing was written\n$/.test(end.stderr)],
      [1, true],
      end.stderr,
    );
    assert.equal(readdirSync(fresh), ['CNAME']);

    assert.is(spawnSync('mount', ['-o', 'remount,ro', disk]).status, 0);
    const readOnly = podium(['build', 'contests/example.json', '--out', site], { cwd: ROOT });
    assert.equal(
      [readOnly.status, readOnly.stderr],
      [1, `podium: ${site}: cannot write (read-only file system); nothing was written\n`],
    );
  }),
);

refusals('podium init on a full disk: no file of the new repository is left, into a new folder or an empty one', () =>
  onDisk('init-disk', 1, 'podium init on a full disk', (disk) => {
    mkdirSync(join(disk, 'empty'));
    // The disk all but full: room for a file or two of the repository, not all six.
    const { bavail, bsize } = statfsSync(disk);
    writeFileSync(join(disk, 'filler'), Buffer.alloc(Math.max(0, bavail * bsize - 8192)));
    const before = treeOf(disk);
    for (const target of ['new', 'empty']) {
      const run = podium(['init', join(disk, target)]);
      assert.equal(
        [run.status, run.stderr],
        [1, `podium: ${join(disk, target)}: cannot write (disk full); nothing was written\n`],
      );
      assert.equal(treeOf(disk), before, `${target}: nothing of the repository, nothing temporary`);
    }
  }),
);

kills.run();
together.run();
refusals.run();
