import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { fill, toMessages } from '../src/messages.ts';

const messages = suite('toMessages()');

messages('gives the German texts of the spec by default catalogue', () => {
  const de = toMessages('de');
  assert.equal([de.overline, de.period, de.tab, de.top, de.name, de.leads, de.profit], [
    'Erfolg wird belohnt',
    'Wettbewerbszeitraum:',
    'Platzierung',
    'Top {n} Vertriebler',
    'Name',
    'Anzahl Eigenleads',
    'Summe Netto-Volumen AB',
  ]);
});

messages('gives the English texts for en, and for a locale without a catalogue', () => {
  assert.is(toMessages('en').tab, 'Ranking');
  assert.equal(toMessages('fr'), toMessages('en'));
  assert.not.equal(toMessages('de'), toMessages('en'));
});

const fills = suite('fill()');

fills('replaces known placeholders and keeps unknown ones', () => {
  assert.is(fill('Top {n} Vertriebler', { n: 15 }), 'Top 15 Vertriebler');
  assert.is(fill('{a} {b}', { a: 1 }), '1 {b}');
});

messages.run();
fills.run();
