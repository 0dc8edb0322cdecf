import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { sha256 } from '../../src/bake/sha256.ts';
import { seeded } from '../helpers/seeded.ts';

const test = suite('sha256()');

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const expected = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

test('gives the published digests (FIPS 180-4 examples)', () => {
  const ascii = (text: string) => new TextEncoder().encode(text);
  assert.is(hex(sha256(ascii(''))), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  assert.is(hex(sha256(ascii('abc'))), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  assert.is(
    hex(sha256(ascii('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'))),
    '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
  );
});

test("is node:crypto's digest for every length up to five blocks, and for seeded texts up to 70 kB", () => {
  const random = seeded(256);
  const bytes = (length: number) => Uint8Array.from({ length }, () => random.below(256));
  // Every length around the padding's edges (55, 56, 63, 64 bytes a block) and across several blocks.
  for (let length = 0; length <= 320; length += 1) {
    const message = bytes(length);
    assert.is(hex(sha256(message)), expected(message), `${length} bytes`);
  }
  for (let i = 0; i < 20; i += 1) {
    const message = bytes(random.below(70_000));
    assert.is(hex(sha256(message)), expected(message), `${message.length} bytes`);
  }
});

test.run();
