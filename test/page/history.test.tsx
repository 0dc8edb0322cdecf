import { suite } from 'uvu';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as assert from 'uvu/assert';
import * as React from 'react';
import { renderToString } from 'react-dom/server';
import { render } from '../../src/bake/render.ts';
import type { Contest } from '../../src/contest/schema.ts';
import { rank } from '../../src/contest/ranking.ts';
import { compare, toIndex, toPlaces, toStandings, type Standings } from '../../src/contest/standings.ts';
import { Change, Move, toSince, Trend } from '../../src/page/history.tsx';
import { toMessages } from '../../src/page/messages.ts';
import { CONTESTS } from '../helpers/contests.ts';
import { chromiumSuite } from '../helpers/browser.ts';
import { textOf, toDocument, toFirstCell } from '../helpers/dom.ts';

const NBSP = '\u00a0';
const [de, en] = [toMessages('de'), toMessages('en')];
const html = (element: React.ReactElement) => toDocument(`<body>${renderToString(element)}</body>`).body;
type Person = { name: string; leadCount: number; profit: number };
const people = (text: string): Person[] =>
  text.split(' ').map((entry) => {
    const [name = '', leads = '0', profit = '0'] = entry.split(':');
    return { name: name.replace(/_/g, ' '), leadCount: Number(leads), profit: Number(profit) };
  });

/** A contest of `stands` lists (oldest first), as a history folder gives it: the last is the table. */
function withHistory(stands: Person[][], changes: Partial<Contest> = {}): Contest {
  const [current, previous] = [stands.at(-1)!, stands.at(-2)!];
  const { index } = toIndex(current);
  const ranked = (users: Person[]) => rank(users, 3, {});
  const older = stands.slice(0, -2).map((users) => toPlaces(index, current.length, users, ranked(users).places));
  const dates = stands.map((_, week) => `2027-03-${String(3 + 7 * week).padStart(2, '0')}`);
  const comparison = compare(previous, current, { previous: ranked(previous), current: ranked(current) }, 3);
  const standings = toStandings(previous, current, comparison, older, dates, ranked(current).places);
  return { ...CONTESTS['valid.json']!, solo_winners: 3, ...changes, users: current, standings } as Contest;
}

const moves = suite('<Move>: a row’s movement');

moves('▲ n, ▼ n, – and neu on the screen; words for screen readers; nothing for an ambiguous name', () => {
  const shown = (was: number, at: number, t = de) => {
    const span = html(<Move was={was} place={at + 1} t={t} />).querySelector('span');
    return span && [span.className, span.textContent, span.getAttribute('role'), span.getAttribute('aria-label')];
  };
  assert.equal(shown(7, 3), ['up', '▲ 3', 'img', '3 Plätze gestiegen']);
  assert.equal(shown(3, 1), ['up', '▲ 1', 'img', '1 Platz gestiegen']);
  assert.equal(shown(3, 4), ['down', '▼ 2', 'img', '2 Plätze gefallen']);
  assert.equal(shown(5, 4), ['same', '–', 'img', 'unverändert']);
  assert.equal(shown(0, 4), ['new', 'neu', 'img', 'neu dabei']);
  assert.equal(shown(7, 3, en), ['up', '▲ 3', 'img', 'up 3 places']);
  assert.equal(shown(3, 4, en), ['down', '▼ 2', 'img', 'down 2 places']);
  assert.equal(shown(0, 4, en), ['new', 'new', 'img', 'new']);
  assert.equal(shown(5, 4, en), ['same', '–', 'img', 'unchanged']);
  assert.is(shown(-1, 4), null);
});

const page = suite('the page of a contest with a previous Stand');

// Week 1: A B C D E. Week 2 (the previous Stand): B A C D E. Now: E B F A C (D gone, F new, E up 4).
const WEEKS = [
  people('A:1 B:1 C:1 D:1 E:1'),
  people('B:3:10 A:2:5 C:2 D:1 E:1'),
  people('E:9:500 B:4:10 F:3 A:3:5 C:2'),
];

page('every row: its place, then its movement, then the name; in the server markup', () => {
  const doc = toDocument(render(withHistory(WEEKS), 'de'));
  assert.equal([...doc.querySelectorAll('tbody tr')].map(toFirstCell), [
    { place: '1', move: '▲ 4', name: 'E' },
    { place: '2', move: '▼ 1', name: 'B' },
    { place: '3', move: 'neu', name: 'F' },
    { place: '4', move: '▼ 2', name: 'A' },
    { place: '5', move: '▼ 2', name: 'C' },
  ]);
  const first = doc.querySelector('tbody th')!;
  assert.equal(
    [...first.childNodes].map((node) => (node.nodeType === 3 ? node.textContent : (node as Element).className)),
    ['1\u00a0', 'up', 'E', 'visually-hidden'],
    'place, movement, name, then the winner’s words',
  );
});

page('under the heading: since when, who is new in the winning places, and the largest climb', () => {
  const doc = toDocument(render(withHistory(WEEKS), 'de'));
  const h2 = doc.querySelector('h2')!;
  assert.is(h2.nextElementSibling?.className, 'since');
  assert.equal([...doc.querySelectorAll('.since, .summary')].map(textOf), [
    'Veränderung seit Stand 10.03.2027',
    'Neu unter den Top 3: E, F',
    'Größter Sprung: E ▲ 4',
  ]);
  assert.is(doc.querySelector('.summary [role="img"]')?.getAttribute('aria-label'), '4 Plätze gestiegen');
  const english = toDocument(render(withHistory(WEEKS), 'en'));
  assert.equal([...english.querySelectorAll('.since, .summary')].map(textOf), [
    'Change since 10.03.2027',
    'New in the top 3: E, F',
    'Biggest climb: E ▲ 4',
  ]);
});

page('each name in the summary lines is isolated: an unterminated U+202E or Hebrew turns nothing after it', () => {
  // E climbs 4 and is new in the top 3 with F: E's name overrides to right-to-left and never ends it; F is Hebrew.
  const [rlo, hebrew] = ['E\u202e (Chef)', 'שרה 2'];
  const weeks = WEEKS.map((week) =>
    week.map((person) => ({ ...person, name: person.name === 'E' ? rlo : person.name === 'F' ? hebrew : person.name })),
  );
  const doc = toDocument(render(withHistory(weeks), 'de'));
  const [top, climb] = [...doc.querySelectorAll('.summary')];
  assert.equal(
    [...top!.querySelectorAll('bdi')].map((bdi) => bdi.textContent),
    [rlo, hebrew],
    'each name a <bdi> of its own',
  );
  assert.equal(
    [...top!.childNodes].map((node) => (node.nodeType === 3 ? node.textContent : (node as Element).tagName)),
    ['Neu unter den Top 3: ', 'BDI', ', ', 'BDI'],
    'the comma between them outside both',
  );
  assert.equal(
    [...climb!.querySelectorAll('bdi')].map((bdi) => bdi.textContent),
    [rlo],
  );
  assert.is(climb!.querySelector('bdi [role="img"]'), null, 'the movement ▲ 4 outside the name');
  assert.is(textOf(climb!), `Größter Sprung: ${rlo} ▲ 4`);
});

page('a summary line only where it has something to say; the Stand’s time where it has one', () => {
  const still = toDocument(render(withHistory([people('A B C D'), people('A B C D')]), 'de'));
  assert.equal([...still.querySelectorAll('.since, .summary')].map(textOf), ['Veränderung seit Stand 03.03.2027']);
  assert.equal([...still.querySelectorAll('tbody [role="img"]')].map(textOf), ['–', '–', '–', '–']);
  const swap = toDocument(render(withHistory([people('A B C D'), people('A B D C')]), 'de'));
  assert.equal([...swap.querySelectorAll('.since, .summary')].map(textOf), [
    'Veränderung seit Stand 03.03.2027',
    'Neu unter den Top 3: D',
    'Größter Sprung: D ▲ 1',
  ]);
  // Someone new at the top, everyone else one place down: no climb to tell.
  const fall = toDocument(render(withHistory([people('A B C D'), people('N A B C D')]), 'de'));
  assert.equal([...fall.querySelectorAll('.since, .summary')].map(textOf), [
    'Veränderung seit Stand 03.03.2027',
    'Neu unter den Top 3: N',
  ]);
  const noWinners = toDocument(render(withHistory(WEEKS, { solo_winners: 0 }), 'de'));
  assert.equal(
    [...noWinners.querySelectorAll('.summary')].map(textOf),
    ['Größter Sprung: E ▲ 4'],
    'no winning places: no one is new in them',
  );
  assert.is(toSince('2027-03-24T18:00', de), '24.03.2027, 18:00 Uhr');
  assert.is(toSince('2027-03-24', en), '24.03.2027');
});

page('an ambiguous name has no movement; a page without a previous Stand has places only', () => {
  const doc = toDocument(render(withHistory([people('A B A'), people('B A C A')]), 'de'));
  assert.equal([...doc.querySelectorAll('tbody tr')].map(toFirstCell), [
    { place: '1', move: '▲ 1', name: 'B' },
    { place: '2', move: undefined, name: 'A' },
    { place: '3', move: 'neu', name: 'C' },
    { place: '4', move: undefined, name: 'A' },
  ]);
  const plain = toDocument(render(CONTESTS['valid.json']!, 'de'));
  assert.not.ok(plain.querySelector('.history, [role="img"], .since, .summary'));
});

page('a table of 2,500 rows (rendered in slices) shows the same places and movements', () => {
  const names = Array.from({ length: 2500 }, (_, at) => `P${at}`);
  const before = people(names.join(' '));
  const now = people([...names.slice(1), names[0]!].join(' '));
  const doc = toDocument(render(withHistory([before, now]), 'de'));
  const rows = [...doc.querySelectorAll('tbody tr')].map(toFirstCell);
  assert.is(rows.length, 2500);
  assert.equal(rows[0], { place: '1', move: '▲ 1', name: 'P1' });
  assert.equal(rows[2499], { place: '2.500', move: '▼ 2499', name: 'P0' });
  assert.is(doc.querySelector('table')?.className, 'places-5', 'the place’s box fits "2.500"');
});

const panel = suite('<Change>: the search panel’s line for the person found');

function changeOf(stands: Person[][], at: number, t = de, locale: 'de' | 'en' = 'de') {
  const { standings } = withHistory(stands);
  const line = html(<Change standings={standings!} at={at} place={at + 1} t={t} locale={locale} />).querySelector(
    '.change',
  );
  line?.querySelector('svg')?.remove(); // the trend, whose title is no text on the screen
  return line && { text: textOf(line) };
}

panel('what changed since the previous Stand, only the parts that changed', () => {
  assert.equal(changeOf(WEEKS, 0)?.text, `Seit 10.03.: ▲ 4 Plätze · +8 Eigenleads · +500,00${NBSP}€`);
  assert.equal(changeOf(WEEKS, 1)?.text, 'Seit 10.03.: ▼ 1 Platz · +1 Eigenlead');
  assert.equal(changeOf(WEEKS, 2)?.text, 'Seit 10.03.: neu dabei');
  assert.equal(changeOf(WEEKS, 3)?.text, 'Seit 10.03.: ▼ 2 Plätze · +1 Eigenlead');
  assert.equal(changeOf(WEEKS, 4)?.text, 'Seit 10.03.: ▼ 2 Plätze');
  const still = [people('A:1:10'), people('A:1:10')];
  assert.equal(changeOf(still, 0)?.text, 'Seit 03.03.: unverändert');
  const fell = [people('A:5:10'), people('A:4:9.5')];
  assert.equal(changeOf(fell, 0)?.text, `Seit 03.03.: -1 Eigenlead · -0,50${NBSP}€`);
  assert.equal(changeOf(WEEKS, 0, en, 'en')?.text, 'Since 10.03.: ▲ 4 places · +8 own leads · +€500.00');
  assert.is(changeOf([people('A B A'), people('B A C A')], 1), null, 'an ambiguous name: no line');
});

panel('screen readers hear the places in words, not arrows', () => {
  const { standings } = withHistory(WEEKS);
  const line = html(<Change standings={standings!} at={0} place={1} t={de} locale="de" />).querySelector('.change')!;
  assert.is(line.querySelector('[aria-hidden="true"]')?.textContent, '▲ 4 Plätze');
  assert.is(line.querySelector('.visually-hidden')?.textContent, '4 Plätze gestiegen');
});

const trend = suite('<Trend>: the place over the Stands');

trend('a line, better places higher, with its text alternative; gaps where a Stand lacks the person', () => {
  const svg = html(<Trend places={[12, 9, 7]} t={de} />).querySelector('svg')!;
  assert.is(svg.getAttribute('role'), 'img');
  assert.is(svg.getAttribute('aria-label'), 'Platz 12 → 9 → 7');
  const points = [
    ...svg
      .querySelector('path')!
      .getAttribute('d')!
      .matchAll(/([ML])([\d.]+) ([\d.]+)/g),
  ];
  assert.equal(
    points.map((point) => point[1]),
    ['M', 'L', 'L'],
  );
  const ys = points.map((point) => Number(point[3]));
  assert.ok(ys[0]! > ys[1]! && ys[1]! > ys[2]!, 'climbing: each point higher than the one before');
  const gap = html(<Trend places={[null, null, 4, null, 2, 1]} t={en} />).querySelector('svg')!;
  assert.is(gap.getAttribute('aria-label'), 'Place 4 → – → 2 → 1', 'from the first Stand that lists the person');
  assert.equal([...gap.querySelector('path')!.getAttribute('d')!.matchAll(/[ML]/g)].map(String), ['M', 'M', 'L']);
  assert.is(html(<Trend places={[null, 3]} t={de} />).querySelector('svg'), null, 'one Stand is no trend');
  const flat = html(<Trend places={[2, 2]} t={de} />)
    .querySelector('path')!
    .getAttribute('d');
  assert.is(flat, 'M3.0 12.0L93.0 12.0', 'the same place: a level line across the middle');
});

trend('the panel shows the trend over the Stands the page carries', () => {
  const { standings } = withHistory(WEEKS);
  const line = html(<Change standings={standings!} at={0} place={1} t={de} locale="de" />);
  assert.is(line.querySelector('svg')?.getAttribute('aria-label'), 'Platz 5 → 5 → 1');
  const fresh = html(<Change standings={standings!} at={2} place={3} t={de} locale="de" />);
  assert.is(fresh.querySelector('svg'), null, 'someone new has no trend yet');
});

/** Where the summary lines' pieces are drawn: a string, as tsx's helpers do not exist in the page. */
const MEASURE = `(() => {
  const [top, climb] = [...document.querySelectorAll('.summary')];
  const walker = (line) => document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
  // The box of the last \`char\` in the line's text, whichever element holds it.
  const box = (line, char) => {
    let found;
    for (const walk = walker(line); walk.nextNode(); ) {
      const at = walk.currentNode.textContent.lastIndexOf(char);
      if (at >= 0) found = [walk.currentNode, at];
    }
    const range = document.createRange();
    range.setStart(found[0], found[1]);
    range.setEnd(found[0], found[1] + 1);
    return range.getBoundingClientRect();
  };
  return [box(climb, ')').right, box(climb, '▲').left, box(climb, '4').left, box(top, ',').left, box(top, 'F').left];
})()`;

const browser = chromiumSuite('the summary lines in Chromium');
const shown = browser.test;

shown(
  'an unterminated U+202E in a name reverses nothing after it: "▲ 4" stays right of the name and reads ▲ 4',
  async () => {
    const rlo = 'E\u202e (Chef)';
    const weeks = WEEKS.map((week) => week.map((person) => (person.name === 'E' ? { ...person, name: rlo } : person)));
    const file = join(browser.work.dir, 'summary.html');
    writeFileSync(
      file,
      `<!doctype html><html lang="de"><meta charset="utf-8"><body>${render(withHistory(weeks), 'de')}</body>`,
    );
    const seen = await browser.open(pathToFileURL(file).href);
    const [nameRight, arrowLeft, fourLeft, commaLeft, fLeft] = (await seen.page.evaluate(MEASURE)) as [
      number,
      number,
      number,
      number,
      number,
    ];
    assert.ok(arrowLeft >= nameRight - 0.5, `▲ at ${arrowLeft}, the name ends at ${nameRight}`);
    assert.ok(fourLeft > arrowLeft, 'reads "▲ 4", not "4 ▲"');
    assert.ok(fLeft > commaLeft, 'in "Neu unter den Top 3", the next name follows the comma');
  },
);

moves.run();
page.run();
browser.run();
panel.run();
trend.run();
