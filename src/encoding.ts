// Bytes → text. Node's decoder turns bytes that are not UTF-8 into U+FFFD without a word; this finds the first.
import { Buffer, isUtf8 } from 'node:buffer';
import type { Position } from './json.ts';

/** The text of UTF-8 bytes (a byte-order mark stays, for the parser to skip), or the first byte that is not UTF-8 and its place. */
export function toText(bytes: Uint8Array): { text: string } | { byte: number; position: Position } {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = buffer.toString('utf8');
  if (isUtf8(buffer)) return { text };
  // Each bad sequence became one U+FFFD; the first that the bytes do not spell as EF BF BD is the first bad one.
  let [index, offset] = [0, 0]; // offset: the bytes that made text[0, index)
  for (let next = text.indexOf('\ufffd'); next !== -1; next = text.indexOf('\ufffd', index)) {
    offset += Buffer.byteLength(text.slice(index, next));
    if (buffer[offset] !== 0xef || buffer[offset + 1] !== 0xbf || buffer[offset + 2] !== 0xbd) return { byte: buffer[offset]!, position: toPosition(text, next) };
    [index, offset] = [next + 1, offset + 3];
  }
  return { text }; // not reached: isUtf8 said some sequence is bad
}

/** Line and column of `text[index]`, counted as json.ts counts them: from after a byte-order mark. */
function toPosition(text: string, index: number): Position {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) line += 1;
  const start = text.lastIndexOf('\n', index - 1) + 1;
  return { line, column: index - start + 1 - (start === 0 && text.charCodeAt(0) === 0xfeff ? 1 : 0) };
}
