import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toStand } from '../../src/contest/stand.ts';

const names = suite('toStand(): the date in a name');
const wrong = (name: string) => {
  const stand = toStand(name);
  return 'wrong' in stand ? stand.wrong : '';
};

names('finds an ISO date anywhere in the name, and a Berlin time after T', () => {
  assert.equal(toStand('2027-03-31.csv'), { stand: '2027-03-31' });
  assert.equal(toStand('Bericht 2027-03-24.csv'), { stand: '2027-03-24' });
  assert.equal(toStand('export_2027-03-31T1800_final.json'), { stand: '2027-03-31T18:00' });
  assert.equal(toStand('2028-02-29.csv'), { stand: '2028-02-29' }, 'a leap day');
  assert.equal(toStand('2027-04-07 Stand.xlsx'), { stand: '2027-04-07' });
});

names('finds a German date, day.month.year, as people name exports', () => {
  assert.equal(toStand('Export_07.04.2027.xlsx'), { stand: '2027-04-07' });
  assert.equal(toStand('07.04.2027.csv'), { stand: '2027-04-07' });
  assert.equal(toStand('Stand 7.4.2027.csv'), { stand: '2027-04-07' }, 'day and month in one digit');
  assert.equal(toStand('Stand.31.12.2027.json'), { stand: '2027-12-31' });
  assert.equal(toStand('29.02.2028.csv'), { stand: '2028-02-29' }, 'a leap day');
  assert.equal(toStand('07.04.2027T0930.csv'), { stand: '2027-04-07T09:30' });
});

names('says what is wrong with a name: no date, two dates, no such day, no such time', () => {
  assert.match(
    wrong('Bericht März.csv'),
    /^no date in its name: .* year-month-day or day\.month\.year, like 2027-03-31\.csv or Export_31\.03\.2027\.xlsx/,
  );
  assert.match(wrong('20270331.csv'), /^no date in its name/);
  assert.match(wrong('12027-03-31.csv'), /^no date in its name/, 'five digits are another number');
  assert.match(wrong('1.07.04.2027.csv'), /^no date in its name/, 'a number before the day makes it another number');
  assert.is(
    wrong('2027-01-01 bis 2027-03-31.csv'),
    "two dates in its name (2027-01-01, 2027-03-31): keep the export's own one, its Stand",
  );
  assert.is(
    wrong('01.01.2027 bis 31.03.2027.csv'),
    "two dates in its name (01.01.2027, 31.03.2027): keep the export's own one, its Stand",
  );
  assert.match(wrong('2027-02-29.csv'), /^2027-02-29 in its name is no date; /);
  assert.match(wrong('2027-13-01.csv'), /^2027-13-01 in its name is no date; /);
  assert.match(
    wrong('31.04.2027.csv'),
    /^31\.04\.2027 in its name is no date; write the date year-month-day or day\.month\.year/,
  );
  assert.match(wrong('07.13.2027.csv'), /^07\.13\.2027 in its name is no date; /, 'month and day the other way round');
  assert.match(wrong('2027-03-31T2400.csv'), /^2400 after the date is no time of day; /);
  assert.match(wrong('2027-03-31T18.csv'), /^the time after the date is 4 digits, hours and minutes in Berlin time/);
  assert.is(wrong('1969-12-31.csv'), 'the date must be in the years 1970 to 9999');
  assert.is(wrong('31.12.1969.csv'), 'the date must be in the years 1970 to 9999');
});

names('refuses to guess a date that reads two ways, and shows the forms it reads', () => {
  for (const [name, unclear] of [
    ['Export_07-04-2027.xlsx', '07-04-2027 in its name could be day-month-year or month-day-year'],
    ['04_07_2027.csv', '04_07_2027 in its name could be day-month-year or month-day-year'],
    ['Export 07.04.27.xlsx', '07.04.27 in its name has a two-digit year'],
  ] as const)
    assert.is(
      wrong(name),
      `${unclear}; write the date year-month-day or day.month.year, like 2027-03-31.csv or Export_31.03.2027.xlsx, and for more than one export a day T and the Berlin time after it (2027-03-31T1800.csv)`,
      name,
    );
});

names.run();
