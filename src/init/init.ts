// `podium init [folder]`: a new contest repository, all of its files or none, into a folder that does not exist or is
// empty. The files are written into a staging folder beside the target, and one rename makes it the target: killed
// at any moment, the target is still missing (or empty) or whole. Where the target cannot be replaced (the folder
// podium runs in, where a shell may stand; a link; a parent podium may not write), the stage is inside it and its
// entries are moved up one by one. Each stage is named for its process, so that the next init clears a dead one's.
import {
  chmodSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { toPrintable, toReason, tryTo, UserError } from '../errors.ts';
import type { Locale } from '../page/messages.ts';
import { clearBeside, clearInside, notEmpty, remove, toStage } from './leftovers.ts';
import { pack, PACKAGE_ROOT } from './pack.ts';
import { toRepository, type RepositoryFile } from './repository.ts';

/** Writes a contest repository into `folder`: the files written, relative to it. */
export async function init(folder: string, locale: Locale, version: string): Promise<string[]> {
  const target = resolve(folder);
  const existing = toEntries(folder, target);
  const files = await toFiles(target, locale, version);
  if (existing) clearInside(folder, target, existing, new Set(files.map((file) => file.path.split('/')[0]!)));
  clearBeside(target);
  if (!existing || canReplace(target)) {
    const stage = toStage(target, 'beside');
    if (fillBeside(folder, target, stage, files, existing !== undefined)) return files.map((file) => file.path);
  }
  fillInside(folder, target, files);
  return files.map((file) => file.path);
}

/** The repository's files, with the podium that runs packed into it. */
async function toFiles(target: string, locale: Locale, version: string): Promise<RepositoryFile[]> {
  const podium = pack();
  // A clone whose lib/ was built before a change of version would vendor it under the wrong name.
  if (podium.lock.version !== version)
    throw new UserError({
      subject: PACKAGE_ROOT,
      reason: `package.json says version ${podium.lock.version}, but lib/ was built from ${version}`,
      hint: 'run npm run build there',
      output: 'untouched',
    });
  const schema = readFileSync(join(PACKAGE_ROOT, 'contest.schema.json'), 'utf8');
  const { toWorkbookBytes } = await import('../input/sheets/workbook.ts');
  return toRepository({ locale, folder: basename(target), podium, schema, workbook: toWorkbookBytes });
}

/**
 * Writes the files into a stage beside the target and renames it into place, over an empty target too (a rename
 * replaces an empty folder). False, the stage removed, where the target exists but cannot be replaced.
 */
function fillBeside(folder: string, target: string, stage: string, files: RepositoryFile[], exists: boolean): boolean {
  // A new folder's missing parents are made too (the first of them is what a failure removes).
  let made: string | undefined;
  try {
    if (!exists) made = mkdirSync(dirname(stage), { recursive: true });
    mkdirSync(stage);
  } catch (error) {
    if (exists) return false;
    throw toWriteError(folder, error, remove(made ? [made] : []));
  }
  try {
    writeFiles(stage, files);
  } catch (error) {
    throw toWriteError(folder, error, remove([made ?? stage]));
  }
  try {
    // The folder that replaces an empty one keeps its permissions.
    if (exists) chmodSync(stage, statSync(target).mode & 0o7777);
    renameSync(stage, target);
    return true;
  } catch (error) {
    const left = remove([made ?? stage]);
    // A target that was filled meanwhile is not touched.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTEMPTY' || code === 'EEXIST') throw notEmpty(folder, toEntries(folder, target) ?? []);
    if (exists && left.length === 0) return false;
    throw toWriteError(folder, error, left);
  }
}

/** Fills the target from a stage inside it, entry after entry; on a failure, takes back each entry moved. */
function fillInside(folder: string, target: string, files: RepositoryFile[]): void {
  const stage = toStage(target, 'inside');
  const moved: string[] = [];
  try {
    mkdirSync(stage);
    writeFiles(stage, files);
    for (const entry of readdirSync(stage, { withFileTypes: true })) {
      const [from, to] = [join(stage, entry.name), join(target, entry.name)];
      // A file is linked, which fails where one of that name has appeared since the folder was found empty; a rename
      // would replace it. A folder's rename fails onto one that holds anything.
      if (entry.isDirectory()) renameSync(from, to);
      else (linkSync(from, to), unlinkSync(from));
      moved.push(to);
    }
    rmSync(stage, { recursive: true });
  } catch (error) {
    throw toWriteError(folder, error, remove([...moved, stage]));
  }
}

function writeFiles(stage: string, files: RepositoryFile[]): void {
  for (const file of files) {
    mkdirSync(dirname(join(stage, file.path)), { recursive: true });
    writeFileSync(join(stage, file.path), file.content, { flag: 'wx' });
  }
}

/** Whether a rename may replace the target: not the folder podium runs in (a shell may stand in it), not a link. */
function canReplace(target: string): boolean {
  return target !== resolve('.') && tryTo(() => lstatSync(target).isDirectory()) === true;
}

/** A failed write in words; what could not be removed is named, and the next init clears it. */
function toWriteError(folder: string, error: unknown, left: string[]): UserError {
  const reason = `cannot write (${toReason(error)})`;
  if (left.length === 0) return new UserError({ subject: folder, reason, output: 'untouched' });
  const paths = left.map((path) => toPrintable(path)).join(', ');
  const them = left.length === 1 ? 'it' : 'them';
  return new UserError({
    subject: folder,
    reason,
    hint: `left behind: ${paths}; podium init removes ${them} once it can`,
  });
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
