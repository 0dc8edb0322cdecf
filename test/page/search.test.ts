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

matches('finds umlauts typed the German way, ae, oe and ue, and the other way round', () => {
  const names = [...NAMES, 'Thomas Mueller', 'Klaus Straße', 'Eva Schaefer-Boettcher'];
  const keys = names.map(toKey);
  const found = (query: string) => findMatches(keys, query).map((index) => names[index]);
  assert.equal(found('mueller'), ['Jörg Müller', 'Thomas Mueller']);
  assert.equal(found('krueger'), ['Ben Krüger']);
  assert.equal(found('schaefer'), ['Anna Schäfer', 'Eva Schaefer-Boettcher']);
  assert.equal(found('joerg'), ['Jörg Müller']);
  assert.equal(found('weiss'), ['Zoë Weiß']);
  assert.equal(found('strasse'), ['Klaus Straße']);
  assert.equal(found('müller'), ['Jörg Müller', 'Thomas Mueller'], 'ü finds a name written ue');
  assert.equal(found('schäfer'), ['Anna Schäfer', 'Eva Schaefer-Boettcher']);
  assert.equal(found('böttcher'), ['Eva Schaefer-Boettcher']);
  assert.equal(found('straße'), ['Klaus Straße']);
  assert.equal(found('MUELLER'), ['Jörg Müller', 'Thomas Mueller']);
  assert.equal(found('muller'), ['Jörg Müller'], 'u for ü as before; Mueller has no ü to drop');
});

matches('finds umlauts however they are encoded: one code point or a letter and a combining mark', () => {
  const names = ['J\u00f6rg M\u00fcller', 'Jo\u0308rg Mu\u0308ller'];
  const keys = names.map(toKey);
  for (const query of ['mueller', 'muller', 'M\u00fcller', 'Mu\u0308ller', 'joerg'])
    assert.equal(findMatches(keys, query), [0, 1], query);
});

matches('makes no false friends: ue, oe and ae match only an umlaut or themselves', () => {
  // Folding ue to u (and oe to o) on both sides instead would have "zoe" find Zoltan and "manul" find Manuel.
  const names = ['Zoltan Kiss', 'Manuel Ortiz', 'Michael Berg', 'Michał Nowak', 'Samuel Braun', 'Joel Suess'];
  const keys = names.map(toKey);
  const found = (query: string) => findMatches(keys, query).map((index) => names[index]);
  assert.equal(found('zoe'), []);
  assert.equal(found('manul'), []);
  assert.equal(found('michael'), ['Michael Berg']);
  assert.equal(found('michal'), ['Michał Nowak']);
  assert.equal(found('samul'), []);
  assert.equal(found('süß'), ['Joel Suess'], 'ü typed for ue, ß for ss');
  assert.equal(found('jol'), []);
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
