// Bytes → text. Node's decoder turns bytes that are not UTF-8 into U+FFFD without a word; this finds the first.
import { Buffer, isUtf8 } from 'node:buffer';
import { stripBom, toPositions, type Position } from './place.ts';

/**
 * The text of UTF-8 bytes (a byte-order mark stays, for the parser to skip), or the first byte that is not UTF-8 and
 * its place.
 */
export function toText(bytes: Uint8Array): { text: string } | { byte: number; position: Position } {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = buffer.toString('utf8');
  if (isUtf8(buffer)) return { text };
  // Each bad sequence became one U+FFFD; the first that the bytes do not spell as EF BF BD is the first bad one.
  let [index, offset] = [0, 0]; // offset: the bytes that made text[0, index)
  for (let next = text.indexOf('\ufffd'); next !== -1; next = text.indexOf('\ufffd', index)) {
    offset += Buffer.byteLength(text.slice(index, next));
    if (buffer[offset] !== 0xef || buffer[offset + 1] !== 0xbf || buffer[offset + 2] !== 0xbd) {
      const body = stripBom(text); // places count from after a byte-order mark, as for every other problem
      return { byte: buffer[offset]!, position: toPositions(body, [next - (text.length - body.length)])[0]! };
    }
    [index, offset] = [next + 1, offset + 3];
  }
  return { text }; // not reached: isUtf8 said some sequence is bad
}
