import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { schemas } from '../../src/contest/schema.ts';

const { ContestSchema, UserSchema } = schemas();
import { editDistance, suggest, toExcerpt, toListed, toMessage } from '../../src/input/issues.ts';

/** The words for each issue zod finds in `data`, as validate() reads them: the value at its path, or missing. */
function messagesOf(schema: typeof ContestSchema | typeof UserSchema, data: Record<string, unknown>): string[] {
  const result = schema.safeParse(data);
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const value = issue.path.reduce<unknown>((parent, key) => (parent as Record<PropertyKey, unknown>)?.[key], data);
    return toMessage(issue, value, value === undefined && issue.path.length > 0);
  });
}

const USER = { name: 'Anna', leadCount: 3, profit: 10 };
const CONTEST = {
  title: 'T',
  heading: '',
  journey_date_text: '',
  description: '',
  qualification_date_text: '',
  users: [USER],
};

const words = suite('toMessage()');

words('says what was expected and what was found, a missing key as missing', () => {
  assert.equal(messagesOf(UserSchema, { ...USER, leadCount: '12' }), ['expected a number, got the string "12"']);
  assert.equal(messagesOf(UserSchema, { ...USER, name: null }), ['expected a string, got null']);
  assert.equal(messagesOf(UserSchema, { ...USER, profit: [1] }), ['expected a number, got a list']);
  assert.equal(messagesOf(UserSchema, { name: 'Anna', profit: 1 }), ['required, but missing']);
  assert.equal(messagesOf(ContestSchema, { ...CONTEST, users: {} }), ['expected a list ([ … ]), got an object']);
  assert.equal(messagesOf(ContestSchema, { ...CONTEST, title: true }), ['expected a string, got the value true']);
});

words('states the rule of a number out of range, and of an empty text', () => {
  assert.equal(messagesOf(UserSchema, { ...USER, leadCount: -1 }), ['must be 0 or more, got the number -1']);
  assert.equal(messagesOf(UserSchema, { ...USER, leadCount: 2 ** 53 }), [
    'must be a whole number from 0 to 9,007,199,254,740,991; larger ones are not exact',
  ]);
  assert.equal(messagesOf(UserSchema, { ...USER, leadCount: 1.5 }), ['expected a whole number, got the number 1.5']);
  assert.equal(messagesOf(UserSchema, { ...USER, profit: Infinity }), ['the number is too large']);
  assert.equal(messagesOf(UserSchema, { ...USER, name: '' }), ['must not be empty']);
});

words('names a control character, and a tab or line break outside "description"', () => {
  assert.equal(messagesOf(ContestSchema, { ...CONTEST, heading: 'Glocke\u0007' }), [
    'contains the control character U+0007, which a page cannot show; remove it',
  ]);
  assert.equal(messagesOf(ContestSchema, { ...CONTEST, heading: 'a\tb' }), [
    'contains a tab (U+0009); only "description" may hold tabs and line breaks',
  ]);
  assert.equal(messagesOf(ContestSchema, { ...CONTEST, heading: 'a\r\nb' }), [
    'contains a line break (U+000D); only "description" may hold tabs and line breaks',
  ]);
  assert.equal(messagesOf(ContestSchema, { ...CONTEST, description: 'a\tb\nc' }), []);
});

words('lists each form a date may take, and cuts a long value short', () => {
  assert.equal(messagesOf(ContestSchema, { ...CONTEST, qualification_end: '31.03.2027' }), [
    'expected a date like "2027-03-31" or a date and time with offset, like "2027-03-31T18:45:00+02:00", got the string "31.03.2027"',
  ]);
  assert.equal(messagesOf(ContestSchema, { ...CONTEST, updated_at: `2027-03-31 ${'x'.repeat(60)}` }), [
    `expected a date and time with offset, like "2027-03-31T18:45:00+02:00", got the string "2027-03-31 ${'x'.repeat(29)}…"`,
  ]);
  assert.equal(messagesOf(ContestSchema, { ...CONTEST, updated_at: '1969-12-31T22:59:59Z' }), [
    'must be in the years 1970 to 9999 (in Berlin time), got the string "1969-12-31T22:59:59Z"',
  ]);
});

words.run();

const suggests = suite('suggest()');

suggests('suggests the known key a typo most likely meant, and nothing for an unrelated key', () => {
  const known = ['title', 'solo_winners', 'users', 'description'];
  assert.is(suggest('solo_winner', known), 'solo_winners');
  assert.is(suggest('Title', known), 'title');
  assert.is(suggest('descripton', known), 'description');
  assert.is(suggest('email', known), undefined);
  assert.is(suggest('x', known), undefined);
});

suggests('treats case, spaces and punctuation as the same name, and a swap of two letters as one typo', () => {
  const titles = ['name', 'Name', 'leadCount', 'Anzahl Eigenleads', 'profit', 'Summe Netto-Volumen AB'];
  assert.is(suggest('Summe Nettovolumen AB', titles), 'Summe Netto-Volumen AB');
  assert.is(suggest('Summe Netto-Volumen', titles), 'Summe Netto-Volumen AB');
  assert.is(suggest('Anzahl Eigenlead', titles), 'Anzahl Eigenleads');
  assert.is(suggest('Anzahl Eigneleads', titles), 'Anzahl Eigenleads');
  assert.is(suggest('lead_count', titles), 'leadCount');
  assert.is(suggest('solo-winners', ['solo_winners']), 'solo_winners');
  for (const other of ['Region', 'Team', 'Vorname', 'Nachname', 'Manager', 'Anzahl Fremdleads', 'Land', 'Nr'])
    assert.is(suggest(other, titles), undefined, other);
});

suggests('looks for no typo in a name longer than 60 characters: the same but for punctuation is no near miss', () => {
  const titles = ['Summe Netto-Volumen AB'];
  assert.is(suggest(`Summe Netto-Volumen AB${'-'.repeat(38)}`, titles), 'Summe Netto-Volumen AB');
  assert.is(suggest(`Summe Netto-Volumen AB${'-'.repeat(39)}`, titles), undefined);
});

suggests.run();

const quoted = suite('toExcerpt() and toListed()');

quoted('a text of millions of characters is quoted as its first 40 and "…", a pair of surrogates kept whole', () => {
  assert.is(toExcerpt('x'.repeat(10_000_000)), `"${'x'.repeat(40)}…"`);
  assert.is(toExcerpt('😀'.repeat(41)), `"${'😀'.repeat(40)}…"`);
  assert.is(toExcerpt('😀'.repeat(40)), `"${'😀'.repeat(40)}"`);
});

quoted('a list of a million names says those that fit in about 120 characters, then how many more', () => {
  const names = Array.from({ length: 1_000_000 }, (_, i) => `column ${i}`);
  const listed = toListed(names, toExcerpt);
  assert.ok(listed.startsWith('"column 0", "column 1", '), listed);
  assert.match(listed, /"column 9" and 999,990 more$/);
  assert.is(toListed(['a', 'b'], toExcerpt), '"a", "b"');
});

quoted.run();

const distance = suite('editDistance()');

/** The whole table, every cell: the oracle the banded, early-stopping one must agree with. */
function toFullDistance(a: string, b: string): number {
  const rows = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const above = rows[i - 1]!;
      row[j] = Math.min(above[j]! + 1, row[j - 1]! + 1, above[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

distance('counts a swap as one edit, and says limit + 1 past its limit, as the whole table does', () => {
  assert.is(editDistance('Ömer Celik', 'Ömer Çelik'), 1);
  assert.is(editDistance('Mülelr', 'Müller'), 1);
  assert.is(editDistance('Anna', 'Bernd Bauer', 2), 3);
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const word = () => Array.from({ length: Math.floor(random() * 9) }, () => 'abcd'[Math.floor(random() * 4)]).join('');
  for (let n = 0; n < 20_000; n += 1) {
    const [a, b, limit] = [word(), word(), [0, 1, 2, 3, Infinity][Math.floor(random() * 5)]!];
    assert.is(editDistance(a, b, limit), Math.min(toFullDistance(a, b), limit + 1), `${a} ${b} ${limit}`);
  }
});

distance.run();
