import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { gzipSync } from 'node:zlib';
import { generate } from '../../bench/generate.js';
import { readAssets } from '../../src/bake/assets.ts';
import { assemble, toText } from '../../src/bake/html.ts';
import { render, SLICE } from '../../src/bake/render.ts';
import { toGzipSize } from '../../src/bake/size.ts';
import { bake } from '../../src/build.ts';
import { CONTESTS, toContest } from '../helpers/contests.ts';

const ASSETS = readAssets();
const CONTEST_SIZES = [
  ['valid.json', CONTESTS['valid.json']!],
  ['long.json', CONTESTS['long.json']!],
  ['300 users', await toContest(JSON.stringify(generate(300)))],
  ['2,000 users', await toContest(JSON.stringify(generate(2000)))],
  ['10,000 users', await toContest(JSON.stringify(generate(10_000)))],
] as const;
const PAGES = CONTEST_SIZES.flatMap(([name, contest]) =>
  [true, false].map((hydrate) => ({
    name: `${name}${hydrate ? '' : ' --no-hydrate'}`,
    users: contest.users.length,
    chunks: assemble({ contest, locale: 'de', markup: render(contest, 'de'), head: { hydrate } }, ASSETS),
  })),
);

const sizes = suite('toGzipSize()');

sizes('is within 1 % of gzip -6 of the whole page, hydrated or not, and within 2 % when estimated', () => {
  for (const { name, users, chunks } of PAGES) {
    const exact = gzipSync(Buffer.from(toText(chunks))).length;
    const { bytes, estimated } = toGzipSize(chunks);
    assert.is(estimated, users >= 2000, `${name}: estimated only for large pages`);
    const error = Math.abs(bytes - exact) / exact;
    assert.ok(
      error < (estimated ? 0.02 : 0.01),
      `${name}: ${bytes} B against gzip ${exact} B (${(error * 100).toFixed(2)} %)`,
    );
  }
});

sizes('counts the page script by its own gzip size, and only on a page that has it', () => {
  const [hydrated, plain] = PAGES;
  const script = ASSETS.client({ history: false, refresh: false }).bytes;
  const other = Buffer.from('console.log("another page script")');
  const withOther = hydrated!.chunks.map((chunk) => (chunk === script ? other : chunk));
  assert.is(
    toGzipSize(withOther).bytes - toGzipSize(hydrated!.chunks).bytes,
    gzipSync(other).length - gzipSync(script).length,
  );
  assert.not.ok(plain!.chunks.includes(script));
  assert.is(toGzipSize(plain!.chunks).bytes, gzipSync(toText(plain!.chunks)).length);
});

sizes(
  'a large page as a bake makes it, its rows and data in pieces of UTF-8 bytes: the same document, sized within 2 %',
  async () => {
    const [, contest] = CONTEST_SIZES[4];
    const pieces = await bake({ name: '', contest }, { locale: 'de', hydrate: true }, ASSETS);
    const bytes = pieces.flatMap((chunk) =>
      Array.isArray(chunk) ? chunk.filter((piece) => piece instanceof Uint8Array) : [],
    );
    // The markup after its first part (a slice of SLICE rows at a time, then the page's end) and the contest's data:
    // never one string (docs/performance.md).
    assert.is(bytes.length, 10_000 / SLICE + 2);
    assert.is(toText(pieces), toText(PAGES.find(({ name }) => name === '10,000 users')!.chunks));
    const exact = gzipSync(Buffer.from(toText(pieces))).length;
    const size = toGzipSize(pieces);
    assert.ok(size.estimated);
    assert.ok(Math.abs(size.bytes - exact) / exact < 0.02, `${size.bytes} B against gzip ${exact} B`);
  },
);

sizes.run();
