// Builds lib/: the page script (bundled once, inlined into every page) and the CLI as one file.
// Runs at `npm install` (prepare) and before the tests, so a bake never runs esbuild.
import { build } from 'esbuild';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { minify } from 'terser';
import { CLI, CLIENTS, LAZY, OVERVIEW, ROOT } from './bundles.js';

const LIB = join(ROOT, 'lib');
// lib/ holds only what this build writes: a file an older build left there would go into the package.
rmSync(LIB, { recursive: true, force: true });
// The page script is written here, before esbuild makes the folder for the CLI.
mkdirSync(LIB);
// Every page carries one of these scripts (scripts/bundles.js: with or without the history, the TV refresh).
const sizes = [];
for (const [file, options] of Object.entries(CLIENTS)) {
  const code = await toClient(options);
  writeFileSync(join(LIB, file), code);
  sizes.push(`${file} ${(Buffer.byteLength(code) / 1000).toFixed(1)} kB`);
}

// A folder's overview with --refresh: a script of its own, small enough that terser would not pay.
const overview = (await build({ ...OVERVIEW, write: false })).outputFiles[0].text;
if (/<\/script|<!--/i.test(overview)) throw new Error('lib/overview.js cannot be inlined');
writeFileSync(join(LIB, 'overview.js'), overview);
sizes.push(`overview.js ${(Buffer.byteLength(overview) / 1000).toFixed(1)} kB`);

/** A page script: esbuild, then terser, then the license notice of every package it holds. */
async function toClient(options) {
  const client = await build({ ...options, write: false, metafile: true });
  // Every page carries this script: terser over esbuild's output takes another 1.1 kB gzip off it. The options are
  // the ones that compress best (test/bake/weight.test.ts): no comma sequences and no inlined variables, which
  // repeat less; property reads without side effects, methods and arrows for functions that never use `this` or
  // `new` (another 0.3 kB).
  const { code: minified } = await minify(client.outputFiles[0].text, {
    compress: {
      passes: 2,
      sequences: false,
      reduce_vars: false,
      pure_getters: true,
      unsafe_methods: true,
      unsafe_arrows: true,
    },
    ecma: 2020,
    format: { comments: false, ascii_only: true },
  });

  // The license notice of every package in the page script, once per package (every page carries it).
  const notices = new Map();
  for (const input of Object.keys(client.metafile.inputs)) {
    // The package folder is what follows the last node_modules/ (hoisted, symlinked and pnpm layouts alike).
    const [, folder, name] = /^(.*\/?node_modules\/((?:@[^/]+\/)?[^/.][^/]*))\//.exec(input) ?? [];
    if (!folder || !name || [...notices.values()].some((names) => names.includes(name))) continue;
    const { license } = JSON.parse(readFileSync(join(ROOT, folder, 'package.json'), 'utf8'));
    const copyright = /^copyright.*$/im.exec(readFileSync(join(ROOT, folder, 'LICENSE'), 'utf8'))?.[0];
    if (!license || !copyright)
      throw new Error(`${name}: no license or copyright line found for the page script's notice`);
    const key = `${license} license, ${copyright}`;
    notices.set(key, [...(notices.get(key) ?? []), name]);
  }
  if (!notices.size)
    throw new Error(`${options.outfile}: no package found for its license notice; esbuild's inputs changed shape`);
  const notice = [...notices].map(([key, names]) => `${names.sort().join(', ')}: ${key}`).join('; ');
  const code = `${minified.trimEnd()}\n/*! ${notice} */\n`;

  // The bundle is inlined in a <script>: these sequences would end it or change how HTML parses it.
  // ("<script" alone is harmless; only after "<!--" does it change parsing: HTML spec, script data escaped state.)
  for (const bad of ['</script', '<!--']) {
    if (code.toLowerCase().includes(bad)) throw new Error(`${options.outfile} contains "${bad}" and cannot be inlined`);
  }
  return code;
}

await build(CLI);

// The stylesheets, minified: every page inlines page.css, a page with a script also script.css, so its bytes count on
// every page (test/bake/weight.test.ts). A folder's overview page inlines page.css and overview.css; the page of a
// contest that states rules, rules.css too; a page with a script baked with --refresh, refresh.css; a folder's page,
// back.css; a team page (privacy "access"), access.css; a page with the race's chart, race.css; a contest with
// targets, targets.css; a contest with "teams", teams.css; a contest with prize tiers, tiers.css.
for (const name of [
  'page',
  'script',
  'overview',
  'rules',
  'refresh',
  'back',
  'access',
  'race',
  'targets',
  'teams',
  'tiers',
]) {
  await build({
    absWorkingDir: ROOT,
    entryPoints: [`templates/${name}.css`],
    outfile: `lib/${name}.css`,
    bundle: true,
    minify: true,
    logLevel: 'warning',
  });
}

console.log(`lib/{${sizes.join(', ')}}, lib/cli.cjs and lib/{${Object.keys(LAZY).join(',')}}.cjs built`);
