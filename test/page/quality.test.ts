// Page quality in real Chromium: accessibility (axe-core), phones, print, TV mode, the Stand line, no-JS output.
import * as assert from 'uvu/assert';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from '../../bench/generate.js';
import { chromiumSuite, hydrated, once, serve, violations, type Visit } from '../helpers/browser.ts';
import { FIXTURES, ROOT } from '../helpers/files.ts';

const { test: quality, work, browser, open, run, ...suite } = chromiumSuite('page quality in Chromium');
const bake = async (input: string, name: string, flags: string[] = []) => (await suite.bake(input, name, flags)).url;

function contestFile(name: string, users: number): string {
  const file = join(work.dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(generate(users)));
  return file;
}

// The pages that several tests visit, each baked once: the example, the hostile long names, 80 and 120 people.
const example = once(() => bake(join(ROOT, 'contests/example.json'), 'example'));
const long = once(() => bake(join(FIXTURES, 'long.json'), 'long'));
const eighty = once(() => bake(contestFile('eighty', 80), 'eighty'));
const wall = once(() => bake(contestFile('wall', 120), 'wall'));

quality('axe-core finds no violations, for the example and for hostile long names, on desktop and phone', async () => {
  for (const [page, name] of [
    [example, 'example'],
    [long, 'long'],
  ] as const) {
    const url = await page();
    for (const width of [1280, 360]) {
      const seen = await open(url, { width });
      assert.equal(await violations(seen), [], `${name} at ${width}px`);
      assert.equal(seen.console, []);
      await seen.page.context().close();
    }
  }
});

quality('has no page-wide horizontal scroll at 360 and 768 px, and long names wrap', async () => {
  const url = await long();
  for (const width of [360, 768]) {
    const seen = await open(url, { width });
    const layout = await seen.page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: document.documentElement.clientWidth,
      title: document.querySelector('h1')!.getBoundingClientRect().width,
      nameLines: Math.round(
        document.querySelector('tbody td')!.getBoundingClientRect().height /
          parseFloat(getComputedStyle(document.querySelector('tbody td')!).lineHeight),
      ),
    }));
    assert.ok(layout.page <= layout.viewport, `${width}px: the page is ${layout.page}px wide`);
    assert.ok(layout.title <= layout.viewport, `${width}px: the title is wider than the screen`);
    assert.ok(layout.nameLines >= 2, `${width}px: the long name wraps`);
    // A name that wraps hangs beside its place: every line of it starts where its first line does.
    const starts = await seen.page.evaluate(() =>
      [...document.querySelectorAll('tbody th')].map((cell) => {
        const text = cell.firstChild!;
        const range = document.createRange();
        range.setStart(text, text.textContent!.indexOf('\u00a0') + 1);
        range.setEnd(text, text.textContent!.length);
        const lines = new Map<number, number>();
        for (const rect of range.getClientRects())
          if (rect.width > 0)
            lines.set(Math.round(rect.top), Math.min(lines.get(Math.round(rect.top)) ?? 1e9, rect.left));
        return [...lines.values()];
      }),
    );
    assert.ok(
      starts.some((lines) => lines.length > 2),
      `${width}px: some name takes three lines or more`,
    );
    for (const [at, lines] of starts.entries())
      assert.ok(
        lines.every((left) => Math.abs(left - lines[0]!) < 1.5),
        `${width}px: the name of row ${at + 1} starts its lines at ${lines.map(Math.round).join(', ')}`,
      );
    await seen.page.context().close();
  }
});

quality('keyboard users reach the search and the scrollable table, each with a visible focus ring', async () => {
  const seen = await open(await example());
  await seen.page.waitForSelector('input[type=search]');
  const focused: { element: string; outline: string }[] = [];
  for (let i = 0; i < 2; i += 1) {
    await seen.page.keyboard.press('Tab');
    focused.push(
      await seen.page.evaluate(() => {
        const element = document.activeElement!;
        const style = getComputedStyle(element);
        return {
          element: element.tagName === 'INPUT' ? 'search' : element.className,
          outline: `${style.outlineStyle} ${style.outlineWidth}`,
        };
      }),
    );
  }
  // The step buttons are disabled until a search has two matches: Tab goes from the field to the table.
  assert.equal(
    focused.map((f) => f.element),
    ['search', 'table-scroll'],
  );
  for (const { element, outline } of focused)
    assert.not.match(outline, /^none|0px$/, `${element}: no visible focus ring (${outline})`);
  assert.is(focused[1]?.outline, 'solid 3px');
  await seen.page.context().close();
});

quality('axe-core finds no violations with the search panel open, on desktop and phone', async () => {
  const url = await example();
  for (const width of [1280, 360]) {
    const seen = await open(`${url}#name=m%C3%BCller`, { width });
    await hydrated(seen);
    await seen.page.waitForSelector('.mark');
    assert.match((await seen.page.textContent('.found')) ?? '', 'Platz 4 von 16 · Gewinnerplatz');
    assert.equal(await violations(seen), [], `${width}px`);
    assert.equal(seen.console, []);
    await seen.page.context().close();
  }
});

quality(
  'at 360 px: column headings in at most two lines, and no page-wide scroll with the search panel open',
  async () => {
    for (const [page, name] of [
      [example, 'example'],
      [long, 'long'],
    ] as const) {
      const seen = await open(`${await page()}#name=e`, { width: 360 });
      await hydrated(seen);
      const layout = await seen.page.evaluate(() => ({
        lines: [...document.querySelectorAll('thead th')].map((th) => {
          const range = document.createRange();
          range.selectNodeContents(th);
          const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          return tops.size;
        }),
        page: document.documentElement.scrollWidth,
        viewport: document.documentElement.clientWidth,
      }));
      assert.ok(
        layout.lines.every((lines) => lines <= 2),
        `${name}: heading lines ${layout.lines.join(', ')}`,
      );
      assert.ok(layout.page <= layout.viewport, `${name}: the page is ${layout.page}px wide`);
      await seen.page.context().close();
    }
  },
);

quality(
  'a contest with a history: no axe violations with the change line open; print and TV show movements',
  async () => {
    const url = await bake(join(ROOT, 'contests/summer.json'), 'history');
    for (const width of [1280, 360]) {
      const seen = await open(`${url}#name=lea`, { width });
      await hydrated(seen);
      await seen.page.waitForSelector('.change svg');
      assert.equal(await violations(seen), [], `${width}px`);
      assert.equal(seen.console, []);
      await seen.page.context().close();
    }
    const shows = (visit: Visit) =>
      visit.page.evaluate(() =>
        ['tbody [role="img"]', '.since', '.summary', '.change', '.trend'].map(
          (selector) => [...document.querySelectorAll(selector)].filter((element) => element.checkVisibility()).length,
        ),
      );
    const paper = await open(`${url}#name=lea`);
    await hydrated(paper);
    await paper.page.waitForSelector('.change svg');
    await paper.page.emulateMedia({ media: 'print' });
    assert.equal(await shows(paper), [12, 1, 2, 0, 0], 'print: every movement and the summary, no panel, no trend');
    await paper.page.context().close();
    const tv = await open(`${url}#tv`, { width: 1920, height: 1080 });
    await hydrated(tv);
    assert.equal(await shows(tv), [12, 1, 2, 0, 0], 'TV: every movement and the summary');
    const top = await tv.page.evaluate(() => document.querySelector('thead')!.getBoundingClientRect().top);
    assert.ok(top < 1080 / 2, `TV: the summary leaves the screen to the table (its header at ${top}px)`);
    assert.equal(tv.console, []);
    await tv.page.context().close();
  },
);

quality('prints on A4 with winners in colour, no split rows and the header repeated', async () => {
  const seen = await open(await eighty());
  await seen.page.emulateMedia({ media: 'print' });
  const print = await seen.page.evaluate(() => {
    const winner = getComputedStyle(document.querySelector('tr.winner td')!);
    return {
      colorAdjust:
        winner.getPropertyValue('print-color-adjust') || winner.getPropertyValue('-webkit-print-color-adjust'),
      background: winner.backgroundColor,
      rowBreak: getComputedStyle(document.querySelector('tbody tr')!).breakInside,
      header: getComputedStyle(document.querySelector('thead')!).display,
      scroll: getComputedStyle(document.querySelector('.table-scroll')!).overflowX,
    };
  });
  assert.equal(print, {
    colorAdjust: 'exact',
    background: 'rgb(21, 128, 61)',
    rowBreak: 'avoid',
    header: 'table-header-group',
    scroll: 'visible',
  });
  const pdf = (await seen.page.pdf({ preferCSSPageSize: true, printBackground: false })).toString('latin1');
  const pages = pdf.match(/\/Type\s*\/Page\b/g)?.length ?? 0;
  assert.ok(pages >= 2, `80 users print on ${pages} page(s)`);
  // A4 is 595.3 × 841.9 points; Chromium rounds to whole pixels of 1/96 in (594.96 × 841.92).
  const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf);
  assert.ok(
    box && Math.abs(Number(box[1]) - 595.3) < 1 && Math.abs(Number(box[2]) - 841.9) < 1,
    `A4 pages, got ${box?.[0]}`,
  );
  await seen.page.context().close();
});

quality(
  'prints with JavaScript on as without: no search controls, the header row and the first row uncovered',
  async () => {
    const data = generate(80);
    const url = await eighty();
    // A search is open: the bar, the result, the column titles' copy and the row's mark are all on the screen.
    const seen = await open(`${url}#name=${encodeURIComponent(data.users[60]!.name)}`, { width: 1280, height: 800 });
    await hydrated(seen);
    await seen.page.waitForSelector('.mark');
    const off = await open(url, { width: 1280, height: 800, javaScriptEnabled: false });
    const measure = (visit: Visit) =>
      visit.page.evaluate(() => {
        scrollTo(0, 0);
        const cells = [...document.querySelectorAll('thead th, tbody tr:first-child > *')];
        return {
          controls: [...document.querySelectorAll('.finder, .found, .columns, .mark, input, button')]
            .filter((element) => element.checkVisibility())
            .map((element) => element.className || element.tagName),
          // Each cell of the header row and of place 1 is what the page shows at its middle: nothing lies over it.
          covered: cells
            .filter((cell) => {
              const { left, top, width, height } = cell.getBoundingClientRect();
              return !cell.contains(document.elementFromPoint(left + width / 2, top + height / 2));
            })
            .map((cell) => cell.textContent),
          header: getComputedStyle(document.querySelector('thead')!).display,
          // Where the table starts, below the heading: the same with and without the script.
          gap: Math.round(
            document.querySelector('table')!.getBoundingClientRect().top -
              document.querySelector('h2')!.getBoundingClientRect().bottom,
          ),
        };
      });
    await seen.page.emulateMedia({ media: 'print' });
    await off.page.emulateMedia({ media: 'print' });
    const [on, without] = [await measure(seen), await measure(off)];
    assert.equal(on.controls, [], 'no search bar, result, buttons or mark on paper');
    assert.equal(on.covered, [], 'the header row and place 1 are not covered');
    assert.is(on.header, 'table-header-group', 'the header row repeats on every page');
    assert.is(on.gap, without.gap, 'the table starts where it does without JavaScript');
    const pages = async (visit: Visit) =>
      (await visit.page.pdf({ preferCSSPageSize: true })).toString('latin1').match(/\/Type\s*\/Page\b/g)?.length ?? 0;
    assert.is(await pages(seen), await pages(off), 'page.pdf(): as many sheets as without JavaScript');
    assert.equal(seen.console, []);
    await seen.page.context().close();
    await off.page.context().close();
  },
);

quality('a 50-letter word in the texts wraps: no page scrolls sideways, on a phone, a desktop or a TV', async () => {
  const word = 'Vertriebsmitarbeiterjahresabschlussqualifikationen';
  assert.is(word.length, 50);
  const file = join(work.dir, 'long-word.json');
  writeFileSync(
    file,
    JSON.stringify({
      ...generate(30),
      title: `${word} 2027`,
      heading: `Die ${word}:`,
      journey_date_text: word,
      description: `${word} für alle.`,
      qualification_date_text: word,
    }),
  );
  const url = await bake(file, 'long-word');
  for (const [suffix, width] of [
    ['', 360],
    ['', 1280],
    ['', 1920],
    ['#tv', 1024],
    ['#tv', 1280],
    ['#tv', 1920],
  ] as const) {
    const seen = await open(url + suffix, { width, height: 900 });
    await hydrated(seen);
    const layout = await seen.page.evaluate(() => ({
      page: document.scrollingElement!.scrollWidth,
      viewport: innerWidth,
      title: document.querySelector('h1')!.getBoundingClientRect().right,
      tv: document.documentElement.classList.contains('tv'),
    }));
    const where = `${suffix || 'normal'} at ${width}px`;
    assert.is(layout.tv, suffix === '#tv', where);
    assert.ok(layout.page <= layout.viewport, `${where}: the page is ${layout.page}px wide`);
    assert.ok(layout.title <= layout.viewport, `${where}: the title ends at ${layout.title}px`);
    assert.equal(seen.console, []);
    await seen.page.context().close();
  }
});

quality('axe-core finds no violations with the column titles shown over a scrolled table on a phone', async () => {
  const data = generate(300);
  const url = await bake(contestFile('axe-columns', 300), 'axe-columns');
  const seen = await open(`${url}#name=${encodeURIComponent(data.users[150]!.name)}`, { width: 360, height: 740 });
  await hydrated(seen);
  await seen.page.waitForSelector('.mark');
  await seen.page.waitForFunction(() => getComputedStyle(document.querySelector('.columns')!).visibility === 'visible');
  assert.equal(await violations(seen), []);
  assert.equal(seen.console, []);
  await seen.page.context().close();
});

quality('?tv shows the wall-screen layout and scrolls a long table, pausing at the top and bottom', async () => {
  const url = await wall();
  const normal = await open(url, { width: 1920 });
  const normalSize = await normal.page.evaluate(() =>
    parseFloat(getComputedStyle(document.querySelector('td')!).fontSize),
  );
  assert.not.ok(await normal.page.evaluate(() => document.documentElement.classList.contains('tv')));
  await normal.page.context().close();

  for (const suffix of ['?tv', '#tv']) {
    const context = await browser().newContext({ viewport: { width: 1920, height: 1080 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => errors.push(message.text()));
    await page.clock.install();
    await page.goto(url + suffix);
    const tv = await page.evaluate(() => ({
      tv: document.documentElement.classList.contains('tv'),
      size: parseFloat(getComputedStyle(document.querySelector('td')!).fontSize),
      description: getComputedStyle(document.querySelector('.description')!).display,
      end: document.documentElement.scrollHeight - innerHeight,
    }));
    assert.ok(tv.tv, suffix);
    assert.ok(tv.size >= normalSize * 1.5, `larger type: ${tv.size}px against ${normalSize}px`);
    assert.is(tv.description, 'none', 'condensed header');
    assert.ok(tv.end > 500, 'the table is longer than the screen');
    const scrolled = () => page.evaluate(() => window.scrollY);
    await page.clock.runFor(6000);
    assert.is(await scrolled(), 0, 'pauses at the top');
    await page.clock.runFor(4000);
    assert.ok((await scrolled()) > 0, 'then scrolls');
    // Jump to a second before the bottom (40 px/s), then step, so that the bottom pause is observed from its start.
    await page.clock.runFor(Math.floor(((tv.end - (await scrolled())) / 40) * 1000) - 1000);
    for (let waited = 0; Math.round(await scrolled()) < tv.end && waited < 5000; waited += 250)
      await page.clock.runFor(250);
    assert.is(Math.round(await scrolled()), tv.end, 'reaches the bottom');
    await page.clock.runFor(6000);
    assert.is(Math.round(await scrolled()), tv.end, 'pauses at the bottom');
    await page.clock.runFor(4000);
    assert.is(await scrolled(), 0, 'starts over');
    assert.equal(errors, []);
    await context.close();
  }
});

quality('?tv pauses on Space or a click only, with a visible badge; other keys keep their use', async () => {
  const url = await wall();
  const seen = await open(`${url}?tv`, { width: 1920, height: 1080, time: '2027-03-01T12:00:00+01:00' });
  const page = seen.page;
  await page.clock.runFor(100);
  const state = () =>
    page.evaluate(() => ({
      y: Math.round(scrollY),
      badge: getComputedStyle(document.documentElement, '::after').content,
    }));
  await page.clock.runFor(12_000); // past the pause at the top: scrolling
  const moving = (await state()).y;
  assert.ok(moving > 0, 'scrolls by itself');
  assert.is((await state()).badge, 'none', 'no badge while it scrolls');
  for (const key of ['Tab', 'a', 'Enter']) await page.keyboard.press(key);
  await page.clock.runFor(2000);
  assert.ok((await state()).y > moving, 'Tab and other keys do not pause it');
  await page.keyboard.press(' ');
  const paused = await state();
  assert.is(paused.badge, '"Pausiert"', 'a visible badge while paused');
  await page.clock.runFor(3000);
  assert.is((await state()).y, paused.y, 'paused: it does not move, and Space did not scroll the page');
  await page.keyboard.press(' ');
  await page.clock.runFor(2000);
  assert.ok((await state()).y > paused.y, 'Space resumes it');
  await page.mouse.click(900, 500);
  const clicked = await state();
  assert.is(clicked.badge, '"Pausiert"', 'a click pauses it');
  await page.clock.runFor(2000);
  assert.is((await state()).y, clicked.y);
  assert.equal(seen.console, []);
  await page.context().close();
});

quality('?tv with reduced motion asked for: the wall-screen layout, and nothing moves by itself', async () => {
  const url = await wall();
  const seen = await open(`${url}?tv`, {
    width: 1920,
    height: 1080,
    time: '2027-03-01T12:00:00+01:00',
    reducedMotion: true,
  });
  await seen.page.clock.runFor(60_000);
  assert.equal(await seen.page.evaluate(() => [document.documentElement.classList.contains('tv'), scrollY]), [true, 0]);
  assert.equal(seen.console, []);
  await seen.page.context().close();
});

quality('renders the Stand line on server and client alike: hydration without errors', async () => {
  // A clock before the update: the line then has no age to add (the age is tested in browser.test.ts).
  const seen = await open(await long(), { time: '2027-03-01T12:00:00+01:00' });
  await hydrated(seen, true);
  assert.is(await seen.page.textContent('.stand'), 'Stand: 31.03.2027, 18:45 Uhr');
  assert.equal(seen.console, []);
  assert.ok(
    await seen.page.evaluate(() =>
      Object.keys(document.getElementById('podium')!).some((key) => key.startsWith('__reactContainer')),
    ),
  );
  await seen.page.context().close();
});

quality('--no-hydrate: the whole page, no script, nothing logged', async () => {
  const seen = await open(await bake(join(ROOT, 'contests/example.json'), 'static', ['--no-hydrate']));
  const shown = await seen.page.evaluate(() => ({
    rows: document.querySelectorAll('tbody tr').length,
    scripts: document.scripts.length,
    data: 'window.__CONTEST__' in window,
  }));
  assert.equal(shown, { rows: 16, scripts: 0, data: false });
  assert.equal(seen.console, []);
  await seen.page.context().close();
});

quality(
  "a folder's overview: no axe violations, no script, links that open each page from disk and from a server",
  async () => {
    const input = join(work.dir, 'folder');
    mkdirSync(input);
    // A file name that needs encoding in a link, one whose page folder is index/, and long hostile texts.
    const files = {
      'Frühjahr #1 & 50%?.json': join(ROOT, 'contests/example.json'),
      'index.json': join(FIXTURES, 'hostile.json'),
      'long.json': join(FIXTURES, 'long.json'),
    };
    for (const [name, from] of Object.entries(files)) copyFileSync(from, join(input, name));
    const url = await bake(input, 'overview');
    const out = join(work.dir, 'overview');
    const host = await serve(out);
    try {
      for (const width of [1280, 360]) {
        const seen = await open(url, { width });
        assert.equal(await violations(seen), [], `${width}px`);
        const layout = await seen.page.evaluate(() => ({
          page: document.documentElement.scrollWidth,
          viewport: document.documentElement.clientWidth,
          scripts: document.scripts.length,
        }));
        assert.ok(layout.page <= layout.viewport, `${width}px: the overview is ${layout.page}px wide`);
        assert.is(layout.scripts, 0);
        assert.equal(seen.console, []);
        await seen.page.context().close();
      }
      const titles = [
        'Vertriebswettbewerb Frühjahr 2027: Lissabon wartet!',
        "</title><script>alert('title')</script>",
        JSON.parse(readFileSync(join(FIXTURES, 'long.json'), 'utf8')).title,
      ];
      // file:// shows a folder's listing rather than its index.html: each link must name the page's file.
      for (const start of [url, host.url]) {
        for (const [index, title] of titles.entries()) {
          const seen = await open(start);
          await seen.page.locator('main li a').nth(index).click();
          await seen.page.waitForLoadState('load');
          assert.is(await seen.page.title(), title, `${start}: link ${index + 1}`);
          assert.is(await seen.page.locator('h1').textContent(), title);
          assert.equal(seen.dialogs, [], 'no hostile text ran');
          await seen.page.context().close();
        }
      }
      assert.ok(host.hits.includes('/Fr%C3%BChjahr%20%231%20%26%2050%25%3F/index.html'), host.hits.join(' '));
      assert.ok(host.hits.includes('/index/index.html'));
      const keyboard = await open(url);
      await keyboard.page.keyboard.press('Tab');
      const focus = await keyboard.page.evaluate(() => {
        const style = getComputedStyle(document.activeElement!);
        return { tag: document.activeElement!.tagName, outline: `${style.outlineStyle} ${style.outlineWidth}` };
      });
      assert.equal(focus, { tag: 'A', outline: 'solid 3px' }, 'a visible focus ring on the first link');
      await keyboard.page.context().close();
    } finally {
      await host.close();
    }
  },
);

run();
