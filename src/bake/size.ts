// A page's gzip size, for the line a build prints about it.
import { gzipSync } from 'node:zlib';
import { toBuiltGzipSize } from './assets.ts';
import type { Chunks, Text } from './html.ts';

export type GzipSize = { bytes: number; estimated: boolean };

const SAMPLE = 1 << 15;
/** Header and trailer of a gzip stream, counted once for a page. */
const GZIP_FRAME = 18;
/** The gzip size of each chunk of bytes (the page script, shared by every page of a run), measured once. */
const SHARED = new WeakMap<Uint8Array, number>();

/**
 * The page's gzip -6 size, cheaply: its text compressed now, plus the page script (its one chunk of bytes, see
 * html.ts) compressed once per run. Gzip of the whole page costs too much: a folder's every page, and every large
 * page, would pay for it (docs/performance.md). A page whose text exceeds 64 kB (a few hundred users) is estimated:
 * each large part's first 32 kB exactly, the rest at the rate gzip reaches over 96 kB mid-part with a warm
 * dictionary; its rows are alike, and gzip's 32 kB window does not reach across parts.
 * Error against gzip -6 of the whole file: under 1 % exact, under 2 % estimated (test/bake/size.test.ts).
 */
export function toGzipSize(chunks: Chunks): GzipSize {
  const own: Text[] = [];
  let shared = 0;
  for (const chunk of chunks) {
    if (typeof chunk === 'string') own.push([chunk]);
    else if (chunk instanceof Uint8Array) shared += sharedSize(chunk) - GZIP_FRAME;
    else own.push(chunk);
  }
  if (own.reduce((length, part) => length + lengthOf(part), 0) <= 2 * SAMPLE)
    return { bytes: gzipSync(toBytes(own.flat())).length + shared, estimated: false };
  const large = (part: Text) => lengthOf(part) > 2 * SAMPLE;
  let bytes = gzipSync(toBytes(own.filter((part) => !large(part)).flat())).length;
  for (const part of own.filter(large)) {
    // Over three samples after a warm one: one sample's rate ran 3 % high once rows began with their places.
    const length = lengthOf(part);
    const middle = Math.max(0, Math.floor(length / 2) - 2 * SAMPLE);
    const window = Math.min(4 * SAMPLE, length - middle);
    const rate =
      (gzipSync(sliceOf(part, middle, middle + window)).length -
        gzipSync(sliceOf(part, middle, middle + SAMPLE)).length) /
      (window - SAMPLE);
    bytes += gzipSync(sliceOf(part, 0, SAMPLE)).length - GZIP_FRAME + Math.round(rate * (length - SAMPLE));
  }
  return { bytes: bytes + shared, estimated: true };
}

/** A text's length: characters of its text pieces, bytes of its encoded ones (a large page's, html.ts). */
const lengthOf = (part: Text) => part.reduce((length, piece) => length + sizeOf(piece), 0);
const sizeOf = (piece: Text[number]) => (typeof piece === 'string' ? piece.length : piece.byteLength);

/** From `start` to `end` of a text in pieces, as UTF-8: as `slice` of the pieces joined would give it. */
function sliceOf(part: Text, start: number, end: number): Buffer {
  const out: Text[number][] = [];
  let at = 0;
  for (const piece of part) {
    const size = sizeOf(piece);
    if (at + size > start && at < end) {
      const [from, to] = [Math.max(0, start - at), end - at];
      out.push(typeof piece === 'string' ? piece.slice(from, to) : piece.subarray(from, to));
    }
    at += size;
  }
  return toBytes(out);
}

function toBytes(pieces: readonly Text[number][]): Buffer {
  return Buffer.concat(pieces.map((piece) => (typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece)));
}

function sharedSize(chunk: Uint8Array): number {
  let size = SHARED.get(chunk);
  // A page script's size comes from the build (lib/scripts.json): gzipping its 230 kB cost every bake ~5 ms.
  if (size === undefined) SHARED.set(chunk, (size = toBuiltGzipSize(chunk) ?? gzipSync(chunk).length));
  return size;
}
