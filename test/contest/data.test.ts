// The page's data as a page carries it and a wall screen reads it back: the one check both sides pass it through.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { isPageData } from '../../src/contest/data.ts';
import { CONTESTS } from '../helpers/contests.ts';

const CONTEST = CONTESTS['valid.json']!;
const data = suite('isPageData()');

data('the fields the page reads, of their types; unknown fields are let be', () => {
  assert.ok(isPageData({ ...CONTEST, rule: 'new' }));
  for (const broken of [
    null,
    [],
    { ...CONTEST, title: 1 },
    { ...CONTEST, solo_winners: -1 },
    { ...CONTEST, updated_at: 'gestern' },
    { ...CONTEST, users: [{ name: 'A', leadCount: 1.5, profit: 0 }] },
    { ...CONTEST, users: [{ name: 'A', leadCount: 1, profit: null }] },
    { ...CONTEST, standings: { since: '2027-03-24', stands: [], climbed: [], gained: [] } },
  ])
    assert.not.ok(isPageData(broken), JSON.stringify(broken).slice(0, 80));
  // A name twice carries the best place it held: a row of the page, and a place.
  const users = CONTEST.users.length;
  const standings = (held: unknown) => ({
    ...CONTEST,
    standings: {
      since: '2027-03-24',
      stands: [],
      climbed: Array(users).fill(null),
      gained: Array(users).fill(null),
      held,
    },
  });
  assert.ok(isPageData(standings([[0, 4]])));
  for (const held of [[[users, 4]], [[0, -1]], [[0]], {}] as unknown[])
    assert.not.ok(isPageData(standings(held)), JSON.stringify(held));
});

data('an amount not published (none) with the ranking the page carries; that ranking of the rows it has', () => {
  const users = [{ name: 'A', leadCount: 1 }];
  const ranked = { places: [1], winning: [0], winners: 0, last: -1 };
  assert.ok(isPageData({ ...CONTEST, users, ranked }));
  for (const broken of [{ ...ranked, places: [1, 2] }, { ...ranked, winning: ['1'] }, { ...ranked, last: 'x' }, []])
    assert.not.ok(isPageData({ ...CONTEST, users, ranked: broken }), JSON.stringify(broken));
});

data('rules: what the schema allows, and nothing a rank could trip over', () => {
  for (const rules of [
    {},
    { ranking: 'profit' },
    { ranking: 'as given' },
    { ranking: ['profit', 'leadCount'], ties: 'list order', minimum: { leadCount: 20, profit: 500.5 } },
  ])
    assert.ok(isPageData({ ...CONTEST, ...rules }), JSON.stringify(rules));
  for (const rules of [
    { ranking: 5 },
    { ranking: 'volume' },
    { ranking: [] },
    { ranking: ['profit', 'profit'] },
    { ranking: ['profit', 'leadCount', 'profit'] },
    { ties: 'coin' },
    { minimum: null },
    { minimum: { leadCount: 2.5 } },
    { minimum: { profit: '5' } },
  ])
    assert.not.ok(isPageData({ ...CONTEST, ...rules }), JSON.stringify(rules));
});

data.run();
