// The write step, all or nothing, one build at a time per output folder (lock.ts). Pages are staged in
// <out>/.podium/work (stage.ts), then put in place one rename each. A page about to be replaced is first kept
// aside (a hard link), so that a failure or an abort can put every page back as it was; the manifest (manifest.ts)
// says which pages a folder's build wrote before, to remove those of contests no longer in the folder.
import {
  lstatSync,
  mkdirSync,
  readdir as readFolder,
  renameSync,
  rm as removeCallback,
  rmdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { Interrupted, toOutcome, toReason, tryTo, UserError, type Failure, type Outcome } from '../errors.ts';
import { foldName } from '../names.ts';
import { cannotWrite, inside, PODIUM, refuseForeign, refuseLinkedFolder } from './guard.ts';
import { makeHome, takeLock } from './home.ts';
import type { Lock } from './lock.ts';
import { readManifest, toManifestText, toNextManifest } from './manifest.ts';
import { stage, type Output, type Staged } from './stage.ts';
import { place, replace, undo, type Step } from './steps.ts';

export type { Output };

// As stage.ts: node:fs's calls, not node:fs/promises.
const [readdir, rm] = [promisify(readFolder), promisify(removeCallback)] as const;

/** A file written: the output without its content, and the number of bytes written. */
export type Written<T extends Output> = Omit<T, 'html'> & { bytes: number };
export type WriteOptions = {
  /** The output folder, as the user named it: every output's path is inside it. */
  out: string;
  /** The input the outputs come from, for the manifest. */
  source: string;
  /** Also remove the pages `source` wrote before and writes no more. */
  prune?: boolean;
  /** Aborting stops the write and puts every page back as it was. */
  signal?: AbortSignal | undefined;
};

/** What .podium keeps between builds; anything else there is what a killed build left. */
const KEPT = ['manifest.json', 'lock'];

/**
 * Writes every output or, when anything fails or `signal` aborts, none: pages already put in place are put back.
 * Outputs are consumed one at a time, so they may be produced lazily. Returns each output, in order, with its
 * bytes written in place of its content, and the pages removed (`prune`).
 */
export async function write<T extends Output>(
  outputs: Iterable<T> | AsyncIterable<T>,
  { out, source, prune = false, signal }: WriteOptions,
): Promise<{ written: Written<T>[]; removed: string[] }> {
  if (signal?.aborted) throw new Interrupted({ ...toStopped(signal.reason), output: 'untouched' });
  const home = join(out, PODIUM);
  const work = join(home, 'work');
  refuseForeign(home);
  const made = makeHome(home, out);
  // The folders this call made go again if they are empty: a failed first build, or one that found the folder locked.
  const unmake = () => made.reverse().forEach((folder) => tryTo(() => rmdirSync(folder)));
  let held: Lock;
  try {
    held = takeLock(home, out, made);
  } catch (error) {
    unmake();
    throw error;
  }
  const steps: Step[] = [];
  let keepWork = false;
  try {
    // A build killed with SIGKILL left its temporary files here; nothing else is ever kept in .podium.
    const left = await readdir(home).catch(() => []);
    await Promise.all(left.filter((name) => !KEPT.includes(name)).map((name) => remove(join(home, name))));
    mkdirSync(work);
    const staged = await stage(inside(outputs, out), work, signal);
    if (!held.held()) throw new UserError({ subject: out, reason: 'another podium build took the folder over' });
    const removed = await commit(staged, { out, home, work, source, prune, signal }, steps);
    return { written: staged.map(({ output, bytes }) => ({ ...output, bytes })), removed };
  } catch (error) {
    const failed = undo(steps);
    keepWork = failed.some((step) => step.kept);
    throw toFailure(
      error,
      out,
      signal?.aborted ? toStopped(signal.reason) : undefined,
      steps.filter((step) => step.page).length,
      failed,
    );
  } finally {
    // Asynchronous, so that a signal is heard meanwhile (and ignored: the pages are all new, or all old again).
    if (!keepWork) await remove(work);
    held.release();
    unmake();
  }
}

type Places = {
  out: string;
  home: string;
  work: string;
  source: string;
  prune: boolean;
  signal: AbortSignal | undefined;
};
/** Pages put in place between two looks at the abort signal. */
const BETWEEN_LOOKS = 16;

/**
 * Puts the staged pages in place, removes the stale ones (`prune`) and records both in the manifest, each step
 * in `steps` with its undo. The manifest lists the old and the new pages first, so that a build killed halfway
 * leaves every page it may have written known to the next one. An abort is looked for every few pages and at the
 * end (a signal's handler runs only when the event loop turns). Returns the pages removed.
 */
async function commit(
  staged: readonly Staged<unknown>[],
  { out, home, work, source, prune, signal }: Places,
  steps: Step[],
): Promise<string[]> {
  const look = async () => {
    await new Promise(setImmediate);
    signal?.throwIfAborted();
  };
  const manifest = join(home, 'manifest.json');
  const pages = Object.fromEntries(staged.map(({ path, bytes }) => [relative(out, path).split(sep).join('/'), bytes]));
  const { during, after, stale } = toNextManifest(readManifest(manifest), source, pages, prune);
  writeFileSync(join(work, 'manifest.during'), toManifestText(during));
  replace(join(work, 'manifest.during'), manifest, join(work, 'manifest.old'), steps);
  for (const [index, file] of staged.entries()) {
    if (file.folder) place(file, steps);
    else replace(file.temp, file.path, join(work, `old-${index}`), steps, true);
    if (index % BETWEEN_LOOKS === BETWEEN_LOOKS - 1) await look();
  }
  const removed: string[] = [];
  const writtenNow = new Map(Object.keys(pages).map((page) => [foldName(page), join(out, page)]));
  for (const [index, [page, bytes]] of Object.entries(stale).entries()) {
    const path = join(out, page);
    // On a file system that ignores case (macOS, Windows), Spring/ renamed to spring/ is the page just written;
    // on one that does not, Spring/ is another folder, stale like any other.
    const twin = writtenNow.get(foldName(page));
    if (twin !== undefined && isSameFile(twin, path)) continue;
    refuseLinkedFolder(path, out);
    // Only a page as podium wrote it: a file of the size recorded, not one a user changed.
    // tryTo: since Node 22, a file in place of a folder on the way throws ENOTDIR even with throwIfNoEntry false.
    const info = tryTo(() => lstatSync(path, { throwIfNoEntry: false }));
    if (!info?.isFile() || info.size !== bytes) continue;
    const kept = join(work, `gone-${index}`);
    renameSync(path, kept);
    steps.push({ path, undo: () => renameSync(kept, path), kept, page: true });
    removed.push(path);
    const folder = dirname(path);
    if (folder !== out && tryTo(() => (rmdirSync(folder), true)))
      steps.push({ path: folder, undo: () => mkdirSync(folder) });
  }
  // The manifest's first step puts the old one back: this one needs none of its own.
  writeFileSync(join(work, 'manifest.after'), toManifestText(after));
  renameSync(join(work, 'manifest.after'), manifest);
  await look();
  return removed;
}

/** Whether two paths name one file (one folder's name in two cases, on a file system that ignores case). */
function isSameFile(a: string, b: string): boolean {
  const [one, two] = [a, b].map((path) => tryTo(() => statSync(path, { throwIfNoEntry: false })));
  return one !== undefined && two !== undefined && one.dev === two.dev && one.ino === two.ino;
}

/** Removes a file, or a folder and all it holds (not what a symbolic link in it points to); what cannot be, stays. */
function remove(path: string): Promise<void> {
  return rm(path, { recursive: true, force: true }).catch(() => undefined);
}

/**
 * What a failed write says: what failed, and what became of the output. `stopped` says why an abort came; any error
 * but a file system error or a UserError is rethrown as it is, unless a page could not be put back.
 */
function toFailure(
  error: unknown,
  out: string,
  stopped: Failure | undefined,
  done: number,
  failed: readonly Step[],
): Error {
  const { code, path } = error as NodeJS.ErrnoException;
  const output: Outcome = failed.length
    ? { notPutBack: failed.map((step) => ({ path: step.path, kept: step.kept })) }
    : done === 0
      ? 'untouched'
      : { putBack: done };
  if (stopped) return new Interrupted({ ...stopped, output });
  if (error instanceof UserError) return new UserError({ ...error.failure, output }, error.exitCode);
  if (code) return cannotWrite(path ?? out, toReason(error), output);
  if (!failed.length) return error as Error;
  return new UserError({ subject: out, reason: `${toOutcome(output)}, after this bug: ${String(error)}` });
}

/** What an abort says: the command layer aborts with an Interrupted that says why (a signal). */
function toStopped(reason: unknown): Failure {
  return reason instanceof UserError ? reason.failure : { reason: 'stopped' };
}
