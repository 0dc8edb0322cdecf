// TV mode's layout in real Chromium (templates/page.css, script.css, back.css), as a wall screen shows it: the title,
// the column titles and every winner at once at 720p and 1080p, the same at twice the size at 2160p, the column
// titles in view while the table scrolls by, and the line of a page that does not refresh itself (tv/no-live.ts).
import * as assert from 'uvu/assert';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generate } from '../../../bench/generate.js';
import { chromiumSuite, hydrated, once, type Visit } from '../../helpers/browser.ts';
import { ROOT } from '../../helpers/files.ts';

const { test: tv, work, open, run, ...suite } = chromiumSuite("TV mode's layout in Chromium");
const NOW = '2027-03-01T12:00:00+01:00';
const STILL = 'Diese Seite aktualisiert sich nicht selbst: mit --refresh backen';

/**
 * A folder's page (it has the link back to the overview) of 40 people, 10 of whom win, with the example's texts; and
 * with `flags`, baked once per set of flags.
 */
const bakeForty = (name: string, flags: string[] = []) =>
  once(async () => {
    const folder = join(work.dir, `${name}-in`);
    mkdirSync(folder);
    const example = JSON.parse(readFileSync(join(ROOT, 'contests/example.json'), 'utf8'));
    const { title, heading, journey_date_text, description, qualification_date_text, updated_at } = example;
    const texts = { title, heading, journey_date_text, description, qualification_date_text, updated_at };
    writeFileSync(
      join(folder, 'forty.json'),
      JSON.stringify({ ...generate(40), ...texts, qualification_end: '2027-03-31' }),
    );
    writeFileSync(join(folder, 'other.json'), JSON.stringify(generate(3)));
    const { out } = await suite.bake(folder, name, flags);
    return pathToFileURL(join(out, 'forty', 'index.html')).href;
  });
const forty = bakeForty('wall');
const refreshed = bakeForty('wall-refresh', ['--refresh', '1']);

/** Opens `url` at `width` × `height` on the test's clock, hydrated, before TV mode has scrolled. */
async function show(url: string, width: number, height: number): Promise<Visit> {
  const seen = await open(url, { width, height, time: NOW });
  await hydrated(seen, true);
  return seen;
}

type Box = { top: number; bottom: number; left: number; right: number };
/** Where the title, the column titles and the winners' rows are, the table's type size, and whether the link back shows. */
const measure = async (seen: Visit) => {
  // Inline arrows only: a named function inside evaluate() would need tsx's __name helper, which the page lacks.
  const [title, ...rest] = await seen.page.evaluate(() =>
    [document.querySelector('h1')!, ...document.querySelectorAll('thead th, tbody tr.winner')].map((element) => {
      const { top, bottom, left, right } = element.getBoundingClientRect();
      return { top, bottom, left, right, row: element.localName === 'tr' };
    }),
  );
  const { font, back, screen } = await seen.page.evaluate(() => ({
    font: parseFloat(getComputedStyle(document.querySelector('td')!).fontSize),
    back: getComputedStyle(document.querySelector('.back')!).display,
    screen: { width: innerWidth, height: innerHeight },
  }));
  const winners = rest.filter((box) => box.row);
  return { title: title!, columns: rest.filter((box) => !box.row), winners, font, back, screen };
};
const inside = (box: Box, screen: { width: number; height: number }) =>
  box.top >= 0 && box.left >= 0 && box.bottom <= screen.height && box.right <= screen.width;

tv(
  'at 1920 × 1080 and 1280 × 720: the title, the column titles and all ten winners at once, no link back',
  async () => {
    const url = await forty();
    for (const [width, height] of [
      [1920, 1080],
      [1280, 720],
    ] as const) {
      const where = `${width} × ${height}`;
      const seen = await show(`${url}#tv`, width, height);
      const shown = await measure(seen);
      assert.is(shown.winners.length, 10, where);
      for (const [what, box] of [
        ['the title', shown.title],
        ...shown.columns.map((c) => ['a column title', c] as const),
      ])
        assert.ok(inside(box as Box, shown.screen), `${where}: ${what} at ${JSON.stringify(box)}`);
      shown.winners.forEach((row, at) =>
        assert.ok(inside(row, shown.screen), `${where}: winner ${at + 1} at ${row.bottom}`),
      );
      assert.is(shown.back, 'none', `${where}: no "← Alle Wettbewerbe" on a wall screen`);
      if (height === 1080) assert.ok(shown.font >= 24, `${where}: the table's type is ${shown.font} px`);
      assert.equal(seen.console, []);
      await seen.page.context().close();
      // The ordinary page at the same size keeps its look: the link back, the type, the winners further down.
      const plain = await measure(await show(url, width, height));
      assert.equal([plain.back, plain.font], ['block', 16], `${where} without #tv`);
    }
  },
);

tv('at 3840 × 2160: the same layout at twice the size, the table at 48 px or more', async () => {
  const url = await forty();
  const sizes: Awaited<ReturnType<typeof measure>>[] = [];
  for (const [width, height] of [
    [1920, 1080],
    [3840, 2160],
  ] as const) {
    const seen = await show(`${url}#tv`, width, height);
    sizes.push(await measure(seen));
    await seen.page.context().close();
  }
  const [hd, k4] = sizes as [Awaited<ReturnType<typeof measure>>, Awaited<ReturnType<typeof measure>>];
  assert.ok(k4.font >= 48, `the table's type is ${k4.font} px`);
  assert.ok(Math.abs(k4.font - 2 * hd.font) < 0.5, `${k4.font} px against ${hd.font} px at 1080p`);
  // Every box where 1080p has it, twice as far from the top, but for the lines that keep their thickness (the 6 px rule
  // above the title, 3 px under the column titles, 1 px between rows): within 6 px and 1.5 %.
  const boxes = (shown: typeof hd) => [shown.title, ...shown.columns, ...shown.winners];
  boxes(k4).forEach((box, at) => {
    const half = boxes(hd)[at]!;
    assert.ok(
      Math.abs(box.bottom - 2 * half.bottom) < 6 + 0.015 * box.bottom,
      `box ${at}: ${box.bottom} px, ${half.bottom} px at 1080p`,
    );
    assert.ok(inside(box, k4.screen), `box ${at} at ${box.bottom} px`);
  });
});

tv('scrolled on past the winners, the column titles stay at the top of the screen', async () => {
  const url = await forty();
  const seen = await show(`${url}#tv`, 1280, 720);
  const past = await seen.page.evaluate(
    () => document.querySelectorAll('tr.winner')[9]!.getBoundingClientRect().bottom,
  );
  // TV mode pauses 8 s at the top, then scrolls 40 px a second: run its clock until the winners are above the screen.
  await seen.page.clock.runFor(8000);
  for (let waited = 0; (await seen.page.evaluate(() => scrollY)) < past && waited < 60_000; waited += 1000)
    await seen.page.clock.runFor(1000);
  const { y, titles } = await seen.page.evaluate(() => ({
    y: scrollY,
    titles: [...document.querySelectorAll('thead th')].map((th) => {
      const { top, bottom, left, right } = th.getBoundingClientRect();
      // What the screen shows at the title's middle: the title itself, not a row scrolled over it.
      const seen = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
      return { top, bottom, text: th.textContent, shown: seen?.closest('th') === th };
    }),
  }));
  assert.ok(y >= past, `scrolled ${y} px, past the winners at ${past} px`);
  for (const title of titles) {
    assert.ok(Math.abs(title.top) < 1 && title.bottom < 100, `${title.text} at ${title.top}–${title.bottom} px`);
    assert.ok(title.shown, `${title.text} is covered`);
  }
  assert.equal(seen.console, []);
  await seen.page.context().close();
});

/** The wall screen's line on a page that does not refresh itself: its text, and where it is. */
const stillLine = (seen: Visit) =>
  seen.page.evaluate(() => {
    const style = getComputedStyle(document.documentElement, '::before');
    const [top, left] = [parseFloat(style.top), parseFloat(style.left)];
    return { text: style.content, top, left, bottom: top + parseFloat(style.height) };
  });

tv(
  'a page baked without --refresh says on a wall screen that it does not update itself; with it, or elsewhere, not',
  async () => {
    const seen = await show(`${await forty()}#tv`, 1920, 1080);
    const line = await stillLine(seen);
    assert.is(line.text, `"${STILL}"`);
    assert.ok(
      line.left < 100 && line.top > 1080 - 150 && line.bottom <= 1080,
      `in the bottom left corner: ${JSON.stringify(line)}`,
    );
    await seen.page.context().close();
    for (const [url, what] of [
      [await forty(), 'outside TV mode'],
      [`${await refreshed()}#tv`, 'baked with --refresh'],
    ] as const) {
      const other = await show(url, 1920, 1080);
      assert.is((await stillLine(other)).text, 'none', what);
      await other.page.context().close();
    }
  },
);

run();
