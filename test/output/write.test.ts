import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Interrupted, toFailureLine, UserError } from '../../src/errors.ts';
import { write, type Output, type WriteOptions } from '../../src/output/write.ts';
import { inScratch } from '../helpers/files.ts';

const writes = suite('write()');

/** The error a write fails with; undefined when it succeeds. */
const failureOf = (outputs: Iterable<Output>, options: WriteOptions): Promise<unknown> =>
  write(outputs, options).then(
    () => undefined,
    (error: unknown) => error,
  );
/** Every file and folder below `dir`, relative to it, sorted: what a user would find there. */
const treeOf = (dir: string): string[] => (readdirSync(dir, { recursive: true }) as string[]).sort();
const pagesOf = (out: string, names: readonly string[], text: (name: string) => string) =>
  names.map((name) => ({ path: join(out, name, 'index.html'), html: Buffer.from(text(name)) }));

writes('writes every file, creating folders, replaces existing ones, and keeps nothing temporary', () =>
  inScratch(async (dir) => {
    writeFileSync(join(dir, 'index.html'), 'old');
    const { written, removed } = await write(
      [
        { path: join(dir, 'index.html'), html: Buffer.from('new'), label: 'root' },
        { path: join(dir, 'a/b/index.html'), html: Buffer.from('déep'), label: 'deep' },
      ],
      { out: dir, source: 'x.json' },
    );
    assert.equal(
      written,
      [
        { path: join(dir, 'index.html'), label: 'root', bytes: 3 },
        { path: join(dir, 'a/b/index.html'), label: 'deep', bytes: 5 },
      ],
      'each output, its content replaced by the bytes written',
    );
    assert.equal(removed, []);
    assert.is(readFileSync(join(dir, 'index.html'), 'utf8'), 'new');
    assert.is(readFileSync(join(dir, 'a/b/index.html'), 'utf8'), 'déep');
    assert.equal(
      treeOf(dir),
      ['.podium', '.podium/manifest.json', 'a', 'a/b', 'a/b/index.html', 'index.html'],
      'no temporary file, no lock',
    );
  }),
);

writes('puts back the pages already replaced when a later one cannot be put in place, and says so', () =>
  inScratch(async (dir) => {
    for (const name of ['a', 'b']) {
      mkdirSync(join(dir, name));
      writeFileSync(join(dir, name, 'index.html'), `old ${name}`);
    }
    mkdirSync(join(dir, 'c/index.html'), { recursive: true }); // a folder where page c goes
    const before = treeOf(dir);
    const error = await failureOf(
      pagesOf(dir, ['a', 'new', 'b', 'c'], (name) => `new ${name}`),
      { out: dir, source: 'in' },
    );
    assert.instance(error, UserError);
    assert.is(
      (error as Error).message,
      `podium: ${join(dir, 'c/index.html')}: cannot write (a folder is in its place); the 3 pages already written were put back as before`,
    );
    assert.is(readFileSync(join(dir, 'a/index.html'), 'utf8'), 'old a');
    assert.is(readFileSync(join(dir, 'b/index.html'), 'utf8'), 'old b');
    assert.equal(treeOf(dir), before, 'the new page and its folder are gone again, and nothing temporary is left');
  }),
);

writes('says "nothing was written" only when no page was put in place', () =>
  inScratch(async (dir) => {
    writeFileSync(join(dir, 'blocker'), '');
    const error = await failureOf(
      [{ path: join(dir, 'blocker/index.html'), html: Buffer.from('x') }, ...pagesOf(dir, ['a'], () => 'a')],
      { out: dir, source: 'in' },
    );
    assert.is(
      (error as Error).message,
      `podium: ${join(dir, 'blocker/index.html')}: cannot write (a file is in the way of its folder); nothing was written`,
    );
    assert.equal(treeOf(dir), ['blocker']);
  }),
);

writes('stages many files at once, in order, and leaves no trace when one fails or a render fails', () =>
  inScratch(async (dir) => {
    const names = Array.from({ length: 40 }, (_, i) => `p${String(i).padStart(2, '0')}`);
    const out = join(dir, 'site');
    const pages = names.map((name, i) => ({
      path: join(out, name, 'index.html'),
      html: Buffer.concat([Buffer.from(`page ${i}`), Buffer.alloc(i * 1000, 120)]),
    }));
    const { written } = await write(pages, { out, source: 'in' });
    assert.equal(
      written.map(({ bytes }) => bytes),
      pages.map((_, i) => `page ${i}`.length + i * 1000),
    );
    pages.forEach(({ path }, i) => assert.is(readFileSync(path, 'utf8').slice(0, `page ${i}`.length), `page ${i}`));

    const second = join(dir, 'second');
    mkdirSync(second);
    writeFileSync(join(second, 'p25'), ''); // a file where page 25's folder goes
    const error = await failureOf(
      pages.map((page, i) => ({ ...page, path: join(second, names[i]!, 'index.html') })),
      { out: second, source: 'in' },
    );
    assert.match(
      (error as Error).message,
      `${join(second, 'p25/index.html')}: cannot write (a file is in the way of its folder); the 25 pages already written were put back`,
    );
    assert.equal(treeOf(second), ['p25'], 'the folders made for the other pages are gone again');

    // Pages are produced lazily: rendering one may fail while earlier ones are still being staged.
    const third = join(dir, 'third');
    const rendering = function* () {
      for (const [i, page] of pages.entries()) {
        if (i === 12) throw new Error('render failed');
        yield { ...page, path: join(third, names[i]!, 'index.html') };
      }
    };
    const failed = await failureOf(rendering(), { out: third, source: 'in' });
    assert.instance(failed, Error, 'a failed render must fail the write');
    assert.is((failed as Error).message, 'render failed');
    assert.not.ok(existsSync(third), 'nothing of the pages staged before the failure is left, not even the folder');
  }),
);

writes('lets one write at a time into a folder: a second one fails at once, writing nothing', () =>
  inScratch(async (dir) => {
    let second: unknown;
    function* pages() {
      yield { path: join(dir, 'a/index.html'), html: Buffer.from('first') };
      // While the first write holds the folder:
      second = failureOf(
        pagesOf(dir, ['b'], () => 'second'),
        { out: dir, source: 'other' },
      );
      yield { path: join(dir, 'c/index.html'), html: Buffer.from('first') };
    }
    await write(pages(), { out: dir, source: 'in' });
    const error = await second;
    assert.instance(error, UserError);
    assert.is((error as Error).message, `podium: ${dir} is being written by another podium build (pid ${process.pid})`);
    assert.equal(treeOf(dir), ['.podium', '.podium/manifest.json', 'a', 'a/index.html', 'c', 'c/index.html']);
  }),
);

writes('stops when aborted, while staging or while putting pages in place, and puts every page back', () =>
  inScratch(async (dir) => {
    const names = Array.from({ length: 100 }, (_, i) => `c${i}`);
    await write(
      pagesOf(dir, names, (name) => `old ${name}`),
      { out: dir, source: 'in' },
    );
    const before = treeOf(dir);
    const stop = new AbortController();
    function* staging() {
      for (const [i, page] of pagesOf(dir, names, (name) => `new ${name}`).entries()) {
        if (i === 50) stop.abort(new Interrupted('podium: stopped by SIGINT'));
        yield page;
      }
    }
    const staged = await failureOf(staging(), { out: dir, source: 'in', signal: stop.signal });
    assert.instance(staged, Interrupted);
    assert.is((staged as Error).message, 'podium: stopped by SIGINT; nothing was written');

    // An abort while the pages are put in place: the first ones are in place when the write next looks.
    const late = new AbortController();
    const seen = setInterval(
      () => existsSync(join(dir, '.podium/work/old-0')) && late.abort(new Interrupted('podium: stopped by SIGTERM')),
      0,
    );
    const committing = await failureOf(
      pagesOf(dir, names, (name) => `new ${name}`),
      { out: dir, source: 'in', signal: late.signal },
    );
    clearInterval(seen);
    assert.instance(committing, Interrupted);
    assert.match(
      (committing as Error).message,
      /^podium: stopped by SIGTERM; the \d+ pages already written were put back as before$/,
    );
    assert.equal(treeOf(dir), before);
    for (const name of names) assert.is(readFileSync(join(dir, name, 'index.html'), 'utf8'), `old ${name}`);
  }),
);

writes('removes what a killed build left, taking over its lock', () =>
  inScratch(async (dir) => {
    await write(
      pagesOf(dir, ['a'], () => 'old'),
      { out: dir, source: 'in' },
    );
    const gone = Number(
      spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout,
    );
    writeFileSync(join(dir, '.podium/lock'), JSON.stringify({ ...(await lockOf(join(dir, 'elsewhere'))), pid: gone }));
    mkdirSync(join(dir, '.podium/work'));
    writeFileSync(join(dir, '.podium/work/3'), 'half a page');
    writeFileSync(join(dir, '.podium/lock.1f2e'), 'a lock another build was taking over');
    await write(
      pagesOf(dir, ['a'], () => 'new'),
      { out: dir, source: 'in' },
    );
    assert.is(readFileSync(join(dir, 'a/index.html'), 'utf8'), 'new');
    assert.equal(treeOf(dir), [
      '.podium',
      '.podium/manifest.json',
      'a',
      'a/index.html',
      'elsewhere',
      'elsewhere/.podium',
      'elsewhere/.podium/manifest.json',
      'elsewhere/index.html',
    ]);
  }),
);

/** The lock this process writes into `out`, read while a write holds it. */
async function lockOf(out: string): Promise<Record<string, unknown>> {
  let text = '';
  function* pages() {
    text = readFileSync(join(out, '.podium/lock'), 'utf8');
    yield { path: join(out, 'index.html'), html: Buffer.from('x') };
  }
  await write(pages(), { out, source: 'in' });
  return JSON.parse(text) as Record<string, unknown>;
}

writes('refuses a .podium, lock, manifest or staging folder that is not what podium makes, touching nothing', () =>
  inScratch(async (dir) => {
    const out = join(dir, 'out');
    const victim = join(dir, 'victim');
    mkdirSync(out);
    mkdirSync(victim);
    writeFileSync(join(victim, 'README.md'), 'keep me');
    writeFileSync(join(victim, 'contest.json'), '{}');
    const page = pagesOf(out, ['a'], () => 'page');
    const refusal = (path: string, what: string, kind: string) =>
      `podium: ${path}: cannot write (it is ${what}, not the ${kind} podium keeps there); podium writes and removes nothing through it: move it away, then build again; nothing was written`;
    // A link as .podium: before, everything in its target but a manifest was deleted.
    symlinkSync(victim, join(out, '.podium'));
    const linked = await failureOf(page, { out, source: 'in', prune: true });
    assert.is(
      toFailureLine((linked as UserError).failure),
      refusal(join(out, '.podium'), `a symbolic link to ${victim}`, 'folder'),
    );
    assert.equal(treeOf(victim), ['README.md', 'contest.json']);
    assert.equal(readdirSync(out), ['.podium']);
    rmSync(join(out, '.podium'));
    writeFileSync(join(out, '.podium'), 'a file of the same name');
    const file = await failureOf(page, { out, source: 'in' });
    assert.is(toFailureLine((file as UserError).failure), refusal(join(out, '.podium'), 'a file', 'folder'));
    rmSync(join(out, '.podium'));
    for (const [name, make, what, kind] of [
      ['lock', (path: string) => mkdirSync(path), 'a folder', 'file'],
      [
        'lock',
        (path: string) => symlinkSync(join(dir, 'nothing'), path),
        `a symbolic link to ${join(dir, 'nothing')}`,
        'file',
      ],
      [
        'manifest.json',
        (path: string) => symlinkSync(join(victim, 'contest.json'), path),
        `a symbolic link to ${join(victim, 'contest.json')}`,
        'file',
      ],
      ['work', (path: string) => symlinkSync(victim, path), `a symbolic link to ${victim}`, 'folder'],
    ] as const) {
      mkdirSync(join(out, '.podium'));
      make(join(out, '.podium', name));
      const error = await failureOf(page, { out, source: 'in' });
      assert.is(toFailureLine((error as UserError).failure), refusal(join(out, '.podium', name), what, kind), name);
      assert.equal(treeOf(victim), ['README.md', 'contest.json'], name);
      assert.not.ok(existsSync(join(out, 'a')), name);
      rmSync(join(out, '.podium'), { recursive: true });
    }
  }),
);

writes('writes no page through a page folder that is a link, and removes none through one', () =>
  inScratch(async (dir) => {
    const out = join(dir, 'out');
    const victim = join(dir, 'victim');
    mkdirSync(out);
    mkdirSync(victim);
    writeFileSync(join(victim, 'index.html'), 'not a page');
    symlinkSync(victim, join(out, 'b'));
    const error = await failureOf(
      pagesOf(out, ['a', 'b'], () => 'page'),
      { out, source: 'in', prune: true },
    );
    assert.is(
      toFailureLine((error as UserError).failure),
      `podium: ${join(out, 'b')}: cannot write (it is a symbolic link to ${victim}, not a page folder podium made); podium writes and removes nothing through it: move it away, then build again; nothing was written`,
    );
    assert.is(readFileSync(join(victim, 'index.html'), 'utf8'), 'not a page');
    // A page podium wrote whose folder was replaced by a link since: not removed through it, and said.
    rmSync(join(out, 'b'));
    await write(
      pagesOf(out, ['a', 'b'], () => 'page'),
      { out, source: 'in', prune: true },
    );
    rmSync(join(out, 'b'), { recursive: true });
    writeFileSync(join(victim, 'index.html'), 'page');
    symlinkSync(victim, join(out, 'b'));
    const stale = await failureOf(
      pagesOf(out, ['a'], () => 'page 2'),
      { out, source: 'in', prune: true },
    );
    assert.match(
      toFailureLine((stale as UserError).failure),
      `podium: ${join(out, 'b')}: cannot write (it is a symbolic link`,
    );
    assert.match(toFailureLine((stale as UserError).failure), /the page already written was put back as before$/);
    assert.is(readFileSync(join(victim, 'index.html'), 'utf8'), 'page');
    assert.is(readFileSync(join(out, 'a/index.html'), 'utf8'), 'page');
  }),
);

const prunes = suite('write() with prune');

prunes('removes the pages its input wrote before and writes no more, and nothing else', () =>
  inScratch(async (dir) => {
    await write(
      pagesOf(dir, ['a', 'b', 'c', 'd'], (name) => `page ${name}`),
      { out: dir, source: '../contests', prune: true },
    );
    await write(
      pagesOf(dir, ['x'], () => 'page x'),
      { out: dir, source: '../more', prune: true },
    );
    writeFileSync(join(dir, 'CNAME'), 'contests.example.com');
    writeFileSync(join(dir, 'b/logo.png'), 'a file a user put beside page b');
    writeFileSync(join(dir, 'c/index.html'), 'a page a user changed');
    rmSync(join(dir, 'd'), { recursive: true });
    writeFileSync(join(dir, 'd'), "a file a user put where page d's folder was");
    const { removed } = await write(
      pagesOf(dir, ['a'], () => 'page a'),
      { out: dir, source: '../contests', prune: true },
    );
    assert.equal(removed, [join(dir, 'b/index.html')]);
    assert.equal(treeOf(dir), [
      '.podium',
      '.podium/manifest.json',
      'CNAME',
      'a',
      'a/index.html',
      'b',
      'b/logo.png',
      'c',
      'c/index.html',
      'd',
      'x',
      'x/index.html',
    ]);
    // Without prune (a single file's build), nothing is removed.
    const single = await write([{ path: join(dir, 'index.html'), html: Buffer.from('one') }], {
      out: dir,
      source: '../contests',
    });
    assert.equal(single.removed, []);
  }),
);

prunes('keeps a page whose name changed only in case: on macOS or Windows it is the page just written', () =>
  inScratch(async (dir) => {
    await write(
      pagesOf(dir, ['Spring'], () => 'page'),
      { out: dir, source: 'in', prune: true },
    );
    rmSync(join(dir, 'Spring'), { recursive: true });
    mkdirSync(join(dir, 'spring'));
    symlinkSync('spring', join(dir, 'Spring')); // a file system that ignores case, as far as this build can tell
    const { removed } = await write(
      pagesOf(dir, ['spring'], () => 'page'),
      { out: dir, source: 'in', prune: true },
    );
    assert.equal(removed, []);
    assert.is(readFileSync(join(dir, 'spring/index.html'), 'utf8'), 'page');
  }),
);

prunes('removes a page whose name changed in case or in the form of its accents, where that is another folder', () =>
  inScratch(async (dir) => {
    for (const [before, after] of [
      ['Spring', 'spring'],
      ['Mu\u0308nchen', 'M\u00fcnchen'],
    ] as const) {
      await write(
        pagesOf(dir, [before], () => 'page'),
        { out: dir, source: 'in', prune: true },
      );
      const { removed } = await write(
        pagesOf(dir, [after], () => 'page'),
        { out: dir, source: 'in', prune: true },
      );
      assert.equal(removed, [join(dir, before, 'index.html')]);
      assert.not.ok(existsSync(join(dir, before)));
      assert.is(readFileSync(join(dir, after, 'index.html'), 'utf8'), 'page');
      const manifest = JSON.parse(readFileSync(join(dir, '.podium/manifest.json'), 'utf8')) as { written: unknown };
      assert.equal(manifest.written, { in: { [`${after}/index.html`]: 4 } });
      rmSync(join(dir, after), { recursive: true });
    }
  }),
);

prunes('puts removed pages back when the write fails', () =>
  inScratch(async (dir) => {
    await write(
      pagesOf(dir, ['a', 'b'], (name) => `page ${name}`),
      { out: dir, source: 'in', prune: true },
    );
    const before = treeOf(dir);
    const stop = new AbortController();
    // The abort comes after the last page is in place: the removals are undone as well.
    const pages = function* () {
      yield* pagesOf(dir, ['a'], () => 'new a');
      setImmediate(() => stop.abort(new Interrupted('podium: stopped by SIGINT')));
    };
    const error = await failureOf(pages(), { out: dir, source: 'in', prune: true, signal: stop.signal });
    assert.instance(error, Interrupted);
    assert.equal(treeOf(dir), before);
    assert.is(readFileSync(join(dir, 'b/index.html'), 'utf8'), 'page b');
    assert.is(statSync(join(dir, 'a/index.html')).size, 'page a'.length);
  }),
);

writes.run();
prunes.run();
