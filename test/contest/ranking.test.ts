import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  findClimb,
  findDisorder,
  findNewInTop,
  findTie,
  order,
  rank,
  toDistance,
  toMovement,
  toShortfall,
  type Figures,
  type Rules,
} from '../../src/contest/ranking.ts';

/** Users from `name:leads:profit` words, in list order. */
const users = (text: string): Figures[] =>
  text.split(' ').map((word) => {
    const [name = '', leads = '0', profit = '0'] = word.split(':');
    return { name, leadCount: Number(leads), profit: Number(profit) };
  });
const names = (list: readonly Figures[]) => list.map(({ name }) => name).join(' ');
/** Each row as `place` and `*` for a winner, `!` for a row below the minimum at a winner's place. */
const show = (list: Figures[], solo: number, rules: Rules) => {
  const { places, winning, short } = rank(list, solo, rules);
  return list.map((_, at) => `${places[at]}${winning[at] ? '*' : ''}${short?.[at] ? '!' : ''}`).join(' ');
};

const ordering = suite(
  'order(), findDisorder(): the rules decide the order, or the list is trusted only if it is ordered',
);

ordering('orders by the figure that decides, the second breaking a tie, the list among equals', () => {
  const list = users('Bäcker:0:0 Adler:3:1200 Braun:40:80000 Chen:40:1200 Dorn:3:80000');
  assert.is(names(order(list, { ranking: 'profit' })), 'Braun Dorn Adler Chen Bäcker', 'the list decides among equals');
  assert.is(names(order(list, { ranking: 'leadCount' })), 'Braun Chen Adler Dorn Bäcker');
  assert.is(names(order(list, { ranking: ['profit', 'leadCount'] })), 'Braun Dorn Chen Adler Bäcker');
  assert.is(names(order(list, { ranking: 'as given' })), names(list));
  assert.is(names(order(list, {})), names(list));
  assert.is(names(order(users('A:1:0.1 B:1:0.30000000000000004 C:1:0.3'), { ranking: 'profit' })), 'B C A');
});

ordering('an alphabetical list is in order of neither figure, at the first row where both orders are broken', () => {
  assert.is(findDisorder(users('Adler:3:1200 Braun:40:80000 Chen:1:5')), 1);
  assert.is(findDisorder(users('A:9:100 B:8:200 C:7:300 D:9:50')), 3, 'leads break at D, volume at B');
  assert.is(findDisorder(users('A:9:100 B:8:200 C:7:300')), undefined, 'in order of leads');
  assert.is(findDisorder(users('A:1:300 B:2:200 C:3:100')), undefined, 'in order of volume');
  assert.is(findDisorder(users('A:5:5 B:5:5')), undefined, 'equal rows are in order');
  assert.is(findDisorder([]), undefined);
});

const ranking = suite('rank(): places, winners, ties and a minimum');

ranking('without rules: positions as places, the first solo_winners win (SPEC)', () => {
  assert.is(show(users('A:1 B:1 C:1 D:1'), 2, {}), '1* 2* 3 4');
  assert.is(show(users('A:1 B:1'), 10, {}), '1* 2*', 'fewer people than winning places');
  assert.is(show(users('A:1 B:1'), 0, {}), '1 2');
  assert.equal(rank(users('A:1 B:1 C:1'), 2, {}).winners, 2);
});

ranking('equal in every ranking figure shares a place; sharing the last winning place wins', () => {
  const list = users('A:9:100 B:8:50 C:7:50 D:6:50 E:5:10');
  assert.is(show(list, 1, { ranking: 'profit' }), '1* 2 2 2 5');
  assert.is(show(list, 2, { ranking: 'profit' }), '1* 2* 2* 2* 5', 'place 2 shared: 4 winners');
  assert.equal(rank(list, 2, { ranking: 'profit' }).shared, 2);
  assert.is(rank(list, 4, { ranking: 'profit' }).shared, undefined, 'no more winners than places');
  assert.is(show(list, 2, { ranking: ['profit', 'leadCount'] }), '1* 2* 3 4 5', 'leads break the tie');
  assert.is(show(list, 2, { ranking: 'profit', ties: 'list order' }), '1* 2* 3 4 5', 'the list decides');
  assert.is(show(list, 2, { ranking: 'as given' }), '1* 2* 3 4 5');
});

ranking('nobody below a minimum wins; the next who meet it do, and the row says so where it would have won', () => {
  const list = users('A:30:900 B:5:800 C:25:700 D:21:600 E:2:500 F:20:400');
  assert.is(show(list, 2, { ranking: 'profit', minimum: { leadCount: 20 } }), '1* 2! 3* 4 5 6');
  assert.is(show(list, 3, { ranking: 'profit', minimum: { leadCount: 20 } }), '1* 2! 3* 4* 5 6');
  assert.is(show(list, 2, { minimum: { leadCount: 20, profit: 650 } }), '1* 2! 3* 4 5 6');
  assert.is(show(list, 9, { minimum: { profit: 650 } }), '1* 2* 3* 4! 5! 6!', 'the places a winner could have');
});

ranking('toShortfall(): what a person lacks of each minimum, in whole cents', () => {
  const rules = { minimum: { leadCount: 20, profit: 50_000 } };
  assert.equal(toShortfall({ name: 'A', leadCount: 16, profit: 49_999.99 }, rules), [
    ['leadCount', 4],
    ['profit', 0.01],
  ]);
  assert.equal(toShortfall({ name: 'A', leadCount: 20, profit: 50_000 }, rules), []);
  assert.equal(toShortfall({ name: 'A', leadCount: 0, profit: 0 }, {}), []);
});

ranking('toDistance(): only the figure that decides, both where the list does', () => {
  const list = users('A:30:900 B:20:800 C:25:700.5 D:10:100');
  const distance = (solo: number, rules: Rules, at: number) => toDistance(list, at, rank(list, solo, rules), rules);
  assert.equal(distance(2, {}, 2), [['profit', 99.5]], 'C has more leads than B already');
  assert.equal(distance(2, {}, 3), [
    ['leadCount', 10],
    ['profit', 700],
  ]);
  assert.equal(distance(2, { ranking: 'profit' }, 3), [['profit', 700]]);
  assert.equal(distance(1, { ranking: 'leadCount' }, 3), [['leadCount', 20]]);
  const tied = users('A:5:100 B:3:100 C:1:50');
  assert.equal(
    toDistance(tied, 1, rank(tied, 1, { ranking: ['profit', 'leadCount'] }), { ranking: ['profit', 'leadCount'] }),
    [['leadCount', 2]],
  );
  assert.equal(distance(2, { ranking: 'profit' }, 0), [], 'a winner lacks nothing');
  assert.equal(distance(0, {}, 3), [], 'no winner, no distance');
});

ranking('findTie(): the list decides at the cut-off only where ties are not shared', () => {
  const tie = (text: string, solo: number, rules: Rules = {}) =>
    findTie(users(text), rank(users(text), solo, rules), rules);
  assert.is(tie('A:9:10 B:5:10 C:5:10.001 D:1', 2), 2, 'the same to the cent');
  assert.is(tie('A:9:10 B:5:10 C:5:10.01', 2), undefined, 'a cent apart');
  assert.is(tie('A:9:10 B:5:10 C:4:10', 2), undefined);
  assert.is(tie('A:5 B:5', 2), undefined, 'no row after the winners');
  assert.is(tie('A:5 B:5', 0), undefined, 'no winners');
  assert.is(tie('A:5 B:5 C:5', 1), 1, 'at the last winner');
  assert.is(
    tie('A:9:10 B:5:10 C:4:10', 2, { ranking: 'profit', ties: 'list order' }),
    2,
    'equal in the figure that decides',
  );
  assert.is(tie('A:9:10 B:5:10 C:4:10', 2, { ranking: 'profit' }), undefined, 'shared: C wins too');
  assert.is(tie('A:9:10 B:5:10 C:1:1 D:5:10', 2, { minimum: { leadCount: 2 } }), 3, 'the next who meets the minimum');
});

const moving = suite('toMovement(), findNewInTop(), findClimb(): what changed, by places under the rules');

moving('a movement is the difference of places; new and unknown are said as such', () => {
  assert.equal(toMovement(5, 2), { kind: 'up', places: 3 });
  assert.equal(toMovement(2, 4), { kind: 'down', places: 2 });
  assert.equal(toMovement(3, 3), { kind: 'same' });
  assert.equal(toMovement(0, 1), { kind: 'new' });
  assert.equal(toMovement(-1, 1), { kind: 'unknown' });
});

moving('new among the winners, and the largest climb (the first among equals), from the previous places', () => {
  const four = rank(users('A B C D'), 3, {});
  assert.equal(findNewInTop([0, 1, 5, 2], four, 3), [0, 2], 'new, and from below the winning places');
  assert.equal(findNewInTop([0, 1], rank(users('A B'), 0, {}), 0), [], 'no winning places');
  assert.equal(findNewInTop([-1, 9], rank(users('A B'), 2, {}), 2), [1], 'an ambiguous name is not new');
  assert.equal(findClimb([3, 1, 6, 4], four.places), { user: 2, by: 3 });
  assert.equal(findClimb([2, 5, 1], four.places), { user: 1, by: 3 }, 'the first among equals');
  assert.is(findClimb([1, 2, 0, -1], four.places), undefined, 'no one climbed');
  const shared = rank(users('A:1:9 B:1:5 C:1:5'), 2, { ranking: 'profit' });
  assert.equal(findClimb([1, 3, 2], shared.places), { user: 1, by: 1 }, 'from place 3 to a shared place 2');
  assert.equal(findNewInTop([1, 3, 4], shared, 2), [1, 2], 'both sharing place 2 win, both were below it');
});

ordering.run();
ranking.run();
moving.run();
