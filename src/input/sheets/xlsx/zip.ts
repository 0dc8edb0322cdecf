// A workbook's zip → its parts, unpacked by node:zlib within bounds (a zip bomb unpacks to gigabytes) and checked
// before SheetJS parses any of them: only an .xlsx workbook, no DTD, no more shared texts than the bound.
import { constants, InflateRaw, deflateRawSync, inflateRawSync, type ZlibOptions } from 'node:zlib';
import XLSX from '@e965/xlsx/dist/xlsx.mini.min.js';
import { LIMITS, LIMITS_TEXT, SHEET_LIMITS } from '../../../contest/limits.ts';

/** The most any part of a workbook may unpack to: the most a file may be (a zip bomb unpacks to gigabytes). */
export const PART_BYTES = LIMITS.fileBytes;
/** The most all parts of a workbook may unpack to together: a table and its raw data beside it. */
export const TOTAL_BYTES = 2 * LIMITS.fileBytes;
/** The most texts a shared-strings table may hold (900,000 cost SheetJS 8 s and 670 MiB). */
export const MAX_TEXTS = SHEET_LIMITS.texts;
/** The longest text between two tags of a part: an 8,000,000-character cell cost SheetJS 5 s and 610 MiB. */
const MAX_RUN = SHEET_LIMITS.bytes;

/** A workbook refused as it is unpacked: too large. */
class TooLarge extends Error {}
/** A part too large to unpack whose first PART_BYTES hold more rows than a sheet is read: a long sheet, no bomb. */
class ManyRows extends Error {}

const [LT, GT, SLASH, COLON] = [...Buffer.from('<>/:')] as [number, number, number, number];
const SPACES = [...Buffer.from(' \t\r\n')];
const WORD = /\w/;
export const SAVE = 'open it in Excel and save it as "Excel-Arbeitsmappe (*.xlsx)"';
export const HOSTILE = `a damaged or hostile file; ${SAVE}`;

// SheetJS unpacks with node:zlib when given it (faster than its own inflater), here one that stops at PART_BYTES a
// part and TOTAL_BYTES a workbook. bytesRead is what SheetJS asks of it, an alias Node deprecates: the same figure
// under its current name.
let unpacked = 0;
let mostRows = Infinity;
class Bounded extends InflateRaw {
  constructor(options?: ZlibOptions) {
    super({ ...options, maxOutputLength: PART_BYTES });
  }
  get bytesRead(): number {
    return this.bytesWritten;
  }
  // SheetJS unpacks each part with one call of this (Node's own synchronous path).
  _processChunk(chunk: Uint8Array, flush: number): Buffer {
    let part: Buffer;
    try {
      part = (InflateRaw.prototype as unknown as Chunked)._processChunk.call(this, chunk, flush);
    } catch (error) {
      if (isTooLarge(error) && countRows(chunk, mostRows) > mostRows) throw new ManyRows();
      throw error;
    }
    unpacked += part.length;
    if (unpacked > TOTAL_BYTES) throw new TooLarge(`all its parts unpack to more than ${toMb(TOTAL_BYTES)}`);
    return part;
  }
}
type Chunked = { _processChunk: (chunk: Uint8Array, flush: number) => Buffer };
XLSX.CFB.utils.use_zlib({ InflateRaw: Bounded, deflateRawSync });

/** SheetJS's unpacked zip: each part's path (`Root Entry/xl/workbook.xml`) and content, by the same index. */
export type Zip = { FullPaths: string[]; FileIndex: Entry[] };
type Entry = { content?: Uint8Array; size?: number };

/**
 * A workbook's bytes (a zip) → its parts, unpacked within the bounds, and how many shared texts it holds; or in
 * words why it is no .xlsx workbook that podium reads. A part too large to unpack whose first PART_BYTES hold more
 * than `rows.most` rows is a sheet longer than podium reads, not a bomb: `rows.said` says so.
 */
export function unzip(
  bytes: Uint8Array,
  rows: { most: number; said: string },
): { zip: Zip; parts: Map<string, Buffer>; texts: number } | { unreadable: string } {
  let zip: Zip;
  [unpacked, mostRows] = [0, rows.most];
  try {
    zip = XLSX.CFB.read(bytes, { type: 'buffer' }) as unknown as Zip;
  } catch (error) {
    return { unreadable: error instanceof ManyRows ? rows.said : toUnreadable(error) };
  }
  // Some zip tools write `xl\worksheets\sheet1.xml`, which Excel and LibreOffice open as `xl/worksheets/sheet1.xml`.
  zip.FullPaths = zip.FullPaths.map((full) => full.replaceAll('\\', '/'));
  const parts = toParts(zip);
  const kind = toKind(parts);
  if (kind) return { unreadable: `${kind}, not an Excel workbook (.xlsx): ${SAVE}` };
  // Each part's shared texts counted once, for the check and for the sweep.
  const texts = new Map(
    [...parts].map(([path, part]) => [path, part.includes('sst') ? countTexts(part, MAX_TEXTS) : 0]),
  );
  const checked = checkParts(parts, texts);
  if (checked) return { unreadable: checked };
  return { zip, parts, texts: Math.max(0, ...texts.values()) };
}

/** Puts `content` in place of the part at `path` (as toParts names it), before SheetJS parses the zip. */
export function replacePart(zip: Zip, path: string, content: Buffer): void {
  const entry = zip.FileIndex[zip.FullPaths.findIndex((full) => toPath(full) === path)];
  if (entry) entry.content = content;
}

/** The zip's parts by path (`xl/workbook.xml`), as SheetJS finds them: in any case. */
function toParts(zip: Zip): Map<string, Buffer> {
  const parts = new Map<string, Buffer>();
  zip.FullPaths.forEach((full, index) => {
    const content = zip.FileIndex[index]?.content;
    if (content && !full.endsWith('/'))
      parts.set(toPath(full), Buffer.from(content.buffer, content.byteOffset, content.length));
  });
  return parts;
}

function toPath(full: string): string {
  return full.replace(/^Root Entry\//, '').toLowerCase();
}

/** What a zip that is no .xlsx workbook is, in words; nothing for one. */
function toKind(parts: Map<string, Buffer>): string | undefined {
  if (parts.has('[content_types].xml') && parts.has('xl/workbook.xml')) return undefined;
  if (parts.has('xl/workbook.bin')) return 'an Excel binary workbook (.xlsb)';
  if (parts.has('meta-inf/manifest.xml') || parts.has('mimetype')) return 'an OpenDocument file (.ods)';
  if (parts.has('index/document.iwa')) return 'a Numbers file';
  return 'a zip';
}

/**
 * Why a workbook's parts are refused before they are parsed: a DTD, or too many shared texts (`texts`, counted per
 * part); nothing if fine.
 */
function checkParts(parts: Map<string, Buffer>, texts: Map<string, number>): string | undefined {
  for (const [path, part] of parts) {
    if (!/\.(xml|rels)$/.test(path)) continue;
    // Excel never writes one; SheetJS would show an entity's name (`&lol9;`) as a person.
    if (part.includes('<!DOCTYPE') || part.includes('<!doctype'))
      return `its part ${path} declares a DTD (<!DOCTYPE), which Excel never writes: ${HOSTILE}`;
    if (texts.get(path)! > MAX_TEXTS)
      return `its table of shared texts holds more than ${LIMITS_TEXT.texts}, far more than a contest's names: ${HOSTILE}`;
    if (holdsLongText(part, MAX_RUN))
      return `its part ${path} holds a text of more than ${LIMITS_TEXT.bytes}: ${HOSTILE}`;
  }
  return undefined;
}

// As bytes: Buffer's indexOf with a string needle costs twice as much a call, and a table of 10,000 names has 20,000.
const TEXT_TAGS = [Buffer.from('si'), Buffer.from('sstItem')];

/**
 * How many shared texts a part holds as SheetJS reads them, counted up to one past `most`: it splits the table at
 * each `</si>` (`</x:si>`, `</sstItem>`), one text before each; a self-closing `<si/>` is counted too. One sweep
 * over the bytes, no copy (a regex over 13.3 million `</si>` took 0.9 s and 260 MiB).
 */
function countTexts(part: Buffer, most: number): number {
  let count = 0;
  for (const name of TEXT_TAGS) {
    for (let at = part.indexOf(name); at !== -1 && count <= most; at = part.indexOf(name, at + name.length)) {
      const after = part[at + name.length]!;
      let start = at - 1;
      if (part[start] === COLON)
        for (start -= 1; start >= 0 && WORD.test(String.fromCharCode(part[start]!));) start -= 1;
      if (after === GT && part[start] === SLASH && part[start - 1] === LT) count += 1;
      else if (
        part[start] === LT &&
        (after === SLASH || SPACES.includes(after)) &&
        part[part.indexOf(GT, at) - 1] === SLASH
      )
        count += 1;
    }
  }
  return count;
}

/**
 * Whether a part holds more than `most` bytes between two `<`: such a run covers a whole block of `most / 2` from its
 * start, so a look per block finds it (a part of 64 MB takes 128 looks, not one per tag).
 */
function holdsLongText(part: Buffer, most: number): boolean {
  const block = most / 2;
  for (let start = 0; start < part.length; start += block) {
    const next = part.indexOf(LT, start);
    if (next !== -1 && next < start + block) continue; // a tag in this block
    if ((next === -1 ? part.length : next) - Math.max(0, part.lastIndexOf(LT, start)) > most) return true;
  }
  return false;
}

function toMb(bytes: number): string {
  return `${bytes / 1024 / 1024} MB`;
}

const ROW = Buffer.from('row');
const AFTER_ROW = [...SPACES, GT, SLASH];

/**
 * How many rows the start of a deflated part holds, counted to one past `most`, within PART_BYTES unpacked: a longer
 * start unpacked each time (Node unpacks a part at once, in one call), from 256 kB of it, four times as much each
 * time, so that a long sheet is told from a bomb in about twice the work of unpacking what it takes.
 */
function countRows(deflated: Uint8Array, most: number): number {
  let rows = 0;
  for (let length = 256 * 1024; rows <= most; length *= 4) {
    let part: Buffer;
    try {
      part = inflateRawSync(deflated.subarray(0, length), {
        finishFlush: constants.Z_SYNC_FLUSH,
        maxOutputLength: PART_BYTES,
      });
    } catch {
      break; // more than PART_BYTES from the start: a bomb's, or a sheet of fewer rows than `most` that long
    }
    rows = 0;
    for (let at = part.indexOf(ROW); at !== -1 && rows <= most; at = part.indexOf(ROW, at + 3))
      if ((part[at - 1] === LT || part[at - 1] === COLON) && AFTER_ROW.includes(part[at + 3]!)) rows += 1;
    if (length >= deflated.length) break;
  }
  return rows;
}

function isTooLarge(error: unknown): boolean {
  return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
}

/** Why SheetJS (or the bounded unpacking) could not unpack a file, in a publisher's words. */
function toUnreadable(error: unknown): string {
  if (isTooLarge(error))
    return `a part of it unpacks to more than ${toMb(PART_BYTES)}, far more than 100,000 salespeople need: ${HOSTILE}`;
  if (error instanceof TooLarge) return `${error.message}: ${HOSTILE}`;
  return `a damaged file, whose zip cannot be unpacked (cut short, or not a zip): ${SAVE}`;
}
