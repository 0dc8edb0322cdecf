import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { readAssets, toAsset, toBuiltGzipSize, toHash, toScript, type Built } from '../../src/bake/assets.ts';
import { ROOT } from '../helpers/files.ts';

const hash = suite('toHash()');

// A browser runs an inline script or style only if its SHA-256 is in the page's CSP: of its UTF-8 bytes, in base64.
hash('is the CSP source a browser computes for the exact text, UTF-8 encoded', () => {
  // Computed apart from Node: printf '…' | openssl dgst -sha256 -binary | base64
  assert.is(toHash(''), "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
  assert.is(toHash('body{content:"€"}'), "'sha256-eSpA83pX8FyPwqJRy4rKGz9GI4v1Gae+h4rOAr79NPg='");
  assert.is.not(toHash('body{content:"€"} '), toHash('body{content:"€"}'), 'a space more is another text');
});

hash('is the same for a text in pieces, and for a large one (hashed by node:crypto)', () => {
  const crypto = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
  const data = `window.__CONTEST__=JSON.parse('${'{"name":"Zoë Müller","profit":1234.5},'.repeat(2000)}')`;
  assert.ok(data.length > 1 << 15, 'beyond what sha256.ts hashes');
  for (const text of ['x', 'Ça€𝄞', data]) {
    assert.is(toHash(text), crypto(text), `${text.length} characters`);
    const middle = Math.floor(text.length / 2);
    assert.is(toHash([text.slice(0, middle), Buffer.from(text.slice(middle), 'utf8')]), crypto(text), 'in two pieces');
  }
});

const asset = suite('toAsset()');

asset('keeps the text, its hash and its UTF-8 bytes together', () => {
  const { text, hash, bytes } = toAsset('body{content:"€"}');
  assert.is(text, 'body{content:"€"}');
  assert.is(hash, toHash(text));
  assert.is(bytes.length, 19, '€ is three bytes');
  assert.is(bytes.toString('utf8'), text);
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
  for (const { text, hash, bytes } of [css, scriptCss, overviewCss, ...scripts]) {
    assert.is(hash, toHash(text));
    assert.equal(bytes, Buffer.from(text, 'utf8'));
  }
});

hash.run();
asset.run();
assets('has from the build the CSP hash and gzip size of every page script, as a bake would find them', () => {
  // A bake prints its page's gzip size with these instead of compressing 230 kB of script (src/bake/size.ts), and
  // takes the hash instead of loading node:crypto for it.
  const built = JSON.parse(readFileSync(join(ROOT, 'lib/scripts.json'), 'utf8')) as Record<string, unknown>;
  const plain = ['client.js', 'client-refresh.js', 'client-history.js', 'client-history-refresh.js'];
  // and each with the personal links' code (--links)
  const scripts = [...plain, ...plain.map((file) => file.replace('.js', '-me.js'))];
  assert.equal(Object.keys(built).sort(), [...scripts].sort());
  for (const file of scripts) {
    const bytes = readFileSync(join(ROOT, 'lib', file));
    const { gzip, sha256 } = built[file] as { gzip: number; sha256: string };
    assert.is(gzip, gzipSync(bytes).length, file);
    assert.is(sha256, toHash(bytes.toString('utf8')), file);
  }
});

assets("takes the build's hash and size only for the bytes the build made", () => {
  const text = readFileSync(join(ROOT, 'lib/client.js'), 'utf8');
  const built = (JSON.parse(readFileSync(join(ROOT, 'lib/scripts.json'), 'utf8')) as Record<string, Built>)[
    'client.js'
  ]!;
  const script = toScript(text, built);
  assert.is(script.hash, toHash(text));
  assert.is(toBuiltGzipSize(script.bytes), gzipSync(script.bytes).length);
  // One character changed after the build (by hand, or a file half written): its own hash, and no size from the build.
  const changed = toScript(`${text.slice(0, -2)};\n`, built);
  assert.is(changed.hash, toHash(`${text.slice(0, -2)};\n`));
  assert.is.not(changed.hash, script.hash);
  assert.is(toBuiltGzipSize(changed.bytes), undefined);
  // An entry without a hash (an older or damaged lib/scripts.json) is no hash either.
  assert.is(toScript(text, { ...built, sha256: undefined } as unknown as Built).hash, toHash(text));
});

assets.run();
