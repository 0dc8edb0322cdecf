// A team page (privacy "access") in real Chromium: the team link shows the rows the page without "access" shows, a
// wrong or missing key shows the sentence and nothing of a person, no request leaves the page, the passphrase opens
// it, axe finds nothing, and TV mode and its refresh work with the team link.
import * as assert from 'uvu/assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromiumSuite, hydrated, once, serve, violations, type Visit } from '../../helpers/browser.ts';
import { podium } from '../../helpers/cli.ts';

const SECRET = '0123456789abcdef'.repeat(4);
const PASSPHRASE = 'Lissabon wartet im Juni';
const EXAMPLE = JSON.parse(readFileSync('contests/example.json', 'utf8')) as Record<string, unknown>;
const { test, work, open, run } = chromiumSuite('team pages in Chromium');

/** The example contest with `privacy`, baked into `<work>/<name>/` with `flags`: its file URL and the team link. */
async function bake(name: string, privacy: object | undefined, flags: string[] = [], data = EXAMPLE, secret = SECRET) {
  const source = join(work.dir, `${name}.json`);
  const { $schema: _, ...rest } = data;
  writeFileSync(source, JSON.stringify({ ...rest, ...(privacy && { privacy }) }));
  const out = join(work.dir, name);
  const env = { PODIUM_SECRET: secret, PODIUM_PASSPHRASE: PASSPHRASE };
  const built = await podium(['build', source, '--out', out, ...flags], { env });
  assert.is(built.status, 0, built.stderr);
  const url = pathToFileURL(join(out, 'index.html')).href;
  const key = /#key=([\w-]+)/.exec(built.stdout)?.[1];
  return { out, url, team: `${url}#key=${key}`, stdout: built.stdout };
}

const plain = once(() => bake('plain', undefined));
const link = once(() => bake('link', { access: 'link' }));
const passphrase = once(() => bake('passphrase', { access: 'passphrase' }));

/** Every row as a reader sees it (place, name, leads, volume), and whether it is a winner's. */
function rows(seen: Visit) {
  return seen.page.$$eval('tbody tr', (trs) => trs.map((tr) => `${tr.className}|${tr.textContent}`));
}

/** What a locked page shows: the sentence, no table, and no text of a person. */
async function locked(seen: Visit) {
  await seen.page.waitForTimeout(300); // the script has looked for a key and found none that opens the page
  return seen.page.evaluate(() => ({
    sentence: document.querySelector('.locked')?.textContent ?? '',
    rows: document.querySelectorAll('tbody tr').length,
    text: document.body.textContent ?? '',
  }));
}

test('the team link shows every row the page without "access" shows, and the texts around them', async () => {
  const [open1, open2] = [await plain(), await link()];
  const a = await open(open1.url);
  await hydrated(a);
  const b = await open(open2.team);
  await hydrated(b);
  const [shown, expected] = [await rows(b), await rows(a)];
  assert.is(shown.length, 16);
  assert.equal(shown, expected);
  assert.is(await b.page.title(), await a.page.title());
  assert.equal(b.console, []);
  // Nothing but the page itself: the key is never sent anywhere, and opening asks nothing of a server.
  assert.equal(b.requests, [open2.url]);
});

test('without the key, or with a wrong one, the page shows its texts and the sentence, and no one', async () => {
  const { url, team } = await link();
  const wrong = team.replace(/#key=./, (start) => (start.endsWith('A') ? '#key=B' : '#key=A'));
  for (const address of [url, wrong, `${url}#key=short`]) {
    const seen = await open(address);
    const shown = await locked(seen);
    assert.match(shown.sentence, /Die Rangliste sieht nur das Team/);
    assert.is(shown.rows, 0);
    assert.match(shown.text, /Lissabon wartet!/);
    for (const name of ['Sabine Hoffmann', 'Hoffmann', 'Mehmet', 'Zimmermann'])
      assert.not.ok(shown.text.includes(name));
    assert.equal(seen.console, []);
    assert.equal(seen.requests, [address.replace(/#.*/, '')]);
  }
});

test('the passphrase opens the page; a wrong one says so and shows no one', async () => {
  const { url, team } = await passphrase();
  const seen = await open(url);
  const field = seen.page.getByLabel('Passwort des Teams');
  await field.fill('falsches Passwort');
  await seen.page.getByRole('button', { name: 'Rangliste öffnen' }).click();
  await seen.page.getByText('Dieses Passwort öffnet die Rangliste nicht.').waitFor();
  assert.is(await seen.page.locator('tbody tr').count(), 0);
  await field.fill(PASSPHRASE);
  await field.press('Enter');
  await hydrated(seen);
  assert.is(await seen.page.locator('tbody tr').count(), 16);
  assert.equal(await rows(seen), await rows(await hydratedAt((await plain()).url)));
  // The key the passphrase opened is in the address now: a reload (--refresh, a new version) opens the page again.
  assert.match(seen.page.url(), /#key=[\w-]{43}$/);
  await seen.page.reload();
  await hydrated(seen);
  assert.is(await seen.page.locator('tbody tr').count(), 16);
  // The team link opens a passphrase page too.
  const linked = await open(team);
  await hydrated(linked);
  assert.is(await linked.page.locator('tbody tr').count(), 16);
  assert.equal([...seen.console, ...linked.console], []);
});

async function hydratedAt(url: string) {
  const seen = await open(url);
  await hydrated(seen);
  return seen;
}

test('the team link pasted into the tab of the locked page opens it', async () => {
  const { url, team } = await link();
  const seen = await open(url);
  await locked(seen);
  await seen.page.evaluate((hash) => void (location.hash = hash), team.slice(team.indexOf('#')));
  await hydrated(seen);
  assert.is(await seen.page.locator('tbody tr').count(), 16);
});

test('a browser that cannot open the page (plain http from another host: no WebCrypto) says so', async () => {
  const { out, team } = await link();
  const host = await serve(out);
  try {
    const port = new URL(host.url).port;
    const seen = await open(`http://team.test/${team.slice(team.indexOf('#'))}`, {
      hosts: { 'team.test': `127.0.0.1:${port}` },
    });
    await seen.page.getByText('Dieser Browser kann die Rangliste hier nicht öffnen').waitFor();
    assert.is(await seen.page.locator('tbody tr').count(), 0);
    assert.is(await seen.page.evaluate(() => window.isSecureContext), false);
  } finally {
    await host.close();
  }
});

test('axe finds nothing on a team page, locked and opened, at 1280 and 360 px', async () => {
  for (const width of [1280, 360]) {
    const { url, team } = await passphrase();
    const lockedPage = await open(url, { width });
    await lockedPage.page.locator('.passphrase input').waitFor();
    assert.equal(await violations(lockedPage), [], `locked at ${width}`);
    const opened = await open(team, { width });
    await hydrated(opened);
    assert.equal(await violations(opened), [], `opened at ${width}`);
  }
});

test('TV mode with the team link: the rows on a wall screen, and new figures fetched and opened with the same key', async () => {
  const site = await bake('tv', { access: 'link' }, ['--refresh', '1']);
  const host = await serve(site.out);
  try {
    const key = site.team.slice(site.team.indexOf('#key='));
    const seen = await open(`${host.url}${key}&tv`, { time: '2027-03-01T12:00:00+01:00' });
    await seen.page.clock.runFor(100);
    await seen.page.locator('tbody tr').first().waitFor();
    assert.ok(await seen.page.evaluate(() => document.documentElement.classList.contains('tv')));
    const first = await seen.page.locator('tbody tr').first().textContent();
    // Monday's bake: the first row's leads change; the screen shows them without a reload.
    const users = structuredClone(EXAMPLE.users) as { leadCount: number }[];
    users[0]!.leadCount += 1000;
    await bake('tv', { access: 'link' }, ['--refresh', '1'], { ...EXAMPLE, users });
    await seen.page.clock.runFor(61_000);
    await seen.page.waitForFunction((before) => document.querySelector('tbody tr')?.textContent !== before, first);
    assert.match((await seen.page.locator('tbody tr').first().textContent()) ?? '', /\d/);
    assert.is(await seen.page.locator('.locked').count(), 0);
    // A new secret: the screen's key opens the new page no more, and it shows the locked page, not the old figures.
    await bake('tv', { access: 'link' }, ['--refresh', '1'], { ...EXAMPLE, users }, SECRET.replace('0', 'f'));
    await seen.page.clock.runFor(61_000);
    await seen.page.locator('.locked').waitFor();
    assert.is(await seen.page.locator('tbody tr').count(), 0);
  } finally {
    await host.close();
  }
});

test("a personal link of a team page (the team key and the person's token) opens the page on that person's row", async () => {
  const links = join(work.dir, 'team-links.csv');
  const site = await bake('me', { access: 'link', names: 'initials' }, [
    '--links',
    links,
    '--base-url',
    'https://contests.example/',
  ]);
  const rows = readFileSync(links, 'utf8').trim().split('\r\n').slice(1);
  const [, link] = rows.find((row) => row.startsWith('Julia Schneider;'))!.split(';') as [string, string];
  assert.match(link, /^https:\/\/contests\.example\/#key=[\w-]{43}&me=[\w-]{22}$/);
  const seen = await open(`${site.url}${link.slice(link.indexOf('#'))}`);
  await hydrated(seen);
  await seen.page.locator('tr[aria-current="true"]').waitFor();
  const row = (await seen.page.locator('tr[aria-current="true"]').textContent()) ?? '';
  assert.match(row, /3\u00a0J\. S\. \(1\)/, row);
  assert.match((await seen.page.locator('.found').textContent()) ?? '', /Platz 3 von 16/);
  assert.equal(seen.console, []);
});

run();
