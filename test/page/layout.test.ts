// The page's edges in real Chromium, as a phone or a wall screen shows them: the result and its change line appear
// without a layout shift, the row found marked on the winners' green as clearly as on white, the marker clear of the
// place, and TV mode's pause badge clear of the column titles.
import * as assert from 'uvu/assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { generate } from '../../bench/generate.js';
import { chromiumSuite, hydrated, once, type Visit } from '../helpers/browser.ts';
import { FIXTURES, ROOT } from '../helpers/files.ts';

const { test: layout, work, browser, open, run, ...suite } = chromiumSuite("the page's layout in Chromium");
const bake = async (input: string, name: string) => (await suite.bake(input, name)).url;
const PHONE = { width: 390, height: 844 };
const EXAMPLE = join(ROOT, 'contests/example.json'); // 16 people, the first 10 win
const HISTORY = join(ROOT, 'contests/summer.json'); // a history folder: the result has a change line
// Each baked once, when a test first asks for it.
const example = once(() => bake(EXAMPLE, 'example'));
const summer = once(() => bake(HISTORY, 'summer'));
// The example's people under longer texts: a title of 120 letters in one word, a description with a long address in it.
const long = once(() => {
  const file = join(work.dir, 'long-texts.json');
  const { users, solo_winners } = JSON.parse(readFileSync(EXAMPLE, 'utf8'));
  writeFileSync(
    file,
    JSON.stringify({ ...JSON.parse(readFileSync(join(FIXTURES, 'long.json'), 'utf8')), users, solo_winners }),
  );
  return bake(file, 'long-texts');
});

type Box = { top: number; bottom: number; left: number; right: number };
const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Every layout shift of the visit so far: its score, whether a key press had just come, and what moved ('bar': the field or a button). */
const SHIFTS = `window.__shifts = []; new PerformanceObserver((list) => { for (const e of list.getEntries()) __shifts.push({ value: e.value, input: e.hadRecentInput, moved: e.sources.map((s) => s.node instanceof Element ? s.node.closest('.finder label, .finder button') ? 'bar' : s.node.nodeName : 'text') }); }).observe({ type: 'layout-shift', buffered: true });`;
type Shift = { value: number; input: boolean; moved: string[] };

layout(
  'the result and its change line appear with no layout shift but right after a key, the bar never moves, and they cover nothing',
  async () => {
    const url = await summer();
    for (const hash of ['', '#name=lea']) {
      const context = await browser().newContext({ viewport: PHONE });
      await context.addInitScript(SHIFTS);
      const page = await context.newPage();
      await page.goto(`${url}${hash}`);
      await page.locator('.finder input').waitFor();
      if (!hash) {
        await page.waitForTimeout(300);
        await page.locator('.finder input').pressSequentially('lea', { delay: 50 });
      }
      await page.waitForSelector('.found .change');
      await page.waitForTimeout(300);
      const shifts = (await page.evaluate('__shifts')) as Shift[];
      assert.equal(
        shifts.filter((shift) => !shift.input),
        [],
        `${hash || 'typed'}: a layout shift no key press caused (loading, hydrating, a name in the address)`,
      );
      assert.not.ok(
        shifts.some((shift) => shift.moved.includes('bar')),
        `${hash || 'typed'}: the search bar moved`,
      );
      // At the top of the page, the result and its change line stand right above the bar, covering none of the table.
      await page.evaluate(() => scrollTo(0, 0));
      await page.waitForTimeout(100);
      const [bar, found, table] = await page.evaluate(() =>
        ['.finder', '.found', '.table-scroll'].map((selector) => {
          const { top, bottom } = document.querySelector(selector)!.getBoundingClientRect();
          return { top, bottom };
        }),
      );
      assert.ok(found!.bottom - found!.top > 30, 'the result takes two lines or more');
      assert.ok(Math.abs(found!.bottom - bar!.top) < 1, 'right above the bar');
      assert.ok(table!.top >= found!.bottom - 0.5, 'and above the table');
      await context.close();
    }
  },
);

layout(
  'on a phone the table follows the search field with no blank room, with a history and without, and a search moves nothing',
  async () => {
    for (const input of [HISTORY, EXAMPLE]) {
      const url = await (input === HISTORY ? summer : example)();
      const context = await browser().newContext({ viewport: PHONE });
      await context.addInitScript(SHIFTS);
      const page = await context.newPage();
      await page.goto(url);
      const field = page.locator('.finder input');
      await field.waitFor();
      await page.waitForTimeout(300);
      const gap = () =>
        page.evaluate(
          () =>
            document.querySelector('.table-scroll')!.getBoundingClientRect().top -
            document.querySelector('.finder input')!.getBoundingClientRect().bottom,
        );
      const rest = await gap();
      assert.ok(rest >= 0 && rest <= 24, `${input}: the table is ${rest}px below the search field`);
      // Typed at the top of the page, and again with the bar stuck at the top of the screen, scrolled to the end.
      const tableAt = () =>
        page.evaluate(() => document.querySelector('.table-scroll')!.getBoundingClientRect().top + scrollY);
      const placed = await tableAt();
      for (const scroll of [0, 1e6]) {
        await page.evaluate((y) => scrollTo(0, y), scroll);
        await page.waitForTimeout(200);
        if (scroll)
          assert.ok(await page.evaluate(() => document.querySelector('.finder')!.getBoundingClientRect().top < 1));
        await page.evaluate('__shifts = []');
        await field.pressSequentially(input === HISTORY ? 'lea' : 'sabine', { delay: 50 });
        await page.waitForSelector(input === HISTORY ? '.found .change' : '.found p');
        await page.waitForTimeout(300);
        const shifts = (await page.evaluate('__shifts')) as Shift[];
        const sum = shifts.reduce((total, shift) => total + shift.value, 0);
        assert.ok(sum < 0.01, `${input}, scrolled ${scroll}px: a layout shift of ${sum} (${JSON.stringify(shifts)})`);
        await field.press('Escape');
        await page.waitForTimeout(200);
        assert.is(await tableAt(), placed, 'the table has not moved');
      }
      await context.close();
    }
  },
);

/** sRGB colour → relative luminance, and the WCAG contrast of two colours. */
const luminance = ([r, g, b]: number[]) =>
  [r!, g!, b!]
    .map((c) => c / 255)
    .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
    .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
const contrast = (a: number[], b: number[]) => {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
};

/** The colours of the screen's pixels at these points (CSS pixels), as a screenshot shows them. */
async function pixels(page: Page, points: readonly [number, number][]): Promise<number[][]> {
  const png = (await page.screenshot()).toString('base64');
  const blank = await page.context().newPage();
  try {
    return await blank.evaluate(
      async ({ png, points }) => {
        const image = new Image();
        image.src = `data:image/png;base64,${png}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        [canvas.width, canvas.height] = [image.width, image.height];
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0);
        return points.map(([x, y]) => [...context.getImageData(Math.round(x), Math.round(y), 1, 1).data.slice(0, 3)]);
      },
      { png, points },
    );
  } finally {
    await blank.close();
  }
}

/** Where the row found is, its marker (the box before it, from its computed style), and its place's first digit. */
function readMark(seen: Visit) {
  return seen.page.evaluate(() => {
    const mark = document.querySelector('.mark')!;
    const box = mark.getBoundingClientRect();
    const marker = getComputedStyle(mark, '::before');
    const left = box.left + parseFloat(marker.left);
    const top = box.top + parseFloat(marker.top);
    const th = document.querySelector('tr[aria-current="true"] th')!;
    const text = th.firstChild!;
    const digit = text.textContent!.search(/\d/);
    const range = document.createRange();
    range.setStart(text, digit);
    range.setEnd(text, digit + 1);
    return {
      row: { top: box.top, bottom: box.bottom, left: box.left, right: box.right },
      // Its content box and its padding (a pseudo-element is no `*`: page.css's border-box does not reach it).
      marker: {
        top,
        bottom: top + parseFloat(marker.height) + parseFloat(marker.paddingTop) + parseFloat(marker.paddingBottom),
        left,
        right: left + parseFloat(marker.width) + parseFloat(marker.paddingLeft) + parseFloat(marker.paddingRight),
      },
      place: range.getBoundingClientRect().left,
      cell: th.getBoundingClientRect().right,
      winner: th.closest('tr')!.classList.contains('winner'),
    };
  });
}

layout(
  'the row found is marked as clearly on the green of the winners as on white: its outline and its marker at least 4.5:1 against the row',
  async () => {
    const url = await example();
    for (const [name, winner] of [
      ['thomas m', true],
      ['sophie', false],
    ] as const) {
      for (const size of [PHONE, { width: 1280, height: 800 }]) {
        const seen = await open(`${url}#name=${encodeURIComponent(name)}`, size);
        await hydrated(seen);
        await seen.page.waitForSelector('.mark');
        const { row, marker, cell, winner: isWinner } = await readMark(seen);
        assert.is(isWinner, winner);
        const middle = (row.left + row.right) / 2;
        const edge = marker.right - 3;
        // The row's own colour, in its name cell's padding; then down across the top of the outline, and down across
        // the top edge of the marker, where it meets the row.
        const [ground, ...rest] = await pixels(seen.page, [
          [cell - 2, (row.top + row.bottom) / 2],
          ...Array.from({ length: 8 }, (_, i): [number, number] => [middle, row.top + i + 0.5]),
          ...Array.from({ length: 6 }, (_, i): [number, number] => [edge, marker.top - 4 + i + 0.5]),
        ]);
        const outline = Math.max(...rest.slice(0, 8).map((colour) => contrast(colour, ground!)));
        const edges = Math.max(...rest.slice(8).map((colour) => contrast(colour, ground!)));
        const where = `${name} (${winner ? 'green' : 'white'}) at ${size.width} px`;
        assert.ok(contrast(ground!, winner ? [0x15, 0x80, 0x3d] : [255, 255, 255]) < 1.1, `${where}: the row's colour`);
        assert.ok(outline >= 4.5, `${where}: the outline stands out ${outline.toFixed(2)}:1`);
        assert.ok(edges >= 4.5, `${where}: the marker stands out ${edges.toFixed(2)}:1`);
        await seen.page.context().close();
      }
    }
  },
);

layout(
  'the ► marker keeps clear of the place number, of one digit to 10.000, on a phone and on a desktop',
  async () => {
    const file = join(work.dir, 'places.json');
    writeFileSync(file, JSON.stringify(generate(10_000)));
    const big = await bake(file, 'places');
    const small = await example();
    const last = (generate(10_000).users as { name: string }[])[9999]!.name;
    for (const [url, name, place] of [
      [small, 'sabine', '1'],
      [small, 'sophie', '11'],
      [big, last, '10.000'],
    ] as const) {
      for (const size of [PHONE, { width: 1280, height: 800 }]) {
        const seen = await open(`${url}#name=${encodeURIComponent(name)}`, size);
        await hydrated(seen);
        await seen.page.waitForSelector('.mark', { timeout: 30_000 });
        const { marker, place: digit } = await readMark(seen);
        const gap = digit - marker.right;
        assert.ok(
          gap >= 4,
          `place ${place} at ${size.width} px: ${gap.toFixed(1)} px between the marker and the place`,
        );
        await seen.page.context().close();
      }
    }
  },
);

layout(
  "on a phone (390 × 844) place 1 is whole on the first screen, with JavaScript on and off, under the example's texts and longer ones",
  async () => {
    for (const [input, name] of [
      [example, 'the example'],
      [long, 'long texts'],
    ] as const) {
      const url = await input();
      for (const javaScriptEnabled of [true, false]) {
        const where = `${name}, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`;
        const seen = await open(url, { ...PHONE, mobile: true, javaScriptEnabled });
        if (javaScriptEnabled) await hydrated(seen);
        const { row, height } = await seen.page.evaluate(() => {
          const { top, bottom } = document.querySelector('tbody tr')!.getBoundingClientRect();
          return { row: { top, bottom, text: document.querySelector('tbody th')!.textContent }, height: innerHeight };
        });
        assert.match(row.text!, /^\s*1\u00a0/, where); // padded to the width of the last place
        assert.ok(
          row.top >= 0 && row.bottom <= height,
          `${where}: place 1 at ${row.top}–${row.bottom} px of ${height}`,
        );
        assert.equal(seen.console, []);
        await seen.page.context().close();
      }
    }
  },
);

layout("in TV mode the pause badge covers none of the column titles as the table's header passes the top", async () => {
  const file = join(work.dir, 'tv.json');
  writeFileSync(file, JSON.stringify(generate(120)));
  const url = await bake(file, 'tv-badge');
  const seen = await open(`${url}?tv`, { width: 1920, height: 1080, time: '2027-03-01T12:00:00+01:00' });
  await seen.page.clock.runFor(100);
  await seen.page.keyboard.press(' ');
  const head = await seen.page.evaluate(() => document.querySelector('thead')!.getBoundingClientRect().top + scrollY);
  for (const top of [0, 16, 40]) {
    await seen.page.evaluate((y) => scrollTo(0, y), head - top);
    const { badge, titles, shown } = await seen.page.evaluate(() => {
      const style = getComputedStyle(document.documentElement, '::after');
      const [top, left] = [parseFloat(style.top), parseFloat(style.left)];
      return {
        shown: style.content,
        badge: { top, left, bottom: top + parseFloat(style.height), right: left + parseFloat(style.width) },
        titles: [...document.querySelectorAll('thead th')].map((th) => {
          const { top, bottom, left, right } = th.getBoundingClientRect();
          return { top, bottom, left, right };
        }),
      };
    });
    assert.is(shown, '"Pausiert"');
    assert.ok(badge.bottom <= 1080 && badge.right <= 1920 && badge.top >= 0, 'the badge is on the screen');
    for (const title of titles) assert.not.ok(overlaps(badge, title), `the header ${top} px from the top`);
  }
  assert.equal(seen.console, []);
  await seen.page.context().close();
});

run();
