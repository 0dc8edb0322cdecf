import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { isShowable, isShowableInstant, toInstant } from '../../src/contest/instant.ts';

const instant = suite('toInstant()');

instant('reads what the schema accepts as the instant Date.parse reads', () => {
  for (const iso of [
    '2027-03-31T18:45:00+02:00',
    '2027-03-31T16:45:00Z',
    '2027-01-15T08:00:00.5-05:30',
    '1970-01-01T00:00:00Z',
    '9999-12-31T23:59:59.999+23:59',
  ]) {
    assert.is(toInstant(iso), Date.parse(iso), iso);
  }
});

instant('drops fractional digits beyond the millisecond, however many; reads the years 0 to 99 as such', () => {
  assert.is(toInstant('2027-03-31T16:45:00.1234567890123456789012345678901Z'), Date.parse('2027-03-31T16:45:00.123Z'));
  assert.is(new Date(toInstant('0070-01-01T00:30:00Z')!).getUTCFullYear(), 70);
  assert.is(toInstant('2027-03-31 18:45'), undefined);
});

const showable = suite('isShowable()');

showable('takes the years 1970 to 9999, as Berlin counts them', () => {
  assert.ok(isShowable('1970-01-01T00:00:00+01:00'));
  assert.not.ok(isShowable('1969-12-31T22:59:59Z'), '23:59:59 in Berlin, 1969');
  assert.ok(isShowable('1969-12-31T23:00:00Z'), 'midnight in Berlin, 1970');
  assert.ok(isShowable('9999-12-31T22:59:59Z'));
  assert.not.ok(isShowable('9999-12-31T23:30:00-01:00'), '01:30 in Berlin, 10000');
  assert.not.ok(isShowable('0070-01-01T00:30:00Z'), 'not 1970');
  assert.ok(isShowable('9999-12-31'));
  assert.not.ok(isShowable('1969-12-31'));
  assert.ok(isShowable('not a date'), 'the format check speaks for text that is no date');
  assert.ok(isShowableInstant(0));
  assert.not.ok(isShowableInstant(-3_600_001));
  assert.not.ok(isShowableInstant(253402297200_000));
});

instant.run();
showable.run();
