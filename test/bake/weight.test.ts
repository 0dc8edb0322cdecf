// Page weight, measured: gzip sizes of baked 100-user pages against React's own client runtime.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { generate, toHistoryFiles, toStands } from '../../bench/generate.js';
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

weight('a 100-user page: --no-hydrate within 4.6 kB gzip; hydrated, reported against React and guarded', () =>
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
    // 4 kB until every row showed its place: the numbers cost 270 B, their layout and that of the movements 330 B.
    assert.ok(static_ <= 4.6 * KB, `--no-hydrate page is ${static_} B gzip, above 4.6 kB`);
    // The page above React's own runtime: the rendered rows and the same users as data for hydration, the texts,
    // the stylesheets, the head, and the page script's own code (search, time left, TV mode). It was +7,407 B
    // before the search and the time left were added, which were to cost at most 1 kB more; then printing with the
    // script, column titles that stay in view, German spellings, Latin-1 links and the link back to a folder's
    // overview at most 600 B more (measured: 472 + 57 for the link's style, which every page carries); then what
    // changed since the previous Stand, at most 2.2 kB more for any page (measured 2,107: the place numbers 270,
    // the code of the movements, summary, change line and trend 1,215, their texts and styles the rest); then the
    // contest's rules (places shared, winners past a minimum, the rule line, the distance in the figure that
    // decides), at most 1 kB more for any page (measured 938 B of code; their texts only on a page with rules).
    const budget = 7407 + KB + 600 + 2200 + KB;
    assert.ok(hydrated - react <= budget, `hydrated page is ${hydrated - react} B gzip above React's runtime`);
  }),
);

weight('100 people over 12 Stands: at most 3 kB gzip more than over 1 hydrated, 1.5 kB without the script', () =>
  inScratch(async (dir) => {
    const weeks = toStands(generate(100).users, 12);
    const sizes: Record<string, number> = {};
    for (const [name, stands] of [
      ['one', 1],
      ['twelve', 12],
    ] as const) {
      mkdirSync(join(dir, name));
      for (const [file, text] of toHistoryFiles(weeks, stands)) writeFileSync(join(dir, name, file), text);
      writeFileSync(join(dir, `${name}.json`), JSON.stringify({ ...generate(100), users: `${name}/` }));
      for (const [out, flags] of [
        ['hydrated', []],
        ['static', ['--no-hydrate']],
      ] as const) {
        const run = await podium(['build', join(dir, `${name}.json`), '--out', join(dir, name + out), ...flags]);
        assert.is(run.status, 0, run.stderr);
        sizes[name + out] = gzip(readFileSync(join(dir, name + out, 'index.html')));
      }
    }
    const hydrated = sizes.twelvehydrated! - sizes.onehydrated!;
    const static_ = sizes.twelvestatic! - sizes.onestatic!;
    process.stdout.write(
      `\n  weight of 12 Stands over 1: hydrated +${hydrated} B, --no-hydrate +${static_} B (gzip -9)\n`,
    );
    assert.ok(sizes.twelvehydrated! > sizes.onehydrated!, 'the history is on the page');
    assert.ok(hydrated <= 3 * KB, `12 Stands weigh ${hydrated} B gzip more than 1, above 3 kB`);
    assert.ok(static_ <= 1.5 * KB, `12 Stands weigh ${static_} B gzip more than 1 without the script, above 1.5 kB`);
  }),
);

weight.run();
