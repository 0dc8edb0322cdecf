import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toCents, toCount, toEuro, toMoney } from '../../src/contest/numbers.ts';
import { rank } from '../../src/contest/ranking.ts';
import { seeded } from '../helpers/seeded.ts';

const cents = suite('toCents()');

cents('rounds an amount as it reads, half away from zero, as the page shows it', () => {
  assert.is(toCents(1.005), 101, '1.005 is a little less as a double, and reads 1,01 €');
  assert.is(toCents(1.0049999999), 100);
  assert.is(toCents(0.1 + 0.2), 30);
  assert.is(toCents(2.675), 268);
  assert.is(toCents(-0.005), -1);
  assert.is(toCents(-0.004), 0);
  assert.ok(Object.is(toCents(-0.001), 0), 'no negative zero');
  assert.is(toCents(1e12), 1e14);
  assert.is(toCents(-999_999_999_999.995), -100_000_000_000_000);
  assert.is(toCents(1e-7), 0);
});

cents('agrees with the text of every amount: toMoney() shows the cents toCents() ranks by', () => {
  const { next } = seeded(3);
  for (let i = 0; i < 20_000; i += 1) {
    const amount = (next() - 0.5) * 10 ** Math.floor(next() * 12) + (i % 2 ? 0.005 : 0);
    const shown = toMoney(amount)
      .replace(/[.\u00a0€]/g, '')
      .replace(',', '');
    if (Number(shown) !== toCents(amount))
      assert.unreachable(`${amount}: ${toMoney(amount)}, ${toCents(amount)} cents`);
  }
});

cents('two amounts shown alike share a place, and two shown apart never do', () => {
  const users = [1.005, 1.0049999999, 0.1 + 0.2, 0.3].map((profit, i) => ({ name: `P${i}`, leadCount: 1, profit }));
  const ranking = rank(users, 1, { ranking: 'profit' });
  assert.equal(
    users.map((user, at) => [toMoney(user.profit), ranking.places[at]]),
    [
      ['1,01\u00a0€', 1],
      ['1,00\u00a0€', 2],
      ['0,30\u00a0€', 3],
      ['0,30\u00a0€', 3],
    ],
  );
  assert.is(ranking.winners, 1, 'one winner, not a place 1 shared by 1,01 € and 1,00 €');
});

cents('toEuro() gives back the amount of whole cents', () => {
  assert.is(toEuro(toCents(0.1 + 0.2)), 0.3);
  assert.is(toEuro(-101), -1.01);
});

const NBSP = '\u00a0';
const money = suite('toMoney()');

money('formats euro in German style', () => {
  assert.is(toMoney(1234.5), `1.234,50${NBSP}€`);
  assert.is(toMoney(0), `0,00${NBSP}€`);
  assert.is(toMoney(-2450), `-2.450,00${NBSP}€`);
  assert.is(toMoney(1000000), `1.000.000,00${NBSP}€`);
  assert.is(toMoney(0.005), `0,01${NBSP}€`);
});

money('never shows a negative zero', () => {
  assert.is(toMoney(-0), `0,00${NBSP}€`);
  assert.is(toMoney(-0.001), `0,00${NBSP}€`);
});

money("is Intl's German euro format for every kind of amount, rounding included", () => {
  const intl = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR', signDisplay: 'negative' });
  const amounts = [
    0,
    -0,
    1.005,
    0.125,
    2.675,
    -0.005,
    -0.004,
    0.0049999999,
    0.995,
    999.995,
    1e21,
    123456789012345680000,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
  ];
  // Halves and near-halves at every magnitude, written in JavaScript's exponent form too (1e-7, 1.5e+300).
  for (let exponent = -12; exponent <= 308; exponent += 1)
    for (const base of [1, 1.5, 9.995, 0.5, 0.005, 0.015, 4.999999])
      amounts.push(base * 10 ** exponent, -base * 10 ** exponent);
  const { next } = seeded(7);
  for (let i = 0; i < 20_000; i += 1)
    amounts.push(
      Math.round(next() * 1e8) / 100 - 2e5,
      Math.round(next() * 1e6) / 1000 - 500,
      (next() - 0.5) * 10 ** Math.floor(next() * 40 - 10),
    );
  for (const amount of amounts.filter(Number.isFinite))
    if (toMoney(amount) !== intl.format(amount))
      assert.unreachable(`${amount}: ${toMoney(amount)} ≠ ${intl.format(amount)}`);
});

money("for English sentences: Intl's English euro format", () => {
  const intl = new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR', signDisplay: 'negative' });
  assert.is(toMoney(206_100, 'en'), '€206,100.00');
  assert.is(toMoney(-2450, 'en'), '-€2,450.00');
  const { next } = seeded(11);
  const amounts = [0, -0, 0.005, 1.005, 999.995, 1e21, Number.MAX_VALUE];
  for (let i = 0; i < 20_000; i += 1)
    amounts.push(Math.round(next() * 1e8) / 100 - 2e5, (next() - 0.5) * 10 ** Math.floor(next() * 40 - 10));
  for (const amount of amounts)
    if (toMoney(amount, 'en') !== intl.format(amount))
      assert.unreachable(`${amount}: ${toMoney(amount, 'en')} ≠ ${intl.format(amount)}`);
});

const count = suite('toCount()');

count('groups thousands with a dot', () => {
  assert.is(toCount(12), '12');
  assert.is(toCount(12345), '12.345');
});

count("is Intl's German format for every count", () => {
  const intl = new Intl.NumberFormat('de-DE');
  for (let n = 0; n <= 20_000; n += 1)
    if (toCount(n) !== intl.format(n)) assert.unreachable(`${n}: ${toCount(n)} ≠ ${intl.format(n)}`);
  for (const n of [1_234_567, 1_000_000, Number.MAX_SAFE_INTEGER]) assert.is(toCount(n), intl.format(n));
});

count("is Intl's English format for en", () => {
  const intl = new Intl.NumberFormat('en');
  for (const n of [0, 12, 999, 1000, 12_345, 1_234_567, Number.MAX_SAFE_INTEGER])
    assert.is(toCount(n, 'en'), intl.format(n));
});

cents.run();
money.run();
count.run();
