// A contest with targets in real Chromium: the share of one's target and its bar, the same with JavaScript off and
// on and in print, the bar as wide as the share, the search panel's distance to the target, and no axe violation.
import * as assert from 'uvu/assert';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumSuite, hydrated, once, violations, type Visit } from '../../helpers/browser.ts';
import { FIXTURES } from '../../helpers/files.ts';

const { test, open, run, bake, browser } = chromiumSuite('a contest with targets in Chromium');
const SHOTS = '/tmp/shots-targets';
const team = once(async () => (await bake(join(FIXTURES, 'targets/team-xlsx.json'), 'team')).url);

/** Each row as shown: its place and name, the share of its target, and its bar's value. */
const toRows = (seen: Visit) =>
  seen.page.evaluate(() =>
    [...document.querySelectorAll('tbody tr')].map((row) => {
      const cells = row.querySelectorAll('td');
      const meter = cells[2]?.querySelector('meter');
      return `${row.querySelector('th')!.firstChild!.textContent} · ${cells[2]?.textContent} · ${meter?.value}`;
    }),
  );

/**
 * How much of each bar is filled, 0 to 1: a screenshot of the meter, its middle line's pixels counted on a blank page
 * (the contest page's CSP lets no image in), the fill's colour each row's (a winner's is white). A meter the page
 * could not draw would be empty or full.
 */
async function toFilled(seen: Visit): Promise<number[]> {
  const shots = await Promise.all(
    (await seen.page.locator('tbody meter').all()).map(async (meter) => (await meter.screenshot()).toString('base64')),
  );
  const blank = await seen.page.context().newPage();
  // A string, not a function: the test runner's helpers for named functions do not exist in the page.
  const winners = await seen.page.evaluate(() =>
    [...document.querySelectorAll('tbody tr')].map((row) => row.className),
  );
  const filled = (await blank.evaluate(`const winners = ${JSON.stringify(winners)};
  Promise.all(${JSON.stringify(shots)}.map(async (png, at) => {
    const image = new Image();
    image.src = 'data:image/png;base64,' + png;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const line = context.getImageData(0, Math.floor(image.height / 2), image.width, 1).data;
    let green = 0;
    for (let x = 0; x < image.width; x += 1) {
      const [r, g, b] = [line[x * 4], line[x * 4 + 1], line[x * 4 + 2]];
      // The fill: green on a white track, white on a winner's green row (targets.css).
      if (winners[at] ? r > 200 && g > 200 && b > 200 : g > r + 40 && g > b + 40) green += 1;
    }
    return green / image.width;
  }))`)) as number[];
  await blank.close();
  return filled;
}

const ROWS = [
  '1\u00a0Carla Conrad · 90,0\u00a0% · 900',
  '2\u00a0Ben Brandt · 60,0\u00a0% · 600',
  '3\u00a0Anna Arnold · 55,0\u00a0% · 550',
  '3\u00a0Emma Engel · 55,0\u00a0% · 550',
  '5\u00a0Dirk Dietrich · 50,0\u00a0% · 500',
];

test('JavaScript off and on show the same shares and bars, each bar as wide as its share', async () => {
  mkdirSync(SHOTS, { recursive: true });
  const url = await team();
  const off = await open(url, { javaScriptEnabled: false });
  const on = await open(url);
  await hydrated(on);
  assert.equal(on.console, [], 'hydrated without a mismatch, the CSP allowed everything');
  assert.equal(await toRows(off), ROWS);
  assert.equal(await toRows(on), ROWS);
  for (const seen of [off, on]) {
    const filled = await toFilled(seen);
    filled.forEach((part, at) => assert.ok(Math.abs(part - [0.9, 0.6, 0.55, 0.55, 0.5][at]!) < 0.08, `${part}`));
  }
  await on.page.screenshot({ path: join(SHOTS, 'desktop.png'), fullPage: true });
  await off.page.emulateMedia({ media: 'print' });
  assert.equal(await toRows(off), ROWS, 'print');
  const printed = await toFilled(off);
  assert.ok(Math.abs(printed[1]! - 0.6) < 0.08, `the bar prints: ${printed[1]}`);
  await off.page.screenshot({ path: join(SHOTS, 'print.png'), fullPage: true });
});

test('the search panel says what is missing to the target, and how far the last winner is ahead in percent', async () => {
  const seen = await open(await team());
  await hydrated(seen);
  await seen.page.fill('.finder input', 'Anna');
  const said = await seen.page.locator('.found p').textContent();
  assert.is(
    said,
    '1 von 1 Treffer · Platz 3 von 5 · Bis Platz 2 fehlen 5,0 Prozentpunkte · Bis 100 % des Ziels fehlen 45.000,00\u00a0€ (45,0\u00a0%)',
  );
});

test('axe-core finds no violations at 1280 and 360 px, with the search panel open', async () => {
  const url = await team();
  for (const width of [1280, 360]) {
    const seen = await open(url, { width, ...(width === 360 && { mobile: true }) });
    await hydrated(seen);
    assert.equal(await violations(seen), [], `${width}px`);
    await seen.page.fill('.finder input', 'Ben');
    assert.equal(await violations(seen), [], `${width}px, panel open`);
    if (width === 360) await seen.page.screenshot({ path: join(SHOTS, 'phone.png'), fullPage: true });
    assert.ok(
      await seen.page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
      `${width}px: no page-wide horizontal scroll`,
    );
  }
  void browser;
});

run();
