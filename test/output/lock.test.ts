import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../../src/errors.ts';
import { lock } from '../../src/output/lock.ts';
import { inScratch } from '../helpers/files.ts';
import { canTest } from '../helpers/skip.ts';

const locks = suite('lock()');

type Holder = { pid: number; host: string; start?: string; boot?: string; ns?: string; token: string };
/** What this process writes into a lock file. */
const mine = (dir: string): Holder => {
  const held = lock(join(dir, 'mine'), 'x');
  const holder = JSON.parse(readFileSync(join(dir, 'mine'), 'utf8')) as Holder;
  held.release();
  return holder;
};
const messageOf = (work: () => unknown): string | undefined => {
  try {
    work();
    return undefined;
  } catch (error) {
    assert.instance(error, UserError);
    return (error as Error).message;
  }
};
/** Whether `lock` takes over the lock file `text`, silently. */
const takesOver = (file: string, text: string): boolean => {
  writeFileSync(file, text);
  const message = messageOf(() => lock(file, 'dist').release());
  return message === undefined && !existsSync(file);
};

locks('is held until released, and names the holder', () =>
  inScratch((dir) => {
    const file = join(dir, 'lock');
    const first = lock(file, 'dist');
    assert.ok(first.held());
    assert.is(
      messageOf(() => lock(file, 'dist')),
      `podium: dist is being written by another podium build (pid ${process.pid})`,
    );
    first.release();
    assert.not.ok(existsSync(file));
    const again = lock(file, 'dist');
    assert.ok(again.held());
    again.release();
  }),
);

locks('takes over the lock of a process that is gone, or whose pid another process has now', () =>
  inScratch((dir) => {
    const me = mine(dir);
    const file = join(dir, 'lock');
    const gone = Number(
      spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout,
    );
    assert.ok(takesOver(file, JSON.stringify({ ...me, pid: gone })), 'a process that is gone');
    // Without /proc a reused pid is found out by the renewals (below) only.
    if (!canTest('PROC', 'a lock of a reused pid', me.start === undefined ? 'no /proc here' : undefined)) return;
    assert.ok(
      takesOver(file, JSON.stringify({ ...me, start: String(Number(me.start) - 1) })),
      'this pid, but another process',
    );
    assert.not.ok(
      takesOver(file, JSON.stringify({ ...me, token: 'another build of this process' })),
      'this very process',
    );
  }),
);

locks('takes over the lock of a process that has ended but is not yet reaped (a zombie)', async () => {
  if (!canTest('PROC', "a zombie's lock", existsSync('/proc/self/stat') ? undefined : 'no /proc here')) return;
  // The background `sleep` ends after its shell became the other `sleep`, which never reaps it.
  const child = spawn('sh', ['-c', 'sleep 0.2 & echo $!; exec sleep 3'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const pid = Number(
    await new Promise<string>((resolve) => child.stdout.once('data', (data: Buffer) => resolve(data.toString()))),
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  assert.is(fields[0], 'Z', 'a zombie to test with');
  await inScratch((dir) =>
    assert.ok(takesOver(join(dir, 'lock'), JSON.stringify({ ...mine(dir), pid, start: fields[19] }))),
  );
  child.kill();
});

locks("holds another machine's lock while it is renewed, and an unreadable lock while it is new", () =>
  inScratch((dir) => {
    const file = join(dir, 'lock');
    const other = JSON.stringify({ ...mine(dir), host: 'ci-runner-7', boot: 'b', pid: 4242 });
    writeFileSync(file, other);
    assert.is(
      messageOf(() => lock(file, 'dist')),
      'podium: dist is being written by another podium build (pid 4242 on ci-runner-7)',
    );
    const old = new Date(Date.now() - 31_000);
    utimesSync(file, old, old);
    assert.not.ok(
      messageOf(() => lock(file, 'dist').release()),
      'not renewed for 30 s: taken over',
    );
    writeFileSync(file, '');
    assert.is(
      messageOf(() => lock(file, 'dist')),
      'podium: dist is being written by another podium build',
    );
    utimesSync(file, old, old);
    assert.not.ok(
      messageOf(() => lock(file, 'dist').release()),
      'the empty lock of a build killed while writing it',
    );
  }),
);

locks.run();
