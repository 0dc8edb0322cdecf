// When a save is over: a workbook once its zip ends in its end record, any file once its size and time stand still.
// Programs that write a workbook in pieces (a sync client, an export script) pause between pieces longer than a
// burst of events stays quiet, and a workbook baked half-written is "not an Excel workbook".
import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { WORKBOOK_FILE } from '../../contest/schema.ts';

/** A file as it is now: `stamp` its size and time (`gone` for none), `whole` false for a workbook without its end. */
export type Look = { stamp: string; whole: boolean };

// A zip ends in its end-of-central-directory record: a signature, 18 bytes, and a comment of up to 65,535 bytes.
const END = 0x06054b50;
const END_BYTES = 22;
const MAX_TAIL = END_BYTES + 0xffff;

/** A file's size and time, `gone` for none: what a save changes. */
export function toStamp(path: string): string {
  const info = statSync(path, { throwIfNoEntry: false });
  return info ? `${info.size}:${info.mtimeMs}` : 'gone';
}

export function look(path: string): Look {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return { stamp: toStamp(path), whole: true }; // removed mid-save, or unreadable: the bake says which
  }
  try {
    const info = fstatSync(fd);
    const stamp = `${info.size}:${info.mtimeMs}`;
    if (!info.isFile() || !WORKBOOK_FILE.test(path)) return { stamp, whole: true };
    const tail = Buffer.alloc(Math.min(info.size, MAX_TAIL));
    readSync(fd, tail, 0, tail.length, info.size - tail.length);
    return { stamp, whole: hasEnd(tail, info.size) };
  } finally {
    closeSync(fd);
  }
}

/**
 * Whether the last bytes of a file of `size` bytes hold a zip's end record: its signature, a comment that reaches the
 * file's end exactly, and a central directory that ends where the record begins (or ZIP64's placeholders).
 */
export function hasEnd(tail: Buffer, size: number): boolean {
  for (let at = tail.length - END_BYTES; at >= 0; at -= 1) {
    if (tail.readUInt32LE(at) !== END || tail.readUInt16LE(at + 20) !== tail.length - at - END_BYTES) continue;
    const [length, offset] = [tail.readUInt32LE(at + 12), tail.readUInt32LE(at + 16)];
    if (offset === 0xffffffff || length === 0xffffffff) return true;
    if (offset + length === size - tail.length + at) return true;
  }
  return false;
}
