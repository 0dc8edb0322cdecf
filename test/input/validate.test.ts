import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toLine } from '../../src/errors.ts';
import { validate } from '../helpers/validate.ts';
import { toContest, toSource } from '../helpers/contests.ts';
import { fixture } from '../helpers/files.ts';

/** One file checked: its contest when valid, and every problem found. */
const check = async (text: string, file: string, options: { strict?: boolean } = {}) => {
  const { contests, problems, invalid } = await validate([toSource(text, file)], options);
  assert.is(invalid, contests.length === 0 ? 1 : 0);
  return { contest: contests[0]?.contest, problems };
};

/** The problem lines of an invalid contest. */
const linesOf = async (text: string, file = 'c.json'): Promise<string[]> => {
  const { contest, problems } = await check(text, file);
  if (contest) throw new Error('contest was valid');
  return problems.map(toLine);
};

/** `line:column` of the first `needle` on 1-based line `line` of `text`: an oracle independent of the scanner. */
const at = (text: string, line: number, needle: string): string => {
  const column = (text.split('\n')[line - 1] ?? '').indexOf(needle);
  if (column === -1) throw new Error(`${needle} is not on line ${line}`);
  return `${line}:${column + 1}`;
};

const loads = suite('validate()');

loads('returns the contest with defaults applied and the users in the given order', async () => {
  const contest = await toContest(fixture('valid.json'), 'valid.json');
  assert.is(contest.title, 'Testwettbewerb');
  assert.is(contest.solo_winners, 3);
  assert.equal(
    contest.users.map((user) => user.name),
    ['Zoe Zander', 'Adam Ahrens', 'Mia Maier', 'Bernd Bauer', 'Carla Christ'],
  );
  // profit: absent → 0, null → 0, negative and fractional kept.
  assert.equal(
    contest.users.map((user) => user.profit),
    [1234.5, -99.99, 0, 0, 1000000],
  );
  assert.is((await toContest(fixture('defaults.json'), 'defaults.json')).solo_winners, 10);
});

loads('reports every schema problem with file, line, column and path, in file order', async () => {
  const text = fixture('invalid-schema.json');
  const file = 'test/fixtures/invalid-schema.json';
  assert.equal(await linesOf(text, file), [
    `${file}:1:1: description: required, but missing`,
    `${file}:${at(text, 2, '""')}: title: must not be empty`,
    `${file}:${at(text, 6, '-1')}: solo_winners: must be 0 or more, got the number -1`,
    `${file}:${at(text, 9, '2.5')}: users[1].leadCount: expected a whole number, got the number 2.5`,
    `${file}:${at(text, 10, '"12"')}: users[2].leadCount: expected a number, got the string "12"`,
    `${file}:${at(text, 11, '{')}: users[3].name: required, but missing`,
    `${file}:${at(text, 11, '"viel"')}: users[3].profit: expected a number, got the string "viel"`,
  ]);
});

loads('reports a JSON syntax error at its place: a trailing comma at the comma', async () => {
  const text = fixture('invalid-syntax.json');
  const comma = `4:${(text.split('\n')[3] ?? '').lastIndexOf(',') + 1}`;
  assert.equal(await linesOf(text, 'x.json'), [`x.json:${comma}: trailing comma before "]"`]);
});

loads(
  'checks every file: the valid contests with their page names, every problem, and how many files are invalid',
  async () => {
    const sources = ['valid.json', 'invalid-syntax.json', 'warnings.json', 'invalid-schema.json'].map((file) =>
      toSource(fixture(file), file, file.replace('.json', '')),
    );
    const { contests, problems, invalid } = await validate(sources);
    assert.equal(
      contests.map(({ name, contest }) => [name, contest.title]),
      [
        ['valid', 'Testwettbewerb'],
        ['warnings', (await toContest(fixture('warnings.json'))).title],
      ],
    );
    assert.is(invalid, 2);
    assert.equal(
      [...new Set(problems.map((problem) => problem.file))],
      ['invalid-syntax.json', 'warnings.json', 'invalid-schema.json'],
      'in the order of the files',
    );
    assert.equal(
      (await validate([toSource(fixture('valid.json'), 'a.json')])).contests[0]?.name,
      '',
      'a single file has no page name',
    );
  },
);

loads('describes wrong types in words a contest author knows', async () => {
  const base = '"heading":"","journey_date_text":"","description":"","qualification_date_text":""';
  const expect = async (text: string, needle: string, message: string) =>
    assert.equal(await linesOf(text), [`c.json:${at(text, 1, needle)}: ${message}`]);
  await expect(`{"title":"T",${base},"users":{}}`, '{}', 'users: expected a list ([ … ]), got an object');
  await expect(`{"title":"T",${base},"users":[[]]}`, '[]', 'users[0]: expected an object ({ … }), got a list');
  await expect(`{"title":true,${base},"users":[]}`, 'true', 'title: expected a string, got the value true');
  await expect(
    `{"title":"T",${base},"users":[{"name":"A","leadCount":1,"profit":1e999}]}`,
    '1e999',
    'users[0].profit: the number is too large',
  );
  for (const [profit, shown] of <[string, string][]>[
    ['1e307', '1e+307'],
    ['1000000000000.01', '1000000000000.01'],
    ['-1000000000000.01', '-1000000000000.01'],
    ['90071992547409.91', '90071992547409.9'], // the old limit: a number does not even hold its cent
  ]) {
    await expect(
      `{"title":"T",${base},"users":[{"name":"A","leadCount":1,"profit":${profit}}]}`,
      profit,
      `users[0].profit: must be an amount from −1,000,000,000,000 to 1,000,000,000,000 euro (one trillion either way), got the number ${shown}`,
    );
  }
  const long = `{"title":"${'T'.repeat(1001)}",${base},"users":[{"name":"${'n'.repeat(201)}","leadCount":1}]}`;
  assert.equal(await linesOf(long), [
    'c.json:1:10: title: must be at most 1,000 characters long, and is 1,001',
    `c.json:1:${long.indexOf('"nnn') + 1}: users[0].name: must be at most 200 characters long, and is 201`,
  ]);
  const many = `{"title":"T",${base},"users":[${'{"name":"A","leadCount":1},'.repeat(100_000)}{"name":"B"}]}`;
  assert.equal(await linesOf(many), [
    `c.json:1:${many.indexOf('[') + 1}: users: holds 100,001 salespeople; a contest holds at most 100,000`,
  ]);
  for (const largest of [1_000_000_000_000, -1_000_000_000_000, 999_999_999_999.99]) {
    const text = `{"title":"T",${base},"users":[{"name":"A","leadCount":1,"profit":${largest}}]}`;
    assert.is((await check(text, 'c.json')).contest?.users[0]?.profit, largest);
  }
  await expect(
    `{"title":"T",${base},"updated_at":"2027-03-31 18:45","users":[]}`,
    '"2027-03-31 18:45"',
    'updated_at: expected a date and time with offset, like "2027-03-31T18:45:00+02:00", got the string "2027-03-31 18:45"',
  );
  assert.equal(await linesOf('[]'), ['c.json:1:1: expected an object ({ … }), got a list']);
});

loads(
  'accepts qualification_end as a date or a date and time with offset, and says which when it is neither',
  async () => {
    const base =
      '"title":"T","heading":"","journey_date_text":"","description":"","qualification_date_text":"","users":[]';
    for (const end of ['2027-03-31', '2027-03-31T18:00:00+02:00', '2027-03-31T16:00:00Z']) {
      assert.is((await check(`{${base},"qualification_end":"${end}"}`, 'c.json')).contest?.qualification_end, end);
    }
    const message =
      'qualification_end: expected a date like "2027-03-31" or a date and time with offset, like "2027-03-31T18:45:00+02:00", got';
    for (const end of ['"31.03.2027"', '"2027-13-01"', '"2027-03-31T18:00:00"']) {
      const text = `{${base},"qualification_end":${end}}`;
      assert.equal(await linesOf(text), [`c.json:${at(text, 1, end)}: ${message} the string ${end}`], end);
    }
    const number = `{${base},"qualification_end":20270331}`;
    assert.equal(await linesOf(number), [
      `c.json:${at(number, 1, '20270331')}: qualification_end: expected a string, got the number 20270331`,
    ]);
  },
);

loads('stops between slices of users when aborted, with the reason of the stop', async () => {
  const users = Array.from({ length: 30_000 }, (_, i) => ({ name: `u${i}`, leadCount: 1 }));
  const text = JSON.stringify({ ...JSON.parse(fixture('valid.json')), users });
  const stop = new AbortController();
  const checking = validate([toSource(text)], { signal: stop.signal });
  stop.abort(new Error('stopped by SIGINT'));
  const error = await checking.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  assert.is((error as Error | undefined)?.message, 'stopped by SIGINT');
});

const checks = suite('validate(): problems');

checks('warns of a key that matches no known one, accepts $schema, and still returns the contest', async () => {
  const text = fixture('warnings.json');
  const { contest, problems } = await check(text, 'w.json');
  assert.ok(contest);
  assert.equal(
    problems.map((p) => [`${p.line}:${p.column}`, p.severity, p.path, p.message]),
    [
      [at(text, 8, '"notes"'), 'warning', '', 'unknown key "notes" [unknown key: notes]'],
      [at(text, 11, '"email"'), 'warning', 'users[1]', 'unknown key "email" [unknown key: email]'],
    ],
  );
});

checks('makes a near miss of a known key an error: its value would be lost without a word', async () => {
  const text = fixture('typo.json');
  const { contest, problems } = await check(text, 't.json');
  assert.is(contest, undefined, '"solo_winner": 2 would highlight 10 rows instead of 2');
  assert.equal(
    problems.map((p) => [`${p.line}:${p.column}`, p.severity, p.path, p.message]),
    [
      [at(text, 7, '"solo_winner"'), 'error', '', 'unknown key "solo_winner" (did you mean "solo_winners"?)'],
      [at(text, 10, '"leadcount"'), 'error', 'users[1]', 'unknown key "leadcount" (did you mean "leadCount"?)'],
      [at(text, 10, '"email"'), 'warning', 'users[1]', 'unknown key "email" [unknown key: email]'],
    ],
  );
});

checks('makes every unknown key an error with strict, and then returns no contest', async () => {
  const { contest, problems } = await check(fixture('warnings.json'), 'w.json', { strict: true });
  assert.is(contest, undefined);
  assert.equal(
    problems.map((p) => p.severity),
    ['error', 'error'],
  );
});

checks('reports a duplicate key as an error: JSON.parse would silently keep only the last', async () => {
  const text = fixture('duplicate.json');
  const { contest, problems } = await check(text, 'd.json');
  assert.is(contest, undefined);
  assert.equal(problems, [
    {
      file: 'd.json',
      ...(([line, column]) => ({ line: Number(line), column: Number(column) }))(
        at(text, 8, '"profit": 10 }').split(':'),
      ),
      path: 'users[0]',
      message: 'duplicate key "profit": only its last value counts, the earlier one is lost',
      severity: 'error',
    },
  ]);
});

checks(
  'finds every problem of a file with a problem in every row; an unknown key said ten times, then counted',
  async () => {
    const users = Array.from({ length: 20_000 }, (_, i) => `{"name":"u${i}","leadCount":"${i}","emial":1}`);
    const text = `{"title":"T","heading":"","journey_date_text":"","description":"","qualification_date_text":"","users":[\n${users.join(',\n')}\n]}`;
    const { problems } = await check(text, 'big.json');
    assert.is(problems.filter((problem) => problem.path.endsWith('.leadCount')).length, 20_000);
    const unknown = problems.filter((problem) => problem.message.startsWith('unknown key'));
    assert.is(unknown.length, 11);
    assert.is(unknown.at(-1)!.message, 'unknown key "emial" here and 19,989 more times [unknown key: emial]');
  },
);

checks('shows a lone surrogate as the replacement character, as a browser would', async () => {
  const text = fixture('valid.json').replace('"Zoe Zander"', '"Zoe \\ud800 Zander"');
  assert.is((await check(text, 'v.json')).contest?.users[0]?.name, 'Zoe \ufffd Zander');
});

checks('states every rule in words: no message reads only "Invalid input"', async () => {
  const base = {
    title: 'T',
    heading: '',
    journey_date_text: '',
    description: '',
    qualification_date_text: '',
    users: [],
  };
  const user = { name: 'A', leadCount: 1 };
  const wrong: unknown[] = [
    null,
    true,
    'x',
    '',
    -1,
    1.5,
    1e21,
    [],
    {},
    '\u0000',
    '2027-13-01',
    '2027-03-31T18:45:00',
    '10000-01-01',
    '1969-12-31',
  ];
  const fields = [...Object.keys(base), 'solo_winners', 'updated_at', 'qualification_end'];
  const contests = [
    ...fields.flatMap((field) => wrong.map((value) => ({ ...base, [field]: value }))),
    ...['name', 'leadCount', 'profit'].flatMap((field) =>
      wrong.map((value) => ({ ...base, users: [{ ...user, [field]: value }] })),
    ),
    ...wrong,
  ];
  let count = 0;
  for (const contest of contests) {
    const { problems } = await check(JSON.stringify(contest), 'c.json');
    for (const { message } of problems) {
      count += 1;
      assert.not.match(message, /^Invalid input|Invalid input$|^Invalid/i, `${JSON.stringify(contest)}: ${message}`);
    }
  }
  assert.ok(count > 100, `only ${count} problems seen`);
});

checks('checks a long list of users in slices: the same contest, and each problem at its own place', async () => {
  const users = Array.from({ length: 25_000 }, (_, i) => ({
    name: `u${i}`,
    leadCount: i,
    ...(i % 2 ? { profit: i / 2 } : {}),
  }));
  const head =
    '{"title":"T","heading":"","journey_date_text":"","description":"","qualification_date_text":"","solo_winners":3,"ranking":"as given","users":[';
  const text = `${head}\n${users.map((u) => JSON.stringify(u)).join(',\n')}\n]}`;
  const { contest } = await check(text, 'long.json');
  assert.equal(
    Object.keys(contest!),
    [
      'title',
      'heading',
      'journey_date_text',
      'description',
      'qualification_date_text',
      'solo_winners',
      'users',
      'ranking',
    ],
    'keys in schema order',
  );
  assert.equal(
    contest!.users,
    users.map((u) => ({ profit: 0, ...u })),
  );
  // Line i + 2 holds users[i]; the slices are 10,000 users long.
  const broken = text
    .replace('"leadCount":9998}', '"leadCount":-1}')
    .replace('"name":"u10000"', '"name":""')
    .replace('"leadCount":24999', '"leadCount":"x"');
  assert.equal(await linesOf(broken, 'long.json'), [
    `long.json:${at(broken, 10_000, '-1')}: users[9998].leadCount: must be 0 or more, got the number -1`,
    `long.json:${at(broken, 10_002, '""')}: users[10000].name: must not be empty`,
    `long.json:${at(broken, 25_001, '"x"')}: users[24999].leadCount: expected a number, got the string "x"`,
  ]);
});

loads.run();
checks.run();
