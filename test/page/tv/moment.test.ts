// What a wall screen's new figures say (page/tv/moment.ts's toMoments), against the figures shown before; the box and
// the chart's swap in Chromium are live.test.ts's.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Contest } from '../../../src/contest/schema.ts';
import { toMoments } from '../../../src/page/tv/moment.ts';
import de from '../../../templates/messages/tv.de.json' with { type: 'json' };

const moments = suite('toMoments()');

/** A contest of `names` in the list's order (it ranks), the first `solo` winning. */
const contest = (names: string[], solo = 3) =>
  ({
    solo_winners: solo,
    ranking: 'as given',
    users: names.map((name) => ({ name, leadCount: 1, profit: 1 })),
  }) as unknown as Contest;

moments('a new place 1, named there alone; someone else new in the winning places after it', () => {
  const before = contest(['Anna', 'Ben', 'Cem', 'Dana', 'Emil']);
  assert.equal(toMoments(before, contest(['Emil', 'Anna', 'Dana', 'Ben', 'Cem']), de), [
    'Neu auf Platz 1: Emil',
    'Neu unter den Top 3: Dana',
  ]);
});

moments('nothing where the winning places hold the same people, moves among them aside', () => {
  const before = contest(['Anna', 'Ben', 'Cem', 'Dana']);
  assert.equal(toMoments(before, contest(['Anna', 'Cem', 'Ben', 'Dana']), de), []);
  assert.equal(toMoments(before, before, de), []);
});

moments('a winner who moves up to place 1 is new there, not new in the top', () => {
  const before = contest(['Anna', 'Ben', 'Cem', 'Dana']);
  assert.equal(toMoments(before, contest(['Cem', 'Anna', 'Ben', 'Dana']), de), ['Neu auf Platz 1: Cem']);
});

moments('someone not there before, at place 1; no winning places: place 1 alone', () => {
  assert.equal(toMoments(contest([]), contest(['Anna', 'Ben']), de), [
    'Neu auf Platz 1: Anna',
    'Neu unter den Top 3: Ben',
  ]);
  assert.equal(toMoments(contest(['Anna', 'Ben'], 0), contest(['Ben', 'Anna'], 0), de), ['Neu auf Platz 1: Ben']);
});

moments('a name twice (hidden people share one) counts from the best place it held, as the history does', () => {
  const before = contest(['Vertriebler*in', 'Anna', 'Ben', 'Vertriebler*in']);
  assert.equal(toMoments(before, contest(['Anna', 'Vertriebler*in', 'Vertriebler*in', 'Ben']), de), [
    'Neu auf Platz 1: Anna',
  ]);
});

moments.run();
