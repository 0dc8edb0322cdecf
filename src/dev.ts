// podium dev: bakes in memory, serves on loopback, rebakes on every save, and the open tab reloads itself.
// Loaded only by the dev command, so that a build never pays for it.
import { watch, type FSWatcher } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import { basename, dirname, resolve } from 'node:path';
import { readAssets } from './assets.ts';
import { bake, toBerlinTime } from './build.ts';
import { toLine, UserError, type Problem } from './errors.ts';
import { escapeHtml, toText } from './html.ts';
import type { Locale } from './messages.ts';
import { read, STDIN, type Source } from './read.ts';
import { validate, type Validated } from './validate.ts';

export type DevOptions = { input: string; port: number; host: string; locale: Locale; strict: boolean };
export type DevServer = { url: string; close: () => Promise<void> };

export const EVENTS = '/__podium/events';
/** Reloads the tab when the server says its contest changed; the only script added in dev. */
export const RELOAD_SCRIPT = `new EventSource(${JSON.stringify(EVENTS)}).addEventListener('reload',()=>location.reload())`;

type Entry = { title: string; html: string; ok: boolean };

export async function startDev(options: DevOptions, log: (line: string) => void): Promise<DevServer> {
  if (options.input === STDIN) throw new UserError('podium dev: standard input cannot be watched; pass a contest file or a folder', 2);
  const noStdin = () => Promise.resolve('');
  // Read once here, so that a path that does not exist is a usage error, as for build.
  const initial = await read([options.input], noStdin);
  const folder = initial.some((source) => source.name !== undefined);
  const assets = readAssets();
  const pages = new Map<string, Entry>();
  const clients = new Set<ServerResponse>();

  /** The same pipeline as build (dates in Berlin time included), plus the reload script. */
  const toEntry = async (source: Source): Promise<Entry> => {
    let validated: Validated;
    try {
      validated = await validate([source], { strict: options.strict });
    } catch (error) {
      // A bug must not stop the server: show it, and keep serving the other pages.
      log(String((error as Error).stack ?? error));
      return { title: source.file, html: toErrorPage(source.file, [], `podium failed on this file: ${String(error)}`), ok: false };
    }
    const { contests, problems } = validated;
    for (const problem of problems) log(toLine(problem));
    const [named] = await toBerlinTime(contests);
    if (!named) return { title: source.file, html: toErrorPage(source.file, problems), ok: false };
    return { title: named.contest.title, html: toText(bake(named, { locale: options.locale, hydrate: true, devScript: RELOAD_SCRIPT }, assets)), ok: true };
  };

  /** Rebakes what the input holds now: every file at start, then the ones an event named. */
  const rebake = async (changed?: string, given?: Source[]) => {
    const started = performance.now();
    let sources: Source[];
    try {
      sources = given ?? (await read([options.input], noStdin));
    } catch (error) {
      // A file that vanished mid-save, or a folder named x.json: say so and wait for the next save.
      log(error instanceof UserError ? error.message : String(error));
      return;
    }
    const names = new Set(sources.map((source) => source.name ?? ''));
    for (const name of pages.keys()) if (!names.has(name)) pages.delete(name);
    for (const source of sources) {
      if (changed === undefined || basename(source.file) === changed || !pages.has(source.name ?? '')) pages.set(source.name ?? '', await toEntry(source));
    }
    const label = changed ?? basename(options.input);
    const failed = [...pages.values()].filter((entry) => !entry.ok).length;
    log(`${failed ? 'problems in' : 'rebaked'} ${label} in ${Math.round(performance.now() - started)} ms`);
    for (const client of clients) client.write('event: reload\ndata: \n\n');
  };
  await rebake(undefined, initial);

  const server = createServer((request, response) => {
    let path: string;
    try {
      path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    } catch {
      return send(response, 400, toErrorPage(String(request.url), [], 'That address is malformed.'));
    }
    if (path === EVENTS) {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
      response.write(': podium dev\n\n');
      clients.add(response);
      request.on('close', () => clients.delete(response));
      return;
    }
    const name = path.replace(/^\/|\/?(index\.html)?$/g, '');
    const entry = pages.get(name);
    if (entry) return send(response, 200, entry.html);
    if (folder && name === '') return send(response, 200, toIndexPage(pages));
    send(response, 404, toErrorPage(path, [], 'No contest here.'));
  });

  await new Promise<void>((done, fail) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') fail(new UserError(`podium dev: port ${options.port} on ${options.host} is in use; pass --port with a free one`));
      else if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') fail(new UserError(`podium dev: cannot listen on ${options.host}; pass --host with an address of this machine`, 2));
      else fail(error);
    });
    server.listen(options.port, options.host, done);
  });

  // Watch the folder (or the file's folder): editors often save by writing a new file and renaming it.
  const target = resolve(options.input);
  const dir = folder ? target : dirname(target);
  const only = folder ? undefined : basename(target);
  let timer: NodeJS.Timeout | undefined;
  const pending = new Set<string>();
  const watcher: FSWatcher = watch(dir, (_event, file) => {
    const name = String(file ?? '');
    if (only ? name !== only : !name.endsWith('.json')) return;
    pending.add(name);
    clearTimeout(timer);
    // Saves arrive as bursts of events; bake once the burst is over.
    timer = setTimeout(() => {
      const names = [...pending];
      pending.clear();
      rebake(names.length === 1 ? names[0] : undefined).catch((error: unknown) => log(String((error as Error).stack ?? error)));
    }, 40);
  });

  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}/`,
    close: async () => {
      clearTimeout(timer);
      watcher.close();
      for (const client of clients) client.end();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

function send(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  response.end(html);
}

function toShell(title: string, body: string): string {
  const style = 'body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1c1f23}pre{white-space:pre-wrap;background:#fff4e0;border-left:4px solid #f39200;padding:1rem}';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${style}</style></head>
<body>${body}<script>${RELOAD_SCRIPT}</script></body>
</html>
`;
}

/** The tab shows what is wrong, in the same path:line:col form as the terminal, and recovers on the next good save. */
function toErrorPage(file: string, problems: readonly Problem[], text = ''): string {
  const lines = problems.map((problem) => escapeHtml(toLine(problem))).join('\n');
  return toShell(`Problems: ${file}`, `<h1>${escapeHtml(file)}</h1>${text ? `<p>${escapeHtml(text)}</p>` : ''}${lines ? `<p>${problems.length} problem(s); the page reloads when the file is saved again.</p><pre>${lines}</pre>` : ''}`);
}

function toIndexPage(pages: ReadonlyMap<string, Entry>): string {
  const items = [...pages].map(([name, entry]) => `<li><a href="/${encodeURIComponent(name)}/">${escapeHtml(name)}</a>: ${escapeHtml(entry.title)}${entry.ok ? '' : ' (has problems)'}</li>`);
  return toShell('podium dev', `<h1>Contests</h1><ul>${items.join('')}</ul>`);
}
