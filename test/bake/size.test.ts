import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { gzipSync } from 'node:zlib';
import { readAssets } from '../../src/bake/assets.ts';
import { bake, bakeParts } from '../../src/bake/page.ts';
import { toDocument } from '../../src/bake/size.ts';
import { generate } from '../../bench/generate.js';

const sizes = suite('toDocument()');
const ASSETS = readAssets();
// 2,500 people: the shell, three slices of rows, the data and the page script, each a part of its own.
const CONTEST = generate(2_500);
const SHOWN = {
  name: '',
  contest: { ...CONTEST, users: CONTEST.users.map((user) => ({ ...user, profit: user.profit ?? 0 })) },
};
const PAGE = { locale: 'de', hydrate: true } as const;

sizes('makes the page of its parts, and says the gzip size podium build prints: that of the whole page', async () => {
  const whole = bake(SHOWN, PAGE, ASSETS);
  const { html, gzip } = await toDocument(bakeParts(SHOWN, PAGE, ASSETS), true);
  assert.ok(html.equals(whole), 'the same bytes as the page baked at once');
  assert.is(gzip, gzipSync(whole).length);
});

sizes('measures nothing when not asked to', async () => {
  const { html, gzip } = await toDocument(bakeParts(SHOWN, PAGE, ASSETS), false);
  assert.ok(html.equals(bake(SHOWN, PAGE, ASSETS)));
  assert.is(gzip, undefined);
});

sizes.run();
