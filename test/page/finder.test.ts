// The search in real Chromium: finding, marking and stepping, where someone stands, the hash, and no request.
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { chromiumSuite, hydrated, once, serve, type Visit } from '../helpers/browser.ts';
import { ROOT } from '../helpers/files.ts';

const NBSP = '\u00a0';
const { test: finder, bake, open, run } = chromiumSuite('the search in Chromium');

/** 212 salespeople. Place 10, the last winning place, has 200 leads and 500,000 €. */
function contest(changes: Record<string, unknown> = {}) {
  const users = Array.from({ length: 212 }, (_, i) => ({
    name: `Person ${i + 1}`,
    leadCount: 300 - i,
    profit: 600_000 - i * 1000,
  }));
  Object.assign(users[3]!, { name: 'Zoë Weiß' });
  Object.assign(users[9]!, { name: 'Lena Letzte', leadCount: 200, profit: 500_000 });
  Object.assign(users[36]!, { name: 'Anna Schäfer', leadCount: 177, profit: 293_900 });
  Object.assign(users[60]!, { name: 'Vera Voraus', leadCount: 250, profit: 600_000 });
  Object.assign(users[100]!, { name: 'Anna Berg' });
  Object.assign(users[150]!, { name: 'Jörg Müller' });
  Object.assign(users[180]!, { name: 'Hanna Meier' });
  return {
    title: 'Suche',
    heading: 'H',
    journey_date_text: 'J',
    description: 'D',
    qualification_date_text: 'Q',
    solo_winners: 10,
    // Vera Voraus and the people around her are out of order: the list as given stands, as SPEC's page shows it.
    ranking: 'as given',
    users,
    ...changes,
  };
}

/** contest()'s page, baked once for the tests that visit it. */
const page = once(() => bake(contest(), 'search'));

/** What a viewer sees of the search: the rows marked, the box laid over the row, the panel, the field. */
function read(seen: Visit) {
  return seen.page.evaluate(() => {
    const rows = [...document.querySelectorAll('tbody tr')];
    const row = document.querySelector('tr[aria-current="true"]');
    const mark = document.querySelector('.mark');
    const [r, m] = [row?.getBoundingClientRect(), mark?.getBoundingClientRect()];
    const field = document.querySelector('.finder input') as HTMLInputElement | null;
    const f = field?.getBoundingClientRect();
    return {
      current: rows.flatMap((each, index) => (each.getAttribute('aria-current') === 'true' ? [index] : [])),
      found: document.querySelector('.found')?.textContent ?? null,
      value: field?.value ?? null,
      hash: decodeURIComponent(location.hash.replace(/\+/g, ' ')),
      marks: document.querySelectorAll('.mark').length,
      markOnRow: Boolean(
        r && m && Math.abs(r.top - m.top) < 1 && Math.abs(r.height - m.height) < 1 && m.width >= r.width - 1,
      ),
      marker: mark ? getComputedStyle(mark, '::before').content : null,
      outline: mark ? getComputedStyle(mark).outlineStyle : null,
      rowInView: Boolean(r && r.top >= 0 && r.bottom <= innerHeight),
      fieldInView: Boolean(f && f.top >= 0 && f.bottom <= innerHeight),
    };
  });
}

finder('finds a name typed without accents, scrolls to its row and marks it with an outline and a marker', async () => {
  const seen = await open((await page()).url, { height: 600 });
  await hydrated(seen);
  assert.equal((await read(seen)).current, [], 'nothing marked before a search');
  await seen.page.locator('.finder input').pressSequentially('schafer');
  const shown = await read(seen);
  assert.equal(shown.current, [36], 'exactly one row has aria-current: Anna Schäfer, place 37');
  assert.is(
    shown.found,
    `1 von 1 Treffer · Platz 37 von 212 · Bis Platz 10 fehlen 23 Eigenleads und 206.100,00${NBSP}€`,
  );
  assert.ok(shown.markOnRow, 'the box lies over the row');
  assert.is(shown.marks, 1);
  assert.is(shown.marker, '"►"', 'a text marker, visible without colour');
  assert.is(shown.outline, 'solid');
  assert.ok(shown.rowInView, 'the row was scrolled into view');
  assert.ok(shown.fieldInView, 'the field stays in view while the page scrolls to the row');
  for (const [query, row] of [
    ['MULLER', 150],
    ['zoe', 3],
    ['Jörg  Müller', 150],
  ] as const) {
    await seen.page.fill('.finder input', query);
    assert.equal((await read(seen)).current, [row], query);
  }
  assert.equal(seen.console, [], 'no console output: no hydration mismatch');
  await seen.page.context().close();
});

finder('steps through the matches with Enter, Shift+Enter and the buttons, around the end; Escape clears', async () => {
  const seen = await open((await page()).url);
  await hydrated(seen);
  const field = seen.page.locator('.finder input');
  await field.fill('anna');
  const step = async (act: () => Promise<void>) => {
    await act();
    const { current, found } = await read(seen);
    return `${current.join()} ${found?.split(' · ')[0]}`;
  };
  assert.is(await step(async () => {}), '36 1 von 3 Treffern');
  assert.is(await step(() => field.press('Enter')), '100 2 von 3 Treffern');
  assert.is(await step(() => field.press('Enter')), '180 3 von 3 Treffern');
  assert.is(await step(() => field.press('Enter')), '36 1 von 3 Treffern');
  assert.is(await step(() => field.press('Shift+Enter')), '180 3 von 3 Treffern');
  assert.is(
    await step(() => seen.page.getByRole('button', { name: 'Vorheriger Treffer' }).click()),
    '100 2 von 3 Treffern',
  );
  assert.is(
    await step(() => seen.page.getByRole('button', { name: 'Nächster Treffer' }).click()),
    '180 3 von 3 Treffern',
  );
  assert.is((await read(seen)).marks, 1, 'one box, on the current row only');
  await field.press('Escape');
  const cleared = await read(seen);
  assert.equal([cleared.value, cleared.current, cleared.marks, cleared.found, cleared.hash], ['', [], 0, '', '']);
  await field.fill('anna');
  await field.fill('');
  assert.equal((await read(seen)).current, [], 'an empty field removes the mark');
  assert.equal(seen.console, []);
  await seen.page.context().close();
});

finder(
  'says where a winner stands, someone ahead of the last winner, anyone when no place wins, and when no name is found',
  async () => {
    const seen = await open((await page()).url);
    await hydrated(seen);
    const found = async (query: string) => {
      await seen.page.fill('.finder input', query);
      return (await read(seen)).found?.split(' · ').slice(1).join(' · ');
    };
    assert.is(await found('zoe'), 'Platz 4 von 212 · Gewinnerplatz');
    assert.is(await found('lena letzte'), 'Platz 10 von 212 · Gewinnerplatz');
    assert.is(await found('vera'), 'Platz 61 von 212', 'ahead on leads and on volume: no distance');
    await seen.page.fill('.finder input', 'xyz');
    const none = await read(seen);
    assert.equal([none.found, none.current, none.marks], ['Kein Name gefunden', [], 0]);
    assert.is(
      await seen.page.getAttribute('.found', 'role'),
      'status',
      'a live region: screen readers hear the result',
    );
    assert.equal(
      await seen.page
        .locator('.finder button')
        .evaluateAll((buttons) => buttons.map((b) => (b as HTMLButtonElement).disabled)),
      [true, true],
    );
    await seen.page.context().close();

    const noWinners = await open((await bake(contest({ solo_winners: 0 }), 'no-winners')).url);
    await hydrated(noWinners);
    await noWinners.page.fill('.finder input', 'schäfer');
    assert.is((await read(noWinners)).found, '1 von 1 Treffer · Platz 37 von 212');
    await noWinners.page.context().close();

    const english = await open((await bake(contest(), 'english', ['--locale', 'en'])).url);
    await hydrated(english);
    assert.is(await english.page.textContent('.finder label'), 'Find a name');
    await english.page.fill('.finder input', 'schafer');
    assert.is((await read(english)).found, '1 of 1 match · Place 37 of 212 · 23 own leads and €206,100.00 to place 10');
    await english.page.fill('.finder input', 'nobody');
    assert.is((await read(english)).found, 'No name found');
    assert.equal([...english.console], []);
    await english.page.context().close();
  },
);

finder(
  'opens on the name in the hash, keeps the hash in step without history entries, and never sends the name',
  async () => {
    const { out, url } = await page();
    const host = await serve(out);
    try {
      const seen = await open(`${host.url}#name=Anna%20Sch%C3%A4fer`, { height: 600 });
      await hydrated(seen);
      const opened = await read(seen);
      assert.equal(
        [opened.current, opened.value, opened.rowInView],
        [[36], 'Anna Schäfer', true],
        'found and scrolled to on load',
      );
      const entries = await seen.page.evaluate(() => history.length);
      await seen.page.locator('.finder input').fill('');
      await seen.page.locator('.finder input').pressSequentially('jörg m');
      const typed = await read(seen);
      assert.equal([typed.current, typed.hash], [[150], '#name=jörg m']);
      assert.is(await seen.page.evaluate(() => history.length), entries, 'replaceState: no history entry per key');
      await seen.page.waitForTimeout(300);
      assert.equal(host.hits, ['/'], 'the page was the only request: the name never left the browser');
      assert.ok(seen.requests.every((request) => !request.includes('j%C3%B6rg') && !request.includes('?')));
      await seen.page.context().close();
    } finally {
      await host.close();
    }

    // From a file, and together with TV mode: the row is marked, and a wall screen shows no search bar.
    const tv = await open(`${url}#tv&name=Zo%C3%AB`);
    await tv.page.waitForSelector('tr[aria-current="true"]');
    assert.equal((await read(tv)).current, [3]);
    assert.ok(await tv.page.evaluate(() => document.documentElement.classList.contains('tv')));
    assert.is(await tv.page.evaluate(() => getComputedStyle(document.querySelector('.finder')!).display), 'none');
    // Another name in the address while the page is open: followed, and TV mode stays in the hash.
    await tv.page.evaluate(() => (location.hash = '#tv&name=anna%20berg'));
    await tv.page.waitForFunction(
      () => document.querySelectorAll('tbody tr')[100]?.getAttribute('aria-current') === 'true',
    );
    assert.equal((await read(tv)).current, [100]);
    assert.is(await tv.page.evaluate(() => location.hash), '#tv&name=anna+berg');
    assert.equal(tv.console, []);
    await tv.page.context().close();
  },
);

finder(
  'with a history: what changed for the person found and the trend of their place, in the room kept for it',
  async () => {
    const { url } = await bake(join(ROOT, 'contests/summer.json'), 'summer');
    for (const width of [1280, 800, 360]) {
      const seen = await open(url, { width, height: 800 });
      await hydrated(seen);
      const tableTop = () =>
        seen.page.evaluate(() => document.querySelector('table')!.getBoundingClientRect().top + scrollY);
      const before = await tableTop();
      const change = async (query: string) => {
        await seen.page.fill('.finder input', query);
        await seen.page.waitForSelector('tr[aria-current="true"]');
        return seen.page.evaluate(() => {
          const line = document.querySelector('.change');
          const trend = line?.querySelector('svg');
          return {
            shown: line
              ? [...line.childNodes]
                  .filter((node) => node.nodeName !== 'svg')
                  .map((node) => node.textContent)
                  .join('')
              : null,
            heard: line?.querySelector('.visually-hidden')?.textContent ?? null,
            trend: trend?.getAttribute('aria-label') ?? null,
            trendShown: trend ? trend.getBoundingClientRect().width > 0 : false,
          };
        });
      };
      await seen.page.evaluate(() => scrollTo(0, 0));
      const lea = await change('lea');
      assert.equal(
        lea.shown,
        `Seit 11.06.: ▲ 5 Plätze5 Plätze gestiegen · +11 Eigenleads · +86.200,00${NBSP}€`,
        `${width}px`,
      );
      assert.is(lea.heard, '5 Plätze gestiegen', 'the words for screen readers, beside the arrow for the eye');
      assert.is(lea.trend, 'Platz 11 → 9 → 4');
      assert.ok(lea.trendShown, `${width}px: the trend is drawn`);
      assert.match((await read(seen)).found ?? '', /^1 von 1 Treffer · Platz 4 von 12 · Gewinnerplatz/);
      const anna = await change('schafer');
      assert.equal([anna.shown, anna.trend], ['Seit 11.06.: neu dabei', null], 'someone new: no trend yet');
      const jan = await change('jan');
      assert.is(jan.shown, `Seit 11.06.: ▼ 2 Plätze2 Plätze gefallen · +2 Eigenleads · +30.000,00${NBSP}€`);
      // Back at the top of the page: the result and the change line lie in the room kept for them, above the table.
      await seen.page.evaluate(() => scrollTo(0, 0));
      await seen.page.waitForTimeout(100);
      const overlap = await seen.page.evaluate(
        () =>
          document.querySelector('.found')!.getBoundingClientRect().bottom -
          document.querySelector('thead')!.getBoundingClientRect().top,
      );
      assert.ok(overlap <= 0.5, `${width}px: the change line covers the header row by ${overlap}px`);
      assert.is(await tableTop(), before, `${width}px: the table has not moved: the room was kept from the start`);
      assert.equal(seen.console, []);
      await seen.page.context().close();
    }
    const english = await open((await bake(join(ROOT, 'contests/summer.json'), 'summer-en', ['--locale', 'en'])).url);
    await hydrated(english);
    await english.page.fill('.finder input', 'lea');
    await english.page.waitForSelector('.change');
    assert.is(
      await english.page.evaluate(
        () => document.querySelector('.change [aria-hidden="true"]')!.parentElement!.textContent,
      ),
      'Since 11.06.: ▲ 5 placesup 5 places · +11 own leads · +€86,200.00Place 11 → 9 → 4',
    );
    await english.page.context().close();
  },
);

finder('finds names typed the German way, and a name from a link written in Latin-1', async () => {
  const data = contest();
  Object.assign(data.users[120]!, { name: 'Thomas Müller' });
  Object.assign(data.users[121]!, { name: 'Klaus Straße' });
  Object.assign(data.users[122]!, { name: 'Ben Krüger' });
  Object.assign(data.users[123]!, { name: 'Thomas Mueller' });
  const { url } = await bake(data, 'german');
  const seen = await open(url, { height: 600 });
  await hydrated(seen);
  for (const [query, rows, count] of [
    ['mueller', [120], 3], // Thomas Müller, Thomas Mueller, Jörg Müller: in the order of the list
    ['krueger', [122], 1],
    ['weiss', [3], 1],
    ['strasse', [121], 1],
    ['müller', [120], 3], // ü finds the name written ue as well
    ['thomas mü', [120], 2],
  ] as const) {
    await seen.page.fill('.finder input', query);
    const shown = await read(seen);
    assert.equal(shown.current, rows, query);
    assert.match(shown.found ?? '', count === 1 ? '1 von 1 Treffer' : `1 von ${count} Treffern`, query);
  }
  assert.equal(seen.console, []);
  await seen.page.context().close();

  // A link from a tool that encodes in Latin-1 (ü is %FC): the name is found, and the address rewritten in UTF-8.
  const linked = await open(`${url}#name=Thomas+M%FCller`, { height: 600 });
  await hydrated(linked);
  await linked.page.waitForSelector('tr[aria-current="true"]');
  const opened = await read(linked);
  assert.equal([opened.value, opened.current, opened.rowInView], ['Thomas Müller', [120], true]);
  assert.is(await linked.page.evaluate(() => location.hash), '#name=Thomas+M%C3%BCller');
  assert.equal(linked.console, []);
  await linked.page.context().close();
});

type Box = { top: number; bottom: number; left: number; width: number };

/** The boxes a reader sees at the top of the screen, and the table's own header cells, in viewport pixels. */
function readTop(seen: Visit) {
  return seen.page.evaluate(() => {
    const copy = document.querySelector('.columns')!;
    const [bar, found, head, row, titles] = ['.finder', '.found', 'thead', 'tr[aria-current="true"]', '.columns'].map(
      (selector) => document.querySelector(selector)?.getBoundingClientRect().toJSON() as Box | undefined,
    );
    return {
      bar: bar!,
      found: found!,
      head: head!,
      row,
      copy: titles!,
      shown: getComputedStyle(copy).visibility === 'visible',
      titles: [...copy.children].map((span) => ({
        text: span.textContent,
        ...(span.getBoundingClientRect().toJSON() as Box),
      })),
      cells: [...document.querySelectorAll('thead th')].map((th) => ({
        text: th.textContent,
        ...(th.getBoundingClientRect().toJSON() as Box),
      })),
      height: innerHeight,
    };
  });
}

/** Waits for the scroll event that shows or hides the copy of the column titles. */
const titlesShown = (seen: Visit, shown: boolean) =>
  seen.page.waitForFunction(
    (shown) => (getComputedStyle(document.querySelector('.columns')!).visibility === 'visible') === shown,
    shown,
  );

finder(
  'keeps the column titles in view below the search bar on a phone, and neither covers the row found',
  async () => {
    const users = Array.from({ length: 300 }, (_, i) => ({
      name: `Person ${i + 1}`,
      leadCount: 1000 - i,
      profit: 900_000 - i * 1234.5,
    }));
    users[65]!.name = 'Konstantin Demir';
    const { url } = await bake(contest({ users }), 'columns');
    const seen = await open(url, { width: 360, height: 740 });
    await hydrated(seen);
    const atTop = await readTop(seen);
    assert.not.ok(atTop.shown, 'at the top, the table shows its own header row: no copy');
    await seen.page.locator('.finder input').pressSequentially('demir');
    await seen.page.waitForSelector('tr[aria-current="true"]');
    await titlesShown(seen, true); // the scroll event that follows the jump to the row
    const found = await readTop(seen);
    assert.match((await read(seen)).found ?? '', 'Platz 66 von 300');
    assert.ok(found.head.bottom < found.bar.bottom, "the table's own header row has scrolled away under the bar");
    assert.ok(found.shown, 'the column titles are shown');
    // The result stands above the bar where the bar had room for it (script.css), the titles right below the bar.
    assert.ok(found.copy.top >= found.bar.bottom - 0.5, 'below the bar');
    assert.ok(found.found.bottom <= found.bar.top + 0.5 && found.found.top >= -0.5, 'the result above it, on screen');
    assert.ok(found.copy.bottom <= found.height, 'within the screen');
    assert.equal(
      found.titles.map((title) => title.text),
      ['Name', 'Anzahl Eigenleads', 'Summe Netto-Volumen AB'],
    );
    for (const [index, title] of found.titles.entries()) {
      const cell = found.cells[index]!;
      assert.ok(
        Math.abs(title.left - cell.left) < 1 && Math.abs(title.width - cell.width) < 1,
        `${title.text} lines up`,
      );
    }
    assert.ok(found.row!.top >= found.copy.bottom, 'the row found lies below the column titles');
    assert.ok(found.row!.bottom <= found.height, 'and on the screen');
    // Scrolling on through the table: the titles stay; back at the top: the table's own header row, uncovered.
    await seen.page.mouse.wheel(0, 3000);
    await seen.page.waitForTimeout(300);
    const further = await readTop(seen);
    assert.ok(further.shown && Math.abs(further.copy.top - found.copy.top) < 1, 'the titles stay where they were');
    await seen.page.evaluate(() => scrollTo(0, 0));
    await titlesShown(seen, false);
    const back = await readTop(seen);
    assert.not.ok(back.shown);
    assert.ok(back.head.top >= back.found.bottom - 0.5, 'the result does not cover the header row');
    assert.equal(seen.console, []);
    await seen.page.context().close();
  },
);

finder('moves the column titles sideways with a table wider than the phone', async () => {
  const wide = contest();
  Object.assign(wide.users[150]!, { leadCount: 123_456_789, profit: 12_345_678_901.23 });
  const seen = await open(`${(await bake(wide, 'wide')).url}#name=j%C3%B6rg`, { width: 320, height: 600 });
  await hydrated(seen);
  await seen.page.waitForSelector('tr[aria-current="true"]');
  const frame = await seen.page.evaluate(() => {
    const scroller = document.querySelector('.table-scroll')!;
    return { scrolls: scroller.scrollWidth > scroller.clientWidth, page: document.documentElement.scrollWidth };
  });
  assert.ok(frame.scrolls, 'the table scrolls in its frame');
  assert.ok(frame.page <= 320, 'the page itself does not');
  await seen.page.evaluate(() => (document.querySelector('.table-scroll')!.scrollLeft = 60));
  // The copy of the titles follows in the frame's scroll event.
  await seen.page.waitForFunction(() => document.querySelector('.columns')!.scrollLeft > 0);
  const shown = await readTop(seen);
  assert.ok(shown.shown);
  for (const [index, title] of shown.titles.entries())
    assert.ok(Math.abs(title.left - shown.cells[index]!.left) < 1, `${title.text} moved with its column`);
  assert.equal(seen.console, []);
  await seen.page.context().close();
});

finder('is not there without JavaScript, nor in a page baked without a script', async () => {
  const { url } = await bake(
    contest({ qualification_end: '2027-03-31', updated_at: '2027-03-31T18:45:00+02:00' }),
    'static',
  );
  const off = await open(url, { javaScriptEnabled: false });
  assert.equal(
    await off.page.evaluate(() => [
      document.querySelectorAll('input, button, .finder').length,
      document.querySelector('.period')!.textContent,
      document.querySelector('.stand')!.textContent,
    ]),
    [0, 'Wettbewerbszeitraum: Q', 'Stand: 31.03.2027, 18:45 Uhr'],
  );
  const gap = await off.page.evaluate(
    () =>
      document.querySelector('.table-scroll')!.getBoundingClientRect().top -
      document.querySelector('h2')!.getBoundingClientRect().bottom,
  );
  assert.ok(gap < 20, `no room kept for a search bar that will not come: the table is ${gap}px below its heading`);
  await off.page.context().close();
  const none = await open((await bake(contest(), 'no-hydrate', ['--no-hydrate'])).url);
  await none.page.waitForTimeout(300);
  assert.is(await none.page.evaluate(() => document.querySelectorAll('input, button, script').length), 0);
  await none.page.context().close();
});

run();
