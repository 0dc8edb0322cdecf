// Staging: every page into a temporary file of its own in .podium/work, a few at a time on libuv's threads while
// the next page renders (creating a file or a folder waits on the disk); write.ts then puts the staged files in
// place. A page whose folder does not exist yet is staged in a folder of its own, which becomes the page's folder:
// nothing is made in the output folder before the pages are put in place.
import { mkdir as makeFolder, stat as statPath, writeFile as writeFileCallback } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';

// node:fs's calls, not node:fs/promises: that module loads readline and ten more at every start (~1.2 ms).
// Named, not `import * as fs`: the bundle copies every one of node:fs's 108 exports for a namespace.
const [stat, mkdir, writeFile] = [promisify(statPath), promisify(makeFolder), promisify(writeFileCallback)] as const;

/** A file to write: its path and its bytes. */
export type Output = { path: string; html: Uint8Array };
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
): Promise<Staged<Omit<T, 'html'>>[]> {
  const staged: Staged<Omit<T, 'html'>>[] = [];
  const pending = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  try {
    signal?.throwIfAborted();
    for await (const { html, ...output } of outputs) {
      const file: Staged<typeof output> = {
        output,
        path: output.path,
        temp: join(work, String(staged.length)),
        bytes: 0,
      };
      staged.push(file);
      const job = stageFile(file, html).catch((error: unknown) => void (failure ??= { error }));
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

// Errors name the page, not its temporary file.
async function stageFile(file: Staged<unknown>, html: Uint8Array): Promise<void> {
  try {
    if (!(await stat(dirname(file.path)).catch(() => undefined))) {
      file.folder = `${file.temp}.d`;
      file.temp = join(file.folder, basename(file.path));
      await mkdir(file.folder);
    }
    await writeFile(file.temp, html, { flag: 'wx' });
  } catch (error) {
    throw Object.assign(error as Error, { path: file.path });
  }
  file.bytes = html.byteLength;
}
