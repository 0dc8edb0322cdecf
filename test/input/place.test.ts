import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { stripBom, toPositions } from '../../src/input/place.ts';

const positions = suite('toPositions()');

positions('gives line and column, both from 1, of each offset, in the order asked', () => {
  const text = 'ab\ncd\n\nef';
  assert.equal(toPositions(text, [0, 1, 3, 6, 7, 9]), [
    { line: 1, column: 1 },
    { line: 1, column: 2 },
    { line: 2, column: 1 },
    { line: 3, column: 1 },
    { line: 4, column: 1 },
    { line: 4, column: 3 },
  ]);
  assert.equal(
    toPositions(text, [9, 0, 3, 3]),
    [
      { line: 4, column: 3 },
      { line: 1, column: 1 },
      { line: 2, column: 1 },
      { line: 2, column: 1 },
    ],
    'offsets out of order and repeated',
  );
});

positions('places a line break at the end of its own line, and counts \\r\\n as one line', () => {
  assert.equal(toPositions('ab\r\ncd', [2, 3, 4]), [
    { line: 1, column: 3 },
    { line: 1, column: 4 },
    { line: 2, column: 1 },
  ]);
  assert.equal(toPositions('', [0]), [{ line: 1, column: 1 }]);
  assert.equal(toPositions('x', []), []);
});

const bom = suite('stripBom()');

bom('removes one leading byte-order mark, and nothing else', () => {
  assert.is(stripBom('\ufeff{"a":1}'), '{"a":1}');
  assert.is(stripBom('\ufeff\ufeffx'), '\ufeffx');
  assert.is(stripBom('x\ufeff'), 'x\ufeff');
  assert.is(stripBom(''), '');
});

positions.run();
bom.run();
