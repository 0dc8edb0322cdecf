// The manifest: which pages each input wrote into an output folder, and their sizes. With it a folder build removes
// the pages of contests no longer in its folder, and nothing else: not another input's pages, not a page a user has
// changed since, not a file podium never wrote.
import { readFileSync } from 'node:fs';
import { isRecord } from '../names.ts';

/** Input (as seen from the output folder, `-` for standard input) → page path inside the folder → its size in bytes. */
export type Manifest = Record<string, Record<string, number>>;

/** The manifest in `file`; empty when there is none or it is not one podium wrote (it is then rewritten). */
export function readManifest(file: string): Manifest {
  let data: unknown;
  try {
    data = (JSON.parse(readFileSync(file, 'utf8')) as { written?: unknown }).written;
  } catch {
    return {};
  }
  // fromEntries, not assignment: a key "__proto__" stays a key.
  const sources = Object.entries(isRecord(data) ? data : {}).filter(
    (entry): entry is [string, Record<string, unknown>] => isRecord(entry[1]),
  );
  return Object.fromEntries(
    sources.map(([source, pages]) => [
      source,
      Object.fromEntries(
        Object.entries(pages).filter(([path, bytes]) => isPagePath(path) && Number.isSafeInteger(bytes)),
      ),
    ]),
  ) as Manifest;
}

export function toManifestText(manifest: Manifest): string {
  const sorted = (record: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const written = sorted(
    Object.fromEntries(
      Object.entries(manifest)
        .filter(([, pages]) => Object.keys(pages).length > 0)
        .map(([source, pages]) => [source, sorted(pages)]),
    ),
  );
  return `${JSON.stringify({ about: 'The pages podium build wrote here, by input. Podium keeps this folder; do not edit it.', written }, null, 2)}\n`;
}

/**
 * What `source` writing `pages` makes of a manifest: its pages now belong to it alone; with `prune`, the pages it
 * wrote before and writes no more (and no other input wrote since) are `stale`, for the build to remove. `during`
 * lists them too, so that a build killed before it removed them leaves them to the next one.
 */
export function toNextManifest(
  manifest: Manifest,
  source: string,
  pages: Record<string, number>,
  prune: boolean,
): { during: Manifest; after: Manifest; stale: Record<string, number> } {
  const writes = (path: string) => Object.hasOwn(pages, path);
  const others = Object.fromEntries(
    Object.entries(manifest)
      .filter(([other]) => other !== source)
      .map(([other, written]) => [
        other,
        Object.fromEntries(Object.entries(written).filter(([path]) => !writes(path))),
      ]),
  ) as Manifest;
  const before = Object.hasOwn(manifest, source) ? manifest[source]! : {};
  const claimed = new Set(Object.values(others).flatMap((written) => Object.keys(written)));
  const stale = prune
    ? Object.fromEntries(Object.entries(before).filter(([path]) => !writes(path) && !claimed.has(path)))
    : {};
  return {
    during: { ...others, [source]: { ...before, ...pages } },
    after: { ...others, [source]: prune ? pages : { ...before, ...pages } },
    stale,
  };
}

/**
 * A page path as podium writes them: `index.html` or `<name>/index.html`, nothing that leaves the folder or enters
 * .podium.
 */
function isPagePath(path: string): boolean {
  const parts = path.split('/');
  return (
    parts.at(-1) === 'index.html' &&
    parts.every((part) => part !== '' && part !== '.' && part !== '..' && !part.includes('\0')) &&
    parts[0] !== '.podium'
  );
}
