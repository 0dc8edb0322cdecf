import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toUtf8 } from '../../../src/input/sheets/charset.ts';

/** The text of bytes read as a spreadsheet export, or the problem byte and its place. */
const read = (bytes: number[] | Buffer) => {
  const decoded = toUtf8(Buffer.from(bytes));
  return 'utf8' in decoded ? { text: decoded.utf8.toString('utf8'), charset: decoded.charset } : decoded;
};

// The WHATWG Encoding Standard's index of windows-1252 (encoding.spec.whatwg.org/index-windows-1252.txt): the code
// points of bytes 0x80–0x9F; every other byte is its own code point.
const INDEX = [
  0x20ac, 0x0081, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008d,
  0x017d, 0x008f, 0x0090, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0x009d, 0x017e, 0x0178,
];
const WINDOWS_1252 = (byte: number) => (byte >= 0x80 && byte <= 0x9f ? INDEX[byte - 0x80]! : byte);
// The five bytes the standard maps to C1 controls, which Microsoft's and Unicode's tables of the code page leave
// unassigned: no export holds them, so a file with one is reported, not read.
const UNASSIGNED = [0x81, 0x8d, 0x8f, 0x90, 0x9d];

const decode = suite('toUtf8()');

decode('reads each byte 0x80–0x9F as Windows-1252 does, and reports the five it does not assign', () => {
  for (let byte = 0x80; byte <= 0x9f; byte += 1) {
    const decoded = read([0x41, byte, 0x42]); // alone, no byte of 0x80–0xFF is valid UTF-8
    if (UNASSIGNED.includes(byte))
      assert.equal(decoded, { byte, position: { line: 1, column: 2 } }, `0x${byte.toString(16)}`);
    else
      assert.equal(
        decoded,
        { text: `A${String.fromCodePoint(WINDOWS_1252(byte))}B`, charset: 'windows-1252' },
        `0x${byte.toString(16)}`,
      );
  }
});

decode(
  'reads every byte 0x00–0xFF of a Windows-1252 file as the Encoding Standard does, but the five it reports',
  () => {
    for (let byte = 0x00; byte <= 0xff; byte += 1) {
      const decoded = read([0x41, byte, 0x42, 0xfc]); // 0xFC ("ü") alone is not UTF-8: the file is Windows-1252
      const hex = `0x${byte.toString(16).padStart(2, '0')}`;
      if (UNASSIGNED.includes(byte)) assert.equal(decoded, { byte, position: { line: 1, column: 2 } }, hex);
      else
        assert.equal(decoded, { text: `A${String.fromCodePoint(WINDOWS_1252(byte))}Bü`, charset: 'windows-1252' }, hex);
    }
  },
);

decode('reads 0xA0–0xFF as Latin-1: the umlauts, ß and the no-break space of a German export', () => {
  for (let byte = 0xa0; byte <= 0xff; byte += 1)
    assert.equal(read([byte]), { text: String.fromCharCode(byte), charset: 'windows-1252' });
  const excel = Buffer.concat([Buffer.from('Jürgen Größ;412.850,50 ', 'latin1'), Buffer.of(0x80)]);
  assert.equal(read(excel), { text: 'Jürgen Größ;412.850,50 €', charset: 'windows-1252' });
});

decode('keeps UTF-8 as it is, with or without a byte-order mark, and drops the mark', () => {
  const text = 'Name;Summe\nMüller;1.234,50 €\n李小龍;0\n😀;1';
  assert.equal(read(Buffer.from(text)), { text, charset: 'utf-8' });
  assert.equal(read(Buffer.concat([Buffer.of(0xef, 0xbb, 0xbf), Buffer.from(text)])), { text, charset: 'utf-8' });
  assert.equal(read([]), { text: '', charset: 'utf-8' });
});

decode('reads UTF-16 with a byte-order mark, as Excel saves "Unicode Text"', () => {
  const text = 'Name\tAnzahl Eigenleads\nJörg\t3';
  const le = Buffer.concat([Buffer.of(0xff, 0xfe), Buffer.from(text, 'utf16le')]);
  const be = Buffer.from(le).swap16();
  assert.equal(read(le), { text, charset: 'utf-16' });
  assert.equal(read(be), { text, charset: 'utf-16' });
});

decode('places a byte no charset allows at its line and column', () => {
  assert.equal(read(Buffer.from('Name;x\r\nAnn\u00e9;\u0081', 'latin1')), {
    byte: 0x81,
    position: { line: 2, column: 6 },
  });
});

decode('refuses a byte that is not UTF-8 in a file that is: after a byte-order mark, or beside UTF-8 letters', () => {
  const pasted = Buffer.concat([
    Buffer.from('\ufeffName;x\r\nMüller;1\r\nJ', 'utf8'),
    Buffer.from([0xfc]),
    Buffer.from('rgen;2\r\n'),
  ]);
  assert.equal(read(pasted), { byte: 0xfc, position: { line: 3, column: 2 }, utf8Elsewhere: true });
  const noMark = pasted.subarray(3);
  assert.equal(read(noMark), { byte: 0xfc, position: { line: 3, column: 2 }, utf8Elsewhere: true });
  // Windows-1252 alone, whose "Ã" is rarely followed by a symbol of 0x80–0xBF, stays Windows-1252.
  const cp1252 = read(Buffer.from('Name;x\r\nJürgen;1,50\r\n', 'latin1'));
  assert.ok('charset' in cp1252 && cp1252.charset === 'windows-1252');
});

decode.run();
