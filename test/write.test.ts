import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../src/errors.ts';
import { write } from '../src/write.ts';
import { scratch } from './helpers/files.ts';

const writes = suite('write()');

writes('writes every file, creating folders, and replaces existing ones', () => {
  const { dir, remove } = scratch();
  try {
    writeFileSync(join(dir, 'index.html'), 'old');
    const sizes = write([
      { path: join(dir, 'index.html'), chunks: ['new'] },
      { path: join(dir, 'a/b/index.html'), chunks: ['dé', Buffer.from('ep')] },
    ]);
    assert.equal(sizes, [3, 5], 'bytes written per file');
    assert.is(readFileSync(join(dir, 'index.html'), 'utf8'), 'new');
    assert.is(readFileSync(join(dir, 'a/b/index.html'), 'utf8'), 'déep');
    assert.equal(readdirSync(dir).sort(), ['a', 'index.html'], 'no temporary files are left');
  } finally {
    remove();
  }
});

writes('writes nothing when any file cannot be staged, and leaves existing files as they were', () => {
  const { dir, remove } = scratch();
  try {
    writeFileSync(join(dir, 'index.html'), 'old');
    mkdirSync(join(dir, 'blocked'));
    writeFileSync(join(dir, 'blocked/x'), ''); // a file where a folder is needed
    let error: unknown;
    try {
      write([
        { path: join(dir, 'index.html'), chunks: ['new'] },
        { path: join(dir, 'blocked/x/index.html'), chunks: ['fails'] },
      ]);
    } catch (caught) {
      error = caught;
    }
    assert.instance(error, UserError);
    assert.is(readFileSync(join(dir, 'index.html'), 'utf8'), 'old');
    assert.equal(readdirSync(dir).sort(), ['blocked', 'index.html'], 'no temporary files are left');
    assert.not.ok(existsSync(join(dir, 'blocked/x/index.html')));
  } finally {
    remove();
  }
});

writes('replaces no page when a later page cannot be put in place, and names that page', () => {
  const { dir, remove } = scratch();
  try {
    mkdirSync(join(dir, 'a'));
    writeFileSync(join(dir, 'a/index.html'), 'old a');
    mkdirSync(join(dir, 'b/index.html'), { recursive: true }); // a folder where page b goes
    let error: unknown;
    try {
      write([
        { path: join(dir, 'a/index.html'), chunks: ['new a'] },
        { path: join(dir, 'new/index.html'), chunks: ['new'] },
        { path: join(dir, 'b/index.html'), chunks: ['new b'] },
      ]);
    } catch (caught) {
      error = caught;
    }
    assert.instance(error, UserError);
    assert.is((error as Error).message, `podium: ${join(dir, 'b/index.html')}: cannot write (a folder is in its place); nothing was written`);
    assert.is(readFileSync(join(dir, 'a/index.html'), 'utf8'), 'old a');
    assert.equal(readdirSync(join(dir, 'a')), ['index.html'], 'no temporary files are left');
    assert.equal(readdirSync(dir).sort(), ['a', 'b'], 'the folder made for the new page is gone again');
  } finally {
    remove();
  }
});

writes.run();
