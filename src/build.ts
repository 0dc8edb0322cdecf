// A bake from inputs to pages: read every contest, validate all, render all. Nothing here writes.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import type { Assets } from './assets.ts';
import type { Contest } from './contest.ts';
import { ContestError, UserError, type Problem } from './errors.ts';
import { assemble, type Chunks } from './html.ts';
import { load } from './load.ts';
import type { Locale } from './messages.ts';
import { render } from './render.ts';

/** One contest file's text; `name` is set for files of a folder, which each get a subfolder. */
export type Source = { file: string; text: string; name?: string };
export type Baked = { path: string; chunks: Chunks; contest: Contest };
export type BakeOptions = { out: string; locale: Locale };

export const STDIN = '-';

/** Reads a contest file, every `*.json` of a folder (sorted by name), or standard input for `-`. */
export async function readSources(input: string, readStdin: () => Promise<string>): Promise<Source[]> {
  if (input === STDIN) return [{ file: '<stdin>', text: await readStdin() }];
  const info = statSync(input, { throwIfNoEntry: false });
  if (!info) throw new UserError(`podium: ${input}: no such file or folder; pass a contest .json file, a folder of them, or - for standard input`, 2);
  if (!info.isDirectory()) return [{ file: input, text: readFileSync(input, 'utf8') }];
  const names = readdirSync(input).filter((name) => extname(name) === '.json').sort();
  if (names.length === 0) throw new UserError(`podium: ${input}: the folder holds no *.json contest files`);
  return names.map((name) => {
    const file = join(input, name);
    return { file, text: readFileSync(file, 'utf8'), name: basename(name, '.json') };
  });
}

/**
 * Validates every source at once (throwing a ContestError with all problems of all files), then returns the
 * pages, rendered one at a time as they are consumed: a folder of contests never holds all its pages in memory.
 */
export function bake(sources: readonly Source[], options: BakeOptions, assets: Assets): Iterable<Baked> {
  const problems: Problem[] = [];
  // Only the name is kept of each source: its text is not needed once parsed (100,000 users: ~20 MB).
  const contests: { name: string; contest: Contest }[] = [];
  for (const source of sources) {
    try {
      contests.push({ name: source.name ?? '', contest: load(source.text, source.file) });
    } catch (error) {
      if (!(error instanceof ContestError)) throw error;
      problems.push(...error.problems);
    }
  }
  if (problems.length > 0) throw new ContestError(problems);
  return (function* () {
    for (const { name, contest } of contests) {
      const markup = render(contest, options.locale);
      yield { path: join(options.out, name, 'index.html'), chunks: assemble({ contest, locale: options.locale, markup }, assets), contest };
    }
  })();
}
