// A document's bytes from its parts, and its gzip size for the line `podium build` prints: measured, not estimated
// (docs/performance.md), on libuv's threads, each part as soon as it is made, while the next one renders.
import { createGzip } from 'node:zlib';

/** zlib's output at a time: a slice of rows is gzipped in one go on its thread, with no turn of the main thread between. */
const CHUNK = 1 << 16;

/**
 * The document `parts` make, in order; with `measure`, its gzip size too, that of zlib.gzipSync() of the whole (the
 * same bytes in however many parts).
 */
export async function toDocument(
  parts: Iterable<Uint8Array>,
  measure: boolean,
): Promise<{ html: Buffer; gzip: number | undefined }> {
  const made: Uint8Array[] = [];
  const gzip = measure ? createGzip({ chunkSize: CHUNK }) : undefined;
  const size =
    gzip &&
    new Promise<number>((resolve, reject) => {
      let bytes = 0;
      gzip.on('data', (chunk: Buffer) => void (bytes += chunk.length));
      gzip.on('end', () => resolve(bytes));
      gzip.on('error', reject);
    });
  for (const part of parts) {
    made.push(part);
    if (!gzip) continue;
    gzip.write(part);
    // A turn of the event loop: zlib hears that its last part is done and takes the next, while the next is made.
    await new Promise(setImmediate);
  }
  gzip?.end();
  return { html: Buffer.concat(made), gzip: await size };
}
