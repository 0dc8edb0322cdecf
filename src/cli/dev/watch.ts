// podium dev's eyes: the input's folder, and the folders of the CSV files its contests read. Saves arrive as bursts
// of events; a burst, once over, becomes one rebake.
import { watch as watchFolder, type FSWatcher } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { toPrintable, UserError } from '../../errors.ts';
import { CONTEST_FILE, toReadReason } from '../../input/read.ts';

/** How long a burst of events pauses before it counts as over. */
const QUIET_MS = 40;

export type Watcher = {
  /** Watches the folders of these CSV files (absolute), and no others: a change to one of the files counts. */
  follow: (sheets: readonly string[]) => void;
  close: () => void;
};

/**
 * Watches `input`'s contest files (a file's through its folder: editors often save by writing a new file and
 * renaming it) and the CSV files follow() names. Once a burst of events is over, calls `changed` with the one file
 * it named (a contest file's name, a CSV file's path), or with nothing when it named several.
 */
export function watch(input: string, folder: boolean, changed: (file?: string) => void): Watcher {
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const note = (file: string) => {
    pending.add(file);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const files = [...pending];
      pending.clear();
      changed(files.length === 1 ? files[0] : undefined);
    }, QUIET_MS);
  };
  const target = resolve(input);
  const only = folder ? undefined : basename(target);
  const contests = watchOrSay(folder ? target : dirname(target), (_event, file) => {
    const name = String(file ?? '');
    if (only ? name === only : CONTEST_FILE.test(name)) note(name);
  });
  let sheets = new Set<string>();
  const folders = new Map<string, FSWatcher>();
  let closed = false;
  return {
    follow: (files) => {
      if (closed) return; // a rebake that ends after Ctrl-C
      sheets = new Set(files);
      const wanted = new Set(files.map((file) => dirname(file)));
      for (const [path, watcher] of folders) {
        if (wanted.has(path)) continue;
        watcher.close();
        folders.delete(path);
      }
      for (const path of wanted) {
        if (folders.has(path)) continue;
        try {
          folders.set(
            path,
            watchFolder(path, (_event, name) => {
              const file = join(path, String(name ?? ''));
              if (sheets.has(file)) note(file);
            }),
          );
        } catch {
          // No such folder (yet): the contest says where its CSV file is, and the next save of the contest looks again.
        }
      }
    },
    close: () => {
      closed = true;
      clearTimeout(timer);
      contests.close();
      for (const watcher of folders.values()) watcher.close();
    },
  };
}

/** watch(), or a UserError in words: the system's limit on watched folders (ENOSPC) is no bug of podium's. */
function watchOrSay(folder: string, listener: (event: string, file: string | null) => void): FSWatcher {
  try {
    return watchFolder(folder, listener);
  } catch (error) {
    const limit =
      (error as NodeJS.ErrnoException).code === 'ENOSPC'
        ? 'the system watches as many folders as it allows (fs.inotify.max_user_watches)'
        : toReadReason(error);
    throw new UserError(`podium dev: cannot watch ${toPrintable(folder)}: ${limit}`);
  }
}
