// Atomic output: every file is staged beside its target, and renamed into place only when all are staged.
// Synchronous on purpose: a bake is one short process, and the thread-pool round trips of async fs
// cost more than the writes themselves (measured: 200 pages, 1.8 ms each idle).
import { closeSync, mkdirSync, openSync, renameSync, rmSync, statSync, writevSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { UserError } from './errors.ts';

/** A file to write: its path and its content in chunks (see html.ts), written in order. */
export type Output = { path: string; chunks: readonly (string | Uint8Array)[] };

let staging = 0;

/**
 * Writes all files or, when producing or staging any of them fails, none; an existing file is replaced,
 * never truncated. Outputs are consumed one at a time, so they may be produced lazily.
 * Returns the number of bytes written to each file, in order.
 */
export function write(outputs: Iterable<Output>): number[] {
  const staged: { temp: string; path: string }[] = [];
  const created: string[] = [];
  const sizes: number[] = [];
  let renamed = 0;
  try {
    for (const { path, chunks } of outputs) {
      const made = mkdirSync(dirname(path), { recursive: true });
      if (made) created.push(made);
      // Unique per process and file; the process id keeps two bakes into one folder apart.
      const temp = join(dirname(path), `.${basename(path)}.${process.pid}-${(staging += 1)}.tmp`);
      staged.push({ temp, path });
      sizes.push(writeAll(temp, chunks, path));
    }
    // A rename fails on a folder in the page's place: find that before replacing any page.
    for (const { path } of staged) {
      if (statSync(path, { throwIfNoEntry: false })?.isDirectory()) throw Object.assign(new Error(), { code: 'EISDIR', path });
    }
    for (const { temp, path } of staged) {
      renameSync(temp, path);
      renamed += 1;
    }
    return sizes;
  } catch (error) {
    for (const { temp } of staged.slice(renamed)) rmSync(temp, { force: true });
    // Folders this call made hold only its own staged files; leave no empty trace of a failed bake.
    if (renamed === 0) for (const folder of created.reverse()) rmSync(folder, { recursive: true, force: true });
    throw toWriteError(error);
  }
}

// One writev per file: shared chunks (the page script) are written from their bytes, not re-encoded per page.
// `page` is the file the temporary file stands for: errors name it, not the temporary file.
function writeAll(path: string, chunks: Output['chunks'], page: string): number {
  const buffers = chunks.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk));
  const total = buffers.reduce((sum, buffer) => sum + buffer.byteLength, 0);
  try {
    const fd = openSync(path, 'w');
    try {
      let written = writevSync(fd, buffers);
      // writev may write less than asked for (rare, for large files); finish the rest chunk by chunk.
      while (written < total) written += writevSync(fd, remaining(buffers, written));
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    throw Object.assign(error as Error, { path: page });
  }
  return total;
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

function toWriteError(error: unknown): Error {
  const { code, path, dest } = error as NodeJS.ErrnoException & { dest?: string };
  if (!code) return error as Error;
  const reasons: Record<string, string> = { EACCES: 'permission denied', EPERM: 'permission denied', ENOSPC: 'disk full', EISDIR: 'a folder is in its place', ENOTDIR: 'a file is in the way of its folder' };
  return new UserError(`podium: ${dest ?? path ?? 'output'}: cannot write (${reasons[code] ?? code}); nothing was written`);
}
