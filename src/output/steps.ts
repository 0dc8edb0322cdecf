// The steps of putting pages in place, each with its undo, so that a failure or an abort puts every page back.
import { copyFileSync, linkSync, mkdirSync, renameSync, rmdirSync, statSync, unlinkSync } from 'node:fs';
import { dirname } from 'node:path';
import { tryTo } from '../errors.ts';
import type { Staged } from './stage.ts';

/** A step of putting pages in place, and how to undo it; `kept` holds the old file until the write is done. */
export type Step = { path: string; undo: () => void; kept?: string; page?: boolean };

/** Puts a page whose folder did not exist in place: its staged folder becomes that folder, in one rename. */
export function place({ path, folder }: Staged<unknown>, steps: Step[]): void {
  const target = dirname(path);
  try {
    try {
      renameSync(folder!, target); // a folder made meanwhile is replaced if empty, else this fails (ENOTEMPTY)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      for (const made of makeFolders(dirname(target))) steps.push({ path: made, undo: () => rmdirSync(made) });
      renameSync(folder!, target);
    }
  } catch (error) {
    throw Object.assign(error as Error, { path });
  }
  steps.push({ path, undo: () => (unlinkSync(path), rmdirSync(target)), page: true });
}

/**
 * Renames `temp` to `path`, keeping the file it replaces as `kept` (a hard link, else a copy) until the write is
 * done; makes the missing folders of a new page. Errors name `path`.
 */
export function replace(temp: string, path: string, kept: string, steps: Step[], page = false): void {
  try {
    let existed = true;
    try {
      linkSync(path, kept);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        copyFileSync(path, kept); // no hard links here; a folder in the page's place fails (EISDIR)
      else {
        existed = false;
        for (const folder of makeFolders(dirname(path))) steps.push({ path: folder, undo: () => rmdirSync(folder) });
      }
    }
    renameSync(temp, path);
    steps.push(
      existed ? { path, undo: () => renameSync(kept, path), kept, page } : { path, undo: () => unlinkSync(path), page },
    );
  } catch (error) {
    throw Object.assign(error as Error, { path });
  }
}

/** Undoes the steps taken, last first; returns those that could not be undone. */
export function undo(steps: readonly Step[]): Step[] {
  const failed: Step[] = [];
  for (const step of [...steps].reverse()) {
    try {
      step.undo();
    } catch {
      failed.push(step);
    }
  }
  return failed;
}

/**
 * Makes `folder` and the folders above it that are missing; returns those made, outermost first. (Not mkdir's
 * `recursive`, which says ENOENT where the folder it could not make says EROFS or EACCES.)
 */
export function makeFolders(folder: string): string[] {
  try {
    mkdirSync(folder);
    return [folder];
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    if (code === 'EEXIST' && tryTo(() => statSync(folder))?.isDirectory()) return [];
    if (code !== 'ENOENT' || dirname(folder) === folder) throw error;
  }
  const made = makeFolders(dirname(folder));
  mkdirSync(folder);
  return [...made, folder];
}
