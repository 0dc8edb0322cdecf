// What goes into lib/'s two bundles, as esbuild options: scripts/build.js builds them, and test/budget.test.ts asks
// esbuild what they hold.
import { readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REACT_INTERNALS } from './react-internals.js';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
// React's development builds are slower and much larger; both bundles use the production ones.
const define = { 'process.env.NODE_ENV': '"production"' };

/**
 * React's exports, one namespace for all of the page's modules. esbuild gives each module that imports a CommonJS
 * package a namespace of its own (`import_react2.createElement`, `import_react3…`); through one module that
 * re-exports React, every element the page creates is written the same, which gzip repeats (12 B off a page, 24 B
 * off a page with a previous Stand: test/bake/weight.test.ts). Not in the CLI: there it saved ~0.4 ms a start, and a
 * bake of 12 Stands of 10,000 people peaked 6 MiB higher (docs/performance.md).
 */
const oneReact = {
  name: 'one-react',
  setup(build) {
    build.onResolve({ filter: /^react$/ }, (args) =>
      args.importer.startsWith(join(ROOT, 'src', sep)) ? { path: 'react', namespace: 'one-react' } : undefined,
    );
    build.onLoad({ filter: /^react$/, namespace: 'one-react' }, () => ({
      contents: "export * from 'react';",
      resolveDir: ROOT,
    }));
  },
};

/**
 * What only a fair contest's page shows (targets, prize tiers, teams), each module of src/page/fair/ (and of
 * src/contest/fair/ that the page's ranking asks) with the stub of the same exports that every other page's script
 * takes in its place (a team page's script holds them all).
 */
const FAIR = {
  'src/page/fair/targets.tsx': 'src/page/fair/no-targets.ts',
  'src/contest/fair/targets.ts': 'src/contest/fair/no-targets.ts',
  'src/page/fair/teams.tsx': 'src/page/fair/no-teams.ts',
  'src/page/fair/tiers.tsx': 'src/page/fair/no-tiers.ts',
  'src/contest/fair/tiers.ts': 'src/contest/fair/no-tiers.ts',
};

/**
 * The page script, inlined into every page: esbuild's part; scripts/build.js minifies it once more and adds a notice.
 * This is the script of a page without a previous Stand and without --refresh; CLIENTS are all four.
 */
export const CLIENT = toClient({ history: false, refresh: false, me: false });

/**
 * A page carries only the script it uses: the history's code only with a previous Stand, the TV refresh and rotation
 * only with --refresh, the personal links only with --links. Each variant is its own file in lib/, named by what it
 * holds.
 */
export const CLIENTS = Object.fromEntries(
  [
    ...[false, true].flatMap((history) =>
      [false, true].flatMap((refresh) => [false, true].map((me) => toClient({ history, refresh, me }))),
    ),
    // A team page's script (privacy "access") holds the history's and the personal links' code whether or not its
    // list has a previous Stand or links: its script must not tell.
    ...[false, true].map((refresh) => toClient({ history: true, refresh, me: true, access: true })),
    // A fair contest's script (targets, prize tiers, teams: src/page/fair/) holds the history's and the personal
    // links' code too: two scripts more, not eight.
    ...[false, true].map((refresh) => toClient({ history: true, refresh, me: true, fair: true })),
  ].map((options) => [options.outfile.slice('lib/'.length), options]),
);

/**
 * The page script's esbuild options with or without the history's code, the TV refresh and the personal links; with
 * `access`, a team page's (src/page/access/client.tsx); with `fair`, a fair contest's (FAIR).
 */
function toClient({ history, refresh, me, access = false, fair = false }) {
  // Modules a variant leaves out, each replaced by a stub of the same exports that does nothing; and the search, which
  // a page with personal links takes with them (page/me/finder.tsx wraps it: its own import is left alone).
  const stubs = {
    ...(!history && { 'src/page/history.tsx': 'src/page/no-history.ts' }),
    ...(!refresh && { 'src/page/tv/live.ts': 'src/page/tv/no-live.ts' }),
    ...(me && { 'src/page/finder.tsx': 'src/page/me/finder.tsx' }),
    ...(!fair && !access && FAIR),
  };
  const parts =
    access || fair
      ? [access ? 'access' : 'fair', ...(refresh ? ['refresh'] : [])]
      : [history && 'history', refresh && 'refresh', me && 'me'];
  const name = ['client', ...parts.filter(Boolean)].join('-');
  return {
    absWorkingDir: ROOT,
    entryPoints: [access ? 'src/page/access/client.tsx' : 'src/page/client.tsx'],
    outfile: `lib/${name}.js`,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: ['es2020'],
    minify: true,
    define,
    // esbuild would repeat React's license header for each of its five files; one notice says it once.
    legalComments: 'none',
    // React's own property names, shortened: 2 kB gzip off every page (scripts/react-internals.js).
    mangleProps: new RegExp(`^(${REACT_INTERNALS.map((name) => name.replace(/\$/g, '\\$')).join('|')})$`),
    plugins: [
      oneReact,
      {
        name: 'stubs',
        setup(build) {
          build.onResolve({ filter: /\.tsx?$/ }, (args) => {
            const stub = Object.keys(stubs).find((file) => join(args.resolveDir, args.path) === join(ROOT, file));
            return stub && args.importer !== join(ROOT, stubs[stub]) ? { path: join(ROOT, stubs[stub]) } : undefined;
          });
        },
      },
    ],
  };
}

/** The script of a folder's overview baked with --refresh (src/page/tv/overview.ts): no React, no package. */
export const OVERVIEW = {
  absWorkingDir: ROOT,
  entryPoints: ['src/page/tv/overview.ts'],
  outfile: 'lib/overview.js',
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: ['es2020'],
  minify: true,
  legalComments: 'none',
};

// Files the CLI bundle takes in place of a package's main file. renderToString lives in React's "legacy" server
// renderer; react-dom/server also loads the streaming renderer (and node:stream, node:async_hooks), which a bake never
// uses. jsonc-parser's main file is a UMD wrapper whose requires esbuild cannot follow; its ES module build bundles.
const INSTEAD = {
  'react-dom/server': 'react-dom/cjs/react-dom-server-legacy.node.production.js',
  'jsonc-parser': 'jsonc-parser/lib/esm/main.js',
};
const instead = {
  name: 'instead',
  setup(build) {
    build.onResolve({ filter: new RegExp(`^(${Object.keys(INSTEAD).join('|')})$`) }, (args) => ({
      path: join(ROOT, 'node_modules', INSTEAD[args.path]),
    }));
  },
};

// Modules only some runs need are files of their own, required when used: every start parses the CLI file, and
// luxon (dates) and zod's JSON Schema generator (schema) alone were a third of it; jsonc-parser (positions) only
// places problems; csv-parse (sheet) reads only contests whose users are a CSV file, SheetJS (workbook) only those
// whose users are an Excel workbook; announce (podium announce's moments, words, formats and post) only that command.
// Loading all five at every start costs more than the bench's noise
// (docs/performance.md). Only modules that share no classes with the CLI may be split: each file has its own copy of
// what it imports.
export const LAZY = {
  dates: 'src/contest/dates.ts',
  schema: 'src/contest/json-schema.ts',
  positions: 'src/input/positions.ts',
  sheet: 'src/input/sheets/csv-file.ts',
  workbook: 'src/input/sheets/workbook.ts',
  announce: 'src/cli/announce/message.ts',
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

// commander imports node:child_process, node:fs, node:path and node:process as default imports. For each, the bundle
// would copy the built-in's every export onto a namespace of its own at every start (~300 properties, docs/
// performance.md); these modules hand commander the built-in itself. node:child_process, which commander uses only for
// subcommands that are programs of their own (podium has none), is a stand-in that loads it when called: that module
// costs every start ~2 ms.
const COMMANDER_BUILTINS = {
  child_process: "export default { spawn: (...args) => require('node:child_process').spawn(...args) };",
  fs: "export default require('node:fs');",
  path: "export default require('node:path');",
  process: "export default require('node:process');",
};
const commanderBuiltins = {
  name: 'commander-builtins',
  setup(build) {
    build.onResolve({ filter: new RegExp(`^(node:)?(${Object.keys(COMMANDER_BUILTINS).join('|')})$`) }, (args) =>
      args.importer.includes(`${join('node_modules', 'commander')}`)
        ? { path: args.path.replace(/^node:/, ''), namespace: 'commander-builtins' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'commander-builtins' }, (args) => ({
      contents: COMMANDER_BUILTINS[args.path],
      loader: 'js',
    }));
  },
};

// The CLI's JSX is React's automatic runtime (react/jsx-runtime): jsx() keeps the props object an element is written
// with, where createElement copies every prop into a new one, three to five elements a row of 10,000
// (docs/performance.md). The same markup; the page script keeps tsconfig.json's createElement, as every page carries it.
const {
  jsxFactory: _factory,
  jsxFragmentFactory: _fragment,
  ...compilerOptions
} = JSON.parse(readFileSync(join(ROOT, 'tsconfig.json'), 'utf8')).compilerOptions;

/** The CLI: lib/cli.cjs, and a file of its own for each of LAZY. */
export const CLI = {
  absWorkingDir: ROOT,
  entryPoints: { cli: 'src/cli/main.ts', ...LAZY },
  plugins: [instead, lazyFiles, commanderBuiltins],
  outdir: 'lib',
  // CommonJS, not ESM: Node's ES module loader alone adds to every start (docs/performance.md).
  outExtension: { '.js': '.cjs' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: ['node22'],
  // import() of a lazy file becomes require(): Node's ES module loader would first scan the CommonJS file for its
  // exports (cjs-module-lexer), 30 ms for lib/workbook.cjs (docs/performance.md).
  supported: { 'dynamic-import': false },
  define: { ...define, PODIUM_VERSION: JSON.stringify(version), 'import.meta.url': '__podium_module_url' },
  banner: { js: "const __podium_module_url = require('node:url').pathToFileURL(__filename).href;" },
  tsconfigRaw: { compilerOptions: { ...compilerOptions, jsx: 'react-jsx' } },
  minify: true,
  // For --debug's stack traces (bin/podium.cjs): positions only, without the sources, which the package does not need.
  sourcemap: true,
  sourcesContent: false,
  logLevel: 'warning',
};
