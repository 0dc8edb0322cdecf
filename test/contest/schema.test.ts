import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  ContestFileSchema,
  ContestSchema,
  DEFAULT_SOLO_WINNERS,
  toValidUsers,
  UserSchema,
} from '../../src/contest/schema.ts';
import { LIMITS, MAX_AMOUNT } from '../../src/contest/limits.ts';

const CONTEST = {
  title: 'T',
  heading: '',
  journey_date_text: '',
  description: '',
  qualification_date_text: '',
  users: [{ name: 'Anna', leadCount: 3, profit: 10 }],
};

const contest = suite('ContestSchema');

contest('fills in what a contest may leave out: 10 winners, a profit of 0', () => {
  const parsed = ContestSchema.parse({
    ...CONTEST,
    users: [
      { name: 'A', leadCount: 1 },
      { name: 'B', leadCount: 2, profit: null },
      { name: 'C', leadCount: 3, profit: -2.5 },
    ],
  });
  assert.is(parsed.solo_winners, DEFAULT_SOLO_WINNERS);
  assert.is(DEFAULT_SOLO_WINNERS, 10);
  assert.equal(
    parsed.users.map((user) => [user.name, user.profit]),
    [
      ['A', 0],
      ['B', 0],
      ['C', -2.5],
    ],
    'in the order given, which is the ranking',
  );
  assert.not.ok('updated_at' in parsed || 'qualification_end' in parsed, 'no date made up');
});

contest('takes tabs and line breaks in the description only; no control character anywhere', () => {
  assert.ok(ContestSchema.safeParse({ ...CONTEST, description: 'one\ttwo\r\nthree' }).success);
  for (const field of ['title', 'heading', 'journey_date_text', 'qualification_date_text'])
    assert.not.ok(ContestSchema.safeParse({ ...CONTEST, [field]: 'a\nb' }).success, field);
  assert.not.ok(ContestSchema.safeParse({ ...CONTEST, description: 'a\u0000b' }).success);
  assert.not.ok(UserSchema.safeParse({ name: 'Esc\u001b', leadCount: 1 }).success);
  assert.not.ok(ContestSchema.safeParse({ ...CONTEST, title: '' }).success, 'a title is not empty');
});

contest('takes dates a page can show: with an offset, in the years 1970 to 9999 in Berlin', () => {
  const accepts = (fields: object) => ContestSchema.safeParse({ ...CONTEST, ...fields }).success;
  assert.ok(accepts({ updated_at: '2027-03-31T18:45:00+02:00', qualification_end: '2027-03-31' }));
  assert.ok(accepts({ qualification_end: '2027-03-31T18:00:00Z' }));
  assert.ok(accepts({ updated_at: '1970-01-01T00:00:00+01:00' }), 'midnight of 1970 in Berlin');
  assert.not.ok(accepts({ updated_at: '1969-12-31T22:59:59Z' }), 'a second before it');
  assert.not.ok(accepts({ updated_at: '9999-12-31T23:30:00-01:00' }), 'the year 10000 in Berlin');
  assert.not.ok(accepts({ updated_at: '2027-03-31T18:45:00' }), 'no offset');
  assert.not.ok(accepts({ updated_at: '2027-03-31' }), 'updated_at is a time, not a day');
  assert.not.ok(accepts({ qualification_end: '2027-02-29' }), 'no such day');
});

contest('counts whole numbers of 0 or more, exactly', () => {
  const accepts = (fields: object) => UserSchema.safeParse({ name: 'A', leadCount: 1, ...fields }).success;
  assert.ok(accepts({ leadCount: 0 }));
  assert.ok(accepts({ leadCount: Number.MAX_SAFE_INTEGER }));
  for (const leadCount of [-1, 1.5, Number.MAX_SAFE_INTEGER + 1, '3'])
    assert.not.ok(accepts({ leadCount }), String(leadCount));
  assert.not.ok(ContestSchema.safeParse({ ...CONTEST, solo_winners: -1 }).success);
});

const file = suite('ContestFileSchema');

file('takes the users as a list or as the path of a CSV file or workbook; a contest as baked only as a list', () => {
  assert.ok(ContestFileSchema.safeParse({ ...CONTEST, users: 'users.csv' }).success);
  assert.ok(ContestFileSchema.safeParse({ ...CONTEST, users: 'exports/Users.CSV' }).success);
  assert.ok(ContestFileSchema.safeParse({ ...CONTEST, users: 'Bericht.xlsx' }).success);
  assert.ok(ContestFileSchema.safeParse({ ...CONTEST, users: 'Bericht.XLSX#Tabelle 2' }).success);
  assert.not.ok(ContestFileSchema.safeParse({ ...CONTEST, users: 'users.xls' }).success);
  assert.not.ok(ContestFileSchema.safeParse({ ...CONTEST, users: 'users.xlsx.bak' }).success);
  assert.ok(ContestFileSchema.safeParse(CONTEST).success);
  assert.not.ok(ContestSchema.safeParse({ ...CONTEST, users: 'users.csv' }).success);
});

const valid = suite('toValidUsers()');

// Each field's values at and across every edge the schema draws; `ABSENT` leaves the key out.
const ABSENT = Symbol('absent');
const EDGES: Record<string, unknown[]> = {
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
const BASE: Record<string, unknown> = { name: 'Anna', leadCount: 3, profit: 10 };
const withField = (field: string, value: unknown) => {
  const user: Record<string, unknown> = { ...BASE };
  if (value === ABSENT) delete user[field];
  else user[field] = value;
  return user;
};
// Keys as they come back: order, and an optional key kept as undefined.
const exactly = (value: unknown) =>
  JSON.stringify(value, (_, v) => (v === undefined ? '<undefined>' : Object.is(v, -0) ? '<-0>' : v));
const schema = (list: unknown[]) => ContestSchema.shape.users.safeParse(list);

valid(
  'gives back what the schema gives back for every value at every edge, and nothing where the schema finds a problem',
  () => {
    let accepted = 0;
    for (const [field, values] of Object.entries(EDGES))
      for (const value of values) {
        const list = [withField(field, value)];
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

valid(
  'reads keys as the schema does: in any order, unknown ones dropped, an object without a prototype, no list or null',
  () => {
    const lists: unknown[][] = [
      [{ hidden: false, alias: 'A', profit: 1, leadCount: 2, name: 'N', email: 'x' }],
      [Object.assign(Object.create(null), BASE)],
      [JSON.parse('{"name":"N","leadCount":1,"__proto__":{"alias":"x"}}')],
      [BASE, ['Anna', 3, 10]],
      [BASE, null],
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

valid('leaves a list longer than a contest holds to the schema', () => {
  assert.is(toValidUsers(Array.from({ length: LIMITS.users + 1 }, () => BASE)), undefined);
  assert.is(toValidUsers(Array.from({ length: LIMITS.users }, () => BASE))?.length, LIMITS.users);
});

contest.run();
file.run();
valid.run();
