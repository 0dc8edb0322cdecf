// The read step: contest files, folders of them, or standard input → their bytes, what JSON.parse makes of them, and
// the bytes of every data file they name (file.ts). Nothing else reads input. Why bytes are no contest (not UTF-8, not
// JSON, not valid) is the validate step's business: it places every problem, and never touches the disk.
import {
  closeSync,
  constants,
  createReadStream,
  fstatSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  type Dirent,
} from 'node:fs';
import { join } from 'node:path';
import { LIMITS, toTooLarge } from '../contest/limits.ts';
import { foldName } from '../names.ts';
import { toReadReason, tryTo, UserError } from '../errors.ts';
import { toText } from './encoding.ts';
import { readData, type Data } from './file.ts';
import { holdsTooManyKeys } from './json.ts';
import { stripBom } from './place.ts';

/**
 * One contest file: its bytes, its text and what JSON.parse made of it (`parsed`, when it is UTF-8 JSON) and the data
 * files it names (`data`), or in words why it could not be read (a file of a folder; the other files are still
 * checked). `name` is set for files of a folder, which each get a subfolder of the output.
 */
export type Source = { file: string; name?: string } & (
  { bytes: Uint8Array; parsed?: Parsed; data?: Data } | { unreadable: string }
);
/** A contest file's text, and what JSON.parse made of it. */
export type Parsed = { text: string; data: unknown };

export const STDIN = '-';
const STDIN_FILE = '<stdin>';

/**
 * What a folder reads: `*.json` in any case, not hidden (`.#a.json` is an editor's lock file); a name may hold line
 * breaks.
 */
export const CONTEST_FILE = /^[^.].*\.json$/is;
/** The exit code of a read error on an input named on the command line: it is used wrongly, as a usage error. */
const NAMED = 2;
// A FIFO that takes the place of a file between listing and reading must not block the read for ever.
const NO_WAIT = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/**
 * Reads each input in order: a contest file, every contest file of a folder (sorted by name), or standard input
 * for `-` (read once, however often it is named).
 */
export async function read(
  inputs: readonly string[],
  readStdin: () => Promise<Uint8Array>,
  signal?: AbortSignal,
): Promise<Source[]> {
  const sources: Source[] = [];
  for (const input of inputs) {
    if (input !== STDIN) for (const source of await readPath(input, signal)) sources.push(source);
    else if (!sources.some((source) => source.file === STDIN_FILE))
      sources.push({ file: STDIN_FILE, bytes: await readStdin() });
  }
  return sources.map(withData);
}

/**
 * A contest file's source parsed, once, and with the data files it names read (a source given as bytes alone, as
 * tests give it). Bytes that are not UTF-8 JSON are left as they are, for the validate step to say why.
 */
export function withData(source: Source): Source {
  if (!('bytes' in source) || 'parsed' in source) return source;
  const parsed = parse(source.bytes);
  if (!parsed) return source;
  const data = readData(source.file, parsed.data);
  return { ...source, parsed, ...(data && { data }) };
}

function parse(bytes: Uint8Array): Parsed | undefined {
  const decoded = toText(bytes);
  if ('byte' in decoded || holdsTooManyKeys(decoded.text)) return undefined; // the check says why
  try {
    return { text: decoded.text, data: JSON.parse(stripBom(decoded.text)) };
  } catch {
    return undefined;
  }
}

/** An input named on the command line; a stop (`signal`) ends the wait for a named pipe's writer. */
async function readPath(input: string, signal: AbortSignal | undefined): Promise<Source[]> {
  let info;
  try {
    info = statSync(input);
  } catch (error) {
    if (codeOf(error) === 'ENOENT')
      throw new UserError(
        {
          subject: input,
          reason: 'no such file or folder',
          hint: 'pass a contest .json file, a folder of them, or - for standard input',
        },
        NAMED,
      );
    throw new UserError({ subject: input, reason: `cannot read it: ${toReadReason(error)}` }, NAMED);
  }
  if (info.isDirectory()) return readFolder(input);
  // A pipe is fine (`podium validate <(curl …)`); a device such as /dev/zero would never end.
  if (!info.isFile() && !info.isFIFO())
    throw new UserError({ subject: input, reason: 'cannot read it: not a file or a folder' }, NAMED);
  // Far larger than any contest: not read at all, and said as a problem of the file.
  if (info.size > LIMITS.fileBytes) return [{ file: input, unreadable: toTooLarge(info.size) }];
  try {
    // A pipe may wait for its writer: read without blocking, so that Ctrl-C is heard meanwhile.
    if (info.isFIFO()) {
      const bytes = await untilAborted(readAll(createReadStream(input), signal, input), signal);
      return [{ file: input, bytes }];
    }
    return [{ file: input, bytes: readFileSync(input) }];
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    throw new UserError({ subject: input, reason: `cannot read it: ${toReadReason(error)}` }, NAMED);
  }
}

/** `work`, or the abort's reason as soon as `signal` aborts (the work itself may go on waiting). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  return Promise.race([
    work,
    new Promise<never>((_, fail) => signal.addEventListener('abort', () => fail(signal.reason), { once: true })),
  ]);
}

/**
 * The contest files of a folder: regular files and symbolic links to them; any other `*.json` is one that cannot be
 * read. Hidden files (editors' lock and backup files) are not contests.
 */
function readFolder(folder: string): Source[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch (error) {
    throw new UserError({ subject: folder, reason: `cannot list the folder: ${toReadReason(error)}` }, NAMED);
  }
  const files = entries
    .filter((entry) => CONTEST_FILE.test(entry.name))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  if (files.length === 0) throw new UserError({ subject: folder, reason: 'the folder holds no *.json contest files' });
  const sources: Source[] = [];
  // page folder, as a case-insensitive file system sees it → the file that makes it
  const pages = new Map<string, string>();
  for (const entry of files) {
    const file = join(folder, entry.name);
    const kind = toKind(entry, file);
    const name = entry.name.slice(0, -'.json'.length);
    const page = foldName(name);
    const other = pages.get(page);
    if (other !== undefined)
      throw new UserError({
        reason: `${other} and ${file} would make the same page folder`,
        hint: 'rename one of them',
      });
    pages.set(page, file);
    if (kind !== 'file') sources.push({ file, name, unreadable: kind.unreadable });
    else {
      try {
        const read = readWithoutWaiting(file);
        sources.push(read instanceof Uint8Array ? { file, name, bytes: read } : { file, name, ...read });
      } catch (error) {
        sources.push({ file, name, unreadable: toReadReason(error) });
      }
    }
  }
  return sources;
}

function readWithoutWaiting(file: string): Uint8Array | { unreadable: string } {
  const fd = openSync(file, NO_WAIT);
  try {
    const { size } = fstatSync(fd);
    if (size > LIMITS.fileBytes) return { unreadable: toTooLarge(size) };
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Whether a folder's `*.json` entry is a file to read, or why it cannot be: a folder, a pipe or a dangling link
 * (a network drive not mounted) is an error, never a contest gone, whose page a build would then remove.
 */
function toKind(entry: Dirent, file: string): 'file' | { unreadable: string } {
  if (entry.isFile()) return 'file';
  try {
    // A symbolic link, or a file system that does not tell the type: ask the file itself.
    const info = statSync(file);
    return info.isFile() ? 'file' : { unreadable: info.isDirectory() ? 'it is a folder' : 'not a file' };
  } catch (error) {
    if (codeOf(error) !== 'ENOENT') return { unreadable: toReadReason(error) };
    const target = tryTo(() => readlinkSync(file));
    return { unreadable: `it is a symbolic link to ${target ?? 'nothing'}, which does not exist` };
  }
}

function codeOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/**
 * All of a stream's bytes (standard input, a named pipe); a stop (`signal`) ends the wait for them. More than a
 * contest file may hold is refused as soon as it is read, instead of filling the memory.
 */
export async function readAll(
  stream: NodeJS.ReadableStream & { destroy: () => void },
  signal?: AbortSignal,
  subject = STDIN,
): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  const stop = () => stream.destroy();
  signal?.addEventListener('abort', stop);
  try {
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size > LIMITS.fileBytes) {
        stream.destroy();
        throw new UserError({ subject, reason: `cannot read it: ${toTooLarge()}` }, NAMED);
      }
    }
  } finally {
    signal?.removeEventListener('abort', stop);
  }
  if (signal?.aborted) throw signal.reason;
  return Buffer.concat(chunks);
}
