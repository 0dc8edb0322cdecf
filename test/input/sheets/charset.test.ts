import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toUtf8 } from '../../../src/input/sheets/charset.ts';
import { FIXTURES } from '../../helpers/files.ts';

/** The text of bytes read as a spreadsheet export, or the problem byte and its place. */
const read = (bytes: number[] | Buffer) => {
  const decoded = toUtf8(Buffer.from(bytes));
  return 'utf8' in decoded
    ? { text: decoded.utf8.toString('utf8'), charset: decoded.charset }
    : { byte: decoded.byte, position: decoded.position };
};
/** Windows-1252 bytes of text, as German Excel's plain "CSV" holds them (every character is Latin-1 here). */
const cp1252 = (text: string) => [...Buffer.from(text, 'latin1')];
// What the letters of a German export say: "ü", "ö" and "ß" are Windows-1252 here, box drawing in IBM 850, junk in
// Mac Roman. A byte alone ("A\x80B") could be any of the three; in an export, its neighbours decide.
const GERMAN = 'Jürgen Größ;';

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
    const decoded = read([...cp1252(GERMAN), 0x41, byte, 0x42]); // alone, no byte of 0x80–0xFF is valid UTF-8
    if (UNASSIGNED.includes(byte))
      assert.equal(decoded, { byte, position: { line: 1, column: 14 } }, `0x${byte.toString(16)}`);
    else
      assert.equal(
        decoded,
        { text: `${GERMAN}A${String.fromCodePoint(WINDOWS_1252(byte))}B`, charset: 'windows-1252' },
        `0x${byte.toString(16)}`,
      );
  }
});

decode(
  'reads every byte 0x00–0xFF of a Windows-1252 file as the Encoding Standard does, but the five it reports',
  () => {
    for (let byte = 0x00; byte <= 0xff; byte += 1) {
      const decoded = read([0x41, byte, 0x42, ...cp1252(`;${GERMAN}`)]); // 0xFC ("ü") alone is not UTF-8
      const hex = `0x${byte.toString(16).padStart(2, '0')}`;
      if (UNASSIGNED.includes(byte)) assert.equal(decoded, { byte, position: { line: 1, column: 2 } }, hex);
      else
        assert.equal(
          decoded,
          { text: `A${String.fromCodePoint(WINDOWS_1252(byte))}B;${GERMAN}`, charset: 'windows-1252' },
          hex,
        );
    }
  },
);

decode('reads 0xA0–0xFF as Latin-1: the umlauts, ß and the no-break space of a German export', () => {
  for (let byte = 0xa0; byte <= 0xff; byte += 1)
    assert.equal(read([...cp1252(GERMAN), byte]), {
      text: GERMAN + String.fromCharCode(byte),
      charset: 'windows-1252',
    });
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
  const said = 'byte 0xFC is not UTF-8, as the rest of the file is; save the file as "CSV UTF-8"';
  assert.equal(toUtf8(pasted), { byte: 0xfc, position: { line: 3, column: 2 }, message: said });
  const noMark = pasted.subarray(3);
  assert.equal(toUtf8(noMark), { byte: 0xfc, position: { line: 3, column: 2 }, message: said });
  // Windows-1252 alone, whose "Ã" is rarely followed by a symbol of 0x80–0xBF, stays Windows-1252.
  const cp1252 = read(Buffer.from('Name;x\r\nJürgen;1,50\r\n', 'latin1'));
  assert.ok('charset' in cp1252 && cp1252.charset === 'windows-1252');
});

decode(
  'reads what LibreOffice saves in each charset as the same cells: the German letters decide the code page',
  () => {
    const real = (name: string) => read(readFileSync(join(FIXTURES, 'real/text', `${name}.csv`)));
    const utf8 = real('utf-8');
    assert.equal(utf8, {
      text: 'Name;Anzahl Eigenleads;Summe Netto-Volumen AB;Notiz\nJörg Schäfer;12;1.234,50 €;„Groß“\nÇağla Öztürk;9;987,00 €;Grüße\nÜnal Weiß;7;-12,30 €;Straße\n',
      charset: 'utf-8',
    });
    const { text } = utf8 as { text: string };
    // A code page has no "ğ": LibreOffice, as Excel, writes "?"; IBM 850 has no „ “ either, and LibreOffice writes '"'.
    const lost = text.replace('ğ', '?');
    assert.equal(real('windows-1252'), { text: lost, charset: 'windows-1252' });
    assert.equal(real('mac-roman'), { text: lost, charset: 'mac-roman' }, 'not "Jšrg SchŠfer"');
    assert.equal(real('ibm-850'), { text: lost.replace('„Groß“', '"""Groß"""'), charset: 'ibm-850' });
    assert.equal(real('utf-16'), { text: text.replaceAll(';', '\t'), charset: 'utf-16' });
  },
);

decode('reads „Groß“ in Windows-1252 as it is, though "ß“" (DF 93) would be a UTF-8 sequence', () => {
  assert.equal(read(cp1252('Name;Notiz\r\nJörg;„Groß“\r\n'.replace('„', '\x84').replace('“', '\x93'))), {
    text: 'Name;Notiz\r\nJörg;„Groß“\r\n',
    charset: 'windows-1252',
  });
});

decode('reads IBM 850\'s 0xD5 as "ı" beside a letter and as "€" elsewhere, as LibreOffice writes both', () => {
  // IBM 850 bytes: 0x94 "ö", 0xD5 "ı" or "€".
  assert.equal(read([...Buffer.from('M\x94ller;Y\xd5lmaz;12,50 \xd5', 'latin1')]), {
    text: 'Möller;Yılmaz;12,50 €',
    charset: 'ibm-850',
  });
});

decode('refuses a file that no encoding makes sense of, at the first byte that makes none as Windows-1252', () => {
  // Windows-1251 (Cyrillic): "Èâàí Ïåòðîâ" as Windows-1252, box drawing in IBM 850, signs in Mac Roman.
  const cyrillic = Buffer.from([
    ...Buffer.from('Name;Anzahl\r\n'),
    ...[0xc8, 0xe2, 0xe0, 0xed, 0x20, 0xcf, 0xe5, 0xf2, 0xf0, 0xee, 0xe2],
    ...Buffer.from(';3\r\n'),
  ]);
  assert.equal(toUtf8(cyrillic), {
    byte: 0xc8,
    position: { line: 2, column: 1 },
    message:
      'byte 0xC8 makes sense in none of the encodings podium reads (UTF-8, Windows-1252, Mac Roman, IBM 850); save the file as "CSV UTF-8"',
  });
});

decode.run();
