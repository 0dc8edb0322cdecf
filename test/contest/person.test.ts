import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toParts } from '../../src/contest/person.ts';
import { toShownName } from '../../src/contest/privacy.ts';

const parts = suite('toParts()');

parts('reads "Last, First" as CRMs export it, titles and particles around', () => {
  assert.equal(toParts('Müller, Jörg'), { first: 'Jörg', last: 'Müller' });
  assert.equal(toParts('Müller-Lüdenscheidt, Dr. Hans Peter'), { first: 'Hans', last: 'Müller-Lüdenscheidt' });
  assert.equal(toParts('van der Berg, Jan'), { first: 'Jan', last: 'Berg' });
  assert.equal(toParts('Brandenstein-Zeppelin, Konstantin von'), {
    first: 'Konstantin',
    last: 'Brandenstein-Zeppelin',
  });
  assert.equal(toParts('Müller,'), { first: 'Müller' });
});

parts('leaves out titles and passes over particles in "First Last"', () => {
  assert.equal(toParts('Dr. Konstantin von Brandenstein-Zeppelin'), {
    first: 'Konstantin',
    last: 'Brandenstein-Zeppelin',
  });
  assert.equal(toParts('Prof. Dr. Anna de la Cruz'), { first: 'Anna', last: 'Cruz' });
  assert.equal(toParts('Dipl.-Ing. Lea Zu Guttenberg'), { first: 'Lea', last: 'Guttenberg' });
  assert.equal(toParts('Dr Anna van Dijk'), { first: 'Anna', last: 'Dijk' });
  assert.equal(toParts('Dr.'), { first: 'Dr.' });
});

parts('reads a plain name as its first and last word, as before: initials and middle names untouched', () => {
  assert.equal(toParts('Sabine Hoffmann'), { first: 'Sabine', last: 'Hoffmann' });
  assert.equal(toParts('Hans Peter Müller'), { first: 'Hans', last: 'Müller' });
  assert.equal(toParts('Jörg J. Müller'), { first: 'Jörg', last: 'Müller' });
  assert.equal(toParts('Anna De'), { first: 'Anna', last: 'De' });
  assert.equal(toParts('  Cher '), { first: 'Cher' });
});

parts('gives the short forms the page shows: no surname in full', () => {
  const shown = (name: string) => [toShownName({ name }, 'first name and initial'), toShownName({ name }, 'initials')];
  assert.equal(shown('Müller, Jörg'), ['Jörg M.', 'J. M.']);
  assert.equal(shown('Dr. Konstantin von Brandenstein-Zeppelin'), ['Konstantin B.', 'K. B.']);
  assert.equal(shown('Prof. Dr. med. Ute Sommer'), ['Ute S.', 'U. S.']);
});

parts.run();
