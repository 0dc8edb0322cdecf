// The installed bin on a Node older than package.json's engines allow: one line that says what to install, exit 2,
// before anything of lib/ runs. Needs such a Node: PODIUM_OLD_NODE, or one found on PATH or in /usr/bin.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { BIN, PLAIN } from '../helpers/cli.ts';
import { inScratch, ROOT } from '../helpers/files.ts';
import { canTest } from '../helpers/skip.ts';

const engines = suite('the bin on an old Node');

const { engines: wanted } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
};
const [leastMajor, leastMinor] = wanted.node.match(/\d+/g)!.map(Number) as [number, number];

/** The version of the Node at `path`, or undefined where none runs. */
function versionOf(path: string): string | undefined {
  const run = spawnSync(path, ['--version'], { encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim().replace(/^v/, '') : undefined;
}

const isOld = (version: string) => {
  const [major, minor] = version.split('.').map(Number) as [number, number];
  return major < leastMajor || (major === leastMajor && minor < leastMinor);
};

/** A Node older than engines allow: PODIUM_OLD_NODE, else the first on PATH or in /usr/bin, /usr/local/bin. */
function findOldNode(): { path: string; version: string } | undefined {
  const candidates = [
    process.env.PODIUM_OLD_NODE,
    ...(process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'node')),
    '/usr/local/bin/node',
    '/usr/bin/node',
  ];
  for (const path of candidates) {
    if (!path || !existsSync(path)) continue;
    const version = versionOf(path);
    if (version && isOld(version)) return { path, version };
  }
  return undefined;
}

const old = findOldNode();

engines("the bin's oldest Node is package.json's engines", () => {
  const least = /const LEAST = \[(\d+), (\d+)\];/.exec(readFileSync(BIN, 'utf8'));
  assert.equal([Number(least?.[1]), Number(least?.[2])], [leastMajor, leastMinor]);
});

engines('every command says which Node it needs and how to get it, in one line, exits 2 and writes nothing', () => {
  if (!canTest('OLD_NODE', 'podium on a Node older than engines allow', old ? undefined : 'no such Node found')) return;
  const { path, version } = old!;
  const line = `podium: needs Node.js ${leastMajor}.${leastMinor} or later (this is ${version}); install it from https://nodejs.org/ or with nvm: nvm install --lts\n`;
  return inScratch((dir) => {
    const commands = [
      ['build', join(ROOT, 'contests/example.json'), '--out', 'site'],
      ['validate', join(ROOT, 'contests')],
      ['dev', join(ROOT, 'contests')],
      ['schema'],
      ['init', 'team'],
      ['--version'],
      ['--help'],
      [],
    ];
    for (const args of commands) {
      const run = spawnSync(path, [BIN, ...args], { cwd: dir, encoding: 'utf8', env: PLAIN, timeout: 10_000 });
      assert.is(run.stderr, line, `podium ${args.join(' ')}`);
      assert.is(run.stdout, '', `podium ${args.join(' ')}`);
      assert.is(run.status, 2, `podium ${args.join(' ')}`);
    }
    assert.equal(readdirSync(dir), [], 'no page, no repository');
  });
});

engines.run();
