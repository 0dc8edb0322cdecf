// A bake, top to bottom: read → validate → Berlin time → render → assemble → write. The CLI maps its flags onto it.
import { join, relative, sep } from 'node:path';
import { readAssets, type Assets } from './bake/assets.ts';
import { ContestError, UserError, type Problem } from './errors.ts';
import { assemble, type Chunks, type Head } from './bake/html.ts';
import type { Locale } from './page/messages.ts';
import { toOverview } from './bake/overview.tsx';
import { foldName, read, STDIN } from './input/read.ts';
import { render } from './bake/render.ts';
import { toGzipSize, type GzipSize } from './bake/size.ts';
import { validate, type Named } from './input/validate.ts';
import { write } from './output/write.ts';

/** What every page says beyond its contest. */
export type PageOptions = Omit<Head, 'url'> & {
  locale: Locale;
  /** Where the output folder is served, ending in "/": each page's og:url and canonical link. */
  baseUrl?: string;
};
export type BuildOptions = {
  out: string;
  page: PageOptions;
  /** Replaces every contest's `updated_at`: an ISO 8601 time with offset. */
  updatedAt?: string;
  /** Warnings (unknown keys) count as errors. */
  strict?: boolean;
  /** Measure each page's gzip size, for the line printed about it. */
  sizes?: boolean;
  /** Standard input's bytes, for the input `-`. */
  readStdin: () => Promise<Uint8Array>;
  /** A folder's build also writes its overview page, `<out>/index.html` (unless false). */
  overview?: boolean;
  /** Called with the warnings once every contest is valid, before anything is written. */
  onWarnings?: (warnings: Problem[]) => void;
  /** Called as each page is rendered. */
  onPage?: (done: number, total: number) => void;
  /** Aborting stops the build; pages already put in place are put back (write.ts). */
  signal?: AbortSignal;
};

/** A page written: where, for how many users and winners, its size, and its gzip size when measured. */
export type BuiltPage = { path: string; users: number; winners: number; bytes: number; gzip: GzipSize | undefined };
/** A folder's overview written: where, how many contests it lists, its size, and its gzip size when measured. */
export type BuiltOverview = { path: string; contests: number; bytes: number; gzip: GzipSize | undefined };
/**
 * What a build did: each page written, the overview, whether its input was a folder, and the pages of a folder's
 * removed contests.
 */
export type Built = { pages: BuiltPage[]; overview?: BuiltOverview | undefined; folder: boolean; removed: string[] };

/**
 * Bakes every contest of `input` into `out` (a folder's contests each into `out/<name>/`, and their overview into
 * `out/index.html`): all files, or none when any contest is invalid or any file cannot be written. A folder's
 * build also removes the pages it wrote before for contests no longer in the folder. Returns what it did, for the
 * CLI to report.
 */
export async function build(input: string, options: BuildOptions): Promise<Built> {
  const { contests, problems, invalid } = await validate(await read([input], options.readStdin, options.signal), {
    strict: options.strict,
  });
  if (invalid) throw new ContestError(problems);
  const folder = contests.some(({ name }) => name !== '');
  const overview = folder && options.overview !== false;
  if (overview) refuseClash(contests, input, options.out);
  options.onWarnings?.(problems);
  const dated = await toBerlinTime(contests, options.updatedAt);
  const assets = readAssets();
  const gzipOf = (chunks: Chunks) => (options.sizes ? toGzipSize(chunks, assets.client.gzipBytes) : undefined);
  // Pages are rendered one at a time, as write() takes them: a folder never holds all its pages in memory.
  // The overview comes last, through the same write: all files or none.
  function* files() {
    for (const [index, named] of dated.entries()) {
      const chunks = bake(named, options.page, assets); // render → assemble
      options.onPage?.(index + 1, dated.length);
      const { users, solo_winners } = named.contest;
      yield {
        path: join(options.out, named.name, 'index.html'),
        chunks,
        gzip: gzipOf(chunks),
        users: users.length,
        winners: Math.min(solo_winners, users.length),
      };
    }
    if (overview) {
      const { locale, baseUrl, ...head } = options.page;
      const chunks = toOverview(dated, locale, { ...head, url: baseUrl }, assets.overviewCss);
      yield { path: join(options.out, 'index.html'), chunks, gzip: gzipOf(chunks), contests: dated.length };
    }
  }
  // The manifest knows the pages by their input, as seen from the output folder: the same wherever the build runs.
  const source = input === STDIN ? STDIN : relative(options.out, input).split(sep).join('/') || '.';
  const { written, removed } = await write(files(), {
    out: options.out,
    source,
    prune: folder,
    signal: options.signal,
  });
  // write() returns the files in order (as one type: what they share); the overview, when written, is the last.
  const pages = (overview ? written.slice(0, -1) : written) as BuiltPage[];
  return { pages, overview: overview ? (written.at(-1) as BuiltOverview) : undefined, folder, removed };
}

/** A contest named index.html would put its page folder where the overview goes (on any file system's case). */
function refuseClash(contests: readonly Named[], input: string, out: string): void {
  const clash = contests.find(({ name }) => foldName(name) === 'index.html');
  if (!clash) return;
  const file = join(input, `${clash.name}.json`);
  throw new UserError(
    `podium: ${file}: its page folder would take the place of the overview ${join(out, 'index.html')}; rename the file, or pass --no-index`,
  );
}

/**
 * Each contest with its dates as Berlin wall-clock time, which the page shows without doing time-zone work in the
 * browser (a `qualification_end` date alone becomes the end of that day); `updatedAt`, when given, replaces every
 * `updated_at`. Loads luxon only when there is a date.
 */
export async function toBerlinTime(contests: Named[], updatedAt?: string): Promise<Named[]> {
  if (updatedAt === undefined && !contests.some(({ contest }) => contest.updated_at || contest.qualification_end))
    return contests;
  const { toBerlin, toEnd } = await import('./contest/dates.ts');
  return contests.map(({ name, contest }) => {
    const updated = updatedAt ?? contest.updated_at;
    const end = contest.qualification_end;
    return {
      name,
      contest: {
        ...contest,
        ...(updated && { updated_at: toBerlin(updated) }),
        ...(end && { qualification_end: toEnd(end) }),
      },
    };
  });
}

/** One contest's page: its markup rendered, and the document assembled around it. */
export function bake({ name, contest }: Named, { locale, baseUrl, ...head }: PageOptions, assets: Assets): Chunks {
  const url = baseUrl === undefined ? undefined : name ? `${baseUrl}${encodeURIComponent(name)}/` : baseUrl;
  return assemble({ contest, locale, markup: render(contest, locale), head: { ...head, url } }, assets);
}
