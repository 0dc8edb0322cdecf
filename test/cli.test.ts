import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { podium } from './helpers/cli.ts';
import { toDocument } from './helpers/dom.ts';
import { FIXTURES, fixture, scratch } from './helpers/files.ts';

const PKG = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

const build = suite('podium build');

build('bakes a contest file into <out>/index.html and says what it wrote', () => {
  const { dir, remove } = scratch();
  try {
    const run = podium(['build', join(FIXTURES, 'valid.json'), '--out', join(dir, 'site')]);
    assert.is(run.status, 0, run.stderr);
    assert.is(run.stderr, '');
    assert.match(run.stdout, `${join(dir, 'site/index.html')}  5 users · 3 winners`);
    const doc = toDocument(readFileSync(join(dir, 'site/index.html'), 'utf8'));
    assert.is(doc.title, 'Testwettbewerb');
    assert.is(doc.querySelectorAll('tbody tr').length, 5);
  } finally {
    remove();
  }
});

build('writes dist/index.html by default, relative to the working folder', () => {
  const { dir, remove } = scratch();
  try {
    copyFileSync(join(FIXTURES, 'valid.json'), join(dir, 'contest.json'));
    const run = podium(['build', 'contest.json'], { cwd: dir });
    assert.is(run.status, 0, run.stderr);
    assert.ok(existsSync(join(dir, 'dist/index.html')));
  } finally {
    remove();
  }
});

build('bakes the same input to byte-identical output', () => {
  const { dir, remove } = scratch();
  try {
    podium(['build', join(FIXTURES, 'valid.json'), '--out', join(dir, 'a')]);
    podium(['build', join(FIXTURES, 'valid.json'), '--out', join(dir, 'b')]);
    const a = readFileSync(join(dir, 'a/index.html'), 'utf8');
    assert.ok(a.length > 1000);
    assert.is(a, readFileSync(join(dir, 'b/index.html'), 'utf8'));
    assert.not.ok(a.includes(dir), 'no absolute path in the page');
  } finally {
    remove();
  }
});

build('reads standard input for -', () => {
  const { dir, remove } = scratch();
  try {
    const run = podium(['build', '-', '--out', dir], { input: fixture('valid.json') });
    assert.is(run.status, 0, run.stderr);
    assert.is(toDocument(readFileSync(join(dir, 'index.html'), 'utf8')).title, 'Testwettbewerb');
    const bad = podium(['build', '-', '--out', dir], { input: '{' });
    assert.is(bad.status, 1);
    assert.is(bad.stderr, '<stdin>:1:2: expected a key in double quotes, found end of file\n');
  } finally {
    remove();
  }
});

build('renders English texts with --locale en', () => {
  const { dir, remove } = scratch();
  try {
    assert.is(podium(['build', join(FIXTURES, 'valid.json'), '--out', dir, '--locale', 'en']).status, 0);
    const doc = toDocument(readFileSync(join(dir, 'index.html'), 'utf8'));
    assert.is(doc.documentElement.getAttribute('lang'), 'en');
    assert.is(doc.querySelector('h2')?.textContent, 'Top 5 salespeople');
  } finally {
    remove();
  }
});

build('bakes each *.json of a folder into <out>/<name>/index.html', () => {
  const { dir, remove } = scratch();
  try {
    mkdirSync(join(dir, 'contests'));
    copyFileSync(join(FIXTURES, 'valid.json'), join(dir, 'contests/spring.json'));
    copyFileSync(join(FIXTURES, 'defaults.json'), join(dir, 'contests/autumn.json'));
    writeFileSync(join(dir, 'contests/notes.txt'), 'not a contest');
    const run = podium(['build', 'contests', '--out', 'out'], { cwd: dir });
    assert.is(run.status, 0, run.stderr);
    assert.equal(readdirSync(join(dir, 'out')).sort(), ['autumn', 'spring']);
    assert.is(toDocument(readFileSync(join(dir, 'out/autumn/index.html'), 'utf8')).title, 'Ohne solo_winners');
    assert.equal(run.stdout.trim().split('\n').map((line) => line.split('  ')[0]), ['out/autumn/index.html', 'out/spring/index.html']);
  } finally {
    remove();
  }
});

build('adds og:url per page of a folder with --base-url, and noindex and refresh when asked', () => {
  const { dir, remove } = scratch();
  try {
    mkdirSync(join(dir, 'contests'));
    copyFileSync(join(FIXTURES, 'valid.json'), join(dir, 'contests/spring.json'));
    const run = podium(['build', 'contests', '--out', 'out', '--base-url', 'https://example.com/wettbewerbe', '--noindex', '--refresh', '5'], { cwd: dir });
    assert.is(run.status, 0, run.stderr);
    const doc = toDocument(readFileSync(join(dir, 'out/spring/index.html'), 'utf8'));
    assert.is(doc.querySelector('link[rel=canonical]')?.getAttribute('href'), 'https://example.com/wettbewerbe/spring/');
    assert.is(doc.querySelector('meta[property="og:url"]')?.getAttribute('content'), 'https://example.com/wettbewerbe/spring/');
    assert.is(doc.querySelector('meta[name=robots]')?.getAttribute('content'), 'noindex');
    assert.is(doc.querySelector('meta[http-equiv=refresh]')?.getAttribute('content'), '300');
  } finally {
    remove();
  }
});

build('stamps --updated-at now from SOURCE_DATE_EPOCH, reproducibly, in Berlin time', () => {
  const { dir, remove } = scratch();
  try {
    const env = { SOURCE_DATE_EPOCH: '1806511500' };
    for (const out of ['a', 'b']) assert.is(podium(['build', join(FIXTURES, 'valid.json'), '--out', join(dir, out), '--updated-at', 'now'], { env }).status, 0);
    const a = readFileSync(join(dir, 'a/index.html'), 'utf8');
    assert.is(a, readFileSync(join(dir, 'b/index.html'), 'utf8'));
    assert.is(toDocument(a).querySelector('.stand')?.textContent, 'Stand: 31.03.2027, 18:45 Uhr');
    assert.match(a, '"updated_at":"2027-03-31T18:45:00+02:00"');
    const given = podium(['build', join(FIXTURES, 'long.json'), '--out', join(dir, 'c')]);
    assert.is(given.status, 0, given.stderr);
    assert.is(toDocument(readFileSync(join(dir, 'c/index.html'), 'utf8')).querySelector('.stand')?.textContent, 'Stand: 31.03.2027, 18:45 Uhr');
  } finally {
    remove();
  }
});

build('writes a page without any script with --no-hydrate', () => {
  const { dir, remove } = scratch();
  try {
    assert.is(podium(['build', join(FIXTURES, 'valid.json'), '--out', dir, '--no-hydrate']).status, 0);
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    assert.not.match(html, /<script/i);
    assert.is(toDocument(html).querySelectorAll('tbody tr').length, 5);
  } finally {
    remove();
  }
});

const failures = suite('podium build (bad input)');

failures('reports every problem as path:line:col, exits 1, and leaves the existing page untouched', () => {
  const { dir, remove } = scratch();
  try {
    writeFileSync(join(dir, 'index.html'), 'the page that was there');
    const run = podium(['build', 'test/fixtures/invalid-schema.json', '--out', dir]);
    assert.is(run.status, 1);
    assert.is(run.stdout, '');
    const lines = run.stderr.trim().split('\n');
    assert.is(lines.length, 7, run.stderr);
    for (const line of lines) assert.match(line, /^test\/fixtures\/invalid-schema\.json:\d+:\d+: /);
    assert.match(run.stderr, 'users[2].leadCount: expected a number, got the string "12"');
    assert.not.match(run.stderr, /\bat .*\.js:\d+/, 'no stack trace');
    assert.is(readFileSync(join(dir, 'index.html'), 'utf8'), 'the page that was there');
    assert.equal(readdirSync(dir), ['index.html']);
  } finally {
    remove();
  }
});

failures('shows a stack only with --debug', () => {
  const run = podium(['build', 'test/fixtures/invalid-syntax.json', '--out', 'test/.tmp/never', '--debug']);
  assert.is(run.status, 1);
  assert.match(run.stderr, /^test\/fixtures\/invalid-syntax\.json:5:3: trailing comma before "]"\n/);
  assert.match(run.stderr, /\n\s+at /);
  assert.not.ok(existsSync('test/.tmp/never'));
});

failures('writes no page of a folder when one contest is invalid, and reports every invalid file', () => {
  const { dir, remove } = scratch();
  try {
    mkdirSync(join(dir, 'contests'));
    copyFileSync(join(FIXTURES, 'valid.json'), join(dir, 'contests/good.json'));
    copyFileSync(join(FIXTURES, 'invalid-syntax.json'), join(dir, 'contests/broken.json'));
    copyFileSync(join(FIXTURES, 'invalid-schema.json'), join(dir, 'contests/wrong.json'));
    const run = podium(['build', 'contests', '--out', 'out'], { cwd: dir });
    assert.is(run.status, 1);
    assert.match(run.stderr, /^contests\/broken\.json:5:3: /m);
    assert.match(run.stderr, /^contests\/wrong\.json:\d+:\d+: /m);
    assert.not.ok(existsSync(join(dir, 'out')), 'nothing written');
  } finally {
    remove();
  }
});

const usage = suite('podium (usage)');

usage('exits 2 for a missing argument, an unknown option, a bad locale, or a path that does not exist', () => {
  for (const args of [['build'], ['build', 'x.json', '--nope'], ['build', 'contests/example.json', '--locale', 'fr'], ['frobnicate']]) {
    const run = podium(args);
    assert.is(run.status, 2, `${args.join(' ')}: ${run.stderr}`);
    assert.ok(run.stderr.length > 0);
  }
  for (const [flag, value] of [
    ['--base-url', 'example.com'],
    ['--base-url', 'ftp://example.com/'],
    ['--refresh', 'soon'],
    ['--refresh', '0'],
    ['--updated-at', 'yesterday'],
    ['--updated-at', '2027-03-31T18:45:00'],
  ] as const) {
    const run = podium(['build', 'contests/example.json', '--out', 'test/.tmp/never', flag, value]);
    assert.is(run.status, 2, `${flag} ${value}`);
    assert.match(run.stderr, `option '${flag}`);
  }
  const epoch = podium(['build', 'contests/example.json', '--out', 'test/.tmp/never', '--updated-at', 'now'], { env: { SOURCE_DATE_EPOCH: 'last tuesday' } });
  assert.is(epoch.status, 2);
  assert.is(epoch.stderr, 'podium: SOURCE_DATE_EPOCH must be whole seconds since 1970, got "last tuesday"\n');
  assert.not.ok(existsSync('test/.tmp/never'));
  const missing = podium(['build', 'no/such.json']);
  assert.is(missing.status, 2);
  assert.is(missing.stderr, 'podium: no/such.json: no such file or folder; pass a contest .json file, a folder of them, or - for standard input\n');
});

usage('answers --help and --version', () => {
  const help = podium(['--help']);
  assert.is(help.status, 0);
  assert.match(help.stdout, 'build [options] <input>');
  const buildHelp = podium(['build', '--help']);
  assert.is(buildHelp.status, 0);
  for (const text of ['--out <dir>', '--locale <locale>', 'choices: "de", "en"', '--base-url <url>', '--noindex', '--refresh <minutes>', '--updated-at <when>', '--no-hydrate', '?tv', 'Exit codes']) {
    assert.match(buildHelp.stdout, text);
  }
  const version = podium(['--version']);
  assert.is(version.status, 0);
  assert.is(version.stdout.trim(), PKG.version);
});

build.run();
failures.run();
usage.run();
