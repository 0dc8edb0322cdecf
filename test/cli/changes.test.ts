// What the publisher reads of what changed since the previous Stand: the line, the JSON, the step summary; and the
// commands that print them, with contests/summer.json (three weekly exports) and scratch folders.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { basename, join } from 'node:path';
import { isNewTop, toChangeLine, toChangeText, toReportJson, toStepSummary } from '../../src/cli/changes.ts';
import type { Problem } from '../../src/errors.ts';
import type { Changes } from '../../src/input/changes.ts';
import { toPrintable } from '../../src/errors.ts';
import { podium, spawnPodium } from '../helpers/cli.ts';
import { fixture, inScratch, ROOT } from '../helpers/files.ts';
import { assertInert, HOSTILE, toRendered } from '../helpers/markdown.ts';
import { toWorkbook } from '../helpers/workbooks.ts';
import { textOf, toDocument } from '../helpers/dom.ts';
import { toCents, toEuro } from '../../src/contest/numbers.ts';
import { DECIMAL_COMMA, toAmount, toNumber } from '../../src/input/sheets/amount.ts';

const NBSP = '\u00a0';
const CHANGES: Changes = {
  file: 'contests/spring.json',
  folder: 'contests/spring/',
  stand: '2027-03-31',
  since: '2027-03-24T18:00',
  top: 10,
  new: ['Anna Schäfer', 'Ben | Krüger', 'Cem'],
  gone: ['Max Muster'],
  newInTop: ['Anna Schäfer', 'Ben | Krüger'],
  climb: { name: 'Lea Zimmermann', by: 12 },
  rows: [
    { place: 1, was: 1, name: 'Sabine', leadCount: 48, profit: 412850.5, before: { leadCount: 43, profit: 400550.5 } },
    { place: 2, was: 0, name: 'Anna Schäfer', leadCount: 40, profit: 300000 },
    { place: 3, was: 0, name: 'Ben | Krüger', leadCount: 39, profit: 1 },
    { place: 4, was: 16, name: 'Lea Zimmermann', leadCount: 38, profit: 0, before: { leadCount: 20, profit: 5 } },
    { place: 5, was: 4, name: 'Tom', leadCount: 30, profit: 10, before: { leadCount: 30, profit: 10 } },
  ],
};
const WARNING: Problem = {
  file: 'contests/spring/2027-03-31.csv',
  line: 14,
  column: 21,
  path: 'users[12]',
  message: 'leadCount of "Ben Krüger" fell from 12 to 9 since 2027-03-24 18:00',
  severity: 'warning',
};
const ELSEWHERE: Problem = {
  ...WARNING,
  file: 'contests/autumn.json',
  path: 'users[9]',
  message: 'places 10 and 11 tie',
};

const line = suite('toChangeLine()');

line('says only the parts that apply', () => {
  assert.is(
    toChangeLine(CHANGES, 'en'),
    'contests/spring.json  2027-03-31 vs 2027-03-24 18:00: 3 new, 1 gone (Max Muster), 2 new in the top 10, biggest climb Lea Zimmermann +12',
  );
  const quiet = { ...CHANGES, new: [], newInTop: [], climb: undefined, gone: ['A', 'B', 'C', 'D', 'E'] };
  assert.is(toChangeText(quiet, 'en'), '2027-03-31 vs 2027-03-24 18:00: 5 gone (A, B, C and 2 more)');
  assert.is(toChangeText({ ...quiet, gone: [] }, 'en'), '2027-03-31 vs 2027-03-24 18:00: no one new, gone or moved');
  assert.is(
    toChangeText({ ...CHANGES, top: 0, new: [], gone: [], climb: undefined }, 'en'),
    '2027-03-31 vs 2027-03-24 18:00: no one new, gone or moved',
    'no winners, no top',
  );
});

line('speaks German by default, as the page does', () => {
  assert.is(
    toChangeLine(CHANGES),
    'contests/spring.json  31.03.2027 gegenüber 24.03.2027, 18:00 Uhr: 3 neu, 1 nicht mehr dabei (Max Muster), 2 neu unter den Top 10, größter Sprung Lea Zimmermann +12',
  );
  const quiet = { ...CHANGES, new: [], newInTop: [], climb: undefined, gone: ['A', 'B', 'C', 'D', 'E'] };
  assert.is(
    toChangeText(quiet),
    '31.03.2027 gegenüber 24.03.2027, 18:00 Uhr: 5 nicht mehr dabei (A, B, C und 2 weitere)',
  );
  assert.is(
    toChangeText({ ...quiet, gone: [] }),
    '31.03.2027 gegenüber 24.03.2027, 18:00 Uhr: niemand neu, nicht mehr dabei oder bewegt',
  );
});

line('a name turns nothing after it around: a bidi control shown as its code, a right-to-left name isolated', () => {
  const text = toChangeText({ ...CHANGES, gone: ['Max\u202eMuster', 'Tom'], climb: { name: 'שרה', by: 12 } }, 'en');
  assert.not.match(text, /[\u202a-\u202e\u2066\u2067]/);
  assert.match(text, '2 gone (Max\\u202eMuster, Tom)');
  assert.match(text, 'biggest climb \u2068שרה\u2069 +12');
  assert.match(toChangeLine({ ...CHANGES, file: 'a\u202e.json' }), /^a\\u202e\.json {2}/);
});

const json = suite('toReportJson()');

json('the problems as before, then the changes as data: new, gone, movers, figures changed', () => {
  const entries = JSON.parse(toReportJson([WARNING], [CHANGES], 'en')) as Record<string, unknown>[];
  assert.equal(entries[0], WARNING);
  assert.equal(entries[1], {
    file: 'contests/spring.json',
    line: 1,
    column: 1,
    path: 'users',
    message: toChangeText(CHANGES, 'en'),
    severity: 'note',
    changes: {
      stand: '2027-03-31',
      since: '2027-03-24T18:00',
      new: ['Anna Schäfer', 'Ben | Krüger', 'Cem'],
      gone: ['Max Muster'],
      newInTop: ['Anna Schäfer', 'Ben | Krüger'],
      biggestClimb: { name: 'Lea Zimmermann', by: 12 },
      movers: [
        { name: 'Lea Zimmermann', place: 4, was: 16 },
        { name: 'Tom', place: 5, was: 4 },
      ],
      figuresChanged: [
        { name: 'Sabine', place: 1, leadCount: 48, leadCountBefore: 43, profit: 412850.5, profitBefore: 400550.5 },
        { name: 'Lea Zimmermann', place: 4, leadCount: 38, leadCountBefore: 20, profit: 0, profitBefore: 5 },
      ],
    },
  });
});

const summary = suite('toStepSummary()');

summary('a section per contest: the line, who changed, who is new and gone, the problems of its files', () => {
  const text = toStepSummary([CHANGES], [WARNING, ELSEWHERE], 'en');
  assert.equal(text.split('\n').slice(2, 16), [
    '2027-03-31 vs 2027-03-24 18:00: 3 new, 1 gone (Max Muster), 2 new in the top 10, biggest climb Lea Zimmermann +12',
    '',
    '| Place | Movement | Name | Leads | Volume |',
    '|---:|:---|:---|---:|---:|',
    `| 1 | – | Sabine | 48 (+5) | 412.850,50${NBSP}€ (+12.300,00${NBSP}€) |`,
    `| 2 | new | Anna Schäfer | 40 | 300.000,00${NBSP}€ |`,
    `| 3 | new | Ben \\| Krüger | 39 | 1,00${NBSP}€ |`,
    `| 4 | ▲ 12 | Lea Zimmermann | 38 (+18) | 0,00${NBSP}€ (-5,00${NBSP}€) |`,
    `| 5 | ▼ 1 | Tom | 30 | 10,00${NBSP}€ |`,
    '',
    '**New:** Anna Schäfer, Ben \\| Krüger, Cem',
    '',
    '**Gone:** Max Muster',
    '',
  ]);
  // The problems, as GitHub shows them: the lines as the terminal prints them.
  const { body, text: shown } = toRendered(text);
  assert.equal([...body.querySelectorAll('li')].map(shown), [
    'contests/spring/2027-03-31.csv:14:21: warning: users[12]: leadCount of "Ben Krüger" fell from 12 to 9 since 2027-03-24 18:00',
    'contests/autumn.json:14:21: warning: users[9]: places 10 and 11 tie',
  ]);
  assert.equal([...body.querySelectorAll('h3')].map(shown), ['contests/spring.json', 'Problems']);
});

summary('speaks German by default: the line, the table, the lists', () => {
  const text = toStepSummary([CHANGES], [ELSEWHERE]);
  const { body, text: shown } = toRendered(text);
  assert.equal([...body.querySelectorAll('h3')].map(shown), ['contests/spring.json', 'Probleme']);
  assert.equal([...body.querySelectorAll('th')].map(shown), [
    'Platz',
    'Bewegung',
    'Name',
    'Eigenleads',
    'Netto-Volumen',
  ]);
  assert.equal(
    [...body.querySelectorAll('tbody tr')][1] && [...[...body.querySelectorAll('tbody tr')][1]!.children].map(shown),
    ['2', 'neu', 'Anna Schäfer', '40', `300.000,00${NBSP}€`],
  );
  assert.equal([...body.querySelectorAll('p')].map(shown), [
    '31.03.2027 gegenüber 24.03.2027, 18:00 Uhr: 3 neu, 1 nicht mehr dabei (Max Muster), 2 neu unter den Top 10, größter Sprung Lea Zimmermann +12',
    'Neu: Anna Schäfer, Ben | Krüger, Cem',
    'Nicht mehr dabei: Max Muster',
  ]);
});

summary('hostile names render as the text they are: no link, mention, math, emphasis, HTML, cell or line', () => {
  const rows = HOSTILE.map((name, at) => ({ place: at + 1, was: 0, name, leadCount: 1, profit: 0 }));
  const text = toStepSummary(
    [{ ...CHANGES, rows, new: HOSTILE, gone: HOSTILE, newInTop: [], climb: { name: HOSTILE[0]!, by: 3 } }],
    [],
    'en',
  );
  const { body, text: shown } = toRendered(text);
  assertInert(body, ['h3', 'p', 'strong', 'table', 'thead', 'tbody', 'tr', 'th', 'td'], 'the summary');
  assert.equal(
    [...body.querySelectorAll('tbody tr')].map((row) => [...row.children].map(shown)[2]),
    HOSTILE.map((name) => toPrintable(name).trim()),
  );
  for (const row of body.querySelectorAll('tbody tr')) assert.is(row.children.length, 5);
  const names = HOSTILE.map(toPrintable).join(', ');
  const [line, added, gone] = [...body.querySelectorAll('p')].map(shown);
  assert.equal([added, gone], [`New: ${names}`, `Gone: ${names}`]);
  assert.match(line ?? '', `${HOSTILE.length} gone (${HOSTILE.slice(0, 3).map(toPrintable).join(', ')} and`);
  assert.match(line ?? '', `biggest climb ${HOSTILE[0]} +3`);
  assert.is(body.querySelectorAll('strong').length, 2, 'only its own New: and Gone:');
});

summary('shows names as text, and at most 100 rows a table', () => {
  const many = Array.from({ length: 150 }, (_, i) => ({
    place: i + 1,
    was: 0,
    name: `<b>N*${i}</b>`,
    leadCount: 1,
    profit: 0,
  }));
  const text = toStepSummary([{ ...CHANGES, rows: many, new: [] }], [], 'en');
  assert.match(text, '| 1 | new | \\<b\\>N\\*0\\<\\/b\\> |');
  assert.not.match(text, '<b>');
  assert.match(text, '… and 50 more rows');
  assert.is(text.split('\n').filter((row) => row.startsWith('| ') && !row.startsWith('| Place')).length, 100);
});

const commands = suite('podium build and validate: what changed');

commands('validate prints a line per contest with a previous Stand, and none for the others', async () => {
  const run = await podium(['validate', 'contests/']);
  assert.is(run.status, 0, run.stdout);
  assert.equal(run.stdout.split('\n'), [
    'contests/summer.json  18.06.2027 gegenüber 11.06.2027: 1 neu, 1 nicht mehr dabei (Max Muster), 1 neu unter den Top 5, größter Sprung Lea Zimmermann +5',
    '3 contests checked, 0 invalid, 0 problems',
    '',
  ]);
  const english = await podium(['validate', 'contests/summer.json', '--locale', 'en']);
  assert.match(
    english.stdout,
    'contests/summer.json  2027-06-18 vs 2027-06-11: 1 new, 1 gone (Max Muster), 1 new in the top 5, biggest climb Lea Zimmermann +5\n',
  );
  const json = await podium(['validate', 'contests/summer.json', '--format', 'json']);
  const [notice] = JSON.parse(json.stdout) as { severity: string; changes: { gone: string[]; newInTop: string[] } }[];
  assert.is(notice?.severity, 'note');
  assert.equal([notice?.changes.gone, notice?.changes.newInTop], [['Max Muster'], ['Lea Zimmermann']]);
  const plain = await podium(['validate', 'contests/example.json', '--format', 'json']);
  assert.is(plain.stdout, '[]\n', 'no previous Stand: the JSON is as it was');
});

commands('build prints it before the pages it wrote; --quiet leaves it out', () =>
  inScratch(async (dir) => {
    const run = await podium(['build', 'contests/summer.json', '--out', join(dir, 'a')]);
    assert.is(run.status, 0, run.stderr);
    const [first, second] = run.stdout.split('\n');
    assert.is(
      first,
      'contests/summer.json  18.06.2027 gegenüber 11.06.2027: 1 neu, 1 nicht mehr dabei (Max Muster), 1 neu unter den Top 5, größter Sprung Lea Zimmermann +5',
    );
    assert.match(second ?? '', `${join(dir, 'a/index.html')}  12 users · 5 winners`);
    const quiet = await podium(['build', 'contests/summer.json', '--out', join(dir, 'b'), '--quiet']);
    assert.equal([quiet.status, quiet.stdout, quiet.stderr], [0, '', '']);
    // The newest export's date is the Stand, over --updated-at; another contest takes the flag's time.
    const stamped = await podium([
      'build',
      'contests/',
      '--out',
      join(dir, 'c'),
      '--updated-at',
      '2027-07-01T10:00:00Z',
    ]);
    assert.is(stamped.status, 0, stamped.stderr);
    assert.match(readFileSync(join(dir, 'c/summer/index.html'), 'utf8'), '"updated_at":"2027-06-18"}');
    assert.match(readFileSync(join(dir, 'c/example/index.html'), 'utf8'), '"updated_at":"2027-03-31T18:45:00+02:00"');
  }),
);

/** contests/summer.json and its exports in a scratch folder, with a fourth export `latest` dated 2027-06-25. */
function withWeek(dir: string, latest: string): void {
  cpSync(join(ROOT, 'contests/summer'), join(dir, 'summer'), { recursive: true });
  writeFileSync(join(dir, 'summer.json'), readFileSync(join(ROOT, 'contests/summer.json')));
  writeFileSync(join(dir, 'summer/2027-06-25.csv'), latest);
}
const WEEK_4 = readFileSync(join(ROOT, 'contests/summer/2027-06-18.csv'), 'utf8').replace(
  'Jan Schulz;15;',
  'Jan Schulz;14;',
);

commands('a warning leaves the exit code 0; --strict makes it an error, and build writes nothing', () =>
  inScratch(async (dir) => {
    withWeek(dir, WEEK_4);
    const warning =
      'summer/2027-06-25.csv:8:12: warning: users[6]: leadCount of "Jan Schulz" fell from 15 to 14 since 2027-06-18; own leads are counted, never booked back [2027-06-25: leads fell: Jan Schulz]';
    const checked = await podium(['validate', 'summer.json'], { cwd: dir });
    assert.is(checked.status, 0);
    assert.match(
      checked.stdout,
      `${warning}\nsummer.json  25.06.2027 gegenüber 18.06.2027: niemand neu, nicht mehr dabei oder bewegt\n`,
    );
    const strict = await podium(['validate', 'summer.json', '--strict'], { cwd: dir });
    assert.is(strict.status, 1);
    assert.match(strict.stdout, warning.replace('warning: ', ''));
    const built = await podium(['build', 'summer.json', '--out', 'out', '--strict'], { cwd: dir });
    assert.equal([built.status, built.stdout], [1, '']);
    assert.is(built.stderr, `${warning.replace('warning: ', '')}\n`);
    assert.not.ok(existsSync(join(dir, 'out')));
    const loose = await podium(['build', 'summer.json', '--out', 'out'], { cwd: dir });
    assert.equal([loose.status, loose.stderr], [0, `${warning}\n`]);
  }),
);

commands("validate --format json keeps a workbook cell's sheet and cell once a history has a previous Stand", () =>
  inScratch(async (dir) => {
    const header = ['Name', 'Anzahl Eigenleads', 'Summe Netto-Volumen AB'];
    mkdirSync(join(dir, 'spring'));
    writeFileSync(
      join(dir, 'spring/2027-03-24.xlsx'),
      toWorkbook({ Tabelle1: [header, ['Anna', 3, 10], ['Ben', 2, 5]] }),
    );
    // Ben's leads fell: a warning at his cell, and the newest Stand stays valid, so what changed is said too.
    const newest = toWorkbook({ Tabelle1: [header, ['Anna', 4, 10], ['Ben', 1, 5]] });
    writeFileSync(join(dir, 'spring/2027-03-31.xlsx'), newest);
    const contest = JSON.parse(fixture('valid.json')) as Record<string, unknown>;
    writeFileSync(join(dir, 'spring.json'), JSON.stringify({ ...contest, users: 'spring/' }));
    const run = await podium(['validate', 'spring.json', '--format', 'json'], { cwd: dir });
    assert.is(run.status, 0);
    const entries = JSON.parse(run.stdout) as { file: string; sheet?: string; cell?: string; changes?: unknown }[];
    const bad = entries.find(({ file }) => file.endsWith('2027-03-31.xlsx'));
    assert.equal([bad?.sheet, bad?.cell], ['Tabelle1', 'B3']);
    assert.ok(
      entries.some(({ changes }) => changes !== undefined),
      'the history has a previous Stand: the changes are in the same document',
    );
  }),
);

commands('appends to the step summary GITHUB_STEP_SUMMARY names, build and validate alike', () =>
  inScratch(async (dir) => {
    withWeek(dir, WEEK_4.replace('Anna Schäfer;9;', 'Ben Krüger;10;'));
    const file = join(dir, 'summary.md');
    writeFileSync(file, '# earlier steps\n');
    const env = { GITHUB_STEP_SUMMARY: file };
    assert.is((await podium(['validate', 'summer.json'], { cwd: dir, env })).status, 0);
    const text = readFileSync(file, 'utf8');
    assert.ok(text.startsWith('# earlier steps\n### summer'), text);
    const { body, text: shown } = toRendered(text);
    assert.equal([...body.querySelectorAll('h3')].map(shown), ['summer.json']);
    assert.match(
      shown(body.querySelector('p')!),
      /^25\.06\.2027 gegenüber 18\.06\.2027: 1 neu, 1 nicht mehr dabei \(Anna Schäfer\)/,
    );
    assert.match(text, '| 10 | neu | Ben Krüger | 10 | 80.000,00');
    assert.match(text, '| 7 | – | Jan Schulz | 14 (-1) |');
    assert.match(text, '**Nicht mehr dabei:** Anna Schäfer');
    assert.match(
      shown(body.querySelector('li')!),
      'summer/2027-06-25.csv:8:12: warning: users[6]: leadCount of "Jan Schulz" fell',
    );
    assert.is((await podium(['build', 'summer.json', '--out', 'out', '--quiet'], { cwd: dir, env })).status, 0);
    assert.is(readFileSync(file, 'utf8'), `${text}${text.slice('# earlier steps\n'.length)}`, 'build appends the same');
    const none = join(dir, 'none.md');
    await podium(['validate', join(ROOT, 'contests/example.json')], { env: { GITHUB_STEP_SUMMARY: none } });
    assert.not.ok(existsSync(none), 'no previous Stand: nothing to summarise');
    const unwritable = await podium(['validate', 'summer.json'], { cwd: dir, env: { GITHUB_STEP_SUMMARY: dir } });
    assert.is(unwritable.status, 0, 'the check stands');
    assert.match(unwritable.stderr, `podium: cannot write the step summary ${dir}: a folder is in its place`);
  }),
);

commands('a step summary that cannot be written: one warning, the pages kept, exit 0', () =>
  inScratch((dir) => {
    withWeek(dir, readFileSync(join(ROOT, 'contests/summer/2027-06-18.csv'), 'utf8'));
    const fifo = join(dir, 'summary.fifo');
    execFileSync('mkfifo', [fifo]);
    mkdirSync(join(dir, 'folder.md'));
    for (const [file, why] of [
      [fifo, 'a named pipe that no one reads'],
      [join(dir, 'folder.md'), 'a folder is in its place'],
      ['/dev/full', 'disk full'],
    ] as const) {
      // A real process: a named pipe that no one reads held the build for ever (the timeout is the hang's end).
      const out = join(dir, 'out', basename(file));
      const run = spawnPodium(['build', 'summer.json', '--out', out], {
        cwd: dir,
        env: { GITHUB_STEP_SUMMARY: file },
        timeout: 30_000,
      });
      assert.equal([run.status, run.signal], [0, null], `${file}: ${run.stderr}`);
      assert.is(run.stderr, `podium: cannot write the step summary ${file}: ${why}\n`);
      assert.match(run.stdout, `${out}/index.html  12 users`);
      assert.ok(existsSync(join(out, 'index.html')), 'the page is kept');
    }
  }),
);

commands('names every file of a history folder that is no Stand, and writes nothing', () =>
  inScratch(async (dir) => {
    mkdirSync(join(dir, 'spring'));
    const csv = 'Name;Anzahl Eigenleads;Summe Netto-Volumen AB\nA;1\n';
    for (const name of [
      '2027-03-24.csv',
      'Kopie 2027-03-24.csv',
      'Bericht.csv',
      '2027-02-30.csv',
      '2027-03-31T2460.csv',
    ])
      writeFileSync(join(dir, 'spring', name), csv);
    for (const name of ['2027-03-31.ods', 'README.md', '.2027-03-31.csv.swp', '2027-03-31.csv~'])
      writeFileSync(join(dir, 'spring', name), 'x');
    const contest = JSON.parse(fixture('valid.json')) as object;
    writeFileSync(join(dir, 'spring.json'), JSON.stringify({ ...contest, users: 'spring/' }));
    const expected = [
      'spring/2027-02-30.csv:1:1: 2027-02-30 in its name is no date; write the date year-month-day or day.month.year, like 2027-03-31.csv or Export_31.03.2027.xlsx, and for more than one export a day T and the Berlin time after it (2027-03-31T1800.csv)',
      'spring/2027-03-31.ods:1:1: a workbook podium does not read: save it as "Excel-Arbeitsmappe (*.xlsx)" (Excel: Datei → Speichern unter) into this folder, and move this one out',
      'spring/2027-03-31T2460.csv:1:1: 2460 after the date is no time of day; hours and minutes in Berlin time: 2027-03-31T1800.csv for 18:00',
      'spring/Bericht.csv:1:1: no date in its name: name each export of a history folder by its date, year-month-day or day.month.year, like 2027-03-31.csv or Export_31.03.2027.xlsx, and for more than one export a day T and the Berlin time after it (2027-03-31T1800.csv)',
      'spring/Kopie 2027-03-24.csv:1:1: the same Stand as "2027-03-24.csv" (2027-03-24): keep one export per date, or add the time to both names (2027-03-31T1800)',
      'spring/README.md:1:1: not a users list: a history folder holds CSV exports, Excel workbooks (.xlsx) and .json lists of users, one per Stand',
    ];
    const checked = await podium(['validate', 'spring.json'], { cwd: dir });
    assert.is(checked.status, 1);
    assert.equal(checked.stdout.split('\n'), [...expected, '1 contest checked, 1 invalid, 6 problems', '']);
    const built = await podium(['build', 'spring.json', '--out', 'out'], { cwd: dir });
    assert.equal([built.status, built.stdout, built.stderr], [1, '', `${expected.join('\n')}\n`]);
    assert.not.ok(existsSync(join(dir, 'out')));
  }),
);

commands('a name twice (places 3 and 4, before 4 and 5) is new in the top 3, on the page as in the summary', () =>
  inScratch(async (dir) => {
    const csv = (names: string) =>
      ['Name;Anzahl Eigenleads;Summe Netto-Volumen AB', ...names.split(' ').map((name) => `${name};1;1,00 €`)].join(
        '\n',
      );
    const contest = JSON.parse(readFileSync(join(ROOT, 'contests/summer.json'), 'utf8')) as Record<string, unknown>;
    // The list's order ranks, no minimum: places 1 to 5 as written.
    const { ranking: _ranking, minimum: _minimum, ...rules } = contest;
    writeFileSync(join(dir, 'twice.json'), JSON.stringify({ ...rules, solo_winners: 3, users: 'twice/' }));
    mkdirSync(join(dir, 'twice'));
    writeFileSync(join(dir, 'twice/2027-06-11.csv'), csv('Ada Bea Cem Anna Anna'));
    writeFileSync(join(dir, 'twice/2027-06-18.csv'), csv('Ada Bea Anna Anna Cem'));
    const file = join(dir, 'summary.md');
    const run = await podium(['build', 'twice.json', '--out', 'out'], { cwd: dir, env: { GITHUB_STEP_SUMMARY: file } });
    assert.is(run.status, 0, run.stderr);
    assert.match(run.stdout, 'twice.json  18.06.2027 gegenüber 11.06.2027: 1 neu unter den Top 3\n');
    assert.match(readFileSync(file, 'utf8'), '18.06.2027 gegenüber 11.06.2027: 1 neu unter den Top 3\n');
    const page = toDocument(readFileSync(join(dir, 'out/index.html'), 'utf8'));
    assert.equal([...page.querySelectorAll('.summary')].map(textOf), ['Neu unter den Top 3: Anna']);
    // One of the name's rows held a place in the top 3 before: which of them moved is unknown, so no one is new.
    writeFileSync(join(dir, 'twice/2027-06-11.csv'), csv('Ada Bea Anna Cem Anna'));
    const held = await podium(['validate', 'twice.json', '--format', 'json'], { cwd: dir });
    const notes = JSON.parse(held.stdout) as { changes?: { newInTop: string[] } }[];
    assert.equal(notes.find((note) => note.changes)?.changes?.newInTop, []);
  }),
);

commands('a totals row in both Stands is no one new, gone or moved: the line counts people, the page shows them', () =>
  inScratch(async (dir) => {
    withWeek(dir, WEEK_4.replace(/\n?$/, '\nGesamt;0;0,00 €\n'));
    const plain = await podium(['build', 'summer.json', '--out', 'plain'], { cwd: dir });
    // Last week's export gets its own totals row too; this week's becomes their sum, under a new person.
    const week3 = join(dir, 'summer/2027-06-18.csv');
    const sum = (text: string) => {
      const cells = text
        .trim()
        .split('\n')
        .slice(1)
        .map((row) => row.split(';'));
      const leads = cells.reduce((total, [, count]) => total + Number(count), 0);
      const cents = cells.reduce((total, [, , amount]) => total + toCents(toNumber(amount!, DECIMAL_COMMA)!), 0);
      return `Gesamt;${leads};${toAmount(toEuro(cents))}\n`;
    };
    const withSum = (text: string) => `${text.replace(/\n?$/, '\n')}${sum(text)}`;
    writeFileSync(week3, withSum(readFileSync(week3, 'utf8')));
    writeFileSync(join(dir, 'summer/2027-06-25.csv'), withSum(`${WEEK_4.replace(/\n?$/, '\n')}Neu Hinzu;1;1,00 €\n`));
    const run = await podium(['build', 'summer.json', '--out', 'out'], { cwd: dir, env: { NO_COLOR: '1' } });
    assert.is(run.status, 0, run.stderr);
    assert.match(run.stdout, /^summer\.json {2}25\.06\.2027 gegenüber 18\.06\.2027: 1 neu\n/);
    assert.match(
      run.stderr,
      /note: users\[\d+\]: "Gesamt" \(\d+ leads, [\d.,]+ €\) is the sum of the rows above it: left out/,
    );
    assert.equal(plain.status, 1, 'a Gesamt row that is no sum is an error');
    const page = toDocument(readFileSync(join(dir, 'out/index.html'), 'utf8'));
    const names = [...page.querySelectorAll('tbody tr th')].map(textOf);
    assert.ok(names.some((name) => name.includes('Neu Hinzu')));
    assert.not.ok(
      names.some((name) => name.includes('Gesamt')),
      'no totals row on the page',
    );
  }),
);

commands(
  'an invalid contest with a history has no change line: validate, its JSON, the step summary and build agree',
  () =>
    inScratch(async (dir) => {
      cpSync(join(ROOT, 'contests/summer'), join(dir, 'summer'), { recursive: true });
      cpSync(join(ROOT, 'contests/summer.json'), join(dir, 'summer.json'));
      // A totals row in the newest export, of the whole team before a filter (it adds up to no rows here): an error, and
      // it would count as someone new ("2 neu").
      const header = 'Name;Anzahl Eigenleads;Summe Netto-Volumen AB';
      mkdirSync(join(dir, 'spring'));
      writeFileSync(join(dir, 'spring/2027-03-24.csv'), `${header}\nAnna Adler;10;1000,00 €\nBen Braun;8;800,00 €\n`);
      const newest = `${header}\nAnna Adler;12;1200,00 €\nBen Braun;9;900,00 €\nEmil Engel;3;300,00 €\nSumme;30;3000,00 €\n`;
      writeFileSync(join(dir, 'spring/2027-03-31.csv'), newest);
      const contest = JSON.parse(readFileSync(join(dir, 'summer.json'), 'utf8')) as Record<string, unknown>;
      const { ranking: _ranking, minimum: _minimum, ...rest } = contest;
      writeFileSync(join(dir, 'spring.json'), JSON.stringify({ ...rest, solo_winners: 2, users: 'spring/' }));
      const totals =
        'spring/2027-03-31.csv:5:1: users[3]: "Summe" (30 leads, 3.000,00 €) is named as a total, but is not the sum of the rows above it (24 leads, 2.400,00 €): podium cannot tell a total from a person; correct its figures, or delete the row from the export';
      const summer =
        'summer.json  18.06.2027 gegenüber 11.06.2027: 1 neu, 1 nicht mehr dabei (Max Muster), 1 neu unter den Top 5, größter Sprung Lea Zimmermann +5';
      const file = join(dir, 'summary.md');
      const env = { GITHUB_STEP_SUMMARY: file };
      const checked = await podium(['validate', 'spring.json', 'summer.json'], { cwd: dir, env });
      assert.is(checked.status, 1);
      assert.equal(checked.stdout.split('\n'), [totals, summer, '2 contests checked, 1 invalid, 1 problem', '']);
      // The step summary: the valid contest's section, and the invalid one's problem among the others', no change line.
      const said = readFileSync(file, 'utf8');
      assert.equal(
        said.split('\n').filter((line) => line.startsWith('### ')),
        ['### summer⁠\\.json', '### Probleme'],
      );
      assert.match(said, 'Summe\\" \\(30 leads');
      assert.not.match(said, 'gegenüber 24.03.2027');
      const json = await podium(['validate', 'spring.json', 'summer.json', '--format', 'json'], { cwd: dir });
      const entries = JSON.parse(json.stdout) as { file: string; severity: string; changes?: unknown }[];
      assert.equal(
        entries.map(({ file, severity, changes }) => [file, severity, changes !== undefined]),
        [
          ['spring/2027-03-31.csv', 'error', false],
          ['summer.json', 'note', true],
        ],
      );
      // Alone, it has no change report at all: build prints no line, and the summary gets nothing.
      const built = await podium(['build', 'spring.json', '--out', 'out'], {
        cwd: dir,
        env: { GITHUB_STEP_SUMMARY: join(dir, 'alone.md') },
      });
      assert.equal([built.status, built.stdout, built.stderr], [1, '', `${totals}\n`]);
      assert.not.ok(existsSync(join(dir, 'alone.md')));
      const alone = await podium(['validate', 'spring.json', '--format', 'json'], { cwd: dir });
      assert.equal(
        (JSON.parse(alone.stdout) as { severity: string }[]).map(({ severity }) => severity),
        ['error'],
        'the problems alone, as for a contest without a history',
      );
    }),
);

commands(
  "a contest file's error (a date that is no date) leaves out the change line its rules would have made wrong",
  () =>
    inScratch(async (dir) => {
      cpSync(join(ROOT, 'contests/summer'), join(dir, 'summer'), { recursive: true });
      const contest = readFileSync(join(ROOT, 'contests/summer.json'), 'utf8');
      // Without a valid head, the history was ranked without "ranking", "minimum" and solo_winners: "neu unter den Top 10".
      writeFileSync(join(dir, 'summer.json'), contest.replace('"2027-06-30"', '"30.06.2027"'));
      const checked = await podium(['validate', 'summer.json'], { cwd: dir });
      assert.equal(checked.stdout.split('\n').slice(1), ['1 contest checked, 1 invalid, 1 problem', '']);
      assert.match(checked.stdout, /^summer\.json:8:24: qualification_end: expected a date/);
      writeFileSync(join(dir, 'summer.json'), contest);
      const fixed = await podium(['validate', 'summer.json'], { cwd: dir });
      assert.match(fixed.stdout, '1 neu unter den Top 5, größter Sprung Lea Zimmermann +5\n');
    }),
);

const tiers = suite('podium build with prize tiers: what changed');

tiers('says who is new in each tier, and the summary shows each row’s tier (test/fixtures/tiers/spring.json)', () =>
  inScratch(async (dir) => {
    const file = join(dir, 'summary.md');
    const run = await podium(['build', join(ROOT, 'test/fixtures/tiers/spring.json'), '--out', join(dir, 'out')], {
      env: { GITHUB_STEP_SUMMARY: file },
    });
    assert.is(run.status, 0, run.stderr);
    // Cem and Dora climbed from "Reise" into "Reise + Upgrade"; Gina (place 11 before), Hans and Jan (below the
    // tier's minimum before) into "Reise". Ben stayed, Ida fell within "Reise": neither is new.
    const said =
      '31.03.2027 gegenüber 24.03.2027: 2 neu in „Reise + Upgrade“, 3 neu in „Reise“, größter Sprung Emil Engel +5';
    assert.ok(run.stdout.includes(`spring.json  ${said}`), run.stdout);
    const summary = readFileSync(file, 'utf8');
    assert.ok(summary.includes('| Platz | Bewegung | Name | Preisstufe | Eigenleads | Netto-Volumen |'), summary);
    assert.ok(
      summary.includes(
        `| 3 | ▲ 1 | Cem Çakır | Reise \\+ Upgrade | 18 (+3) | 70.000,00${NBSP}€ (+10.000,00${NBSP}€) |`,
      ),
      summary,
    );
    assert.ok(
      summary.includes(`| 5 | ▲ 5 | Emil Engel |  | 4 (+1) | 65.000,00${NBSP}€ (+27.000,00${NBSP}€) |`),
      summary,
    );
  }),
);

tiers('names a tier in the terminal as printable text, and in the summary as Markdown that does nothing', () =>
  inScratch(async (dir) => {
    const contest = JSON.parse(fixture('tiers/spring.json'));
    contest.prizes[0].text = '**Reise** <img src=x> @team';
    contest.users = join(ROOT, 'test/fixtures/real/tiers/spring/');
    writeFileSync(join(dir, 'c.json'), JSON.stringify(contest));
    const file = join(dir, 'summary.md');
    const run = await podium(['build', join(dir, 'c.json'), '--out', join(dir, 'out')], {
      env: { GITHUB_STEP_SUMMARY: file },
    });
    assert.is(run.status, 0, run.stderr);
    assert.ok(run.stdout.includes('2 neu in „**Reise** <img src=x> @team“'), run.stdout);
    const { body, text } = toRendered(readFileSync(file, 'utf8'));
    assertInert(body, ['h3', 'p', 'strong', 'table', 'thead', 'tbody', 'tr', 'th', 'td'], 'the summary');
    assert.ok(text(body).includes('2 neu in „**Reise** <img src=x> @team“'), text(body));
  }),
);

const fair = suite('podium build with targets and teams: what changed');

/** test/fixtures/fair/weekly.json (two XlsxWriter exports) as a scratch contest, with `more` of its fields. */
function weekly(dir: string, more: Record<string, unknown> = {}): string {
  const contest = { ...JSON.parse(fixture('fair/weekly.json')), ...more };
  contest.users = join(ROOT, 'test/fixtures/real/fair/weekly/');
  writeFileSync(join(dir, 'weekly.json'), JSON.stringify(contest));
  return join(dir, 'weekly.json');
}

/** `podium build` of `file` with a step summary: its output, and the summary's text. */
async function buildWithSummary(dir: string, file: string, env: Record<string, string> = {}) {
  const summary = join(dir, 'summary.md');
  const run = await podium(['build', file, '--out', join(dir, 'out')], {
    env: { GITHUB_STEP_SUMMARY: summary, ...env },
  });
  assert.is(run.status, 0, run.stderr);
  return { run, summary: readFileSync(summary, 'utf8') };
}

fair('says who newly reached their target and which team leads; the summary shows each share and the teams', () =>
  inScratch(async (dir) => {
    const { run, summary } = await buildWithSummary(dir, join(ROOT, 'test/fixtures/fair/weekly.json'));
    // Anna (at 105,0 % of 20.000 €) and Ben (half-time: 10.500 € of a halved 20.000 €) passed 100 %; Nord's volume
    // went from 38.000 € to 54.500 €, past Süd's 49.500 €.
    const said = '2 neu am Ziel, größter Sprung Dirk Dietrich +3, neues bestes Team Nord (zuvor Süd)';
    assert.ok(run.stdout.includes(`weekly.json  31.03.2027 gegenüber 24.03.2027: ${said}\n`), run.stdout);
    const lines = summary.split('\n');
    const at = (start: string) => lines.find((line) => line.startsWith(start));
    assert.is(at('| Platz | Bewegung'), '| Platz | Bewegung | Name | Eigenleads | Netto-Volumen | Ziel erreicht |');
    const ben = `| 1 | ▲ 2 | Ben Brandt | 8 (+2) | 10.500,00${NBSP}€ (+4.500,00${NBSP}€) | 105,0${NBSP}% (+45,0) |`;
    assert.is(at('| 1 | ▲ 2 |'), ben);
    // Carla moved, her figures and share did not: no gain.
    assert.is(at('| 7 |'), `| 7 | ▼ 1 | Carla Conrad | 9 | 9.000,00${NBSP}€ | 45,0${NBSP}% |`);
    // The teams table as the page shows it: West, two people under the minimum of 3, is not in it.
    const teams = lines.slice(lines.indexOf('#### Teams'));
    assert.equal(teams.slice(2, 6), [
      '| Platz | Team | Personen | Eigenleads | Netto-Volumen |',
      '|---:|:---|---:|---:|---:|',
      `| 1 | Nord (bestes Team) | 4 | 42 | 54.500,00${NBSP}€ |`,
      `| 2 | Süd | 4 | 41 | 49.500,00${NBSP}€ |`,
    ]);
    assert.not.ok(summary.includes('West'), summary);
    const json = await podium(['validate', join(ROOT, 'test/fixtures/fair/weekly.json'), '--format', 'json']);
    const { changes } = JSON.parse(json.stdout).find((entry: { changes?: unknown }) => entry.changes);
    assert.equal(
      [changes.newAtTarget, changes.topTeams, changes.topTeamsBefore],
      [['Anna Arnold', 'Ben Brandt'], ['Nord'], ['Süd']],
    );
    const anna = changes.figuresChanged.find(({ name }: { name: string }) => name === 'Anna Arnold');
    assert.equal([anna.reached, anna.reachedBefore], [105, 75]);
  }),
);

fair('withholds a share where the page withholds the volume, and a gain in points where it withholds the gain', () =>
  inScratch(async (dir) => {
    const file = weekly(dir, { solo_winners: 4, privacy: { amounts: 'winners', names: 'first name and initial' } });
    const { run, summary } = await buildWithSummary(dir, file);
    assert.ok(
      run.stdout.includes(': 1 neu unter den Top 4, 2 neu am Ziel, größter Sprung Dirk D. +3, neues bestes Team Nord'),
      run.stdout,
    );
    // Dirk is a winner now, not a week ago: neither his gain in euro nor in points is said.
    assert.ok(summary.includes(`| 4 | ▲ 3 | Dirk D\\. | 11 (+4) | 14.000,00${NBSP}€ | 70,0${NBSP}% |`), summary);
    assert.ok(summary.includes('| 5 | ▼ 1 | Felix F\\. | 11 (+1) | – | – |'), summary);
    // Nord's one unpublished amount (Carla's) would be its volume less the winners': no volume for Nord.
    assert.ok(summary.includes('| 1 | Nord (bestes Team) | 4 | 42 | – |'), summary);
    assert.ok(summary.includes(`| 2 | Süd | 4 | 41 | 49.500,00${NBSP}€ |`), summary);
    assert.not.ok(/12\.500|62,5|Felix Fuchs|Conrad/.test(summary), summary);
    const json = await podium(['validate', file, '--format', 'json']);
    assert.not.ok(/62\.5|12500|Fuchs/.test(json.stdout), json.stdout);
  }),
);

fair('a teams table with no team large enough to show: no table in the summary, and no best team said', () => {
  const board = {
    by: 'total' as const,
    minimum: 5,
    metric: 'profit' as const,
    rows: [],
    small: 2,
    without: 0,
    members: [],
  };
  const change = { ...CHANGES, teams: { top: [], before: [], board } };
  const summary = toStepSummary([change], []);
  assert.not.ok(summary.includes('Teams'), summary);
  assert.not.ok(toChangeText(change).includes('Team'), toChangeText(change));
});

fair('a best team is new only where both Stands have one, whatever the case or spaces of its name', () => {
  assert.ok(isNewTop({ top: ['Nord'], before: ['Süd'] }));
  assert.ok(isNewTop({ top: ['Nord'], before: ['Nord', 'Süd'] }), 'no longer shared');
  assert.not.ok(isNewTop({ top: ['Nord'], before: [' nord '] }));
  assert.not.ok(isNewTop({ top: ['Nord'], before: [] }), 'no team shown before');
  assert.not.ok(isNewTop({ top: [], before: ['Süd'] }), 'no team large enough now');
});

fair('past its end date the summary names no team: the page has no teams table', () =>
  inScratch(async (dir) => {
    const file = weekly(dir, { privacy: { until: '2027-04-30' } });
    const env = { SOURCE_DATE_EPOCH: String(Date.UTC(2027, 4, 10) / 1000) };
    const { run, summary } = await buildWithSummary(dir, file, env);
    assert.ok(run.stdout.includes('31.03.2027 gegenüber 24.03.2027: 2 neu am Ziel\n'), run.stdout);
    assert.not.ok(/Team|Nord|Süd/.test(summary), summary);
  }),
);

fair('names a team in the terminal as printable text, and in the summary as Markdown that does nothing', () =>
  inScratch(async (dir) => {
    const person = (name: string, team: string, profit: number) => ({ name, leadCount: 1, profit, team });
    const hostile = '**Nord** <img src=x> @team';
    const week = (first: number) => [
      ...['A', 'B', 'C'].map((name, at) => person(`${name} Nord`, hostile, first + at)),
      ...['D', 'E', 'F'].map((name, at) => person(`${name} Süd`, `Süd ${HOSTILE[0]}`, 2000 + at)),
    ];
    mkdirSync(join(dir, 'c'));
    writeFileSync(join(dir, 'c/2027-03-24.json'), JSON.stringify(week(10)));
    writeFileSync(join(dir, 'c/2027-03-31.json'), JSON.stringify(week(5000)));
    const contest = { ...JSON.parse(fixture('fair/weekly.json')), users: 'c/', teams: { by: 'total', minimum: 3 } };
    const { target: _target, ...plain } = { ...contest, ranking: 'profit' };
    writeFileSync(join(dir, 'c.json'), JSON.stringify(plain));
    const { run, summary } = await buildWithSummary(dir, join(dir, 'c.json'));
    assert.ok(run.stdout.includes(`neues bestes Team ${hostile} (zuvor Süd ${HOSTILE[0]})`), run.stdout);
    const { body, text } = toRendered(summary);
    assertInert(body, ['h3', 'h4', 'p', 'table', 'thead', 'tbody', 'tr', 'th', 'td'], 'the summary');
    assert.ok(text(body).includes(`${hostile} (bestes Team)`), text(body));
  }),
);

line.run();
json.run();
summary.run();
commands.run();
tiers.run();
fair.run();
