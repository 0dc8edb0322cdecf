import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { rank } from '../../src/contest/ranking.ts';
import {
  compare as compareRanked,
  toIndex,
  toKey,
  toPlaces,
  toStandings,
  toTrend,
  toWas,
  type Figures,
} from '../../src/contest/standings.ts';

/** Users from `name:leads:profit` words, in list order. */
const users = (text: string): Figures[] =>
  text.split(' ').map((word) => {
    const [name = '', leads = '0', profit = '0'] = word.split(':');
    return { name: name.replaceAll('_', ' '), leadCount: Number(leads), profit: Number(profit) };
  });

/** Positions as places: the ranking of a contest without rules. */
const positions = (count: number) => Int32Array.from({ length: count }, (_, at) => at + 1);
/** compare() of two Stands ranked without rules, `solo` winning places. */
const compare = (previous: Figures[], current: Figures[], solo: number) =>
  compareRanked(previous, current, { previous: rank(previous, solo, {}), current: rank(current, solo, {}) }, solo);

const matching = suite('toKey(), toIndex(), toPlaces(): people across Stands');

matching('matches names after trimming spaces and NFC, and nothing else', () => {
  assert.is(toKey('  Anna Schäfer '), toKey('Anna Scha\u0308fer'));
  assert.is.not(toKey('anna schäfer'), toKey('Anna Schäfer'), 'case is part of the name');
  assert.is.not(toKey('Anna  Schäfer'), toKey('Anna Schäfer'), 'spaces inside the name are too');
});

matching('a name twice in a list is ambiguous there: -1, and its later rows are named', () => {
  const { index, twice } = toIndex(users('A B A C A'));
  assert.equal(
    [...index],
    [
      ['A', -1],
      ['B', 1],
      ['C', 3],
    ],
  );
  assert.equal(twice, [2, 4]);
});

matching("each current person's place in another Stand: 0 absent, -1 twice there", () => {
  const { index } = toIndex(users('A B C D'));
  assert.equal([...toPlaces(index, 4, users('C A B_ C'), positions(999))], [2, 3, -1, 0], 'B with a space is B');
  assert.equal([...toPlaces(index, 4, users(''), positions(999))], [0, 0, 0, 0]);
});

const comparing = suite('compare(): movement and what changed');

comparing('the place before per person: 0 new, -1 for a name twice in either list', () => {
  const before = users('A:9 B:8 C:7 D:6 E:5');
  const { was, gone } = compare(before, users('C:9 A:9 X:1 B:8 E:5'), 10);
  assert.equal([...was], [3, 1, 0, 2, 5]);
  assert.equal(gone, [3], 'D is gone');
  const twice = compare(users('A B B C'), users('B A C C'), 10);
  assert.equal([...twice.was], [-1, 1, -1, -1]);
  assert.equal(twice.twice, { previous: [2], current: [3] });
  // A name twice in the previous list that is not in the current one is gone, and no one's concern.
  assert.equal(compare(users('A Z Z'), users('A'), 10).twice.previous, []);
});

comparing('new in the winning places and the biggest climb (the first of equals)', () => {
  const before = users('A B C D E F G');
  const now = users('A F C X G B D');
  const { newInTop, climb } = compare(before, now, 3);
  assert.equal(newInTop, [1], 'F was 6th; C stayed; X is new but 4th');
  assert.equal(climb, { user: 1, by: 4 }, 'F: 6 → 2');
  assert.equal(compare(before, users('X A B C D E F G'), 2).newInTop, [0], 'someone new in the top counts');
  assert.equal(compare(before, users('B A C D E F G'), 3).climb, { user: 0, by: 1 }, 'B before the others');
  assert.is(compare(before, before, 3).climb, undefined, 'no one climbed');
});

comparing('leads that fell, named with both values; volume may fall', () => {
  const { fell } = compare(users('A:12:500 B:3:900'), users('B:3:100 A:9:500'), 10);
  assert.equal(fell, [{ user: 1, from: 12, to: 9 }]);
});

comparing('a column that most people had and everyone now lacks', () => {
  const before = users('A:5:100 B:4:0 C:3:200');
  assert.equal(compare(before, users('A:6:0 B:5:0 C:3:0'), 10).emptied, [{ field: 'profit', had: 2 }]);
  assert.equal(compare(before, users('A:0:1 B:0:1 C:0:1'), 10).emptied, [{ field: 'leadCount', had: 3 }]);
  assert.equal(compare(users('A:5:100 B:0:0 C:0:0'), users('A:0:0'), 10).emptied, [], 'only one of three had any');
  assert.equal(compare(before, [], 10).emptied, [], 'an empty list is gone, not emptied');
});

const standings = suite('toStandings(): what the page carries');

standings('gained (in whole cents), and places as places climbed to the next Stand, oldest first', () => {
  const older = users('B:1:0 A:1:0');
  const before = users('A:3:0.1 B:2:5');
  const now = users('B:5:5.3 A:3:0.3 C:1:0');
  const comparison = compare(before, now, 10);
  const { index } = toIndex(now);
  const carried = toStandings(
    before,
    now,
    comparison,
    [toPlaces(index, 3, older, positions(2))],
    ['2027-03-17', '2027-03-24T18:00', '2027-03-31'],
    positions(3),
  );
  assert.equal(carried, {
    since: '2027-03-24T18:00',
    stands: ['2027-03-17', '2027-03-24T18:00', '2027-03-31'],
    // B: 1st, then 2nd, now 1st; A: 2nd, 1st, 2nd; C new.
    climbed: [
      [-1, 1],
      [1, -1],
      [null, null],
    ],
    gained: [[3, 30], [0, 20], null],
  });
  assert.equal(toWas(carried, positions(3)), [2, 1, 0]);
  assert.equal(
    now.map((_, at) => toTrend(carried.climbed[at]!, at + 1)),
    [
      [1, 2, 1],
      [2, 1, 2],
      [null, null, 3],
    ],
  );
  const twice = users('A B A');
  const ambiguous = toStandings(
    users('A B'),
    twice,
    compare(users('A B'), twice, 10),
    [],
    ['2027-03-24', '2027-03-31'],
    positions(3),
  );
  assert.equal(ambiguous.climbed, [null, [0], null], 'an ambiguous name has neither movement nor trend');
  assert.equal(ambiguous.gained, [null, [0, 0], null]);
  assert.equal(toWas(ambiguous, positions(3)), [-1, 2, -1]);
});

standings('a Stand without the person leaves a gap, and the places before it still count', () => {
  // D: 7th, absent, 3rd, absent (the previous Stand), now 1st.
  const now = users('D E F');
  const { index } = toIndex(now);
  const stand = (names: string) => toPlaces(index, 3, users(names), positions(999));
  const previous = users('E F');
  const carried = toStandings(
    previous,
    now,
    compare(previous, now, 1),
    [stand('a b c d e f D'), stand('E'), stand('a b D')],
    ['w1', 'w2', 'w3', 'w4', 'w5'],
    positions(3),
  );
  assert.equal(carried.climbed[0], [4, null, 2, null]);
  assert.equal(toTrend(carried.climbed[0]!, 1), [7, null, 3, null, 1]);
  assert.equal(toTrend(carried.climbed[1]!, 2), [null, 1, null, 1, 2]);
  assert.equal(toWas(carried, positions(3)), [0, 1, 2]);
});

matching.run();
comparing.run();
standings.run();
