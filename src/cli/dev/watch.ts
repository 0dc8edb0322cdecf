// podium dev's eyes: the input's folder, the folders of the CSV files its contests read, and their history folders.
// Saves arrive as bursts of events; a burst, once over and its files whole, becomes one rebake.
import { statSync, watch as watchFolder, type FSWatcher } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { toPrintable, toReadReason, UserError } from '../../errors.ts';
import { isLeftover } from '../../input/history.ts';
import { CONTEST_FILE } from '../../input/read.ts';
import { look, toStamp } from './save.ts';

/** How long a burst of events pauses before it counts as over. */
const QUIET_MS = 40;
/** How long a workbook without its zip's end stands still before it is baked anyway, and shown as broken. */
const WHOLE_MS = 2000;
/** How often a watched path is checked for naming another folder than the one watched, or none. */
const CHECK_MS = 500;

/** What the contests read beyond their own files (absolute paths): CSV files, and history folders. */
export type Followed = { sheets: readonly string[]; folders: readonly string[] };
export type Watcher = {
  /**
   * Watches the folders of these CSV files and these history folders, and no others: a change to one of the CSV
   * files counts, and any file added to a history folder, changed or removed.
   */
  follow: (followed: Followed) => void;
  close: () => void;
};

type Listener = (event: string, file: string | null) => void;

/**
 * Watches `input`'s contest files (a file's through its folder: editors often save by writing a new file and
 * renaming it), the CSV files and the history folders follow() names. Once a burst of events is over, calls
 * `changed` with the one file it named (a contest file's name, a CSV file's path, a history folder's path), or with
 * nothing when it named several or a folder came back.
 * `say` tells of a watched folder that is gone, and back.
 */
export function watch(
  input: string,
  folder: boolean,
  changed: (file?: string) => void,
  say: (line: string) => void,
): Watcher {
  const { note, stop } = toBurst(changed);
  const target = resolve(input);
  const only = folder ? undefined : basename(target);
  const contestFolder = folder ? target : dirname(target);
  const onContest: Listener = (_event, file) => {
    const name = String(file ?? '');
    if (only ? name === only : CONTEST_FILE.test(name)) note(name, join(contestFolder, name));
  };
  // A folder back at its path may hold anything: every contest is baked again.
  const contests = followPath(contestFolder, onContest, () => note(), say, true);
  let sheets = new Set<string>();
  let histories = new Set<string>();
  const folders = new Map<string, Opened>();
  let closed = false;
  return {
    follow: (followed) => {
      if (closed) return; // a rebake that ends after Ctrl-C
      sheets = new Set(followed.sheets);
      histories = new Set(followed.folders);
      const wanted = new Set([...followed.sheets.map((file) => dirname(file)), ...followed.folders]);
      for (const [path, followed] of folders) {
        if (wanted.has(path)) continue;
        followed.close();
        folders.delete(path);
      }
      for (const path of wanted) {
        if (folders.has(path)) continue;
        const onSheet: Listener = (_event, name) => {
          const file = join(path, String(name ?? ''));
          if (sheets.has(file)) note(file, file);
          // Any Stand of a history folder: a new export, one changed, one removed (not an editor's leftover).
          if (histories.has(path) && !isLeftover(String(name ?? '.'))) note(path, name ? file : undefined);
        };
        const back = () => {
          [...sheets].filter((file) => dirname(file) === path).forEach((file) => note(file));
          if (histories.has(path)) note(path);
        };
        folders.set(path, followPath(path, onSheet, back, say, false));
      }
    },
    close: () => {
      closed = true;
      stop();
      contests.close();
      for (const followed of folders.values()) followed.close();
    },
  };
}

/** `note` hears an event, `stop` forgets the burst under way (once the watcher is closed). */
type Burst = { note: (file?: string, path?: string) => void; stop: () => void };

/** Gathers events into bursts: once one is quiet and every file it touched stands still and is whole, one `changed`. */
function toBurst(changed: (file?: string) => void): Burst {
  const pending = new Set<string>();
  let all = false;
  let timer: NodeJS.Timeout | undefined;
  /** The files the burst touched (absolute): how each looked at its last event, and when that was. */
  const touched = new Map<string, { stamp: string; since: number }>();
  /**
   * A file changed (`file` as `changed` names it, `path` the file itself), or with none named, anything may have.
   */
  const note = (file?: string, path?: string) => {
    if (file === undefined) all = true;
    else pending.add(file);
    if (path !== undefined) touched.set(path, { stamp: toStamp(path), since: performance.now() });
    clearTimeout(timer);
    timer = setTimeout(settle, QUIET_MS);
  };
  /** Once the burst is quiet: a rebake when every file it touched stands still and is whole, else a look again. */
  const settle = () => {
    for (const [path, seen] of touched) {
      const now = look(path);
      const moved = now.stamp !== seen.stamp;
      if (moved) touched.set(path, { stamp: now.stamp, since: performance.now() });
      if (moved || (!now.whole && performance.now() - seen.since < WHOLE_MS)) {
        timer = setTimeout(settle, QUIET_MS);
        return;
      }
    }
    const files = [...pending];
    const one = !all && files.length === 1 ? files[0] : undefined;
    [all, timer] = [false, undefined];
    pending.clear();
    touched.clear();
    changed(one);
  };
  return { note, stop: () => clearTimeout(timer) };
}

type Opened = { close: () => void };

/**
 * Keeps the folder at `path` watched. fs.watch follows the folder it opened: renamed away and back, or replaced by
 * a new one, the path names another folder and no event comes. A check every half second notices, says so once,
 * and watches whatever folder the path names from then on; `back` runs when there is one again. `must`: a folder
 * that cannot be watched at the start is an error (the input's), else it is waited for (a CSV file's).
 */
function followPath(
  path: string,
  listener: Listener,
  back: () => void,
  say: (line: string) => void,
  must: boolean,
): Opened {
  let identity = toIdentity(path);
  let watcher: FSWatcher | undefined;
  // An event naming the folder itself: it was removed or renamed, and a new one may already have its inode.
  let moved = false;
  const open = () =>
    watchFolder(path, (event, file) => (file === basename(path) && (moved = true), listener(event, file)));
  try {
    watcher = open();
  } catch (error) {
    if (must) throw toWatchError(path, error);
  }
  const check = setInterval(() => {
    const now = toIdentity(path);
    if (now === identity && !moved) return;
    const gone = identity === undefined;
    watcher?.close();
    [watcher, identity, moved] = [undefined, now, false];
    if (now === undefined)
      return say(`podium dev: ${toPrintable(path)} is gone; its pages are baked again once it is back`);
    try {
      watcher = open();
    } catch (error) {
      return say(toWatchError(path, error).message);
    }
    if (gone) say(`podium dev: ${toPrintable(path)} is back`);
    back();
  }, CHECK_MS).unref();
  return {
    close: () => {
      clearInterval(check);
      watcher?.close();
    },
  };
}

/** Which folder a path names now (device, inode and, where the system keeps it, its birth), or undefined for none. */
function toIdentity(path: string): string | undefined {
  const info = statSync(path, { throwIfNoEntry: false });
  return info?.isDirectory() ? `${info.dev}:${info.ino}:${info.birthtimeMs}` : undefined;
}

/** Why a folder cannot be watched, in words: the system's limit on watched folders (ENOSPC) is no bug of podium's. */
function toWatchError(folder: string, error: unknown): UserError {
  const limit =
    (error as NodeJS.ErrnoException).code === 'ENOSPC'
      ? 'the system watches as many folders as it allows (fs.inotify.max_user_watches)'
      : toReadReason(error);
  return new UserError(`podium dev: cannot watch ${toPrintable(folder)}: ${limit}`);
}
