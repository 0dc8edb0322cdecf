// A bake, top to bottom: read → validate → Berlin time → render → assemble → write. The CLI maps its flags onto
// build(); podium dev serves what bakeAll() makes from memory, and writes nothing.
import { join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { readAssets, type Assets } from './bake/assets.ts';
import { ContestError, heed, type Problem } from './errors.ts';
import { assemble, type Head } from './bake/html.ts';
import { toMessages, type Locale } from './page/messages.ts';
import { toBackText, toOverview } from './bake/overview.tsx';
import { rank } from './contest/ranking.ts';
import { read, STDIN, type Source } from './input/read.ts';
import { render } from './bake/render.ts';
import { validate, type Validated } from './input/validate.ts';
import type { Contest, Named, Privacy } from './contest/schema.ts';
import { toPage, toPageChanges, toPrivacy } from './contest/privacy.ts';
import { refuseOut } from './output/folder.ts';
import { stageLinks } from './output/links.ts';
import { toLinks, toMe, toTokens, toUrl } from './bake/links.ts';
import { write } from './output/write.ts';

/** What every page says beyond its contest. */
export type PageOptions = Omit<Head, 'url'> & {
  locale: Locale;
  /** Where the output folder is served, ending in "/": each page's og:url and canonical link. */
  baseUrl?: string;
};
/** What turns contests into documents, for build and dev alike. */
export type BakeOptions = {
  page: PageOptions;
  /**
   * The Stand of each contest that does not state its own `updated_at`: an ISO 8601 time with offset, or the time
   * a function finds for the contest's files (the last commit that changed them, say).
   */
  updatedAt?: string | ((files: readonly string[]) => Promise<string>);
  /** Warnings (unknown keys) count as errors. */
  strict?: boolean;
  /** Measure each document's gzip size, for the line printed about it. */
  sizes?: boolean;
  /** A folder's contests are followed by their overview (unless false), and link back to it. */
  overview?: boolean;
  /** The overview's title, instead of its own ("Vertriebswettbewerbe"). */
  overviewTitle?: string | undefined;
  /** The files every page inlines, for a caller that bakes again and again; read once per call without. */
  assets?: Assets;
  /** What pages publish where a contest's own `privacy` does not say (--privacy); each contest's own wins. */
  privacy?: Privacy | undefined;
  /** Aborting stops the bake, looked for before each page; for build, pages put in place are put back. */
  signal?: AbortSignal | undefined;
  /** The secret of personal links (--links): each page then carries what lets a link find its row (bake/links.ts). */
  secret?: Uint8Array | undefined;
};
export type BuildOptions = Omit<BakeOptions, 'assets' | 'secret'> & {
  out: string;
  /**
   * --links: write each person's personal link to `path` (never inside `out`) under `secret`, with the pages: all
   * or nothing, and the file as it was when the build fails. Needs `page.baseUrl`.
   */
  links?: { path: string; secret: Uint8Array } | undefined;
  /** Standard input's bytes, for the input `-`. */
  readStdin: () => Promise<Uint8Array>;
  /**
   * Called once every contest is checked, valid or not: what changed since each previous Stand, and every problem.
   */
  onChecked?: (checked: Pick<Validated, 'changes' | 'problems'>) => void;
  /** Called with the warnings once every contest is valid, before anything is written. */
  onWarnings?: (warnings: Problem[]) => void;
  /** Called as each page is rendered. */
  onPage?: (done: number, total: number) => void;
};

/** A contest's page baked: its contest (dates in Berlin time), the document's bytes, and its gzip size when measured. */
export type BakedPage = { kind: 'page'; named: Named; html: Buffer; gzip: number | undefined };
/** A folder's overview baked: how many contests it lists, the document's bytes, and its gzip size when measured. */
export type BakedOverview = { kind: 'overview'; contests: number; html: Buffer; gzip: number | undefined };
/**
 * What the validation found (the contests in Berlin time), whether the sources are a folder's and get an
 * overview, and the documents: each contest's page, then the overview; none when any contest is invalid.
 */
export type Baked = Validated & {
  folder: boolean;
  overview: boolean;
  documents: AsyncIterable<BakedPage | BakedOverview>;
};

/** A page written: where, for how many users and winners, its size, and its gzip size when measured. */
export type BuiltPage = { path: string; users: number; winners: number; bytes: number; gzip: number | undefined };
/** A folder's overview written: where, how many contests it lists, its size, and its gzip size when measured. */
export type BuiltOverview = { path: string; contests: number; bytes: number; gzip: number | undefined };
/**
 * What a build did: each page written, the overview, whether its input was a folder, the pages of a folder's
 * removed contests, and the links file.
 */
export type Built = {
  pages: BuiltPage[];
  overview?: BuiltOverview | undefined;
  folder: boolean;
  removed: string[];
  /** --links: the file written, and how many people's links it holds. */
  links?: { path: string; people: number } | undefined;
};

/**
 * Bakes every contest of `input` into `out` (a folder's contests each into `out/<name>/`, and their overview into
 * `out/index.html`): all files, or none when any contest is invalid or any file cannot be written. A folder's
 * build also removes the pages it wrote before for contests no longer in the folder. Returns what it did, for the
 * CLI to report.
 */
export async function build(input: string, options: BuildOptions): Promise<Built> {
  // read, then validate → Berlin time → render → assemble (bakeAll, the steps podium dev takes too). The sources (a large
  // contest's bytes and parsed text) are let go once validated: held in this function's frame, they would last to its
  // end.
  const { contests, problems, changes, invalid, folder, overview, documents } = await read(
    [input],
    options.readStdin,
    options.signal,
  ).then((sources) => bakeAll(sources, { ...options, secret: options.links?.secret }));
  options.onChecked?.({ changes, problems });
  if (invalid) throw new ContestError(problems);
  // The manifest knows the pages by their input, as seen from the output folder: the same wherever the build runs.
  const source = input === STDIN ? STDIN : relative(options.out, input).split(sep).join('/') || '.';
  const inputs = [...(input === STDIN ? [] : [input]), ...contests.flatMap(({ files = [] }) => files)];
  refuseOut(options.out, { input, read: inputs, source, folder });
  // Staged beside its place before any page is written, put in place once they all are.
  const rows = options.links && toLinks(contests, folder, options.page.baseUrl, options.links.secret);
  const links = options.links && rows && stageLinks(options.links.path, options.out, inputs, rows);
  options.onWarnings?.(problems);
  // Each document is baked as write() takes it; the overview, when there is one, comes last: all files or none.
  async function* files() {
    let done = 0;
    for await (const baked of documents) {
      const { html, gzip } = baked;
      if (baked.kind === 'overview') {
        yield { path: join(options.out, 'index.html'), html, gzip, contests: baked.contests };
        continue;
      }
      options.onPage?.(++done, contests.length);
      const { name, contest } = baked.named;
      const users = contest.users.length;
      const { winners } = rank(contest.users, contest.solo_winners, contest);
      yield { path: join(options.out, name, 'index.html'), html, gzip, users, winners };
    }
  }
  const { written, removed } = await write(files(), {
    out: options.out,
    source,
    prune: folder,
    signal: options.signal,
  }).catch((error: unknown) => {
    links?.discard();
    throw error;
  });
  links?.commit();
  // write() returns the files in order (as one type: what they share); the overview, when written, is the last.
  const pages = (overview ? written.slice(0, -1) : written) as BuiltPage[];
  const done = options.links && rows && { path: options.links.path, people: rows.length - 1 };
  return { pages, overview: overview ? (written.at(-1) as BuiltOverview) : undefined, folder, removed, links: done };
}

/**
 * Sources → documents, the one way build and dev both take: validate, Berlin time, then render and assemble each
 * page, and a folder's overview. The documents are baked one at a time as they are taken, so that a folder never
 * holds all its pages in memory.
 */
export async function bakeAll(sources: readonly Source[], options: BakeOptions): Promise<Baked> {
  const checked = await validate(sources, { signal: options.signal, overview: options.overview !== false });
  const validated = options.strict ? toStrict(checked) : checked;
  const folder = sources.some(({ name }) => name !== undefined);
  const overview = folder && options.overview !== false;
  // What the pages and the summary may say of people: the one place privacy applies, after the history's matching.
  const anonymous = toMessages(options.page.locale).anonymous;
  const toShown = ({ contest }: Named) => toPage(contest, options.privacy, anonymous);
  const changes = validated.changes.map((change) => {
    // A contest's own settings even where --strict turned its warnings into errors (it was valid before).
    const named = checked.contests.find(({ files }) => files?.[0] === change.file);
    return toPageChanges(change, named?.contest ?? NO_ONE, options.privacy, anonymous);
  });
  if (validated.invalid) return { ...validated, changes, folder, overview, documents: (async function* () {})() };
  const contests = await toBerlinTime(validated.contests, options.updatedAt);
  const assets = options.assets ?? readAssets();
  const gzipOf = (html: Buffer) => (options.sizes ? gzipSync(html).length : undefined);
  async function* documents(): AsyncGenerator<BakedPage | BakedOverview> {
    for (const named of contests) {
      const page = overview ? { ...options.page, back: toBackText(options.page.locale) } : options.page;
      // A personal link's row is found by the full name, and its sealed figures are the full ones.
      const full = options.secret && {
        secret: options.secret,
        contest: { ...named.contest, privacy: toPrivacy(named.contest.privacy, options.privacy) },
      };
      await heed(options.signal);
      const html = bake({ ...named, contest: toShown(named) }, page, assets, full); // render → assemble
      yield { kind: 'page', named, html, gzip: gzipOf(html) };
    }
    if (!overview) return;
    const { locale, baseUrl, ...head } = options.page;
    const text = toOverview(contests, locale, { ...head, url: baseUrl }, assets.overviewCss, options.overviewTitle);
    const html = Buffer.from(text);
    yield { kind: 'overview', contests: contests.length, html, gzip: gzipOf(html) };
  }
  return { ...validated, changes, contests, folder, overview, documents: documents() };
}

/** A contest of no one, for the changes of one that is not valid: only the folder's default applies to them. */
const NO_ONE = { users: [], solo_winners: 0 } as Partial<Contest> as Contest;

/**
 * --strict: every warning counts as an error, and a contest with one is invalid. One pass over each contest's
 * problems once they are all found (and acknowledged): no step below the command layer knows of it.
 */
export function toStrict(validated: Validated): Validated {
  const bySource = validated.bySource.map(({ problems, named }) => {
    const strict = problems.map((problem): Problem =>
      problem.severity === 'warning' ? { ...problem, severity: 'error' } : problem,
    );
    const valid = named && !strict.some(({ severity }) => severity === 'error');
    return valid ? { problems: strict, named } : { problems: strict };
  });
  return {
    ...validated,
    contests: bySource.flatMap(({ named }) => (named ? [named] : [])),
    problems: bySource.flatMap(({ problems }) => problems),
    invalid: bySource.filter(({ named }) => !named).length,
    bySource,
  };
}

/**
 * Each contest with its dates as Berlin wall-clock time, which the page shows without doing time-zone work in the
 * browser (a `qualification_end` date alone becomes the end of that day). The Stand is the contest's own `updated_at`,
 * else its history's newest date (a date alone stays a date), else what `updatedAt` says (a time, or the time a
 * function finds for the contest's files): adding an export moves that contest's Stand and no other's. Loads luxon
 * only when there is a time.
 */
export async function toBerlinTime(contests: Named[], updatedAt?: BakeOptions['updatedAt']): Promise<Named[]> {
  const timed = ({ contest, stand }: Named) =>
    contest.updated_at || contest.qualification_end || stand?.includes('T') || (!stand && updatedAt !== undefined);
  if (!contests.some(timed)) return contests.some(({ stand }) => stand) ? contests.map(toStand) : contests;
  const { fromBerlin, toBerlin, toEnd } = await import('./contest/dates.ts');
  const dated: Named[] = [];
  for (const named of contests) {
    const { contest, stand, files = [] } = named;
    const given = typeof updatedAt === 'function' && !contest.updated_at && !stand ? await updatedAt(files) : updatedAt;
    const updated = contest.updated_at
      ? toBerlin(contest.updated_at)
      : stand
        ? stand.includes('T')
          ? fromBerlin(stand)
          : stand
        : typeof given === 'string'
          ? toBerlin(given)
          : undefined;
    const end = contest.qualification_end;
    dated.push({
      ...named,
      contest: {
        ...contest,
        ...(updated && { updated_at: updated }),
        ...(end && { qualification_end: toEnd(end) }),
      },
    });
  }
  return dated;
}

/** A contest whose Stand is the date alone of its history's newest file. */
function toStand(named: Named): Named {
  const { contest, stand } = named;
  return stand && !contest.updated_at ? { ...named, contest: { ...contest, updated_at: stand } } : named;
}

/** One contest's page: its markup rendered, and the document around it. */
export function bake(
  { name, contest }: Named,
  { locale, baseUrl, ...head }: PageOptions,
  assets: Assets,
  full?: { contest: Contest; secret: Uint8Array },
): Buffer {
  const url = toUrl(baseUrl, name);
  const markup = render(contest, locale);
  // Made from the contest as exported: its full names, all its amounts (sealed where the page hides them).
  const me = full && toMe(full.contest, toTokens(full.contest, full.secret), url ?? '');
  return assemble({ contest: me ? { ...contest, me } : contest, locale, markup, head: { ...head, url } }, assets);
}
