// The file of personal links (--links): never inside the output folder, which is published, nor a file the build
// reads; staged beside its place before any page is written and put in place in one rename once every page is, or
// left as it was. Readable by its owner only: each line is a key to someone's row.
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import { toReason, tryTo, UserError } from '../errors.ts';
import { toFolders, toRealPath } from './folder.ts';

/** A file staged beside its place: put in place, or removed. */
export type Staged = { commit: () => void; discard: () => void };

/** A cell a spreadsheet would read as a formula (CWE-1236): kept as text with a leading apostrophe. */
const FORMULA = /^[=+\-@\t\r]/;

/**
 * Stages `rows` as the links file `path` (a usage error, nothing written, when it lies inside `out` or is a file the
 * build reads, `read`): semicolons and a byte-order mark, as Excel opens a CSV file in Germany.
 */
export function stageLinks(path: string, out: string, read: readonly string[], rows: readonly string[][]): Staged {
  refuseLinks(path, out, read);
  const temp = join(dirname(path), `.${basename(path)}.podium-${randomBytes(6).toString('hex')}`);
  const text = `\uFEFF${rows.map((row) => row.map(toCell).join(';')).join('\r\n')}\r\n`;
  try {
    const fd = openSync(temp, 'wx', 0o600);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    tryTo(() => unlinkSync(temp));
    throw new UserError({ subject: path, reason: `cannot write (${toReason(error)})`, output: 'untouched' });
  }
  const discard = () => void tryTo(() => unlinkSync(temp));
  const commit = () => {
    try {
      renameSync(temp, path);
    } catch (error) {
      discard();
      // The pages are in place by now: say so, and that the old links (if any) still stand.
      const reason = `cannot put the links in place (${toReason(error)}); the pages were written`;
      throw new UserError({ subject: path, reason, hint: 'the file is as it was: build again' });
    }
  };
  return { commit, discard };
}

/** Throws (exit 2) when the links file would be published with the pages, replace an input, or is a folder. */
export function refuseLinks(path: string, out: string, read: readonly string[]): void {
  const refused = (why: string, hint: string) =>
    new UserError({ subject: path, reason: `cannot write the links (${why})`, hint, output: 'untouched' }, 2);
  const real = toRealPath(path);
  const outReal = toRealPath(out);
  const id = (at: string) => {
    const info = tryTo(() => statSync(at, { bigint: true, throwIfNoEntry: false }));
    return info && `${info.dev}:${info.ino}`;
  };
  const outId = outReal.exists ? id(outReal.path) : undefined;
  const inside = toFolders(dirname(real.path)).some(
    (folder) => folder === outReal.path || (outId !== undefined && id(folder) === outId),
  );
  if (inside || real.path === outReal.path || real.path.startsWith(`${outReal.path}${sep}`))
    throw refused(
      `it lies inside --out ${out}, which is published`,
      'name a file outside it, such as --links links.csv',
    );
  const self = real.exists ? id(real.path) : undefined;
  const input = read.find((file) => self !== undefined && id(file) === self);
  if (input !== undefined)
    throw refused(`it is the input ${input}`, 'name a file of its own, such as --links links.csv');
  if (tryTo(() => statSync(path))?.isDirectory())
    throw refused('it is a folder', 'name a file, such as --links links.csv');
}

/** A CSV cell: quoted where it holds a separator, a quote or a line break. */
function toCell(text: string): string {
  const cell = FORMULA.test(text) ? `'${text}` : text;
  return /[;"\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}
