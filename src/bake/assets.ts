// The files every page inlines, read once per run: the stylesheet and the page script, both built by scripts/build.js.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { UserError } from '../errors.ts';
import { sha256 } from './sha256.ts';

/**
 * An inline file: its text, its CSP hash, and its UTF-8 bytes, encoded once per run and shared by every page (encoding
 * the page script for each page of a folder costs more than the bench's noise: docs/performance.md).
 */
export type Asset = { text: string; hash: string; bytes: Buffer };
/**
 * What a page script holds beyond the page: the history's code (a previous Stand), the TV refresh (--refresh), the
 * personal links (--links).
 */
export type Script = { history: boolean; refresh: boolean; me?: boolean };
/**
 * `css` styles a page without a script; `scriptCss` is that and the styles of what only the page script shows;
 * `overviewCss` is `css` and the styles of a folder's overview page. `client` is the page script a page uses, each
 * read when first asked for.
 */
export type Assets = {
  css: Asset;
  scriptCss: Asset;
  overviewCss: Asset;
  client: (script: Script) => Asset;
  /** What a page of a contest that states rules adds to its stylesheet (rules.css). */
  rulesCss?: string;
  /** What a page with a script baked with --refresh adds (refresh.css): the stale line. */
  refreshCss?: string;
  /** What a folder's page adds (back.css): its link back to the overview. */
  backCss?: string;
};

// Built by scripts/build.js into lib/: this module is src/bake/assets.ts in tests, part of lib/cli.cjs when installed.
const LIB = new URL(import.meta.url.endsWith('.cjs') ? './' : '../../lib/', import.meta.url);
const CSS = new URL('page.css', LIB);
const SCRIPT_CSS = new URL('script.css', LIB);
const OVERVIEW_CSS = new URL('overview.css', LIB);
const RULES_CSS = new URL('rules.css', LIB);
const REFRESH_CSS = new URL('refresh.css', LIB);
const BACK_CSS = new URL('back.css', LIB);

export function readAssets(): Assets {
  const css = read(CSS);
  const clients: Record<string, Asset> = {};
  return {
    css: toAsset(css),
    scriptCss: toAsset(css + read(SCRIPT_CSS)),
    overviewCss: toAsset(css + read(OVERVIEW_CSS)),
    rulesCss: read(RULES_CSS),
    refreshCss: read(REFRESH_CSS),
    backCss: read(BACK_CSS),
    client: (script) => (clients[toClientFile(script)] ??= toClient(toClientFile(script))),
  };
}

/** A page script, with its CSP hash and gzip size as scripts/build.js found them (lib/scripts.json), if it did. */
function toClient(file: string): Asset {
  return toScript(read(new URL(file, LIB)), (builtScripts ??= readBuiltScripts())[file]);
}

/** What scripts/build.js found of a page script: its gzip size, the CRC-32 of its bytes, its CSP hash. */
export type Built = { gzip: number; crc32: number; sha256: string };

/**
 * A page script as an asset, its hash and gzip size from the build (`built`) where the build made these bytes: a
 * script changed since (by hand, or half written) is hashed here, and size.ts gzips it.
 */
export function toScript(text: string, built: Built | undefined): Asset {
  const bytes = Buffer.from(text, 'utf8');
  const same = typeof built?.sha256 === 'string' && built.crc32 === crc32(bytes);
  if (!same) return { text, hash: toHash(text), bytes };
  if (typeof built.gzip === 'number') BUILT_GZIP.set(bytes, built.gzip);
  return { text, hash: built.sha256, bytes };
}

/** The page scripts' gzip sizes from the build, by their bytes: what size.ts asks for before gzipping a chunk. */
const BUILT_GZIP = new WeakMap<Uint8Array, number>();

export function toBuiltGzipSize(bytes: Uint8Array): number | undefined {
  return BUILT_GZIP.get(bytes);
}

let builtScripts: Record<string, Built | undefined> | undefined;

function readBuiltScripts(): Record<string, Built | undefined> {
  try {
    return JSON.parse(readFileSync(new URL('scripts.json', LIB), 'utf8')) as Record<string, Built>;
  } catch {
    return {}; // an older build
  }
}

let overviewScript: Asset | undefined;

/** The script of a folder's overview baked with --refresh (lib/overview.js), read when first asked for. */
export function readOverviewScript(): Asset {
  return (overviewScript ??= toAsset(read(new URL('overview.js', LIB))));
}

/** The page script's file in lib/ (scripts/bundles.js names them so): `client.js`, `client-history-refresh-me.js`. */
export function toClientFile({ history, refresh, me }: Script): string {
  const parts = ['client', ...(history ? ['history'] : []), ...(refresh ? ['refresh'] : []), ...(me ? ['me'] : [])];
  return `${parts.join('-')}.js`;
}

export function toAsset(text: string): Asset {
  let hash: string | undefined;
  // Hashed when first asked for: of the three stylesheets readAssets() reads, a page uses one.
  return {
    text,
    get hash() {
      return (hash ??= toHash(text));
    },
    bytes: Buffer.from(text, 'utf8'),
  };
}

/** Text up to this length is hashed by sha256.ts; longer text by node:crypto. */
const SMALL = 1 << 15;

/** The CSP source for an inline element's exact text. */
export function toHash(text: string | readonly (string | Uint8Array)[]): string {
  return `'sha256-${Buffer.from(toDigest(typeof text === 'string' ? [text] : text)).toString('base64')}'`;
}

/** The SHA-256 of pieces of text, as UTF-8. */
function toDigest(pieces: readonly (string | Uint8Array)[]): Uint8Array {
  if (pieces.reduce((length, piece) => length + piece.length, 0) <= SMALL)
    return sha256(
      Buffer.concat(pieces.map((piece) => (typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece))),
    );
  const hash = createHash('sha256');
  // A text in pieces is hashed piece by piece: joined, a large page's data would be copied once more.
  for (const piece of pieces)
    if (typeof piece === 'string') hash.update(piece, 'utf8');
    else hash.update(piece);
  return hash.digest();
}

function read(url: URL): string {
  try {
    return readFileSync(url, 'utf8');
  } catch {
    throw new UserError(`podium: ${url.pathname} is missing; run "npm install" (or "npm run build") to build it`);
  }
}
