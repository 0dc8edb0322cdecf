// The race's chart in real Chromium (bake/chart.ts, race.css, page/history.tsx's Change): no axe violations on a
// desktop and a phone, there with JavaScript off, and a person's own line marked after a search or through their
// personal link, which the page script does by a class alone.
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumSuite, hydrated, once, violations, type Visit } from '../helpers/browser.ts';
import { ROOT } from '../helpers/files.ts';
import { podium } from '../helpers/cli.ts';
import { pathToFileURL } from 'node:url';

const SECRET = 'a'.repeat(32) + 'b'.repeat(32);
const { test: race, work, open, run, ...suite } = chromiumSuite('the race in Chromium');
const summer = once(() => suite.bake(join(ROOT, 'contests/summer.json'), 'summer'));

/** The rows whose line is marked as their own, and whether the chart is on the screen at a size one can read. */
const read = (seen: Visit) =>
  seen.page.evaluate(() => {
    const svg = document.querySelector('.race svg')!;
    return {
      own: [...document.querySelectorAll('.race .own')].map((line) => line.getAttribute('data-row')),
      shown: svg.checkVisibility() && svg.getBoundingClientRect().width >= 300,
    };
  });

race('no axe violations at 1280 and 360 px, with its table open too', async () => {
  const { url } = await summer();
  for (const width of [1280, 360]) {
    const seen = await open(url, { width });
    await hydrated(seen);
    assert.equal(await violations(seen), [], `${width}px`);
    await seen.page.click('.race summary');
    assert.ok(await seen.page.locator('.race table').isVisible());
    assert.equal(await violations(seen), [], `${width}px, the table open`);
    assert.equal((await read(seen)).shown, true);
    assert.equal(seen.console, []);
    await seen.page.context().close();
  }
});

race('with JavaScript off the chart is there, and no line is anyone’s own', async () => {
  const { url } = await summer();
  const seen = await open(`${url}#name=lea`, { javaScriptEnabled: false, width: 360 });
  assert.equal(await read(seen), { own: [], shown: true });
});

race('a search marks the line of the person found, and another search or none moves or takes the mark', async () => {
  const { url } = await summer();
  const seen = await open(`${url}#name=lea`);
  await hydrated(seen);
  await seen.page.waitForSelector('.race .own');
  assert.equal((await read(seen)).own, ['3'], 'Lea Zimmermann, place 4');
  await seen.page.fill('.finder input', 'fatma');
  await seen.page.waitForSelector('.race [data-row="4"].own');
  assert.equal((await read(seen)).own, ['4']);
  await seen.page.fill('.finder input', 'thomas'); // place 6: no line
  await seen.page.waitForSelector('.race .own', { state: 'detached' });
  await seen.page.press('.finder input', 'Escape');
  assert.equal((await read(seen)).own, []);
  assert.equal(seen.console, []);
});

race('a personal link marks its person’s line while no one searches', async () => {
  const [links, out] = [join(work.dir, 'links.csv'), join(work.dir, 'linked')];
  const args = ['build', join(ROOT, 'contests/summer.json'), '--out', out, '--links', links];
  const built = await podium([...args, '--base-url', 'https://contests.example/'], { env: { PODIUM_SECRET: SECRET } });
  assert.is(built.status, 0, built.stderr);
  const url = pathToFileURL(join(out, 'index.html')).href;
  const token = readFileSync(links, 'utf8')
    .split('\r\n')
    .find((row) => row.startsWith('Sabine Hoffmann;'))!
    .split('#me=')[1]!;
  const seen = await open(`${url}#me=${token}`);
  await hydrated(seen);
  await seen.page.waitForSelector('.race .own');
  assert.equal((await read(seen)).own, ['1'], 'Sabine Hoffmann, place 2');
  await seen.page.fill('.finder input', 'mehmet');
  await seen.page.waitForSelector('.race [data-row="0"].own');
  assert.equal((await read(seen)).own, ['0'], 'a search takes the mark');
  assert.equal(seen.console, []);
});

run();
