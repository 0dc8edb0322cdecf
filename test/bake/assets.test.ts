import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readAssets, toAsset, toHash } from '../../src/bake/assets.ts';
import { ROOT } from '../helpers/files.ts';

const hash = suite('toHash()');

// A browser runs an inline script or style only if its SHA-256 is in the page's CSP: of its UTF-8 bytes, in base64.
hash('is the CSP source a browser computes for the exact text, UTF-8 encoded', () => {
  // Computed apart from Node: printf '…' | openssl dgst -sha256 -binary | base64
  assert.is(toHash(''), "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
  assert.is(toHash('body{content:"€"}'), "'sha256-eSpA83pX8FyPwqJRy4rKGz9GI4v1Gae+h4rOAr79NPg='");
  assert.is.not(toHash('body{content:"€"} '), toHash('body{content:"€"}'), 'a space more is another text');
});

hash("is the same for a text and its UTF-8 bytes (a page's data is hashed as it is written)", () => {
  for (const text of ['', 'x', 'Ça€𝄞']) assert.is(toHash(Buffer.from(text, 'utf8')), toHash(text), text);
});

const asset = suite('toAsset()');

asset('keeps the text and its hash together', () => {
  const { text, hash } = toAsset('body{content:"€"}');
  assert.is(text, 'body{content:"€"}');
  assert.is(hash, toHash(text));
});

const assets = suite('readAssets()');

assets('reads what scripts/build.js built: each stylesheet a page inlines, and each page script', () => {
  const lib = (name: string) => readFileSync(join(ROOT, 'lib', name), 'utf8');
  const { css, scriptCss, overviewCss, client } = readAssets();
  assert.is(css.text, lib('page.css'), 'a page without a script');
  assert.is(scriptCss.text, lib('page.css') + lib('script.css'), 'a page with one: also what only the script shows');
  assert.is(overviewCss.text, lib('page.css') + lib('overview.css'), "a folder's overview");
  const scripts = [false, true].flatMap((history) => [false, true].map((refresh) => client({ history, refresh })));
  assert.equal(
    scripts.map(({ text }) => text),
    ['client.js', 'client-refresh.js', 'client-history.js', 'client-history-refresh.js'].map(lib),
  );
  assert.is(client({ history: false, refresh: false }), scripts[0], 'each read once per run');
  assert.is(client({ history: true, refresh: false, me: true }).text, lib('client-history-me.js'), 'with --links');
  for (const { text, hash } of [css, scriptCss, overviewCss, ...scripts]) assert.is(hash, toHash(text));
});

hash.run();
asset.run();
assets.run();
