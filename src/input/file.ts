// The data files a contest names (a CSV export, a history folder and its Stands): read only from inside the project,
// only when a file, and only up to a size. Nothing is read through a path that leads elsewhere.
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { LIMITS, toTooLarge } from '../contest/limits.ts';
import { toReadReason } from '../errors.ts';

const OUTSIDE =
  "it is outside the project: podium reads data files only from the contest file's folder or the folder it runs in, and their subfolders (links followed)";

/** A path a contest file names, as problems name it: relative to the contest file's folder unless absolute. */
export function toDataPath(contestFile: string, path: string): string {
  return isAbsolute(path) ? path : join(dirname(contestFile), path);
}

/**
 * Why a path must not be read, or undefined when it may: it lies (links resolved) outside the contest file's folder
 * and the folder podium runs in. A link or a path may lead anywhere (/proc/self/environ, ../../secret.csv). Throws
 * what the file system says of a path that cannot be resolved.
 */
export function toOutside(contestFile: string, path: string): string | undefined {
  const folders = [process.cwd(), dirname(contestFile)].map((folder) => realpathSync(folder));
  return isInside(realpathSync(path), folders) ? undefined : OUTSIDE;
}

/** A data file's bytes, or in words why they are not read. */
export function readDataFile(contestFile: string, file: string): { bytes: Buffer } | { unreadable: string } {
  try {
    const outside = toOutside(contestFile, file);
    if (outside) return { unreadable: outside };
    // Only a file: reading a FIFO named x.csv would wait for ever.
    const info = statSync(file);
    if (!info.isFile()) return { unreadable: info.isDirectory() ? 'it is a folder' : 'not a file' };
    if (info.size > LIMITS.fileBytes) return { unreadable: toTooLarge(info.size) };
    return { bytes: readFileSync(file) };
  } catch (error) {
    return { unreadable: toReadReason(error) };
  }
}

/** Whether a path (links resolved) lies in one of the folders (links resolved) or below it. */
function isInside(path: string, folders: readonly string[]): boolean {
  return folders.some((folder) => {
    const below = relative(folder, path);
    return below === '' || (below !== '..' && !below.startsWith(`..${sep}`) && !isAbsolute(below));
  });
}
