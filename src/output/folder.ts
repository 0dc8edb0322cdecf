// What an output folder may be, looked at before a build writes anything: not the root, not an input nor a folder that
// holds one or lies in one (a build would write pages among its own contests), not a folder build's overview for a
// single contest's page, and nothing in it that podium did not write there.
import { closeSync, lstatSync, openSync, readdirSync, readSync, realpathSync, statSync, type Dirent } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { tryTo, UserError } from '../errors.ts';
import { foldName } from '../names.ts';
import { readManifest, type Manifest } from './manifest.ts';

export type Inputs = {
  /** The input as the command line names it: a contest file, a folder of them, or `-`. */
  input: string;
  /** Every file and folder the build reads: the input, contest files, data files, history folders. */
  read: readonly string[];
  /** The input as the manifest names it (build.ts). */
  source: string;
  /** Whether the input is a folder, whose build writes the overview `<out>/index.html`. */
  folder: boolean;
};

/** A desktop's own files, which appear in any folder a person opens (macOS Finder, Windows Explorer). */
const LITTER = new Set(['.DS_Store', 'Thumbs.db', 'desktop.ini']);
/** A web host's files beside the pages (GitHub Pages, a gh-pages checkout), which podium never touches. */
const SITE = new Set(['.git', '.gitkeep', '.nojekyll', 'CNAME', 'favicon.ico', 'robots.txt']);
/** How a page podium wrote begins, as bake/html.ts writes a document's head: a page whose manifest is gone. */
const PAGE_START =
  /^<!doctype html>\n<html lang="[\w-]+">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src /;
/** Names a refusal shows of what a folder holds. */
const SHOWN = 3;

/**
 * Throws (exit 2, nothing written) when `out` must not receive this build's pages: it is the root of the file system;
 * it is, holds or lies inside anything the build reads (links resolved, as the file system compares names); a single
 * contest's page would replace a folder build's overview; or it holds what podium did not write (pages its manifest
 * lists, or that begin as podium's pages do, the web host's files and a desktop's litter excepted).
 */
export function refuseOut(out: string, inputs: Inputs): void {
  const real = toRealPath(out);
  if (dirname(real.path) === real.path)
    throw refused(out, 'it is the root of the file system', 'name a folder of its own, such as --out dist');
  const overlap = findOverlap(real, inputs.read);
  if (overlap)
    throw refused(
      out,
      `it ${overlap.relation} the input ${overlap.path}`,
      'podium writes its pages apart from what it reads: name another --out, such as --out dist',
    );
  if (!real.exists) return;
  // The listing before the manifest: a build running meanwhile lists a page in its manifest before it puts it there.
  const entries = tryTo(() => list(out));
  if (!entries) return; // not a folder, or not readable: write() says so
  const manifest = readOwnManifest(out);
  refuseOverview(out, manifest, inputs);
  const known = new Set(Object.values(manifest).flatMap((pages) => Object.keys(pages).map(foldName)));
  const others = entries.flatMap((entry) => toOther(out, entry, known) ?? []);
  if (others.length === 0) return;
  const more = others.length > SHOWN ? ` and ${others.length - SHOWN} more` : '';
  throw refused(
    out,
    `it holds what podium did not write: ${others.slice(0, SHOWN).join(', ')}${more}`,
    'podium writes into a new or empty folder, or one it wrote before: name another --out, or move them away',
  );
}

/** A path with links resolved, as far as it exists; whether all of it does. */
export function toRealPath(path: string): { path: string; exists: boolean } {
  const rest: string[] = [];
  for (let at = resolve(path); ; at = dirname(at)) {
    const real = tryTo(() => realpathSync.native(at));
    if (real !== undefined) return { path: join(real, ...rest), exists: rest.length === 0 };
    if (dirname(at) === at) return { path: resolve(path), exists: false };
    rest.unshift(basename(at));
  }
}

/**
 * Whether the output folder is, lies inside or holds one of the paths read, known by the file system's own identity
 * of each (device and inode): links resolved, and names compared as the file system does (case, accents).
 */
function findOverlap(
  out: { path: string; exists: boolean },
  read: readonly string[],
): { relation: 'is' | 'lies inside' | 'holds'; path: string } | undefined {
  const ids = new Map<string, string | undefined>();
  const idOf = (path: string) => {
    if (!ids.has(path)) {
      const info = tryTo(() => statSync(path, { bigint: true, throwIfNoEntry: false }));
      ids.set(path, info && `${info.dev}:${info.ino}`);
    }
    return ids.get(path);
  };
  const inputs = new Map(read.flatMap((path) => (idOf(path) === undefined ? [] : [[idOf(path)!, path] as const])));
  for (const folder of toFolders(out.path)) {
    const input = inputs.get(idOf(folder) ?? '');
    if (input !== undefined) return { relation: folder === out.path && out.exists ? 'is' : 'lies inside', path: input };
  }
  const self = out.exists ? idOf(out.path) : undefined;
  if (self === undefined) return undefined;
  for (const path of read) {
    const real = tryTo(() => realpathSync.native(path));
    if (real !== undefined && toFolders(dirname(real)).some((folder) => idOf(folder) === self))
      return { relation: 'holds', path };
  }
  return undefined;
}

/** A path and every folder above it, up to the root. */
export function toFolders(path: string): string[] {
  const folders = [path];
  for (let at = path; dirname(at) !== at; at = dirname(at)) folders.push(dirname(at));
  return folders;
}

/**
 * The manifest a build keeps in `out`, read only where .podium is a folder and the manifest a file (not through a
 * link; a pipe there would never end). write() refuses anything else there.
 */
function readOwnManifest(out: string): Manifest {
  const [home, file] = [join(out, '.podium'), join(out, '.podium', 'manifest.json')];
  const is = (path: string, kind: 'isDirectory' | 'isFile') =>
    tryTo(() => lstatSync(path, { throwIfNoEntry: false }))?.[kind]() === true;
  return is(home, 'isDirectory') && is(file, 'isFile') ? readManifest(file) : {};
}

/**
 * A single contest's page goes to `<out>/index.html`: where another input's folder build put its overview (with the
 * pages of that folder beside it), the page would replace it, and every page's link back would lead to this one.
 */
function refuseOverview(out: string, manifest: Manifest, { input, source, folder }: Inputs): void {
  if (folder) return;
  const owner = Object.entries(manifest).find(
    ([other, pages]) => other !== source && Object.hasOwn(pages, 'index.html') && Object.keys(pages).length > 1,
  )?.[0];
  if (owner === undefined) return;
  const name = input === '-' ? '<name>' : basename(input).replace(/\.json$/i, '');
  throw refused(
    out,
    `its index.html is the overview of the folder ${join(out, owner)}, which this page would replace`,
    `build the folder (podium build ${join(out, owner)}), or give the page a folder of its own (--out ${join(out, name)})`,
  );
}

/** What of an entry of the output folder podium did not write (`notes.txt`, `spring/photo.png`), or undefined. */
function toOther(out: string, entry: Dirent, known: ReadonlySet<string>): string | undefined {
  const { name } = entry;
  if (name === '.podium' || LITTER.has(name) || SITE.has(name)) return undefined;
  if (!entry.isDirectory()) return isPage(out, name, known) ? undefined : name;
  const inner = tryTo(() => list(join(out, name)));
  if (!inner) return `${name}/`;
  const other = inner.find(
    (page) =>
      page.name !== '.podium' &&
      !LITTER.has(page.name) &&
      !(page.isFile() && isPage(out, `${name}/${page.name}`, known)),
  );
  return other && `${name}/${other.name}${other.isDirectory() ? '/' : ''}`;
}

/** Whether a file is a page podium wrote: one its manifest lists, or an index.html that begins as its pages do. */
function isPage(out: string, path: string, known: ReadonlySet<string>): boolean {
  if (basename(path) !== 'index.html') return false;
  if (known.has(foldName(path))) return true;
  const file = join(out, path);
  if (!tryTo(() => lstatSync(file))?.isFile()) return false;
  return PAGE_START.test(tryTo(() => readStart(file)) ?? '');
}

function readStart(file: string): string {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(320);
    return buffer.toString('utf8', 0, readSync(fd, buffer));
  } finally {
    closeSync(fd);
  }
}

/** A folder's entries, sorted by name, so that a refusal names the same ones every time. */
function list(folder: string): Dirent[] {
  return readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function refused(out: string, why: string, hint: string): UserError {
  return new UserError({ subject: out, reason: `cannot write (${why})`, hint, output: 'untouched' }, 2);
}
