import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { rank, type Rules } from '../../src/contest/ranking.ts';
import type { User } from '../../src/contest/schema.ts';
import { toEuros, toRows, type RowsProps } from '../../src/bake/rows.ts';
import { toMoney } from '../../src/contest/numbers.ts';
import { toMessages, type Messages } from '../../src/page/messages.ts';
import { Rows } from '../../src/page/page.tsx';
import { CONTESTS } from '../helpers/contests.ts';

// Names that markup could trip over: every character React escapes, a comment, right-to-left marks, private use.
const NAMES = [
  'Anna Adler',
  `<b>"O'Brien" & Söhne</b>`,
  '<!-- --> Ben',
  '\u202eNerdna\u202c Braun',
  'ליאור כהן',
  '\ue000 \u00a0 Zoë',
  '</span></tr>',
];
const users: User[] = Array.from({ length: 40 }, (_, i) => ({
  name: `${NAMES[i % NAMES.length]} ${i}`,
  leadCount: 100 - i * 2,
  profit: i % 9 === 4 ? -12.5 : (40 - i) * 1234.567,
}));
// Every movement: new (0), unknown (-1, a name twice), the same place, up and down by one and by many.
const WAS = [0, -1, 3, 1, 9, 2, 40, 5];
const toWas = (count: number, start: number) =>
  Array.from({ length: count }, (_, i) => (i === 6 ? 7 : WAS[(i + start) % WAS.length]!));

const RULES: Rules[] = [
  { ranking: 'as given' },
  { ranking: 'leadCount', minimum: { profit: 20_000 } }, // winning places below the minimum
  { ranking: ['leadCount', 'profit'], ties: 'shared', minimum: { leadCount: 97 } },
];
const withoutRules = (t: Messages): Messages => {
  const { rules: _, ...rest } = t;
  return rest;
};

const rows = suite('toRows()');

rows(
  'writes every kind of row as React renders page.tsx Rows: winners, minimums, movements, unpublished amounts',
  () => {
    let kinds = 0;
    for (const locale of ['de', 'en'] as const)
      for (const rules of RULES)
        for (const t of [toMessages(locale), withoutRules(toMessages(locale))])
          for (const hide of [false, true])
            for (const [start, count] of [
              [0, users.length],
              [17, 1234],
            ] as const) {
              // As contest/privacy.ts leaves out an amount a page does not publish.
              const shown = hide
                ? users.map((user, i) => (i % 3 ? ({ ...user, profit: undefined } as unknown as User) : user))
                : users;
              const ranking = rank(users, 12, rules);
              for (const was of [undefined, toWas(count, start)]) {
                const props: RowsProps = { users: shown.slice(0, 30), start, count, ranking, was, t };
                const react = renderToString(createElement(Rows, props));
                assert.fixture(toRows(props), react);
                kinds += 1;
              }
            }
    assert.is(kinds, 96);
  },
);

rows("writes the example contests' rows as React does", () => {
  for (const [file, contest] of Object.entries(CONTESTS)) {
    if (!Array.isArray(contest.users) || contest.users.length === 0) continue;
    const ranking = rank(contest.users, contest.solo_winners, contest);
    const props = { users: contest.users, start: 0, count: contest.users.length, ranking, t: toMessages('de') };
    assert.is(toRows(props), renderToString(createElement(Rows, props)), file);
  }
});

rows('writes a movement by any number of places as React does: by 2 to 9, by tens, by thousands', () => {
  const many = Array.from({ length: 300 }, (_, i) => ({ ...users[i % users.length]!, name: `P ${i}` }));
  for (const locale of ['de', 'en'] as const) {
    const t = toMessages(locale);
    const ranking = rank(many, 12, { ranking: 'as given' });
    // Row i was at place 9876 - 33 i: down by thousands, by tens, by 2 to 9 and up again, once at every distance.
    const was = many.map((_, i) => [9876 - 33 * i, i + 3, i + 1 + (i % 9), 1 + ((i * 7) % 300)][i % 4]!);
    for (const start of [0, 5000]) {
      const props: RowsProps = { users: many, start: 0, count: start + many.length, ranking, was, t };
      assert.fixture(toRows(props), renderToString(createElement(Rows, props)));
    }
  }
});

rows('writes places, counts and amounts of every size as React does: thousands, millions, whole cents', () => {
  const many = Array.from({ length: 1200 }, (_, i) => ({
    name: `P ${i}`,
    leadCount: (i * 997_331) % 10_000_000,
    profit: ((i * 7_919_371) % 1e9) / 100, // whole cents up to 10 million euros
  }));
  const ranking = rank(many, 12, { ranking: 'as given' });
  const props: RowsProps = { users: many, start: 0, count: many.length, ranking, t: toMessages('de') };
  assert.fixture(toRows(props), renderToString(createElement(Rows, props)));
});

const euros = suite('toEuros()');

euros('writes every amount as toMoney() does in German', () => {
  const amounts = [0, -0, 0.01, 0.1, 0.99, 1, 9.9, 99.99, 1e12, 9_999_999_999_999.99, 1e13, 1e13 + 0.02, 1e21, 1e300];
  // Every number of cents at every edge of a group of digits.
  for (const whole of [0, 9, 10, 99, 100, 999, 1000, 1001, 9999, 10_000, 999_999, 1_000_000, 1_000_100, 123_456_789])
    for (let cents = 0; cents < 100; cents += 1) amounts.push(whole + cents / 100);
  // Amounts the shortcut leaves to toMoney(): below zero, between cents, not finite.
  amounts.push(-0.001, -0.004, -12.5, -1000, 0.005, 1.005, 2.675, 1234.567, 1e-7, NaN, Infinity, -Infinity);
  let seed = 7;
  for (let i = 0; i < 20_000; i += 1) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    const digits = 1 + (seed % 15); // 0.0x to 10^13 and a little beyond
    amounts.push(Math.round((seed / 2_147_483_648) * 10 ** digits) / 100);
  }
  for (const amount of amounts) assert.is(toEuros(amount), toMoney(amount), String(amount));
});

rows.run();
euros.run();
