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

money.run();
count.run();
