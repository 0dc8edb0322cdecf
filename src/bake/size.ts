// A page's gzip size, for the line a build prints about it.
import { gzipSync } from 'node:zlib';
import { toBuiltGzipSize } from './assets.ts';
import type { Chunks } from './html.ts';

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
  const own: string[] = [];
  let shared = 0;
  for (const chunk of chunks) {
    if (typeof chunk === 'string') own.push(chunk);
    else shared += sharedSize(chunk) - GZIP_FRAME;
  }
  if (own.reduce((length, part) => length + part.length, 0) <= 2 * SAMPLE)
    return { bytes: gzipSync(own.join('')).length + shared, estimated: false };
  const large = (part: string) => part.length > 2 * SAMPLE;
  let bytes = gzipSync(own.filter((part) => !large(part)).join('')).length;
  for (const part of own.filter(large)) {
    // Over three samples after a warm one: one sample's rate ran 3 % high once rows began with their places.
    const middle = Math.max(0, Math.floor(part.length / 2) - 2 * SAMPLE);
    const window = Math.min(4 * SAMPLE, part.length - middle);
    const rate =
      (gzipSync(part.slice(middle, middle + window)).length - gzipSync(part.slice(middle, middle + SAMPLE)).length) /
      (window - SAMPLE);
    bytes += gzipSync(part.slice(0, SAMPLE)).length - GZIP_FRAME + Math.round(rate * (part.length - SAMPLE));
  }
  return { bytes: bytes + shared, estimated: true };
}

function sharedSize(chunk: Uint8Array): number {
  let size = SHARED.get(chunk);
  // A page script's size comes from the build (lib/gzip.json): gzipping its 230 kB cost every bake ~5 ms.
  if (size === undefined) SHARED.set(chunk, (size = toBuiltGzipSize(chunk) ?? gzipSync(chunk).length));
  return size;
}
