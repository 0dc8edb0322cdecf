import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toAge, toTimeLeft } from '../../src/page/clock.ts';
import { toMessages } from '../../src/page/messages.ts';

const DE = toMessages('de');
const EN = toMessages('en');
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const END = Date.parse('2027-04-01T00:00:00+02:00');

const left = suite('toTimeLeft()');

left('counts whole days from two days on, then one day, hours, minutes, and never 0 minutes', () => {
  const at = (before: number) => toTimeLeft(END, END - before, DE);
  assert.is(at(12 * DAY + 23 * HOUR), 'Noch 12 Tage');
  assert.is(at(2 * DAY), 'Noch 2 Tage');
  assert.is(at(2 * DAY - 1), 'Noch 1 Tag');
  assert.is(at(DAY), 'Noch 1 Tag');
  assert.is(at(DAY - 1), 'Noch 23 Stunden');
  assert.is(at(5 * HOUR + 59 * MINUTE), 'Noch 5 Stunden');
  assert.is(at(HOUR), 'Noch 1 Stunde');
  assert.is(at(HOUR - 1), 'Noch 59 Minuten');
  assert.is(at(30 * MINUTE), 'Noch 30 Minuten');
  assert.is(at(2 * MINUTE - 1), 'Noch 1 Minute');
  assert.is(at(30 * SECOND), 'Noch 1 Minute');
  assert.is(at(1), 'Noch 1 Minute');
});

left('says the contest has ended from its end on', () => {
  assert.is(toTimeLeft(END, END, DE), 'Wettbewerb beendet');
  assert.is(toTimeLeft(END, END + 3 * DAY, DE), 'Wettbewerb beendet');
  assert.is(toTimeLeft(END, END, EN), 'Contest ended');
});

left('speaks English too', () => {
  const at = (before: number) => toTimeLeft(END, END - before, EN);
  assert.equal(
    [at(12 * DAY), at(DAY), at(5 * HOUR), at(HOUR), at(30 * MINUTE), at(MINUTE)],
    ['12 days left', '1 day left', '5 hours left', '1 hour left', '30 minutes left', '1 minute left'],
  );
});

const age = suite('toAge()');

age('says how long ago, in the largest whole unit, and "gerade eben" under a minute', () => {
  const ago = (since: number) => toAge(END, END + since, DE);
  assert.is(ago(0), 'gerade eben');
  assert.is(ago(59 * SECOND), 'gerade eben');
  assert.is(ago(MINUTE), 'vor 1 Minute');
  assert.is(ago(59 * MINUTE), 'vor 59 Minuten');
  assert.is(ago(HOUR), 'vor 1 Stunde');
  assert.is(ago(3 * HOUR + 59 * MINUTE), 'vor 3 Stunden');
  assert.is(ago(DAY), 'vor 1 Tag');
  assert.is(ago(9 * DAY + HOUR), 'vor 9 Tagen');
});

age('speaks English too', () => {
  const ago = (since: number) => toAge(END, END + since, EN);
  assert.equal(
    [ago(0), ago(MINUTE), ago(2 * MINUTE), ago(HOUR), ago(3 * HOUR), ago(DAY), ago(2 * DAY)],
    ['just now', '1 minute ago', '2 minutes ago', '1 hour ago', '3 hours ago', '1 day ago', '2 days ago'],
  );
});

age("says nothing of figures more than a minute ahead of the device's clock", () => {
  assert.is(toAge(END, END - 30 * SECOND, DE), 'gerade eben');
  assert.is(toAge(END, END - 2 * MINUTE, DE), undefined);
});

left.run();
age.run();
