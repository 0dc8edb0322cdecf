// node bench/hostile.js [pattern] [--bin path/to/podium.cjs]: inputs past the documented limits, and the largest
// within them, checked by the built CLI (`podium validate`) as a user meets them: exit code, the lines it prints (how
// many, the longest), wall time, CPU time (user and system: the machine may be shared) and peak RSS (/usr/bin/time). Every input within the limits should end in ≤ 5 s and
// ≤ 300 MiB, or earlier with one line. Prints a Markdown table. Node 24 (it imports the test helpers' TypeScript).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate, toExcelCsv } from './generate.js';
import {
  LONG,
  toAllInvalid,
  toContest,
  toSharedTexts,
  toUnknownKeys,
  toUnknownTopKeys,
  toWideHeader,
} from '../test/helpers/hostile.ts';
import { toWorkbook } from '../test/helpers/workbooks.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const flag = process.argv.indexOf('--bin');
const BIN = flag === -1 ? join(ROOT, 'bin/podium.cjs') : process.argv[flag + 1];
const pattern = new RegExp(
  process.argv.slice(2).find((arg, i, all) => !arg.startsWith('--') && all[i - 1] !== '--bin') ?? '',
);

const csv = (text) => ['Bericht.csv', text];
const xlsx = (bytes) => ['Bericht.xlsx', bytes];
const json = (text) => ['contest.json', text];
const people = generate(100_000).users;
const CASES = [
  ['a CSV title of 50,000,000 characters', () => csv(LONG.csvTitle(50_000_000))],
  ['a workbook title of 8,000,000 characters', () => xlsx(LONG.workbookTitle(8_000_000))],
  ['a CSV name of 60,000,000 characters', () => csv(LONG.csvCell(60_000_000))],
  ['a workbook name of 8,000,000 characters', () => xlsx(LONG.workbookCell(8_000_000))],
  ['900,000 shared texts', () => xlsx(toSharedTexts(900_000))],
  ['a user with 2,000,000 unknown keys', () => json(toUnknownKeys(2_000_000))],
  ['a contest with 2,000,000 unknown keys', () => json(toUnknownTopKeys(2_000_000))],
  ['a CSV header of 1,000,000 more columns', () => csv(toWideHeader(1_000_000))],
  ['a CSV header of 100,000 more columns (within the limits)', () => csv(toWideHeader(100_000))],
  ['a contest file of 1,000,000 unknown keys', () => json(toUnknownKeys(1_000_000))],
  ['100,000 users, nine keys each (within the limits)', () => json(toNineKeys(people))],
  ['100,000 users, all invalid', () => json(toAllInvalid(100_000))],
  ['100,000 people, CSV (within the limits)', () => csv(toExcelCsv(people))],
  [
    '100,000 people, workbook (within the limits)',
    () =>
      xlsx(
        toWorkbook({
          Tabelle1: [
            ['Name', 'Anzahl Eigenleads', 'Summe Netto-Volumen AB'],
            ...people.map((user) => [user.name, user.leadCount, user.profit]),
          ],
        }),
      ),
  ],
];

/** A contest whose people have the five keys podium reads and four more, as a CRM's JSON export might. */
function toNineKeys(users) {
  const wide = users.map((user, i) => ({
    ...user,
    alias: `P${i}`,
    hidden: false,
    email: `p${i}@example.com`,
    team: 'Nord',
    region: 'Berlin',
    id: i,
  }));
  return JSON.stringify(toContest(wide), null, 2);
}

function measure(contest) {
  const run = spawnSync('/usr/bin/time', ['-f', 'time %e %U %S %M', process.execPath, BIN, 'validate', contest], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  const [, seconds, user, system, kb] = /time ([\d.]+) ([\d.]+) ([\d.]+) (\d+)\s*$/.exec(run.stderr) ?? [];
  const said =
    `${run.stdout}\n${run.stderr.replace(/(Command exited with non-zero status \d+\n)?time [\d.]+ [\d.]+ [\d.]+ \d+\s*$/, '')}`
      .split('\n')
      .filter(Boolean);
  const cpu = (Number(user) + Number(system)).toFixed(2);
  return { status: run.status, said, seconds, cpu, mib: Math.round(kb / 1024) };
}

const dir = mkdtempSync(join(tmpdir(), 'podium-hostile-'));
console.log('| input | size | exit | lines | longest | first line | time | CPU | peak RSS |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const [label, make] of CASES) {
  if (!pattern.test(label)) continue;
  const [name, content] = make();
  const contest = join(dir, 'contest.json');
  writeFileSync(join(dir, name), content);
  if (name !== 'contest.json') writeFileSync(contest, JSON.stringify(toContest(name)));
  const run = measure(contest);
  rmSync(join(dir, name));
  const longest = Math.max(0, ...run.said.map((line) => line.length));
  const first = (run.said[0] ?? '').replace(`${dir}/`, '').slice(0, 160).replaceAll('|', '\\|');
  const size =
    content.length > 1e6 ? `${(content.length / 1e6).toFixed(1)} MB` : `${(content.length / 1e3).toFixed(1)} kB`;
  console.log(
    `| ${label} | ${size} | ${run.status} | ${run.said.length} | ${longest} | ${first} | ${run.seconds} s | ${run.cpu} s | ${run.mib} MiB |`,
  );
}
rmSync(dir, { recursive: true, force: true });
