// Eleventy 3 baking the page podium bakes (bench/eleventy/index.11ty.js), for npm run bench's comparison. Eleventy is
// not a dependency: CI would install it for every test run. It is installed once, on demand, into a cache folder.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;
const DIR = join(ROOT, 'node_modules/.cache/podium-bench/eleventy');
const PACKAGE = join(DIR, 'node_modules/@11ty/eleventy/package.json');

/** Eleventy's bin and version, installed into DIR if it is not there yet; or why it cannot run (`skip`). */
export function installEleventy() {
  if (!existsSync(PACKAGE)) {
    mkdirSync(DIR, { recursive: true });
    // The npm that runs npm run bench, with this Node; `npm` from PATH when the bench runs alone.
    const npm = process.env.npm_execpath;
    const args = ['install', '--prefix', DIR, '@11ty/eleventy@3', '--no-audit', '--no-fund', '--loglevel=error'];
    const run = npm
      ? spawnSync(process.execPath, [npm, ...args], { encoding: 'utf8' })
      : spawnSync('npm', args, { encoding: 'utf8' });
    if (run.status !== 0 || !existsSync(PACKAGE)) {
      // npm's own words for it, e.g. `FetchError: request to … failed, reason: getaddrinfo ENOTFOUND registry.npmjs.org`.
      const lines = (run.error?.message ?? run.stderr ?? '').split('\n').map((line) => line.replace(/^npm error /, ''));
      const why = lines.find((line) => /Error|reason/.test(line)) ?? lines.find(Boolean) ?? `exit ${run.status}`;
      return { skip: `npm install @11ty/eleventy@3 failed: ${why.trim()}` };
    }
  }
  const { version, bin } = JSON.parse(readFileSync(PACKAGE, 'utf8'));
  return { version, bin: join(DIR, 'node_modules/@11ty/eleventy', typeof bin === 'string' ? bin : bin.eleventy) };
}

/**
 * An Eleventy project in `dir` that bakes `contest` as podium baked `reference` (the page's HTML): the template, the
 * contest as a global data file, and the page's stylesheets, texts and script as another. Returns its input folder.
 */
export function toEleventyProject(dir, contest, reference) {
  const between = (start, end, from = 0) => {
    const at = reference.indexOf(start, from) + start.length;
    return reference.slice(at, end === '</body>' ? reference.lastIndexOf('</script>') : reference.indexOf(end, at));
  };
  const noscript = '<noscript><style>';
  const assets = {
    css: between('<style>', '</style>'),
    noscript: between(noscript, '</style>'),
    texts: between('<script type="application/json" id="texts">', '</script>'),
    // The last script, after the data's: React's code itself spells `<script>`.
    script: between('</script>\n<script>', '</body>', reference.indexOf('window.__CONTEST__')),
  };
  const input = join(dir, 'src');
  mkdirSync(join(input, '_data'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{ "private": true, "type": "module" }\n');
  copyFileSync(join(ROOT, 'bench/eleventy/index.11ty.js'), join(input, 'index.11ty.js'));
  writeFileSync(join(input, '_data/contest.json'), JSON.stringify(contest, null, 2));
  writeFileSync(join(input, '_data/assets.json'), JSON.stringify(assets));
  return input;
}
