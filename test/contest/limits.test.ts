// The limits of docs/contest.md ("Limits") as a user meets them, each with an input just past it (the bench,
// bench/hostile.js, makes the same inputs millions of characters long): one line that says what podium saw, exit
// code 1 and no page written; or, where the input is accepted, lines no longer than a terminal shows at a glance.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { podium } from '../helpers/cli.ts';
import { inScratch } from '../helpers/files.ts';
import { LONG, toContest, toSharedTexts, toUnknownKeys, toWideHeader } from '../helpers/hostile.ts';

/** The longest line podium may print: a place, a message and its quotes, each cut. */
const LONGEST = 300;

/** `podium build` of a contest whose users are `name` (`content` written beside it), or of `content` itself. */
const build = (name: string, content: string | Buffer, args: string[] = []) =>
  inScratch(async (dir) => {
    writeFileSync(join(dir, name), content);
    if (name !== 'contest.json') writeFileSync(join(dir, 'contest.json'), JSON.stringify(toContest(name)));
    const run = await podium(['build', join(dir, 'contest.json'), '--out', join(dir, 'site'), ...args]);
    const lines = `${run.stdout}${run.stderr}`.replaceAll(`${dir}/`, '').trim().split('\n');
    const problems = lines.filter((line) => !line.startsWith('site/'));
    return { status: run.status, lines, problems, written: existsSync(join(dir, 'site/index.html')) };
  });

const refused = suite('limits: refused in one line');

refused('a CSV row longer than 1 MB, said where it starts, not read on', async () => {
  const run = await build('Bericht.csv', LONG.csvCell(1_100_000));
  assert.equal(run.lines, [
    `Bericht.csv:2:1: users: this row is longer than 1 MB, a thousand times a contest's row (a name and two figures): a damaged file, or not the export; export the table again`,
  ]);
  assert.is(run.status, 1);
  assert.not.ok(run.written);
});

refused('a CSV title longer than 1 MB: the header row, said at the title', async () => {
  const run = await build('Bericht.csv', LONG.csvTitle(1_100_000));
  assert.equal(run.lines, [
    `Bericht.csv:1:47: users: this row is longer than 1 MB, a thousand times a contest's row (a name and two figures): a damaged file, or not the export; export the table again`,
  ]);
  assert.is(run.status, 1);
  assert.not.ok(run.written);
});

for (const [what, make] of [
  ['title', LONG.workbookTitle],
  ['name', LONG.workbookCell],
] as const)
  refused(`a workbook ${what} longer than 1 MB, refused before it is parsed`, async () => {
    const run = await build('Bericht.xlsx', make(1_100_000));
    assert.is(run.lines.length, 1);
    assert.match(
      run.lines[0]!,
      'Bericht.xlsx: its part xl/worksheets/sheet1.xml holds a text of more than 1 MB: a damaged or hostile file',
    );
    assert.ok(run.lines[0]!.length <= LONGEST, run.lines[0]);
    assert.is(run.status, 1);
    assert.not.ok(run.written);
  });

refused('a workbook of more than 300,000 shared texts; 300,000 are read', async () => {
  const run = await build('Bericht.xlsx', toSharedTexts(300_001));
  assert.is(run.lines.length, 1);
  assert.match(run.lines[0]!, 'Bericht.xlsx: its table of shared texts holds more than 300,000');
  assert.ok(run.lines[0]!.length <= LONGEST, run.lines[0]);
  assert.is(run.status, 1);
  assert.not.ok(run.written);
  assert.is((await build('Bericht.xlsx', toSharedTexts(300_000))).status, 0);
});

refused('a contest file of more than 1,000,000 keys, refused before it is parsed', async () => {
  const run = await build('contest.json', toUnknownKeys(1_000_000));
  assert.equal(run.lines, [
    'contest.json:1:1: holds more than 1,000,000 keys, more than nine for each of the 100,000 salespeople a contest holds at most: it is not read; remove the keys podium does not read',
  ]);
  assert.is(run.status, 1);
  assert.not.ok(run.written);
});

const said = suite('limits: said in short lines');

said('a title of 100,000 characters: quoted cut in the note, no typo looked for', async () => {
  const run = await build('Bericht.csv', LONG.csvTitle(100_000));
  assert.is(run.status, 0);
  assert.ok(run.written);
  assert.equal(run.problems, [
    `Bericht.csv:1:47: note: users: column "${'x'.repeat(40)}…" ignored; podium reads "Name", "Anzahl Eigenleads", "Summe Netto-Volumen AB"`,
  ]);
});

said('a header of 100,000 columns more: the first few named, the rest counted', async () => {
  const run = await build('Bericht.csv', toWideHeader(100_000));
  assert.is(run.status, 0);
  assert.ok(run.written);
  assert.match(
    run.problems[0]!,
    /^Bericht\.csv:1:47: note: users: columns "c1", "c2", .* and 99,9\d\d more ignored; podium reads "Name", "Anzahl Eigenleads", "Summe Netto-Volumen AB"$/,
  );
  assert.ok(run.problems[0]!.length <= LONGEST, run.problems[0]);
});

said('100,000 unknown keys: ten said, the rest in one line', async () => {
  const run = await build('contest.json', toUnknownKeys(100_000));
  assert.is(run.status, 0);
  const warnings = run.lines.filter((line) => line.includes('warning:'));
  assert.is(warnings.length, 11);
  assert.match(warnings[0]!, 'warning: users[0]: unknown key "k0" [unknown key: k0]');
  assert.match(warnings[10]!, 'warning: users[0]: unknown keys "k10" and 99,989 more [unknown keys]');
  assert.ok(Math.max(...run.lines.map((line) => line.length)) <= LONGEST);
});

said('one unknown key in 20 users: ten said, the rest counted, all acknowledged by its key', async () => {
  const users = Array.from({ length: 20 }, (_, i) => ({ name: `Person ${i}`, leadCount: i, email: 'x@example.com' }));
  const contest = JSON.stringify(toContest(users));
  const run = await build('contest.json', contest, ['--strict']);
  assert.is(run.status, 1, '--strict makes them errors');
  assert.is(run.problems.length, 11);
  assert.ok(
    run.problems.includes(
      'contest.json:1:941: users[10]: unknown key "email" here and 9 more times [unknown key: email]',
    ),
  );
  const acknowledged = JSON.stringify({ ...JSON.parse(contest), acknowledged: ['unknown key: email'] });
  const accepted = await build('contest.json', acknowledged, ['--strict']);
  assert.is(accepted.status, 0, accepted.lines.join('\n'));
  assert.ok(accepted.problems.every((line) => line.includes('note:') && line.endsWith('(acknowledged)')));
});

refused.run();
said.run();
