import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readManifest, toManifestText, toNextManifest } from '../../src/output/manifest.ts';
import { inScratch } from '../helpers/files.ts';

const reads = suite('readManifest()');

reads('reads back what toManifestText() wrote, sorted', () =>
  inScratch((dir) => {
    const file = join(dir, 'manifest.json');
    writeFileSync(
      file,
      toManifestText({ '../contests': { 'b/index.html': 2, 'a/index.html': 1 }, '-': { 'index.html': 3 }, empty: {} }),
    );
    assert.equal(readManifest(file), {
      '-': { 'index.html': 3 },
      '../contests': { 'a/index.html': 1, 'b/index.html': 2 },
    });
  }),
);

reads('keeps only page paths inside the folder, so that an edited manifest cannot remove anything else', () =>
  inScratch((dir) => {
    const file = join(dir, 'manifest.json');
    const hostile = [
      '../outside/index.html',
      '/etc/index.html',
      'a/../../index.html',
      './index.html',
      'CNAME',
      'a/robots.txt',
      '.podium/index.html',
      'a//index.html',
      'a/index.html/x',
    ];
    writeFileSync(
      file,
      JSON.stringify({
        written: {
          in: Object.fromEntries([...hostile.map((path) => [path, 1]), ['ok/index.html', 5], ['size/index.html', '5']]),
          ['__proto__']: { 'x/index.html': 1 },
        },
      }),
    );
    assert.equal(readManifest(file), { in: { 'ok/index.html': 5 }, ['__proto__']: { 'x/index.html': 1 } });
    assert.is(Object.getPrototypeOf(readManifest(file)), Object.prototype, 'a "__proto__" source stays a key');
    for (const text of ['', '{', 'null', '[]', '{"written": 3}']) {
      writeFileSync(file, text);
      assert.equal(readManifest(file), {}, text);
    }
    assert.equal(readManifest(join(dir, 'missing.json')), {});
  }),
);

const next = suite('toNextManifest()');

next('gives an input its pages, and with prune finds the ones it wrote before and writes no more', () => {
  const manifest = {
    '../contests': { 'a/index.html': 1, 'b/index.html': 2, 'shared/index.html': 3 },
    '../other': { 'x/index.html': 4, 'a/index.html': 9 },
  };
  const { during, after, stale } = toNextManifest(
    manifest,
    '../contests',
    { 'a/index.html': 10, 'c/index.html': 11 },
    true,
  );
  assert.equal(stale, { 'b/index.html': 2, 'shared/index.html': 3 });
  assert.equal(
    after,
    { '../other': { 'x/index.html': 4 }, '../contests': { 'a/index.html': 10, 'c/index.html': 11 } },
    "page a is this input's alone now",
  );
  assert.equal(
    during['../contests'],
    { 'a/index.html': 10, 'b/index.html': 2, 'shared/index.html': 3, 'c/index.html': 11 },
    'old and new while the pages are put in place',
  );
  // A page another input wrote since is not this input's to remove.
  assert.equal(toNextManifest({ in: { 'a/index.html': 1 }, other: { 'a/index.html': 2 } }, 'in', {}, true).stale, {});
  // Without prune (a single contest file's build) nothing is stale, and what the input wrote before stays listed.
  const single = toNextManifest({ 'x.json': { 'index.html': 1 } }, 'x.json', { 'index.html': 2 }, false);
  assert.equal([single.stale, single.after], [{}, { 'x.json': { 'index.html': 2 } }]);
});

reads.run();
next.run();
