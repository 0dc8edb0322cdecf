import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toPage, toPageChanges, toParts, toPrivacy, toShownName, toShownNames } from '../../src/contest/privacy.ts';
import { rank, toShownRanking } from '../../src/contest/ranking.ts';
import type { Contest, Privacy, User } from '../../src/contest/schema.ts';
import { toContest, toRanked } from '../helpers/contests.ts';

const LABEL = 'Vertriebler*in';
const user = (name: string, profit: number, more: Partial<User> = {}): User => ({
  name,
  leadCount: 10,
  profit,
  ...more,
});
const contestOf = async (users: unknown[], more: Record<string, unknown> = {}): Promise<Contest> =>
  toContest(
    JSON.stringify({
      title: 'T',
      heading: '',
      journey_date_text: '',
      description: '',
      qualification_date_text: '',
      solo_winners: 2,
      ranking: 'profit',
      users,
      ...more,
    }),
  );
const PEOPLE = [
  { name: 'Sabine Hoffmann', leadCount: 3, profit: 90000.5 },
  { name: 'Max Muster', leadCount: 9, profit: 80000 },
  { name: 'Sabine Huber', leadCount: 5, profit: 70000 },
  { name: 'Lea Zimmermann', leadCount: 1, profit: 60000, alias: 'Rakete' },
];

const names = suite('toShownName() and toShownNames()');

names('shows each setting: full, first name and initial, initials, alias (initials without one)', () => {
  const sabine = { name: 'Sabine Hoffmann' };
  assert.equal(
    [
      toShownName(sabine, 'full'),
      toShownName(sabine, 'first name and initial'),
      toShownName(sabine, 'initials'),
      toShownName(sabine, 'alias'),
      toShownName({ ...sabine, alias: ' Rakete ' }, 'alias'),
      toShownName({ name: 'Hans Peter Müller' }, 'initials'),
      toShownName({ name: 'Cher' }, 'first name and initial'),
      toShownName({ name: '  jörg   östermann ' }, 'first name and initial'),
    ],
    ['Sabine Hoffmann', 'Sabine H.', 'S. H.', 'S. H.', 'Rakete', 'H. M.', 'Cher', 'jörg Ö.'],
  );
});

names('tells two people who would read the same apart, in list order, never the same text', () => {
  const users = [user('Sabine Hoffmann', 3), user('Sabine Huber', 2), user('Ben K', 1, { alias: 'S. H. (1)' })];
  const shown = toShownNames(users, { names: 'alias' }, LABEL);
  assert.equal(shown, ['S. H. (2)', 'S. H. (3)', 'S. H. (1)']);
  const first = toShownNames(users.slice(0, 2), { names: 'first name and initial' }, LABEL);
  assert.equal(first, ['Sabine H. (1)', 'Sabine H. (2)']);
  assert.is(new Set(shown).size, shown.length);
});

names('hides people by the list (as the history matches names) and by the column, numbered apart', () => {
  const users = [user('Max Muster', 3), user('Lea Z', 2, { hidden: true }), user('Ben K', 1, { hidden: false })];
  const privacy: Privacy = { hidden: [' Max Muster '] };
  assert.equal(toShownNames(users, privacy, LABEL), [`${LABEL} (1)`, `${LABEL} (2)`, 'Ben K']);
  assert.equal(toShownNames(users.slice(1), privacy, LABEL), [LABEL, 'Ben K']);
});

names('hides a listed name however its case or spaces differ from the export (a non-breaking one, two)', () => {
  const users = [user('Max Muster', 3), user('Ömer Çelik', 2), user('Ben K', 1)];
  const privacy: Privacy = { hidden: ['max\u00a0muster', 'ÖMER  ÇELIK'] };
  assert.equal(toShownNames(users, privacy, LABEL), [`${LABEL} (1)`, `${LABEL} (2)`, 'Ben K']);
});

names('keeps hostile and right-to-left names as text: only their first letters, nothing added to run', () => {
  const users = [user('<script>alert(1)</script> \u202eEvil', 2), user('\u05d3\u05d5\u05d3 \u05db\u05d4\u05df', 1)];
  assert.equal(toShownNames(users, { names: 'initials' }, LABEL), ['S. E.', '\u05d3. \u05db.']);
});

const parts = suite('toParts()');

parts('reads "Last, First" as CRMs export it, titles and particles around', () => {
  assert.equal(toParts('Müller, Jörg'), { first: 'Jörg', last: 'Müller' });
  assert.equal(toParts('Müller-Lüdenscheidt, Dr. Hans Peter'), { first: 'Hans', last: 'Müller-Lüdenscheidt' });
  assert.equal(toParts('van der Berg, Jan'), { first: 'Jan', last: 'Berg' });
  assert.equal(toParts('Brandenstein-Zeppelin, Konstantin von'), {
    first: 'Konstantin',
    last: 'Brandenstein-Zeppelin',
  });
  assert.equal(toParts('Müller,'), { first: 'Müller' });
});

parts('leaves out titles and passes over particles in "First Last"', () => {
  assert.equal(toParts('Dr. Konstantin von Brandenstein-Zeppelin'), {
    first: 'Konstantin',
    last: 'Brandenstein-Zeppelin',
  });
  assert.equal(toParts('Prof. Dr. Anna de la Cruz'), { first: 'Anna', last: 'Cruz' });
  assert.equal(toParts('Dipl.-Ing. Lea Zu Guttenberg'), { first: 'Lea', last: 'Guttenberg' });
  assert.equal(toParts('Dr Anna van Dijk'), { first: 'Anna', last: 'Dijk' });
  assert.equal(toParts('Dr.'), { first: 'Dr.' });
});

parts('reads a plain name as its first and last word, as before: initials and middle names untouched', () => {
  assert.equal(toParts('Sabine Hoffmann'), { first: 'Sabine', last: 'Hoffmann' });
  assert.equal(toParts('Hans Peter Müller'), { first: 'Hans', last: 'Müller' });
  assert.equal(toParts('Jörg J. Müller'), { first: 'Jörg', last: 'Müller' });
  assert.equal(toParts('Anna De'), { first: 'Anna', last: 'De' });
  assert.equal(toParts('  Cher '), { first: 'Cher' });
});

parts('gives the short forms the page shows: no surname in full', () => {
  const shown = (name: string) => [toShownName({ name }, 'first name and initial'), toShownName({ name }, 'initials')];
  assert.equal(shown('Müller, Jörg'), ['Jörg M.', 'J. M.']);
  assert.equal(shown('Dr. Konstantin von Brandenstein-Zeppelin'), ['Konstantin B.', 'K. B.']);
  assert.equal(shown('Prof. Dr. med. Ute Sommer'), ['Ute S.', 'U. S.']);
});

const pages = suite('toPage()');

pages('leaves a contest without privacy as it is, and drops the privacy list from the page', async () => {
  const plain = await contestOf(PEOPLE.map(({ alias: _alias, ...person }) => person));
  assert.is(toPage(toRanked(plain), undefined, LABEL), plain);
  const full = await contestOf(PEOPLE.slice(0, 2), { privacy: { names: 'full' } });
  const { privacy: _privacy, ...rest } = full;
  assert.equal(toPage(toRanked(full), undefined, LABEL), rest);
  assert.not.ok('privacy' in toPage(toRanked(full), undefined, LABEL));
});

pages('names: initials, alias; no alias or hidden field and no hidden name on the page', async () => {
  const contest = await contestOf(PEOPLE, { privacy: { names: 'alias', hidden: ['Max Muster'] } });
  const page = toPage(toRanked(contest), undefined, LABEL);
  assert.equal(
    page.users.map((person) => person.name),
    ['S. H. (1)', LABEL, 'S. H. (2)', 'Rakete'],
  );
  assert.equal(Object.keys(page.users[3]!).sort(), ['leadCount', 'name', 'profit']);
  assert.not.ok(JSON.stringify(page).includes('Muster'));
  assert.is(page.ranked, undefined, 'all amounts shown: the page ranks them itself');
  assert.equal(
    page.users.map((person) => person.profit),
    PEOPLE.map((person) => person.profit),
  );
});

pages('amounts: winners keeps the winning rows only, and the ranking of the full figures', async () => {
  const contest = await contestOf(PEOPLE);
  const page = toPage(toRanked(contest), { amounts: 'winners' }, LABEL);
  assert.equal(
    page.users.map((person) => person.profit),
    [90000.5, 80000, undefined, undefined],
  );
  const ranking = toShownRanking(page);
  const full = rank(contest.users, 2, contest);
  assert.equal([...ranking.places], [...full.places]);
  assert.equal([...ranking.winning], [...full.winning]);
  assert.equal([ranking.winners, ranking.last], [full.winners, full.last]);
});

pages('amounts: none publishes no amount, and the contest own setting wins over the default', async () => {
  const contest = await contestOf(PEOPLE, { privacy: { amounts: 'none' } });
  const page = toPage(toRanked(contest), { amounts: 'all', names: 'initials' }, LABEL);
  assert.equal(
    page.users.map(({ name, profit }) => [name, profit]),
    [
      ['S. H. (1)', undefined],
      ['M. M.', undefined],
      ['S. H. (2)', undefined],
      ['L. Z.', undefined],
    ],
  );
  assert.equal([...toShownRanking(page).winning], [...rank(contest.users, 2, contest).winning]);
  assert.not.ok(/90000|80000|70000|60000/.test(JSON.stringify(page)));
});

pages("a contest's own list hides its people besides the default's, never instead of them", async () => {
  const contest = await contestOf(PEOPLE, { privacy: { hidden: ['Max Muster'] } });
  const page = toPage(toRanked(contest), { hidden: ['Sabine Huber'] }, LABEL);
  assert.equal(
    page.users.map(({ name }) => name),
    ['Sabine Hoffmann', `${LABEL} (1)`, `${LABEL} (2)`, 'Lea Zimmermann'],
  );
  assert.equal(toPrivacy({ names: 'initials', hidden: ['A'] }, { amounts: 'none', hidden: ['B'] }), {
    names: 'initials',
    amounts: 'none',
    hidden: ['B', 'A'],
  });
});

pages('a shared place at the cut-off and a minimum survive the trip', async () => {
  const tied = [
    { name: 'A A', leadCount: 1, profit: 5 },
    { name: 'B B', leadCount: 30, profit: 4 },
    { name: 'C C', leadCount: 30, profit: 4 },
    { name: 'D D', leadCount: 30, profit: 1 },
  ];
  const contest = await contestOf(tied, { minimum: { leadCount: 20 }, privacy: { amounts: 'none' } });
  const full = rank(contest.users, 2, contest);
  const ranking = toShownRanking(toPage(toRanked(contest), undefined, LABEL));
  assert.equal([...ranking.short!], [...full.short!]);
  assert.equal([ranking.shared, [...ranking.winning]], [full.shared, [...full.winning]]);
});

pages("the history's gains in euro only where the amount is published in both Stands", () => {
  const contest: Contest = {
    title: 'T',
    heading: '',
    journey_date_text: '',
    description: '',
    qualification_date_text: '',
    solo_winners: 1,
    users: [user('A A', 9), user('B B', 5)],
    standings: {
      since: '2027-01-01',
      stands: ['2027-01-01', '2027-01-08'],
      climbed: [[0], [0]],
      gained: [
        [2, 4],
        [1, 3],
      ],
    },
  };
  const page = toPage(toRanked(contest), { amounts: 'winners' }, LABEL);
  assert.equal(page.standings!.gained, [
    [2, 0],
    [1, 0],
  ]);
  // A winner now and then: the gain is the difference of two published amounts.
  const previous = { winning: Uint8Array.of(1, 0) };
  assert.equal(toPage({ ...toRanked(contest), previous }, { amounts: 'winners' }, LABEL).standings!.gained, [
    [2, 4],
    [1, 0],
  ]);
  assert.equal(toPage({ ...toRanked(contest), previous }, { amounts: 'all' }, LABEL).standings!.gained, [
    [2, 4],
    [1, 3],
  ]);
});

const changes = suite('toPageChanges()');

changes('names as the page shows them, no amount it does not publish, gone people by the settings', async () => {
  // Hidden, and gone since the previous Stand: the check takes the gone as listed (input/rules.ts).
  const privacy: Privacy = { names: 'initials', amounts: 'winners', hidden: ['Ex Kollege'] };
  const contest = { ...(await contestOf(PEOPLE)), privacy };
  const given = {
    file: 'c.json',
    new: ['Sabine Huber'],
    gone: ['Ex Kollege', 'Tom Weg'],
    newInTop: ['Max Muster'],
    climb: { name: 'Max Muster', by: 2 },
    rows: [
      { name: 'Max Muster', place: 2, was: 4, leadCount: 9, profit: 80000, before: { leadCount: 8, profit: 1 } },
      { name: 'Sabine Huber', place: 3, was: 0, leadCount: 5, profit: 70000 },
      { name: 'Lea Zimmermann', place: 4, was: 3, leadCount: 1, profit: 60000, before: { leadCount: 1, profit: 2 } },
    ],
  };
  const shown = toPageChanges(given, toRanked(contest), undefined, LABEL);
  assert.equal(
    [shown.new, shown.gone, shown.newInTop, shown.climb],
    [['S. H. (2)'], [LABEL, 'T. W.'], ['M. M.'], { name: 'M. M.', by: 2 }],
  );
  // Max won no place before (4th of 2): his volume then, and so his gain, were not published.
  assert.equal(shown.rows[0], { ...given.rows[0], name: 'M. M.', before: { leadCount: 8, profit: 80000 } });
  const previous = { winning: Uint8Array.of(0, 1, 0, 0) }; // Max, second in the list, a winner then too
  const won = toPageChanges(given, { ...toRanked(contest), previous }, undefined, LABEL);
  assert.equal(won.rows[0], { ...given.rows[0], name: 'M. M.' });
  assert.equal(shown.rows[1], { name: 'S. H. (2)', place: 3, was: 0, leadCount: 5, profit: 0, shown: false });
  assert.equal(shown.rows[2]!.before, { leadCount: 1, profit: 0 });
  assert.is(shown.file, 'c.json');
  assert.is(toPageChanges(given, toRanked(await contestOf(PEOPLE.slice(0, 1))), undefined, LABEL), given);
});

changes('someone gone whom the previous export hid stays hidden, with or without privacy settings', async () => {
  const given = {
    file: 'c.json',
    new: [],
    gone: ['Ex Kollege', 'Tom Weg'],
    goneHidden: ['Ex Kollege'],
    newInTop: [],
    climb: undefined,
    rows: [],
  };
  for (const privacy of [undefined, { names: 'initials' }]) {
    const shown = toPageChanges(given, toRanked(await contestOf(PEOPLE, privacy && { privacy })), undefined, LABEL);
    assert.equal(shown.gone, [LABEL, privacy ? 'T. W.' : 'Tom Weg']);
  }
});

changes(
  'a share of a target is withheld with a volume target’s amount, a lead target’s stays; no gain where none is',
  async () => {
    const contest = { ...(await contestOf(PEOPLE)), privacy: { amounts: 'winners' } as Privacy };
    const row = (name: string, place: number, reached: number, before: number) => ({
      ...{ name, place, was: place, leadCount: 9, profit: 80000, reached },
      before: { leadCount: 8, profit: 70000, reached: before },
    });
    // Sabine wins (first of two winners), Lea does not (fourth); Sabine won before too, Lea did not.
    const given = {
      file: 'c.json',
      new: [],
      gone: [],
      newInTop: [],
      climb: undefined,
      teams: { top: ['Nord'], before: [] },
    };
    const rows = [row('Sabine Hoffmann', 1, 1050, 900), row('Lea Zimmermann', 4, 700, 600)];
    const previous = { winning: Uint8Array.of(1, 0, 0, 0) };
    const volume = toPageChanges(
      { ...given, target: 'profit', rows },
      { ...toRanked(contest), previous },
      undefined,
      LABEL,
    );
    assert.equal(volume.rows[0], rows[0]);
    assert.equal(volume.rows[1], {
      ...{ name: 'Lea Zimmermann', place: 4, was: 4, leadCount: 9, profit: 0, shown: false },
      before: { leadCount: 8, profit: 0 },
    });
    const leads = toPageChanges(
      { ...given, target: 'leadCount', rows },
      { ...toRanked(contest), previous },
      undefined,
      LABEL,
    );
    assert.equal(leads.rows[1], {
      ...rows[1]!,
      profit: 0,
      shown: false,
      before: { leadCount: 8, profit: 0, reached: 600 },
    });
    // Sabine a winner now but not then: her earlier amount was not published, and neither was its share of the target.
    const newly = toPageChanges({ ...given, target: 'profit', rows }, toRanked(contest), undefined, LABEL);
    assert.equal(newly.rows[0]!.before, { leadCount: 8, profit: 80000, reached: 1050 });
    assert.equal(newly.teams, { top: ['Nord'], before: [] });
  },
);

changes('past its end date, a contest’s changes name no best team: its page has no teams table', async () => {
  const contest = { ...(await contestOf(PEOPLE)), privacy: { until: '2027-04-30' } as Privacy };
  const given = { file: 'c.json', new: [], gone: [], newInTop: [], climb: undefined, rows: [] };
  const teams = { top: ['Nord'], before: ['Süd'] };
  assert.is(toPageChanges({ ...given, teams }, toRanked(contest), undefined, LABEL, '2027-05-01').teams, undefined);
  assert.equal(toPageChanges({ ...given, teams }, toRanked(contest), undefined, LABEL, '2027-04-30').teams, teams);
});

names.run();
pages.run();
changes.run();
parts.run();
