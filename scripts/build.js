// Builds lib/: the page script (bundled once, inlined into every page) and the CLI as one ESM file.
// Runs at `npm install` (prepare) and before the tests, so a bake never runs esbuild.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
// React's development builds are ~3x slower and much larger; both bundles use the production ones.
const define = { 'process.env.NODE_ENV': '"production"' };

const client = await build({
  entryPoints: ['src/client.tsx'],
  outfile: 'lib/client.js',
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: ['es2020'],
  minify: true,
  define,
  write: true,
  metafile: true,
});

// The bundle is inlined in a <script>: these sequences would end it or change how HTML parses it.
const code = readFileSync('lib/client.js', 'utf8');
// ("<script" alone is harmless; only after "<!--" does it change parsing: HTML spec, script data escaped state.)
for (const bad of ['</script', '<!--']) {
  if (code.toLowerCase().includes(bad)) throw new Error(`lib/client.js contains "${bad}" and cannot be inlined`);
}

await build({
  entryPoints: ['src/cli.ts'],
  outfile: 'lib/cli.js',
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: ['node20'],
  define: { ...define, PODIUM_VERSION: JSON.stringify(version) },
  // CommonJS packages bundled into ESM still call require() for Node built-ins.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  external: ['esbuild'],
  logLevel: 'warning',
});

const bytes = Object.values(client.metafile.outputs)[0].bytes;
console.log(`lib/client.js ${(bytes / 1000).toFixed(1)} kB, lib/cli.js built`);
