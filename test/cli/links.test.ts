import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { podium } from '../helpers/cli.ts';
import { inScratch, ROOT } from '../helpers/files.ts';

const SECRET = '3f1c0b5a9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b';
const EXAMPLE = join(ROOT, 'contests/example.json');
const BASE = ['--base-url', 'https://x.example/c/'];

/** The links file's rows after its byte-order mark, each split at its separators. */
function rows(path: string): string[][] {
  const text = readFileSync(path, 'utf8');
  assert.ok(text.startsWith('\uFEFF'));
  return text
    .slice(1)
    .trimEnd()
    .split('\r\n')
    .map((row) => row.split(';'));
}

const links = suite('podium build --links');

links('writes one link per person beside the page: its address and a token, and the page carries no token', () =>
  inScratch(async (dir) => {
    const [out, path] = [join(dir, 'out'), join(dir, 'links.csv')];
    const run = await podium(['build', EXAMPLE, '--out', out, '--links', path, ...BASE], {
      env: { PODIUM_SECRET: SECRET },
    });
    assert.is(run.status, 0, run.stderr);
    assert.match(run.stdout, `${path}  16 personal links: send each person their own line\n`);
    const [head, ...people] = rows(path);
    const users = (JSON.parse(readFileSync(EXAMPLE, 'utf8')) as { users: { name: string }[] }).users;
    assert.equal(head, ['name', 'link']);
    assert.equal(
      people.map(([name]) => name),
      users.map(({ name }) => name),
    );
    const page = readFileSync(join(out, 'index.html'), 'utf8');
    for (const [, link] of people) {
      assert.match(link!, /^https:\/\/x\.example\/c\/#me=[\w-]{22}$/);
      assert.not.ok(page.includes(link!.split('#me=')[1]!), 'no token in the page');
    }
    assert.equal(readdirSync(out), ['.podium', 'index.html'], 'nothing of the links in --out');
    for (const said of [run.stdout, run.stderr, page, readFileSync(path, 'utf8')]) assert.not.ok(said.includes(SECRET));
  }),
);

links('gives the same links for the same secret every week, and all new ones for another secret', () =>
  inScratch(async (dir) => {
    const bake = async (secret: string, name: string) => {
      const args = ['build', EXAMPLE, '--out', join(dir, name), '--links', join(dir, `${name}.csv`), ...BASE];
      assert.is((await podium(args, { env: { PODIUM_SECRET: secret } })).status, 0);
      return rows(join(dir, `${name}.csv`))
        .slice(1)
        .map(([, link]) => link!);
    };
    const first = await bake(SECRET, 'one');
    assert.equal(await bake(SECRET, 'two'), first);
    assert.equal(await bake(`${SECRET}\n`, 'pasted'), first, 'a line break pasted with the secret does not count');
    const other = await bake(SECRET.replace('3f', '3e'), 'three');
    assert.ok(other.every((link) => !first.includes(link)));
    assert.is(new Set(first).size, first.length, 'one link per person');
  }),
);

links("a folder: one file, a contest column, each link under its contest's page", () =>
  inScratch(async (dir) => {
    const args = ['build', join(ROOT, 'contests'), '--out', join(dir, 'out'), '--links', join(dir, 'l.csv'), ...BASE];
    assert.is((await podium(args, { env: { PODIUM_SECRET: SECRET } })).status, 0);
    const [head, ...people] = rows(join(dir, 'l.csv'));
    assert.equal(head, ['contest', 'name', 'link']);
    const contests = [...new Set(people.map(([contest]) => contest))];
    assert.ok(contests.length > 1, contests.join());
    for (const [contest, , link] of people) assert.ok(link!.startsWith(`https://x.example/c/${contest}/#me=`), link);
  }),
);

links(
  'without PODIUM_SECRET, with a short one, without --base-url or with --no-hydrate: one line, exit 2, nothing written',
  () =>
    inScratch(async (dir) => {
      const [out, path] = [join(dir, 'out'), join(dir, 'links.csv')];
      const args = ['build', EXAMPLE, '--out', out, '--links', path];
      for (const [extra, env, said] of [
        [BASE, {}, /PODIUM_SECRET.*openssl rand -hex 32/],
        [BASE, { PODIUM_SECRET: ' \n' }, /PODIUM_SECRET.*openssl rand -hex 32/],
        [BASE, { PODIUM_SECRET: 'x'.repeat(31) }, /at least 32 characters \(it has 31\).*openssl rand -hex 32/],
        [[], { PODIUM_SECRET: SECRET }, /needs --base-url/],
        [[...BASE, '--no-hydrate'], { PODIUM_SECRET: SECRET }, /--no-hydrate/],
      ] as const) {
        const run = await podium([...args, ...extra], { env });
        assert.is(run.status, 2, run.stderr);
        assert.is(run.stderr.trimEnd().split('\n').length, 1, run.stderr);
        assert.match(run.stderr, said);
        assert.match(run.stderr, /nothing was written/);
        assert.equal(readdirSync(dir), [], 'no page, no links');
      }
    }),
);

links('a links file inside --out is refused before anything is written', () =>
  inScratch(async (dir) => {
    const out = join(dir, 'out');
    const run = await podium(['build', EXAMPLE, '--out', out, '--links', join(out, 'links.csv'), ...BASE], {
      env: { PODIUM_SECRET: SECRET },
    });
    assert.is(run.status, 2);
    assert.match(run.stderr, /links\.csv: cannot write the links \(it lies inside --out .*\); .*nothing was written/);
    assert.not.ok(existsSync(out));
  }),
);

links('a build that fails leaves the links file as it was', () =>
  inScratch(async (dir) => {
    const path = join(dir, 'links.csv');
    writeFileSync(path, 'last week');
    const env = { PODIUM_SECRET: SECRET };
    const invalid = join(dir, 'invalid.json');
    writeFileSync(invalid, '{"title": 1}');
    assert.is((await podium(['build', invalid, '--out', join(dir, 'a'), '--links', path, ...BASE], { env })).status, 1);
    mkdirSync(join(dir, 'taken'));
    writeFileSync(join(dir, 'taken', 'notes.txt'), 'mine');
    assert.is(
      (await podium(['build', EXAMPLE, '--out', join(dir, 'taken'), '--links', path, ...BASE], { env })).status,
      2,
    );
    assert.is(readFileSync(path, 'utf8'), 'last week');
    assert.equal(readdirSync(dir).sort(), ['invalid.json', 'links.csv', 'taken']);
  }),
);

links('one name in two rows (NFC and NFD alike): no link for it, said by name and why; other people have theirs', () =>
  inScratch(async (dir) => {
    // Written by Python: "Jörg Weiß" in NFC and in NFD, "Anna Meier" and "anna  meier" (make.sh).
    copyFileSync(join(ROOT, 'test/fixtures/real/totals/same-names.csv'), join(dir, 'same-names.csv'));
    const head = JSON.parse(readFileSync(EXAMPLE, 'utf8')) as object;
    writeFileSync(join(dir, 'c.json'), JSON.stringify({ ...head, ranking: 'profit', users: 'same-names.csv' }));
    const path = join(dir, 'links.csv');
    const run = await podium(['build', join(dir, 'c.json'), '--out', join(dir, 'out'), '--links', path, ...BASE], {
      env: { PODIUM_SECRET: SECRET },
    });
    assert.is(run.status, 0, run.stderr);
    assert.equal(run.stdout.split('\n').slice(1, 3), [
      `${path}  4 personal links: send each person their own line`,
      `${path}  no personal link for "Jörg Weiß": 2 rows have this name and would share one link; give each person one row, or a name of their own`,
    ]);
    assert.equal(
      rows(path).map(([name]) => name),
      ['name', 'Anna Meier', 'Ben Braun', 'anna  meier', 'Carla Christ'],
    );
    const nfd = 'Jörg Weiß'.normalize('NFD');
    assert.match(
      run.stderr,
      `same-names.csv:5:1: warning: users[3]: "${nfd}" is the same name as users[1] "Jörg Weiß"`,
    );
    assert.match(
      run.stderr,
      'same-names.csv:6:1: warning: users[4]: "anna  meier" is the same name as users[0] "Anna Meier"',
    );
  }),
);

links.run();

const team = suite('podium build: a team page\'s link (privacy "access")');

/** The example contest as a team page, in `dir`. */
function teamContest(dir: string): string {
  const data = JSON.parse(readFileSync(EXAMPLE, 'utf8')) as object;
  const path = join(dir, 'team.json');
  writeFileSync(path, JSON.stringify({ ...data, $schema: undefined, privacy: { access: 'link' } }));
  return path;
}

team('is printed on a line of its own after its page: the address (or the path) and "#key=" with the key', () =>
  inScratch(async (dir) => {
    const out = join(dir, 'out');
    const env = { PODIUM_SECRET: SECRET };
    const run = await podium(['build', teamContest(dir), '--out', out, ...BASE], { env });
    assert.is(run.status, 0, run.stderr);
    const lines = run.stdout.trimEnd().split('\n');
    assert.match(lines[0]!, /index\.html {2}16 users · 10 winners/);
    assert.match(
      lines[1]!,
      /^https:\/\/x\.example\/c\/#key=[\w-]{43} {2}team link: anyone with it sees the list; share it only with the team$/,
    );
    const bare = await podium(['build', teamContest(dir), '--out', out], { env });
    assert.match(bare.stdout, new RegExp(`\\n${join(out, 'index.html')}#key=[\\w-]{43}  team link`));
    // A public contest prints no such line.
    const plain = await podium(['build', EXAMPLE, '--out', join(dir, 'plain'), ...BASE], { env });
    assert.not.match(plain.stdout, /#key=|team link/);
  }),
);

team("in GitHub Actions, the key is masked first: the log shows *** in the link's place", () =>
  inScratch(async (dir) => {
    const env = { PODIUM_SECRET: SECRET, GITHUB_ACTIONS: 'true' };
    const run = await podium(['build', teamContest(dir), '--out', join(dir, 'out'), ...BASE], { env });
    assert.is(run.status, 0, run.stderr);
    const key = /#key=([\w-]{43})/.exec(run.stdout)![1]!;
    const lines = run.stdout.split('\n');
    const mask = lines.indexOf(`::add-mask::${key}`);
    assert.ok(mask >= 0 && mask < lines.findIndex((line) => line.includes('team link')), run.stdout);
  }),
);

team('each personal link of a team page carries the team key too, so that it opens the page', () =>
  inScratch(async (dir) => {
    const path = join(dir, 'links.csv');
    const env = { PODIUM_SECRET: SECRET };
    const run = await podium(['build', teamContest(dir), '--out', join(dir, 'out'), '--links', path, ...BASE], { env });
    assert.is(run.status, 0, run.stderr);
    const key = /#key=([\w-]{43})/.exec(run.stdout)![1]!;
    const [, ...people] = rows(path);
    assert.is(people.length, 16);
    for (const [, link] of people) assert.match(link!, new RegExp(`^https://x\\.example/c/#key=${key}&me=[\\w-]{22}$`));
  }),
);

team.run();
