// The data files a contest names (a CSV export, a workbook, a history folder and its Stands), read into plain values
// for the check: only from inside the project, only when a file, and only up to a size. Nothing is read through a
// path that leads elsewhere. The check itself (validate.ts and what it calls) never touches the disk.
import { readdirSync, readFileSync, realpathSync, statSync, type Dirent } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { LIMITS, toTooLarge } from '../contest/limits.ts';
import { CSV_FILE, HISTORY_FOLDER, WORKBOOK_FILE } from '../contest/schema.ts';
import { isLeftover, STAND_LIST, STAND_WORKBOOK } from '../contest/stand.ts';
import { toReadReason } from '../errors.ts';
import { isRecord } from '../names.ts';
import { toDataPath, toWorkbookPath } from './place.ts';

/** A data file's bytes, or in words why they are not read. */
export type DataFile = { bytes: Uint8Array } | { unreadable: string };
/**
 * A history folder: why it cannot be read, or its files by name (leftovers, folders and pipes passed over), each
 * that may be a Stand (a CSV export, a workbook, a .json list) with its bytes.
 */
export type DataFolder = { unreadable: string } | { files: { name: string; read?: DataFile }[] };
/** What a contest's `users` names, read: an export's file, or a history folder; nothing for a list of its own. */
export type Data = DataFile | DataFolder;

const OUTSIDE =
  "it is outside the project: podium reads data files only from the contest file's folder or the folder it runs in, and their subfolders (links followed)";

/** The data files a contest names for its users (`contest`, as JSON.parse made it), read; undefined for none. */
export function readData(contestFile: string, contest: unknown): Data | undefined {
  const users = isRecord(contest) ? contest.users : undefined;
  return typeof users === 'string' ? readNamed(contestFile, users) : undefined;
}

/** What `users`, a contest file's value, names, read: a CSV export, a workbook, or a history folder. */
export function readNamed(contestFile: string, users: string): Data | undefined {
  if (CSV_FILE.test(users)) return readDataFile(contestFile, toDataPath(contestFile, users));
  if (WORKBOOK_FILE.test(users)) return readDataFile(contestFile, toDataPath(contestFile, toWorkbookPath(users).path));
  if (HISTORY_FOLDER.test(users)) return readFolder(contestFile, toDataPath(contestFile, users));
  return undefined;
}

/**
 * Why a path must not be read, or undefined when it may: it lies (links resolved) outside the contest file's folder
 * and the folder podium runs in. A link or a path may lead anywhere (/proc/self/environ, ../../secret.csv). Throws
 * what the file system says of a path that cannot be resolved.
 */
function toOutside(contestFile: string, path: string): string | undefined {
  const folders = [process.cwd(), dirname(contestFile)].map((folder) => realpathSync(folder));
  return isInside(realpathSync(path), folders) ? undefined : OUTSIDE;
}

/** A data file's bytes, or in words why they are not read. */
export function readDataFile(contestFile: string, file: string): DataFile {
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

/** A history folder's files, each that may be a Stand read (every one: the check looks at each). */
function readFolder(contestFile: string, folder: string): DataFolder {
  let entries: Dirent[];
  try {
    const outside = toOutside(contestFile, folder);
    if (outside) return { unreadable: outside };
    entries = readdirSync(folder, { withFileTypes: true });
  } catch (error) {
    return { unreadable: toReadReason(error) };
  }
  const files = entries.filter((entry) => !isLeftover(entry.name) && isFile(entry, folder));
  return {
    files: files.map(({ name }) => {
      const stand = CSV_FILE.test(name) || STAND_WORKBOOK.test(name) || STAND_LIST.test(name);
      return stand ? { name, read: readDataFile(contestFile, join(folder, name)) } : { name };
    }),
  };
}

/** Regular files and links to them; folders, pipes and dangling links are no Stand. */
function isFile(entry: Dirent, folder: string): boolean {
  if (entry.isFile()) return true;
  if (!entry.isSymbolicLink()) return false;
  return statSync(join(folder, entry.name), { throwIfNoEntry: false })?.isFile() === true;
}

/** Whether a path (links resolved) lies in one of the folders (links resolved) or below it. */
function isInside(path: string, folders: readonly string[]): boolean {
  return folders.some((folder) => {
    const below = relative(folder, path);
    return below === '' || (below !== '..' && !below.startsWith(`..${sep}`) && !isAbsolute(below));
  });
}
