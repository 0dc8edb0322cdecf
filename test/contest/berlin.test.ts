import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toBerlinTime } from '../../src/contest/berlin.ts';
import { CONTESTS } from '../helpers/contests.ts';

const times = suite('toBerlinTime()');

times(
  "states updated_at in Berlin time, fills in for a contest without one when asked (a contest's own wins), and leaves contests without dates as they are",
  async () => {
    const contest = CONTESTS['valid.json']!;
    const named = [
      { name: 'a', contest: { ...contest, updated_at: '2027-01-15T08:00:00-05:00' } },
      { name: 'b', contest },
    ];
    assert.equal(
      (await toBerlinTime(named)).map(({ contest }) => contest.updated_at),
      ['2027-01-15T14:00:00+01:00', undefined],
    );
    // The contest's own updated_at wins over the flag, which fills in for a contest without one.
    assert.equal(
      (await toBerlinTime(named, '2027-03-31T16:45:00Z')).map(({ contest }) => contest.updated_at),
      ['2027-01-15T14:00:00+01:00', '2027-03-31T18:45:00+02:00'],
    );
    const plain = [{ name: '', contest }];
    assert.is(await toBerlinTime(plain), plain, 'no dates: the same contests, and luxon never loaded');
  },
);

times(
  "takes a history's newest date as the Stand, before the flag and after the contest's own updated_at",
  async () => {
    const contest = CONTESTS['valid.json']!;
    const named = [
      { name: 'a', contest, stand: '2027-03-31' },
      { name: 'b', contest, stand: '2027-03-31T18:00' },
      { name: 'c', contest: { ...contest, updated_at: '2027-01-15T08:00:00-05:00' }, stand: '2027-03-31' },
      { name: 'd', contest },
    ];
    assert.equal(
      (await toBerlinTime(named, '2027-04-01T10:00:00Z')).map(({ contest }) => contest.updated_at),
      ['2027-03-31', '2027-03-31T18:00:00+02:00', '2027-01-15T14:00:00+01:00', '2027-04-01T12:00:00+02:00'],
    );
    assert.equal(
      (await toBerlinTime(named.slice(0, 1))).map(({ contest }) => contest.updated_at),
      ['2027-03-31'],
      'a date alone needs no time zone',
    );
  },
);

times.run();
