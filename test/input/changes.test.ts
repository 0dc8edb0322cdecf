// Who is the same person in two Stands of a history, where the contest file says someone was renamed.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toRenamed, toRenames } from '../../src/input/changes.ts';

const renaming = suite('toRenames(), toRenamed()');

renaming('an older Stand names a renamed person by the new name, unless it writes both (two people then)', () => {
  const entries = { 'Sandra Lange': 'Sandra Lange-Meier', 'Ben K': 'Ben Krüger', 'Zoe ': ' Zoë ' };
  const renames = toRenames(entries, [{ name: 'Sandra Lange-Meier' }, { name: 'Ben K' }, { name: 'Zoë' }]);
  assert.equal(renames.kept, ['Ben K'], 'the newest still writes the old name: not applied');
  const older = [{ name: ' Sandra Lange' }, { name: 'Ben K' }, { name: 'Zoe' }];
  assert.equal(
    toRenamed(older, renames).map(({ name }) => name),
    ['Sandra Lange-Meier', 'Ben K', 'Zoë'],
  );
  const both = [{ name: 'Sandra Lange' }, { name: 'Sandra Lange-Meier' }];
  assert.equal(toRenamed(both, renames), both);
  assert.equal([...renames.seen], ['Sandra Lange-Meier', 'Zoë']);
});

renaming.run();
