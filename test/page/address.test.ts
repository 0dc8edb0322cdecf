import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readName } from '../../src/page/address.ts';

const read = suite('readName()');

read('reads the name from the hash as a query string, alone or beside TV mode', () => {
  assert.is(readName('#name=Anna%20Sch%C3%A4fer'), 'Anna Schäfer');
  assert.is(readName('#tv&name=Anna'), 'Anna');
  assert.is(readName('#name=Anna&tv'), 'Anna');
  assert.is(readName('name=Anna'), 'Anna');
  assert.is(readName('#name=Zo%C3%AB&name=Other'), 'Zoë', 'the first one, as URLSearchParams does');
});

read('is empty without a name, and reads no other key that ends in "name"', () => {
  assert.is(readName(''), '');
  assert.is(readName('#tv'), '');
  assert.is(readName('#name='), '');
  assert.is(readName('#surname=Anna'), '');
});

read('reads + as a space, as forms and chat tools write it', () => {
  assert.is(readName('#name=Thomas+M%C3%BCller'), 'Thomas Müller');
  assert.is(readName('#name=a%2Bb'), 'a+b', 'an encoded plus stays a plus');
});

read('reads bytes that are not UTF-8 as Latin-1: a link from an older tool finds Müller, not M\uFFFDller', () => {
  assert.is(readName('#name=Thomas+M%FCller'), 'Thomas Müller');
  assert.is(readName('#tv&name=J%F6rg%20Wei%DF'), 'Jörg Weiß');
  assert.is(readName('#name=Sch%E4fer%2C%20Anna'), 'Schäfer, Anna', 'escaped ASCII in the same run');
  // UTF-8 and Latin-1 in one address, each in its own run: each read as what it is.
  assert.is(readName('#name=M%C3%BCller+und+M%FCller'), 'Müller und Müller');
});

read('keeps a % that starts no escape, as the browser does', () => {
  assert.is(readName('#name=50%25'), '50%');
  assert.is(readName('#name=100%'), '100%');
  assert.is(readName('#name=%zz'), '%zz');
});

read.run();
