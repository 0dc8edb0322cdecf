// Staging: every page into a temporary file of its own in .podium/work, a few at a time on libuv's threads while
// the next page renders (creating a file or a folder waits on the disk); write.ts then puts the staged files in
// place. A page whose folder does not exist yet is staged in a folder of its own, which becomes the page's folder:
// nothing is made in the output folder before the pages are put in place.
import {
  close as closeFd,
  mkdir as makeFolder,
  open as openFd,
  stat as statPath,
  writev as writeVector,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';

// node:fs's calls, not node:fs/promises: that module loads readline and ten more at every start (~1.2 ms).
// Named, not `import * as fs`: the bundle copies every one of node:fs's 108 exports for a namespace.
const [stat, mkdir, open, writev, close] = [
  promisify(statPath),
  promisify(makeFolder),
  promisify(openFd),
  promisify(writeVector),
  promisify(closeFd),
] as const;

/** A file to write: its path and its content in chunks (see html.ts), written in order. */
export type Output = { path: string; chunks: readonly (string | readonly (string | Uint8Array)[] | Uint8Array)[] };
/**
 * A staged file: its output, the page's path, its temporary file in .podium/work, and its size; `folder`, the
 * temporary folder that holds it, when the page's folder does not exist.
 */
export type Staged<T> = { output: T; path: string; temp: string; bytes: number; folder?: string };

/** Files staged at once: enough to keep the file system busy, few enough to hold little memory. */
const IN_FLIGHT = 8;

/**
 * Stages each output into a new file of the folder `work`, in order, consuming them one at a time (they may be
 * produced lazily); stops at the first failure or abort, with every staging finished.
 */
export async function stage<T extends Output>(
  outputs: Iterable<T> | AsyncIterable<T>,
  work: string,
  signal: AbortSignal | undefined,
): Promise<Staged<Omit<T, 'chunks'>>[]> {
  const staged: Staged<Omit<T, 'chunks'>>[] = [];
  const pending = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  try {
    signal?.throwIfAborted();
    for await (const { chunks, ...output } of outputs) {
      const file: Staged<typeof output> = {
        output,
        path: output.path,
        temp: join(work, String(staged.length)),
        bytes: 0,
      };
      staged.push(file);
      const job = stageFile(file, chunks).catch((error: unknown) => void (failure ??= { error }));
      pending.add(job);
      void job.finally(() => pending.delete(job));
      // Let finished calls start their next step (file → data → close) before the next page renders.
      await (pending.size >= IN_FLIGHT ? Promise.race(pending) : new Promise(setImmediate));
      if (failure) break;
      signal?.throwIfAborted();
    }
  } finally {
    await Promise.allSettled(pending); // a staging still running would leave its file behind
  }
  if (failure) throw failure.error;
  return staged;
}

// One writev per file: shared chunks (the page script) are written from their bytes, not re-encoded per page.
// Errors name the page, not its temporary file.
async function stageFile(file: Staged<unknown>, chunks: Output['chunks']): Promise<void> {
  const buffers = chunks.flatMap((chunk) =>
    typeof chunk === 'string' ? [Buffer.from(chunk, 'utf8')] : chunk instanceof Uint8Array ? [chunk] : toBuffers(chunk),
  );
  const total = buffers.reduce((sum, buffer) => sum + buffer.byteLength, 0);
  try {
    if (!(await stat(dirname(file.path)).catch(() => undefined))) {
      file.folder = `${file.temp}.d`;
      file.temp = join(file.folder, basename(file.path));
      await mkdir(file.folder);
    }
    const fd = await open(file.temp, 'wx');
    try {
      let written = (await writev(fd, buffers)).bytesWritten;
      // writev may write less than asked for (rare, for large files); finish the rest chunk by chunk.
      while (written < total) written += (await writev(fd, remaining(buffers, written))).bytesWritten;
    } finally {
      await close(fd);
    }
  } catch (error) {
    throw Object.assign(error as Error, { path: file.path });
  }
  file.bytes = total;
}

/** A text in pieces (bake/html.ts), each piece encoded on its own: never joined into one string. */
function toBuffers(pieces: readonly (string | Uint8Array)[]): Uint8Array[] {
  return pieces.map((piece) => (typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece));
}

function remaining(buffers: readonly Uint8Array[], skip: number): Uint8Array[] {
  const rest: Uint8Array[] = [];
  for (const buffer of buffers) {
    if (skip >= buffer.byteLength) skip -= buffer.byteLength;
    else {
      rest.push(buffer.subarray(skip));
      skip = 0;
    }
  }
  return rest;
}
