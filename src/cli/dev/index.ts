// podium dev: bakes in memory as build does, serves on loopback, rebakes on every save, and the open tab reloads
// itself. Loaded only by the dev command, so that a build never pays for it.
import { UserError } from '../../errors.ts';
import { STDIN } from '../../input/read.ts';
import { serve, type ServeOptions } from './serve.ts';
import { rebake, toSite, toWatched, type SiteOptions } from './site.ts';
import { watch, type Watcher } from './watch.ts';

export type DevOptions = SiteOptions & ServeOptions;
export type DevServer = { url: string; close: () => Promise<void> };

export async function startDev(options: DevOptions, log: (line: string) => void): Promise<DevServer> {
  if (options.input === STDIN)
    throw new UserError('podium dev: standard input cannot be watched; pass a contest file or a folder', 2);
  const site = await toSite(options, log);
  const server = await serve(site, options);
  let watcher: Watcher;
  try {
    watcher = watch(options.input, site.folder, (changed) => void update(changed), log);
  } catch (error) {
    // Without the server closed, the process would stay after the error.
    void server.close();
    throw error;
  }
  watcher.follow(toWatched(site));

  /** Rebakes what changed, then follows the files the contests read now, and reloads the open tabs. */
  async function update(changed?: string): Promise<void> {
    try {
      if (!(await rebake(site, changed))) return;
      watcher.follow(toWatched(site));
      server.reload();
    } catch (error) {
      log(String((error as Error).stack ?? error));
    }
  }

  return {
    url: server.url,
    close: async () => {
      watcher.close();
      await server.close();
    },
  };
}
