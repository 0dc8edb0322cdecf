// Page weight, measured: gzip sizes of baked 100-user pages against React's own client runtime.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { generate } from '../../bench/generate.js';
import { podium } from '../helpers/cli.ts';
import { inScratch, ROOT } from '../helpers/files.ts';

const KB = 1000;
const gzip = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).length;

/** React's client runtime on its own: a minimal hydrateRoot bundle, production, minified. */
async function reactRuntime(): Promise<number> {
  const result = await build({
    stdin: {
      contents:
        "import { hydrateRoot } from 'react-dom/client'; import { createElement } from 'react'; hydrateRoot(document.body, createElement('div'));",
      resolveDir: ROOT,
      loader: 'js',
    },
    bundle: true,
    minify: true,
    format: 'iife',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
  });
  return gzip(result.outputFiles[0]!.contents);
}

const weight = suite('page weight');

weight('a 100-user page: --no-hydrate within 4 kB gzip; hydrated, reported against React and guarded', () =>
  inScratch(async (dir) => {
    writeFileSync(join(dir, 'c100.json'), JSON.stringify(generate(100)));
    for (const [out, flags] of [
      ['hydrated', []],
      ['static', ['--no-hydrate']],
    ] as const) {
      const run = await podium(['build', join(dir, 'c100.json'), '--out', join(dir, out), ...flags]);
      assert.is(run.status, 0, run.stderr);
    }
    const react = await reactRuntime();
    const hydrated = gzip(readFileSync(join(dir, 'hydrated/index.html')));
    const static_ = gzip(readFileSync(join(dir, 'static/index.html')));
    process.stdout.write(
      `\n  weight: React runtime ${react} B; hydrated page ${hydrated} B (+${hydrated - react} B); --no-hydrate page ${static_} B (gzip -9)\n`,
    );
    assert.ok(static_ <= 4 * KB, `--no-hydrate page is ${static_} B gzip, above 4 kB`);
    // The page above React's own runtime: the rendered rows and the same users as data for hydration, the texts,
    // the stylesheets, the head, and the page script's own code (search, time left, TV mode). It was +7,407 B
    // before the search and the time left were added, which were to cost at most 1 kB more; then printing with the
    // script, column titles that stay in view, German spellings, Latin-1 links and the link back to a folder's
    // overview at most 600 B more (measured: 472 + 57 for the link's style, which every page carries).
    const budget = 7407 + KB + 600;
    assert.ok(hydrated - react <= budget, `hydrated page is ${hydrated - react} B gzip above React's runtime`);
  }),
);

weight.run();
