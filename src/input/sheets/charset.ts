// A spreadsheet export's bytes → UTF-8. Excel saves "CSV UTF-8" with a byte-order mark, plain "CSV" in the
// system's code page (Windows-1252 in Germany), and "Unicode Text" as UTF-16 with a byte-order mark.
import { isUtf8 } from 'node:buffer';
import { toText } from '../encoding.ts';
import { toPositions, type Position } from '../place.ts';

export type Charset = 'utf-8' | 'utf-16' | 'windows-1252';
/** The text as UTF-8 bytes without a byte-order mark, and the charset it was read as; or a byte no charset allows. */
export type Decoded =
  { utf8: Buffer; charset: Charset } | { byte: number; position: Position; utf8Elsewhere?: boolean };

// Windows-1252's 0x80–0x9F. Node's TextDecoder('windows-1252') reads them as Latin-1 (0x80 as U+0080, not "€") in
// 22.13–22.22.0 and 24.0–24.13 (nodejs/node#56542), so the table is ours. 0x81, 0x8D, 0x8F, 0x90 and 0x9D are
// unassigned (the Encoding Standard makes them C1 controls): a file with them is not a Windows-1252 export.
const C1 = '€\0‚ƒ„…†‡ˆ‰Š‹Œ\0Ž\0\0‘’“”•–—˜™š›œ\0žŸ';
const UNASSIGNED = /[\x81\x8d\x8f\x90\x9d]/;

/** Reads the bytes as UTF-8 (with or without BOM) or UTF-16 with a BOM; any other bytes as Windows-1252. */
export function toUtf8(bytes: Uint8Array): Decoded {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const [a, b, c] = buffer;
  // A byte-order mark says UTF-8: a byte that is not, like a UTF-8 file with a row pasted in Windows-1252, is an error.
  if (a === 0xef && b === 0xbb && c === 0xbf)
    return isUtf8(buffer.subarray(3)) ? { utf8: buffer.subarray(3), charset: 'utf-8' } : badUtf8(buffer);
  if ((a === 0xff && b === 0xfe) || (a === 0xfe && b === 0xff)) {
    const text = new TextDecoder(a === 0xff ? 'utf-16le' : 'utf-16be').decode(buffer.subarray(2));
    return { utf8: Buffer.from(text), charset: 'utf-16' };
  }
  // Checked without making a string: most files are UTF-8, and their bytes go to the parser as they are.
  if (isUtf8(buffer)) return { utf8: buffer, charset: 'utf-8' };
  // UTF-8's two- to four-byte letters ("Ã¼" read as Windows-1252) next to a byte UTF-8 does not allow: a mixed file,
  // which either reading would garble.
  return MULTIBYTE.test(buffer.toString('latin1')) ? badUtf8(buffer) : fromWindows1252(buffer);
}

const MULTIBYTE = /[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}|[\xf0-\xf4][\x80-\xbf]{3}/;

/** The first byte of a UTF-8 file that is not UTF-8, and its place. */
function badUtf8(buffer: Buffer): Decoded {
  const text = toText(buffer);
  return 'byte' in text ? { ...text, utf8Elsewhere: true } : { utf8: Buffer.from(text.text), charset: 'utf-8' };
}

/** Windows-1252: Latin-1 but for 0x80–0x9F, which hold €, „“ and the like. */
function fromWindows1252(buffer: Buffer): Decoded {
  const latin1 = buffer.toString('latin1');
  const unassigned = UNASSIGNED.exec(latin1);
  if (unassigned)
    return { byte: latin1.charCodeAt(unassigned.index), position: toPositions(latin1, [unassigned.index])[0]! };
  return {
    utf8: Buffer.from(latin1.replace(/[\x80-\x9f]/g, (char) => C1[char.charCodeAt(0) - 0x80]!)),
    charset: 'windows-1252',
  };
}
