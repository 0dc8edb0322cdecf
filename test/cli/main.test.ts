import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { generate } from '../../bench/generate.js';
import { BIN, PLAIN, podium, spawnPodium, type Options } from '../helpers/cli.ts';
import { toDocument } from '../helpers/dom.ts';
import { FIXTURES, fixture, inScratch, ROOT } from '../helpers/files.ts';
import { canTest } from '../helpers/skip.ts';

const stop = suite('podium build stopped');

stop('a stop once the pages are in place (its problem lines still queued for a slow reader) exits 0', () =>
  inScratch(async (dir) => {
    // About 330 kB of problem lines, more than a pipe holds, so most wait for a reader that does not read: 2,000 rows
    // of an export, each name in two rows (a warning of ~330 bytes each).
    const name = (at: number) => `Person ${String(at).padStart(4, '0')} ${'x'.repeat(28)}`;
    const rows = Array.from({ length: 2000 }, (_, at) => `${name(at >> 1)};${2000 - at};1.234.567,89\n`);
    writeFileSync(join(dir, 'users.csv'), `Name;Anzahl Eigenleads;Summe Netto-Volumen AB\n${rows.join('')}`);
    const contest = { ...(JSON.parse(fixture('valid.json')) as object), users: 'users.csv' };
    writeFileSync(join(dir, 'c.json'), JSON.stringify(contest));
    const child = spawn(process.execPath, [BIN, 'build', 'c.json', '--out', 'out'], { cwd: dir, env: PLAIN });
    const ended = new Promise<[number | null, string | null]>((done) => child.on('exit', (...end) => done(end)));
    const page = join(dir, 'out/index.html');
    while (!existsSync(page)) await new Promise((done) => setTimeout(done, 10));
    assert.is(child.exitCode, null, 'still writing its problem lines when stopped');
    child.kill('SIGTERM');
    // Not a bound on speed: a stop unheard leaves it waiting for ever on a reader that never reads; end it then.
    const unheard = setTimeout(() => child.kill('SIGKILL'), 60_000);
    assert.equal(await ended, [0, null], 'the build succeeded: its page is in place');
    clearTimeout(unheard);
    assert.match(readFileSync(page, 'utf8'), 'Person 0999');
  }),
);

const PKG = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

const build = suite('podium build');

build('bakes a contest file into <out>/index.html and says what it wrote', () =>
  inScratch(async (dir) => {
    const run = await podium(['build', join(FIXTURES, 'valid.json'), '--out', join(dir, 'site')]);
    assert.is(run.status, 0, run.stderr);
    assert.is(run.stderr, '');
    assert.match(run.stdout, `${join(dir, 'site/index.html')}  5 users · 3 winners`);
    const doc = toDocument(readFileSync(join(dir, 'site/index.html'), 'utf8'));
    assert.is(doc.title, 'Testwettbewerb');
    assert.is(doc.querySelectorAll('tbody tr').length, 5);
  }),
);

build('writes dist/index.html by default, relative to the working folder', () =>
  inScratch(async (dir) => {
    copyFileSync(join(FIXTURES, 'valid.json'), join(dir, 'contest.json'));
    const run = await podium(['build', 'contest.json'], { cwd: dir });
    assert.is(run.status, 0, run.stderr);
    assert.ok(existsSync(join(dir, 'dist/index.html')));
  }),
);

build('bakes the same input to byte-identical output', () =>
  inScratch(async (dir) => {
    await podium(['build', join(FIXTURES, 'valid.json'), '--out', join(dir, 'a')]);
    await podium(['build', join(FIXTURES, 'valid.json'), '--out', join(dir, 'b')]);
    const a = readFileSync(join(dir, 'a/index.html'), 'utf8');
    assert.ok(a.length > 1000);
    assert.is(a, readFileSync(join(dir, 'b/index.html'), 'utf8'));
    assert.not.ok(a.includes(dir), 'no absolute path in the page');
    assert.not.ok(a.includes('EventSource'), 'no dev reload code in a built page');
  }),
);

build('bakes a contest with a history to the same bytes in any time zone and locale of the machine', () =>
  inScratch(async (dir) => {
    const pages = ['UTC:C', 'Pacific/Kiritimati:ja_JP.UTF-8', 'America/Los_Angeles:de_DE.UTF-8'].map((zone, at) => {
      const [TZ, LANG] = zone.split(':');
      const out = join(dir, String(at));
      const run = spawnPodium(['build', join(ROOT, 'contests/summer.json'), '--out', out], {
        env: { ...PLAIN, TZ, LANG, LC_ALL: LANG },
      });
      assert.is(run.status, 0, run.stderr);
      return readFileSync(join(out, 'index.html'), 'utf8');
    });
    assert.match(pages[0]!, 'Veränderung seit Stand 11.06.2027');
    assert.is(pages[1], pages[0]);
    assert.is(pages[2], pages[0]);
  }),
);

build('reads standard input for -', () =>
  inScratch(async (dir) => {
    const run = await podium(['build', '-', '--out', dir], { input: fixture('valid.json') });
    assert.is(run.status, 0, run.stderr);
    assert.is(toDocument(readFileSync(join(dir, 'index.html'), 'utf8')).title, 'Testwettbewerb');
    const bad = await podium(['build', '-', '--out', dir], { input: '{' });
    assert.is(bad.status, 1);
    assert.is(bad.stderr, '<stdin>:1:2: expected "}", found end of file\n');
    // And in a process of its own, whose standard input the bin passes on only when it is read.
    const spawned = spawnPodium(['build', '-', '--out', join(dir, 'spawned')], { input: fixture('valid.json') });
    assert.is(spawned.status, 0, spawned.stderr);
    assert.is(readFileSync(join(dir, 'spawned/index.html'), 'utf8'), readFileSync(join(dir, 'index.html'), 'utf8'));
  }),
);

build('renders English texts with --locale en', () =>
  inScratch(async (dir) => {
    assert.is((await podium(['build', join(FIXTURES, 'valid.json'), '--out', dir, '--locale', 'en'])).status, 0);
    const doc = toDocument(readFileSync(join(dir, 'index.html'), 'utf8'));
    assert.is(doc.documentElement.getAttribute('lang'), 'en');
    assert.is(doc.querySelector('h2')?.textContent, 'Top 5 salespeople');
  }),
);

build('bakes each *.json of a folder into <out>/<name>/index.html', () =>
  inScratch(async (dir) => {
    mkdirSync(join(dir, 'contests'));
    copyFileSync(join(FIXTURES, 'valid.json'), join(dir, 'contests/spring.json'));
    copyFileSync(join(FIXTURES, 'defaults.json'), join(dir, 'contests/autumn.json'));
    writeFileSync(join(dir, 'contests/notes.txt'), 'not a contest');
    const run = await podium(['build', 'contests', '--out', 'out'], { cwd: dir });
    assert.is(run.status, 0, run.stderr);
    assert.equal(readdirSync(join(dir, 'out')).sort(), ['.podium', 'autumn', 'index.html', 'spring']);
    assert.equal(readdirSync(join(dir, 'out/.podium')), ['manifest.json'], 'podium keeps only its manifest there');
    assert.is(toDocument(readFileSync(join(dir, 'out/autumn/index.html'), 'utf8')).title, 'Ohne solo_winners');
    const lines = run.stdout.trim().split('\n');
    assert.equal(
      lines.slice(0, 3).map((line) => line.split('  ')[0]),
      ['out/autumn/index.html', 'out/spring/index.html', 'out/index.html'],
    );
    assert.match(lines[2] ?? '', /^out\/index\.html {2}overview of 2 contests · [\d.]+ kB \(gzip\)$/);
    assert.match(lines[3] ?? '', /^2 pages and an overview in out\/ · 17 users · [\d.]+ kB, [\d.]+ kB gzip$/);
  }),
);

build(
  "writes a folder's overview to <out>/index.html, byte-identical from the same input; --no-index leaves it out",
  () =>
    inScratch(async (dir) => {
      mkdirSync(join(dir, 'contests'));
      copyFileSync(join(FIXTURES, 'valid.json'), join(dir, 'contests/spring.json'));
      copyFileSync(join(FIXTURES, 'defaults.json'), join(dir, 'contests/index.json'));
      const flags = ['--locale', 'en', '--noindex', '--base-url', 'https://example.com/c/'];
      for (const out of ['a', 'b'])
        assert.is((await podium(['build', 'contests', '--out', out, ...flags], { cwd: dir })).status, 0);
      const html = readFileSync(join(dir, 'a/index.html'), 'utf8');
      assert.is(html, readFileSync(join(dir, 'b/index.html'), 'utf8'));
      assert.not.ok(html.includes(dir), 'no absolute path in the overview');
      const doc = toDocument(html);
      assert.equal([doc.documentElement.lang, doc.title], ['en', 'Sales contests']);
      assert.is(doc.querySelector('meta[name=robots]')?.getAttribute('content'), 'noindex');
      assert.is(doc.querySelector('link[rel=canonical]')?.getAttribute('href'), 'https://example.com/c/');
      assert.equal(
        [...doc.querySelectorAll('main li a')].map((a) => a.getAttribute('href')),
        ['index/index.html', 'spring/index.html'],
      );
      assert.is(
        toDocument(readFileSync(join(dir, 'a/index/index.html'), 'utf8')).title,
        'Ohne solo_winners',
        'index.json keeps its page at index/',
      );
      const none = await podium(['build', 'contests', '--out', 'c', '--no-index'], { cwd: dir });
      assert.is(none.status, 0, none.stderr);
      assert.equal(readdirSync(join(dir, 'c')).sort(), ['.podium', 'index', 'spring']);
      assert.match(none.stdout, /^2 pages in c\/ · 17 users · /m);
      assert.not.match(none.stdout, 'overview');
    }),
);

build('removes the pages of contests removed from the folder, and nothing it did not write', () =>
  inScratch(async (dir) => {
    mkdirSync(join(dir, 'contests'));
    for (const name of ['spring', 'autumn', 'winter'])
      copyFileSync(join(FIXTURES, 'valid.json'), join(dir, `contests/${name}.json`));
    assert.is((await podium(['build', 'contests', '--out', 'out'], { cwd: dir })).status, 0);
    writeFileSync(join(dir, 'out/CNAME'), 'contests.example.com\n');
    writeFileSync(join(dir, 'out/robots.txt'), 'User-agent: *\n');
    writeFileSync(join(dir, 'out/winter/notes.txt'), 'a file someone put beside a page');
    rmSync(join(dir, 'contests/autumn.json'));
    rmSync(join(dir, 'contests/winter.json'));
    // A file podium did not write, beside a page: the folder is refused, and left as it is, until it is moved away.
    const refused = await podium(['build', 'contests', '--out', 'out'], { cwd: dir });
    assert.equal([refused.status, refused.stdout], [2, '']);
    assert.match(refused.stderr, 'out: cannot write (it holds what podium did not write: winter/notes.txt)');
    assert.ok(existsSync(join(dir, 'out/autumn/index.html')));
    rmSync(join(dir, 'out/winter/notes.txt'));
    const run = await podium(['build', 'contests', '--out', 'out'], { cwd: dir });
    assert.is(run.status, 0, run.stderr);
    const lines = run.stdout.trim().split('\n');
    assert.match(lines[0]!, /^out\/spring\/index\.html {2}5 users/);
    assert.match(lines[1]!, /^out\/index\.html {2}overview of 1 contest · /);
    assert.equal(lines.slice(2, 4), [
      'out/autumn/index.html  removed: its contest is gone from the folder',
      'out/winter/index.html  removed: its contest is gone from the folder',
    ]);
    assert.equal((readdirSync(join(dir, 'out'), { recursive: true }) as string[]).sort(), [
      '.podium',
      '.podium/manifest.json',
      'CNAME',
      'index.html',
      'robots.txt',
      'spring',
      'spring/index.html',
    ]);
    // The overview podium wrote goes too when a build writes none: it would list contests that may be gone.
    const without = await podium(['build', 'contests', '--out', 'out', '--no-index'], { cwd: dir });
    assert.match(without.stdout, /^out\/index\.html {2}removed: this build writes no overview$/m);
    assert.not.ok(existsSync(join(dir, 'out/index.html')));
  }),
);

build('prints each page of a folder with its gzip size, in order, and a summary', () =>
  inScratch(async (dir) => {
    mkdirSync(join(dir, 'contests'));
    const names = Array.from({ length: 12 }, (_, i) => `c${String(i).padStart(2, '0')}`);
    names.forEach((name, i) =>
      writeFileSync(join(dir, `contests/${name}.json`), JSON.stringify(generate(10 + i * 40, i + 1))),
    );
    const run = await podium(['build', 'contests', '--out', 'out'], { cwd: dir });
    assert.is(run.status, 0, run.stderr);
    const lines = run.stdout.trim().split('\n');
    assert.is(lines.length, names.length + 2);
    names.forEach((name, i) => {
      const [path, rest] = (lines[i] ?? '').split('  ');
      assert.is(path, `out/${name}/index.html`);
      assert.match(rest ?? '', `${10 + i * 40} users`);
      const gzip = gzipSync(readFileSync(join(dir, path!))).length;
      assert.match(rest ?? '', ` · ${(gzip / 1000).toFixed(1)} kB (gzip)`, `${path}: gzip -6 ${gzip} B`);
    });
    assert.match(lines.at(-2) ?? '', /^out\/index\.html {2}overview of 12 contests · [\d.]+ kB \(gzip\)$/);
    assert.match(
      lines.at(-1) ?? '',
      /^12 pages and an overview in out\/ · 2,760 users · [\d.]+ MB, [\d.]+ [kM]B gzip$/,
    );
  }),
);

build('adds og:url per page of a folder with --base-url, and noindex and refresh when asked', () =>
  inScratch(async (dir) => {
    mkdirSync(join(dir, 'contests'));
    copyFileSync(join(FIXTURES, 'valid.json'), join(dir, 'contests/spring.json'));
    const run = await podium(
      [
        'build',
        'contests',
        '--out',
        'out',
        '--base-url',
        'https://example.com/wettbewerbe',
        '--noindex',
        '--refresh',
        '5',
      ],
      { cwd: dir },
    );
    assert.is(run.status, 0, run.stderr);
    const doc = toDocument(readFileSync(join(dir, 'out/spring/index.html'), 'utf8'));
    assert.is(
      doc.querySelector('link[rel=canonical]')?.getAttribute('href'),
      'https://example.com/wettbewerbe/spring/',
    );
    assert.is(
      doc.querySelector('meta[property="og:url"]')?.getAttribute('content'),
      'https://example.com/wettbewerbe/spring/',
    );
    assert.is(doc.querySelector('meta[name=robots]')?.getAttribute('content'), 'noindex');
    assert.is(doc.querySelector('meta[http-equiv=refresh]')?.getAttribute('content'), '300');
  }),
);

build('stamps --updated-at now from SOURCE_DATE_EPOCH, reproducibly, in Berlin time', () =>
  inScratch(async (dir) => {
    const env = { SOURCE_DATE_EPOCH: '1806511500' };
    for (const out of ['a', 'b'])
      assert.is(
        (await podium(['build', join(FIXTURES, 'valid.json'), '--out', join(dir, out), '--updated-at', 'now'], { env }))
          .status,
        0,
      );
    const a = readFileSync(join(dir, 'a/index.html'), 'utf8');
    assert.is(a, readFileSync(join(dir, 'b/index.html'), 'utf8'));
    assert.is(toDocument(a).querySelector('.stand')?.textContent, 'Stand: 31.03.2027, 18:45 Uhr');
    assert.match(a, '"updated_at":"2027-03-31T18:45:00+02:00"');
    const given = await podium(['build', join(FIXTURES, 'long.json'), '--out', join(dir, 'c')]);
    assert.is(given.status, 0, given.stderr);
    assert.is(
      toDocument(readFileSync(join(dir, 'c/index.html'), 'utf8')).querySelector('.stand')?.textContent,
      'Stand: 31.03.2027, 18:45 Uhr',
    );
  }),
);

build('writes a page without any script with --no-hydrate', () =>
  inScratch(async (dir) => {
    assert.is((await podium(['build', join(FIXTURES, 'valid.json'), '--out', dir, '--no-hydrate'])).status, 0);
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    assert.not.match(html, /<script/i);
    assert.is(toDocument(html).querySelectorAll('tbody tr').length, 5);
  }),
);

const failures = suite('podium build (bad input)');

failures('reports every problem as path:line:col, exits 1, and leaves the existing page untouched', () =>
  inScratch(async (dir) => {
    writeFileSync(join(dir, 'index.html'), 'the page that was there');
    const run = await podium(['build', 'test/fixtures/invalid-schema.json', '--out', dir]);
    assert.is(run.status, 1);
    assert.is(run.stdout, '');
    const lines = run.stderr.trim().split('\n');
    assert.is(lines.length, 7, run.stderr);
    for (const line of lines) assert.match(line, /^test\/fixtures\/invalid-schema\.json:\d+:\d+: /);
    assert.match(run.stderr, 'users[2].leadCount: expected a number, got the string "12"');
    assert.not.match(run.stderr, /\bat .*\.js:\d+/, 'no stack trace');
    assert.is(readFileSync(join(dir, 'index.html'), 'utf8'), 'the page that was there');
    assert.equal(readdirSync(dir), ['index.html']);
  }),
);

failures('shows a stack only with --debug', async () => {
  const run = await podium(['build', 'test/fixtures/invalid-syntax.json', '--out', 'test/.tmp/never', '--debug']);
  assert.is(run.status, 1);
  assert.match(run.stderr, /^test\/fixtures\/invalid-syntax\.json:4:36: trailing comma before "]"\n/);
  assert.match(run.stderr, /\n\s+at /);
  assert.not.ok(existsSync('test/.tmp/never'));
});

failures('writes no page of a folder when one contest is invalid, and reports every invalid file', () =>
  inScratch(async (dir) => {
    mkdirSync(join(dir, 'contests'));
    copyFileSync(join(FIXTURES, 'valid.json'), join(dir, 'contests/good.json'));
    copyFileSync(join(FIXTURES, 'invalid-syntax.json'), join(dir, 'contests/broken.json'));
    copyFileSync(join(FIXTURES, 'invalid-schema.json'), join(dir, 'contests/wrong.json'));
    const run = await podium(['build', 'contests', '--out', 'out'], { cwd: dir });
    assert.is(run.status, 1);
    assert.match(run.stderr, /^contests\/broken\.json:4:36: /m);
    assert.match(run.stderr, /^contests\/wrong\.json:\d+:\d+: /m);
    assert.not.ok(existsSync(join(dir, 'out')), 'nothing written');
  }),
);

build(
  'prints warnings and still bakes; --strict makes them errors and writes nothing; --quiet prints only problems',
  () =>
    inScratch(async (dir) => {
      const input = 'test/fixtures/warnings.json';
      const loose = await podium(['build', input, '--out', join(dir, 'a')]);
      assert.is(loose.status, 0, loose.stderr);
      assert.match(
        loose.stderr,
        /^test\/fixtures\/warnings\.json:8:3: warning: unknown key "notes" \[unknown key: notes\]$/m,
      );
      assert.match(loose.stdout, /a\/index\.html {2}2 users · 2 winners · [\d.]+ kB \(gzip\)/);
      const strict = await podium(['build', input, '--out', join(dir, 'b'), '--strict']);
      assert.is(strict.status, 1);
      assert.match(strict.stderr, /^test\/fixtures\/warnings\.json:8:3: unknown key "notes" \[unknown key: notes\]$/m);
      assert.not.ok(existsSync(join(dir, 'b')));
      const quiet = await podium(['build', 'test/fixtures/valid.json', '--out', join(dir, 'c'), '--quiet']);
      assert.equal([quiet.status, quiet.stdout, quiet.stderr], [0, '', '']);
      assert.ok(existsSync(join(dir, 'c/index.html')));
    }),
);

build(
  'colours as Node does: on a terminal, but not with NO_COLOR, TERM=dumb or FORCE_COLOR=0; into a pipe only with FORCE_COLOR',
  () =>
    inScratch(async (dir) => {
      mkdirSync(join(dir, 'many'));
      for (let i = 0; i < 25; i += 1) copyFileSync(join(FIXTURES, 'valid.json'), join(dir, `many/c${i}.json`));
      copyFileSync(join(FIXTURES, 'warnings.json'), join(dir, 'typo.json'));
      // The colour settings of whoever runs the tests stay out of it; so does CI, which to Node means 2 colours (none)
      // unless it names a CI service it knows.
      const clean = {
        NO_COLOR: undefined,
        FORCE_COLOR: undefined,
        NODE_DISABLE_COLORS: undefined,
        CI: undefined,
        TERM: 'xterm-256color',
      };
      // script(1) runs the command on a pseudo-terminal, as a person at a terminal would.
      const onTerminal = (command: string, env: NodeJS.ProcessEnv = {}) =>
        spawnSync('script', ['-qec', `"${process.execPath}" "${BIN}" ${command}`, '/dev/null'], {
          cwd: dir,
          encoding: 'utf8',
          env: { ...process.env, ...clean, ...env },
        }).stdout;
      const GREEN = '\u001b[32mout/c0/index.html\u001b[39m';
      // A container without /dev/pts gives script(1) no terminal to run on.
      const probe = spawnSync('script', ['-qec', 'test -t 1 && echo terminal', '/dev/null'], { encoding: 'utf8' });
      const missing = probe.stdout?.includes('terminal')
        ? undefined
        : `script(1) gets no pseudo-terminal here (${(probe.error?.message ?? probe.stderr ?? '').trim()})`;
      // The installed bin on a real terminal, coloured or not by the environment it is given.
      if (canTest('TERMINAL', 'the terminal cases of the colour test', missing)) {
        const coloured = onTerminal('build many --out out');
        assert.ok(coloured.includes(GREEN), JSON.stringify(coloured.slice(0, 300)));
        assert.match(coloured, '\rbaking 25/25');
        const plain = onTerminal('build many --out out', { NO_COLOR: '1' });
        assert.match(plain, 'out/c0/index.html  5 users');
        assert.not.match(plain, /\u001b\[\d+m/);
      }
      // The same rule in this process, on streams that say they are a terminal as tty.WriteStream does.
      const onStreams = (
        args: string[],
        env: NodeJS.ProcessEnv = {},
        terminal: Options['terminal'] = ['stdout', 'stderr'],
      ) => podium(args, { cwd: dir, env: { ...clean, ...env }, terminal });
      const coloured = await onStreams(['build', 'many', '--out', 'out']);
      assert.ok(coloured.stdout.includes(GREEN), JSON.stringify(coloured.stdout.slice(0, 300)));
      assert.match(coloured.stderr, '\rbaking 25/25');
      for (const env of [{ NO_COLOR: '1' }, { TERM: 'dumb' }, { FORCE_COLOR: '0' }, { NODE_DISABLE_COLORS: '1' }]) {
        const plain = await onStreams(['build', 'many', '--out', 'out'], env);
        assert.match(plain.stdout, 'out/c0/index.html  5 users', JSON.stringify(env));
        assert.not.match(plain.stdout + plain.stderr, /\u001b\[\d+m/, JSON.stringify(env));
      }
      // Each stream is asked: the page lines go to a file, the warning to the terminal.
      const split = await onStreams(['build', 'typo.json', '--out', 'one'], {}, ['stderr']);
      assert.match(split.stderr, '\u001b[33mwarning:\u001b[39m');
      assert.match(split.stdout, /^one\/index\.html {2}2 users · 2 winners · /);
      const piped = await podium(['build', 'many', '--out', 'out'], { cwd: dir, env: clean });
      assert.not.match(piped.stdout + piped.stderr, '\u001b');
      assert.not.match(piped.stderr, 'baking');
      const forced = await podium(['build', 'many', '--out', 'out'], { cwd: dir, env: { ...clean, FORCE_COLOR: '1' } });
      assert.match(forced.stdout, GREEN);
      assert.is(forced.stderr, '', 'no progress into a pipe');
    }),
);

failures('reports deeply nested JSON as a problem, valid or not, without a stack', async () => {
  const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
  const base = '"title":"T","heading":"","journey_date_text":"","description":"","qualification_date_text":""';
  const valid = await podium(['validate', '-'], { input: `{${base},"users":[],"extra":${deep(20_000)}}` });
  assert.is(valid.status, 0, valid.stdout + valid.stderr);
  assert.match(valid.stdout, 'unknown key "extra"');
  const broken = await podium(['validate', '-'], { input: `{${base},"users":[],"extra":${deep(20_000)}` });
  assert.is(broken.status, 1);
  assert.match(broken.stdout, '<stdin>:1:1: invalid JSON, nested too deeply to find the place');
  assert.not.match(broken.stderr, 'RangeError');
});

const check = suite('podium validate');

check('reports every problem of every file, a summary, and exit 1 when a contest is invalid', async () => {
  const run = await podium([
    'validate',
    'contests/example.json',
    'test/fixtures/invalid-schema.json',
    'test/fixtures/warnings.json',
  ]);
  assert.is(run.status, 1);
  const lines = run.stdout.trim().split('\n');
  assert.is(lines.filter((line) => line.startsWith('test/fixtures/invalid-schema.json:')).length, 7);
  assert.is(lines.filter((line) => line.startsWith('test/fixtures/warnings.json:')).length, 2);
  assert.is(lines.at(-1), '3 contests checked, 1 invalid, 9 problems (2 warnings)');
  assert.is(run.stderr, '');
});

check('exits 0 for valid contests, with warnings unless --strict, and reads folders and standard input', async () => {
  const ok = await podium(['validate', 'contests', 'test/fixtures/warnings.json']);
  assert.is(ok.status, 0, ok.stdout);
  assert.match(ok.stdout, /^4 contests checked, 0 invalid, 2 problems \(2 warnings\)$/m); // contests/ holds three
  assert.is((await podium(['validate', 'test/fixtures/warnings.json', '--strict'])).status, 1);
  const stdin = await podium(['validate', '-'], { input: '{"title": ""}' });
  assert.is(stdin.status, 1);
  assert.match(stdin.stdout, /^<stdin>:1:11: title: must not be empty$/m);
});

check('prints the problems as JSON with --format json', async () => {
  const run = await podium([
    'validate',
    'test/fixtures/warnings.json',
    'test/fixtures/duplicate.json',
    '--format',
    'json',
  ]);
  assert.is(run.status, 1);
  const problems = JSON.parse(run.stdout) as Record<string, unknown>[];
  assert.is(problems.length, 3);
  assert.equal(Object.keys(problems[0]!), ['file', 'line', 'column', 'path', 'message', 'severity', 'key']);
  assert.equal(problems[0], {
    file: 'test/fixtures/warnings.json',
    line: 8,
    column: 3,
    path: '',
    message: 'unknown key "notes" [unknown key: notes]',
    severity: 'warning',
    key: 'unknown key: notes',
  });
  assert.equal(problems[2]?.severity, 'error');
});

check('adds GitHub workflow annotations when GITHUB_ACTIONS=true', async () => {
  const run = await podium(['validate', 'test/fixtures/warnings.json', 'test/fixtures/invalid-syntax.json'], {
    env: { GITHUB_ACTIONS: 'true' },
  });
  assert.match(
    run.stdout,
    /^::warning file=test\/fixtures\/warnings\.json,line=8,col=3,title=podium%3A Warnung::unknown key "notes" \[unknown key: notes\]$/m,
  );
  assert.match(
    run.stdout,
    /^::error file=test\/fixtures\/invalid-syntax\.json,line=4,col=36,title=podium%3A Fehler::trailing comma before "]"$/m,
  );
  assert.not.match((await podium(['validate', 'test/fixtures/warnings.json'])).stdout, /^::/m);
});

check('writes nothing, and exits 2 for a path that does not exist', async () => {
  const run = await podium(['validate', 'contests/example.json', 'nope.json']);
  assert.is(run.status, 2);
  assert.match(run.stderr, 'nope.json: no such file or folder');
});

const output = suite('podium (what it prints)');

/** A name a pull request could give a contest file: it would start a GitHub workflow command of its own. */
const INJECTING = 'x\n::error file=README.md,line=1::INJECTED\ny.json';

output('shows file names with control characters escaped, in every line and annotation', () =>
  inScratch(async (dir) => {
    mkdirSync(join(dir, 'in'));
    copyFileSync(join(FIXTURES, 'valid.json'), join(dir, 'in', INJECTING));
    writeFileSync(join(dir, 'in', '\u001b[2J\u001b]0;owned\u0007.json'), '{');
    const runs = [
      await podium(['validate', 'in'], { cwd: dir, env: { GITHUB_ACTIONS: 'true' } }),
      await podium(['validate', 'in', '--format', 'json'], { cwd: dir, env: { GITHUB_ACTIONS: 'true' } }),
      await podium(['build', 'in'], { cwd: dir }),
      await podium(['validate', join('in', INJECTING), 'in/nope\u001b.json'], { cwd: dir }),
      await podium(['build', 'in', '--out', 'out\u001b[2J'], { cwd: dir }),
      // A shell glob can make a file name an option; commander's message quotes it.
      await podium(['validate', '-x\n::error file=README.md::INJECTED.json'], { cwd: dir }),
    ];
    for (const run of runs) {
      const text = run.stdout + run.stderr;
      assert.not.match(text, /\u001b|\u0007/, text);
      assert.not.match(text, /^::error file=README/m, text);
    }
    assert.match(
      runs[0]!.stdout,
      /^::error file=in\/\\x1b\[2J\\x1b\]0;owned\\x07\.json,line=1,col=2,title=podium%3A Fehler::/m,
    );
    assert.match(runs[3]!.stderr, 'podium: in/nope\\x1b.json: no such file or folder');
    rmSync(join(dir, 'in', '\u001b[2J\u001b]0;owned\u0007.json'));
    const built = await podium(['build', 'in', '--out', 'out'], { cwd: dir });
    assert.is(built.status, 0, built.stderr);
    assert.match(built.stdout, /^out\/x\\n::error file=README\.md,line=1::INJECTED\\ny\/index\.html {2}5 users/m);
  }),
);

output('prints exactly one JSON document with --format json, annotations then on standard error', async () => {
  const run = await podium(
    ['validate', 'test/fixtures/warnings.json', 'test/fixtures/invalid-syntax.json', '--format', 'json'],
    { env: { GITHUB_ACTIONS: 'true' } },
  );
  assert.is(run.status, 1);
  assert.is((JSON.parse(run.stdout) as unknown[]).length, 3);
  assert.match(
    run.stderr,
    /^::error file=test\/fixtures\/invalid-syntax\.json,line=4,col=36,title=podium%3A Fehler::trailing comma before "]"$/m,
  );
});

/**
 * Runs a shell line with $PODIUM set; the shell's output and the status of podium, the first command of its pipeline.
 */
const shell = (line: string, cwd = ROOT) => {
  const run = spawnSync('bash', ['-c', `${line}; echo "status \${PIPESTATUS[0]}" >&2`], {
    cwd,
    encoding: 'utf8',
    env: { ...PLAIN, PODIUM: `"${process.execPath}" "${BIN}"` },
  });
  const status = Number(/status (\d+)\n$/.exec(run.stderr)?.[1]);
  return { status, stdout: run.stdout, stderr: run.stderr.replace(/status \d+\n$/, '') };
};

output('ends quietly when standard output closes early, with complete pages and the exit code of the bake', () =>
  inScratch((dir) => {
    const help = shell('eval "$PODIUM build --help" | head -1');
    assert.equal(help, { status: 0, stdout: 'Usage: podium build [options] <input>\n', stderr: '' });
    assert.equal(shell('eval "$PODIUM build --help" | true'), { status: 0, stdout: '', stderr: '' });
    mkdirSync(join(dir, 'in'));
    for (let i = 0; i < 30; i += 1) copyFileSync(join(FIXTURES, 'valid.json'), join(dir, `in/c${i}.json`));
    // `true` has gone before podium prints: every write meets a closed pipe.
    for (const reader of ['head -1', 'true']) {
      rmSync(join(dir, 'out'), { recursive: true, force: true });
      const run = shell(`eval "$PODIUM build in --out out" | ${reader}`, dir);
      assert.equal([run.status, run.stderr], [0, ''], reader);
      for (let i = 0; i < 30; i += 1)
        assert.match(readFileSync(join(dir, `out/c${i}/index.html`), 'utf8'), /<\/html>\n$/);
    }
    const invalid = shell('eval "$PODIUM build test/fixtures/invalid-syntax.json --out never" | true');
    assert.is(invalid.status, 1, 'the exit code of the bake, not of the pipe');
  }),
);

output('says once that standard output is full, without a stack; only the schema, which is all it prints, fails', () =>
  inScratch((dir) => {
    const built = shell(`eval "$PODIUM build ${join(ROOT, 'contests/example.json')} --out out" > /dev/full`, dir);
    assert.equal([built.status, built.stderr], [0, 'podium: cannot write to standard output (disk full)\n']);
    assert.ok(existsSync(join(dir, 'out/index.html')));
    assert.equal(shell('eval "$PODIUM validate contests/example.json" > /dev/full'), {
      status: 0,
      stdout: '',
      stderr: 'podium: cannot write to standard output (disk full)\n',
    });
    assert.equal(shell('eval "$PODIUM schema" > /dev/full').status, 1);
    assert.equal(
      shell('eval "$PODIUM --help" > /dev/full').stderr,
      'podium: cannot write to standard output (disk full)\n',
    );
  }),
);

// The installed bin runs the bundle, lib/cli.cjs: its source map is what names the lines.
output('names src/*.ts lines in the stack with --debug, on every command', async () => {
  const frame = /\n {4}at .*\/src\/(?:[a-z]+\/)*[a-z-]+\.tsx?:\d+:\d+\)?\n/;
  const runs = {
    build: spawnPodium(['build', 'test/fixtures/invalid-syntax.json', '--out', 'test/.tmp/never', '--debug']),
    validate: spawnPodium(['validate', 'nope.json', '--debug']),
    dev: spawnPodium(['dev', 'nope.json', '--debug']),
  };
  for (const [command, run] of Object.entries(runs)) {
    assert.match(run.stderr, frame, `${command}: ${run.stderr}`);
    assert.not.match(run.stderr, /cli\.cjs:\d/, `${command}: no position in the bundle`);
  }
  assert.is(runs.validate.status, 2);
  assert.is((await podium(['schema', '--debug'])).status, 0);
  assert.not.match((await podium(['validate', 'nope.json'])).stderr, /\n\s+at /, 'no stack without --debug');
});

output('says in words why the output folder cannot be written', () =>
  inScratch(async (dir) => {
    writeFileSync(join(dir, 'file'), '');
    symlinkSync(join(dir, 'nowhere'), join(dir, 'dangling'));
    const example = join(ROOT, 'contests/example.json');
    const cases = {
      file: 'it is a file, not a folder',
      'file/sub': 'a file is in the way of its folder',
      dangling: `it is a symbolic link to ${join(dir, 'nowhere')}, which does not exist`,
    };
    for (const [out, words] of Object.entries(cases)) {
      const run = await podium(['build', example, '--out', out], { cwd: dir });
      assert.equal([run.status, run.stderr], [1, `podium: ${out}: cannot write (${words}); nothing was written\n`]);
    }
    assert.equal(readdirSync(dir).sort(), ['dangling', 'file']);
  }),
);

const usage = suite('podium (usage)');

usage('exits 2 for a missing argument, an unknown option, a bad locale, or a path that does not exist', async () => {
  for (const args of [
    ['build'],
    ['build', 'x.json', '--nope'],
    ['build', 'contests/example.json', '--locale', 'fr'],
    ['frobnicate'],
  ]) {
    const run = await podium(args);
    assert.is(run.status, 2, `${args.join(' ')}: ${run.stderr}`);
    assert.ok(run.stderr.length > 0);
  }
  for (const [flag, value] of [
    ['--base-url', 'example.com'],
    ['--base-url', 'ftp://example.com/'],
    ['--base-url', 'https://example.com/#top'],
    ['--refresh', 'soon'],
    ['--refresh', '0'],
    ['--updated-at', 'yesterday'],
    ['--updated-at', '2027-03-31T18:45:00'],
  ] as const) {
    const run = await podium(['build', 'contests/example.json', '--out', 'test/.tmp/never', flag, value]);
    assert.is(run.status, 2, `${flag} ${value}`);
    assert.match(run.stderr, `option '${flag}`);
  }
  for (const value of ['last tuesday', '99999999999999999']) {
    const epoch = await podium(['build', 'contests/example.json', '--out', 'test/.tmp/never', '--updated-at', 'now'], {
      env: { SOURCE_DATE_EPOCH: value },
    });
    assert.is(epoch.status, 2, value);
    assert.is(
      epoch.stderr,
      `podium: SOURCE_DATE_EPOCH must be whole seconds since 1970 for a time in the years 1970 to 9999 (in Berlin time), got "${value}"\n`,
    );
  }
  for (const args of [
    ['dev', 'contests/example.json', '--port', ''],
    ['build', 'contests/example.json', '--base-url', 'https://example.com/a?b=1'],
  ]) {
    assert.is((await podium(args)).status, 2, args.join(' '));
  }
  assert.not.ok(existsSync('test/.tmp/never'));
  const missing = await podium(['build', 'no/such.json']);
  assert.is(missing.status, 2);
  assert.is(
    missing.stderr,
    'podium: no/such.json: no such file or folder; pass a contest .json file, a folder of them, or - for standard input\n',
  );
});

usage('answers --help and --version', async () => {
  const help = await podium(['--help']);
  assert.is(help.status, 0);
  for (const command of [
    'build [options] <input>',
    'validate [options] <inputs...>',
    'schema',
    'dev [options] <input>',
  ])
    assert.match(help.stdout, command);
  const buildHelp = await podium(['build', '--help']);
  assert.is(buildHelp.status, 0);
  for (const text of [
    '--out <dir>',
    '--locale <locale>',
    'choices: "de", "en"',
    '--base-url <url>',
    '--noindex',
    '--refresh <minutes>',
    '--updated-at <when>',
    '--no-hydrate',
    '--no-index',
    '?tv',
    'Exit codes',
  ]) {
    assert.match(buildHelp.stdout, text);
  }
  // The version is written into the bundle when it is built: the installed bin says it.
  const version = spawnPodium(['--version']);
  assert.is(version.status, 0);
  assert.is(version.stdout.trim(), PKG.version);
});

build.run();
stop.run();
failures.run();
check.run();
output.run();
usage.run();
