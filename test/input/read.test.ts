// What podium makes of its inputs, as real processes on real files: paths it cannot read, what a folder holds,
// bytes and characters a contest may not hold, numbers, dates, mistyped keys and flags. Each case ends in one
// clear line and the documented exit code; never a stack trace, never a hang.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  chmodSync,
  closeSync,
  constants,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { readAll, withData } from '../../src/input/read.ts';
import { toDocument } from '../helpers/dom.ts';
import { BIN, PLAIN, podium, spawnPodium, type Run } from '../helpers/cli.ts';
import { FIXTURES, fixture, inScratch } from '../helpers/files.ts';

/** A run that ended with exactly these stderr lines and this exit code, and printed no stack trace. */
function fails(run: Run, status: number, lines: string[]): void {
  assert.is(run.signal, null, `killed by ${run.signal}: it hung`);
  assert.is(run.status, status, run.stderr);
  assert.equal(run.stderr.split('\n').slice(0, -1), lines);
  assert.not.match(run.stderr + run.stdout, /\n\s+at /, 'no stack trace');
}

/** `line:column` of the first `needle` on 1-based line `line` of `text`: an oracle independent of podium. */
const at = (text: string, line: number, needle: string): string =>
  `${line}:${(text.split('\n')[line - 1] ?? '').indexOf(needle) + 1}`;

/** A folder `in` in `dir` holding copies of fixtures: `{ 'a.json': 'valid.json' }`. */
function folderOf(dir: string, files: Record<string, string>): string {
  mkdirSync(join(dir, 'in'));
  for (const [name, from] of Object.entries(files)) copyFileSync(join(FIXTURES, from), join(dir, 'in', name));
  return join(dir, 'in');
}

const errors = suite('inputs that cannot be read');

errors('a path through a file (example.json/): one line in words, exit 2', async () => {
  fails(await podium(['build', 'contests/example.json/', '--out', 'test/.tmp/never']), 2, [
    'podium: contests/example.json/: cannot read it: a part of the path is a file, not a folder',
  ]);
  assert.not.ok(existsSync('test/.tmp/never'));
});

errors(
  'a symbolic link loop: named, exit 2; in a folder, a problem of that file while the others are checked, exit 1',
  () =>
    inScratch(async (dir) => {
      symlinkSync('loop.json', join(dir, 'loop.json'));
      fails(await podium(['validate', 'loop.json'], { cwd: dir }), 2, [
        'podium: loop.json: cannot read it: too many symbolic links; one of them points back to itself',
      ]);
      const input = folderOf(dir, { 'a.json': 'valid.json', 'c.json': 'invalid-schema.json' });
      symlinkSync('b.json', join(input, 'b.json'));
      const run = await podium(['validate', 'in'], { cwd: dir });
      assert.is(run.status, 1);
      assert.match(
        run.stdout,
        /^in\/b\.json:1:1: cannot read it: too many symbolic links; one of them points back to itself$/m,
      );
      assert.match(run.stdout, /^in\/c\.json:\d+:\d+: title: must not be empty$/m, 'the other files are still checked');
      assert.match(run.stdout, /^3 contests checked, 2 invalid, 8 problems$/m);
    }),
);

errors('a 300-character name: exit 2', async () => {
  const name = `${'a'.repeat(300)}.json`;
  fails(await podium(['build', name, '--out', 'test/.tmp/never']), 2, [
    `podium: ${name}: cannot read it: the name is too long for the file system`,
  ]);
});

// Root reads every file whatever its mode: these run unprivileged (test/helpers/cli.ts), on files whose mode denies
// even their owner.
errors('an unreadable file, as an unprivileged user: named, exit 2; in a folder, a problem of that file, exit 1', () =>
  inScratch((dir) => {
    chmodSync(dir, 0o755);
    const input = folderOf(dir, { 'a.json': 'valid.json', 'secret.json': 'valid.json' });
    chmodSync(join(input, 'secret.json'), 0o000);
    fails(spawnPodium(['validate', 'in/secret.json'], { cwd: dir, unprivileged: true }), 2, [
      'podium: in/secret.json: cannot read it: permission denied',
    ]);
    const run = spawnPodium(['build', 'in', '--out', join(dir, 'out')], { cwd: dir, unprivileged: true });
    fails(run, 1, ['in/secret.json:1:1: cannot read it: permission denied']);
    assert.not.ok(existsSync(join(dir, 'out')), 'nothing written');
  }),
);

errors('a folder that cannot be listed, as an unprivileged user: exit 2', () =>
  inScratch((dir) => {
    chmodSync(dir, 0o755);
    mkdirSync(join(dir, 'locked'));
    copyFileSync(join(FIXTURES, 'valid.json'), join(dir, 'locked/a.json'));
    chmodSync(join(dir, 'locked'), 0o000);
    fails(spawnPodium(['validate', 'locked'], { cwd: dir, unprivileged: true }), 2, [
      'podium: locked: cannot list the folder: permission denied',
    ]);
    chmodSync(join(dir, 'locked'), 0o755); // for the scratch folder's removal, where this is not root
  }),
);

errors('a named pipe given as the input: read when written to, and Ctrl-C while it waits ends the build', () =>
  inScratch(async (dir) => {
    const pipe = join(dir, 'pipe.json');
    assert.is(spawnSync('mkfifo', [pipe]).status, 0);
    // podium opens the pipe for reading once it reads it; writing to it waits for that, in another thread.
    const [fed] = await Promise.all([
      podium(['build', 'pipe.json', '--out', 'out'], { cwd: dir }),
      writeFile(pipe, fixture('valid.json')),
    ]);
    assert.is(fed.status, 0, fed.stderr);
    assert.ok(existsSync(join(dir, 'out/index.html')));
    // Ctrl-C reaches a process: this one a real one, stopped while it waits for a writer's first byte.
    const waiting = spawn(process.execPath, [BIN, 'build', 'pipe.json', '--out', 'out'], { cwd: dir, env: PLAIN });
    let stderr = '';
    waiting.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
    const ended = new Promise<[number | null, string | null]>((done) => waiting.on('close', (...end) => done(end)));
    // A writer's non-blocking open succeeds only once a reader has the pipe open: then podium is waiting.
    let writer: number | undefined;
    while (writer === undefined && waiting.exitCode === null && waiting.signalCode === null) {
      try {
        writer = openSync(pipe, constants.O_WRONLY | constants.O_NONBLOCK);
      } catch {
        await new Promise((done) => setTimeout(done, 20)); // ENXIO: no reader yet
      }
    }
    try {
      waiting.kill('SIGINT');
      // a build that does not hear it fails, rather than hangs, the test
      setTimeout(() => waiting.kill('SIGKILL'), 30_000).unref();
      const [code, signal] = await ended;
      assert.ok(code === 130 || signal === 'SIGINT', `exit ${code}, signal ${signal}`);
      assert.is(stderr, 'podium: stopped by SIGINT; nothing was written\n');
    } finally {
      if (writer !== undefined) closeSync(writer);
    }
  }),
);

errors('a FIFO named x.json in a folder is said, not waited for: the folder is read without waiting for a writer', () =>
  inScratch((dir) => {
    const input = folderOf(dir, { 'a.json': 'valid.json' });
    assert.is(spawnSync('mkfifo', [join(input, 'x.json')]).status, 0);
    const run = spawnPodium(['build', 'in', '--out', 'out'], { cwd: dir, timeout: 10_000 });
    assert.is(run.signal, null, 'it waited for a writer to the FIFO');
    assert.is(run.status, 1, run.stderr);
    assert.is(run.stderr, 'in/x.json:1:1: cannot read it: not a file\n');
    assert.not.ok(existsSync(join(dir, 'out')));
  }),
);

errors('reads no contest over 64 MB: not a file, not one in a folder, not standard input', () =>
  inScratch(async (dir) => {
    const big = (path: string) => (writeFileSync(path, '{'), truncateSync(path, 64 * 1024 * 1024 + 1));
    const said =
      'cannot read it: it is 64 MB; podium reads files of at most 64 MB, far more than 100,000 salespeople need';
    big(join(dir, 'big.json'));
    const checked = await podium(['validate', 'big.json'], { cwd: dir });
    assert.is(checked.status, 1);
    assert.is(checked.stdout, `big.json:1:1: ${said}\n1 contest checked, 1 invalid, 1 problem\n`);
    mkdirSync(join(dir, 'in'));
    big(join(dir, 'in/a.json'));
    fails(await podium(['build', 'in', '--out', 'out'], { cwd: dir }), 1, [`in/a.json:1:1: ${said}`]);
    // Standard input is read only until it holds more than that.
    let sent = 0;
    const endless = Readable.from(
      (function* () {
        for (;;) {
          sent += 1;
          yield Buffer.alloc(1024 * 1024, ' ');
        }
      })(),
    );
    const error = await readAll(endless).catch((caught: unknown) => caught);
    assert.is(
      (error as Error).message,
      'podium: -: cannot read it: it is more than 64 MB; podium reads files of at most 64 MB, far more than 100,000 salespeople need',
    );
    assert.ok(sent <= 66, `${sent} MB read`);
  }),
);

const folders = suite('what a folder reads');

folders('regular files and links to them; not hidden files, editor lock files or other names', () =>
  inScratch(async (dir) => {
    const input = folderOf(dir, {
      'a.json': 'valid.json',
      '.hidden.json': 'invalid-syntax.json',
      '...json': 'valid.json',
      'notes.txt': 'invalid-syntax.json',
    });
    copyFileSync(join(FIXTURES, 'defaults.json'), join(dir, 'elsewhere.json'));
    symlinkSync('../elsewhere.json', join(input, 'linked.json'));
    symlinkSync('alice@host.1234:1700000000', join(input, '.#a.json')); // how Emacs marks a file being edited
    const run = await podium(['build', 'in', '--out', 'out'], { cwd: dir });
    assert.is(run.status, 0, run.stderr);
    assert.is(run.stderr, '');
    assert.equal(readdirSync(join(dir, 'out')).sort(), ['.podium', 'a', 'index.html', 'linked']);
    assert.is(toDocument(readFileSync(join(dir, 'out/linked/index.html'), 'utf8')).title, 'Ohne solo_winners');
  }),
);

folders(
  'a *.json that cannot be read is an error naming it, and its page stays: a drive not mounted is no contest gone',
  () =>
    inScratch(async (dir) => {
      const input = folderOf(dir, { 'a.json': 'valid.json', 'b.json': 'valid.json' });
      assert.is((await podium(['build', 'in', '--out', 'out', '-q'], { cwd: dir })).status, 0);
      const page = readFileSync(join(dir, 'out/b/index.html'));
      rmSync(join(input, 'b.json'));
      symlinkSync('/mnt/share/b.json', join(input, 'b.json'));
      mkdirSync(join(input, 'folder.json'));
      assert.is(spawnSync('mkfifo', [join(input, 'pipe.json')]).status, 0);
      fails(await podium(['build', 'in', '--out', 'out'], { cwd: dir }), 1, [
        'in/b.json:1:1: cannot read it: it is a symbolic link to /mnt/share/b.json, which does not exist',
        'in/folder.json:1:1: cannot read it: it is a folder',
        'in/pipe.json:1:1: cannot read it: not a file',
      ]);
      assert.equal(readFileSync(join(dir, 'out/b/index.html')), page);
    }),
);

folders('B.JSON is read like b.json; its page keeps its name', () =>
  inScratch(async (dir) => {
    folderOf(dir, { 'B.JSON': 'valid.json', 'c.Json': 'defaults.json' });
    const run = await podium(['build', 'in', '--out', 'out'], { cwd: dir });
    assert.is(run.status, 0, run.stderr);
    assert.equal(
      run.stdout
        .split('\n')
        .slice(0, 2)
        .map((line) => line.split('  ')[0]),
      ['out/B/index.html', 'out/c/index.html'],
    );
  }),
);

folders('a.json and A.JSON would make one page folder on macOS or Windows: refused, nothing written', () =>
  inScratch(async (dir) => {
    folderOf(dir, { 'a.json': 'valid.json', 'A.JSON': 'defaults.json' });
    fails(await podium(['build', 'in', '--out', 'out'], { cwd: dir }), 1, [
      'podium: in/A.JSON and in/a.json would make the same page folder; rename one of them',
    ]);
    assert.not.ok(existsSync(join(dir, 'out')));
  }),
);

const content = suite('what a contest file may hold');

content(
  'bytes that are not UTF-8: an error at their line and column, with the hint; nothing shown as "�"',
  async () => {
    const text = readFileSync(join(FIXTURES, 'latin1.json'), 'latin1');
    const run = await podium(['build', 'test/fixtures/latin1.json', '--out', 'test/.tmp/never']);
    fails(run, 1, [`test/fixtures/latin1.json:${at(text, 6, 'ä')}: not UTF-8 (byte 0xE4); save the file as UTF-8`]);
    const stdin = await podium(['validate', '-'], {
      input: Buffer.concat([
        Buffer.from('{\n  "title": "T",\n  "heading":"\u00e4 '),
        Buffer.from([0xff]),
        Buffer.from('"\n}'),
      ]),
    });
    assert.match(
      stdin.stdout,
      /^<stdin>:3:16: not UTF-8 \(byte 0xFF\); save the file as UTF-8$/m,
      'counted in characters (ä is one), as editors count',
    );
    assert.not.ok(existsSync('test/.tmp/never'));
  },
);

content('a UTF-8 byte-order mark is accepted, and not part of the title', () =>
  inScratch(async (dir) => {
    const run = await podium(['build', 'test/fixtures/bom.json', '--out', dir]);
    assert.is(run.status, 0, run.stderr);
    assert.is(toDocument(readFileSync(join(dir, 'index.html'), 'utf8')).title, 'Mit Byte-Order-Mark');
  }),
);

content('control characters: an error naming the field; tabs and line breaks only in description', async () => {
  const text = fixture('control.json');
  const file = 'test/fixtures/control.json';
  const run = await podium(['validate', file]);
  assert.is(run.status, 1);
  assert.equal(run.stdout.trim().split('\n'), [
    `${file}:${at(text, 2, '"Null')}: title: contains the control character U+0000, which a page cannot show; remove it`,
    `${file}:${at(text, 3, '"Mit')}: heading: contains a tab (U+0009); only "description" may hold tabs and line breaks`,
    `${file}:${at(text, 4, '"Glocke')}: journey_date_text: contains the control character U+0007, which a page cannot show; remove it`,
    `${file}:${at(text, 8, '"Löschen')}: users[0].name: contains the control character U+007F, which a page cannot show; remove it`,
    `${file}:${at(text, 9, '"Esc')}: users[1].name: contains the control character U+001B, which a page cannot show; remove it`,
    '1 contest checked, 1 invalid, 5 problems',
  ]);
});

content('numbers that are not exact whole numbers: a message that states the rule', async () => {
  const text = fixture('numbers.json');
  const file = 'test/fixtures/numbers.json';
  const rule = 'must be a whole number from 0 to 9,007,199,254,740,991; larger ones are not exact';
  const run = await podium(['validate', file]);
  assert.is(run.status, 1);
  assert.equal(run.stdout.trim().split('\n'), [
    `${file}:${at(text, 7, '1e300')}: solo_winners: ${rule}`,
    `${file}:${at(text, 9, '1e21')}: users[0].leadCount: ${rule}`,
    `${file}:${at(text, 10, '9007199254740993')}: users[1].leadCount: ${rule}`,
    // An amount beyond a trillion euro, either way.
    `${file}:${at(text, 11, '1e21')}: users[2].profit: must be an amount from −1,000,000,000,000 to 1,000,000,000,000 euro (one trillion either way), got the number 1e+21`,
    '1 contest checked, 1 invalid, 4 problems',
  ]);
});

content('300,000 problems: no stack overflow; the text shows the first 1,000, --format json all of them', () =>
  inScratch(async (dir) => {
    // An empty name, no lead count and a word for a profit: three problems a user, in a list of as many users as a
    // contest may hold (an unknown key a user would be said ten times, then counted: SAID.unknown).
    const users = Array.from({ length: 100_000 }, () => `{"name":"","profit":"x"}`);
    const many = `{"title":"T","heading":"","journey_date_text":"","description":"","qualification_date_text":"","users":[\n${users.join(',\n')}\n]}`;
    writeFileSync(join(dir, 'many.json'), many);
    const text = await podium(['validate', 'many.json'], { cwd: dir });
    assert.is(text.status, 1, text.stderr);
    const lines = text.stdout.trim().split('\n');
    assert.is(lines.length, 1002);
    assert.is(lines[0], 'many.json:2:1: users[0].leadCount: required, but missing');
    assert.is(lines.at(-2), '… and 299,000 more problems');
    assert.is(lines.at(-1), '1 contest checked, 1 invalid, 300,000 problems');
    const json = await podium(['validate', 'many.json', '--format', 'json'], { cwd: dir });
    const problems = JSON.parse(json.stdout) as { line: number; message: string }[];
    assert.is(problems.length, 300_000);
    const [line, column] = at(many, 100_001, '"x"').split(':').map(Number);
    assert.equal(problems.at(-1), {
      file: 'many.json',
      line,
      column,
      path: 'users[99999].profit',
      message: 'expected a number, got the string "x"',
      severity: 'error',
    });
    const build = await podium(['build', 'many.json', '--out', 'out'], { cwd: dir });
    assert.is(build.status, 1);
    assert.is(build.stderr.split('\n').length, 1002, 'build shows as many');
    assert.not.ok(existsSync(join(dir, 'out')));
  }),
);

content('a near miss of a known key is an error without --strict; a key like no other stays a warning', () =>
  inScratch(async (dir) => {
    const [text, file] = [fixture('typo.json'), 'test/fixtures/typo.json'];
    fails(await podium(['build', file, '--out', join(dir, 'a')]), 1, [
      `${file}:${at(text, 7, '"solo_winner"')}: unknown key "solo_winner" (did you mean "solo_winners"?)`,
      `${file}:${at(text, 10, '"leadcount"')}: users[1]: unknown key "leadcount" (did you mean "leadCount"?)`,
      `${file}:${at(text, 10, '"email"')}: warning: users[1]: unknown key "email" [unknown key: email]`,
    ]);
    assert.not.ok(existsSync(join(dir, 'a')));
    const unknown = await podium(['build', 'test/fixtures/warnings.json', '--out', join(dir, 'b')]);
    assert.is(unknown.status, 0, unknown.stderr);
    assert.ok(existsSync(join(dir, 'b/index.html')));
    assert.is((await podium(['build', 'test/fixtures/warnings.json', '--out', join(dir, 'c'), '--strict'])).status, 1);
  }),
);

const dates = suite('dates');

/** A contest with this `updated_at`, validated and built: whether each accepted it, and the "Stand" line built. */
async function bothWays(
  dir: string,
  updatedAt: string,
): Promise<{ validate: boolean; build: boolean; stand: string | undefined; stderr: string }> {
  const file = join(dir, 'c.json');
  writeFileSync(file, JSON.stringify({ ...JSON.parse(fixture('valid.json')), updated_at: updatedAt }));
  const checked = await podium(['validate', file]);
  const out = join(dir, `out-${checked.status}-${updatedAt.length}`);
  const built = await podium(['build', file, '--out', out]);
  const stand =
    built.status === 0
      ? (toDocument(readFileSync(join(out, 'index.html'), 'utf8')).querySelector('.stand')?.textContent ?? undefined)
      : undefined;
  return { validate: checked.status === 0, build: built.status === 0, stand, stderr: checked.stdout + built.stderr };
}

dates('validate and build accept exactly the same updated_at values, 31 fractional digits included', () =>
  inScratch(async (dir) => {
    const values = {
      '2027-03-31T16:45:00.1234567890123456789012345678901Z': 'Stand: 31.03.2027, 18:45 Uhr',
      '2027-03-31T18:45:00+02:00': 'Stand: 31.03.2027, 18:45 Uhr',
      '1970-01-01T00:00:00+01:00': 'Stand: 01.01.1970, 00:00 Uhr',
      '9999-12-31T22:59:59.999Z': 'Stand: 31.12.9999, 23:59 Uhr',
      '2027-02-29T12:00:00Z': undefined,
      '2027-03-31T18:45+02:00': undefined,
      '2027-03-31T18:45:00': undefined,
      '1969-12-31T22:59:59Z': undefined,
      '9999-12-31T23:30:00-01:00': undefined,
      '0000-01-01T00:00:00Z': undefined,
    };
    for (const [value, stand] of Object.entries(values)) {
      const result = await bothWays(dir, value);
      assert.equal(
        [result.validate, result.build, result.stand],
        [stand !== undefined, stand !== undefined, stand],
        `${value}: ${result.stderr}`,
      );
      assert.not.match(result.stderr, /\n\s+at /, `${value}: no stack`);
    }
  }),
);

dates(
  'years outside 1970 to 9999 are rejected with a clear message: in the file, --updated-at and SOURCE_DATE_EPOCH',
  async () => {
    const text = fixture('years.json');
    const file = 'test/fixtures/years.json';
    const rule = 'must be in the years 1970 to 9999 (in Berlin time)';
    fails(await podium(['build', file, '--out', 'test/.tmp/never']), 1, [
      `${file}:${at(text, 7, '"1969')}: qualification_end: ${rule}, got the string "1969-12-31"`,
      `${file}:${at(text, 8, '"9999')}: updated_at: ${rule}, got the string "9999-12-31T23:30:00-01:00"`,
    ]);
    const flag = await podium([
      'build',
      'contests/example.json',
      '--out',
      'test/.tmp/never',
      '--updated-at',
      '10000-01-01T00:00:00Z',
    ]);
    assert.is(flag.status, 2);
    const late = await podium([
      'build',
      'contests/example.json',
      '--out',
      'test/.tmp/never',
      '--updated-at',
      '9999-12-31T23:30:00-01:00',
    ]);
    assert.is(late.status, 2);
    assert.match(late.stderr, `the time ${rule}`);
    for (const epoch of ['253402297200', '-3601']) {
      const run = await podium(['build', 'contests/example.json', '--out', 'test/.tmp/never', '--updated-at', 'now'], {
        env: { SOURCE_DATE_EPOCH: epoch },
      });
      fails(run, 2, [
        `podium: SOURCE_DATE_EPOCH must be whole seconds since 1970 for a time in the years 1970 to 9999 (in Berlin time), got "${epoch}"`,
      ]);
    }
    assert.not.ok(existsSync('test/.tmp/never'));
  },
);

const flags = suite('flags');

flags('--refresh takes 1 to 1440 minutes', () =>
  inScratch(async (dir) => {
    for (const [minutes, seconds] of [
      ['1', '60'],
      ['1.5', '90'],
      ['1440', '86400'],
    ]) {
      const run = await podium([
        'build',
        'test/fixtures/valid.json',
        '--out',
        join(dir, minutes!),
        '--refresh',
        minutes!,
      ]);
      assert.is(run.status, 0, run.stderr);
      assert.is(
        toDocument(readFileSync(join(dir, minutes!, 'index.html'), 'utf8'))
          .querySelector('meta[http-equiv=refresh]')
          ?.getAttribute('content'),
        seconds,
      );
    }
    for (const minutes of ['0.5', '1441', '1e308', 'Infinity', '', ' 5', '0x10']) {
      const run = await podium([
        'build',
        'test/fixtures/valid.json',
        '--out',
        join(dir, 'never'),
        '--refresh',
        minutes,
      ]);
      assert.is(run.status, 2, minutes);
      assert.match(run.stderr, 'expected minutes from 1 to 1440');
    }
    assert.not.ok(existsSync(join(dir, 'never')));
  }),
);

flags('--out "" is a usage error, and nothing is written into the current folder', () =>
  inScratch(async (dir) => {
    for (const args of [['--out', ''], ['--out=']]) {
      const run = await podium(['build', join(FIXTURES, 'valid.json'), ...args], { cwd: dir });
      assert.is(run.status, 2, run.stderr);
      assert.match(run.stderr, 'expected a folder; to write into the current folder, pass --out .');
    }
    assert.equal(readdirSync(dir), []);
  }),
);

flags('validate - - reads standard input once, and says so', async () => {
  const run = await podium(['validate', '-', '-', 'test/fixtures/valid.json'], { input: fixture('defaults.json') });
  assert.is(run.status, 0, run.stdout);
  assert.is(run.stderr, 'podium: - is named more than once; standard input is read once, as one contest\n');
  assert.match(run.stdout, /^2 contests checked, 0 invalid, 0 problems$/m);
});

const parsing = suite('withData()');

const CSV = 'Name;Anzahl Eigenleads;Summe Netto-Volumen AB\nAnna Meier;3;10,00\n';

/** withData() of a contest file of these bytes beside x.csv: what it parsed, and the CSV's text when it read it. */
function withDataOf(bytes: string | Buffer) {
  return inScratch((dir) => {
    writeFileSync(join(dir, 'x.csv'), CSV);
    const file = join(dir, 'contest.json');
    const source = withData({ file, bytes: typeof bytes === 'string' ? Buffer.from(bytes) : bytes });
    const data = 'data' in source ? source.data : undefined;
    const read = data && 'bytes' in data ? Buffer.from(data.bytes).toString('utf8') : undefined;
    return { parsed: 'parsed' in source ? source.parsed : undefined, read };
  });
}

parsing('parses a contest once and reads the file its `users` string names, however JSON spells it', async () => {
  for (const text of [
    '{"title": "T", "users": "x.csv"}',
    '{"users"\n :\t\r "x.csv"}',
    '\ufeff{"users": "x.csv"}',
    '{"\\u0075sers": "x.csv"}',
    '{"users": [], "users": "x.csv"}',
  ]) {
    const { parsed, read } = await withDataOf(text);
    assert.is(read, CSV, JSON.stringify(text));
    // The validate step takes the text and the data as parsed here.
    assert.equal(parsed, { text, data: JSON.parse(text.replace(/^\ufeff/, '')) }, JSON.stringify(text));
  }
});

parsing(
  'reads no file for a list, a text that mentions one, a key of another object, or bytes that are no JSON',
  async () => {
    for (const text of [
      '{"users": [{"name": "Anna", "leadCount": 1, "profit": 2}]}',
      '{"title": "users: x.csv", "users": []}',
      '{"columns": {"users": "x.csv"}, "users": []}',
      '{"users": "x.txt"}',
    ])
      assert.is((await withDataOf(text)).read, undefined, JSON.stringify(text));
    // Not JSON, or not UTF-8: left as bytes, for the check to say why.
    for (const bytes of [
      '{"users": "x.csv"',
      Buffer.from([...Buffer.from('{"users": "x.csv", "title": "'), 0xff, 0x22, 0x7d]),
    ])
      assert.equal(await withDataOf(bytes), { parsed: undefined, read: undefined });
  },
);

errors.run();
folders.run();
content.run();
dates.run();
flags.run();
parsing.run();
