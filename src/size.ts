// Pages' gzip sizes, for the lines a build prints. A folder bake measures them on a worker thread, so that
// compressing one page (0.3–0.5 ms) overlaps rendering the next (npm run bench).
import { Worker } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import type { Assets } from './assets.ts';
import { toChunkText, type Chunks } from './html.ts';

/** What a page's gzip size is computed from: its own parts as text, and the shared page script's share. */
export type Sizing = { own: string[]; shared: number };
export type GzipSize = { bytes: number; estimated: boolean };
export type Sizer = { size(sizing: Sizing): Promise<GzipSize>; close(): Promise<void> };

const SAMPLE = 1 << 15;
/** Header and trailer of a gzip stream, counted once for a page. */
const GZIP_FRAME = 18;

/** A page's own parts, apart from the shared page script, whose gzip size scripts/build.js measured once. */
export function toSizing(chunks: Chunks, assets: Assets): Sizing {
  const own = chunks.filter((chunk) => chunk !== assets.client.bytes).map(toChunkText);
  return { own, shared: chunks.includes(assets.client.bytes) ? assets.client.gzipBytes - GZIP_FRAME : 0 };
}

/**
 * The page's gzip -6 size, cheaply: its own parts compressed now, plus the shared page script's size. A page
 * whose own parts exceed 64 kB (a few hundred users) is estimated: each large part's first 32 kB exactly, the
 * rest at the rate gzip reaches mid-part with a warm dictionary (the growth from 32 to 64 kB of a mid-part
 * sample); its rows are alike, and gzip's 32 kB window does not reach across parts.
 * Error against gzip -6 of the whole file: under 1 % exact, under 2 % estimated (test/size.test.ts).
 */
export function toGzipSize({ own, shared }: Sizing): GzipSize {
  const whole = own.join('');
  if (whole.length <= 2 * SAMPLE) return { bytes: gzipSync(whole).length + shared, estimated: false };
  const large = (part: string) => part.length > 2 * SAMPLE;
  let bytes = gzipSync(own.filter((part) => !large(part)).join('')).length;
  for (const part of own.filter(large)) {
    const middle = Math.floor(part.length / 2) - SAMPLE;
    const rate = (gzipSync(part.slice(middle, middle + 2 * SAMPLE)).length - gzipSync(part.slice(middle, middle + SAMPLE)).length) / SAMPLE;
    bytes += gzipSync(part.slice(0, SAMPLE)).length - GZIP_FRAME + Math.round(rate * (part.length - SAMPLE));
  }
  return { bytes: bytes + shared, estimated: true };
}

/**
 * Sizes pages on a worker thread (lib/size-worker.cjs), answering in the order asked; or, for a few pages,
 * where starting a thread (~15 ms) costs more than it saves, right here. Should the thread fail to start or
 * die, the pages it still owes and all later ones are sized here: a size is only a number in an output line.
 */
export function startSizer(threaded: boolean, script = new URL('../lib/size-worker.cjs', import.meta.url)): Sizer {
  const inline: Sizer = { size: (sizing) => Promise.resolve(toGzipSize(sizing)), close: () => Promise.resolve() };
  if (!threaded) return inline;
  let worker: Worker;
  try {
    worker = new Worker(script);
  } catch {
    return inline;
  }
  const waiting: { sizing: Sizing; resolve: (size: GzipSize) => void }[] = [];
  let failed = false;
  let closing = false;
  const fail = () => {
    failed = true;
    for (const { sizing, resolve } of waiting.splice(0)) resolve(toGzipSize(sizing));
  };
  worker.on('message', (size: GzipSize) => waiting.shift()?.resolve(size));
  worker.on('error', fail);
  worker.on('exit', () => closing || fail());
  return {
    size: (sizing) => {
      if (failed) return inline.size(sizing);
      return new Promise((resolve) => {
        try {
          worker.postMessage(sizing);
        } catch {
          return resolve(toGzipSize(sizing)); // not sent: no answer will come for it
        }
        waiting.push({ sizing, resolve });
      });
    },
    close: async () => {
      closing = true;
      await worker.terminate();
    },
  };
}
