import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { schemas } from '../../src/contest/schema.ts';
import { LIMITS, MAX_AMOUNT } from '../../src/contest/limits.ts';
import { toValidContest, toValidUsers } from '../../src/contest/valid.ts';
import { ROOT } from '../helpers/files.ts';

const { ContestSchema } = schemas();

// Values as they come back: keys in their order, an optional key kept as undefined, -0.
const exactly = (value: unknown) =>
  JSON.stringify(value, (_, v) => (v === undefined ? '<undefined>' : Object.is(v, -0) ? '<-0>' : v));
// `ABSENT` leaves the key out.
const ABSENT = Symbol('absent');
const withField = (base: Record<string, unknown>, field: string, value: unknown) => {
  const given: Record<string, unknown> = { ...base };
  if (value === ABSENT) delete given[field];
  else given[field] = value;
  return given;
};

const users = suite('toValidUsers()');

// Each field's values at and across every edge the schema draws.
const USER_EDGES: Record<string, unknown[]> = {
  name: [
    'Anna',
    '',
    'x'.repeat(LIMITS.name),
    'x'.repeat(LIMITS.name + 1),
    'a\u0000b',
    'a\tb',
    'a\u007f',
    'a\u0080',
    '\ud800',
    3,
    null,
    undefined,
    ABSENT,
  ],
  leadCount: [0, -0, 1, -1, 1.5, 2 ** 53 - 1, 2 ** 53, NaN, Infinity, '3', null, undefined, ABSENT],
  profit: [
    0,
    -0,
    12.345,
    -MAX_AMOUNT,
    MAX_AMOUNT,
    MAX_AMOUNT + 1,
    -MAX_AMOUNT - 0.01,
    NaN,
    -Infinity,
    '5',
    null,
    undefined,
    ABSENT,
  ],
  alias: ['Al', '', 'x'.repeat(LIMITS.name + 1), 'a\nb', 7, null, undefined, ABSENT],
  hidden: [true, false, 'ja', 0, null, undefined, ABSENT],
};
const USER: Record<string, unknown> = { name: 'Anna', leadCount: 3, profit: 10 };
const schema = (list: unknown[]) => ContestSchema.shape.users.safeParse(list);

users(
  'gives back what the schema gives back for every value at every edge, and nothing where the schema finds a problem',
  () => {
    let accepted = 0;
    for (const [field, values] of Object.entries(USER_EDGES))
      for (const value of values) {
        const list = [withField(USER, field, value)];
        const zod = schema(list);
        const fast = toValidUsers(list);
        assert.is(fast !== undefined, zod.success, `${field}: ${String(value)}`);
        if (fast && zod.success) {
          assert.is(exactly(fast), exactly(zod.data), `${field}: ${String(value)}`);
          accepted += 1;
        }
      }
    assert.ok(accepted >= 20, 'most edges are on the valid side too');
  },
);

users(
  'reads keys as the schema does: in any order, unknown ones dropped, an object without a prototype, no list or null',
  () => {
    const lists: unknown[][] = [
      [{ hidden: false, alias: 'A', profit: 1, leadCount: 2, name: 'N', email: 'x' }],
      [Object.assign(Object.create(null), USER)],
      [JSON.parse('{"name":"N","leadCount":1,"__proto__":{"alias":"x"}}')],
      [USER, ['Anna', 3, 10]],
      [USER, null],
      [],
    ];
    for (const list of lists) {
      const zod = schema(list);
      const fast = toValidUsers(list);
      assert.is(fast !== undefined, zod.success, exactly(list));
      if (fast && zod.success) assert.is(exactly(fast), exactly(zod.data));
    }
  },
);

users('leaves a list longer than a contest holds to the schema', () => {
  assert.is(toValidUsers(Array.from({ length: LIMITS.users + 1 }, () => USER)), undefined);
  assert.is(toValidUsers(Array.from({ length: LIMITS.users }, () => USER))?.length, LIMITS.users);
});

const contest = suite('toValidContest()');

const CONTEST: Record<string, unknown> = {
  title: 'T',
  heading: 'H',
  journey_date_text: 'J',
  description: 'D',
  qualification_date_text: 'Q',
  users: [USER],
};
const long = (max: number) => ['x'.repeat(max), 'x'.repeat(max + 1)];
const TEXT = ['', ...long(LIMITS.text), 'a\tb', 'a\nb', 'a\u007f', 'ä €', 3, null, ABSENT];
const TIMES = [
  '2027-03-31T18:45:00+02:00',
  '2027-03-31T18:45:00Z',
  '2027-03-31T18:45:00.123456-05:30',
  '2027-03-31T18:45Z',
  '2027-03-31T24:00:00Z',
  '2027-03-31T18:60:00Z',
  '2027-03-31T18:45:00+24:00',
  '2027-02-29T10:00:00Z',
  '2028-02-29T10:00:00Z',
  '2027-04-31T10:00:00Z',
  '1970-01-01T00:00:00+01:00',
  '1969-12-31T22:59:59Z',
  '9999-12-31T23:30:00-01:00',
  '2027-03-31T18:45:00',
  '2027-03-31t18:45:00z',
  '2027-03-31',
];
const EDGES: Record<string, unknown[]> = {
  title: ['T', ...TEXT],
  heading: TEXT,
  journey_date_text: TEXT,
  qualification_date_text: TEXT,
  description: ['', 'a\tb\r\nc', 'a\u000bb', 'a\u0000', ...long(LIMITS.description), 5, null, ABSENT],
  solo_winners: [0, -0, 3, -1, 1.5, 2 ** 53 - 1, 2 ** 53, NaN, '3', null, undefined, ABSENT],
  updated_at: [...TIMES, 5, null, ABSENT],
  qualification_end: [
    ...TIMES,
    '2028-02-29',
    '2027-02-29',
    '1969-12-31',
    '1970-01-01',
    '10000-01-01',
    '2027-3-31',
    5,
    ABSENT,
  ],
  users: [[], [USER, USER], [USER, { ...USER, leadCount: -1 }], 'x.csv', null, {}, ABSENT],
  ranking: [
    'profit',
    'leadCount',
    'as given',
    'name',
    ['profit'],
    ['leadCount', 'profit'],
    ['leadCount', 'leadCount'],
    [],
    ['profit', 'leadCount', 'profit'],
    ['as given'],
    [1],
    null,
    ABSENT,
  ],
  ties: ['shared', 'list order', 'Shared', null, ABSENT],
  minimum: [
    {},
    { leadCount: 20 },
    { profit: 50_000.5 },
    { profit: -1, leadCount: 0 },
    { leadCount: -1 },
    { leadCount: 1.5 },
    { profit: MAX_AMOUNT + 1 },
    { profit: null },
    { extra: 1 },
    JSON.parse('{"__proto__":{"leadCount":1}}'),
    [],
    null,
    ABSENT,
  ],
  columns: [
    {},
    { name: 'Vertriebler' },
    { profit: 'P', name: 'N', leadCount: 'L' },
    { profit: null },
    { profit: '' },
    { name: null },
    { name: 'a\nb' },
    { leadCount: 'x'.repeat(LIMITS.text + 1) },
    { other: 'x' },
    'x',
    null,
    ABSENT,
  ],
  // A list with a hole, which no JSON holds: zod reads it as undefined.
  acknowledged: [[], ['2027-06-18: tie 10', 'b'], ['a\nb'], [3], [''], ['a', , 'b'], 'x', null, ABSENT],
  privacy: [
    {},
    { names: 'initials' },
    { hidden: ['Anna'], amounts: 'winners', names: 'alias' },
    { names: 'first name and initial', amounts: 'none' },
    { names: 'full', amounts: 'all', hidden: [] },
    { hidden: [''] },
    { hidden: ['x'.repeat(LIMITS.name + 1)] },
    { hidden: 'Anna' },
    { names: 'first' },
    { amounts: 'some' },
    { other: 1 },
    null,
    ABSENT,
  ],
};

/** The fast path and the schema agree on `data`: both take it, with the same contest, or neither. */
function agree(data: unknown, label: string): boolean {
  const zod = ContestSchema.safeParse(data);
  const fast = toValidContest(data);
  assert.is(fast !== undefined, zod.success, label);
  if (fast && zod.success) assert.is(exactly(fast), exactly(zod.data), label);
  return zod.success;
}

contest(
  'gives back what the schema gives back for every value at every edge, and nothing where the schema finds a problem',
  () => {
    let accepted = 0;
    for (const [field, values] of Object.entries(EDGES))
      for (const value of values)
        if (value !== undefined)
          accepted += Number(agree(withField(CONTEST, field, value), `${field}: ${exactly(value)}`));
    assert.ok(accepted >= 60, `most edges are on the valid side too (${accepted})`);
  },
);

contest('keeps the schema’s order of fields whatever the file’s, and drops keys the schema does not know', () => {
  const every = Object.fromEntries(Object.entries(EDGES).map(([field, values]) => [field, values[0]]));
  const reversed = Object.fromEntries(Object.entries({ $schema: 'x', email: 1, ...every, ...CONTEST }).reverse());
  assert.ok(agree(reversed, 'every field, in reverse order'));
  assert.ok(agree(Object.assign(Object.create(null), CONTEST), 'an object without a prototype'));
  for (const data of [null, [], 'contest', 3]) agree(data, exactly(data));
});

contest('leaves a field given as undefined to the schema, which no JSON file holds', () => {
  for (const field of ['updated_at', 'ranking', 'privacy'])
    assert.is(toValidContest({ ...CONTEST, [field]: undefined }), undefined, field);
  assert.is(toValidContest({ ...CONTEST, minimum: { leadCount: undefined } }), undefined, 'in an object');
  assert.ok(ContestSchema.safeParse({ ...CONTEST, ranking: undefined }).success);
});

contest('agrees with the schema on every contest file of the examples and the test fixtures', () => {
  const files = [
    ...readdirSync(join(ROOT, 'contests')).map((name) => join(ROOT, 'contests', name)),
    ...readdirSync(join(ROOT, 'test/fixtures')).map((name) => join(ROOT, 'test/fixtures', name)),
  ].filter((file) => file.endsWith('.json'));
  let valid = 0;
  for (const file of files) {
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''));
    } catch {
      continue;
    }
    const list = data as Record<string, unknown>;
    const head = typeof list?.users === 'string' ? { ...list, users: [] } : data;
    valid += Number(agree(head, file));
  }
  assert.ok(valid >= 8, `most of them are valid (${valid})`);
});

users.run();
contest.run();
