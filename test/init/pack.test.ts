import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { pack } from '../../src/init/pack.ts';
import { PLAIN } from '../helpers/cli.ts';
import { ROOT } from '../helpers/files.ts';

const packs = suite('pack()');

type Listed = { path: string; mode: number; size: number; text?: string };

/** The files of a tarball, as tar lists them: path below package/, mode and size; package.json's text. */
function toListing(tgz: Uint8Array): Listed[] {
  const tar = gunzipSync(tgz);
  const files: Listed[] = [];
  for (let at = 0; at + 512 <= tar.length && tar[at] !== 0;) {
    const field = (from: number, length: number) =>
      tar
        .subarray(at + from, at + from + length)
        .toString('latin1')
        .replace(/\0.*$/s, '');
    const size = parseInt(field(124, 12), 8);
    const path = field(0, 100).replace(/^package\//, '');
    const text = path === 'package.json' ? tar.subarray(at + 512, at + 512 + size).toString('utf8') : undefined;
    files.push({ path, mode: parseInt(field(100, 8), 8), size, ...(text === undefined ? {} : { text }) });
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : 1));
}

packs('packs the files npm pack takes, byte for byte, with a package.json a dependent needs', () => {
  const packed = pack(ROOT);
  const npm = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: PLAIN,
  });
  assert.is(npm.status, 0, npm.stderr);
  const [{ files }] = JSON.parse(npm.stdout) as [{ files: Listed[] }];
  const ours = toListing(packed.bytes);
  const withoutManifest = (list: Listed[]) =>
    list.filter((file) => file.path !== 'package.json').map(({ path, mode, size }) => ({ path, mode, size }));
  assert.equal(withoutManifest(ours), withoutManifest(files.sort((a, b) => (a.path < b.path ? -1 : 1))));
  const manifest = JSON.parse(ours.find((file) => file.path === 'package.json')!.text!) as Record<string, unknown>;
  const source = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
  // Nothing to install beside it, no build script for npm to warn of: what runs is in lib/.
  assert.equal(
    Object.keys(manifest),
    Object.keys(source).filter((key) => !/scripts|devDependencies/i.test(key)),
  );
  assert.is(manifest.dependencies, undefined);
  assert.equal(manifest.bin, source.bin);
  assert.is(packed.file, `podium-leaderboard-${String(source.version)}.tgz`);
});

packs('the same files give the same bytes, and the lock entry their sha512', () => {
  const [first, second] = [pack(ROOT), pack(ROOT)];
  assert.ok(Buffer.from(first.bytes).equals(Buffer.from(second.bytes)));
  assert.is(first.lock.integrity, `sha512-${createHash('sha512').update(first.bytes).digest('base64')}`);
  assert.is(first.lock.resolved, `file:vendor/${first.file}`);
});

packs.run();
