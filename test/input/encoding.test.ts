import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toText } from '../../src/input/encoding.ts';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part))));

const text = suite('toText()');

text('decodes UTF-8, a byte-order mark and a written "�" (U+FFFD) included', () => {
  assert.equal(toText(bytes('{"a":"äöü 😀 \ufffd"}')), { text: '{"a":"äöü 😀 \ufffd"}' });
  assert.equal(toText(bytes([0xef, 0xbb, 0xbf], '{}')), { text: '\ufeff{}' });
  assert.equal(toText(new Uint8Array()), { text: '' });
});

text('finds the first byte that is not UTF-8, at its line and column, after any written "�"', () => {
  // Latin-1 "ä" (0xE4) starts a three-byte sequence that the next byte does not continue.
  assert.equal(toText(bytes('{\n  "a": "M', [0xe4], 'rz"\n}')), { byte: 0xe4, position: { line: 2, column: 10 } });
  assert.equal(
    toText(bytes('"\ufffd😀', [0xff], '"')),
    { byte: 0xff, position: { line: 1, column: 5 } },
    'columns count UTF-16 units, as jsonc-parser and editors do',
  );
  assert.equal(
    toText(bytes([0xef, 0xbb, 0xbf], 'x', [0x80])),
    { byte: 0x80, position: { line: 1, column: 2 } },
    'the byte-order mark is no column',
  );
  assert.equal(
    toText(bytes('ok\r\n', [0xf0, 0x9f, 0x98])),
    { byte: 0xf0, position: { line: 2, column: 1 } },
    'a sequence cut off at the end',
  );
  assert.equal(toText(bytes([0xc0, 0x80])), { byte: 0xc0, position: { line: 1, column: 1 } }, 'an overlong NUL');
  assert.equal(
    toText(bytes([0xed, 0xa0, 0x80])),
    { byte: 0xed, position: { line: 1, column: 1 } },
    'an encoded surrogate',
  );
});

text.run();
