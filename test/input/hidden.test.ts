import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findUnlisted } from '../../src/input/hidden.ts';
import { podium } from '../helpers/cli.ts';
import { fixture, inScratch } from '../helpers/files.ts';

const VALID = JSON.parse(fixture('valid.json')) as { users: { name: string }[] };
const users = (...names: string[]) => names.map((name) => ({ name, leadCount: 1, profit: 1 }));

const unlisted = suite('findUnlisted()');

unlisted(
  'finds nothing where every entry is a name as the export writes it (spaces around it, its Unicode form aside)',
  () => {
    const privacy = { hidden: [' Zoë Weiß ', 'Max Muster'] };
    assert.equal(findUnlisted({ privacy, users: users('Zoe\u0308 Weiß', 'Max Muster', 'Ben K') }), []);
    assert.equal(findUnlisted({ users: users('Max Muster') }), []);
  },
);

unlisted("says the export's spelling where only case and spaces (a non-breaking one, two) differ", () => {
  const privacy = { hidden: ['max\u00a0muster', 'BEN  KRÜGER'] };
  const found = findUnlisted({ privacy, users: users('Max Muster', 'Ben Krüger') });
  assert.equal(
    found.map(({ path, message, severity }) => [path, message, severity]),
    [
      [
        'privacy.hidden[0]',
        '"max\u00a0muster" is written "Max Muster" in the export: podium hides that person, but write the name as the export has it',
        'error',
      ],
      [
        'privacy.hidden[1]',
        '"BEN  KRÜGER" is written "Ben Krüger" in the export: podium hides that person, but write the name as the export has it',
        'error',
      ],
    ],
  );
});

unlisted('names the closest name for a letter amiss, among 100,000; none where nothing is close', () => {
  const many = Array.from({ length: 100_000 }, (_, i) => `Vorname${i} Nachname${i}`);
  const privacy = { hidden: ['Ömer Celik', 'Vorname4711 Nachnahme4711', 'Xaver Niemand'] };
  const found = findUnlisted({ privacy, users: users(...many, 'Ömer Çelik') });
  assert.equal(
    found.map(({ message }) => message.split(': ')[1]),
    [
      'did you mean "Ömer Çelik"? write the name as the export has it',
      'did you mean "Vorname4711 Nachname4711"? write the name as the export has it',
      'write the name as the export has it, or remove it from the list',
    ],
  );
});

unlisted('takes someone gone since the previous Stand as listed: the change line would name them', () => {
  const privacy = { hidden: ['Lea Gone'] };
  assert.equal(findUnlisted({ privacy, users: users('Max Muster') }, ['Lea Gone']), []);
  assert.is(findUnlisted({ privacy, users: users('Max Muster') }).length, 1);
});

unlisted.run();

const command = suite('a hidden name the export does not have');

command('is an error at its entry, with the name meant: nothing is published, not even under --strict', () =>
  inScratch(async (dir) => {
    const hidden = ['Zoe Zander', 'Ömer Celik'];
    const contest = { ...VALID, users: [...VALID.users, { name: 'Ömer Çelik', leadCount: 2 }], privacy: { hidden } };
    writeFileSync(join(dir, 'c.json'), JSON.stringify(contest, null, 2));
    const line =
      'c.json:42:7: privacy.hidden[1]: "Ömer Celik" is no one in the export, so the person it means would be shown by name: did you mean "Ömer Çelik"? write the name as the export has it';
    for (const args of [
      ['validate', 'c.json'],
      ['build', 'c.json', '--out', 'out', '--strict'],
    ]) {
      const run = await podium(args, { cwd: dir });
      assert.is(run.status, 1, args.join(' '));
      assert.ok(`${run.stdout}${run.stderr}`.split('\n').includes(line), `${run.stdout}${run.stderr}`);
    }
    assert.not.ok(existsSync(join(dir, 'out')), 'nothing written');
  }),
);

command.run();
