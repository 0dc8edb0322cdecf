import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toCount, toMoney } from '../src/format.ts';

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

const count = suite('toCount()');

count('groups thousands with a dot', () => {
  assert.is(toCount(12), '12');
  assert.is(toCount(12345), '12.345');
});

count("is Intl's German format for every count, including the fast path below 1,000", () => {
  const intl = new Intl.NumberFormat('de-DE');
  for (let n = 0; n <= 20_000; n += 1) if (toCount(n) !== intl.format(n)) assert.unreachable(`${n}: ${toCount(n)} ≠ ${intl.format(n)}`);
  assert.is(toCount(1_234_567), intl.format(1_234_567));
});

money.run();
count.run();
