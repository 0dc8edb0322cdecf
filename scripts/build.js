// Builds lib/: the page script (bundled once, inlined into every page) and the CLI as one file.
// Runs at `npm install` (prepare) and before the tests, so a bake never runs esbuild.
import { build } from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { minify } from 'terser';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
// React's development builds are slower and much larger; both bundles use the production ones.
const define = { 'process.env.NODE_ENV': '"production"' };
// A fresh clone has no lib/: the page script is written by hand below, before esbuild would make the folder.
mkdirSync('lib', { recursive: true });

// A fresh clone has no lib/: the page script is written here before esbuild makes the folder for the CLI.
mkdirSync('lib', { recursive: true });
const client = await build({
  entryPoints: ['src/page/client.tsx'],
  outfile: 'lib/client.js',
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: ['es2020'],
  minify: true,
  define,
  write: false,
  metafile: true,
  // esbuild would repeat React's license header for each of its five files; one notice below says it once.
  legalComments: 'none',
});
// Every page carries this script: terser over esbuild's output takes another 1.1 kB gzip off it. The options are
// the ones that compress best (test/weight.test.ts): no comma sequences and no inlined variables, which repeat less.
const { code: minified } = await minify(client.outputFiles[0].text, {
  compress: { passes: 2, sequences: false, reduce_vars: false },
  ecma: 2020,
  format: { comments: false, ascii_only: true },
});

// The license notice of every package in the page script, once per package (every page carries it).
const notices = new Map();
for (const input of Object.keys(client.metafile.inputs)) {
  // The package folder is what follows the last node_modules/ (hoisted, symlinked and pnpm layouts alike).
  const [, folder, name] = /^(.*\/?node_modules\/((?:@[^/]+\/)?[^/.][^/]*))\//.exec(input) ?? [];
  if (!folder || !name || [...notices.values()].some((names) => names.includes(name))) continue;
  const { license } = JSON.parse(readFileSync(`${folder}/package.json`, 'utf8'));
  const copyright = /^copyright.*$/im.exec(readFileSync(`${folder}/LICENSE`, 'utf8'))?.[0];
  if (!license || !copyright)
    throw new Error(`${name}: no license or copyright line found for the page script's notice`);
  const key = `${license} license, ${copyright}`;
  notices.set(key, [...(notices.get(key) ?? []), name]);
}
if (!notices.size)
  throw new Error("lib/client.js: no package found for its license notice; esbuild's inputs changed shape");
const notice = [...notices].map(([key, names]) => `${names.sort().join(', ')}: ${key}`).join('; ');
writeFileSync('lib/client.js', `${minified.trimEnd()}\n/*! ${notice} */\n`);

// The bundle is inlined in a <script>: these sequences would end it or change how HTML parses it.
const code = readFileSync('lib/client.js', 'utf8');
// Its gzip size, for the page sizes a build prints without compressing the same script for every page.
writeFileSync('lib/client.gzip-size', String(gzipSync(code).length));
// ("<script" alone is harmless; only after "<!--" does it change parsing: HTML spec, script data escaped state.)
for (const bad of ['</script', '<!--']) {
  if (code.toLowerCase().includes(bad)) throw new Error(`lib/client.js contains "${bad}" and cannot be inlined`);
}

// Files the CLI bundle takes in place of a package's main file. renderToString lives in React's "legacy" server
// renderer; react-dom/server also loads the streaming renderer, which a bake never uses. jsonc-parser's main file
// is a UMD wrapper whose requires esbuild cannot follow; its ES module build bundles.
const INSTEAD = {
  'react-dom/server': 'react-dom/cjs/react-dom-server-legacy.node.production.js',
  'jsonc-parser': 'jsonc-parser/lib/esm/main.js',
};
const instead = {
  name: 'instead',
  setup(build) {
    build.onResolve({ filter: new RegExp(`^(${Object.keys(INSTEAD).join('|')})$`) }, (args) => ({
      path: fileURLToPath(new URL(`../node_modules/${INSTEAD[args.path]}`, import.meta.url)),
    }));
  },
};

// Modules only some runs need are files of their own, required when used: every start parses the CLI file, and
// luxon (dates) and zod's JSON Schema generator (schema) alone were a third of it; jsonc-parser (positions) only
// places problems; csv-parse (sheet) reads only contests whose users are a CSV file. Only modules that share no
// classes with the CLI may be split: each file has its own copy of what it imports.
const LAZY = {
  dates: 'src/contest/dates.ts',
  schema: 'src/contest/json-schema.ts',
  positions: 'src/input/positions.ts',
  sheet: 'src/input/sheet.ts',
};
const lazyFiles = {
  name: 'lazy-files',
  setup(build) {
    build.onResolve({ filter: /\.ts$/ }, (args) => {
      if (args.kind !== 'dynamic-import') return undefined;
      const name = Object.keys(LAZY).find((key) => join(args.resolveDir, args.path) === join(ROOT, LAZY[key]));
      // Every built file sits in lib/, so one file requires another by its name alone.
      return name ? { path: `./${name}.cjs`, external: true } : undefined;
    });
  },
};

// CommonJS, not ESM: Node's ES module loader alone adds to every start (docs/performance.md).
const cli = await build({
  entryPoints: { cli: 'src/cli/main.ts', ...LAZY },
  metafile: true,
  plugins: [instead, lazyFiles],
  outdir: 'lib',
  outExtension: { '.js': '.cjs' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: ['node20'],
  define: { ...define, PODIUM_VERSION: JSON.stringify(version), 'import.meta.url': '__podium_module_url' },
  banner: { js: "const __podium_module_url = require('node:url').pathToFileURL(__filename).href;" },
  minify: true,
  // For --debug's stack traces (bin/podium.cjs): positions only, without the sources, which the package does not need.
  sourcemap: true,
  sourcesContent: false,
  logLevel: 'warning',
});

// The stylesheets, minified: every page inlines page.css, a page with a script also script.css, so its bytes count on
// every page (test/weight.test.ts). A folder's overview page inlines page.css and overview.css.
for (const name of ['page', 'script', 'overview']) {
  await build({
    entryPoints: [`templates/${name}.css`],
    outfile: `lib/${name}.css`,
    bundle: true,
    minify: true,
    logLevel: 'warning',
  });
}

// What each bundle is made of, for the test that keeps React's production builds in them.
// (Inputs that add more than a module wrapper, i.e. whose code is really in the file.)
const inputsOf = (result, output) =>
  Object.entries(result.metafile.outputs[output].inputs)
    .filter(([, input]) => input.bytesInOutput > 64)
    .map(([file]) => file)
    .sort();
const files = { client: inputsOf(client, 'lib/client.js') };
for (const name of ['cli', ...Object.keys(LAZY)]) files[name] = inputsOf(cli, `lib/${name}.cjs`);
writeFileSync('lib/inputs.json', `${JSON.stringify(files, null, 2)}\n`);

console.log(
  `lib/client.js ${(Buffer.byteLength(code) / 1000).toFixed(1)} kB, lib/cli.cjs and lib/{${Object.keys(LAZY).join(',')}}.cjs built`,
);
