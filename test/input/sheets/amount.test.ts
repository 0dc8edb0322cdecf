import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_AMOUNT } from '../../../src/contest/limits.ts';
import { DECIMAL_COMMA, DECIMAL_POINT, toAmount, toNumber, toRoundingNote } from '../../../src/input/sheets/amount.ts';
import { toMoney } from '../../../src/contest/numbers.ts';
import { seeded } from '../../helpers/seeded.ts';

const comma = suite('toNumber(): a decimal comma');

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

comma("reads Excel's accounting zero, a dash, as 0", () => {
  for (const cell of ['-   €', ' -   € ', '-\u00a0\u00a0\u00a0€', '\u00a0-\u00a0€\u00a0', '- €', '€ -', '-'])
    for (const notation of [DECIMAL_COMMA, DECIMAL_POINT]) assert.ok(Object.is(toNumber(cell, notation), 0), cell);
  for (const cell of ['--', '- -', '-€-', '–']) assert.is(toNumber(cell, DECIMAL_COMMA), undefined, cell);
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

const point = suite('toNumber(): a decimal point');

point('reads a decimal point, and a comma or a space between thousands', () => {
  const cases: [string, number][] = [
    ['98765.43', 98765.43],
    ['-99.99', -99.99],
    ['389120', 389120],
    ['1 234.5', 1234.5],
    ['1234.50 €', 1234.5],
    ['1,234', 1234], // only a file whose other cells say so is read in this notation (notation.test.ts)
    ['1,234.50', 1234.5],
    ['€1,234,567.5', 1234567.5],
  ];
  for (const [cell, number] of cases) assert.is(toNumber(cell, DECIMAL_POINT), number, cell);
});

point('reads no number with a decimal comma, or grouped by anything but a comma or a space', () => {
  for (const cell of ['12,5', '1,23', '1,234,56', '1,234 567', '1.234,50', '1.2.3', ''])
    assert.is(toNumber(cell, DECIMAL_POINT), undefined, cell);
});

const fuzz = suite('toNumber(): the notation as one pattern');

// The notation as a regular expression, as podium first read it: toNumber() reads the cell in one pass instead, and
// must say the same of every cell, to the bit (12.5 and -0 included).
const PATTERN = {
  ',': /^-?(?:\d{1,3}(?:([. \u00a0\u202f])\d{3})?(?:\1\d{3})*|\d+)(?:,\d+)?$/,
  '.': /^-?(?:\d{1,3}(?:([, \u00a0\u202f])\d{3})?(?:\1\d{3})*|\d+)(?:\.\d+)?$/,
};
function byPattern(cell: string, decimal: ',' | '.'): number | undefined {
  const text = cell.trim().replace(/^€\s*|\s*€$/, '');
  if (text === '-') return 0; // Excel's accounting zero
  if (!PATTERN[decimal].test(text)) return undefined;
  const digits = text.replace(/[ \u00a0\u202f]/g, '');
  return Number(decimal === ',' ? digits.replaceAll('.', '').replace(',', '.') : digits.replaceAll(',', ''));
}

fuzz('says what the pattern says of 60,000 seeded cells, numbers and near misses, in both notations', () => {
  const random = seeded(20261128).below;
  const PIECES = ['0', '1', '5', '9', '12', '345', '007', '.', ',', ' ', '\u00a0', '\u202f', '-', '€', '\t', 'e', '١'];
  const MARKS = ['.', ' ', '\u00a0', '\u202f', ','];
  const digits = (count: number) => Array.from({ length: count }, () => String(random(10))).join('');
  let numbers = 0;
  for (let round = 0; round < 30_000; round += 1) {
    let cell: string;
    if (round % 2 === 0) cell = Array.from({ length: random(12) }, () => PIECES[random(PIECES.length)]).join('');
    else {
      // Grouped in threes, or nearly: a head of 1 to 4 digits, groups of 2 to 4 under one mark or two, decimals of
      // up to 25 digits (past the 15 a double holds exactly), a sign, a euro sign before or after.
      const mark = MARKS[random(MARKS.length)]!;
      const groups = Array.from(
        { length: random(6) },
        () => (random(16) === 0 ? MARKS[random(5)]! : mark) + digits(random(16) === 0 ? 2 + random(3) : 3),
      );
      const decimals =
        random(3) === 0 ? '' : (random(2) ? ',' : '.') + digits(random(4) === 0 ? random(26) : random(3));
      cell = `${random(4) === 0 ? '-' : ''}${digits(random(6) === 0 ? 1 + random(18) : 1 + random(3))}${groups.join('')}${decimals}`;
      if (random(3) === 0) cell = random(2) ? `€${' '.repeat(random(2))}${cell}` : `${cell}${' '.repeat(random(2))}€`;
      if (random(5) === 0) cell = ` ${cell}\u00a0`;
    }
    for (const [notation, decimal] of [
      [DECIMAL_COMMA, ','],
      [DECIMAL_POINT, '.'],
    ] as const) {
      const expected = byPattern(cell, decimal);
      if (expected !== undefined) numbers += 1;
      assert.ok(Object.is(toNumber(cell, notation), expected), `${JSON.stringify(cell)} (${decimal}): ${expected}`);
    }
  }
  assert.ok(numbers > 8_000, `${numbers} cells were numbers`); // both ways are well covered
});

const amounts = suite('toAmount(): an amount in messages, as the page shows it');

amounts('rounds as the page does, half up from the decimal the number is, on either side of zero', () => {
  const cases: [number, string][] = [
    [120000, '120.000,00 €'],
    [12.345, '12,35 €'], // 1234.4999… cents as a double: the page shows 12,35 €
    [1.005, '1,01 €'],
    [1.999, '2,00 €'],
    [-0.005, '-0,01 €'],
    [-0.004, '0,00 €'],
    [0.1 + 0.2, '0,30 €'],
    [1e-7, '0,00 €'],
    [MAX_AMOUNT, '1.000.000.000.000,00 €'],
    [-999_999_999_999.99, '-999.999.999.999,99 €'],
  ];
  for (const [value, text] of cases) {
    assert.is(toAmount(value), text, String(value));
    assert.is(toAmount(value), toMoney(value).replace('\u00a0', ' '), `${value} as on the page`);
  }
});

amounts('shows every cent exactly up to the largest amount, either way, and their differences', () => {
  const largest = BigInt(MAX_AMOUNT) * 100n;
  // The cents at both ends of the range and around zero, and a spread across it (a fixed sequence, no randomness).
  const cents = [0n, 1n, 99n, 100n, 101n, largest, largest - 1n, largest - 99n, largest - 100n];
  for (let step = 0n, at = 7n; step < 2000n; step += 1n) cents.push((at = (at * 48271n) % largest));
  const text = (cent: bigint) => {
    const digits = String(cent < 0n ? -cent : cent).padStart(3, '0');
    return `${cent < 0n ? '-' : ''}${digits.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, '.')},${digits.slice(-2)} €`;
  };
  const toValue = (cent: bigint) =>
    Number(
      `${cent < 0n ? '-' : ''}${(cent < 0n ? -cent : cent) / 100n}.${String((cent < 0n ? -cent : cent) % 100n).padStart(2, '0')}`,
    );
  for (const cent of cents)
    for (const signed of [cent, -cent]) {
      assert.is(toMoney(toValue(signed)).replace('\u00a0', ' '), text(signed), text(signed));
      assert.is(toAmount(toValue(signed)), text(signed));
    }
  // What the search panel shows: how far one amount is from another, both at the ends of the range.
  for (const [a, b] of [
    [largest, -largest],
    [largest, largest - 1n],
    [-largest + 1n, largest - 7n],
  ] as const)
    assert.is(toMoney(toValue(a) - toValue(b)).replace('\u00a0', ' '), text(a - b), `${text(a)} − ${text(b)}`);
});

const notes = suite('toRoundingNote(): an amount with more than two decimals');

notes('says what the page shows, of the cell as written or of a number in German', () => {
  assert.is(toRoundingNote(12.345, '12,345'), '12,345 has more than two decimals; the page shows 12,35 €');
  assert.is(toRoundingNote(1.999), '1,999 has more than two decimals; the page shows 2,00 €');
  assert.is(toRoundingNote(-1234.5678), '-1.234,5678 has more than two decimals; the page shows -1.234,57 €');
  assert.is(toRoundingNote(1.5e-7), '0,00000015 has more than two decimals; the page shows 0,00 €');
  assert.is(
    toRoundingNote(999_999_999_999.995),
    '999.999.999.999,995 has more than two decimals; the page shows 1.000.000.000.000,00 €',
  );
});

notes('says nothing of whole cents, float noise, what is no amount, or one beyond the limit', () => {
  for (const value of [
    0,
    12.34,
    -7.5,
    1e12,
    0.1 + 0.2,
    1234.5600000000002,
    412850.49999999994,
    undefined,
    'x',
    NaN,
    1e13 + 0.005,
  ])
    assert.is(toRoundingNote(value), undefined, String(value));
});

comma.run();
point.run();
fuzz.run();
amounts.run();
notes.run();
