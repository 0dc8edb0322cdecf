import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toStdio, type Output } from '../../src/cli/io.ts';
import { inScratch } from '../helpers/files.ts';

const stdio = suite('toStdio()');

/** A stand-in for Node's stream, and whether it was asked for. */
const toStream = () => {
  const made: string[] = [];
  const stream: Output = { write: (text) => (made.push(text), true), on: () => stream };
  return { stream: () => stream, made, it: stream };
};

stdio('writes a file at once, in order, each callback after its call', () =>
  inScratch(async (dir) => {
    const file = join(dir, 'out.txt');
    const fd = openSync(file, 'w');
    const { stream, made } = toStream();
    const output = toStdio(fd, stream);
    const order: string[] = [];
    output.write('eins\n', () => order.push('first written'));
    output.write('zwei €\n');
    order.push('after the calls');
    assert.is(readFileSync(file, 'utf8'), 'eins\nzwei €\n', 'on disk before write() returns');
    await new Promise((done) => output.write('', done));
    assert.equal(order, ['after the calls', 'first written']);
    assert.equal(made, [], "Node's stream is never made");
    closeSync(fd);
  }),
);

stdio('hears a failed write once, after the call, and writes nothing after it', () =>
  inScratch(async (dir) => {
    const fd = openSync(join(dir, 'out.txt'), 'w');
    const output = toStdio(fd, toStream().stream);
    closeSync(fd); // every write now fails (EBADF)
    const heard: string[] = [];
    output.on('error', (error) => heard.push(error.code ?? ''));
    assert.is(output.write('lost\n'), false);
    assert.equal(heard, [], 'not during the call');
    const failure = await new Promise((done) => output.write('also lost\n', done));
    assert.equal(heard, ['EBADF']);
    assert.is((failure as NodeJS.ErrnoException).code, 'EBADF', 'the callback gets the failure');
  }),
);

stdio("gives a terminal or a device Node's own stream, made only then", () => {
  const fd = openSync('/dev/null', 'w');
  const { stream, it } = toStream();
  assert.is(toStdio(fd, stream), it);
  closeSync(fd);
  assert.is(toStdio(fd, stream), it, 'and a descriptor it cannot look at');
});

stdio.run();
