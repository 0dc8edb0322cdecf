import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { render } from '../../src/bake/render.ts';
import { CONTESTS } from '../helpers/contests.ts';
import { textOf, toDocument, toFirstCell } from '../helpers/dom.ts';

const NBSP = '\u00a0';
const pageOf = (name: string, locale: 'de' | 'en' = 'de') => toDocument(render(CONTESTS[name]!, locale));

const page = suite('<ContestPage>');

page('shows the spec texts and contest fields from top to bottom', () => {
  const doc = pageOf('valid.json');
  const order = [
    ['.overline', 'Erfolg wird belohnt'],
    ['h1', 'Testwettbewerb'],
    ['.journey strong', 'Ab nach Rom:'],
    ['.journey mark', '1. bis 4. Mai'],
    ['.description', 'Die drei Besten reisen.'],
    ['.period', 'Wettbewerbszeitraum: Januar bis März'],
    ['.period mark', 'Januar bis März'],
    ['.tab', 'Platzierung'],
    ['h2', 'Top 5 Vertriebler'],
    ['table', ''],
  ] as const;
  const all = [...doc.querySelectorAll('*')];
  let last = -1;
  for (const [selector, text] of order) {
    const element = doc.querySelector(selector);
    assert.ok(element, `${selector} is missing`);
    if (text) assert.is(textOf(element), text, selector);
    const index = all.indexOf(element!);
    assert.ok(index > last, `${selector} is out of order`);
    last = index;
  }
});

page('has the three columns in order, one row per user in the given order', () => {
  const doc = pageOf('valid.json');
  assert.equal([...doc.querySelectorAll('thead th')].map(textOf), [
    'Name',
    'Anzahl Eigenleads',
    'Summe Netto-Volumen AB',
  ]);
  const rows = [...doc.querySelectorAll('tbody tr')].map((row) => [
    toFirstCell(row).place,
    toFirstCell(row).name,
    ...[...row.querySelectorAll('td')].map(textOf),
  ]);
  assert.equal(rows, [
    ['1', 'Zoe Zander', '5', `1.234,50${NBSP}€`],
    ['2', 'Adam Ahrens', '50', `-99,99${NBSP}€`],
    ['3', 'Mia Maier', '12', `0,00${NBSP}€`],
    ['4', 'Bernd Bauer', '1.234', `0,00${NBSP}€`],
    ['5', 'Carla Christ', '0', `1.000.000,00${NBSP}€`],
  ]);
  assert.not.ok(doc.querySelector('[role="img"], .since, .summary'), 'no previous Stand: no movement, no summary');
});

page('marks the first solo_winners rows as winners, for eyes and for screen readers', () => {
  const rows = [...pageOf('valid.json').querySelectorAll('tbody tr')];
  assert.equal(
    rows.map((row) => row.classList.contains('winner')),
    [true, true, true, false, false],
  );
  assert.equal(
    rows.map((row) => row.querySelector('.visually-hidden')?.textContent ?? ''),
    [' (Gewinner)', ' (Gewinner)', ' (Gewinner)', '', ''],
  );
});

page('highlights 10 rows when solo_winners is absent', () => {
  const rows = [...pageOf('defaults.json').querySelectorAll('tbody tr')];
  assert.is(rows.length, 12);
  assert.is(rows.filter((row) => row.classList.contains('winner')).length, 10);
  assert.is(textOf(pageOf('defaults.json').querySelector('h2')), 'Top 12 Vertriebler');
});

page('highlights every row when there are fewer users than winners', () => {
  const contest = CONTESTS['valid.json']!;
  const doc = toDocument(render({ ...contest, solo_winners: 10 }, 'de'));
  assert.is(doc.querySelectorAll('tbody tr.winner').length, 5);
  assert.match(textOf(doc.querySelector('caption')), '5 von 5');
});

page('renders a contest without users as "Top 0 Vertriebler" and a line instead of an empty table', () => {
  const contest = { ...CONTESTS['valid.json']!, users: [] };
  for (const [locale, line] of [
    ['de', 'Noch keine Platzierungen: Die Rangliste erscheint hier, sobald die ersten Ergebnisse eingetragen sind.'],
    ['en', 'No rankings yet: the ranking appears here as soon as the first results are in.'],
  ] as const) {
    const doc = toDocument(render(contest, locale));
    assert.is(textOf(doc.querySelector('h2')), locale === 'de' ? 'Top 0 Vertriebler' : 'Top 0 salespeople');
    assert.is(doc.querySelector('table'), null);
    assert.is(textOf(doc.querySelector('.ranking p')), line);
  }
});

page('shows hostile text as text', () => {
  const doc = pageOf('hostile.json');
  assert.is(doc.querySelectorAll('script, img, style').length, 0);
  assert.is(toFirstCell(doc.querySelector('tbody tr')!).name, '</script><script>alert(1)</script>');
  assert.is(textOf(doc.querySelector('.journey strong')), '<img src=x onerror=alert(1)>');
});

page('uses the English catalogue with --locale en', () => {
  const doc = pageOf('valid.json', 'en');
  assert.is(textOf(doc.querySelector('.overline')), 'Success is rewarded');
  assert.is(textOf(doc.querySelector('h2')), 'Top 5 salespeople');
});

page('shows a Stand line under the table only when updated_at is set', () => {
  const contest = CONTESTS['valid.json']!;
  assert.is(toDocument(render(contest, 'de')).querySelector('.stand'), null);
  const doc = toDocument(render({ ...contest, updated_at: '2027-03-31T18:45:00+02:00' }, 'de'));
  assert.is(textOf(doc.querySelector('.stand')), 'Stand: 31.03.2027, 18:45 Uhr');
  const all = [...doc.querySelectorAll('*')];
  assert.ok(all.indexOf(doc.querySelector('.stand')!) > all.indexOf(doc.querySelector('table')!), 'under the table');
});

page('gives the table a caption, column headers, and each name as its row header', () => {
  const doc = pageOf('valid.json');
  assert.is(textOf(doc.querySelector('caption')), 'Rangliste: 3 von 5 Vertrieblern sind als Gewinner hervorgehoben');
  assert.equal(
    [...doc.querySelectorAll('thead th')].map((th) => th.getAttribute('scope')),
    ['col', 'col', 'col'],
  );
  const rows = [...doc.querySelectorAll('tbody tr')].map((row) =>
    [...row.children].map((cell) => `${cell.tagName} ${cell.getAttribute('scope')}`),
  );
  assert.equal(rows, Array(5).fill(['TH row', 'TD null', 'TD null']));
  assert.equal(
    [...doc.querySelectorAll('h1, h2')].map((h) => h.tagName),
    ['H1', 'H2'],
  );
});

page('bakes nothing that depends on when the page is viewed, and no search field', () => {
  const contest = {
    ...CONTESTS['valid.json']!,
    updated_at: '2027-03-31T18:45:00+02:00',
    qualification_end: '2027-04-01T00:00:00+02:00',
  };
  const doc = toDocument(render(contest, 'de'));
  assert.is(textOf(doc.querySelector('.period')), 'Wettbewerbszeitraum: Januar bis März');
  assert.is(textOf(doc.querySelector('.stand')), 'Stand: 31.03.2027, 18:45 Uhr');
  assert.is(doc.querySelectorAll('input, button, [role=status]').length, 0);
});

page.run();
