import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DECIMAL_COMMA, DECIMAL_POINT } from '../../../src/input/sheets/amount.ts';
import { toNotation } from '../../../src/input/sheets/notation.ts';
import type { Delimiter } from '../../../src/input/sheets/csv.ts';

/** The notation of a file whose rows under the header are `lead;volume` pairs (a count, then an amount). */
const of = (delimiter: Delimiter, ...pairs: [string, string][]) =>
  toNotation(
    [['Name', 'Anzahl Eigenleads', 'Summe Netto-Volumen AB'], ...pairs.map(([lead, volume]) => ['A', lead, volume])],
    0,
    [
      { column: 1, whole: true },
      { column: 2, whole: false },
    ],
    delimiter,
    (row) => row + 1,
  );

const decide = suite('toNotation(): what decides');

decide('a euro amount grouped by "." is German, in a file delimited by ","', () => {
  for (const volume of ['12.500 €', '€ 125.000', '1.234.567 €', '-2.450 €'])
    assert.is(of(',', ['1', '980 €'], ['2', volume], ['3', '0 €']), DECIMAL_COMMA, volume);
  // Without a euro sign "12.500" is a decimal point's 12,50 € as well; "1.234.567" has only one reading.
  assert.is(of(',', ['1', '1.234.567']), DECIMAL_COMMA);
});

decide('a cell with both marks, or with decimals other than three, decides', () => {
  for (const volume of ['1.234,50', '12,5', '12,50 €', '1234,567', '-0,5'])
    assert.is(of(',', ['1', '1.234'], ['2', volume]), DECIMAL_COMMA, volume);
  for (const volume of ['1,234.50', '12.5', '12.50 €', '1234.567', '1,234,567'])
    assert.is(of('\t', ['1', '1,234'], ['2', volume]), DECIMAL_POINT, volume);
});

decide('a count with a mark is grouped in thousands: "1.050" leads are German, "1,050" English', () => {
  assert.is(of(',', ['1.050', '12.500'], ['3', '980']), DECIMAL_COMMA);
  assert.is(of('\t', ['1,050', '12,500'], ['3', '980']), DECIMAL_POINT);
});

decide('otherwise the delimiter\'s: a decimal comma for tab, a decimal point for ","', () => {
  assert.is(of('\t', ['1', '980'], ['2', '1.234'], ['3', '12,345']), DECIMAL_COMMA);
  assert.is(of(',', ['1', '980'], ['2', '1 234'], ['3', '-   €'], ['4', 'viel'], ['5', '']), DECIMAL_POINT);
});

decide('a file delimited by ";" has a decimal comma, whatever its cells say', () => {
  assert.is(of(';', ['1', '1,234.50'], ['2', '12.5']), DECIMAL_COMMA);
});

const undecided = suite('toNotation(): what cannot be decided');

undecided('a cell that reads two ways in a "," file that nothing decides, the first one, with both readings', () => {
  assert.equal(of(',', ['1', '980'], ['2', '1.234'], ['3', '12,500']), {
    row: 2,
    column: 2,
    message:
      '"1.234" could be 1.234,00 € or 1,23 €, and no other number of the file says which: export it again with two decimal places (1.234,00 €), or from LibreOffice without "Save cell contents as shown"',
  });
  assert.equal(of(',', ['1.000', '980']), {
    row: 1,
    column: 1,
    message:
      '"1.000" could be 1.000 or 1, and no other number of the file says which: export it again from LibreOffice without "Save cell contents as shown"',
  });
});

undecided('two cells that decide differently: said at the second, naming the first', () => {
  assert.equal(of('\t', ['1', '980'], ['2', '1.234,50'], ['3', '1.234'], ['4', '12.5 €']), {
    row: 4,
    column: 2,
    message:
      '"12.5 €" reads with a decimal point, but "1.234,50" in line 3 with a decimal comma: give the column one number format and export it again',
  });
  // A euro amount grouped by "." after a decimal point, a count grouped by "," after a decimal comma.
  assert.equal(of(',', ['1', '12.50'], ['2', '12.500 €']), {
    row: 2,
    column: 2,
    message:
      '"12.500 €" reads with a decimal comma, but "12.50" in line 2 with a decimal point: give the column one number format and export it again',
  });
  assert.equal(of(',', ['1', '12,50'], ['1,050', '980']), {
    row: 2,
    column: 1,
    message:
      '"1,050" reads with a decimal point, but "12,50" in line 2 with a decimal comma: give the column one number format and export it again',
  });
  // Row by row, and left to right within a row.
  assert.equal(of(',', ['1,050', '12,50']), {
    row: 1,
    column: 2,
    message:
      '"12,50" reads with a decimal comma, but "1,050" in line 2 with a decimal point: give the column one number format and export it again',
  });
});

decide.run();
undecided.run();
