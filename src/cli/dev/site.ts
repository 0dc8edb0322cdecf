// The pages podium dev serves, kept in memory: baked by bakeAll() as build bakes them, and again as files change.
import { statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { readAssets, type Assets } from '../../bake/assets.ts';
import { bakeAll, type Baked, type PageOptions } from '../../build.ts';
import type { Named } from '../../contest/schema.ts';
import { toPrintable, UserError } from '../../errors.ts';
import { read, type Source } from '../../input/read.ts';
import { fill } from '../../page/messages.ts';
import { toReportMessages } from '../messages.ts';
import { toProblemLines } from '../report.ts';
import { RELOAD_SCRIPT, toErrorPage } from './pages.ts';
import type { Team } from '../../bake/access.ts';

/** What the pages are baked from: a contest file or a folder of them, in a language, with --strict or without. */
/** `team`: what team pages (privacy "access") are sealed with, from the environment as build reads it. */
export type SiteOptions = { input: string; locale: PageOptions['locale']; strict: boolean; team?: Team };
/**
 * A page, or what is wrong with its contest; `sheets`: the CSV files (absolute) its contest reads its users from,
 * `folders`: the history folders (absolute), any file of which it reads; `named`: the contest, when valid.
 */
export type Entry = {
  file: string;
  title: string;
  html: string;
  ok: boolean;
  sheets: string[];
  folders: string[];
  named?: Named;
};
/** What is served: the pages baked so far by name ('' for a single contest), and whether the input is a folder. */
export type Site = {
  options: SiteOptions;
  log: (line: string) => void;
  folder: boolean;
  assets: Assets;
  pages: Map<string, Entry>;
};

const noStdin = () => Promise.resolve(new Uint8Array());

/** Reads the input and bakes every page; a path that does not exist is a usage error, as for build. */
export async function toSite(options: SiteOptions, log: (line: string) => void): Promise<Site> {
  const sources = await read([options.input], noStdin);
  const folder = isFolder(options.input);
  const site: Site = { options, log, folder, assets: readAssets(), pages: new Map() };
  await rebake(site, undefined, sources);
  return site;
}

/**
 * Rebakes what the input holds now: every file at first, then the ones an event named (a contest file's name, or
 * a CSV file's path). False when the input could not be read, which it says.
 */
export async function rebake(site: Site, changed?: string, given?: Source[]): Promise<boolean> {
  const started = performance.now();
  let sources: Source[];
  try {
    sources = given ?? (await read([site.options.input], noStdin));
  } catch (error) {
    // A file that vanished mid-save, or a folder named x.json: say so and wait for the next save.
    site.log(toPrintable(error instanceof UserError ? error.message : String(error)));
    return false;
  }
  // A contest file replaced by a folder (or the other way round) is another input: serving it would need a restart.
  if (isFolder(site.options.input) !== site.folder) {
    const now = site.folder ? 'a file' : 'a folder';
    site.log(`podium dev: ${toPrintable(site.options.input)} is ${now} now; restart podium dev to serve it`);
    return false;
  }
  const { pages } = site;
  const names = new Set(sources.map((source) => source.name ?? ''));
  for (const name of pages.keys()) if (!names.has(name)) pages.delete(name);
  for (const source of sources) {
    const page = pages.get(source.name ?? '');
    const reads = page && (page.sheets.includes(changed!) || page.folders.includes(changed!));
    if (changed === undefined || basename(source.file) === changed || !page || reads)
      pages.set(source.name ?? '', await toEntry(site, source));
  }
  // File names are said with their control characters escaped, as everywhere.
  const label = toPrintable(basename(changed ?? site.options.input));
  const ms = Math.round(performance.now() - started);
  // The files that are broken now, which need not be the one just saved.
  const broken = [...pages.values()].filter((entry) => !entry.ok).map((entry) => toPrintable(basename(entry.file)));
  if (broken.length === 0) site.log(`rebaked ${label} in ${ms} ms`);
  else if (broken.length === 1 && broken[0] === label) site.log(`problems in ${label}, checked in ${ms} ms`);
  else site.log(`rebaked ${label} in ${ms} ms; problems in ${toList(broken)}`);
  return true;
}

/** Every CSV file the pages read, and every history folder (absolute). */
export function toWatched({ pages }: Site): { sheets: string[]; folders: string[] } {
  const entries = [...pages.values()];
  return { sheets: entries.flatMap((entry) => entry.sheets), folders: entries.flatMap((entry) => entry.folders) };
}

/** A contest's page as build bakes it (bakeAll: dates in Berlin time included), plus the reload script. */
async function toEntry({ options, log, assets }: Site, source: Source): Promise<Entry> {
  let baked: Baked;
  try {
    baked = await bakeAll([source], {
      page: { locale: options.locale, hydrate: true, devScript: RELOAD_SCRIPT },
      strict: options.strict,
      overview: false,
      // A draft is previewed here, never published by a build.
      drafts: true,
      assets,
      team: options.team,
    });
  } catch (error) {
    // What the build refuses to bake (a team page without PODIUM_SECRET), said as build says it.
    if (error instanceof UserError) {
      const html = toErrorPage(source.file, [], error.message, options.locale);
      return { file: source.file, title: source.file, html, ok: false, sheets: [], folders: [] };
    }
    // A bug must not stop the server: show it, and keep serving the other pages.
    log(String((error as Error).stack ?? error));
    const said = fill(toReportMessages(options.locale).errorBug, { error: String(error) });
    const html = toErrorPage(source.file, [], said, options.locale);
    return { file: source.file, title: source.file, html, ok: false, sheets: [], folders: [] };
  }
  const { problems } = baked;
  const sheets = baked.sheets.map((file) => resolve(file));
  const folders = baked.folders.map((folder) => resolve(folder));
  for (const line of toProblemLines(problems, false)) log(line);
  const page = await first(baked.documents);
  if (page?.kind !== 'page')
    return {
      file: source.file,
      title: source.file,
      html: toErrorPage(source.file, problems, '', options.locale),
      ok: false,
      sheets,
      folders,
    };
  const { named } = page;
  const html = page.html.toString();
  return { file: source.file, title: named.contest.title, html, ok: true, sheets, folders, named };
}

function isFolder(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
}

async function first<T>(items: AsyncIterable<T>): Promise<T | undefined> {
  for await (const item of items) return item;
  return undefined;
}

/** `a.json, b.json, c.json and 4 more`. */
function toList(names: readonly string[]): string {
  const shown = names.slice(0, 3).join(', ');
  return names.length > 3 ? `${shown} and ${names.length - 3} more` : shown;
}
