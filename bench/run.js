// npm run bench: whole-process timings of `podium build` against the floor, `node -e 0`, measured in the same run.
// Each bake writes into an empty output folder, as in CI's fresh clone; the rebake rows write over the last run's.
// Writes bench/results.json. Environment: BENCH_RUNS (default 7) runs per case after one warm-up.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { generate as contest } from './generate.js';

const ROOT = new URL('..', import.meta.url).pathname;
const BIN = join(ROOT, 'bin/podium.cjs');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
// Loaded with --require into each measured process: reports its peak RSS (kB) on exit, on stderr.
const RSS_PROBE = "process.on('exit', () => process.stderr.write('\\nmaxrss ' + process.resourceUsage().maxRSS + '\\n'))";

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** `out`: a folder removed before the run (not timed), so that every bake writes fresh output, as CI does. */
function runOnce(args, probe, out) {
  if (out) rmSync(out, { recursive: true, force: true });
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, probe ? ['--require', probe, ...args] : args, { encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed:\n${result.stderr}`);
  const rss = Number(/maxrss (\d+)/.exec(result.stderr ?? '')?.[1] ?? NaN) / 1024;
  return { ms, rss };
}

const FLOOR = ['-e', '0'];

/**
 * Median wall time over RUNS runs after a warm-up, each run paired with a run of the floor, so that both
 * medians see the same machine (a 2-core box drifts by ±10 % over a minute); peak RSS from separate probed runs.
 */
function measure(args, probe, out) {
  runOnce(args, undefined, out);
  runOnce(FLOOR);
  const times = [];
  const floors = [];
  for (let i = 0; i < RUNS; i += 1) {
    floors.push(runOnce(FLOOR).ms);
    times.push(runOnce(args, undefined, out).ms);
  }
  const rss = Array.from({ length: 3 }, () => runOnce(args, probe, out).rss);
  return { ms: median(times), floorMs: median(floors), rssMiB: median(rss) };
}

function sizes(file) {
  const html = readFileSync(file);
  return { rawKB: html.length / 1000, gzipKB: gzipSync(html, { level: 9 }).length / 1000 };
}

const work = mkdtempSync(join(tmpdir(), 'podium-bench-'));
try {
  const probe = join(work, 'rss-probe.cjs');
  writeFileSync(probe, RSS_PROBE);
  for (const count of [100, 10_000, 100_000]) writeFileSync(join(work, `c${count}.json`), JSON.stringify(contest(count), null, 2));
  mkdirSync(join(work, 'folder'));
  for (let i = 0; i < 200; i += 1) writeFileSync(join(work, 'folder', `contest-${String(i).padStart(3, '0')}.json`), JSON.stringify(contest(100, i + 1), null, 2));

  const build = (input, out) => [BIN, 'build', join(work, input), '--out', join(work, out)];
  // The file system's own share: a process that writes N copies of a page as podium does (folder, temp file,
  // rename) and nothing else.
  const writer = join(work, 'write-only.cjs');
  writeFileSync(
    writer,
    `const fs = require('fs'); const [page, out, n] = process.argv.slice(2); const body = fs.readFileSync(page);
for (let i = 0; i < Number(n); i++) { const dir = out + '/c' + i; fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(dir + '/.t', body); fs.renameSync(dir + '/.t', dir + '/index.html'); }`,
  );
  const writeOnly = (n, out) => [writer, join(work, 'page.html'), join(work, out), String(n)];
  const floor = measure(FLOOR, probe);
  const cases = [
    { name: 'build 100 users', users: 100, args: build('c100.json', 'o100'), out: 'o100', page: 'o100/index.html' },
    { name: 'build 10,000 users', users: 10_000, args: build('c10000.json', 'o10k'), out: 'o10k', page: 'o10k/index.html' },
    { name: 'build 100,000 users', users: 100_000, args: build('c100000.json', 'o100k'), out: 'o100k', page: 'o100k/index.html' },
    { name: 'build folder 200 × 100', users: 20_000, args: build('folder', 'ofolder'), out: 'ofolder', page: 'ofolder/contest-000/index.html' },
    // The same bakes into the output a previous run left: every page replaces a file (a local rebake).
    { name: 'rebake 100 users', users: 100, args: build('c100.json', 'r100'), page: 'r100/index.html' },
    { name: 'rebake folder 200 × 100', users: 20_000, args: build('folder', 'rfolder'), page: 'rfolder/contest-000/index.html' },
  ].map((c) => ({ ...c, ...measure(c.args, probe, c.out && join(work, c.out)) }));
  if (readdirSync(join(work, 'rfolder')).length !== 200) throw new Error('the folder build did not write 200 pages');
  writeFileSync(join(work, 'page.html'), readFileSync(join(work, 'o100/index.html')));
  const fs1 = measure(writeOnly(1, 'w1'), probe, join(work, 'w1'));
  const fs200 = measure(writeOnly(200, 'w200'), probe, join(work, 'w200'));
  const fsPerPageMs = (fs200.ms - fs1.ms) / 199;

  const [b100, b10k, b100k, folder, r100, rfolder] = cases;
  const extra = (c) => c.ms - b100.ms; // cost beyond the 100-user bake: the per-user work
  const perContestMs = (folder.ms - b100.ms) / 199;
  const targets = [
    { target: '100 users ≤ 2.0 × floor', value: b100.ms / b100.floorMs, limit: 2.0 },
    { target: '10,000 users ≤ 4.5 × floor', value: b10k.ms / b10k.floorMs, limit: 4.5 },
    { target: '100,000 users: extra cost ≤ 10 × the 10,000-user extra cost', value: extra(b100k) / extra(b10k), limit: 10 },
    { target: '100,000 users: peak RSS ≤ 350 MiB', value: b100k.rssMiB, limit: 350 },
    { target: 'folder: each extra contest ≤ 3 ms', value: perContestMs, limit: 3 },
  ].map((t) => ({ ...t, pass: t.value <= t.limit }));
  // Not a target: the same cost when every page replaces an existing file (ext4 flushes a file renamed over another).
  const rebakePerContestMs = (rfolder.ms - r100.ms) / 199;

  const rows = [
    { case: 'floor: node -e 0', ms: floor.ms, ratio: 1, rssMiB: floor.rssMiB },
    ...cases.map((c) => ({ case: c.name, ms: c.ms, floorMs: c.floorMs, ratio: c.ms / c.floorMs, rssMiB: c.rssMiB, ...sizes(join(work, c.page)) })),
  ];
  const cell = (value, digits = 1) => (value === undefined ? '' : value.toFixed(digits));
  console.log(`podium bench: median of ${RUNS} runs after a warm-up, node ${process.version}, ${new Date().toISOString()}\n`);
  console.log('case                      wall ms  floor ms   × floor   peak RSS MiB    page kB   gzip kB');
  for (const row of rows) {
    console.log(
      `${row.case.padEnd(24)}${cell(row.ms).padStart(9)}${cell(row.floorMs).padStart(10)}${cell(row.ratio, 2).padStart(10)}${cell(row.rssMiB).padStart(15)}${cell(row.rawKB).padStart(11)}${cell(row.gzipKB).padStart(10)}`,
    );
  }
  console.log('(floor ms: the median of `node -e 0` runs interleaved with that case; × floor divides by it)');
  console.log('');
  for (const t of targets) console.log(`${t.pass ? 'PASS' : 'FAIL'}  ${t.target}: ${cell(t.value, 2)}`);
  console.log(`info  rebake into existing output: each extra contest ${cell(rebakePerContestMs, 2)} ms`);
  console.log(`info  file system alone (write-only process, same pages): ${cell(fsPerPageMs, 2)} ms a page; podium's own work: ${cell(perContestMs - fsPerPageMs, 2)} ms a contest`);
  writeFileSync(join(ROOT, 'bench/results.json'), `${JSON.stringify({ node: process.version, runs: RUNS, rows, targets, rebakePerContestMs, fsPerPageMs }, null, 2)}\n`);
  console.log('\nwritten: bench/results.json');
  if (targets.some((t) => !t.pass)) process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
