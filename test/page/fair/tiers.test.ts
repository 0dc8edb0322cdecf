// Prize tiers on the page, in real Chromium: each winner's tier in words and in a band, a place shared at a tier's
// edge, a tier's minimum, the rule line and the caption; with JavaScript on and off, in print, on a phone, on a wall
// screen, and for axe-core. The contest is test/fixtures/tiers/spring.json, whose exports XlsxWriter wrote.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as assert from 'uvu/assert';
import { chromiumSuite, hydrated, once, violations, withScriptOnAndOff, type Visit } from '../../helpers/browser.ts';
import { FIXTURES } from '../../helpers/files.ts';

const { test: tiers, bake, open, run } = chromiumSuite('prize tiers in Chromium');

/** What a reader sees: each row's words, its tier's band (a line above it, a background), the rule lines, the caption. */
function read(seen: Visit) {
  return seen.page.evaluate(() => ({
    rows: [...document.querySelectorAll('#podium tbody tr')].map((row) => {
      const cell = row.querySelector('th') as HTMLElement;
      const style = getComputedStyle(cell);
      const band = parseFloat(style.borderTopWidth) >= 3 && style.borderTopStyle === 'solid' ? 'band' : '';
      return [
        cell.innerText
          .replace(/\s+/g, ' ')
          .replace(/([▲▼] \d+|–)(?=\S)/, '$1 ')
          .trim(),
        `${band} ${style.backgroundColor}`.trim(),
      ];
    }),
    lines: [...document.querySelectorAll('.rule')].filter((p) => p.checkVisibility()).map((p) => p.textContent),
    caption: document.querySelector('caption')?.textContent,
  }));
}

const page = once(() => bake(join(FIXTURES, 'tiers/spring.json'), 'tiers'));

// Green (the winners' colour), and the darker green of every second tier: the words and the band say it, not they.
const [GREEN, DARK, WHITE] = ['rgb(21, 128, 61)', 'rgb(20, 83, 45)', 'rgba(0, 0, 0, 0)'];
/**
 * Cem and Dora share place 3, the first tier's last: both win "Reise + Upgrade"; Emil, at place 5, misses the second
 * tier's minimum and wins nothing, and no one moves up in his place; Kim, at place 11, is below the ten places.
 */
const ROWS = [
  ['1 – Anna Adler (Gewinner) Reise + Upgrade', `band ${GREEN}`],
  ['2 – Ben Braun (Gewinner) Reise + Upgrade', GREEN],
  ['3 ▲ 1 Cem Çakır (Gewinner) Reise + Upgrade', GREEN],
  ['3 ▲ 3 Dora Dietz (Gewinner) Reise + Upgrade', GREEN],
  ['5 ▲ 5 Emil Engel Mindestziel für „Reise“ nicht erreicht', WHITE],
  ['6 ▼ 1 Fritz Fuchs (Gewinner) Reise', `band ${DARK}`],
  ['7 ▲ 4 Gina Graf (Gewinner) Reise', DARK],
  ['8 ▼ 1 Hans Huber (Gewinner) Reise', DARK],
  ['9 ▼ 1 Ida Illner (Gewinner) Reise', DARK],
  ['10 ▼ 1 Jan Jäger (Gewinner) Reise', DARK],
  ['11 ▼ 8 Kim Koch', WHITE],
  ['12 – Lea Lang', WHITE],
];
const SEEN = {
  rows: ROWS,
  lines: [
    'Gewertet nach Netto-Volumen. Platz\u00a01–\u20603: Reise + Upgrade; Platz\u00a04–\u206010: Reise, mindestens 10 Eigenleads.',
  ],
  caption:
    'Rangliste: 9 von 12 Vertrieblern sind als Gewinner hervorgehoben; Preisstufen: Platz\u00a01–\u20603: Reise + Upgrade; Platz\u00a04–\u206010: Reise',
};
const SHOTS = '/tmp/shots-tiers';

tiers('marks each tier in words and a band, with a shared place at its edge; JavaScript on and off', async () => {
  const { url } = await page();
  await withScriptOnAndOff(open, url, async (seen, how) => assert.equal(await read(seen), SEEN, how));
});

tiers('prints, and shows on a phone and a wall screen, the same tiers', async () => {
  const { url } = await page();
  mkdirSync(SHOTS, { recursive: true });
  const paper = await open(url);
  await hydrated(paper);
  await paper.page.emulateMedia({ media: 'print' });
  assert.equal(await read(paper), SEEN, 'print');
  await paper.page.screenshot({ path: `${SHOTS}/print.png`, fullPage: true });
  await paper.page.context().close();
  for (const [name, options] of [
    ['desktop', { width: 1280 }],
    ['phone', { width: 360, height: 740, mobile: true }],
    ['tv', { width: 1920, height: 1080 }],
  ] as const) {
    const seen = await open(name === 'tv' ? `${url}#tv` : url, options);
    await hydrated(seen);
    assert.equal(await read(seen), SEEN, name);
    await seen.page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: name !== 'tv' });
    await seen.page.context().close();
  }
});

tiers('axe-core finds no violations with tiers, a shared edge and a missed minimum, at 1280 and 360 px', async () => {
  const { url } = await page();
  for (const width of [1280, 360]) {
    const seen = await open(`${url}#name=Emil`, { width });
    await hydrated(seen);
    await seen.page.waitForSelector('.found p');
    assert.equal(await violations(seen), [], `${width}px`);
    await seen.page.context().close();
  }
});

tiers('a tier’s text is shown as text, in English too', async () => {
  const contest = JSON.parse(readFileSync(join(FIXTURES, 'tiers/spring.json'), 'utf8'));
  contest.prizes[0].text = '<img src=x onerror=alert(1)> & Upgrade';
  contest.users = join(FIXTURES, 'real/tiers/spring/');
  const { url } = await bake(contest, 'tiers-hostile', ['--locale', 'en']);
  const seen = await open(url);
  await hydrated(seen);
  const { rows, lines } = await read(seen);
  assert.equal(rows[0], ['1 – Anna Adler (Winner) <img src=x onerror=alert(1)> & Upgrade', `band ${GREEN}`]);
  assert.equal(rows[4], ['5 ▲ 5 Emil Engel Minimum for “Reise” not met', WHITE]);
  assert.equal(lines, [
    'Ranked by net volume. Places\u00a01–\u20603: <img src=x onerror=alert(1)> & Upgrade; Places\u00a04–\u206010: Reise, at least 10 own leads.',
  ]);
  assert.equal(await seen.page.evaluate(() => document.querySelectorAll('tbody img').length), 0);
  assert.equal([seen.console, seen.dialogs], [[], []]);
});

run();
