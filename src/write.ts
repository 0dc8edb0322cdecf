// Atomic output: every file is staged beside its target, and renamed into place only when all are staged.
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { UserError } from './errors.ts';

export type Output = { path: string; content: string };

/** Writes all files or, when staging any of them fails, none; an existing file is replaced, never truncated. */
export async function write(outputs: readonly Output[]): Promise<void> {
  const staged: { temp: string; path: string }[] = [];
  try {
    for (const { path, content } of outputs) {
      await mkdir(dirname(path), { recursive: true });
      const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
      staged.push({ temp, path });
      await writeFile(temp, content);
    }
  } catch (error) {
    await Promise.all(staged.map(({ temp }) => rm(temp, { force: true })));
    throw toWriteError(error);
  }
  try {
    for (const { temp, path } of staged) await rename(temp, path);
  } catch (error) {
    await Promise.all(staged.map(({ temp }) => rm(temp, { force: true })));
    throw toWriteError(error);
  }
}

function toWriteError(error: unknown): Error {
  const { code, path } = error as NodeJS.ErrnoException;
  if (!code) return error as Error;
  const reason = code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code === 'ENOSPC' ? 'disk full' : code;
  return new UserError(`${path ?? 'output'}: cannot write (${reason}); check the --out folder`);
}
