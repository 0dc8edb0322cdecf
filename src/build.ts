// A bake from inputs to pages: read every contest, validate all, date them, render each. Nothing here writes.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import type { Assets } from './assets.ts';
import type { Contest } from './contest.ts';
import { ContestError, UserError, type Problem } from './errors.ts';
import { assemble, type Chunks, type Head } from './html.ts';
import { check, type CheckOptions } from './load.ts';
import type { Locale } from './messages.ts';
import { render } from './render.ts';

/** One contest file's text; `name` is set for files of a folder, which each get a subfolder. */
export type Source = { file: string; text: string; name?: string };
/** A valid contest and the subfolder its page goes to ('' for a single contest). */
export type Loaded = { name: string; contest: Contest };
export type Baked = { path: string; chunks: Chunks; contest: Contest };
export type BakeOptions = Omit<Head, 'url'> & {
  out: string;
  locale: Locale;
  /** Where `out` is served, ending in "/": each page's og:url and canonical link. */
  baseUrl?: string;
};

export const STDIN = '-';

/** Reads a contest file, every `*.json` of a folder (sorted by name), or standard input for `-`. */
export async function readSources(input: string, readStdin: () => Promise<string>): Promise<Source[]> {
  if (input === STDIN) return [{ file: '<stdin>', text: await readStdin() }];
  const info = statSync(input, { throwIfNoEntry: false });
  if (!info) throw new UserError(`podium: ${input}: no such file or folder; pass a contest .json file, a folder of them, or - for standard input`, 2);
  if (!info.isDirectory()) return [{ file: input, text: read(input) }];
  const names = readdirSync(input).filter((name) => extname(name) === '.json').sort();
  if (names.length === 0) throw new UserError(`podium: ${input}: the folder holds no *.json contest files`);
  return names.map((name) => {
    const file = join(input, name);
    const page = basename(name, '.json');
    // The name becomes a folder of --out: ".json" or "...json" would put a page beside or above it.
    if (page === '' || page === '.' || page === '..') throw new UserError(`podium: ${file}: the file name makes no page folder; rename it, e.g. to contest.json`);
    return { file, text: read(file), name: page };
  });
}

function read(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    const reason = code === 'EISDIR' ? 'it is a folder' : code === 'EACCES' ? 'permission denied' : code;
    throw new UserError(`podium: ${file}: cannot read (${reason})`);
  }
}

/**
 * Validates every source; throws one ContestError with all problems of all files when any has an error
 * (with `strict`, a warning counts as one). Returns the contests and the warnings to show.
 */
export function validate(sources: readonly Source[], options: CheckOptions = {}): { loaded: Loaded[]; warnings: Problem[] } {
  const problems: Problem[] = [];
  let failed = false;
  // Only the name is kept of each source: its text is not needed once parsed (100,000 users: ~20 MB).
  const loaded: Loaded[] = [];
  for (const source of sources) {
    const { contest, problems: found } = check(source.text, source.file, options);
    problems.push(...found);
    if (contest) loaded.push({ name: source.name ?? '', contest });
    else failed = true;
  }
  if (failed) throw new ContestError(problems);
  return { loaded, warnings: problems };
}

/**
 * Sets each contest's `updated_at` to `stamp` when given, and states every date in Berlin time, which the
 * page shows without doing time-zone work in the browser. Loads luxon only when there is a date.
 */
export async function date(loaded: Loaded[], stamp?: string): Promise<Loaded[]> {
  if (stamp === undefined && !loaded.some(({ contest }) => contest.updated_at || contest.qualification_end)) return loaded;
  const { toBerlin, toEnd } = await import('./dates.ts');
  return loaded.map(({ name, contest }) => {
    const updated = stamp ?? contest.updated_at;
    const end = contest.qualification_end;
    return { name, contest: { ...contest, ...(updated && { updated_at: toBerlin(updated) }), ...(end && { qualification_end: toEnd(end) }) } };
  });
}

/** The pages, rendered one at a time as they are consumed: a folder never holds all its pages in memory. */
export function* bake(loaded: readonly Loaded[], options: BakeOptions, assets: Assets): Iterable<Baked> {
  const { out, locale, baseUrl, ...head } = options;
  for (const { name, contest } of loaded) {
    const url = baseUrl === undefined ? undefined : name ? `${baseUrl}${encodeURIComponent(name)}/` : baseUrl;
    const markup = render(contest, locale);
    yield { path: join(out, name, 'index.html'), chunks: assemble({ contest, locale, markup, head: { ...head, url } }, assets), contest };
  }
}
