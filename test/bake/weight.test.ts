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

/**
 * Bakes `files` (name → text) in a scratch folder with `flags`, and returns the gzip size of `<input>`'s page; with
 * `race: false`, of the page without the race's chart and its styles, which have a budget of their own.
 */
async function weigh(dir: string, input: string, flags: readonly string[], { race = true } = {}): Promise<number> {
  const out = join(dir, `out-${input}-${flags.join('')}`);
  const run = await podium(['build', join(dir, input), '--out', out, ...flags]);
  assert.is(run.status, 0, run.stderr);
  const html = readFileSync(join(out, 'index.html'), 'utf8');
  if (race) return gzip(Buffer.from(html));
  const css = readFileSync(join(ROOT, 'lib/race.css'), 'utf8');
  return gzip(Buffer.from(html.replace(/<section class="race".*?<\/section>/s, '').replace(css, '')));
}

weight('a 100-user page: --no-hydrate within 4.6 kB gzip; hydrated, reported against React and guarded', () =>
  inScratch(async (dir) => {
    writeFileSync(join(dir, 'c100.json'), JSON.stringify(generate(100)));
    const react = await reactRuntime();
    const hydrated = await weigh(dir, 'c100.json', []);
    const static_ = await weigh(dir, 'c100.json', ['--no-hydrate']);
    process.stdout.write(
      `\n  weight: React runtime ${react} B; hydrated page ${hydrated} B (+${hydrated - react} B); --no-hydrate page ${static_} B (gzip -9)\n`,
    );
    // 4 kB until every row showed its place: the numbers cost 270 B, their layout and that of the movements 330 B.
    assert.ok(static_ <= 4.6 * KB, `--no-hydrate page is ${static_} B gzip, above 4.6 kB`);
    // The page above React's own runtime: the rendered rows and the same users as data for hydration, the texts,
    // the stylesheets, the head, and the page script's own code (search, time left, TV mode). It was +7,407 B
    // before the search and the time left were added, which were to cost at most 1 kB more; then printing with the
    // script, column titles that stay in view, German spellings, Latin-1 links and the link back to a folder's
    // overview at most 600 B more; then what changed since the previous Stand, 2.2 kB more for every page, measured
    // +11,098 B in all. The history's code and texts now come only with a previous Stand (issue 29 asked 77.0 kB
    // in all, from 79.2 kB; measured 80,004 B before, 78,996 B after: the rest of the gap is not the history's); then
    // the contest's rules (places shared, winners past a minimum, the rule line, the distance in the figure that
    // decides), at most 1 kB more for any page (measured 938 B of code; their texts only on a page with rules); then
    // no blank room below the search bar, the result standing above the bar where there is room for it (issue 28),
    // at most 250 B more (measured 195 B).
    const budget = 10_150 + KB + 250;
    assert.ok(hydrated - react <= budget, `hydrated page is ${hydrated - react} B gzip above React's runtime`);
    // Issue 29's target for the page in all, React included: 77.0 kB, from 79,992 B; measured 76,742 B after shortening
    // React's own property names (scripts/react-internals.js), terser's unsafe options, and leaving out the time texts
    // of a contest without dates, the stale line's styles and the link back's (docs/performance.md); then the one
    // rounding of money (contest/numbers.ts), which the ranking asks as the table does so that amounts shown apart
    // never share a place, and the check's ranking handed to the server render: 58 B (76,978 → 77,036 B); then TV mode's
    // layout (ten winners on a 720p or 1080p screen, the column titles held at the top), a phone's first screen, and a
    // wall screen's line on a page baked without --refresh (its text, 45 B of it): 145 B (77,036 → 77,181 B), of a
    // budget of 79.0 kB that was set for them; the refresh's own timeout is on --refresh pages only; then a contest's
    // end date notice and the TV layout's styles, 32 B (77,213 B: over); then a root's options, what React asks of the
    // DevTools hook and a function component's update queue shortened too (scripts/react-internals.js) and the name
    // column's rules as one: 134 B off (77,079 B), back under the 77.1 kB this ceiling was before the TV layout; then
    // fair contests (targets, prize tiers, teams): their code is in a fair contest's script alone (scripts/bundles.js
    // FAIR), but the table, the rule line and the ranking call it: 382 B for those calls (77,461 B). No reader of a
    // 77 kB page notices 0.4 kB; a second copy of the table for fair contests would cost every maintainer.
    assert.ok(hydrated <= 77.5 * KB, `hydrated page is ${hydrated} B gzip, above 77.5 kB`);
  }),
);

weight(
  '--refresh adds at most 2.6 kB gzip to a 100-user page: the TV refresh, the rotation, the moment, their texts',
  () =>
    inScratch(async (dir) => {
      writeFileSync(join(dir, 'c100.json'), JSON.stringify(generate(100)));
      const plain = await weigh(dir, 'c100.json', []);
      const refresh = await weigh(dir, 'c100.json', ['--refresh', '5']);
      process.stdout.write(`\n  weight of --refresh: +${refresh - plain} B (gzip -9)\n`);
      assert.ok(refresh > plain, 'the refresh is on the page');
      // 2 kB (measured 1,682 B); then a refresh's moment ("Neu auf Platz 1: …", tv/moment.ts: its code, styles and
      // texts) and the race's chart taken from the fetched page (issue 50): at most 600 B more (measured 2,237 B in all).
      assert.ok(refresh - plain <= 2.6 * KB, `--refresh weighs ${refresh - plain} B gzip, above 2.6 kB`);
    }),
);

weight(
  'a 100-user page as the init workflow bakes it (--refresh 15): within 80.0 kB gzip -6, as podium build reports',
  () =>
    inScratch(async (dir) => {
      writeFileSync(join(dir, 'c100.json'), JSON.stringify(generate(100)));
      const out = join(dir, 'out-workflow');
      const run = await podium(['build', join(dir, 'c100.json'), '--out', out, '--refresh', '15']);
      assert.is(run.status, 0, run.stderr);
      // zlib's default level, 6, as the CLI's size line measures (build.ts). 79,330 B once the end date notice and the
      // TV layout came; then the fetched page's check as a few predicates (contest/data.ts) 148 B off, React's names
      // above 129 B, and the texts of the time left and the Stand's age only where the contest has dates (html.ts)
      // 112 B: 78,941 B; then a refresh's moment and the race's chart from the fetched page (issue 50), the 600 B that
      // --refresh's own budget above grew by: 79,497 B; then the fair contests' calls, as the hydrated page's ceiling
      // says: 79,937 B.
      const size = gzipSync(readFileSync(join(out, 'index.html'))).length;
      process.stdout.write(`\n  weight with --refresh 15: ${size} B (gzip -6)\n`);
      assert.ok(size <= 80.0 * KB, `a page baked with --refresh is ${size} B gzip, above 80.0 kB`);
    }),
);

weight(
  'a history: one previous Stand adds at most 2.5 kB gzip; 12 Stands at most 1.5 kB more than 2; the race apart',
  () =>
    inScratch(async (dir) => {
      const weeks = toStands(generate(100).users, 12);
      const sizes: Record<string, number> = {};
      for (const stands of [1, 2, 12]) {
        const name = `stands${stands}`;
        mkdirSync(join(dir, name));
        for (const [file, text] of toHistoryFiles(weeks, stands)) writeFileSync(join(dir, name, file), text);
        writeFileSync(join(dir, `${name}.json`), JSON.stringify({ ...generate(100), users: `${name}/` }));
        sizes[name] = await weigh(dir, `${name}.json`, [], { race: false });
        sizes[`${name}static`] = await weigh(dir, `${name}.json`, ['--no-hydrate'], { race: false });
        sizes[`${name}race`] = (await weigh(dir, `${name}.json`, [])) - sizes[name]!;
        sizes[`${name}staticrace`] = (await weigh(dir, `${name}.json`, ['--no-hydrate'])) - sizes[`${name}static`]!;
      }
      const history = sizes.stands2! - sizes.stands1!;
      const longer = sizes.stands12! - sizes.stands2!;
      const static_ = sizes.stands12static! - sizes.stands1static!;
      process.stdout.write(
        `\n  weight of a history: 2 Stands over 1 +${history} B, 12 over 2 +${longer} B, --no-hydrate 12 over 1 +${static_} B (gzip -9)\n`,
      );
      const race = [sizes.stands1race!, sizes.stands2race!, sizes.stands12race!, sizes.stands12staticrace!];
      process.stdout.write(
        `  weight of the race: 1, 2, 12 Stands, 12 --no-hydrate: +${race.join(' B, +')} B (gzip -9)\n`,
      );
      // The race's chart and race.css, on a page with a previous Stand only (issue 50): 10 lines, a cut-off, its table;
      // measured 1,471 B with 2 Stands, 2,483 B with 12 (--no-hydrate 2,472 B).
      assert.is(race[0], 0, 'no chart without a previous Stand');
      assert.ok(race[1]! <= 1.6 * KB, `the race of 2 Stands weighs ${race[1]} B gzip, above 1.6 kB`);
      assert.ok(
        Math.max(race[2]!, race[3]!) <= 2.6 * KB,
        `the race of 12 Stands weighs ${race[2]} B gzip, above 2.6 kB`,
      );
      // The history's code, texts and styles, the movements in every row, and the since line: with a previous Stand only.
      // 2.5 kB (measured 2,489 B); then each name of the summary isolated from the text around it (bidi), and the
      // movements counted in places under the contest's rules: at most 100 B more (measured 2,584 B in all); back
      // to 2.5 kB with the gains in whole cents and a shorter trend line (measured 2,479 B; docs/performance.md), and a
      // name twice counted new in the winning places from the best place it held (issue 27; measured 2,500 B in all);
      // then a person's own line in the race marked by the search's panel (issue 50): at most 60 B more (measured
      // 2,528 B in all; 2,475 B before).
      assert.ok(history <= 2.56 * KB, `a previous Stand weighs ${history} B gzip, above 2.56 kB`);
      // Then the places over up to 12 Stands, for the trend (docs/page.md). These three without the race's chart, apart.
      assert.ok(longer <= 1.5 * KB, `12 Stands weigh ${longer} B gzip more than 2, above 1.5 kB`);
      assert.ok(static_ <= 1.5 * KB, `12 Stands weigh ${static_} B gzip more than 1 without the script, above 1.5 kB`);
    }),
);

weight.run();
