// npm run bench: whole-process timings of `podium build` against the floor, `node -e 0`, measured in the same run.
// Each bake writes into a new output folder, as in CI's fresh clone; the rebake rows write over the last run's.
// Writes bench/results.json. Environment: BENCH_RUNS (default 15) runs per case after one warm-up: the median of 7
// runs of one 100-user bake spread over 16 ms on this machine within minutes, of 15 over 7 (docs/performance.md).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { generate as contest, toExcelCsv, toHistoryFiles, toStands, toWorkbookBytes } from './generate.js';

const ROOT = new URL('..', import.meta.url).pathname;
const BIN = join(ROOT, 'bin/podium.cjs');
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
// Loaded with --require into each measured process: reports its peak RSS (kB) on exit, on stderr.
const RSS_PROBE =
  "process.on('exit', () => process.stderr.write('\\nmaxrss ' + process.resourceUsage().maxRSS + '\\n'))";
const FLOOR = ['-e', '0'];

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function runOnce(args, probe, status = 0) {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, probe ? ['--require', probe, ...args] : args, { encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== status) throw new Error(`${args.join(' ')} exited ${result.status}:\n${result.stderr}`);
  const rss = Number(/maxrss (\d+)/.exec(result.stderr ?? '')?.[1] ?? NaN) / 1024;
  return { ms, rss };
}

/**
 * Runs a group of cases round-robin, RUNS rounds after a warm-up, so that every case of a group sees the same
 * machine (a virtual machine drifts over a minute). Median wall time per case; peak RSS from three separate
 * probed runs. A case is { args(run) }: `run` numbers its runs, for a new output folder each. The first case is
 * the floor. New folders, not emptied ones: right after a deletion this disk creates files slowly
 * (docs/performance.md), and CI's fresh clone has nothing deleted; so nothing is deleted while measuring.
 */
function measureGroup(cases, probe) {
  let run = 0;
  for (const c of cases) runOnce(c.args((run += 1)), undefined, c.status);
  const times = cases.map(() => []);
  // The floor (the first case) runs between every two other cases: its median is the floor of all.
  const order = cases.slice(1).flatMap((_, j) => [0, j + 1]);
  for (let i = 0; i < RUNS; i += 1)
    for (const j of order) times[j].push(runOnce(cases[j].args((run += 1)), undefined, cases[j].status).ms);
  return cases.map((c, j) => ({
    name: c.name,
    page: c.page,
    last: c.last,
    ms: median(times[j]),
    rssMiB: median(Array.from({ length: 3 }, () => runOnce(c.args((run += 1)), probe, c.status).rss)),
  }));
}

function sizes(file) {
  const html = readFileSync(file);
  return { rawKB: html.length / 1000, gzipKB: gzipSync(html, { level: 9 }).length / 1000 };
}

const work = mkdtempSync(join(tmpdir(), 'podium-bench-'));
try {
  const probe = join(work, 'rss-probe.cjs');
  writeFileSync(probe, RSS_PROBE);
  for (const count of [100, 10_000, 100_000])
    writeFileSync(join(work, `c${count}.json`), JSON.stringify(contest(count), null, 2));
  // The same 10,000 users from a CSV export (issue 13): the contest names the file instead of listing them.
  const fromCsv = contest(10_000);
  writeFileSync(join(work, 'c10000.csv'), toExcelCsv(fromCsv.users));
  writeFileSync(join(work, 'c10000-csv.json'), JSON.stringify({ ...fromCsv, users: 'c10000.csv' }, null, 2));
  // And from an Excel workbook of the same users.
  writeFileSync(join(work, 'c10000.xlsx'), toWorkbookBytes(fromCsv.users));
  writeFileSync(join(work, 'c10000-xlsx.json'), JSON.stringify({ ...fromCsv, users: 'c10000.xlsx' }, null, 2));
  // Exports as they go wrong: 100,000 rows with an amount in the wrong format, the same problems as JSON, and a
  // header far wider than its rows beside an ordinary export of the same size.
  const bad = contest(100_000);
  bad.users.forEach((user) => (user.profit = '12.5.3 €'));
  const badRows = bad.users.map(({ name, leadCount }) => `${name};${leadCount};12.5.3 €\r\n`);
  writeFileSync(join(work, 'bad.csv'), `Name;Anzahl Eigenleads;Summe Netto-Volumen AB\r\n${badRows.join('')}`);
  writeFileSync(join(work, 'bad-csv.json'), JSON.stringify({ ...bad, users: 'bad.csv' }));
  writeFileSync(join(work, 'bad-json.json'), JSON.stringify(bad, null, 2));
  const wide = `Name;Anzahl Eigenleads;Summe Netto-Volumen AB${';'.repeat(100_000)}\r\n${Array.from({ length: 100_000 }, (_, i) => `P${i};1;2\r\n`).join('')}`;
  let plain = 'Name;Anzahl Eigenleads;Summe Netto-Volumen AB\r\n';
  for (let i = 0; plain.length < wide.length; i += 1) plain += `Person ${i};1;2\r\n`;
  writeFileSync(join(work, 'wide.csv'), wide);
  writeFileSync(join(work, 'plain.csv'), plain);
  writeFileSync(join(work, 'wide.json'), JSON.stringify({ ...contest(1), users: 'wide.csv' }));
  writeFileSync(join(work, 'plain.json'), JSON.stringify({ ...contest(1), users: 'plain.csv' }));
  // The same 10,000 users as a history folder: one Stand, and twelve weekly Stands of them.
  const weeks = toStands(fromCsv.users, 12);
  for (const [folder, stands] of [
    ['h1', 1],
    ['h12', 12],
  ]) {
    mkdirSync(join(work, folder));
    for (const [name, text] of toHistoryFiles(weeks, stands)) writeFileSync(join(work, folder, name), text);
    writeFileSync(join(work, `${folder}.json`), JSON.stringify({ ...fromCsv, users: `${folder}/` }, null, 2));
  }
  mkdirSync(join(work, 'folder'));
  for (let i = 0; i < 200; i += 1)
    writeFileSync(
      join(work, 'folder', `contest-${String(i).padStart(3, '0')}.json`),
      JSON.stringify(contest(100, i + 1), null, 2),
    );

  const out = (name) => join(work, 'out', name);
  /** A bake into a new folder per run; `last` is where the last one wrote, for the page sizes. */
  const build = (name, input, folder, page) => {
    const c = {
      name,
      page,
      last: '',
      args: (run) => [BIN, 'build', join(work, input), '--out', (c.last = out(`${folder}-${run}`))],
    };
    return c;
  };
  /** A rebake: every run writes over the pages the previous run wrote. */
  const rebake = (name, input, folder, page) => ({
    name,
    page,
    last: out(folder),
    args: () => [BIN, 'build', join(work, input), '--out', out(folder)],
  });
  // The file system's own share: a process that writes N copies of a page as podium does (folder, temporary
  // file, rename), one after another, and nothing else.
  const writer = join(work, 'write-only.cjs');
  writeFileSync(
    writer,
    `const fs = require('fs'); const [page, out, n] = process.argv.slice(2); const body = fs.readFileSync(page);
for (let i = 0; i < Number(n); i++) { const dir = out + '/c' + i; fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(dir + '/.t', body); fs.renameSync(dir + '/.t', dir + '/index.html'); }`,
  );
  const writeOnly = (name, n, folder) => ({
    name,
    args: (run) => [writer, join(work, 'page.html'), out(`${folder}-${run}`), String(n)],
  });
  // The page the write-only process stores: one of the folder's, baked once before measuring.
  runOnce([BIN, 'build', join(work, 'folder/contest-000.json'), '--out', out('sample')]);
  writeFileSync(join(work, 'page.html'), readFileSync(join(out('sample'), 'index.html')));

  // Each group holds a floor and the cases compared with each other: a target's figures come from one group.
  const nodeFloor = { name: 'floor: node -e 0', args: () => FLOOR };
  const [floor, b100, folder, fs1, fs200] = measureGroup(
    [
      nodeFloor,
      build('build 100 users', 'c100.json', 'o100'),
      build('build folder 200 × 100', 'folder', 'ofolder', 'contest-000/index.html'),
      writeOnly('write-only 1 page', 1, 'w1'),
      writeOnly('write-only 200 pages', 200, 'w200'),
    ],
    probe,
  );
  const [floorLarge, b10k, b10kCsv, b10kXlsx, b100k] = measureGroup(
    [
      nodeFloor,
      build('build 10,000 users', 'c10000.json', 'o10k'),
      build('build 10,000 from CSV', 'c10000-csv.json', 'o10kcsv'),
      build('build 10,000 from a workbook', 'c10000-xlsx.json', 'o10kxlsx'),
      build('build 100,000 users', 'c100000.json', 'o100k'),
    ],
    probe,
  );
  if (!readFileSync(join(b10kCsv.last, 'index.html')).equals(readFileSync(join(b10k.last, 'index.html')))) {
    throw new Error('the 10,000 users from CSV baked another page than the same users as JSON');
  }
  if (!readFileSync(join(b10kXlsx.last, 'index.html')).equals(readFileSync(join(b10k.last, 'index.html')))) {
    throw new Error('the 10,000 users from a workbook baked another page than the same users as JSON');
  }
  const check = (name, input) => ({ name, status: 1, args: () => [BIN, 'validate', join(work, input)] });
  const [floorInput, badJson, badCsv, plainCsv, wideCsv] = measureGroup(
    [
      nodeFloor,
      check('100,000 bad rows, JSON', 'bad-json.json'),
      check('100,000 bad rows, CSV', 'bad-csv.json'),
      build('CSV, narrow', 'plain.json', 'oplain'),
      build('CSV, wide header', 'wide.json', 'owide'),
    ],
    probe,
  );
  const [floorHistory, h1, h12] = measureGroup(
    [nodeFloor, build('history 10,000 × 1', 'h1.json', 'oh1'), build('history 10,000 × 12', 'h12.json', 'oh12')],
    probe,
  );
  const [floorRebake, r100, rfolder] = measureGroup(
    [
      nodeFloor,
      rebake('rebake 100 users', 'c100.json', 'r100'),
      rebake('rebake folder 200 × 100', 'folder', 'rfolder', 'contest-000/index.html'),
    ],
    probe,
  );
  // 200 page folders and the overview, index.html (.podium, the manifest's folder, aside).
  if (readdirSync(rfolder.last).filter((name) => !name.startsWith('.')).length !== 201)
    throw new Error('the folder build did not write 200 pages and an overview');

  const perContestMs = (folder.ms - b100.ms) / 199;
  const extra = (c) => c.ms - b100.ms; // cost beyond the 100-user bake: the per-user work
  // Node 22 and later start in ~20 ms (Node 20 read a CA file at every start), so a bake's own cost is stated as
  // milliseconds beyond the floor measured in its group, not as a ratio to it. `unit` is how a figure is printed.
  const targets = [
    { target: '100 users: ms beyond the floor', value: b100.ms - floor.ms, limit: 35, unit: 'ms' },
    { target: '10,000 users: ms beyond the floor', value: b10k.ms - floorLarge.ms, limit: 120, unit: 'ms' },
    {
      target: '100,000 users: extra cost × the 10,000-user extra cost',
      value: extra(b100k) / extra(b10k),
      limit: 10,
      unit: '×',
    },
    { target: '100,000 users: peak RSS', value: b100k.rssMiB, limit: 250, unit: 'MiB' },
    { target: '10,000 users from CSV × the same as JSON', value: b10kCsv.ms / b10k.ms, limit: 1.5, unit: '×' },
    {
      target: '10,000 users from a workbook × the same from CSV',
      value: b10kXlsx.ms / b10kCsv.ms,
      limit: 2,
      unit: '×',
    },
    { target: 'folder: each extra contest', value: perContestMs, limit: 3, unit: 'ms' },
    { target: '100,000 bad CSV rows × the same problems in JSON', value: badCsv.ms / badJson.ms, limit: 3, unit: '×' },
    { target: 'a wide CSV header × a narrow export of its size', value: wideCsv.ms / plainCsv.ms, limit: 3, unit: '×' },
    { target: 'history of 12 Stands × the time of 1 (10,000 users)', value: h12.ms / h1.ms, limit: 3, unit: '×' },
    { target: 'history of 12 Stands × the peak RSS of 1', value: h12.rssMiB / h1.rssMiB, limit: 1.4, unit: '×' },
  ].map((t) => ({ ...t, pass: t.value <= t.limit }));
  // Not targets: the same cost when every page replaces an existing file, and the file system's share.
  const rebakePerContestMs = (rfolder.ms - r100.ms) / 199;
  const fsPerPageMs = (fs200.ms - fs1.ms) / 199;

  const rows = [
    { case: floor.name, ms: floor.ms, rssMiB: floor.rssMiB },
    ...[
      [b100, floor],
      [folder, floor],
      [b10k, floorLarge],
      [b10kCsv, floorLarge],
      [b10kXlsx, floorLarge],
      [b100k, floorLarge],
      [badJson, floorInput],
      [badCsv, floorInput],
      [plainCsv, floorInput],
      [wideCsv, floorInput],
      [h1, floorHistory],
      [h12, floorHistory],
      [r100, floorRebake],
      [rfolder, floorRebake],
      [fs1, floor],
      [fs200, floor],
    ].map(([c, f]) => ({
      case: c.name,
      ms: c.ms,
      floorMs: f.ms,
      beyond: c.ms - f.ms,
      rssMiB: c.rssMiB,
      ...(c.last ? sizes(join(c.last, c.page ?? 'index.html')) : {}),
    })),
  ];
  const cell = (value, digits = 1) => (value === undefined ? '' : value.toFixed(digits));
  console.log(
    `podium bench: median of ${RUNS} runs after a warm-up, node ${process.version}, ${new Date().toISOString()}\n`,
  );
  console.log('case                      wall ms  floor ms beyond ms  peak RSS MiB    page kB   gzip kB');
  for (const row of rows) {
    console.log(
      `${row.case.padEnd(24)}${cell(row.ms).padStart(9)}${cell(row.floorMs).padStart(10)}${cell(row.beyond).padStart(10)}${cell(row.rssMiB).padStart(15)}${cell(row.rawKB).padStart(11)}${cell(row.gzipKB).padStart(10)}`,
    );
  }
  console.log(
    '(floor ms: the median of the `node -e 0` runs interleaved with that case; beyond ms is the wall time less it)',
  );
  console.log('');
  console.log('target                                                  measured      target');
  for (const t of targets) {
    const figure = (value) => `${cell(value, t.unit === '×' ? 2 : 1)} ${t.unit}`;
    console.log(
      `${t.pass ? 'PASS' : 'MISS'}  ${t.target.padEnd(50)}${figure(t.value).padStart(12)}  ≤ ${figure(t.limit)}`,
    );
  }
  console.log(`info  rebake into existing output: each extra contest ${cell(rebakePerContestMs, 2)} ms`);
  console.log(
    `info  file system alone (write-only process, same pages, one after another): ${cell(fsPerPageMs, 2)} ms a page`,
  );
  writeFileSync(
    join(ROOT, 'bench/results.json'),
    `${JSON.stringify({ node: process.version, runs: RUNS, rows, targets, rebakePerContestMs, fsPerPageMs }, null, 2)}\n`,
  );
  console.log('\nwritten: bench/results.json');
  if (targets.some((t) => !t.pass)) process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}

// The page in the browser: Total Blocking Time and a key press, with the CPU slowed 4× (bench/page.js).
if (process.env.BENCH_PAGE !== '0') await import('./page.js');
