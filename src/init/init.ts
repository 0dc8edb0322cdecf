// `podium init [folder]`: a new contest repository, all of its files or none. Only into a folder that does not exist
// or is empty: everything is written into a hidden folder first, then moved into place, so that a full disk or a
// failed write leaves nothing behind but what was there.
import { linkSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { toReason, UserError } from '../errors.ts';
import type { Locale } from '../page/messages.ts';
import { toRepository } from './repository.ts';

/** How many of a non-empty folder's entries its refusal names. */
const NAMED = 3;

/** Writes a contest repository into `folder`: the files written, relative to it. */
export async function init(folder: string, locale: Locale, version: string): Promise<string[]> {
  const target = resolve(folder);
  const existing = toEntries(folder, target);
  if (existing && existing.length > 0) {
    const shown = existing.slice(0, NAMED).join(', ');
    const more = existing.length > NAMED ? ` and ${existing.length - NAMED} more` : '';
    throw new UserError({
      subject: folder,
      reason: `the folder is not empty (it holds ${shown}${more})`,
      hint: 'podium init writes a new contest repository into an empty folder only: name a new folder, e.g. podium init contests-site',
      output: 'untouched',
    });
  }
  const { toWorkbookBytes } = await import('../input/sheets/workbook.ts');
  const files = toRepository(version, locale, basename(target), toWorkbookBytes);
  // Beside a new folder, or inside an empty one (a rename may not replace the folder a shell stands in).
  const stage = existing
    ? join(target, `.podium-init-${process.pid}`)
    : join(dirname(target), `.${basename(target)}.podium-init-${process.pid}`);
  try {
    for (const file of files) {
      mkdirSync(dirname(join(stage, file.path)), { recursive: true });
      writeFileSync(join(stage, file.path), file.content, { flag: 'wx' });
    }
    if (existing) moveEntries(stage, target);
    else renameSync(stage, target);
  } catch (error) {
    rmSync(stage, { recursive: true, force: true });
    if (error instanceof UserError) throw error;
    throw new UserError({ subject: folder, reason: `cannot write (${toReason(error)})`, output: 'untouched' });
  }
  return files.map((file) => file.path);
}

/** A folder's entries, sorted; undefined when there is no such folder. */
function toEntries(folder: string, target: string): string[] | undefined {
  try {
    if (!statSync(target).isDirectory())
      throw new UserError({
        subject: folder,
        reason: 'not a folder',
        hint: 'name a folder to create',
        output: 'untouched',
      });
    return readdirSync(target).sort();
  } catch (error) {
    if (error instanceof UserError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new UserError({
      subject: folder,
      reason: `cannot read (${toReason(error, 'reading')})`,
      output: 'untouched',
    });
  }
}

/** Moves the stage's entries up into the folder; if one cannot be moved, moves those already moved back. */
function moveEntries(stage: string, target: string): void {
  const moved: string[] = [];
  try {
    for (const entry of readdirSync(stage, { withFileTypes: true })) {
      const [from, to] = [join(stage, entry.name), join(target, entry.name)];
      // A file is linked, which fails where one of that name has appeared since the folder was found empty; a rename
      // would replace it. A folder's rename fails onto one that holds anything.
      if (entry.isDirectory()) renameSync(from, to);
      else (linkSync(from, to), unlinkSync(from));
      moved.push(entry.name);
    }
    rmSync(stage, { recursive: true });
  } catch (error) {
    for (const entry of moved) rmSync(join(target, entry), { recursive: true, force: true });
    throw error;
  }
}
