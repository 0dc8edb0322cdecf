// The React property names the page script shortens (scripts/react-internals.js) must be React's alone: a name that
// a string spells, that podium's code or texts use, or that a browser defines would break the page when shortened.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from 'esbuild';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLIENTS } from '../../scripts/bundles.js';
import { REACT_INTERNALS } from '../../scripts/react-internals.js';
import { chromiumSuite } from '../helpers/browser.ts';
import { ROOT } from '../helpers/files.ts';

const internals = suite('React internals shortened');

/**
 * The property names in `files` (`.name`, `name:`, a string `'name'`, and what a module imports by name, which the
 * bundle reads as a property of the module: `import { createPortal } from 'react-dom'`); every word with `all`.
 */
function namesIn(files: readonly string[], all: boolean, names = new Set<string>()): Set<string> {
  const pattern = all ? /([\w$]+)/g : /\.([\w$]+)|([\w$]+)\??\s*:|["'`]([\w$]+)["'`]/g;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(pattern)) names.add(match.slice(1).find(Boolean)!);
    for (const [, list] of text.matchAll(/import\s+(?:type\s+)?(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from/g))
      for (const [name] of list!.matchAll(/(?<!\bas\s+)\b[\w$]+/g))
        if (name !== 'type' && name !== 'as') names.add(name);
  }
  return names;
}

internals(
  'no shortened name is spelled in a string of any page script, nor used by its own code or texts',
  async () => {
    const catalogues = join(ROOT, 'templates/messages');
    const texts = namesIn(
      readdirSync(catalogues).map((name) => join(catalogues, name)),
      true,
    );
    for (const options of Object.values(CLIENTS)) {
      // Unminified and unshortened: a string such as "memoizedState" or obj["stateNode"] would not be shortened.
      const result = await build({ ...options, mangleProps: undefined, minify: false, write: false, metafile: true });
      // podium's own modules in this script: its code, or its data read by a name, would miss a shortened one.
      const sources = Object.keys(result.metafile!.inputs).filter((file) => file.startsWith('src/'));
      const ours = namesIn(
        sources.map((file) => join(ROOT, file)),
        false,
        new Set(texts),
      );
      assert.equal(
        REACT_INTERNALS.filter((name) => ours.has(name)),
        [],
        `${options.outfile}: a name podium's page code or texts use`,
      );
      // A string that is a name, or a list of names ("abort auxClick cancel", which React splits into keys); not a
      // sentence such as an error message.
      const strings = new Set<string>();
      for (const [, , text] of result.outputFiles[0]!.text.matchAll(/(["'`])((?:\\.|(?!\1)[^\\\n])*)\1/g))
        if (/^[\w$\s,]*$/.test(text!)) for (const word of text!.match(/[\w$]+/g) ?? []) strings.add(word);
      assert.equal(
        REACT_INTERNALS.filter((name) => strings.has(name)),
        [],
        `${options.outfile}: a name spelled in a string`,
      );
    }
  },
);

internals('the page script is built with the names shortened', () => {
  const script = readFileSync(join(ROOT, 'lib/client.js'), 'utf8');
  for (const name of ['memoizedState', 'stateNode', 'alternate'])
    assert.not.ok(new RegExp(`\\.${name}\\b`).test(script), name);
});

internals.run();

const browser = chromiumSuite('React internals shortened, in Chromium');

browser.test('no shortened name is a property a browser or JavaScript defines', async () => {
  const page = await browser.browser().newPage();
  try {
    // As text: tsx would wrap a function given here in helpers the page does not have.
    const defined = await page.evaluate(`(() => {
      const names = new Set(${JSON.stringify(REACT_INTERNALS)});
      const seen = new Set();
      const found = new Set();
      const visit = (value) => {
        for (let at = value; at && !seen.has(at); at = Object.getPrototypeOf(at)) {
          seen.add(at);
          for (const key of Object.getOwnPropertyNames(at)) if (names.has(key)) found.add(key);
        }
      };
      for (const key of Object.getOwnPropertyNames(window)) {
        if (names.has(key)) found.add(key);
        let value;
        try {
          value = window[key];
        } catch {
          continue; // localStorage, say, on a page without an origin
        }
        if (value && (typeof value === 'object' || typeof value === 'function')) [value, value.prototype].forEach(visit);
      }
      const tags = ['div', 'input', 'select', 'textarea', 'form', 'link', 'style', 'script', 'img', 'iframe', 'svg'];
      [document, new Event('x'), ...tags.map((tag) => document.createElement(tag))].forEach(visit);
      return [...found];
    })()`);
    assert.equal(defined, []);
  } finally {
    await page.close();
  }
});

browser.run();
