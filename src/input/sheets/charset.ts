// A spreadsheet export's bytes → UTF-8. Excel saves "CSV UTF-8" with a byte-order mark, "Unicode Text" as UTF-16 with
// a byte-order mark, and plain "CSV" in a code page: Windows-1252 in Germany, Mac Roman on a Mac, IBM 850 for
// "CSV (MS-DOS)" (codepage.ts tells them apart).
import { isUtf8 } from 'node:buffer';
import { toText } from '../encoding.ts';
import { toPositions, type Position } from '../place.ts';
import { decode, NAMES, toCodePage, type CodePage } from './codepage.ts';

export type Charset = 'utf-8' | 'utf-16' | CodePage;
/** The text as UTF-8 bytes without a byte-order mark, and the charset it was read as; or the byte that is wrong. */
export type Decoded = { utf8: Buffer; charset: Charset } | { byte: number; position: Position; message: string };

/** Whether a charset holds every letter: a code page has no room for most ("Çağla" is saved as "Ça?la"). */
export function holdsEveryLetter(charset: Charset): boolean {
  return charset === 'utf-8' || charset === 'utf-16';
}

/** Reads the bytes as UTF-8 (with or without BOM), UTF-16 with a BOM, or the code page whose letters make sense. */
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
  // UTF-8's letters ("ü", read in a code page "Ã¼") next to a byte UTF-8 does not allow: a mixed file, which any
  // reading would garble.
  if (hasUtf8Letters(buffer)) return badUtf8(buffer);
  const found = toCodePage(buffer);
  if ('page' in found) return { utf8: Buffer.from(decode(found.page, buffer)), charset: found.page };
  const byte = buffer[found.senseless]!;
  const position = toPositions(buffer.toString('latin1'), [found.senseless])[0]!;
  const named = ['UTF-8', ...Object.values(NAMES)].join(', ');
  return {
    byte,
    position,
    message: `${toByte(byte)} makes sense in none of the encodings podium reads (${named}); ${SAVE}`,
  };
}

const SAVE = 'save the file as "CSV UTF-8"';
const toByte = (byte: number) => `byte 0x${byte.toString(16).toUpperCase().padStart(2, '0')}`;

/** The first byte of a UTF-8 file that is not UTF-8, and its place. */
function badUtf8(buffer: Buffer): Decoded {
  const text = toText(buffer);
  if (!('byte' in text)) return { utf8: Buffer.from(text.text), charset: 'utf-8' };
  return { ...text, message: `${toByte(text.byte)} is not UTF-8, as the rest of the file is; ${SAVE}` };
}

/**
 * Whether the bytes hold a UTF-8 letter of a Latin language or a typographic mark (ü as C3 BC, € as E2 82 AC): a
 * code page's pair of bytes that happens to be UTF-8 is rarely one ("ß“" is DF 93 in Windows-1252, U+07D3 in UTF-8).
 */
function hasUtf8Letters(bytes: Buffer): boolean {
  for (let at = 0; at < bytes.length - 1; at += 1) {
    const lead = bytes[at]!;
    if (lead < 0xc3 || (lead > 0xc5 && lead !== 0xe2)) continue;
    const second = bytes[at + 1]!;
    if ((second & 0xc0) !== 0x80) continue;
    // C3–C5: U+00C0–U+017F, the letters of Latin-1 and Latin Extended-A (but × and ÷).
    if (lead !== 0xe2 && /\p{L}/u.test(String.fromCharCode(((lead & 0x1f) << 6) | (second & 0x3f)))) return true;
    // E2 80 93–A6 and E2 82 AC: dashes, quotes, the ellipsis and the euro sign.
    const third = bytes[at + 2];
    if (lead === 0xe2 && third !== undefined && (third & 0xc0) === 0x80) {
      const code = 0x2000 | ((second & 0x3f) << 6) | (third & 0x3f);
      if ((code >= 0x2013 && code <= 0x2026) || code === 0x20ac) return true;
    }
  }
  return false;
}
