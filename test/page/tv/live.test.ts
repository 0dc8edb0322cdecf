// --refresh on a wall screen, in Chromium, against a host on 127.0.0.1 that the test starts, stops and changes: new
// figures without a reload, the stale line, what is never swapped in, a new version, the rotation, memory.
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generate } from '../../../bench/generate.js';
import { chromiumSuite, violations, type Visit } from '../../helpers/browser.ts';
import { podium } from '../../helpers/cli.ts';
import { ROOT } from '../../helpers/files.ts';

const { test: live, work, open, run } = chromiumSuite('--refresh on a wall screen, in Chromium');
const MINUTE = 60_000;
/** Every host a test starts, stopped after it whether it passed or not: a host left listening keeps the run alive. */
const hosts = new Set<() => Promise<void>>();
live.after.each(async () => {
  await Promise.all([...hosts].map((stop) => stop()));
  hosts.clear();
});
const NOW = '2027-03-01T12:00:00+01:00';

/**
 * A static host on loopback for `root`; `answers` replace what a path gets, a path in `held` gets no answer at all (the
 * connection stays open), `stop` and `start` take the host away and back.
 */
async function host(root: string) {
  const hits: string[] = [];
  const answers = new Map<string, { status: number; body: string }>();
  const held = new Set<string>();
  let server: Server | undefined;
  let port = 0;
  const start = async () => {
    server = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      hits.push(path);
      if (held.has(path)) return;
      const answer = answers.get(path);
      if (answer) return void response.writeHead(answer.status, { 'content-type': 'text/html' }).end(answer.body);
      const file = normalize(join(root, decodeURIComponent(path), path.endsWith('/') ? 'index.html' : ''));
      if (!file.startsWith(root) || !existsSync(file)) return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(readFileSync(file));
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server?.listening) return resolve();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  await start();
  hosts.add(stop);
  return {
    url: `http://127.0.0.1:${port}/`,
    hits,
    answers,
    held,
    start,
    stop,
  };
}

/** A contest of `users` people whose first person has `leads` own leads, updated 11:00 on the day of the clock. */
function contest(leads: number, users = 60, extra: object = {}) {
  const data = generate(users);
  data.users[0]!.leadCount = leads;
  return { ...data, updated_at: '2027-03-01T11:00:00+01:00', ...extra };
}

/** Bakes `data` as `<work>/<site>/<name>/index.html` with --refresh 1 (and `flags`). */
async function bakeInto(site: string, name: string, data: object, flags: string[] = []): Promise<string> {
  const source = join(work.dir, `${site}-${name}.json`);
  writeFileSync(source, JSON.stringify(data));
  const out = join(work.dir, site, name);
  const run = await podium(['build', source, '--out', out, '--refresh', '1', ...flags]);
  assert.is(run.status, 0, run.stderr);
  return join(out, 'index.html');
}

/** Opens a page on the test's clock, its script started, and marks the document to tell a reload. */
async function start(url: string, options = {}): Promise<Visit> {
  const seen = await open(url, { width: 1920, height: 1080, time: NOW, ...options });
  await seen.page.clock.runFor(100);
  await seen.page.evaluate(() => ((window as unknown as { mark: number }).mark = 1));
  return seen;
}

const firstLeads = (seen: Visit) => seen.page.evaluate(() => document.querySelector('tbody td')!.textContent);
const staleLine = (seen: Visit) => seen.page.evaluate(() => document.querySelector('.stale')?.textContent ?? null);
const sameDocument = (seen: Visit) => seen.page.evaluate(() => (window as unknown as { mark?: number }).mark === 1);
/** Waits for the page to show `leads` for its first person (the fetch is real, only the timers are the test's). */
const showsLeads = (seen: Visit, leads: string) =>
  seen.page.waitForFunction((text) => document.querySelector('tbody td')?.textContent === text, leads, {
    polling: 5, // the heap test waits for this 500 times
  });
/**
 * Runs the page's timers `ms` on and waits for the request they set off to fail (the host away). The page handles the
 * failure in the task that reports it, so its next timer is set by the time the test goes on.
 */
async function refusedAfter(seen: Visit, ms: number): Promise<void> {
  const refused = seen.page.waitForEvent('requestfailed');
  await seen.page.clock.fastForward(ms);
  await refused;
}
const showsStale = (seen: Visit) => seen.page.waitForSelector('.stale', { state: 'attached' });
const showsFresh = (seen: Visit) => seen.page.waitForSelector('.stale', { state: 'detached' });
/** What the page logged, but Chromium's line for each request the test failed on purpose (a 404, the host away). */
const logged = (seen: Visit) =>
  seen.console.filter((line) => !/Failed to load resource|ERR_CONNECTION_REFUSED/.test(line));

live('new figures within one interval, in the same document, the scroll position and the pause kept', async () => {
  const file = await bakeInto('swap', 'a', contest(11));
  const site = await host(join(work.dir, 'swap'));
  const seen = await start(`${site.url}a/index.html?tv`);
  await seen.page.keyboard.press(' ');
  await seen.page.evaluate(() => scrollTo(0, 300));
  assert.is(await firstLeads(seen), '11');
  await bakeInto('swap', 'a', contest(4711));
  await seen.page.clock.fastForward(MINUTE);
  await showsLeads(seen, '4.711');
  assert.ok(await sameDocument(seen), 'no navigation');
  assert.equal(await seen.page.evaluate(() => [scrollY, document.documentElement.classList.contains('paused')]), [
    300,
    true,
  ]);
  assert.equal(await staleLine(seen), null);
  assert.equal(logged(seen), []);
  assert.ok(existsSync(file));
  await seen.page.context().close();
  await site.stop();
});

live('server away for two intervals: the last figures and the stale line with its age; back: new figures', async () => {
  await bakeInto('away', 'a', contest(11));
  const site = await host(join(work.dir, 'away'));
  const seen = await start(`${site.url}a/index.html?tv`);
  await site.stop();
  await refusedAfter(seen, MINUTE);
  await showsStale(seen);
  const first = await staleLine(seen);
  // The retries: 30 s, then doubling up to the interval. The first, at 1½ minutes, leaves the age at 1 Min.
  for (const wait of [30_000, 60_000]) await refusedAfter(seen, wait);
  await seen.page.waitForFunction((text) => document.querySelector('.stale')?.textContent !== text, first);
  assert.is(await firstLeads(seen), '11', 'the last good figures stay');
  // 2½ minutes on the test's clock, which also runs on by itself (playwright's clock), if slowly.
  assert.match((await staleLine(seen))!, /^Stand 01\.03\., 11:00 · keine Verbindung seit [23] Min\.$/);
  const badge = await seen.page.evaluate(() => {
    const { left, bottom } = document.querySelector('.stale')!.getBoundingClientRect();
    return { left, bottom, height: innerHeight };
  });
  assert.ok(badge.left < 100 && badge.bottom > badge.height - 100, 'in the bottom left corner');
  await bakeInto('away', 'a', contest(12));
  await site.start();
  await seen.page.clock.fastForward(MINUTE); // one retry at most: the backoff ends at the interval
  await showsLeads(seen, '12');
  await showsFresh(seen);
  assert.ok(await sameDocument(seen));
  assert.equal(logged(seen), []);
  await seen.page.context().close();
  await site.stop();
});

live(
  'a fetch the server never answers fails after a minute: the stale line, and the next refresh tries again',
  async () => {
    await bakeInto('hang', 'a', contest(11));
    const site = await host(join(work.dir, 'hang'));
    const seen = await start(`${site.url}a/index.html?tv`);
    site.held.add('/a/index.html');
    const asked = seen.page.waitForRequest((request) => request.url().endsWith('/a/index.html'));
    await seen.page.clock.fastForward(MINUTE); // the refresh: connected, and no answer comes
    await asked;
    assert.equal(await staleLine(seen), null, 'not yet stale: the fetch is still waiting');
    const given = seen.page.waitForEvent('requestfailed');
    await seen.page.clock.fastForward(MINUTE); // two minutes after the page loaded, one after the fetch began
    assert.match((await given).failure()!.errorText, /ABORTED/);
    await showsStale(seen);
    assert.match((await staleLine(seen))!, /^Stand 01\.03\., 11:00 · keine Verbindung seit [12] Min\.$/);
    assert.is(await firstLeads(seen), '11', 'the last good figures stay');
    // The next refresh asks again (30 s after a failure), and an answer now brings new figures.
    site.held.clear();
    await bakeInto('hang', 'a', contest(12));
    await seen.page.clock.fastForward(30_000);
    await showsLeads(seen, '12');
    await showsFresh(seen);
    assert.equal(site.hits.filter((path) => path === '/a/index.html').length, 3, 'the page, the held fetch, the retry');
    assert.ok(await sameDocument(seen));
    assert.equal(logged(seen), []);
    await seen.page.context().close();
    await site.stop();
  },
);

live('a cut-off page, a 404, another site, a broken or invalid data script: never swapped in', async () => {
  await bakeInto('bad', 'a', contest(11));
  const site = await host(join(work.dir, 'bad'));
  const seen = await start(`${site.url}a/index.html?tv`);
  const good = readFileSync(await bakeInto('bad', 'a', contest(99)), 'utf8');
  const bad = {
    'a cut-off page': { status: 200, body: good.slice(0, Math.floor(good.length * 0.6)) },
    'a 404': { status: 404, body: good },
    "another site's page": { status: 200, body: '<!doctype html><html><body><p>WLAN-Anmeldung</p></body></html>\n' },
    'data that is no JSON': { status: 200, body: good.replace('"users":[', '"users":[[') },
    'data that is no contest': { status: 200, body: good.replace(/"leadCount":(\d+)/, '"leadCount":"$1"') },
  };
  for (const [what, answer] of Object.entries(bad)) {
    site.answers.set('/a/index.html', answer);
    await seen.page.clock.fastForward(MINUTE);
    await showsStale(seen);
    assert.is(await firstLeads(seen), '11', what);
    site.answers.delete('/a/index.html');
    site.answers.set('/a/index.html', { status: 200, body: good.replace('"leadCount":99', '"leadCount":11') });
    await seen.page.clock.fastForward(MINUTE);
    await showsFresh(seen);
    site.answers.delete('/a/index.html');
  }
  assert.ok(await sameDocument(seen));
  assert.equal(logged(seen), []);
  await seen.page.context().close();
  await site.stop();
});

live('a new script version: reloads once, and only after a fetch showed the new page', async () => {
  const file = await bakeInto('version', 'a', contest(11));
  const site = await host(join(work.dir, 'version'));
  const seen = await start(`${site.url}a/index.html?tv`);
  const loads: string[] = [];
  seen.page.on('load', () => loads.push('load'));
  // The same page with a script one byte longer, and its CSP hash to match: what a new podium version bakes.
  const html = readFileSync(file, 'utf8');
  const script = html.slice(html.lastIndexOf('<script>') + '<script>'.length, html.lastIndexOf('</script>'));
  const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  writeFileSync(file, html.replace(script, `${script}\n`).replace(hash(script), hash(`${script}\n`)));
  await site.stop();
  await seen.page.clock.fastForward(MINUTE);
  await showsStale(seen);
  assert.ok(await sameDocument(seen), 'the server away: no reload');
  await site.start();
  await seen.page.clock.fastForward(MINUTE);
  await seen.page.waitForFunction(() => !(window as unknown as { mark?: number }).mark);
  await seen.page.clock.runFor(100);
  await seen.page.evaluate(() => ((window as unknown as { mark: number }).mark = 1));
  await seen.page.clock.fastForward(2 * MINUTE);
  await seen.page.waitForFunction(() => document.querySelector('tbody td') !== null);
  assert.ok(await sameDocument(seen), 'the new page loaded, and reloads no more');
  assert.equal(loads, ['load']);
  await seen.page.context().close();
  await site.stop();
});

live('new figures that bring a Stand, on a page that had none: the screen says the Stand', async () => {
  const { updated_at: _, ...undated } = contest(11);
  await bakeInto('dated', 'a', undated);
  const site = await host(join(work.dir, 'dated'));
  const seen = await start(`${site.url}a/index.html?tv`);
  assert.is(await seen.page.evaluate(() => document.querySelector('.stand')), null);
  await bakeInto('dated', 'a', contest(12));
  // A new version of the page (its texts now say the Stand's age): loaded, not swapped in (tv/fetched.ts).
  await seen.page.clock.fastForward(MINUTE);
  await showsLeads(seen, '12');
  const stand = await seen.page.evaluate(() => document.querySelector('.stand')!.textContent);
  assert.match(stand!, /^Stand: 01\.03\.2027, 11:00 Uhr/);
  assert.equal(logged(seen), []);
  await seen.page.context().close();
  await site.stop();
});

live(
  'rotation: the running contests of the folder in the overview order, skipping a finished and a missing one',
  async () => {
    const folder = join(work.dir, 'rotation-in');
    mkdirSync(folder);
    const ends = { a: '2027-06-30', b: '2027-05-31', c: '2027-04-30', d: '2027-02-01', e: '2027-04-15' };
    for (const [name, end] of Object.entries(ends))
      writeFileSync(
        join(folder, `${name}.json`),
        JSON.stringify(contest(1, 3, { title: `Wettbewerb ${name}`, qualification_end: end })),
      );
    const out = join(work.dir, 'rotation');
    const built = await podium(['build', folder, '--out', out, '--refresh', '1']);
    assert.is(built.status, 0, built.stderr);
    rmSync(join(out, 'e'), { recursive: true }); // listed, but gone from the server
    const site = await host(out);
    // One URL sets up a TV: the overview goes on to its first running contest, in the rotation.
    const entry = await open(`${site.url}index.html?tv`, { width: 1920, height: 1080, time: NOW });
    await entry.page.clock.runFor(100);
    await entry.page.waitForURL(`${site.url}a/index.html?tv&next`);
    await entry.page.context().close();
    const seen = await start(`${site.url}a/index.html?tv&next`);
    const shown: string[] = [];
    const title = () => seen.page.evaluate(() => document.querySelector('h1')!.textContent!);
    shown.push(await title());
    for (let turn = 0; turn < 3; turn++) {
      const before = shown.at(-1)!;
      await seen.page.clock.runFor(16_000);
      await seen.page.waitForFunction((text) => document.querySelector('h1')!.textContent !== text, before);
      shown.push(await title());
    }
    assert.equal(shown, ['Wettbewerb a', 'Wettbewerb b', 'Wettbewerb c', 'Wettbewerb a']);
    assert.ok(await sameDocument(seen), 'contests change without navigation');
    // Space pauses the rotation (WCAG 2.2.2), and resumes it.
    await seen.page.keyboard.press(' ');
    await seen.page.clock.runFor(60_000);
    assert.is(await title(), 'Wettbewerb a', 'paused');
    await seen.page.keyboard.press(' ');
    await seen.page.clock.runFor(16_000);
    await seen.page.waitForFunction(() => document.querySelector('h1')!.textContent === 'Wettbewerb b');
    assert.ok(
      site.hits.every((path) => path.endsWith('index.html')),
      "only the folder's pages",
    );
    assert.equal(logged(seen), []);
    await seen.page.context().close();
    await site.stop();
  },
);

live('500 swaps leave the JS heap within 10 MB of where it started', async () => {
  const file = await bakeInto('heap', 'a', contest(0, 100));
  const pages = [0, 1].map((leads) => readFileSync(file, 'utf8').replace('"leadCount":0', `"leadCount":${leads}`));
  const site = await host(join(work.dir, 'heap'));
  const seen = await start(`${site.url}a/index.html?tv`);
  const cdp = await seen.page.context().newCDPSession(seen.page);
  const heap = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    return (await cdp.send('Runtime.getHeapUsage')).usedSize;
  };
  const swap = async (at: number) => {
    site.answers.set('/a/index.html', { status: 200, body: pages[at % 2]! });
    await seen.page.clock.fastForward(MINUTE);
    await showsLeads(seen, String(at % 2));
  };
  for (let at = 0; at < 10; at++) await swap(at);
  const before = await heap();
  for (let at = 10; at < 510; at++) await swap(at);
  const after = await heap();
  process.stdout.write(
    `\n  heap: ${(before / 1e6).toFixed(1)} MB before 500 swaps, ${(after / 1e6).toFixed(1)} MB after\n`,
  );
  assert.ok(after - before < 10e6, `the heap grew by ${after - before} B`);
  assert.ok(await sameDocument(seen));
  await seen.page.context().close();
  await site.stop();
});

/** `data` (contest(11)) with the person at `from` moved up to `to` (the list's order ranks): their name, and it. */
function moved(from: number, to: number, data = contest(11)) {
  const [person] = data.users.splice(from, 1);
  data.users.splice(to, 0, person!);
  return { name: person!.name, data };
}
/** The moment's box: its text, and whether it is a polite live region. */
const moment = (seen: Visit) =>
  seen.page.evaluate(() => {
    const box = document.querySelector('.moment');
    return box && { text: box.textContent, role: box.getAttribute('role') };
  });

live(
  'a refresh with a new place 1, then one new in the top 10: the screen says so for a while; none without',
  async () => {
    await bakeInto('moment', 'a', contest(11));
    const site = await host(join(work.dir, 'moment'));
    const seen = await start(`${site.url}a/index.html?tv`);
    assert.equal(await moment(seen), { text: '', role: 'status' }, 'the live region is there, empty, from the start');
    // New figures, the same people in the same places: nothing to say.
    await bakeInto('moment', 'a', contest(12));
    await seen.page.clock.fastForward(MINUTE);
    await showsLeads(seen, '12');
    assert.equal((await moment(seen))!.text, '');
    const first = moved(30, 0);
    await bakeInto('moment', 'a', first.data);
    await seen.page.clock.fastForward(MINUTE);
    await seen.page.waitForFunction(() => document.querySelector('.moment')!.textContent !== '');
    assert.equal((await moment(seen))!.text, `Neu auf Platz 1: ${first.name}`);
    const style = await seen.page.evaluate(() => getComputedStyle(document.querySelector('.moment')!).animationName);
    assert.is(style, 'moment', 'a fade in');
    await seen.page.clock.fastForward(12_000);
    assert.equal((await moment(seen))!.text, '', 'gone after twelve seconds');
    // Someone new at place 4: the top 10 gets them, and the one at place 10 leaves it (no word for that).
    const top = moved(40, 3, first.data);
    await bakeInto('moment', 'a', top.data);
    await seen.page.clock.fastForward(MINUTE);
    await seen.page.waitForFunction(() => document.querySelector('.moment')!.textContent !== '');
    assert.equal((await moment(seen))!.text, `Neu unter den Top 10: ${top.name}`);
    assert.ok(await sameDocument(seen));
    // Its contrast once it has faded in (the browser's own clock runs the fade, not the test's).
    await seen.page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
    assert.equal(await violations(seen), []);
    assert.equal(logged(seen), []);
    await seen.page.context().close();
    await site.stop();
  },
);

live('a moment with reduced motion: said without the fade; in English on an English page', async () => {
  await bakeInto('still-moment', 'a', contest(11), ['--locale', 'en']);
  const site = await host(join(work.dir, 'still-moment'));
  const seen = await start(`${site.url}a/index.html?tv`, { reducedMotion: true });
  const first = moved(30, 0);
  await bakeInto('still-moment', 'a', first.data, ['--locale', 'en']);
  await seen.page.clock.fastForward(MINUTE);
  await seen.page.waitForFunction(() => document.querySelector('.moment')!.textContent !== '');
  assert.equal((await moment(seen))!.text, `New at place 1: ${first.name}`);
  const style = await seen.page.evaluate(() => getComputedStyle(document.querySelector('.moment')!).animationName);
  assert.is(style, 'none');
  await seen.page.context().close();
  await site.stop();
});

live('a new Stand of a contest with a history: the race’s chart of the new figures, in the same document', async () => {
  const folder = join(work.dir, 'race-stands');
  cpSync(join(ROOT, 'contests/summer'), folder, { recursive: true });
  const source = join(work.dir, 'race.json');
  writeFileSync(
    source,
    readFileSync(join(ROOT, 'contests/summer.json'), 'utf8').replace('"summer/"', '"race-stands/"'),
  );
  const bake = async () => {
    const run = await podium(['build', source, '--out', join(work.dir, 'race', 'a'), '--refresh', '1']);
    assert.is(run.status, 0, run.stderr);
  };
  await bake();
  const site = await host(join(work.dir, 'race'));
  const seen = await start(`${site.url}a/index.html?tv`);
  const stands = () => seen.page.evaluate(() => document.querySelectorAll('.race .stand').length);
  assert.is(await stands(), 3);
  // A fourth Stand: Lea Zimmermann first.
  const last = readFileSync(join(folder, '2027-06-18.csv'), 'utf8');
  writeFileSync(
    join(folder, '2027-06-25.csv'),
    last.replace('Lea Zimmermann;19;158.300,00', 'Lea Zimmermann;29;258.300,00'),
  );
  await bake();
  await seen.page.clock.fastForward(MINUTE);
  await seen.page.waitForFunction(() => document.querySelectorAll('.race .stand').length === 4);
  assert.equal(
    await seen.page.evaluate(() =>
      [...document.querySelectorAll('.race')].map((race) => race.querySelector('.name')!.textContent),
    ),
    ['1. Lea Zimmermann'],
    'one chart, of the new figures',
  );
  assert.equal((await moment(seen))!.text, 'Neu auf Platz 1: Lea Zimmermann');
  assert.ok(await sameDocument(seen));
  assert.equal(logged(seen), []);
  await seen.page.context().close();
  await site.stop();
});

live('axe finds no violations with the stale line shown', async () => {
  await bakeInto('axe', 'a', contest(11));
  const site = await host(join(work.dir, 'axe'));
  const seen = await start(`${site.url}a/index.html?tv`);
  await site.stop();
  await seen.page.clock.fastForward(MINUTE);
  await showsStale(seen);
  assert.equal(await violations(seen), []);
  await seen.page.context().close();
});

live('opened from disk: nothing to fetch, no stale line, and a reload at the interval as before', async () => {
  const file = await bakeInto('disk', 'a', contest(11));
  const seen = await start(`${pathToFileURL(file).href}?tv`);
  await seen.page.clock.fastForward(MINUTE);
  await seen.page.waitForFunction(() => !(window as unknown as { mark?: number }).mark);
  await seen.page.waitForLoadState('load');
  assert.equal(await staleLine(seen), null);
  assert.ok(
    seen.requests.every((url) => url.startsWith('file:')),
    'nothing but the file itself',
  );
  assert.equal(logged(seen), []);
  await seen.page.context().close();
});

live('without --refresh, or outside TV mode, the page makes no request of its own', async () => {
  const plain = join(work.dir, 'quiet', 'plain');
  const run = await podium(['build', join(work.dir, 'swap-a.json'), '--out', plain]);
  assert.is(run.status, 0, run.stderr);
  await bakeInto('quiet', 'a', contest(11));
  const site = await host(join(work.dir, 'quiet'));
  for (const [url, what] of [
    [`${site.url}plain/index.html?tv`, 'TV mode without --refresh'],
    [`${site.url}a/index.html`, '--refresh outside TV mode'],
  ] as const) {
    const seen = await start(url);
    await seen.page.clock.fastForward(MINUTE - 1000);
    assert.equal(seen.requests, [url], what);
    await seen.page.context().close();
  }
  await site.stop();
});

run();
