// The output folder's .podium and its lock: made when missing, and said in words when they cannot be.
import { lstatSync, readlinkSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { toReason, tryTo, UserError } from '../errors.ts';
import { cannotWrite } from './guard.ts';
import { lock, type Lock } from './lock.ts';
import { makeFolders } from './steps.ts';

/**
 * The folder's lock. .podium is made again if a build that just ended removed it (it does when .podium is empty);
 * a folder that cannot be written to is said in words.
 */
export function takeLock(home: string, out: string, made: string[]): Lock {
  try {
    try {
      return lock(join(home, 'lock'), out);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      made.push(...makeHome(home, out));
      return lock(join(home, 'lock'), out);
    }
  } catch (error) {
    if (error instanceof UserError) throw error;
    throw cannotWrite(out, toReason(error), 'untouched');
  }
}

/** Makes .podium (and --out itself when missing); an output folder that cannot be one is said in words. */
export function makeHome(home: string, out: string): string[] {
  try {
    return makeFolders(home);
  } catch (error) {
    const { code, path } = error as NodeJS.ErrnoException;
    // undefined: it could not be looked at; null: there is nothing at `out` (or only a symbolic link to nothing).
    const target = tryTo(() => statSync(out, { throwIfNoEntry: false }) ?? null);
    const what =
      target === null && tryTo(() => lstatSync(out))?.isSymbolicLink()
        ? `it is a symbolic link to ${tryTo(() => readlinkSync(out))}, which does not exist`
        : target && !target.isDirectory()
          ? 'it is a file, not a folder'
          : toReason(error);
    // A file named .podium in the folder is said as such.
    throw cannotWrite(code === 'EEXIST' && target ? (path ?? out) : out, what, 'untouched');
  }
}
