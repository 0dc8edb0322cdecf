// npm run bench: the bakes a person would notice (docs/performance.md), each timed as a whole process, `node
// bin/podium.cjs build`, and Eleventy 3 baking the same page beside it. Cases compared with each other run
// round-robin in one group with the floor, `node -e 0`, so that they see the same machine; medians of BENCH_RUNS
// (default 15) rounds after a warm-up. Prints PASS, MISS or SKIP per target (exit 1 on a MISS) and writes
// bench/results.json.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { installEleventy, toEleventyProject } from './eleventy.js';
import { generate, toExcelCsv, toHistoryFiles, toStands, toWorkbookBytes } from './generate.js';

const ROOT = new URL('..', import.meta.url).pathname;
const BIN = join(ROOT, 'bin/podium.cjs');
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const LOAD = loadavg()[0];
// Loaded with --require into every measured process, the floor's too: its peak RSS (kB) on stderr at exit.
const PROBE = "process.on('exit', () => process.stderr.write('\\nmaxrss ' + process.resourceUsage().maxRSS + '\\n'))";

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The middle half of the values, the lower and upper quartile (nearest rank): how far to trust their median. */
function quartiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return [sorted[Math.floor((sorted.length - 1) / 4)], sorted[Math.ceil(((sorted.length - 1) * 3) / 4)]];
}

const work = mkdtempSync(join(tmpdir(), 'podium-bench-'));
const probe = join(work, 'rss-probe.cjs');
const out = (name) => join(work, 'out', name);
let run = 0;

/** One run of a case as a whole process: its wall time and peak RSS. */
function once(c) {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, ['--require', probe, ...c.args((run += 1))], { cwd: c.cwd });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== (c.status ?? 0)) throw new Error(`${c.name}: exit ${result.status}\n${result.stderr}`);
  return { ms, rssMiB: Number(/maxrss (\d+)/.exec(result.stderr.toString())?.[1]) / 1024 };
}

/**
 * The cases of one group and its floor, round-robin, RUNS rounds after a warm-up: a virtual machine drifts over a
 * minute, and so every case of a group sees the same drift. A case is { key, name, args(run), cwd?, status? }; `run`
 * numbers the runs, for a new output folder each, as in CI's fresh clone: nothing is deleted while measuring (right
 * after a deletion this disk creates files slowly). Median wall time and peak RSS per case.
 */
function measure(cases) {
  const group = [{ key: 'floor', name: 'floor: node -e 0', args: () => ['-e', '0'] }, ...cases];
  for (const c of group) once(c);
  const runs = group.map(() => []);
  for (let round = 0; round < RUNS; round += 1) group.forEach((c, i) => runs[i].push(once(c)));
  const floorMs = median(runs[0].map((r) => r.ms));
  return group.map((c, i) => ({
    ...c,
    floorMs,
    ms: median(runs[i].map((r) => r.ms)),
    quartiles: quartiles(runs[i].map((r) => r.ms)),
    rssMiB: median(runs[i].map((r) => r.rssMiB)),
  }));
}

/** A bake into a new folder each run; `last` is where the last one wrote, `page` its page to weigh. */
function bake(key, name, input, page = 'index.html') {
  const c = { key, name, page, args: (at) => [BIN, 'build', join(work, input), '--out', (c.last = out(`${at}`))] };
  return c;
}

/** `podium validate` of an input with problems: exit 1, as a user meets it. */
function check(key, name, input) {
  return { key, name, status: 1, args: () => [BIN, 'validate', join(work, input)] };
}

function write(name, value) {
  writeFileSync(join(work, name), typeof value === 'string' ? value : JSON.stringify(value, null, 2));
}

const read = (c) => readFileSync(join(c.last, c.page), 'utf8');

try {
  writeFileSync(probe, PROBE);
  const contests = { 100: generate(100), 10000: generate(10_000), 100000: generate(100_000) };
  for (const [count, contest] of Object.entries(contests)) write(`c${count}.json`, contest);
  const c10k = contests[10000];
  mkdirSync(join(work, 'folder'));
  for (let i = 0; i < 200; i += 1) write(`folder/contest-${String(i).padStart(3, '0')}.json`, generate(100, i + 1));
  // The 10,000 users as a history folder: their one newest Stand, and twelve weekly Stands of them.
  const weeks = toStands(c10k.users, 12);
  for (const stands of [1, 12]) {
    mkdirSync(join(work, `h${stands}`));
    for (const [name, text] of toHistoryFiles(weeks, stands)) write(`h${stands}/${name}`, text);
    write(`h${stands}.json`, { ...c10k, users: `h${stands}/` });
  }
  // Information: the same 10,000 users from a CSV export and from an Excel workbook; and exports gone wrong, 100,000
  // rows with an amount in the wrong format beside the same problems in JSON, a header far wider than its rows beside
  // an ordinary export of its size.
  write('c10000.csv', toExcelCsv(c10k.users));
  write('c10000-csv.json', { ...c10k, users: 'c10000.csv' });
  writeFileSync(join(work, 'c10000.xlsx'), toWorkbookBytes(c10k.users));
  write('c10000-xlsx.json', { ...c10k, users: 'c10000.xlsx' });
  const bad = generate(100_000);
  const header = 'Name;Anzahl Eigenleads;Summe Netto-Volumen AB';
  write(
    'bad.csv',
    `${header}\r\n${bad.users.map(({ name, leadCount }) => `${name};${leadCount};12.5.3 €\r\n`).join('')}`,
  );
  write('bad-csv.json', { ...bad, users: 'bad.csv' });
  write('bad-json.json', { ...bad, users: bad.users.map((user) => ({ ...user, profit: '12.5.3 €' })) });
  const wide = `${header}${';'.repeat(100_000)}\r\n${Array.from({ length: 100_000 }, (_, i) => `P${i};1;2\r\n`).join('')}`;
  let plain = `${header}\r\n`;
  for (let i = 0; plain.length < wide.length; i += 1) plain += `Person ${i};1;2\r\n`;
  write('wide.csv', wide);
  write('plain.csv', plain);
  write('wide.json', { ...generate(1), users: 'wide.csv' });
  write('plain.json', { ...generate(1), users: 'plain.csv' });

  // Eleventy bakes each contest as podium did: podium's page is the reference its template follows.
  const eleventy = installEleventy();
  const eleventyBake = (key, count) => {
    if (eleventy.skip) return [];
    const reference = { last: out(`reference-${count}`), page: 'index.html' };
    const made = spawnSync(process.execPath, [BIN, 'build', join(work, `c${count}.json`), '--out', reference.last]);
    if (made.status !== 0) throw new Error(`the reference page of ${count} users: ${made.stderr}`);
    const dir = join(work, `eleventy-${count}`);
    const input = toEleventyProject(dir, contests[count], read(reference));
    const c = { key, name: `Eleventy, ${count.toLocaleString('en')} users`, page: 'index.html', cwd: dir, reference };
    c.args = (at) => [eleventy.bin, `--input=${input}`, `--output=${(c.last = out(`${at}`))}`];
    return [c];
  };

  const groups = [
    measure([
      bake('b100', '100 users', 'c100.json'),
      ...eleventyBake('e100', 100),
      bake('folder', 'folder of 200 × 100', 'folder', 'contest-000/index.html'),
    ]),
    measure([
      bake('b10k', '10,000 users', 'c10000.json'),
      ...eleventyBake('e10k', 10_000),
      bake('b100k', '100,000 users', 'c100000.json'),
    ]),
    measure([bake('h1', '10,000 × 1 Stand', 'h1.json'), bake('h12', '10,000 × 12 Stands', 'h12.json')]),
    measure([
      bake('csv', '10,000 from CSV', 'c10000-csv.json'),
      bake('xlsx', '10,000 from a workbook', 'c10000-xlsx.json'),
      check('badJson', 'bad rows: 100,000 JSON', 'bad-json.json'),
      check('badCsv', 'bad rows: 100,000 CSV', 'bad-csv.json'),
      bake('plain', 'CSV, narrow', 'plain.json'),
      bake('wide', 'CSV, 100,000-cell header', 'wide.json'),
    ]),
  ];
  const rows = groups.flat();
  const k = Object.fromEntries(rows.map((c) => [c.key, c]));

  // What the figures stand on: the same page from every format, every page of the folder, every row in Eleventy's.
  for (const c of [k.csv, k.xlsx])
    if (read(c) !== read(k.b10k)) throw new Error(`${c.name} baked another page than the same users as JSON`);
  if (readdirSync(k.folder.last).filter((name) => !name.startsWith('.')).length !== 201)
    throw new Error('the folder build did not write 200 pages and an overview');
  /** Whether Eleventy's page is podium's byte for byte but for the data script (the contest as given) and its hash. */
  const sameMarkup = (c) => {
    const mask = (html) => html.replace(/script-src '[^']*'|window\.__CONTEST__=JSON\.parse\('.*?'\)<\/script>/gs, '');
    const [page, reference] = [read(c), read(c.reference)];
    if (page.split('<tr').length !== reference.split('<tr').length) throw new Error(`${c.name}: not every row`);
    return mask(page) === mask(reference);
  };
  const same = eleventy.skip ? undefined : sameMarkup(k.e100) && sameMarkup(k.e10k);

  const eleventyTarget = (target, podium, other) =>
    eleventy.skip ? { target, skip: eleventy.skip } : { target, value: podium.ms / other.ms, limit: 0.5, unit: '×' };
  const targets = [
    { target: '100 users', value: k.b100.ms, limit: 150, unit: 'ms' },
    { target: '10,000 users', value: k.b10k.ms, limit: 500, unit: 'ms' },
    { target: '100,000 users', value: k.b100k.ms, limit: 3000, unit: 'ms' },
    { target: '100,000 users: peak RSS', value: k.b100k.rssMiB, limit: 400, unit: 'MiB' },
    { target: 'a folder of 200 contests of 100', value: k.folder.ms, limit: 5000, unit: 'ms' },
    { target: '12 Stands of 10,000 × the time of 1', value: k.h12.ms / k.h1.ms, limit: 4, unit: '×' },
    { target: '12 Stands of 10,000 × the peak RSS of 1', value: k.h12.rssMiB / k.h1.rssMiB, limit: 2, unit: '×' },
    eleventyTarget('100 users × Eleventy', k.b100, k.e100),
    eleventyTarget('10,000 users × Eleventy', k.b10k, k.e10k),
  ].map((t) => ({ ...t, result: t.skip ? 'SKIP' : t.value <= t.limit ? 'PASS' : 'MISS' }));

  const cell = (value, digits = 1) => (value === undefined ? '' : value.toFixed(digits));
  const table = rows.map((c) => {
    const html = c.page && readFileSync(join(c.last, c.page));
    return {
      case: c.name,
      ms: c.ms,
      quartiles: c.quartiles,
      beyondFloorMs: c.key === 'floor' ? undefined : c.ms - c.floorMs,
      rssMiB: c.rssMiB,
      pageKB: html && html.length / 1000,
      gzipKB: html && gzipSync(html, { level: 9 }).length / 1000,
    };
  });
  const cores = cpus();
  const load = `load ${LOAD.toFixed(1)} → ${loadavg()[0].toFixed(1)}`;
  console.log(`podium bench, ${new Date().toISOString()}: median of ${RUNS} rounds, node ${process.version}`);
  console.log(`machine: ${cores.length} × ${cores[0]?.model}, ${load} (1-minute load average, at start and end)`);
  console.log(
    eleventy.skip
      ? `Eleventy: not run (${eleventy.skip})\n`
      : `Eleventy ${eleventy.version}, its bin run by this node; its page is podium's but for the data: ${same ? 'yes' : 'no'}\n`,
  );
  console.log('case                        wall ms  (quartiles)  beyond floor  peak RSS MiB   page kB   gzip kB');
  for (const r of table) {
    const spread = `(${r.quartiles.map((ms) => ms.toFixed(0)).join('–')})`;
    const columns = [
      cell(r.ms).padStart(7),
      spread.padStart(13),
      cell(r.beyondFloorMs).padStart(14),
      cell(r.rssMiB).padStart(14),
    ];
    console.log(`${r.case.padEnd(28)}${columns.join('')}${cell(r.pageKB).padStart(10)}${cell(r.gzipKB).padStart(10)}`);
  }
  console.log('\ntarget                                          measured      target');
  for (const t of targets) {
    const figure = (value) => `${cell(value, t.unit === '×' ? 2 : t.unit === 'MiB' ? 1 : 0)} ${t.unit}`;
    const line = t.skip ? t.skip : `${figure(t.value).padStart(12)}  ≤ ${figure(t.limit)}`;
    console.log(`${t.result}  ${t.target.padEnd(42)}${line}`);
  }
  writeFileSync(
    join(ROOT, 'bench/results.json'),
    `${JSON.stringify({ node: process.version, runs: RUNS, eleventy: eleventy.version ?? eleventy.skip, same, table, targets }, null, 2)}\n`,
  );
  console.log('\nwritten: bench/results.json');
  if (targets.some((t) => t.result === 'MISS')) process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
