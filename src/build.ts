// A bake, top to bottom: read → validate → Berlin time → render → assemble → write. The CLI maps its flags onto
// build(); podium dev serves what bakeAll() makes from memory, and writes nothing.
import { join, relative, sep } from 'node:path';
import { readAssets, type Assets } from './bake/assets.ts';
import { ContestError, heed, type Problem } from './errors.ts';
import { toBerlinTime, toToday, type Now, type UpdatedAt } from './contest/berlin.ts';
import { bakeParts, type PageOptions } from './bake/page.ts';
import { toDocument } from './bake/size.ts';
import { toMessages, type Locale } from './page/messages.ts';
import { toBackText, toEndedTexts, toOverview } from './bake/overview.tsx';
import { read, STDIN, type Source } from './input/read.ts';
import { toSealing, toTeamLink, type Access, type Team } from './bake/access.ts';
import { validate, type Validated } from './input/validate.ts';
import type { Named, Privacy } from './contest/schema.ts';
import { toEnded, toPage, toPageChanges, toPrivacy, toPublished } from './contest/privacy.ts';
import { toPageTargets } from './contest/fair/targets.ts';
import { toShownBoard, withBoard } from './contest/fair/teams.ts';
import { refuseOut } from './output/folder.ts';
import { stageLinks } from './output/links.ts';
import { toRace } from './bake/race.ts';
import { toLinks, toTokens, toUnlinked, toUrl, type Tokened, type Unlinked } from './bake/links.ts';
import { write } from './output/write.ts';

export type { PageOptions };

/** What turns contests into documents, for build and dev alike. */
export type BakeOptions = {
  page: PageOptions;
  /** The Stand of each contest that does not state its own `updated_at` (contest/berlin.ts). */
  updatedAt?: UpdatedAt;
  /** The bake's "now" (SOURCE_DATE_EPOCH or the clock), asked only where a contest has an end date; the clock without. */
  now?: Now | undefined;
  /** Warnings (unknown keys) count as errors. */
  strict?: boolean;
  /** Measure each document's gzip size, for the line printed about it. */
  sizes?: boolean;
  /** A folder's contests are followed by their overview (unless false), and link back to it. */
  overview?: boolean;
  /** The overview's title, instead of its own ("Vertriebswettbewerbe"). */
  overviewTitle?: string | undefined;
  /** A folder's drafts (`"draft": true`) are baked too, as podium dev previews them; without, a folder's build leaves them out. */
  drafts?: boolean;
  /** The files every page inlines, for a caller that bakes again and again; read once per call without. */
  assets?: Assets;
  /** What pages publish where a contest's own `privacy` does not say (--privacy); each contest's own wins. */
  privacy?: Privacy | undefined;
  /** Aborting stops the bake, looked for before each page; for build, pages put in place are put back. */
  signal?: AbortSignal | undefined;
  /** The secret of personal links (--links): each page then carries what lets a link find its row (bake/links.ts). */
  secret?: Uint8Array | undefined;
  /** What team pages (privacy "access") are sealed with: PODIUM_SECRET and PODIUM_PASSPHRASE (bake/access.ts). */
  team?: Team | undefined;
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
   * Called once every contest is checked, valid or not: every problem, and what changed since the previous Stand of
   * each contest without an error (--strict's aside).
   */
  onChecked?: (checked: Pick<Validated, 'changes' | 'problems'>) => void;
  /** Called with the warnings once every contest is valid, before anything is written. */
  onWarnings?: (warnings: Problem[]) => void;
  /** Called as each page is rendered. */
  onPage?: (done: number, total: number) => void;
};

/**
 * A contest's page baked: its contest (dates in Berlin time), the document's bytes, its gzip size when measured, and
 * for a team page what it is sealed with (its team link's key).
 */
export type BakedPage = { kind: 'page'; named: Named; html: Buffer; gzip: number | undefined; access?: Access };
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
  /** How many pages `documents` holds (its overview aside): every valid contest but a folder's drafts. */
  published: number;
  /** With a secret: each contest and its people's tokens, for the links file (none without). */
  tokened?: Tokened[];
};

/** A page written: where, for how many users and winners, its size, and its gzip size when measured. */
export type BuiltPage = {
  kind: 'page';
  path: string;
  users: number;
  winners: number;
  bytes: number;
  gzip: number | undefined;
  /** A team page's link (privacy "access"): its address, or its path without --base-url, `#key=` and the key. */
  team?: string | undefined;
};
/** A folder's overview written: where, how many contests it lists, its size, and its gzip size when measured. */
export type BuiltOverview = {
  kind: 'overview';
  path: string;
  contests: number;
  bytes: number;
  gzip: number | undefined;
};
type PageFile = Omit<BuiltPage, 'bytes'> & { html: Buffer };
type OverviewFile = Omit<BuiltOverview, 'bytes'> & { html: Buffer };
/**
 * What a build did: each page written, the overview, whether its input was a folder, the pages of a folder's
 * removed contests, and the links file.
 */
export type Built = {
  pages: BuiltPage[];
  overview?: BuiltOverview | undefined;
  folder: boolean;
  removed: string[];
  /** --links: the file written, how many people's links it holds, and the names rows share, which have none. */
  links?: { path: string; people: number; unlinked: Unlinked[] } | undefined;
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
  const { contests, published, problems, changes, invalid, folder, overview, documents, tokened } = await read(
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
  const rows = options.links && toLinks(tokened ?? [], folder, options.page.baseUrl);
  const links = options.links && rows && stageLinks(options.links.path, options.out, inputs, rows);
  options.onWarnings?.(problems);
  // Each document is baked as write() takes it; the overview, when there is one, comes last: all files or none.
  async function* files(): AsyncGenerator<PageFile | OverviewFile> {
    let done = 0;
    for await (const baked of documents) {
      const { html, gzip } = baked;
      if (baked.kind === 'overview') {
        yield { kind: baked.kind, path: join(options.out, 'index.html'), html, gzip, contests: baked.contests };
        continue;
      }
      options.onPage?.(++done, published);
      const { name, contest, ranking } = baked.named;
      const path = join(options.out, name, 'index.html');
      const team = baked.access && toTeamLink(toUrl(options.page.baseUrl, name) ?? path, baked.access);
      const page = { kind: baked.kind, path, html, gzip, users: contest.users.length, winners: ranking.winners };
      yield team ? { ...page, team } : page;
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
  // Each file written says its kind: nothing is told apart by its position.
  const pages = written.filter((file): file is BuiltPage => file.kind === 'page');
  const index = written.find((file): file is BuiltOverview => file.kind === 'overview');
  const unlinked = toUnlinked(tokened ?? [], folder);
  const done = options.links && rows && { path: options.links.path, people: rows.length - 1, unlinked };
  return { pages, overview: index, folder, removed, links: done };
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
  const anonymous = toMessages(options.page.locale).anonymous;
  // The day the bake counts as today: past a contest's end date, its page and summary list its winners alone.
  const today = await toToday(checked.contests, options.privacy, options.now);
  const changes = toShownChanges(checked, validated, options.privacy, options.page.locale, today);
  if (validated.invalid)
    return { ...validated, changes, folder, overview, published: 0, documents: (async function* () {})() };
  const ended = toEndedTexts(options.page.locale);
  const dated = await toBerlinTime(validated.contests, options.updatedAt);
  const contests = dated.map((named) => toEnded(named, options.privacy, today, ended));
  // A draft is checked like every contest, but a folder's build publishes no page of it, and its overview no line.
  const baked = folder && !options.drafts ? contests.filter((named) => !named.draft) : contests;
  // Team pages' keys, made once (a passphrase's PBKDF2 is slow on purpose), or a failure before anything is baked.
  const sealing = toSealing(baked, options.privacy, options.team ?? {}, options.page.hydrate);
  // A personal link's row is found by the full name, and its sealed figures are the full ones: each contest's
  // tokens made once, for its page and the links file.
  const { secret } = options;
  const pages = baked.map((named) => {
    const access = sealing(named);
    return { named, tokens: secret && toTokens(named.contest, secret), access };
  });
  const tokened = pages.flatMap(({ named, tokens, access }) => (tokens ? [{ named, tokens, access }] : []));
  const assets = options.assets ?? readAssets();
  const sizes = options.sizes === true;
  async function* documents(): AsyncGenerator<BakedPage | BakedOverview> {
    for (const { named, tokens, access } of pages) {
      const page = overview ? { ...options.page, back: toBackText(options.page.locale) } : options.page;
      const privacy = toPrivacy(named.contest.privacy, options.privacy);
      const published = toPublished(named.ranking, privacy.amounts);
      const targeted = toPageTargets(toPage(named, options.privacy, anonymous), named.contest.users, published);
      const contest = withBoard(named, targeted, options.privacy);
      const shown = { ...named, contest, race: toRace(named, contest, privacy) };
      const me = tokens && { named: { ...named, contest: { ...named.contest, privacy } }, tokens };
      await heed(options.signal);
      const { html, gzip } = await toDocument(bakeParts(shown, page, assets, me, access), sizes); // render → assemble
      yield { kind: 'page', named, html, gzip, ...(access && { access }) };
    }
    if (!overview) return;
    const { locale, baseUrl, ...head } = options.page;
    const text = toOverview(baked, locale, { ...head, url: baseUrl }, assets.overviewCss, options.overviewTitle);
    const { html, gzip } = await toDocument([Buffer.from(text)], sizes);
    yield { kind: 'overview', contests: baked.length, html, gzip };
  }
  const published = baked.length;
  return { ...validated, changes, contests, folder, overview, published, documents: documents(), tokened };
}

/**
 * What the change report and the step summary of `validated` (`checked`, or --strict's reading of it) may say of
 * people: names and amounts as the pages show them, the one place privacy applies to them, after the history's
 * matching, and past a contest's end date (on `today`) its winners' alone; build and validate alike, as CI shows both
 * to whoever reads the repository.
 */
export function toShownChanges(
  checked: Validated,
  validated: Validated,
  fallback: Privacy | undefined,
  locale: Locale,
  today?: string,
): Validated['changes'] {
  const anonymous = toMessages(locale).anonymous;
  // A contest's own settings even where --strict turned its warnings into errors (it was valid before); only a valid
  // contest has changes (input/validate.ts).
  const byFile = new Map(checked.contests.map((named) => [named.files?.[0], named]));
  return validated.changes.map((change) => {
    const named = byFile.get(change.file)!;
    const shown = toPageChanges(change, named, fallback, anonymous, today);
    // With teams, the summary lists the teams table as the page shows it (none past the end date).
    const board = shown.teams && toShownBoard(named, fallback);
    return board ? { ...shown, teams: { ...shown.teams!, board } } : shown;
  });
}

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
