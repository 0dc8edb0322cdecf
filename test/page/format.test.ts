import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toPlace, toStand } from '../../src/page/format.ts';

const place = suite('toPlace()');

place('pads a place to the width of the last one: a figure space per digit, a punctuation space per dot', () => {
  assert.is(toPlace(7, '12'), '\u20077');
  assert.is(toPlace(12, '12'), '12');
  assert.is(toPlace(7, '1.234'), '\u2007\u2008\u2007\u20077');
  assert.is(toPlace(1000, '10.000'), '\u20071.000');
  assert.is(toPlace(99_999, '100.000'), '\u200799.999');
  assert.is(toPlace(3, '3'), '3');
});

const stand = suite('toStand()');

stand('reads the wall-clock date and time an ISO string states, and a date alone', () => {
  assert.equal(toStand('2027-03-31T18:45:00+02:00'), { date: '31.03.2027', time: '18:45' });
  assert.equal(toStand('2027-01-05T07:05:00+01:00'), { date: '05.01.2027', time: '07:05' });
  assert.equal(toStand('2027-03-31'), { date: '31.03.2027', time: '' }, 'a history file named by its date alone');
});

place.run();
stand.run();
