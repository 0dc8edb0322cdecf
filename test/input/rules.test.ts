// The contest's rules over a real check: an export in the wrong order, a volume column under another title, a totals
// row, a title above the table; and the winners the rules then make.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toLine } from '../../src/errors.ts';
import { rank } from '../../src/contest/ranking.ts';
import { findUnlisted } from '../../src/input/rules.ts';
import { validate } from '../helpers/validate.ts';
import { fixture, FIXTURES, inScratch } from '../helpers/files.ts';
import { podium } from '../helpers/cli.ts';
import { toPeopleXml, toWorkbook, withSheet } from '../helpers/workbooks.ts';

const HEAD = {
  title: 'Frühjahr',
  heading: 'H',
  journey_date_text: 'J',
  description: 'D',
  qualification_date_text: 'Q',
  solo_winners: 2,
};
// Sorted by name, as an export sorted by its first column: Bäcker has nothing, Braun the most.
const BY_NAME =
  'Name;Anzahl Eigenleads;Summe Netto-Volumen AB\nAnna Adler;3;1.200,00 €\nBen Braun;40;80.000,00 €\nThomas Bäcker;0;0,00 €\nZoe Zander;12;50.000,00 €\n';

/** Checks a contest whose users are the export `data` (a CSV text, or a workbook's bytes) beside it. */
const check = (data: string | Uint8Array, rules: object = {}, users = 'spring.csv') =>
  inScratch(async (dir) => {
    writeFileSync(join(dir, users), data);
    const text = JSON.stringify({ ...HEAD, ...rules, users });
    const { contests, problems } = await validate([{ file: join(dir, 'spring.json'), bytes: Buffer.from(text) }]);
    const contest = contests[0]?.contest;
    return {
      lines: problems.map((problem) => toLine(problem).replaceAll(`${dir}/`, '')),
      names: contest?.users.map(({ name }) => name),
      winners: contest && rank(contest.users, contest.solo_winners, contest).winners,
    };
  });

const order = suite('the list’s order: trusted only when it is one, else the rules decide');

order('an alphabetical export is an error at its first row out of order, and the ranking orders it', async () => {
  const none = await check(BY_NAME);
  assert.equal(none.lines, [
    'spring.csv:3:1: users[1]: "Anna Adler" (3 leads, 1.200,00 €) stands above "Ben Braun" (40 leads, 80.000,00 €): the list is in order of neither figure; say "ranking": "profit" to let podium order it, or "ranking": "as given"',
  ]);
  assert.is(none.names, undefined, 'no page');
  const byVolume = await check(BY_NAME, { ranking: 'profit' });
  assert.equal(byVolume.lines, []);
  assert.equal(byVolume.names, ['Ben Braun', 'Zoe Zander', 'Anna Adler', 'Thomas Bäcker']);
  const asGiven = await check(BY_NAME, { ranking: 'as given' });
  assert.equal(asGiven.names, ['Anna Adler', 'Ben Braun', 'Thomas Bäcker', 'Zoe Zander'], 'as today');
});

order('"ties" needs a figure to rank by; a list of figures names each once', async () => {
  // Where a value is in the one-line contest file: an oracle apart from the scanner.
  const column = (rules: object, value: string) => JSON.stringify({ ...HEAD, ...rules }).indexOf(value) + 1;
  const ties = { ranking: 'as given', ties: 'shared' };
  assert.equal((await check(BY_NAME, ties)).lines, [
    `spring.json:1:${column(ties, '"shared"')}: ties: "ties" needs a figure to compare: add "ranking": "profit" (or "leadCount"), or remove "ties"`,
  ]);
  const twice = { ranking: ['profit', 'profit'] };
  assert.equal((await check(BY_NAME, twice)).lines, [
    `spring.json:1:${column(twice, '["profit"')}: ranking: must name each figure once, got a list`,
  ]);
});

order('ties share a place and widen the winners; "list order" keeps the warning', async () => {
  const tied = 'Name;Anzahl Eigenleads;Summe Netto-Volumen AB\nA;9;900\nB;5;500\nC;4;500\nD;1;100\n';
  const shared = await check(tied, { ranking: 'profit' });
  assert.equal([shared.lines, shared.winners], [[], 3]);
  const listOrder = await check(tied, { ranking: 'profit', ties: 'list order' });
  assert.equal(listOrder.lines, [
    "spring.csv:4:1: warning: users[2]: places 2 and 3 tie (4 leads, 500,00 €): the list's order decides who travels [tie 2: B, C]",
  ]);
  assert.is(listOrder.winners, 2);
  // Placed and named at the row the file has: C is the file's second person, third by volume.
  const unordered = 'Name;Anzahl Eigenleads;Summe Netto-Volumen AB\nB;5;500\nC;4;500\nA;9;900\n';
  assert.equal((await check(unordered, { ranking: 'profit', ties: 'list order' })).lines, [
    "spring.csv:3:1: warning: users[1]: places 2 and 3 tie (4 leads, 500,00 €): the list's order decides who travels [tie 2: B, C]",
  ]);
});

const columns = suite('the volume column: never a column of zeros');

columns(
  'a volume column under another title is an error naming it; "columns" maps it, for CSV and workbooks',
  async () => {
    for (const title of [
      'Summe Netto-Volumen AB (EUR)',
      'Netto-Volumen AB',
      'Umsatz netto',
      'Nettovolumen',
      'Summe Netto-Volumen AB 2027',
    ]) {
      const csv = `Name;Anzahl Eigenleads;${title}\nAnna;3;1.200,00\nBen;1;800,00\n`;
      assert.equal((await check(csv)).lines, [
        `spring.csv:1:1: users: no column "profit" or "Summe Netto-Volumen AB": ${JSON.stringify(title)} is ignored; name the volume's column in "columns": { "profit": "…" }, or say "columns": { "profit": null } for an export without volume`,
      ]);
      const mapped = await check(csv, { columns: { profit: title } });
      assert.equal([mapped.lines, mapped.names], [[], ['Anna', 'Ben']], title);
      const sheet = toWorkbook({
        Tabelle1: [
          ['Name', 'Anzahl Eigenleads', title],
          ['Anna', 3, 1200],
          ['Ben', 1, 800],
        ],
      });
      const fromWorkbook = await check(sheet, { columns: { profit: title } }, 'Bericht.xlsx');
      assert.equal([fromWorkbook.lines, fromWorkbook.names], [[], ['Anna', 'Ben']], title);
    }
    const none = await check('Name;Anzahl Eigenleads\nAnna;3\nBen;1\n', { columns: { profit: null } });
    assert.equal([none.lines, none.names], [[], ['Anna', 'Ben']], 'an export without volume, said so');
  },
);

const totals = suite('a totals row is no salesperson');

totals('named as a total and the sum of the rows above it: left out with a note, the winners without it', async () => {
  const named = `${BY_NAME}Gesamt;55;131.200,00 €\n`;
  const read = await check(named, { ranking: 'profit' });
  assert.equal(read.lines, [
    'spring.csv:6:1: note: users[4]: "Gesamt" (55 leads, 131.200,00 €) is the sum of the rows above it: left out',
  ]);
  assert.equal([read.names, read.winners], [['Ben Braun', 'Zoe Zander', 'Anna Adler', 'Thomas Bäcker'], 2]);
  const stale = await check(named.replace(';55;', ';54;'), { ranking: 'profit' });
  assert.equal(stale.lines, [
    'spring.csv:6:1: users[4]: "Gesamt" (54 leads, 131.200,00 €) is named as a total, but is not the sum of the rows above it (55 leads, 131.200,00 €): podium cannot tell a total from a person; correct its figures, or delete the row from the export',
  ]);
  assert.is(stale.names, undefined, 'no page');
  const person = `${BY_NAME}Vertrieb Nord;55;131.200,00 €\n`;
  assert.equal((await check(person, { ranking: 'profit' })).names, [
    'Vertrieb Nord',
    'Ben Braun',
    'Zoe Zander',
    'Anna Adler',
    'Thomas Bäcker',
  ]);
  const small = 'Name;Anzahl Eigenleads;Summe Netto-Volumen AB\nAnna;3;30\nBen;2;20\nCarl;1;10\n';
  assert.equal((await check(small)).lines, [], 'the first of three, the sum of the others by chance, is a person');
});

totals('later problems stay at their rows of the file, the totals rows counted', async () => {
  // Summe Nord is left out; the list is then in order of neither figure at Dora, the file's fifth person.
  const unordered =
    'Name;Anzahl Eigenleads;Summe Netto-Volumen AB\nAnna;3;30\nBen;2;20\nSumme Nord;5;50\nCarl;1;10\nDora;4;40\n';
  assert.equal((await check(unordered)).lines, [
    'spring.csv:4:1: note: users[2]: "Summe Nord" (5 leads, 50,00 €) is the sum of the rows above it: left out',
    'spring.csv:6:1: users[4]: "Carl" (1 lead, 10,00 €) stands above "Dora" (4 leads, 40,00 €): the list is in order of neither figure; say "ranking": "profit" to let podium order it, or "ranking": "as given"',
  ]);
  const tied =
    'Name;Anzahl Eigenleads;Summe Netto-Volumen AB\nA;9;900\nB;5;500\nNord gesamt;14;1400\nC;4;500\nSüd gesamt;4;500\n';
  const ties = await check(tied, { ranking: 'profit', ties: 'list order' });
  assert.equal(ties.lines, [
    'spring.csv:4:1: note: users[2]: "Nord gesamt" (14 leads, 1.400,00 €) is the sum of the rows above it: left out',
    "spring.csv:5:1: warning: users[3]: places 2 and 3 tie (4 leads, 500,00 €): the list's order decides who travels [tie 2: B, C]",
    'spring.csv:6:1: note: users[4]: "Süd gesamt" (4 leads, 500,00 €) is the sum of the rows above it: left out',
  ]);
  assert.equal(ties.names, ['A', 'B', 'C']);
});

totals('a users list in the contest file: the same rule, placed in the contest file', () =>
  inScratch(async (dir) => {
    const users = [
      { name: 'Anna', leadCount: 3, profit: 300 },
      { name: 'Ben', leadCount: 2, profit: 200 },
      { name: 'Gesamt', leadCount: 5, profit: 500 },
    ];
    const text = JSON.stringify({ ...HEAD, users }, null, 2);
    const file = join(dir, 'spring.json');
    const { contests, problems } = await validate([{ file, bytes: Buffer.from(text) }]);
    const line = text.split('\n').findIndex((at) => at.includes('"Gesamt"')); // the user's `{` is the line above
    assert.equal(
      problems.map((problem) => toLine(problem).replaceAll(`${dir}/`, '')),
      [`spring.json:${line}:5: note: users[2]: "Gesamt" (5 leads, 500,00 €) is the sum of the rows above it: left out`],
    );
    assert.equal(
      contests[0]!.contest.users.map(({ name }) => name),
      ['Anna', 'Ben'],
    );
  }),
);

const rows = suite('one person, one row');

rows(
  'a name an earlier row has (NFC and NFD, case, spaces) is a warning at the later row, naming the first',
  async () => {
    // Written by Python (test/fixtures/real/totals/make.sh): "Jörg Weiß" in NFC and NFD, "Anna Meier" and "anna  meier".
    const csv = readFileSync(join(FIXTURES, 'real/totals/same-names.csv'));
    const nfd = 'Jörg Weiß'.normalize('NFD');
    const read = await check(csv, { ranking: 'profit' });
    assert.equal(read.lines, [
      `spring.csv:5:1: warning: users[3]: "${nfd}" is the same name as users[1] "Jörg Weiß": podium tells people apart by their names, so neither row has a movement or a personal link; give each person one row (their figures added up), or a name of their own [same name: Jörg Weiß]`,
      'spring.csv:6:1: warning: users[4]: "anna  meier" is the same name as users[0] "Anna Meier": written otherwise in case or spaces, it reads as one person in two rows; give each person one row (their figures added up), or a name of their own [same name: Anna Meier]',
    ]);
    assert.is(read.names?.length, 6, 'warnings: the page is baked with every row');
    const acknowledged = await check(csv, { ranking: 'profit', acknowledged: ['same name: Jörg Weiß'] });
    assert.match(acknowledged.lines[0]!, '[same name: Jörg Weiß] (acknowledged)');
  },
);

const header = suite('the header row: a title may stand above it');

header('a CSV export with a report title and an empty row above its table reads as a workbook does', async () => {
  const csv = `Auswertung Frühjahr 2027;;\n;;\n${BY_NAME}`;
  const read = await check(csv, { ranking: 'profit' });
  assert.equal([read.lines, read.names], [[], ['Ben Braun', 'Zoe Zander', 'Anna Adler', 'Thomas Bäcker']]);
  const wrong = `Auswertung Frühjahr 2027;;\n${BY_NAME.replace('3;1.200', 'drei;1.200')}`;
  assert.equal((await check(wrong, { ranking: 'profit' })).lines, [
    'spring.csv:3:12: users[0].leadCount: expected a whole number ≥ 0, got "drei"',
  ]);
});

const acknowledged = suite("acknowledged warnings: a week's for its Stand, what every export has for good");

acknowledged('an acknowledged warning is a note that --strict passes; a new Stand brings it back', () =>
  inScratch(async (dir) => {
    mkdirSync(join(dir, 'spring'));
    const csv = (rows: string) => `Name;Anzahl Eigenleads;Summe Netto-Volumen AB\n${rows.replaceAll(' ', '\n')}\n`;
    writeFileSync(join(dir, 'spring/2027-03-24.csv'), csv('Anna;9;900 Ben;8;800'));
    writeFileSync(join(dir, 'spring/2027-03-31.csv'), csv('Anna;10;1000 Ben;7;900'));
    const run = async (given: string[], strict = true) => {
      const text = JSON.stringify({ ...HEAD, ranking: 'profit', users: 'spring/', acknowledged: given });
      const file = join(dir, 'spring.json');
      const { contests, problems } = await validate([{ file, bytes: Buffer.from(text) }], { strict });
      return { valid: contests.length, lines: problems.map((problem) => toLine(problem).replaceAll(`${dir}/`, '')) };
    };
    const fell =
      'spring/2027-03-31.csv:3:5: users[1]: leadCount of "Ben" fell from 8 to 7 since 2027-03-24; own leads are counted, never booked back [2027-03-31: leads fell: Ben]';
    assert.equal(await run([]), { valid: 0, lines: [fell] }, '--strict stops at the warning');
    assert.equal(await run(['2027-03-31: leads fell: Ben']), {
      valid: 1,
      lines: [fell.replace('users[1]:', 'note: users[1]:').concat(' (acknowledged)')],
    });
    assert.equal((await run(['leads fell: Ben'])).valid, 0, 'an acknowledgement names its Stand');
    writeFileSync(join(dir, 'spring/2027-04-07.csv'), csv('Anna;11;1100 Ben;6;1000'));
    const next = await run(['2027-03-31: leads fell: Ben']);
    assert.is(next.valid, 0, 'a new Stand brings the warning back');
    assert.equal(next.lines, [
      `spring.json:1:${JSON.stringify({ ...HEAD, ranking: 'profit', users: 'spring/', acknowledged: [] }).length - 1}: note: acknowledged[0]: "2027-03-31: leads fell: Ben" matches no warning of the Stand 2027-04-07: remove it`,
      'spring/2027-04-07.csv:3:5: users[1]: leadCount of "Ben" fell from 7 to 6 since 2027-03-31; own leads are counted, never booked back [2027-04-07: leads fell: Ben]',
    ]);
  }),
);

acknowledged('the change report counts places under the rule: shared places, and movements between them', () =>
  inScratch(async (dir) => {
    mkdirSync(join(dir, 'spring'));
    const csv = (rows: string) => `Name;Anzahl Eigenleads;Summe Netto-Volumen AB\n${rows.replaceAll(' ', '\n')}\n`;
    // By name in both weeks; by volume: Anna, Ben, Carl last week; now Carl first, Anna and Ben equal at place 2.
    writeFileSync(join(dir, 'spring/2027-03-24.csv'), csv('Anna;9;900 Ben;8;800 Carl;7;700'));
    writeFileSync(join(dir, 'spring/2027-03-31.csv'), csv('Anna;10;950 Ben;9;950 Carl;12;1200'));
    const text = JSON.stringify({ ...HEAD, solo_winners: 1, ranking: 'profit', users: 'spring/' });
    const { changes, problems } = await validate([{ file: join(dir, 'spring.json'), bytes: Buffer.from(text) }]);
    assert.equal(problems, []);
    assert.equal(
      changes[0]!.rows.map(({ name, place, was }) => [name, place, was]),
      [
        ['Carl', 1, 3],
        ['Anna', 2, 1],
        ['Ben', 2, 2],
      ],
    );
    assert.equal([changes[0]!.newInTop, changes[0]!.climb], [['Carl'], { name: 'Carl', by: 2 }]);
  }),
);

acknowledged('a contest without a history acknowledges by the key, which names the people of a tie', async () => {
  const tied = 'Name;Anzahl Eigenleads;Summe Netto-Volumen AB\nA;9;900\nB;5;500\nC;4;500\n';
  const rules = { ranking: 'profit', ties: 'list order', acknowledged: ['tie 2: B, C'] };
  assert.equal((await check(tied, rules)).lines, [
    "spring.csv:4:1: note: users[2]: places 2 and 3 tie (4 leads, 500,00 €): the list's order decides who travels [tie 2: B, C] (acknowledged)",
  ]);
  // Next week another tie at the same place, between other people: a warning again.
  const next = 'Name;Anzahl Eigenleads;Summe Netto-Volumen AB\nA;9;900\nD;6;600\nB;5;600\n';
  const column = JSON.stringify({ ...HEAD, ...rules, users: 'spring.csv' }).indexOf('"tie 2') + 1;
  assert.equal((await check(next, rules)).lines, [
    `spring.json:1:${column}: note: acknowledged[0]: "tie 2: B, C" matches no warning: remove it`,
    "spring.csv:4:1: warning: users[2]: places 2 and 3 tie (5 leads, 600,00 €): the list's order decides who travels [tie 2: D, B]",
  ]);
});

acknowledged('what every export has is acknowledged once, for good: --strict passes week after week', () =>
  inScratch(async (dir) => {
    mkdirSync(join(dir, 'spring'));
    // Every week's workbook hides the row of "Max", who left; the contest file keeps a key of the team's own.
    const hidden = '<row r="4" hidden="1"><c r="A4" t="inlineStr"><is><t>Max</t></is></c><c r="B4"><v>9</v></c></row>';
    const week = (date: string) => writeFileSync(join(dir, `spring/${date}.xlsx`), withSheet(toPeopleXml(2) + hidden));
    const run = async (given: string[]) => {
      const text = JSON.stringify({ ...HEAD, users: 'spring/', region: 'Süd', acknowledged: given });
      const file = join(dir, 'spring.json');
      const { contests, problems } = await validate([{ file, bytes: Buffer.from(text) }], { strict: true });
      return { valid: contests.length, lines: problems.map((problem) => toLine(problem).replaceAll(`${dir}/`, '')) };
    };
    week('2027-03-24');
    const rows = (date: string) =>
      `spring/${date}.xlsx: Tabelle1!A4: users: row 4 is hidden in Excel ("Max"): it is left out; show it in Excel, or delete it, if it is a person [hidden rows]`;
    const key = `spring.json:1:${JSON.stringify({ ...HEAD, users: 'spring/' }).length + 1}: unknown key "region" [unknown key: region]`;
    assert.equal(await run([]), { valid: 0, lines: [key, rows('2027-03-24')] }, 'the keys name no Stand');
    const both = ['hidden rows', 'unknown key: region'];
    const noted = (line: string) => line.replace(/(\d: )/, '$1note: ').concat(' (acknowledged)');
    for (const date of ['2027-03-31', '2027-04-07']) {
      week(date);
      const { valid, lines } = await run(both);
      assert.equal([valid, lines[0], lines.at(-1)], [1, noted(key), noted(rows(date))], date);
      assert.is(lines.length, date === '2027-03-31' ? 3 : 4, "every Stand's hidden rows, the older ones' too");
    }
    // A key of the week, as such warnings were acknowledged before, passes its week and says what does for good.
    const old = await run(['2027-04-07: hidden rows', 'unknown key: region']);
    assert.is(old.valid, 1);
    assert.is(
      old.lines.at(-1),
      rows('2027-04-07').replace(/(\d: )/, '$1note: ') + ' (acknowledged for 2027-04-07; "hidden rows" does for good)',
    );
  }),
);

order.run();
columns.run();
totals.run();
rows.run();
header.run();
acknowledged.run();

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
