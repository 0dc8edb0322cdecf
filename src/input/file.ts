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
import { toText } from './encoding.ts';
import { stripBom, toDataPath, toWorkbookPath } from './place.ts';

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
// Only a `"users": "…"` string names a file; a key spelt with an escape (`"\u0075sers"`) is parsed to be sure.
const [USERS_KEY, ESCAPE] = [Buffer.from('"users"'), Buffer.from('\\u')];
const [COLON, QUOTE] = [0x3a, 0x22];
const JSON_SPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

/** The data files a contest file's bytes name for its users, read; undefined when it names none or is no JSON. */
export function readData(contestFile: string, bytes: Uint8Array): Data | undefined {
  const users = toNamedUsers(bytes);
  return users === undefined ? undefined : readNamed(contestFile, users);
}

/** What `users`, a contest file's value, names, read: a CSV export, a workbook, or a history folder. */
export function readNamed(contestFile: string, users: string): Data | undefined {
  if (CSV_FILE.test(users)) return readDataFile(contestFile, toDataPath(contestFile, users));
  if (WORKBOOK_FILE.test(users)) return readDataFile(contestFile, toDataPath(contestFile, toWorkbookPath(users).path));
  if (HISTORY_FOLDER.test(users)) return readFolder(contestFile, toDataPath(contestFile, users));
  return undefined;
}

/** The `users` string of a contest file, as the check will parse it; undefined for anything else. */
function toNamedUsers(bytes: Uint8Array): string | undefined {
  // Looked for in the bytes: a list of 10,000 users (1 MB) took ~4 ms to decode here, and the check decodes it again.
  if (!mayNameFile(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))) return undefined;
  const decoded = toText(bytes);
  if ('byte' in decoded) return undefined;
  try {
    const data: unknown = JSON.parse(stripBom(decoded.text));
    return isRecord(data) && typeof data.users === 'string' ? data.users : undefined;
  } catch {
    return undefined; // the check says what is wrong with the file
  }
}

/**
 * Whether JSON of these bytes may give `users` a string: `"users"`, then `:` and `"` with JSON's spaces between, or a
 * `\u` that may spell the key.
 */
function mayNameFile(bytes: Buffer): boolean {
  if (bytes.includes(ESCAPE)) return true;
  const skip = (at: number) => {
    while (JSON_SPACE.has(bytes[at]!)) at += 1;
    return at;
  };
  for (let at = bytes.indexOf(USERS_KEY); at !== -1; at = bytes.indexOf(USERS_KEY, at + 1)) {
    const colon = skip(at + USERS_KEY.length);
    if (bytes[colon] === COLON && bytes[skip(colon + 1)] === QUOTE) return true;
  }
  return false;
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
