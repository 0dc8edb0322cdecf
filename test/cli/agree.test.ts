// `podium validate` and `podium build` say the same of every input: the same problem lines and the same exit code,
// so that a pull request's check passes what the publish on main then bakes, and refuses what it refuses.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { podium } from '../helpers/cli.ts';
import { FIXTURES, fixture, inScratch, ROOT } from '../helpers/files.ts';

const agree = suite('validate and build agree');

/** What validate says of `input`: its problem lines (without the change lines and the summary) and its exit code. */
async function validated(input: string, flags: string[]): Promise<{ status: number | null; lines: string[] }> {
  const text = await podium(['validate', input, ...flags]);
  const json = await podium(['validate', input, '--format', 'json', ...flags]);
  const changes = (JSON.parse(json.stdout) as { changes?: unknown }[]).filter((entry) => entry.changes).length;
  const lines = text.stdout.split('\n').slice(0, -1); // the last line ends the output
  return { status: text.status, lines: lines.slice(0, lines.length - changes - 1) };
}

/** What build says of `input`: its problem lines (all a quiet build prints) and its exit code. */
async function built(input: string, flags: string[], out: string): Promise<{ status: number | null; lines: string[] }> {
  const run = await podium(['build', input, '--out', out, '--quiet', ...flags]);
  assert.is(run.stdout, '', `${input}: a quiet build prints only problems`);
  return { status: run.status, lines: run.stderr.split('\n').slice(0, -1) };
}

async function assertAgree(input: string, flags: string[] = []): Promise<{ status: number | null; lines: string[] }> {
  return inScratch(async (dir) => {
    const checked = await validated(input, flags);
    const baked = await built(input, flags, join(dir, 'out'));
    assert.equal(baked, checked, `${input} ${flags.join(' ')}: build says what validate says`);
    return checked;
  });
}

const INPUTS = [
  ...readdirSync(FIXTURES)
    .filter((name) => name.endsWith('.json'))
    .map((name) => `test/fixtures/${name}`),
  ...readdirSync(join(ROOT, 'contests'))
    .filter((name) => name.endsWith('.json'))
    .map((name) => `contests/${name}`),
  'contests/',
];

agree('every fixture, every example and the folder contests/, as they are and with --strict', async () => {
  const statuses = new Set<number | null>();
  for (const input of INPUTS)
    for (const flags of [[], ['--strict']]) statuses.add((await assertAgree(input, flags)).status);
  assert.equal([...statuses].sort(), [0, 1], 'valid inputs and invalid ones alike');
});

agree('a folder holding index.html.json: refused by both, one line at the file; --no-index takes it by both', () =>
  inScratch(async (dir) => {
    const folder = join(dir, 'contests');
    mkdirSync(folder);
    writeFileSync(join(folder, 'a.json'), fixture('valid.json'));
    writeFileSync(join(folder, 'index.html.json'), fixture('defaults.json'));
    writeFileSync(join(folder, 'Frühjahr 2027.json'), fixture('valid.json'));
    const note = `${join(folder, 'Frühjahr 2027.json')}:1:1: note: its page's address is "Fr%C3%BChjahr%202027/": a file name of plain letters, digits and - reads better in a link`;
    const clash = `${join(folder, 'index.html.json')}:1:1: its page folder index.html/ would take the place of the folder's overview index.html; rename the file, or pass --no-index`;
    assert.equal(await assertAgree(folder), { status: 1, lines: [note, clash] });
    assert.equal(await assertAgree(folder, ['--no-index']), { status: 0, lines: [note] });
  }),
);

agree.run();
