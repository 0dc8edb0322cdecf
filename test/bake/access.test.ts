// Team pages (privacy "access"): what their bytes hold of a person (nothing), what opens them (the team key, the
// passphrase), that a rebuild writes the same bytes and a new secret makes a new key, and what a build refuses.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toAccess, toSealing, ITERATIONS } from '../../src/bake/access.ts';
import { escapeHtml } from '../../src/bake/html.ts';
import { toMoney } from '../../src/contest/numbers.ts';
import { openLock, readKey, unwrapKey, type LockedContest } from '../../src/page/access/open.ts';
import { podium } from '../helpers/cli.ts';
import { scratch } from '../helpers/files.ts';
import { UserError } from '../../src/errors.ts';
import type { Named } from '../../src/contest/schema.ts';

const SECRET = '0123456789abcdef'.repeat(4);
const PASSPHRASE = 'Lissabon wartet im Juni';
const EXAMPLE = JSON.parse(readFileSync('contests/example.json', 'utf8')) as {
  users: { name: string; leadCount: number; profit: number }[];
};
const work = scratch();

/** Bakes `data` with `privacy` into `<work>/<name>/` under `env`: the run, the page's bytes as text, its data. */
async function bake(
  name: string,
  data: object,
  privacy?: object,
  env: Record<string, string> = { PODIUM_SECRET: SECRET },
) {
  const source = join(work.dir, `${name}.json`);
  writeFileSync(source, JSON.stringify({ ...data, $schema: undefined, ...(privacy && { privacy }) }));
  const out = join(work.dir, name);
  const run = await podium(['build', source, '--out', out], { env });
  const html = run.status === 0 ? readFileSync(join(out, 'index.html'), 'utf8') : '';
  return { run, out, html, data: html ? readData(html) : undefined };
}

/** The data a page carries, read as a wall screen reads a fetched page's (page/tv/fetched.ts). */
function readData(html: string): LockedContest {
  const literal = /window\.__CONTEST__=JSON\.parse\('((?:[^'\\]|\\.)*)'\)/.exec(html)![1]!;
  return JSON.parse(literal.replace(/\\(.)/g, '$1')) as LockedContest;
}

/** `text` and how a page could hold it: JSON-escaped, HTML-escaped, and each of those in base64 and base64url. */
function forms(text: string): string[] {
  const plain = [text, JSON.stringify(text).slice(1, -1), escapeHtml(text)];
  // Base64 of a text inside longer bytes depends on where it starts: each of the three starts, without the edges.
  const encoded = plain.flatMap((each) =>
    [0, 1, 2].flatMap((shift) => {
      const base64 = Buffer.from('\0'.repeat(shift) + each).toString('base64');
      const inner = base64.slice(Math.ceil((shift * 4) / 3) + 1, -4);
      return inner.length >= 6 ? [inner, inner.replace(/\+/g, '-').replace(/\//g, '_')] : [];
    }),
  );
  return [...new Set([...plain, ...encoded])];
}

const bytes = suite('a team page\'s bytes ("access": "link")');

bytes('hold no name, name part, short form or amount of anyone, in any encoding, outside the page script', async () => {
  const { html, run } = await bake('bytes', EXAMPLE, { access: 'link' });
  assert.is(run.status, 0, run.stderr);
  // The page script is the same file for every team page: what it holds comes from no contest.
  const script = readFileSync('lib/client-access.js', 'utf8');
  assert.ok(html.includes(script));
  const rest = html.replace(script, '');
  const found = EXAMPLE.users.flatMap(({ name, profit }) => {
    const parts = name.split(/[\s-]+/).filter((part) => part.length >= 3 && !/^(von|Dr\.)$/.test(part));
    const initials = name
      .split(/\s+/)
      .map((part) => `${part[0]}.`)
      .join(' ');
    const short = `${parts[0]} ${parts.at(-1)![0]}.`;
    // An amount of fewer than three digits is in any page (a 0 or a 12 of its texts, styles or markup).
    const amounts = Math.abs(profit) < 100 ? [] : [toMoney(profit), String(profit), String(Math.round(profit * 100))];
    // A text as a word of its own: "Lea" is in every page's catalogue ("Eigenleads"), and no one's name there.
    const word = (form: string) =>
      new RegExp(`(?<![\\p{L}\\d])${form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\d])`, 'u');
    return [name, ...parts, initials, short, ...amounts].flatMap(forms).filter((form) => word(form).test(rest));
  });
  assert.equal(found, []);
});

bytes('say nothing of how many people are listed: 3 and 12 people make pages of one length', async () => {
  const few = await bake('few', { ...EXAMPLE, users: EXAMPLE.users.slice(0, 3) }, { access: 'link' });
  const more = await bake('more', { ...EXAMPLE, users: EXAMPLE.users.slice(0, 12) }, { access: 'link' });
  assert.is(few.html.length, more.html.length);
  assert.is(few.data!.users.length, 0);
  assert.not.ok(few.html.includes('Top 3') || more.html.includes('Top 12'));
});

bytes('open with the team key to the data the page without "access" carries', async () => {
  const [plain, team] = [await bake('plain', EXAMPLE), await bake('team', EXAMPLE, { access: 'link' })];
  const key = readKey(`#key=${/#key=([\w-]+)/.exec(team.run.stdout)![1]}`)!;
  assert.equal(await openLock(team.data!.locked, key), plain.data);
  const wrong = new Uint8Array(key);
  wrong[0]! ^= 1;
  assert.is(await openLock(team.data!.locked, wrong), undefined);
  assert.is(team.data!.locked.passphrase, undefined, 'no passphrase for "link"');
});

bytes('are the same when baked again; another secret makes another key and link', async () => {
  const [one, two] = [
    await bake('again1', EXAMPLE, { access: 'link' }),
    await bake('again2', EXAMPLE, { access: 'link' }),
  ];
  assert.is(one.html, two.html);
  assert.is(one.run.stdout.replace(/again1/g, ''), two.run.stdout.replace(/again2/g, ''));
  const other = await bake('other', EXAMPLE, { access: 'link' }, { PODIUM_SECRET: SECRET.replace('0', 'f') });
  const keyOf = (stdout: string) => /#key=([\w-]+)/.exec(stdout)![1]!;
  assert.is.not(keyOf(other.run.stdout), keyOf(one.run.stdout));
  assert.is(await openLock(other.data!.locked, readKey(`#key=${keyOf(one.run.stdout)}`)!), undefined);
});

bytes(
  'past its end date with "texts": the contest\'s texts and that it is over, and no sentence about a ranking',
  async () => {
    const privacy = { access: 'link', until: '2027-07-31', after: 'texts' };
    const env = { PODIUM_SECRET: SECRET, SOURCE_DATE_EPOCH: String(Date.parse('2027-08-02T12:00:00Z') / 1000) };
    const { html, run } = await bake('ended', EXAMPLE, privacy, env);
    assert.is(run.status, 0, run.stderr);
    // The markup, before the texts the page script carries.
    const markup = html.slice(html.indexOf('<div id="podium">'), html.indexOf('<script type="application/json"'));
    assert.match(markup, 'Dieser Wettbewerb ist beendet');
    assert.not.match(markup, 'Die Rangliste sieht nur das Team');
    assert.not.match(markup, '<section');
  },
);

const passphrase = suite('a team page with "access": "passphrase"');

passphrase('opens with the passphrase (NFC) or the team link, and not with another passphrase', async () => {
  const env = { PODIUM_SECRET: SECRET, PODIUM_PASSPHRASE: PASSPHRASE };
  const [plain, team] = [await bake('pplain', EXAMPLE), await bake('pteam', EXAMPLE, { access: 'passphrase' }, env)];
  const lock = team.data!.locked;
  assert.is(lock.passphrase?.iterations, ITERATIONS);
  assert.ok(ITERATIONS >= 600_000, "OWASP's figure for PBKDF2-HMAC-SHA-256");
  const key = await unwrapKey(lock, PASSPHRASE);
  assert.ok(key);
  assert.equal(await openLock(lock, key), plain.data);
  assert.equal(key, readKey(`#key=${/#key=([\w-]+)/.exec(team.run.stdout)![1]}`));
  assert.is(await unwrapKey(lock, 'Lissabon wartet im Juli'), undefined);
});

passphrase(
  'has a key of its own: a new passphrase locks out the old one, and no passphrase opens a "link" page',
  async () => {
    const keyOf = (stdout: string) => readKey(`#key=${/#key=([\w-]+)/.exec(stdout)![1]}`)!;
    const env = (phrase: string) => ({ PODIUM_SECRET: SECRET, PODIUM_PASSPHRASE: phrase });
    const old = await bake('pold', EXAMPLE, { access: 'passphrase' }, env(PASSPHRASE));
    const renewed = await bake('pnew', EXAMPLE, { access: 'passphrase' }, env('Porto wartet im Juli'));
    const link = await bake('plink', EXAMPLE, { access: 'link' });
    const keys = [old, renewed, link].map(({ run }) => keyOf(run.stdout));
    assert.is(new Set(keys.map((key) => Buffer.from(key).toString('hex'))).size, 3);
    // What the old passphrase opens opens no page of the new one, nor a "link" page.
    const unwrapped = (await unwrapKey(old.data!.locked, PASSPHRASE))!;
    assert.is(await openLock(renewed.data!.locked, unwrapped), undefined);
    assert.is(await openLock(link.data!.locked, unwrapped), undefined);
    assert.is(await unwrapKey(renewed.data!.locked, PASSPHRASE), undefined);
  },
);

const refused = suite('a build of a team page refuses, nothing written');

refused('without PODIUM_SECRET, with a short one, without or with a short passphrase, or --no-hydrate', async () => {
  const cases: [object, Record<string, string>, string[], RegExp][] = [
    [
      { access: 'link' },
      {},
      [],
      /"access": "link" needs a secret in PODIUM_SECRET, which makes the team link; make one/,
    ],
    [
      { access: 'link' },
      { PODIUM_SECRET: 'short' },
      [],
      /needs a PODIUM_SECRET of at least 32 characters \(it has 5\)/,
    ],
    // Characters, not bytes: 11 euro signs are 33 bytes.
    [{ access: 'link' }, { PODIUM_SECRET: '€'.repeat(11) }, [], /at least 32 characters \(it has 11\)/],
    [
      { access: 'passphrase' },
      { PODIUM_SECRET: SECRET },
      [],
      /"access": "passphrase" needs the passphrase in PODIUM_PASSPHRASE/,
    ],
    [
      { access: 'passphrase' },
      { PODIUM_SECRET: SECRET, PODIUM_PASSPHRASE: 'kurz' },
      [],
      /at least 12 characters \(it has 4\)/,
    ],
    [
      { access: 'link' },
      { PODIUM_SECRET: SECRET },
      ['--no-hydrate'],
      /needs the page script, which --no-hydrate leaves out/,
    ],
  ];
  for (const [privacy, env, flags, line] of cases) {
    const source = join(work.dir, 'refused.json');
    writeFileSync(source, JSON.stringify({ ...EXAMPLE, $schema: undefined, privacy }));
    const out = join(work.dir, 'refused');
    const run = await podium(['build', source, '--out', out, ...flags], { env });
    assert.is(run.status, 1, run.stderr);
    assert.match(run.stderr, line);
    assert.match(run.stderr, /nothing was written\n$/);
    assert.is(run.stderr.trim().split('\n').length, 1);
    assert.is(run.stdout, '');
  }
});

refused('a public contest needs no secret, and a default\'s "access" counts where a contest has none', () => {
  const named = (name: string, privacy?: object) =>
    ({ name, files: [`${name}.json`], contest: { users: [], ...(privacy && { privacy }) } }) as unknown as Named;
  const [open, none, team] = [named('a', { access: 'public' }), named('b'), named('c', { access: 'link' })];
  const sealing = toSealing([open, none], undefined, {}, false);
  assert.is(sealing(open), undefined);
  assert.is(sealing(none), undefined);
  assert.throws(
    () => toSealing([open, none], { access: 'link' }, {}, true),
    (error: unknown) => error instanceof UserError && /^podium: b\.json: "access": "link"/.test(error.message),
  );
  const sealed = toSealing([open, team], undefined, { secret: SECRET }, true);
  assert.is(sealed(open), undefined);
  assert.equal(sealed(team)?.key, toAccess(Buffer.from(SECRET)).key);
});

refused.after(() => work.remove());
bytes.run();
passphrase.run();
refused.run();
