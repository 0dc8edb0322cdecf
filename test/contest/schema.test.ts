import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { CONTEST_KEYS, DEFAULT_SOLO_WINNERS, schemas, USER_KEYS } from '../../src/contest/schema.ts';

const { ContestFileSchema, ContestSchema, UserSchema } = schemas();

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

contest('names its fields in the order of the lists the check reads unknown keys by', () => {
  assert.equal(Object.keys(UserSchema.shape), USER_KEYS);
  assert.equal(Object.keys(ContestSchema.shape), CONTEST_KEYS);
});

contest('is made once, at the first call', () => {
  assert.is(schemas(), schemas());
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

contest.run();
file.run();
