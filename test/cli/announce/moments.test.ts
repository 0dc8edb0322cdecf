// What each Stand of a three-Stand history brings: the kick-off on the first, the top and the climb on the second
// (in the last week), the end on the third, after the end date; each moment in one Stand only.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toBerlinTime } from '../../../src/contest/berlin.ts';
import { toAnnouncement, type Moment } from '../../../src/cli/announce/moments.ts';
import { read } from '../../../src/input/read.ts';
import { validate } from '../../../src/input/validate.ts';
import { inScratch } from '../../helpers/files.ts';
import { TOP, toClimb, toEntered, toTop, WEEKS, writeRace } from '../../helpers/stands.ts';

/** The moments of the newest of the first `stands` Stands, as the check hands the contest on (no privacy set). */
async function momentsOf(stands: number, extra: Record<string, unknown> = {}): Promise<Moment[]> {
  return inScratch(async (dir) => {
    const checked = await validate(await read([writeRace(dir, stands, extra)], async () => new Uint8Array()));
    assert.is(checked.invalid, 0, JSON.stringify(checked.problems));
    const [named] = await toBerlinTime(checked.contests);
    const { contest, ranking, stand } = named!;
    const since = contest.standings?.since;
    const changes = checked.changes[0];
    const announced = toAnnouncement({ contest, ranking, stand: stand!, since, changes });
    assert.is(announced.stand, ['2027-01-07', '2027-01-14', '2027-01-21'][stands - 1]);
    return announced.moments;
  });
}

const moments = suite('toAnnouncement()');

moments(
  'the first Stand: the kick-off, the cut-off and the days left; no top, no climb, not yet the last week',
  async () => {
    const third = WEEKS[0]![TOP - 1]!;
    assert.equal(await momentsOf(1), [
      { kind: 'kickoff', people: 12, top: TOP },
      { kind: 'cutoff', place: TOP, figures: [['leadCount', third.leadCount]] },
      { kind: 'left', days: 13, end: '2027-01-20' },
    ]);
  },
);

moments('the second Stand: who entered the winning places, the biggest climb, the cut-off, the last week', async () => {
  assert.ok(toEntered(1).length > 0, 'the generator moves someone into the top');
  const third = WEEKS[1]![TOP - 1]!;
  assert.equal(await momentsOf(2), [
    { kind: 'entered', top: TOP, names: toEntered(1) },
    { kind: 'climb', ...toClimb(1) },
    { kind: 'cutoff', place: TOP, figures: [['leadCount', third.leadCount]] },
    { kind: 'left', days: 6, end: '2027-01-20' },
    { kind: 'lastWeek' },
  ]);
});

moments('the third Stand, after the end date: the end and its winners alone', async () => {
  assert.equal(await momentsOf(3), [{ kind: 'end', winners: toTop(2) }]);
});

moments(
  'a Stand after one past the end says nothing; a Stand in the last week after one in it, no second last week',
  async () => {
    assert.equal(await momentsOf(3, { qualification_end: '2027-01-10' }), []);
    const [, , ...rest] = await momentsOf(2, { qualification_end: '2027-01-15' });
    assert.equal(rest.at(-1), { kind: 'lastWeek' }, 'the week before had 8 days left');
    assert.not.ok(
      (await momentsOf(2, { qualification_end: '2027-01-14' })).some(({ kind }) => kind === 'lastWeek'),
      'the last day is said, the last week was said a Stand before (7 days left)',
    );
  },
);

moments('without an end date: no days left, no last week, no end; by volume, the cut-off in euro', async () => {
  const said = await momentsOf(2, { qualification_end: undefined, ranking: 'profit' });
  assert.not.ok(said.some(({ kind }) => ['left', 'lastWeek', 'end'].includes(kind)));
  const cutoff = said.find((moment) => moment.kind === 'cutoff');
  const byVolume = [...WEEKS[1]!].sort((a, b) => (b.profit ?? 0) - (a.profit ?? 0));
  assert.equal(cutoff, { kind: 'cutoff', place: TOP, figures: [['profit', byVolume[TOP - 1]!.profit]] });
});

moments.run();
