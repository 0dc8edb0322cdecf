// node bench/workbooks.js: the hostile workbooks of issue 27 baked by the built CLI, each measured as a user meets
// it: exit code, lines on stderr, whether a page was written, wall time and peak RSS (/usr/bin/time), and how long a
// SIGTERM sent 0.3 s into the bake takes to end it. Prints a Markdown table for docs/performance.md. Node 24 (it
// imports the test suite's TypeScript workbook builders).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOSTILE, toPeopleXml, toWorkbook, toZip, withParts, withSheet } from '../test/helpers/workbooks.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const BIN = join(ROOT, 'bin/podium.cjs');
const CONTEST = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/valid.json'), 'utf8'));

const base = () =>
  toWorkbook({
    Tabelle1: [
      ['Name', 'Anzahl Eigenleads'],
      ['Anna', 1],
    ],
  });
const sst = (body) => `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${body}</sst>`;
const CASES = [
  ['a cell at D900000000 (farRow)', () => HOSTILE.farRow()],
  ['50 rows with a cell at ZZZZZ (farColumn)', () => HOSTILE.farColumn()],
  ['10,000 people, each with a cell at XFD (strayCells)', () => HOSTILE.strayCells()],
  ['900 rows × 16,384 empty `<c/>` (emptyCells)', () => HOSTILE.emptyCells()],
  [
    'an .ods renamed, `number-columns-repeated="1000000"`',
    () =>
      toZip({
        mimetype: 'application/vnd.oasis.opendocument.spreadsheet',
        'META-INF/manifest.xml': '<manifest:manifest/>',
        'content.xml': `<office:document-content><table:table table:name="T">${'<table:table-row><table:table-cell table:number-columns-repeated="1000000"/></table:table-row>'.repeat(100)}</table:table></office:document-content>`,
      }),
  ],
  ['an .xlsb renamed', () => withParts(base(), { 'xl/workbook.xml': null, 'xl/workbook.bin': Buffer.alloc(4000, 1) })],
  ['a zip cut short', () => base().subarray(0, 3000)],
  ['13,300,000 `</si>`', () => withParts(base(), { 'xl/sharedStrings.xml': sst('</si>'.repeat(13_300_000)) })],
  [
    '3,000,000 `<si\\t>` texts',
    () => withParts(base(), { 'xl/sharedStrings.xml': sst('<si\t><t>x</t></si>'.repeat(3_000_000)) }),
  ],
  [
    '3,500,000 texts stored unpacked (59.5 MB)',
    () => withParts(base(), { 'xl/sharedStrings.xml': sst('<si><t>x</t></si>'.repeat(3_500_000)) }, { stored: true }),
  ],
  [
    'a DTD in the shared strings',
    () =>
      withParts(base(), { 'xl/sharedStrings.xml': `<!DOCTYPE sst [<!ENTITY a "b">]>${sst('<si><t>&a;</t></si>')}` }),
  ],
  [
    'people at `<row\\nr="101002">`',
    () =>
      withSheet(
        `${toPeopleXml(3)}${'<row\nr="101002"><c r="A101002" t="inlineStr"><is><t>x</t></is></c></row>'.repeat(5)}`,
      ),
  ],
  [
    '1,000,000 rows, no dimension',
    () => withSheet('<row><c t="inlineStr"><is><t>N</t></is></c><c><v>1</v></c></row>'.repeat(1_000_000)),
  ],
  ['100,000 people (the largest contest)', () => withSheet(toPeopleXml(100_000))],
];

function measure(dir, contest) {
  const out = join(dir, 'out');
  rmSync(out, { recursive: true, force: true });
  const run = spawnSync('/usr/bin/time', ['-f', 'time %e %M', process.execPath, BIN, 'build', contest, '--out', out], {
    encoding: 'utf8',
  });
  const [, seconds, kb] = /time ([\d.]+) (\d+)\s*$/.exec(run.stderr) ?? [];
  const lines = run.stderr
    .replace(/time [\d.]+ \d+\s*$/, '')
    .replace(/^Command exited with non-zero status \d+$/m, '')
    .trim();
  return { status: run.status, lines, page: existsSync(join(out, 'index.html')), seconds, mib: Math.round(kb / 1024) };
}

/** How long after a SIGTERM, sent 0.3 s into the bake, the process ends (or that it ended before). */
function stop(dir, contest) {
  return new Promise((done) => {
    const child = spawn(process.execPath, [BIN, 'build', contest, '--out', join(dir, 'stopped')], { stdio: 'ignore' });
    let sent;
    const timer = setTimeout(() => {
      sent = performance.now();
      child.kill('SIGTERM');
    }, 300);
    child.on('exit', () => {
      clearTimeout(timer);
      done(sent === undefined ? 'ended first' : `${((performance.now() - sent) / 1000).toFixed(2)} s`);
    });
  });
}

const dir = mkdtempSync(join(tmpdir(), 'podium-workbooks-'));
console.log('| workbook | size | exit | what podium says | page | time | peak RSS | SIGTERM at 0.3 s ends it after |');
console.log('|---|---|---|---|---|---|---|---|');
for (const [label, make] of CASES) {
  const bytes = make();
  writeFileSync(join(dir, 'Bericht.xlsx'), bytes);
  const contest = join(dir, 'contest.json');
  writeFileSync(contest, JSON.stringify({ ...CONTEST, users: 'Bericht.xlsx' }));
  const run = measure(dir, contest);
  const said = run.lines.split('\n').filter(Boolean);
  const line = said.length === 1 ? said[0].replace(`${dir}/`, '').slice(0, 140) : `${said.length} lines`;
  const size = bytes.length > 1e6 ? `${(bytes.length / 1e6).toFixed(1)} MB` : `${(bytes.length / 1e3).toFixed(1)} kB`;
  const stopped = await stop(dir, contest);
  console.log(
    `| ${label} | ${size} | ${run.status} | ${line.replaceAll('|', '\\|')} | ${run.page ? 'written' : 'none'} | ${run.seconds} s | ${run.mib} MiB | ${stopped} |`,
  );
}
rmSync(dir, { recursive: true, force: true });
