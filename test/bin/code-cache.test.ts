// bin/code-cache.cjs: V8's code for lib/cli.cjs kept between runs. Real processes, each with a compile cache folder of
// its own (NODE_COMPILE_CACHE), as a user's runs share one.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { PLAIN } from '../helpers/cli.ts';
import { toWorkbook } from '../helpers/workbooks.ts';
import { inScratch, ROOT } from '../helpers/files.ts';

const cache = suite('bin/code-cache.cjs');

/** Runs `bin` (this repository's by default) with `cacheFolder` as Node's compile cache. */
function run(args: string[], cacheFolder: string, bin = join(ROOT, 'bin/podium.cjs'), env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(process.execPath, [bin, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...PLAIN, NODE_COMPILE_CACHE: cacheFolder, NODE_DISABLE_COMPILE_CACHE: undefined, ...env },
  });
  assert.is(result.stderr.includes('Error'), false, result.stderr);
  return result;
}

/** The files podium keeps in a compile cache folder (Node keeps its own beside them, in a folder per version). */
function cacheFiles(cacheFolder: string): string[] {
  return readdirSync(cacheFolder, { recursive: true, encoding: 'utf8' })
    .filter((name) => /podium-[^/]*\.cache$/.test(name))
    .map((name) => join(cacheFolder, name));
}

/** The file of lib/ whose code a cache file holds: its name ends in the CRC-32 of the file's path (bin/code-cache.cjs). */
function toLibFile(cacheFile: string): string | undefined {
  const sum = /-([0-9a-f]+)\.cache$/.exec(cacheFile)?.[1];
  return readdirSync(join(ROOT, 'lib')).find((name) => crc32(join(ROOT, 'lib', name)).toString(16) === sum);
}

cache('a bake leaves the code it ran, the next takes it and bakes the same page', () =>
  inScratch((dir) => {
    const folder = join(dir, 'cache');
    const first = run(['build', 'contests/example.json', '--out', join(dir, 'a')], folder);
    assert.is(first.status, 0, first.stderr);
    // lib/cli.cjs, and lib/dates.cjs, which the time of the example's Stand loads.
    assert.equal(cacheFiles(folder).map(toLibFile).sort(), ['cli.cjs', 'dates.cjs']);
    const file = cacheFiles(folder).find((name) => toLibFile(name) === 'cli.cjs');
    assert.is(statSync(file!).mode & 0o777, 0o600, 'readable and writable by its user alone');
    const written = readFileSync(file!);
    const second = run(['build', 'contests/example.json', '--out', join(dir, 'b')], folder);
    assert.is(second.status, 0, second.stderr);
    assert.equal(readFileSync(join(dir, 'b/index.html')), readFileSync(join(dir, 'a/index.html')));
    assert.is(second.stdout.replace(join(dir, 'b'), ''), first.stdout.replace(join(dir, 'a'), ''));
    // A cache that was taken is not written again.
    assert.equal(readFileSync(file!), written);
  }),
);

cache('a history bake, which collects the heap on its way, leaves code the next one takes', () =>
  inScratch((dir) => {
    // Four Stands of 10,000 people: the two before the previous one are enough for a collection (input/history.ts).
    mkdirSync(join(dir, 'weeks'));
    const rows = Array.from({ length: 10_000 }, (_, i) => `Person ${i};${i % 97};${i},50`).join('\n');
    for (const day of ['01', '08', '15', '22'])
      writeFileSync(join(dir, `weeks/2027-01-${day}.csv`), `Name;Anzahl Eigenleads;Summe Netto-Volumen AB\n${rows}\n`);
    const contest = JSON.parse(readFileSync(join(ROOT, 'contests/example.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(dir, 'contest.json'), JSON.stringify({ ...contest, users: 'weeks/' }));
    const folder = join(dir, 'cache');
    const bake = (out: string) => run(['build', join(dir, 'contest.json'), '--out', join(dir, out)], folder);
    assert.is(bake('a').status, 0);
    const file = cacheFiles(folder).find((name) => toLibFile(name) === 'cli.cjs');
    const written = readFileSync(file!);
    assert.is(bake('b').status, 0);
    assert.equal(readFileSync(file!), written, 'taken, not written again');
  }),
);

cache('a CSV and a workbook bake also leave the code of the file of lib/ that reads them; the next takes both', () =>
  inScratch((dir) => {
    const contest = JSON.parse(readFileSync(join(ROOT, 'contests/example.json'), 'utf8')) as Record<string, unknown>;
    const header = ['Name', 'Anzahl Eigenleads', 'Summe Netto-Volumen AB'];
    const people = [header, ['Anna Adler', 12, 3400.5], ['Ben Braun', 9, 1200]];
    writeFileSync(join(dir, 'users.csv'), `${header.join(';')}\nAnna Adler;12;3.400,50\nBen Braun;9;1.200,00\n`);
    writeFileSync(join(dir, 'users.xlsx'), toWorkbook({ Tabelle1: people }));
    for (const [name, users] of [
      ['csv', 'users.csv'],
      ['workbook', 'users.xlsx'],
    ] as const) {
      writeFileSync(join(dir, `${name}.json`), JSON.stringify({ ...contest, users }));
      const folder = join(dir, `cache-${name}`);
      const bake = (out: string) => run(['build', join(dir, `${name}.json`), '--out', join(dir, out)], folder);
      assert.is(bake(`${name}-a`).status, 0);
      const files = cacheFiles(folder);
      const reader = name === 'csv' ? 'sheet.cjs' : 'workbook.cjs';
      assert.equal(files.map(toLibFile).sort(), ['cli.cjs', 'dates.cjs', reader], name);
      const written = files.map((file) => readFileSync(file));
      const second = bake(`${name}-b`);
      assert.is(second.status, 0, second.stderr);
      assert.equal(
        files.map((file) => readFileSync(file)),
        written,
        `${name}: both taken, not written again`,
      );
      const page = (out: string) => readFileSync(join(dir, out, 'index.html'));
      assert.equal(page(`${name}-b`), page(`${name}-a`));
      assert.ok(page(`${name}-a`).includes('Ben Braun'));
    }
  }),
);

cache('only a successful bake writes the cache; NODE_DISABLE_COMPILE_CACHE=1 turns it off', () =>
  inScratch((dir) => {
    const folder = join(dir, 'cache');
    assert.is(run(['validate', 'contests/example.json'], folder).status, 0);
    assert.is(run(['--version'], folder).status, 0);
    assert.is(run(['build', '--help'], folder).status, 0);
    assert.is(run(['build', '-h'], folder).status, 0);
    assert.is(run(['build', 'test/fixtures/invalid-schema.json', '--out', join(dir, 'x')], folder).status, 1);
    assert.equal(cacheFiles(folder), [], 'no cache from a validate, --version, build --help or a failed bake');
    const off = { NODE_DISABLE_COMPILE_CACHE: '1' };
    assert.is(run(['build', 'contests/example.json', '--out', join(dir, 'a')], folder, undefined, off).status, 0);
    assert.equal(cacheFiles(folder), [], 'none when the compile cache is off');
  }),
);

cache('code cached for an earlier lib/cli.cjs of the same length is not run', () =>
  inScratch((dir) => {
    // A copy of the package whose CLI is then rebuilt with another version: the same length, other code.
    const pkg = join(dir, 'pkg');
    for (const part of ['bin', 'lib']) cpSync(join(ROOT, part), join(pkg, part), { recursive: true });
    const bin = join(pkg, 'bin/podium.cjs');
    const folder = join(dir, 'cache');
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    assert.is(run(['build', 'contests/example.json', '--out', join(dir, 'a')], folder, bin).status, 0);
    assert.is(run(['--version'], folder, bin).stdout.trim(), version);
    const cli = join(pkg, 'lib/cli.cjs');
    const other = version.replace(/\d/g, '9');
    const source = readFileSync(cli, 'utf8');
    assert.ok(source.includes(`"${version}"`));
    writeFileSync(cli, source.replaceAll(`"${version}"`, `"${other}"`));
    assert.is(run(['--version'], folder, bin).stdout.trim(), other);
  }),
);

cache('a cache file that others could write, or that is cut short or damaged, is not taken and is written anew', () =>
  inScratch((dir) => {
    const folder = join(dir, 'cache');
    assert.is(run(['build', 'contests/example.json', '--out', join(dir, 'a')], folder).status, 0);
    const file = cacheFiles(folder).find((name) => toLibFile(name) === 'cli.cjs');
    const good = readFileSync(file!);
    chmodSync(file!, 0o666);
    assert.is(run(['build', 'contests/example.json', '--out', join(dir, 'b')], folder).status, 0);
    assert.is(statSync(file!).mode & 0o777, 0o600, 'a file writable by others is replaced');
    // One byte damaged near the end of the code: V8 alone crashed on it (SIGSEGV), at every start.
    const damaged = Buffer.from(good);
    damaged.writeUInt32LE(0xffffffff, damaged.length - 16_000);
    for (const bad of [
      Buffer.alloc(0),
      good.subarray(0, 8),
      good.subarray(0, 1000),
      Buffer.from('not code'),
      damaged,
    ]) {
      writeFileSync(file!, bad);
      const out = join(dir, `c${bad.length}`);
      assert.is(run(['build', 'contests/example.json', '--out', out], folder).status, 0);
      assert.equal(readFileSync(join(out, 'index.html')), readFileSync(join(dir, 'a/index.html')));
      assert.ok(readFileSync(file!).length > good.length / 2, `${bad.length} bytes: written anew`);
    }
  }),
);

cache.run();
