// The recorded set: every example, fixture and a range of generated contests, baked and checked with the flag sets
// the tests use, through the installed bin. `node scripts/recorded.js` prints what each case gives (its exit code,
// what it printed, the SHA-256 of each file it wrote) as JSON; `--check FILE` compares that with FILE and names each
// case that differs (and whether only the page script does; `--scripts-may-differ` lets such a case pass, for a
// change of the bundle alone); `--keep DIR` leaves every output in DIR, for a diff. A change that means to change a
// page records the set again (`node scripts/recorded.js > test/recorded.json`) and says why in its commit.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { generate, toExcelCsv, toHistoryFiles, toStands } from '../bench/generate.js';

const ROOT = new URL('..', import.meta.url).pathname;
const BIN = join(ROOT, 'bin/podium.cjs');
const SECRET = 'recorded-set-secret-of-32-characters-at-least';
const AT = ['--updated-at', '2027-03-31T18:45:00+02:00'];
const URL_ = ['--base-url', 'https://example.com/contests/'];

/** The generated contests, written into `dir`: each a file name and its contest. */
function generated(dir) {
  const files = {};
  const put = (name, value) =>
    writeFileSync(join(dir, name), typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  const base = generate(300, 7);
  put('plain.json', base);
  put('privacy.json', { ...base, privacy: { names: 'initials', amounts: 'winners', hidden: [base.users[3].name] } });
  put('alias.json', {
    ...base,
    privacy: { names: 'alias', amounts: 'none' },
    users: base.users.map((user, i) => (i % 3 ? { ...user, alias: `Alias ${i}` } : { ...user, hidden: i % 2 === 0 })),
  });
  put('leads.json', { ...base, ranking: 'leadCount', ties: 'list order', minimum: { profit: 5000 } });
  put('both.json', { ...base, ranking: ['leadCount', 'profit'], solo_winners: 7 });
  put('as-given.json', { ...base, ranking: 'as given', solo_winners: 0 });
  // Amounts at the edge of a cent: they decide places and show as the cents they round to.
  const cents = [1.005, 1.0049999999, 0.1 + 0.2, 0.3, 2.675, 2.665, -0.005, 1e9 + 0.005, 12.345, 12.344999];
  put('cents.json', {
    ...base,
    solo_winners: 3,
    ranking: 'profit',
    users: cents
      .map((profit, i) => ({ name: `Person ${i}`, leadCount: 1, profit }))
      .sort((a, b) => b.profit - a.profit),
  });
  const csv = generate(120, 11);
  put('export.csv', toExcelCsv(csv.users));
  put('export.json', { ...csv, users: 'export.csv', ranking: 'profit' });
  // A history of four Stands, with privacy: the change report, movements and personal links.
  mkdirSync(join(dir, 'weeks'));
  for (const [name, text] of toHistoryFiles(toStands(generate(80, 5).users, 4), 4)) put(join('weeks', name), text);
  put('history.json', { ...generate(0, 5), users: 'weeks/', ranking: 'profit', solo_winners: 8 });
  put('history-private.json', {
    ...generate(0, 5),
    users: 'weeks/',
    ranking: 'profit',
    solo_winners: 8,
    privacy: { names: 'first name and initial', amounts: 'winners' },
  });
  return files;
}

const FLAGS = {
  plain: [...AT],
  tv: [...AT, '--refresh', '5', '--noindex', ...URL_],
  en: [...AT, '--locale', 'en'],
  'privacy-default': [...AT, '--privacy-default', 'initials,winners'],
  'no-hydrate': [...AT, '--no-hydrate'],
  links: [...AT, ...URL_, '--links', 'LINKS'],
  strict: [...AT, '--strict'],
};

function sha(bytes) {
  return createHash('sha256').update(bytes).digest('hex');
}

function run(args, cwd, env = {}) {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', GITHUB_STEP_SUMMARY: '', GITHUB_ACTIONS: '', ...env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * A page with its page script and the CSP's script hashes masked, and sizes left out: what a change of the bundle
 * alone (a minifier, React) leaves as it was.
 */
function toShape(text) {
  return text
    .replace(/<script>(?!window\.__CONTEST__)[\s\S]*?<\/script>/g, '<script>…</script>')
    .replace(/'sha256-[A-Za-z0-9+/=]+'/g, "'sha256-…'")
    .replace(/\d+(\.\d+)? kB/g, '… kB');
}

function files(dir) {
  const found = {};
  const walk = (at) => {
    for (const name of readdirSync(at).sort()) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else {
        const bytes = readFileSync(path);
        found[relative(dir, path)] = { bytes: sha(bytes), shape: sha(toShape(bytes.toString('utf8'))) };
      }
    }
  };
  walk(dir);
  return found;
}

function record(keep) {
  const work = mkdtempSync(join(tmpdir(), 'podium-recorded-'));
  try {
    // Every input is copied into one folder, so that the paths the CLI prints are the same wherever it runs.
    const inputs = join(work, 'in');
    mkdirSync(inputs);
    cpSync(join(ROOT, 'contests'), join(inputs, 'contests'), { recursive: true });
    cpSync(join(ROOT, 'test/fixtures'), join(inputs, 'fixtures'), { recursive: true });
    mkdirSync(join(inputs, 'generated'));
    generated(join(inputs, 'generated'));
    const contests = [
      'contests',
      ...readdirSync(join(inputs, 'contests'))
        .filter((name) => name.endsWith('.json'))
        .map((name) => `contests/${name}`),
      ...readdirSync(join(inputs, 'fixtures'))
        .filter((name) => name.endsWith('.json'))
        .map((name) => `fixtures/${name}`),
      ...readdirSync(join(inputs, 'generated'))
        .filter((name) => name.endsWith('.json'))
        .map((name) => `generated/${name}`),
    ].sort();
    const cases = {};
    let n = 0;
    for (const input of contests) {
      for (const [set, flags] of Object.entries(FLAGS)) {
        const out = join(work, 'out', String((n += 1)));
        const links = join(work, 'links', `${n}.csv`);
        mkdirSync(join(work, 'links'), { recursive: true });
        const args = ['build', input, '--out', out, ...flags.map((flag) => (flag === 'LINKS' ? links : flag))];
        const result = run(args, inputs, { PODIUM_SECRET: SECRET });
        const written = statSync(out, { throwIfNoEntry: false }) ? files(out) : {};
        delete written['.podium/manifest.json'];
        const strip = (text) => text.split(work).join('<work>');
        const linksFile = statSync(links, { throwIfNoEntry: false }) ? sha(readFileSync(links)) : undefined;
        cases[`build ${input} ${set}`] = {
          status: result.status,
          stdout: strip(result.stdout),
          stderr: strip(result.stderr),
          files: written,
          ...(linksFile && { links: linksFile }),
        };
        if (keep && Object.keys(written).length)
          cpSync(out, join(keep, `${input.replaceAll('/', '_')}.${set}`), { recursive: true, force: true });
      }
      for (const flags of [[], ['--privacy'], ['--strict'], ['--privacy', '--locale', 'en']]) {
        const result = run(['validate', input, ...flags], inputs);
        cases[`validate ${input} ${flags.join(' ')}`.trim()] = result;
      }
    }
    return cases;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** A case as compared: byte for byte, or (`shape`) with the page script and sizes masked. */
function toCompared(result, shape) {
  if (!result) return result;
  const files = Object.fromEntries(Object.entries(result.files ?? {}).map(([k, v]) => [k, shape ? v.shape : v.bytes]));
  const text = (value) => (shape ? toShape(value) : value);
  return { ...result, stdout: text(result.stdout), stderr: text(result.stderr), ...(result.files && { files }) };
}

const args = process.argv.slice(2);
const keep = args.includes('--keep') ? args[args.indexOf('--keep') + 1] : undefined;
if (keep) mkdirSync(keep, { recursive: true });
const cases = record(keep);
if (args.includes('--check')) {
  const expected = JSON.parse(readFileSync(args[args.indexOf('--check') + 1], 'utf8'));
  const names = [...new Set([...Object.keys(expected), ...Object.keys(cases)])];
  const same = (name, shape) =>
    JSON.stringify(toCompared(expected[name], shape)) === JSON.stringify(toCompared(cases[name], shape));
  const differ = names.filter((name) => !same(name, false));
  const scripts = differ.filter((name) => same(name, true));
  for (const name of differ)
    process.stdout.write(`${scripts.includes(name) ? 'page script only' : 'differs'}: ${name}\n`);
  const kept = names.length - differ.length;
  process.stdout.write(`${kept} of ${names.length} as recorded, ${scripts.length} more but for the page script\n`);
  process.exitCode = differ.length - (args.includes('--scripts-may-differ') ? scripts.length : 0) ? 1 : 0;
} else {
  process.stdout.write(`${JSON.stringify(cases, null, 1)}\n`);
}
