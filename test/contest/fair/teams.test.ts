import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toBoard, withBoard } from '../../../src/contest/fair/teams.ts';
import type { Contest, User } from '../../../src/contest/schema.ts';
import { rank } from '../../../src/contest/ranking.ts';
import { podium } from '../../helpers/cli.ts';
import { FIXTURES, fixture, inScratch } from '../../helpers/files.ts';

/** `n` people of team `team`, each with `leads` leads and `profit` euro. */
const people = (team: string, n: number, leads: number, profit: number): User[] =>
  Array.from({ length: n }, (_, at) => ({ name: `${team} ${at + 1}`, leadCount: leads, profit, team }));
const ALL = { published: () => true, hidden: () => false };

const board = suite('toBoard()');

board('ranks teams of at least the minimum by the total of the ranking figure; a smaller team is left out', () => {
  const users = [...people('A', 5, 10, 100), ...people('B', 6, 1, 90), ...people('C', 4, 99, 9_999)];
  const made = toBoard(users, { by: 'total' }, { ranking: 'leadCount' }, ALL);
  assert.equal(
    made.rows.map(({ name, count, leadCount, profit, place, top }) => [name, count, leadCount, profit, place, top]),
    [
      ['A', 5, 50, 500, 1, 1],
      ['B', 6, 6, 540, 2, undefined],
    ],
  );
  assert.is(made.small, 1);
  // C's four rows are the rest: fewer than the minimum, so no row is narrowed to a team (C's people would be known).
  assert.equal(made.members, []);
});

board('averages to the cent, and teams equal to the cent share first place; volume ranks without a rule', () => {
  const users = [
    ...people('A', 3, 1, 10),
    { name: 'a', leadCount: 0, profit: 0.01, team: 'a' },
    ...people('B', 2, 1, 5),
  ];
  users[1]!.team = 'a'; // "A" and "a" are one team, under its first spelling
  const made = toBoard(users, { by: 'average', minimum: 2 }, {}, ALL);
  assert.equal(
    made.rows.map(({ name, leadCount, profit, place, top }) => [name, leadCount, profit, place, top]),
    [
      ['A', 0.75, 7.5, 1, 1], // 30.01 € / 4 = 7.5025 € → 7,50 €
      ['B', 1, 5, 2, undefined],
    ],
  );
  assert.equal(made.members, [0, 0, 0, 0, 1, 1]);
});

board('leaves out a team volume that fewer than the minimum unpublished amounts are part of', () => {
  const users = [...people('A', 5, 1, 100), ...people('B', 5, 1, 100), ...people('C', 5, 1, 100)];
  // A: one amount unpublished (the others would give it away); B: all five unpublished; C: all published.
  const closed = new Set([0, 5, 6, 7, 8, 9]);
  const made = toBoard(users, { by: 'total' }, {}, { published: (at) => !closed.has(at), hidden: () => false });
  assert.equal(
    made.rows.map(({ name, profit }) => [name, profit]),
    [
      ['A', undefined],
      ['B', 500],
      ['C', 500],
    ],
  );
});

board('counts a hidden person in the team, but narrows no row of theirs to it', () => {
  const users = [...people('A', 5, 1, 100), ...people('B', 5, 1, 100)];
  const made = toBoard(users, { by: 'total' }, {}, { published: () => true, hidden: (at) => at < 5 });
  assert.equal(
    made.rows.map(({ count, leadCount }) => [count, leadCount]),
    [
      [5, 5],
      [5, 5],
    ],
  );
  assert.equal(made.members, [-1, -1, -1, -1, -1, 1, 1, 1, 1, 1]);
  // One hidden person alone outside every team's rows would be known as the one: no row is narrowed then.
  assert.equal(toBoard(users, { by: 'total' }, {}, { ...ALL, hidden: (at) => at === 2 }).members, []);
});

/** `n` people of team `team` with `profit` euro each, a target of `target` euro each and an employment share. */
const targeted = (team: string, n: number, profit: number, target: number | undefined, share = 1): User[] =>
  people(team, n, 1, profit).map((user) => ({ ...user, share, ...(target !== undefined && { target }) }));
const BY_TARGET = { target: { figure: 'profit' as const, default: 20_000 } };

board('by target: five half-timers at 60 % of their summed halved targets rank above full-timers at 55 %', () => {
  // Süd: 5 × 11.000 € of 5 × 20.000 € (one by the default) = 55,0 %; Nord: 5 × 6.000 € of 5 × 10.000 € = 60,0 %.
  const sued = targeted('Süd', 5, 11_000, 20_000);
  const users = [{ ...sued[0]!, target: undefined }, ...sued.slice(1), ...targeted('Nord', 5, 6_000, 20_000, 0.5)];
  const made = toBoard(users, { by: 'target' }, { ranking: 'profit', ...BY_TARGET }, ALL);
  assert.equal(
    made.rows.map(({ name, profit, tenths, place, top }) => [name, profit, tenths, place, top]),
    [
      ['Nord', 30_000, 600, 1, 1],
      ['Süd', 55_000, 550, 2, undefined],
    ],
  );
  assert.is(made.metric, 'profit');
  // Shown and ranked agree: 60,04 % and 60,0 % are one share, and share the first place.
  const near = [...targeted('A', 5, 6_002, 10_000), ...targeted('B', 5, 6_000, 10_000)];
  assert.equal(
    toBoard(near, { by: 'target' }, BY_TARGET, ALL).rows.map(({ tenths, place }) => [tenths, place]),
    [
      [600, 1],
      [600, 1],
    ],
  );
});

board('by target: a share of a volume target is left out where the volume is; of a leads target, never', () => {
  const users = [...targeted('A', 5, 100, 1_000), ...targeted('B', 5, 100, 1_000), ...targeted('C', 5, 50, 1_000)];
  // A: one amount unpublished (its share times the summed targets would give it away); B, C: all or none.
  const closed = new Set([0, 5, 6, 7, 8, 9]);
  const said = { published: (at: number) => !closed.has(at), hidden: () => false };
  const shares = (figure: 'profit' | 'leadCount') =>
    toBoard(users, { by: 'target' }, { target: { figure } }, said).rows.map(({ name, tenths }) => [name, tenths]);
  assert.equal(shares('profit'), [
    ['A', undefined],
    ['B', 100],
    ['C', 50],
  ]);
  // A lead target of 1.000 per person, one lead each: 0,1 %, shown whatever amounts are published.
  assert.equal(shares('leadCount'), [
    ['A', 1],
    ['B', 1],
    ['C', 1],
  ]);
});

const carried = suite('withBoard()');

carried('carries no person’s team, and no board for a contest without "teams" or past its end', () => {
  const users = people('A', 5, 1, 100);
  const contest = { users, solo_winners: 1 } as unknown as Contest;
  const ranking = rank(users, 1, {});
  const page = withBoard({ contest, ranking }, contest, undefined);
  assert.is(page.board, undefined);
  assert.ok(page.users.every((user) => !('team' in user)));
  const teams = { ...contest, teams: { by: 'total' as const } };
  assert.is(withBoard({ contest: teams, ranking }, teams, undefined).board?.rows.length, 1);
  const ended = { ...teams, ended: { after: 'winners' as const, text: '' } };
  assert.is(withBoard({ contest: ended, ranking }, ended, undefined).board, undefined);
});

carried('under privacy.amounts "winners": a team volume only where it gives no unpublished amount away', () => {
  // A holds the three winners and two others (two amounts unpublished: A's volume less the winners' is theirs);
  // B's five amounts are all unpublished (its volume is that of five people, as small a group as a team shown).
  const users = [...people('A', 5, 1, 100), ...people('B', 5, 1, 50)];
  const contest = { users, solo_winners: 3, ranking: 'profit', teams: { by: 'total' } } as unknown as Contest;
  const ranking = rank(users, 3, { ranking: 'profit', ties: 'list order' });
  const page = withBoard({ contest, ranking }, contest, { amounts: 'winners' });
  assert.equal(
    page.board?.rows.map(({ name, profit }) => [name, profit]),
    [
      ['A', undefined],
      ['B', 250],
    ],
  );
});

const cli = suite('teams in podium validate and build');

cli('"teams" with an export without a team column: the one line, exit 1, nothing written', async () => {
  await inScratch(async (dir) => {
    const contest = JSON.parse(fixture('fair/teams.json'));
    copyFileSync(join(FIXTURES, 'real/numbers/euro-semicolon.csv'), join(dir, 'euro.csv'));
    writeFileSync(join(dir, 'teams.json'), JSON.stringify({ ...contest, users: 'euro.csv' }, null, 2));
    const run = await podium(['build', 'teams.json', '--out', 'out'], { cwd: dir });
    assert.is(run.status, 1);
    assert.match(
      run.stderr,
      'teams.json:12:12: teams: "teams" ranks teams by each person\'s team, but no person has one: add a column "Team" or "Region" to the export (or name it in "columns": { "team": "…" }), or give each user a "team"',
    );
    assert.not.ok(run.stdout.includes('index.html'));
  });
});

cli('"by": "target" without the contest\'s "target": the one line at teams.by, exit 1, nothing written', async () => {
  await inScratch(async (dir) => {
    const { target: _target, ...contest } = JSON.parse(fixture('fair/team-targets.json'));
    copyFileSync(join(FIXTURES, 'real/teams/targets.csv'), join(dir, 'targets.csv'));
    const file = { ...contest, ranking: 'profit', users: 'targets.csv' };
    writeFileSync(join(dir, 'teams.json'), JSON.stringify(file, null, 2));
    const run = await podium(['build', 'teams.json', '--out', 'out'], { cwd: dir });
    assert.is(run.status, 1);
    assert.match(
      run.stderr,
      'teams.json:13:11: teams.by: "by": "target" ranks teams by the share of their members\' summed targets, but the contest sets none: add "target": { "figure": "profit" } (or "leadCount"), or rank teams by "total" or "average"',
    );
    assert.not.ok(existsSync(join(dir, 'out')));
  });
});

cli('teams by target from a workbook as from its CSV export, and the data sheet says so', async () => {
  await inScratch(async (dir) => {
    const contest = JSON.parse(fixture('fair/team-targets.json'));
    for (const name of ['targets.xlsx', 'targets.csv']) {
      copyFileSync(join(FIXTURES, 'real/teams', name), join(dir, name));
      writeFileSync(join(dir, 'teams.json'), JSON.stringify({ ...contest, users: name }));
      const run = await podium(['build', 'teams.json', '--out', `out-${name}`], { cwd: dir });
      assert.is(run.status, 0, run.stderr);
      const html = readFileSync(join(dir, `out-${name}`, 'index.html'), 'utf8');
      const nord = '1\u00a0Nord (bestes Team)</th><td>5</td><td>29</td><td>30.000,00\u00a0€</td><td>60,0\u00a0%<meter';
      assert.match(html, nord, name);
      assert.match(html, '2\u00a0Süd</th><td>5</td><td>45</td><td>55.000,00\u00a0€</td><td>55,0\u00a0%<meter', name);
    }
  });
  const sheet = await podium(['validate', '--privacy', join(FIXTURES, 'fair/team-targets.json')]);
  assert.is(sheet.status, 0, sheet.stderr);
  assert.match(sheet.stdout, 'nach dem Anteil an der Summe der persönlichen Ziele ihrer Mitglieder (Netto-Volumen)');
});

cli('a Region column in a contest without "teams" is ignored as before: the same note, no teams table', async () => {
  await inScratch(async (dir) => {
    const { teams: _teams, ...contest } = JSON.parse(fixture('fair/teams.json'));
    copyFileSync(join(FIXTURES, 'real/teams/regions.csv'), join(dir, 'regions.csv'));
    writeFileSync(join(dir, 'plain.json'), JSON.stringify({ ...contest, users: 'regions.csv' }, null, 2));
    const run = await podium(['validate', 'plain.json'], { cwd: dir });
    assert.is(run.status, 0, run.stderr);
    assert.match(
      run.stdout + run.stderr,
      'regions.csv:1:47: note: users: column "Region" ignored; podium reads "Name", "Anzahl Eigenleads", "Summe Netto-Volumen AB"',
    );
  });
});

cli('reads the region from a workbook as from its CSV export: the same teams table', async () => {
  await inScratch(async (dir) => {
    const contest = JSON.parse(fixture('fair/teams.json'));
    copyFileSync(join(FIXTURES, 'real/teams/regions.xlsx'), join(dir, 'regions.xlsx'));
    writeFileSync(join(dir, 'teams.json'), JSON.stringify({ ...contest, users: 'regions.xlsx' }));
    const run = await podium(['build', 'teams.json', '--out', 'out'], { cwd: dir });
    assert.is(run.status, 0, run.stderr);
    const html = readFileSync(join(dir, 'out/index.html'), 'utf8');
    assert.match(html, '1\u00a0Nord (bestes Team)</th><td>5</td><td>17,80</td><td>27.206,10\u00a0€</td>');
    assert.match(html, '2 Teams mit weniger als 5 Personen werden nicht einzeln gezeigt.');
  });
});

cli('a team column named in "columns", and a list\'s own "team": the same teams', async () => {
  await inScratch(async (dir) => {
    const contest = JSON.parse(fixture('fair/teams.json'));
    copyFileSync(join(FIXTURES, 'real/teams/regions.csv'), join(dir, 'regions.csv'));
    const named = { ...contest, users: 'regions.csv', columns: { team: 'Region' } };
    writeFileSync(join(dir, 'named.json'), JSON.stringify(named));
    const users = [...people('Nord', 5, 2, 10), ...people('Süd', 4, 1, 1)];
    writeFileSync(join(dir, 'list.json'), JSON.stringify({ ...contest, users }));
    for (const name of ['named', 'list']) {
      const run = await podium(['build', `${name}.json`, '--out', name], { cwd: dir });
      assert.is(run.status, 0, run.stderr);
    }
    const html = readFileSync(join(dir, 'named/index.html'), 'utf8');
    assert.match(html, '1\u00a0Nord (bestes Team)</th><td>5</td><td>17,80</td><td>27.206,10\u00a0€</td>');
    const list = readFileSync(join(dir, 'list/index.html'), 'utf8');
    assert.match(list, '1\u00a0Nord (bestes Team)</th><td>5</td><td>2,00</td><td>10,00\u00a0€</td>');
    assert.match(list, '1 Team mit weniger als 5 Personen wird nicht einzeln gezeigt.');
  });
});

cli('the data sheet says that teams are shown, by what, and the minimum', async () => {
  const run = await podium(['validate', '--privacy', join(FIXTURES, 'fair/teams.json')]);
  assert.is(run.status, 0, run.stderr);
  assert.match(run.stdout, 'Teams: eine zweite Tabelle reiht die Teams (Spalte „Team“ oder „Region“) nach dem');
  assert.match(run.stdout, 'ein Team mit weniger als 5 Personen wird nicht gezeigt');
});

board.run();
carried.run();
cli.run();
