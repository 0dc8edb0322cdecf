import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { findMatches, toKey } from '../../src/page/search.ts';

const NAMES = [
  'Anna Schäfer',
  'Jörg Müller',
  'Zoë Weiß',
  'Mehmet Yılmaz',
  'Anna  Lena   Berg',
  'Łukasz Nowak',
  'Søren Dahl',
  'Ben Krüger',
];
const KEYS = NAMES.map(toKey);
const find = (query: string) => findMatches(KEYS, query).map((index) => NAMES[index]);

const matches = suite('findMatches()');

matches('finds a name by any part of it, whatever the case, accents and umlauts', () => {
  assert.equal(find('schafer'), ['Anna Schäfer']);
  assert.equal(find('MULLER'), ['Jörg Müller']);
  assert.equal(find('zoe'), ['Zoë Weiß']);
  assert.equal(find('Müller'), ['Jörg Müller']);
  assert.equal(find('rüg'), ['Ben Krüger']);
});

matches('finds the letters people type for ß, ı, ł and ø', () => {
  assert.equal(find('weiss'), ['Zoë Weiß']);
  assert.equal(find('weiß'), ['Zoë Weiß']);
  assert.equal(find('yilmaz'), ['Mehmet Yılmaz']);
  assert.equal(find('lukasz'), ['Łukasz Nowak']);
  assert.equal(find('soren'), ['Søren Dahl']);
});

matches('treats runs of spaces as one, in names and in what is typed, and ignores spaces around it', () => {
  assert.equal(find('anna lena'), ['Anna  Lena   Berg']);
  assert.equal(find('lena    berg'), ['Anna  Lena   Berg']);
  assert.equal(find('  schäfer '), ['Anna Schäfer']);
});

matches('returns every match in the order of the list, never sorted', () => {
  assert.equal(find('er'), ['Anna Schäfer', 'Jörg Müller', 'Anna  Lena   Berg', 'Ben Krüger']);
  assert.equal(
    find('n'),
    NAMES.filter((name) => /n/i.test(name)),
  );
});

matches('finds nothing for a blank query or a name not in the list', () => {
  assert.equal(findMatches(KEYS, ''), []);
  assert.equal(findMatches(KEYS, '   '), []);
  assert.equal(find('xyz'), []);
  assert.equal(find('annas'), []);
});

matches.run();
