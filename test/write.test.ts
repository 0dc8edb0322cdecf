import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../src/errors.ts';
import { write, type Output } from '../src/write.ts';
import { inScratch } from './helpers/files.ts';

const writes = suite('write()');

/** The error a write fails with; undefined when it succeeds. */
const failureOf = (outputs: Iterable<Output>): Promise<unknown> => write(outputs).then(() => undefined, (error: unknown) => error);

writes('writes every file, creating folders, and replaces existing ones', () =>
  inScratch(async (dir) => {
    writeFileSync(join(dir, 'index.html'), 'old');
    const written = await write([
      { path: join(dir, 'index.html'), chunks: ['new'], label: 'root' },
      { path: join(dir, 'a/b/index.html'), chunks: ['dé', Buffer.from('ep')], label: 'deep' },
    ]);
    assert.equal(written, [
      { path: join(dir, 'index.html'), label: 'root', bytes: 3 },
      { path: join(dir, 'a/b/index.html'), label: 'deep', bytes: 5 },
    ], 'each output, its content replaced by the bytes written');
    assert.is(readFileSync(join(dir, 'index.html'), 'utf8'), 'new');
    assert.is(readFileSync(join(dir, 'a/b/index.html'), 'utf8'), 'déep');
    assert.equal(readdirSync(dir).sort(), ['a', 'index.html'], 'no temporary files are left');
  }),
);

writes('writes nothing when any file cannot be staged, and leaves existing files as they were', () =>
  inScratch(async (dir) => {
    writeFileSync(join(dir, 'index.html'), 'old');
    mkdirSync(join(dir, 'blocked'));
    writeFileSync(join(dir, 'blocked/x'), ''); // a file where a folder is needed
    const error = await failureOf([
      { path: join(dir, 'index.html'), chunks: ['new'] },
      { path: join(dir, 'blocked/x/index.html'), chunks: ['fails'] },
    ]);
    assert.instance(error, UserError);
    assert.is(readFileSync(join(dir, 'index.html'), 'utf8'), 'old');
    assert.equal(readdirSync(dir).sort(), ['blocked', 'index.html'], 'no temporary files are left');
    assert.not.ok(existsSync(join(dir, 'blocked/x/index.html')));
  }),
);

writes('replaces no page when a later page cannot be put in place, and names that page', () =>
  inScratch(async (dir) => {
    mkdirSync(join(dir, 'a'));
    writeFileSync(join(dir, 'a/index.html'), 'old a');
    mkdirSync(join(dir, 'b/index.html'), { recursive: true }); // a folder where page b goes
    const error = await failureOf([
      { path: join(dir, 'a/index.html'), chunks: ['new a'] },
      { path: join(dir, 'new/index.html'), chunks: ['new'] },
      { path: join(dir, 'b/index.html'), chunks: ['new b'] },
    ]);
    assert.instance(error, UserError);
    assert.is((error as Error).message, `podium: ${join(dir, 'b/index.html')}: cannot write (a folder is in its place); nothing was written`);
    assert.is(readFileSync(join(dir, 'a/index.html'), 'utf8'), 'old a');
    assert.equal(readdirSync(join(dir, 'a')), ['index.html'], 'no temporary files are left');
    assert.equal(readdirSync(dir).sort(), ['a', 'b'], 'the folder made for the new page is gone again');
  }),
);

writes('stages many files at once, in order, and leaves no trace when one in the middle fails', () =>
  inScratch(async (dir) => {
    const pages = Array.from({ length: 40 }, (_, i) => ({ path: join(dir, `p${String(i).padStart(2, '0')}/index.html`), chunks: [`page ${i}`, Buffer.alloc(i * 1000, 120)] }));
    const written = await write(pages);
    assert.equal(written.map(({ bytes }) => bytes), pages.map((_, i) => `page ${i}`.length + i * 1000));
    pages.forEach(({ path }, i) => assert.is(readFileSync(path, 'utf8').slice(0, `page ${i}`.length), `page ${i}`));

    const out = join(dir, 'second');
    writeFileSync(join(dir, 'blocker'), '');
    const failing = pages.map((page, i) => ({ ...page, path: i === 25 ? join(dir, 'blocker/index.html') : join(out, `p${i}/index.html`) }));
    const error = await failureOf(failing);
    assert.instance(error, UserError);
    assert.match((error as Error).message, `${join(dir, 'blocker/index.html')}: cannot write`);
    assert.not.ok(existsSync(out), 'the folders made for the other pages are gone again');

    // Pages are produced lazily: rendering one may fail while earlier ones are still being staged.
    const rendering = function* () {
      for (const [i, page] of pages.entries()) {
        if (i === 12) throw new Error('render failed');
        yield { ...page, path: join(out, `p${i}/index.html`) };
      }
    };
    const failed = await failureOf(rendering());
    assert.instance(failed, Error, 'a failed render must fail the write');
    assert.is((failed as Error).message, 'render failed');
    assert.not.ok(existsSync(out), 'nothing of the pages staged before the failure is left');
  }),
);

writes.run();
