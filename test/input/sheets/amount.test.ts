import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DECIMAL_COMMA, DECIMAL_POINT, toNumber } from '../../../src/input/sheets/amount.ts';

const comma = suite('toNumber(): a file delimited by ; or tab (decimal comma)');

comma('reads numbers as German Excel and LibreOffice write them', () => {
  const cases: [string, number][] = [
    ['0', 0],
    ['48', 48],
    ['1.234,50', 1234.5],
    ['412.850,50 €', 412850.5],
    ['412.850,50€', 412850.5],
    ['€ 412.850,50', 412850.5],
    ['-2.450,00 €', -2450],
    ['1 234', 1234],
    ['1\u00a0234,5', 1234.5], // a no-break space, as French and Excel's "Buchhaltung" format group
    ['1\u202f234,5', 1234.5],
    ['1.234.567,891', 1234567.891],
    ['1234567,5', 1234567.5],
    ['  12  ', 12],
    ['0,5', 0.5],
    ['12,0', 12],
  ];
  for (const [cell, number] of cases) assert.is(toNumber(cell, DECIMAL_COMMA), number, cell);
});

comma('reads no number where the cell is blank, or not one in this notation, rather than guessing', () => {
  for (const cell of [
    '',
    '   ',
    'viel',
    '12.5',
    '1.23',
    '1.2345',
    '1.234.56',
    '1.234 567',
    '1,234.50',
    '12,',
    ',5',
    '€',
    '1 €€',
    '--1',
    '1-',
    '1e3',
    'Infinity',
    '0x10',
    '12 Stück',
  ]) {
    assert.is(toNumber(cell, DECIMAL_COMMA), undefined, cell);
  }
});

const point = suite('toNumber(): a file delimited by , (decimal point)');

point('reads a decimal point, and a space between thousands', () => {
  const cases: [string, number][] = [
    ['98765.43', 98765.43],
    ['-99.99', -99.99],
    ['389120', 389120],
    ['1 234.5', 1234.5],
    ['1234.50 €', 1234.5],
  ];
  for (const [cell, number] of cases) assert.is(toNumber(cell, DECIMAL_POINT), number, cell);
});

point('reads no number with a comma in it: "1,234" is 1234 in one locale and 1.234 in another', () => {
  for (const cell of ['12,5', '1,234', '1,234.50', '1.234,50', '1.2.3', ''])
    assert.is(toNumber(cell, DECIMAL_POINT), undefined, cell);
});

comma.run();
point.run();
