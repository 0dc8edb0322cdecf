// The write step, atomic: every file is staged beside its target, and renamed into place only when all are staged.
// Staging runs on libuv's threads while the next page renders: creating a folder or a file waits on the disk.
import { close, mkdir, open, renameSync, rmSync, statSync, writev } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { UserError } from './errors.ts';

/** A file to write: its path and its content in chunks (see html.ts), written in order. */
export type Output = { path: string; chunks: readonly (string | Uint8Array)[] };
/** A file written: the output without its content, and the number of bytes written. */
export type Written<T extends Output> = Omit<T, 'chunks'> & { bytes: number };

let staging = 0;
/** Files staged at once: enough to keep the file system busy, few enough to hold little memory. */
const IN_FLIGHT = 8;

/**
 * Writes all files or, when producing or staging any of them fails, none; an existing file is replaced,
 * never truncated. Outputs are consumed one at a time, so they may be produced lazily.
 * Returns each output, in order, with its bytes written in place of its content.
 */
export async function write<T extends Output>(outputs: Iterable<T>): Promise<Written<T>[]> {
  const staged: Staged<Omit<T, 'chunks'>>[] = [];
  const created: string[] = [];
  const pending = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  let renamed = 0;
  try {
    for (const { chunks, ...output } of outputs) {
      const { path } = output;
      // Unique per process and file; the process id keeps two bakes into one folder apart.
      const file = { temp: join(dirname(path), `.${basename(path)}.${process.pid}-${(staging += 1)}.tmp`), path, bytes: 0, exists: false, output };
      staged.push(file);
      const job = stage(file, chunks, created).catch((error: unknown) => void (failure ??= { error }));
      pending.add(job);
      void job.finally(() => pending.delete(job));
      // Let finished calls start their next step (folder → file → data → close) before the next page renders.
      await (pending.size >= IN_FLIGHT ? Promise.race(pending) : new Promise(setImmediate));
      if (failure) break;
    }
    await Promise.all(pending);
    if (failure) throw failure.error;
    // A rename fails on a folder in the page's place: find that before replacing any page.
    for (const { path } of staged) {
      if (statSync(path, { throwIfNoEntry: false })?.isDirectory()) throw Object.assign(new Error(), { code: 'EISDIR', path });
    }
    for (const { temp, path } of staged) {
      renameSync(temp, path);
      renamed += 1;
    }
    return staged.map(({ output, bytes }) => ({ ...output, bytes }));
  } catch (error) {
    await Promise.allSettled(pending); // a staging still running would leave its file behind
    for (const { temp, exists } of staged.slice(renamed)) if (exists) rmSync(temp, { force: true });
    // Folders this call made hold only its own staged files; leave no empty trace of a failed bake.
    if (renamed === 0) for (const folder of created.reverse()) rmSync(folder, { recursive: true, force: true });
    throw toWriteError(error);
  }
}

/** A file being staged: `exists` once its temporary file is created, `bytes` once written. */
type Staged<T = unknown> = { temp: string; path: string; bytes: number; exists: boolean; output: T };

const mkdirAsync = promisify(mkdir);
const openAsync = promisify(open);
const writevAsync = promisify(writev);
const closeAsync = promisify(close);

// One writev per file: shared chunks (the page script) are written from their bytes, not re-encoded per page.
// Errors name the page, not its temporary file.
async function stage(file: Staged, chunks: Output['chunks'], created: string[]): Promise<void> {
  const buffers = chunks.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk));
  const total = buffers.reduce((sum, buffer) => sum + buffer.byteLength, 0);
  try {
    const made = await mkdirAsync(dirname(file.temp), { recursive: true });
    if (made) created.push(made);
    const fd = await openAsync(file.temp, 'w');
    file.exists = true;
    try {
      let written = (await writevAsync(fd, buffers)).bytesWritten;
      // writev may write less than asked for (rare, for large files); finish the rest chunk by chunk.
      while (written < total) written += (await writevAsync(fd, remaining(buffers, written))).bytesWritten;
    } finally {
      await closeAsync(fd);
    }
  } catch (error) {
    throw Object.assign(error as Error, { path: file.path });
  }
  file.bytes = total;
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
