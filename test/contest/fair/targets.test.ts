// A person's effective target, the share of it reached as the page shows it, an employment share as people write
// it, and what a page carries of targets under the privacy settings.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toPageTargets, toPercent, toReached, toShare, type TargetRule } from '../../../src/contest/fair/targets.ts';
import { compareBy, rank } from '../../../src/contest/ranking.ts';

const PROFIT: TargetRule = { figure: 'profit', default: 60000 };
const LEADS: TargetRule = { figure: 'leadCount' };
const person = (profit: number, target?: number, share?: number, leadCount = 0) => ({
  name: 'P',
  leadCount,
  profit,
  ...(target !== undefined && { target }),
  ...(share !== undefined && { share }),
});

const share = suite('toShare()');

share('reads 0.5, "50 %", "50%", "0,5" and 50 as one half; 1 and 100 as full time', () => {
  for (const value of [0.5, '50 %', '50%', ' 0,5 ', '0.5', 50, '50']) assert.is(toShare(value), 0.5, String(value));
  for (const value of [1, 100, '100 %', '1']) assert.is(toShare(value), 1, String(value));
  assert.is(toShare('1,5'), 0.015, 'above 1: a percent');
});

share('refuses 0, less, more than 100 % and what is no share', () => {
  for (const value of [0, -0.5, '0 %', 101, '150 %', '1,5 %x', 'halb', '', true, null])
    assert.is(toShare(value), undefined, String(value));
});

const reached = suite('toReached()');

reached('a half-time person at 60 % of a halved target is ahead of a full-time one at 55 %', () => {
  const ben = person(30000, 100000, 0.5);
  const anna = person(55000, 100000);
  assert.equal(toReached(ben, PROFIT), { target: 5_000_000, tenths: 600 });
  assert.equal(toReached(anna, PROFIT), { target: 10_000_000, tenths: 550 });
  assert.ok(compareBy(['target'], ben, anna, PROFIT) < 0, 'Ben first');
});

reached('ranks by the share as shown: equal tenths share a place, different tenths never do', () => {
  const rule: TargetRule = { figure: 'profit' };
  // 33.333… % and 33.3 % both show "33,3 %"; 33.35 % shows "33,4 %" (half up)
  const users = [person(1000, 3000), person(333, 1000), person(3335, 10000)].sort((a, b) =>
    compareBy(['target'], a, b, rule),
  );
  assert.equal(
    users.map((user) => toPercent(toReached(user, rule)!.tenths)),
    ['33,4\u00a0%', '33,3\u00a0%', '33,3\u00a0%'],
  );
  assert.equal(Array.from(rank(users, 1, { ranking: 'target', target: rule }).places), [1, 2, 2]);
});

reached('the default where a person has none; leads pro-rated to a half lead; none without a target', () => {
  assert.equal(toReached(person(30000), PROFIT), { target: 6_000_000, tenths: 500 });
  assert.equal(toReached(person(0, 15, 0.5, 6), LEADS), { target: 7.5, tenths: 800 });
  assert.is(toReached(person(100), LEADS), undefined);
  assert.equal(toReached(person(-500, 1000), { figure: 'profit' }), { target: 100000, tenths: -500 });
});

const percent = suite('toPercent()');

percent('tenths of a percent in German and English, grouped, signed', () => {
  assert.is(toPercent(600), '60,0\u00a0%');
  assert.is(toPercent(12345), '1.234,5\u00a0%');
  assert.is(toPercent(-5), '-0,5\u00a0%');
  assert.is(toPercent(12345, 'en'), '1,234.5%');
});

const page = suite('toPageTargets()');

page("carries each effective target in the figure's unit, no share, and says the targets are pro-rated", () => {
  const users = [person(30000, 100000, 0.5), person(55000)];
  const carried = toPageTargets({ users, target: PROFIT }, users, () => true);
  assert.equal(carried.users, [
    { name: 'P', leadCount: 0, profit: 30000, target: 50000 },
    { name: 'P', leadCount: 0, profit: 55000, target: 60000 },
  ]);
  assert.equal(carried.target, { ...PROFIT, prorated: true });
});

page('no target where the volume is not published: target and share would tell the amount', () => {
  const users = [person(30000, 100000, 0.5), person(55000, 100000)];
  const hidden = users.map(({ name, leadCount }) => ({ name, leadCount })); // as contest/privacy.ts leaves them
  const carried = toPageTargets({ users: hidden, target: PROFIT }, users, (at) => at === 0);
  assert.equal(carried.users, [
    { name: 'P', leadCount: 0, target: 50000 },
    { name: 'P', leadCount: 0 },
  ]);
  // Leads are published to everyone: their targets are carried for every row.
  const leads = toPageTargets({ users: hidden, target: LEADS }, users, () => false);
  assert.equal(
    leads.users.map((user) => (user as { target?: number }).target),
    [50000, 100000],
  );
});

page('a contest without "target" is returned as it is, or loses the targets and shares its users wrote', () => {
  const plain = { users: [person(1)] };
  assert.is(
    toPageTargets(plain, plain.users, () => true),
    plain,
  );
  const written = { users: [person(1, 10, 0.5)] };
  assert.equal(toPageTargets(written, written.users, () => true).users, [{ name: 'P', leadCount: 0, profit: 1 }]);
});

share.run();
reached.run();
percent.run();
page.run();
