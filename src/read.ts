// The read step: contest files, folders of them, or standard input → their texts. Nothing else reads input.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { UserError } from './errors.ts';

/** One contest file's text; `name` is set for files of a folder, which each get a subfolder. */
export type Source = { file: string; text: string; name?: string };

export const STDIN = '-';

/** Reads each input in order: a contest file, every `*.json` of a folder (sorted by name), or standard input for `-`. */
export async function read(inputs: readonly string[], readStdin: () => Promise<string>): Promise<Source[]> {
  const sources: Source[] = [];
  for (const input of inputs) {
    if (input === STDIN) sources.push({ file: '<stdin>', text: await readStdin() });
    else for (const source of readPath(input)) sources.push(source);
  }
  return sources;
}

function readPath(input: string): Source[] {
  const info = statSync(input, { throwIfNoEntry: false });
  if (!info) throw new UserError(`podium: ${input}: no such file or folder; pass a contest .json file, a folder of them, or - for standard input`, 2);
  if (!info.isDirectory()) return [{ file: input, text: readText(input) }];
  const names = readdirSync(input).filter((name) => extname(name) === '.json').sort();
  if (names.length === 0) throw new UserError(`podium: ${input}: the folder holds no *.json contest files`);
  return names.map((name) => {
    const file = join(input, name);
    const page = basename(name, '.json');
    // The name becomes a folder of --out: ".json" or "...json" would put a page beside or above it.
    if (page === '' || page === '.' || page === '..') throw new UserError(`podium: ${file}: the file name makes no page folder; rename it, e.g. to contest.json`);
    return { file, text: readText(file), name: page };
  });
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    const reason = code === 'EISDIR' ? 'it is a folder' : code === 'EACCES' ? 'permission denied' : code;
    throw new UserError(`podium: ${file}: cannot read (${reason})`);
  }
}
