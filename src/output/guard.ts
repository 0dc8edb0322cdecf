// What the write step refuses before it touches anything: a page outside --out or in .podium, a folder reached
// through a symbolic link, a .podium that is not what podium makes. Each refusal says what is there and what to do.
import { lstatSync, readlinkSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { tryTo, UserError, type Outcome } from '../errors.ts';
import type { Output } from './stage.ts';

/** Podium's own folder in --out: its manifest and, while a build runs, its lock and its temporary files. */
export const PODIUM = '.podium';

/** The outputs, each checked to be a page of the folder: not outside it, not in .podium, not through a link. */
export async function* inside<T extends Output>(
  outputs: Iterable<T> | AsyncIterable<T>,
  out: string,
): AsyncIterable<T> {
  for await (const output of outputs) {
    const [first] = relative(out, output.path).split(sep);
    if (first === PODIUM) throw cannotWrite(output.path, `${PODIUM} is podium's own folder: rename the contest file`);
    if (first === '..') throw cannotWrite(output.path, `it is outside ${out}`);
    refuseLinkedFolder(output.path, out);
    yield output;
  }
}

/**
 * Refuses a page whose folder below `out` is a symbolic link: podium writes and deletes nothing through a link it did
 * not make (one in a committed output folder would lead a build anywhere).
 */
export function refuseLinkedFolder(path: string, out: string): void {
  for (let folder = dirname(path); relative(out, folder) !== '' && !relative(out, folder).startsWith('..');) {
    if (tryTo(() => lstatSync(folder, { throwIfNoEntry: false }))?.isSymbolicLink())
      throw refused(
        folder,
        `it is a symbolic link to ${tryTo(() => readlinkSync(folder))}, not a page folder podium made`,
      );
    folder = dirname(folder);
  }
}

/**
 * Refuses an output folder whose .podium, lock, manifest or staging folder is not what podium makes there (a link, a
 * folder for a file, …): writing or emptying it would reach whatever it leads to. Looked at before anything is done.
 */
export function refuseForeign(home: string): void {
  const kinds: [string, 'folder' | 'file'][] = [
    [home, 'folder'],
    [join(home, 'lock'), 'file'],
    [join(home, 'manifest.json'), 'file'],
    [join(home, 'work'), 'folder'],
  ];
  for (const [path, kind] of kinds) {
    const info = tryTo(() => lstatSync(path, { throwIfNoEntry: false }));
    if (!info || (kind === 'folder' ? info.isDirectory() : info.isFile())) continue;
    const what = info.isSymbolicLink()
      ? `a symbolic link to ${tryTo(() => readlinkSync(path))}`
      : info.isDirectory()
        ? 'a folder'
        : info.isFile()
          ? 'a file'
          : 'a pipe, socket or device';
    throw refused(path, `it is ${what}, not the ${kind} podium keeps there`);
  }
}

/** A refusal to touch something podium did not make: it says what is there and what to do; nothing is written. */
export function refused(path: string, why: string): UserError {
  return new UserError({
    subject: path,
    reason: `cannot write (${why})`,
    hint: 'podium writes and removes nothing through it: move it away, then build again',
    output: 'untouched',
  });
}

/** The one wording of a page or folder that cannot be written, and what became of the output. */
export function cannotWrite(subject: string, why: string, output?: Outcome): UserError {
  return new UserError({ subject, reason: `cannot write (${why})`, output });
}
