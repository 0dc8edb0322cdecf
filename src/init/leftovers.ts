// What podium init leaves while it works, and what a dead init left: staging folders named after their process, so
// that the next init recognises them; a stage whose process no longer runs, and what it had moved into the target,
// are cleared before a new init starts.
import { chmodSync, lstatSync, readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { toPrintable, tryTo, UserError } from '../errors.ts';

/** How many of a non-empty folder's entries its refusal names. */
const NAMED = 3;
/** A stage inside the target: `.podium-init-<pid>`; beside it, `.<target>.podium-init-<pid>`. */
const INSIDE = /^\.podium-init-(\d+)$/;
const BESIDE = /^\.(.+)\.podium-init-(\d+)$/;

/** The staging folder of this process for `target`: beside it, or inside it. */
export function toStage(target: string, where: 'beside' | 'inside'): string {
  return where === 'beside'
    ? join(dirname(target), `.${basename(target)}.podium-init-${process.pid}`)
    : join(target, `.podium-init-${process.pid}`);
}

/** Removes what init made, its folders made writable first: the paths that could not be removed. */
export function remove(paths: string[]): string[] {
  return paths.filter((path) => {
    tryTo(() => makeWritable(path));
    tryTo(() => rmSync(path, { recursive: true, force: true }));
    return tryTo(() => lstatSync(path)) !== undefined;
  });
}

function makeWritable(path: string): void {
  const stat = lstatSync(path);
  if (!stat.isDirectory()) return;
  if ((stat.mode & 0o700) !== 0o700) chmodSync(path, (stat.mode & 0o7777) | 0o700);
  for (const entry of readdirSync(path)) tryTo(() => makeWritable(join(path, entry)));
}

/** Removes the stages beside the target that a dead init left. */
export function clearBeside(target: string): void {
  const parent = dirname(target);
  for (const entry of tryTo(() => readdirSync(parent)) ?? []) {
    const [, name, pid] = BESIDE.exec(entry) ?? [];
    if (name === basename(target) && !isRunning(Number(pid))) remove([join(parent, entry)]);
  }
}

/**
 * Clears what a dead init left inside the target: its stage, and the entries of the repository it had moved up from
 * there. Anything else in the target, or the stage of an init that still runs, and the target is refused.
 */
export function clearInside(folder: string, target: string, entries: string[], ours: Set<string>): void {
  const stages = entries.filter((entry) => INSIDE.test(entry));
  const running = stages.map((entry) => Number(INSIDE.exec(entry)![1])).filter(isRunning);
  if (running.length > 0)
    throw new UserError({
      subject: folder,
      reason: `another podium init is writing into it (pid ${running.join(', ')})`,
      output: 'untouched',
    });
  const foreign = entries.filter((entry) => !INSIDE.test(entry) && !ours.has(entry));
  if (entries.length === 0) return;
  if (stages.length === 0 || foreign.length > 0) throw notEmpty(folder, entries);
  const left = remove(entries.map((entry) => join(target, entry)));
  if (left.length > 0)
    throw new UserError({
      subject: folder,
      reason: `an earlier podium init left ${left.map((path) => toPrintable(basename(path))).join(', ')}, which cannot be removed`,
      hint: 'make the folder writable, or remove them',
      output: 'untouched',
    });
}

export function notEmpty(folder: string, entries: string[]): UserError {
  const shown = entries.slice(0, NAMED).join(', ');
  const more = entries.length > NAMED ? ` and ${entries.length - NAMED} more` : '';
  return new UserError({
    subject: folder,
    reason: `the folder is not empty (it holds ${shown}${more})`,
    hint: 'podium init writes a new contest repository into an empty folder only: name a new folder, e.g. podium init contests-site',
    output: 'untouched',
  });
}

/** Whether the process that named a stage still runs (EPERM: it runs, as another user). */
function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
