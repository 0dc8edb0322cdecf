import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { fill, plural, toMessages } from '../../src/page/messages.ts';

const messages = suite('toMessages()');

messages('gives the German texts of the spec by default catalogue', () => {
  const de = toMessages('de');
  assert.equal(
    [de.overline, de.period, de.tab, de.top, de.name, de.leads, de.profit],
    [
      'Erfolg wird belohnt',
      'Wettbewerbszeitraum:',
      'Platzierung',
      'Top {n} Vertriebler',
      'Name',
      'Anzahl Eigenleads',
      'Summe Netto-Volumen AB',
    ],
  );
});

messages('gives the English texts for en, and for a locale without a catalogue', () => {
  assert.is(toMessages('en').tab, 'Ranking');
  assert.equal(toMessages('fr'), toMessages('en'));
  assert.not.equal(toMessages('de'), toMessages('en'));
});

messages('has every text in both catalogues, with the same placeholders and the same forms', () => {
  const de = toMessages('de') as Record<string, unknown>;
  const en = toMessages('en') as Record<string, unknown>;
  assert.equal(Object.keys(de).sort(), Object.keys(en).sort());
  // Every text as a list of its forms, with the placeholders each form uses.
  const shape = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(shape)
      : (String(value)
          .match(/\{\w+\}/g)
          ?.sort() ?? []);
  for (const key of Object.keys(de)) assert.equal(shape(de[key]), shape(en[key]), key);
});

messages('gives the texts of the search and of the time left as the page says them', () => {
  const de = toMessages('de');
  assert.equal(
    [de.find, de.noMatch, de.winning, de.empty, de.ended, de.justNow, de.paused],
    [
      'Name suchen',
      'Kein Name gefunden',
      'Gewinnerplatz',
      'Noch keine Platzierungen: Die Rangliste erscheint hier, sobald die ersten Ergebnisse eingetragen sind.',
      'Wettbewerb beendet',
      'gerade eben',
      'Pausiert',
    ],
  );
  assert.is(plural(de.matches, 5, { i: 2 }), '2 von 5 Treffern');
  assert.is(plural(toMessages('en').matches, 5, { i: 2 }), '2 of 5 matches');
});

const plurals = suite('plural()');

plurals('takes the first form for one and the second for any other count, and fills it', () => {
  assert.is(plural(['{n} Tag', '{n} Tage'], 1), '1 Tag');
  assert.is(plural(['{n} Tag', '{n} Tage'], 0), '0 Tage');
  assert.is(plural(['{n} Tag', '{n} Tage'], 12), '12 Tage');
  assert.is(plural(['{i} von 1 Treffer', '{i} von {n} Treffern'], 1, { i: 1 }), '1 von 1 Treffer');
  assert.is(plural(['1 Eigenlead', '{n} Eigenleads'], 1234, { n: '1.234' }), '1.234 Eigenleads');
});

const fills = suite('fill()');

fills('replaces known placeholders and keeps unknown ones', () => {
  assert.is(fill('Top {n} Vertriebler', { n: 15 }), 'Top 15 Vertriebler');
  assert.is(fill('{a} {b}', { a: 1 }), '1 {b}');
});

messages.run();
plurals.run();
fills.run();
