import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { suggest } from '../../src/input/suggest.ts';

const suggests = suite('suggest()');

suggests('suggests the known key a typo most likely meant, and nothing for an unrelated key', () => {
  const known = ['title', 'solo_winners', 'users', 'description'];
  assert.is(suggest('solo_winner', known), 'solo_winners');
  assert.is(suggest('Title', known), 'title');
  assert.is(suggest('descripton', known), 'description');
  assert.is(suggest('email', known), undefined);
  assert.is(suggest('x', known), undefined);
});

suggests('treats case, spaces and punctuation as the same name, and a swap of two letters as one typo', () => {
  const titles = ['name', 'Name', 'leadCount', 'Anzahl Eigenleads', 'profit', 'Summe Netto-Volumen AB'];
  assert.is(suggest('Summe Nettovolumen AB', titles), 'Summe Netto-Volumen AB');
  assert.is(suggest('Summe Netto-Volumen', titles), 'Summe Netto-Volumen AB');
  assert.is(suggest('Anzahl Eigenlead', titles), 'Anzahl Eigenleads');
  assert.is(suggest('Anzahl Eigneleads', titles), 'Anzahl Eigenleads');
  assert.is(suggest('lead_count', titles), 'leadCount');
  assert.is(suggest('solo-winners', ['solo_winners']), 'solo_winners');
  for (const other of ['Region', 'Team', 'Vorname', 'Nachname', 'Manager', 'Anzahl Fremdleads', 'Land', 'Nr'])
    assert.is(suggest(other, titles), undefined, other);
});

suggests.run();
