// A bake from inputs to pages: read every contest, validate all, render all. Nothing here writes.
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import type { Assets } from './assets.ts';
import type { Contest } from './contest.ts';
import { ContestError, UserError, type Problem } from './errors.ts';
import { assemble } from './html.ts';
import { load } from './load.ts';
import type { Locale } from './messages.ts';
import { render } from './render.ts';

/** One contest file's text; `name` is set for files of a folder, which each get a subfolder. */
export type Source = { file: string; text: string; name?: string };
export type Baked = { path: string; html: string; contest: Contest };
export type BakeOptions = { out: string; locale: Locale };

export const STDIN = '-';

/** Reads a contest file, every `*.json` of a folder (sorted by name), or standard input for `-`. */
export async function readSources(input: string, readStdin: () => Promise<string>): Promise<Source[]> {
  if (input === STDIN) return [{ file: '<stdin>', text: await readStdin() }];
  const info = await stat(input).catch(() => {
    throw new UserError(`podium: ${input}: no such file or folder; pass a contest .json file, a folder of them, or - for standard input`, 2);
  });
  if (!info.isDirectory()) return [{ file: input, text: await readFile(input, 'utf8') }];
  const names = (await readdir(input)).filter((name) => extname(name) === '.json').sort();
  if (names.length === 0) throw new UserError(`podium: ${input}: the folder holds no *.json contest files`);
  return Promise.all(
    names.map(async (name) => {
      const file = join(input, name);
      return { file, text: await readFile(file, 'utf8'), name: basename(name, '.json') };
    }),
  );
}

/** Validates every source first (reporting all problems of all files), then renders each page. */
export function bake(sources: readonly Source[], options: BakeOptions, assets: Assets): Baked[] {
  const problems: Problem[] = [];
  const contests: { source: Source; contest: Contest }[] = [];
  for (const source of sources) {
    try {
      contests.push({ source, contest: load(source.text, source.file) });
    } catch (error) {
      if (!(error instanceof ContestError)) throw error;
      problems.push(...error.problems);
    }
  }
  if (problems.length > 0) throw new ContestError(problems);
  return contests.map(({ source, contest }) => ({
    path: join(options.out, source.name ?? '', 'index.html'),
    html: assemble({ contest, locale: options.locale, markup: render(contest, options.locale) }, assets),
    contest,
  }));
}
