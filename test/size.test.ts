import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { gzipSync } from 'node:zlib';
import { generate } from '../bench/generate.js';
import { readAssets } from '../src/assets.ts';
import { assemble, toText } from '../src/html.ts';
import { load } from '../src/load.ts';
import { render } from '../src/render.ts';
import { startSizer, toGzipSize, toSizing } from '../src/size.ts';
import { fixture } from './helpers/files.ts';

const ASSETS = readAssets();
const CONTESTS = [
  ['valid.json', load(fixture('valid.json'), 'valid.json').contest],
  ['long.json', load(fixture('long.json'), 'long.json').contest],
  ['300 users', load(JSON.stringify(generate(300)), 'g').contest],
  ['2,000 users', load(JSON.stringify(generate(2000)), 'g').contest],
  ['10,000 users', load(JSON.stringify(generate(10_000)), 'g').contest],
] as const;
const PAGES = CONTESTS.flatMap(([name, contest]) =>
  [true, false].map((hydrate) => ({ name: `${name}${hydrate ? '' : ' --no-hydrate'}`, users: contest.users.length, chunks: assemble({ contest, locale: 'de', markup: render(contest, 'de'), head: { hydrate } }, ASSETS) })),
);

const sizes = suite('toGzipSize()');

sizes('is within 1 % of gzip -6 of the whole page, hydrated or not, and within 2 % when estimated', () => {
  for (const { name, users, chunks } of PAGES) {
    const exact = gzipSync(Buffer.from(toText(chunks))).length;
    const { bytes, estimated } = toGzipSize(toSizing(chunks, ASSETS));
    assert.is(estimated, users >= 2000, `${name}: estimated only for large pages`);
    const error = Math.abs(bytes - exact) / exact;
    assert.ok(error < (estimated ? 0.02 : 0.01), `${name}: ${bytes} B against gzip ${exact} B (${(error * 100).toFixed(2)} %)`);
  }
});

const sizer = suite('startSizer()');

sizer('a worker thread answers every page, in order, with the size toGzipSize() gives', async () => {
  const threaded = startSizer(true);
  try {
    const answers = await Promise.all(PAGES.map(({ chunks }) => threaded.size(toSizing(chunks, ASSETS))));
    assert.equal(answers, PAGES.map(({ chunks }) => toGzipSize(toSizing(chunks, ASSETS))));
  } finally {
    await threaded.close();
  }
});

sizer('a thread that cannot start or dies leaves no page unanswered: the rest are sized here', async () => {
  const expected = PAGES.map(({ chunks }) => toGzipSize(toSizing(chunks, ASSETS)));
  const missing = startSizer(true, new URL('./helpers/no-such-worker.cjs', import.meta.url));
  try {
    assert.equal(await Promise.all(PAGES.map(({ chunks }) => missing.size(toSizing(chunks, ASSETS)))), expected);
  } finally {
    await missing.close();
  }
  const dying = startSizer(true, new URL('./helpers/dying-size-worker.cjs', import.meta.url));
  try {
    const answers = await Promise.all(PAGES.map(({ chunks }) => dying.size(toSizing(chunks, ASSETS))));
    assert.equal(answers[0], { bytes: 0, estimated: false }, 'the answer it gave before dying');
    assert.equal(answers.slice(1), expected.slice(1));
    assert.equal(await dying.size(toSizing(PAGES[1]!.chunks, ASSETS)), expected[1], 'and pages asked after it died');
  } finally {
    await dying.close();
  }
});

sizer('without a thread, sizes the page where it is asked', async () => {
  const inline = startSizer(false);
  const [page] = PAGES;
  assert.equal(await inline.size(toSizing(page!.chunks, ASSETS)), toGzipSize(toSizing(page!.chunks, ASSETS)));
  await inline.close();
});

sizes.run();
sizer.run();
