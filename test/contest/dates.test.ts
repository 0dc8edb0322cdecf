import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DateTime } from 'luxon';
import { toBerlin, toEnd, toStamp } from '../../src/contest/dates.ts';
import { fill, toMessages } from '../../src/page/messages.ts';
import { toStand } from '../../src/page/format.ts';

const dates = suite('dates');

dates('makes luxon speak German, with weeks from Monday and the first week the one containing 4 January', () => {
  assert.is(DateTime.fromISO('2027-03-31').toFormat('cccc, d. MMMM'), 'Mittwoch, 31. März');
  // 3 January 2027 is a Sunday: still in the last week of 2026, which started on Monday 28 December. The week
  // rules hold for any locale, even one whose own weeks start on Sunday.
  for (const locale of ['de', 'en-US']) {
    const day = (iso: string) => DateTime.fromISO(iso, { locale });
    assert.equal([day('2027-01-03').localWeekNumber, day('2027-01-04').localWeekNumber], [53, 1], locale);
    assert.is(day('2027-01-03').startOf('week', { useLocaleWeeks: true }).toISODate(), '2026-12-28', locale);
  }
});

dates('states an instant in Berlin time, across both sides of daylight saving', () => {
  assert.is(toBerlin('2027-03-31T16:45:00Z'), '2027-03-31T18:45:00+02:00');
  assert.is(toBerlin('2027-01-15T08:00:00-05:00'), '2027-01-15T14:00:00+01:00');
  assert.is(toBerlin('2027-03-28T00:59:59Z'), '2027-03-28T01:59:59+01:00');
  assert.is(toBerlin('2027-03-28T01:00:00Z'), '2027-03-28T03:00:00+02:00');
});

dates('reads every date and time the schema accepts: 31 fractional digits, years 1970 to 9999', () => {
  assert.is(toBerlin('2027-03-31T16:45:00.1234567890123456789012345678901Z'), '2027-03-31T18:45:00.123+02:00');
  assert.is(toBerlin('1970-01-01T00:00:00+01:00'), '1970-01-01T00:00:00+01:00');
  assert.is(toBerlin('9999-12-31T22:59:59Z'), '9999-12-31T23:59:59+01:00');
});

dates('ends qualification at the end of a date in Berlin, whatever the offset that day, or at a given instant', () => {
  assert.is(toEnd('2027-03-31'), '2027-04-01T00:00:00+02:00');
  assert.is(toEnd('2027-01-15'), '2027-01-16T00:00:00+01:00');
  // The day daylight saving starts (23 hours) and the day it ends (25 hours).
  assert.is(toEnd('2027-03-28'), '2027-03-29T00:00:00+02:00');
  assert.is(toEnd('2027-10-30'), '2027-10-31T00:00:00+02:00');
  assert.is(toEnd('2027-10-31'), '2027-11-01T00:00:00+01:00');
  assert.is(toEnd('2027-12-31'), '2028-01-01T00:00:00+01:00');
  assert.is(toEnd('2027-03-31T16:00:00Z'), '2027-03-31T18:00:00+02:00');
  assert.is(Date.parse(toEnd('2027-03-31T18:00:00-04:00')), Date.parse('2027-03-31T22:00:00Z'));
});

dates('stamps a Unix time (SOURCE_DATE_EPOCH) in Berlin time', () => {
  assert.is(toStamp(1806511500), '2027-03-31T18:45:00+02:00');
});

dates("the page's Stand line equals luxon's formatting of the same instant in Berlin", () => {
  const stand = (iso: string) => fill(toMessages('de').stand, toStand(toBerlin(iso)));
  const luxon = (iso: string) =>
    DateTime.fromISO(iso, { setZone: true }).setZone('Europe/Berlin').toFormat("'Stand:' dd.MM.yyyy, HH:mm 'Uhr'");
  for (const iso of [
    '2027-03-31T16:45:00Z',
    '2027-12-31T23:59:59Z',
    '2027-10-31T00:30:00Z',
    '2027-10-31T01:30:00Z',
    '2028-02-29T12:00:00+14:00',
  ]) {
    assert.is(stand(iso), luxon(iso), iso);
  }
  assert.is(stand('2027-03-31T16:45:00Z'), 'Stand: 31.03.2027, 18:45 Uhr');
});

dates.run();
