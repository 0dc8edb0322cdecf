// src/heap.ts: the young generation kept, and V8's default flags back where V8 takes cached code only under them.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';
import { keepYoungGeneration, underDefaultFlags } from '../src/heap.ts';

const heap = suite('heap');

heap('code cached under V8 default flags is taken inside underDefaultFlags, and refused outside it once kept', () => {
  // A source of one length, told apart by a digit: V8 would find a source it compiled before in its own cache.
  const source = (n: number) => `/*${n}*/ (${String((n: number) => Array.from({ length: n }, (_, i) => i * 2))})`;
  const cachedData = new Script(source(0)).createCachedData(); // under V8's defaults: no flag is set before it
  let tries = 0;
  const take = () => !new Script(source(++tries), { cachedData }).cachedDataRejected;
  assert.ok(underDefaultFlags(take), 'taken before the young generation is kept');
  try {
    keepYoungGeneration();
    assert.not.ok(take(), 'refused under the kept young generation');
    assert.ok(underDefaultFlags(take), 'taken under the default flags');
    assert.not.ok(take(), 'refused again after');
  } finally {
    setFlagsFromString('--semi-space-growth-factor=2'); // this process's default again, for the suites after it
  }
});

heap.run();
