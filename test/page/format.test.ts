import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { groupDigits, toCount, toMoney, toPlace, toStand } from '../../src/page/format.ts';
import { seeded } from '../helpers/seeded.ts';

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

count('groupDigits() puts the separator between groups of three from the right', () => {
  assert.is(groupDigits('1', ','), '1');
  assert.is(groupDigits('123', ','), '123');
  assert.is(groupDigits('1234', ','), '1,234');
  assert.is(groupDigits('123456789', '.'), '123.456.789');
});

const place = suite('toPlace()');

place('pads a place to the width of the last one: a figure space per digit, a punctuation space per dot', () => {
  assert.is(toPlace(7, '12'), '\u20077');
  assert.is(toPlace(12, '12'), '12');
  assert.is(toPlace(7, '1.234'), '\u2007\u2008\u2007\u20077');
  assert.is(toPlace(1000, '10.000'), '\u20071.000');
  assert.is(toPlace(99_999, '100.000'), '\u200799.999');
  assert.is(toPlace(3, '3'), '3');
});

const stand = suite('toStand()');

stand('reads the wall-clock date and time an ISO string states, and a date alone', () => {
  assert.equal(toStand('2027-03-31T18:45:00+02:00'), { date: '31.03.2027', time: '18:45' });
  assert.equal(toStand('2027-01-05T07:05:00+01:00'), { date: '05.01.2027', time: '07:05' });
  assert.equal(toStand('2027-03-31'), { date: '31.03.2027', time: '' }, 'a history file named by its date alone');
});

money.run();
count.run();
place.run();
stand.run();
