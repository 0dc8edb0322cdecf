import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { podium } from '../../helpers/cli.ts';
import { inScratch } from '../../helpers/files.ts';
import { findNewInTiers, toTierWinners, type Prize } from '../../../src/contest/fair/tiers.ts';
import { rank, type Figures, type Rules } from '../../../src/contest/ranking.ts';

/** Users from `name:leads:profit` words, in list order. */
const users = (text: string): Figures[] =>
  text.split(' ').map((word) => {
    const [name = '', leads = '0', profit = '0'] = word.split(':');
    return { name, leadCount: Number(leads), profit: Number(profit) };
  });
const PRIZES: Prize[] = [
  { places: 3, text: 'Reise + Upgrade' },
  { places: 7, text: 'Reise', minimum: { leadCount: 10 } },
];
/** Each row as its place, then its tier (`a`, `b`), `-` for none, and `!b` where it missed tier b's minimum. */
const show = (list: Figures[], rules: Rules, solo = 10) => {
  const { places, tiers, missed, winning } = rank(list, solo, { ...rules, prizes: rules.prizes ?? PRIZES });
  const letter = (tier: number) => ' abcdefgh'[tier]!.trim();
  return list
    .map((_, at) => {
      const won = winning[at] ? letter(tiers![at]!) : '-';
      return `${places[at]}${won}${missed?.[at] ? `!${letter(missed[at]!)}` : ''}`;
    })
    .join(' ');
};

const tiered = suite('rank() with prize tiers');

tiered('a place shared at a tier’s edge stays in the upper tier, with shared ties', () => {
  const list = users('A:20:90 B:20:80 C:20:70 D:20:70 E:20:60 F:20:50 G:20:40 H:20:30 I:20:20 J:20:10 K:20:5');
  assert.is(show(list, { ranking: 'profit' }), '1a 2a 3a 3a 5b 6b 7b 8b 9b 10b 11-');
});

tiered('with "list order", positions decide: the second of two equals at the edge is in the lower tier', () => {
  const list = users('A:20:90 B:20:80 C:20:70 D:20:70 E:20:60');
  assert.is(show(list, { ranking: 'profit', ties: 'list order' }, 10), '1a 2a 3a 4b 5b');
  // Without a ranking rule, the list's own order: positions too.
  assert.is(show(list, {}, 10), '1a 2a 3a 4b 5b');
});

tiered('a winner below a tier’s minimum falls to the first tier below that they meet, or wins nothing', () => {
  const prizes: Prize[] = [
    { places: 1, text: 'Gold', minimum: { leadCount: 30 } },
    { places: 1, text: 'Silber', minimum: { leadCount: 20 } },
    { places: 2, text: 'Bronze' },
  ];
  // A (25 leads) holds Gold's place: Silber. B (10) holds Silber's: Bronze. Nobody moves up into Gold.
  const list = users('A:25:90 B:10:80 C:1:70 D:1:60 E:50:50');
  assert.is(show(list, { ranking: 'profit', prizes }, 4), '1b!a 2c!b 3c 4c 5-');
  // With the tier of 10 leads from the top: E (place 5) does not move up where D misses it.
  assert.is(show(users('A:20:90 B:20:80 C:20:70 D:4:60 E:20:50'), { ranking: 'profit' }, 4), '1a 2a 3a 4-!b 5-');
});

tiered('a winner of no tier is no winner: the count and the last winner say so', () => {
  const ranking = rank(users('A:20:90 B:20:80 C:20:70 D:4:60'), 4, { ranking: 'profit', prizes: PRIZES });
  assert.equal([ranking.winners, ranking.last], [3, 2]);
});

tiered('the contest’s own minimum passes places on as before; tiers count its winners from the top', () => {
  // B misses the contest's minimum, so E wins too; the third winner, D at place 4, is in the first tier.
  const list = users('A:20:90 B:2:80 C:20:70 D:20:60 E:20:50');
  assert.is(show(list, { ranking: 'profit', minimum: { leadCount: 5 } }, 4), '1a 2- 3a 4a 5b');
});

tiered.run();

const winners = suite('toTierWinners()');

winners('without solo_winners, the tiers’ places added up; with it, agreeing, nothing to say', () => {
  const contest = {
    solo_winners: 10,
    prizes: [
      { places: 2, text: 'A' },
      { places: 5, text: 'B' },
    ],
  };
  assert.is(toTierWinners({}, contest), undefined);
  assert.is(contest.solo_winners, 7);
  assert.is(toTierWinners({ solo_winners: 7 }, contest), undefined);
});

winners('solo_winners that differs from the tiers is an issue at solo_winners that says which to fix', () => {
  const contest = {
    solo_winners: 3,
    prizes: [
      { places: 3, text: 'A' },
      { places: 7, text: 'B' },
    ],
  };
  const issue = toTierWinners({ solo_winners: 3 }, contest);
  assert.equal(issue?.path, ['solo_winners']);
  assert.is(
    issue?.message,
    'must be 10, the places of "prizes" added up (3 + 7), or be left out to let the prizes decide',
  );
});

winners('podium build: solo_winners against the tiers is one line at the key, exit 1, nothing written', () =>
  inScratch(async (dir) => {
    const run = await podium(['build', 'test/fixtures/tiers/solo.json', '--out', join(dir, 'out')]);
    assert.is(run.status, 1);
    assert.ok(
      run.stderr.startsWith(
        'test/fixtures/tiers/solo.json:7:19: solo_winners: must be 10, the places of "prizes" added up (3 + 7), or be left out to let the prizes decide, got the number 3\n',
      ),
      run.stderr,
    );
    assert.not.ok(existsSync(join(dir, 'out')), 'nothing written');
  }),
);

winners.run();

const news = suite('findNewInTiers()');

news('new in a tier: from no tier, from a lower one, or new to the list; not who fell or stayed', () => {
  const now = Uint8Array.from([1, 1, 2, 2, 2, 0]);
  const then = [2, 1, 0, 1, -1, 0]; // climbed, stayed, new, fell, a name twice, no tier
  assert.equal(
    findNewInTiers(now, (at) => then[at]!),
    [0, 2],
  );
});

news.run();
