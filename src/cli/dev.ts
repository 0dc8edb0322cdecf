// podium dev: bakes in memory, serves on loopback, rebakes on every save, and the open tab reloads itself.
// Loaded only by the dev command, so that a build never pays for it.
import { watch, type FSWatcher } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { basename, dirname, join, resolve } from 'node:path';
import { readAssets, type Assets } from '../bake/assets.ts';
import { bake, toBerlinTime } from '../build.ts';
import { toPrintable, toReadReason, UserError, type Problem } from '../errors.ts';
import { escapeHtml, toText } from '../bake/html.ts';
import type { Locale } from '../page/messages.ts';
import { count, toProblemLines } from './report.ts';
import { CONTEST_FILE, read, STDIN, type Source } from '../input/read.ts';
import { validate, type Validated } from '../input/validate.ts';

/** `host` when the user gave one; without it the server listens on loopback and answers only loopback host names. */
export type DevOptions = { input: string; port: number; host?: string; locale: Locale; strict: boolean };
export type DevServer = { url: string; close: () => Promise<void> };

export const EVENTS = '/__podium/events';
/** Reloads the tab when the server says its contest changed; the only script added in dev. */
export const RELOAD_SCRIPT = `new EventSource(${JSON.stringify(EVENTS)}).addEventListener('reload',()=>location.reload())`;

/** Where the server listens when no --host is given: this machine only. */
const LOOPBACK = '127.0.0.1';

/**
 * A page, or what is wrong with its contest; `sheets` are the CSV files the contest reads its users from (absolute).
 */
type Entry = { file: string; title: string; html: string; ok: boolean; sheets: string[] };
/**
 * What the server knows: its options, the pages baked so far by name, the tabs listening for reloads, the CSV folders
 * watched.
 */
type Site = {
  options: DevOptions;
  log: (line: string) => void;
  folder: boolean;
  assets: Assets;
  pages: Map<string, Entry>;
  clients: Set<ServerResponse>;
  refused: Set<string>;
  sheets: SheetWatch;
};

const noStdin = () => Promise.resolve(new Uint8Array());

export async function startDev(options: DevOptions, log: (line: string) => void): Promise<DevServer> {
  if (options.input === STDIN)
    throw new UserError('podium dev: standard input cannot be watched; pass a contest file or a folder', 2);
  // Read once here, so that a path that does not exist is a usage error, as for build.
  const initial = await read([options.input], noStdin);
  const sheets: SheetWatch = { folders: new Map(), pending: new Set(), closed: false };
  const site: Site = {
    options,
    log,
    folder: initial.some((source) => source.name !== undefined),
    assets: readAssets(),
    pages: new Map(),
    clients: new Set(),
    refused: new Set(),
    sheets,
  };
  await rebake(site, undefined, initial);
  const server = createServer((request, response) => respond(site, request, response));
  let watcher: { close: () => void };
  try {
    await listen(server, options);
    watcher = watchInput(site);
  } catch (error) {
    // The CSV folders are watched already: without closing them, the process would stay after the error.
    closeSheets(site.sheets);
    server.close();
    throw error;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host ?? LOOPBACK;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/`,
    close: async () => {
      watcher.close();
      closeSheets(site.sheets);
      for (const client of site.clients) client.end();
      const closed = new Promise<void>((done) => server.close(() => done()));
      // close() waits for every connection; a browser's idle or half-sent one would keep Ctrl-C waiting for minutes.
      server.closeAllConnections();
      await closed;
    },
  };
}

/** The same pipeline as build (dates in Berlin time included), plus the reload script. */
async function toEntry({ options, log, assets }: Site, source: Source): Promise<Entry> {
  let validated: Validated;
  try {
    validated = await validate([source], { strict: options.strict });
  } catch (error) {
    // A bug must not stop the server: show it, and keep serving the other pages.
    log(String((error as Error).stack ?? error));
    return {
      file: source.file,
      title: source.file,
      html: toErrorPage(source.file, [], `podium failed on this file: ${String(error)}`),
      ok: false,
      sheets: [],
    };
  }
  const { contests, problems } = validated;
  const sheets = validated.sheets.map((file) => resolve(file));
  for (const line of toProblemLines(problems, false)) log(line);
  const [named] = await toBerlinTime(contests);
  if (!named)
    return { file: source.file, title: source.file, html: toErrorPage(source.file, problems), ok: false, sheets };
  return {
    file: source.file,
    title: named.contest.title,
    html: toText(bake(named, { locale: options.locale, hydrate: true, devScript: RELOAD_SCRIPT }, assets)),
    ok: true,
    sheets,
  };
}

/**
 * Rebakes what the input holds now: every file at start, then the ones an event named (a contest file's name, or a CSV
 * file's path).
 */
async function rebake(site: Site, changed?: string, given?: Source[]): Promise<void> {
  const started = performance.now();
  let sources: Source[];
  try {
    sources = given ?? (await read([site.options.input], noStdin));
  } catch (error) {
    // A file that vanished mid-save, or a folder named x.json: say so and wait for the next save.
    site.log(toPrintable(error instanceof UserError ? error.message : String(error)));
    return;
  }
  const { pages } = site;
  const names = new Set(sources.map((source) => source.name ?? ''));
  for (const name of pages.keys()) if (!names.has(name)) pages.delete(name);
  for (const source of sources) {
    const page = pages.get(source.name ?? '');
    if (changed === undefined || basename(source.file) === changed || !page || page.sheets.includes(changed))
      pages.set(source.name ?? '', await toEntry(site, source));
  }
  watchSheets(site);
  // File names are said with their control characters escaped, as everywhere.
  const label = toPrintable(basename(changed ?? site.options.input));
  const ms = Math.round(performance.now() - started);
  // The files that are broken now, which need not be the one just saved.
  const broken = [...pages.values()].filter((entry) => !entry.ok).map((entry) => toPrintable(basename(entry.file)));
  if (broken.length === 0) site.log(`rebaked ${label} in ${ms} ms`);
  else if (broken.length === 1 && broken[0] === label) site.log(`problems in ${label}, checked in ${ms} ms`);
  else site.log(`rebaked ${label} in ${ms} ms; problems in ${toList(broken)}`);
  for (const client of site.clients) client.write('event: reload\ndata: \n\n');
}

/** `a.json, b.json, c.json and 4 more`. */
function toList(names: readonly string[]): string {
  const shown = names.slice(0, 3).join(', ');
  return names.length > 3 ? `${shown} and ${names.length - 3} more` : shown;
}

function respond(site: Site, request: IncomingMessage, response: ServerResponse): void {
  const { pages, clients, folder } = site;
  const host = request.headers.host ?? '';
  if (!isAllowedHost(site.options, host)) {
    // A DNS-rebinding site points its own name at 127.0.0.1, and its script could read unpublished figures.
    // Said once per name (of the first hundred): a rebinding page may ask many times.
    if (site.refused.size < 100 && !site.refused.has(host)) {
      site.refused.add(host);
      site.log(
        `refused a request for "${toPrintable(host)}": podium dev answers localhost and ${LOOPBACK} only; --host answers any name`,
      );
    }
    response.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    return void response.end(
      `podium dev answers requests for localhost and ${LOOPBACK} only. To serve other names, start it with --host.\n`,
    );
  }
  let path: string;
  try {
    path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
  } catch {
    return send(response, 400, toErrorPage(String(request.url), [], 'That address is malformed.'));
  }
  if (path === '/favicon.ico') {
    // Browsers ask for it on their own; the pages have none, and a 404 would show as an error in the console.
    response.writeHead(204, { 'cache-control': 'max-age=86400' });
    return void response.end();
  }
  if (path === EVENTS) {
    response.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
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
}

/**
 * Whether a request's Host header names this server: any name when --host was given, else localhost or the loopback
 * address.
 */
function isAllowedHost(options: DevOptions, host: string): boolean {
  if (options.host !== undefined) return true;
  try {
    const { hostname } = new URL(`http://${host}/`);
    return hostname === 'localhost' || hostname === LOOPBACK;
  } catch {
    return false; // no Host header, or not a host name
  }
}

function listen(server: Server, { port, host = LOOPBACK }: DevOptions): Promise<void> {
  return new Promise<void>((done, fail) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE')
        fail(new UserError(`podium dev: port ${port} on ${host} is in use; pass --port with a free one`));
      else if (error.code === 'EACCES')
        fail(
          new UserError(`podium dev: port ${port} needs more rights than this user has; pass --port 1024 or higher`),
        );
      else if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND')
        fail(new UserError(`podium dev: cannot listen on ${host}; pass --host with an address of this machine`, 2));
      else fail(error);
    });
    server.listen(port, host, done);
  });
}

/** Watches the folder (or the file's folder): editors often save by writing a new file and renaming it. */
function watchInput(site: Site): { close: () => void } {
  const target = resolve(site.options.input);
  const only = site.folder ? undefined : basename(target);
  let timer: NodeJS.Timeout | undefined;
  const pending = new Set<string>();
  const watcher: FSWatcher = watchOrSay(site.folder ? target : dirname(target), (_event, file) => {
    const name = String(file ?? '');
    if (only ? name !== only : !CONTEST_FILE.test(name)) return;
    pending.add(name);
    clearTimeout(timer);
    // Saves arrive as bursts of events; bake once the burst is over.
    timer = setTimeout(() => {
      const names = [...pending];
      pending.clear();
      rebake(site, names.length === 1 ? names[0] : undefined).catch((error: unknown) =>
        site.log(String((error as Error).stack ?? error)),
      );
    }, 40);
  });
  return {
    close: () => {
      clearTimeout(timer);
      watcher.close();
    },
  };
}

/** watch(), or a UserError in words: the system's limit on watched folders (ENOSPC) is no bug of podium's. */
function watchOrSay(folder: string, listener: (event: string, file: string | null) => void): FSWatcher {
  try {
    return watch(folder, listener);
  } catch (error) {
    const limit =
      (error as NodeJS.ErrnoException).code === 'ENOSPC'
        ? 'the system watches as many folders as it allows (fs.inotify.max_user_watches)'
        : toReadReason(error);
    throw new UserError(`podium dev: cannot watch ${toPrintable(folder)}: ${limit}`);
  }
}

/** The folders of the CSV files the contests read, watched by their own watchers. */
type SheetWatch = { folders: Map<string, FSWatcher>; pending: Set<string>; timer?: NodeJS.Timeout; closed: boolean };

/**
 * Watches the folder of every CSV file a contest reads, for as long as one does; a change rebakes the contests reading
 * it.
 */
function watchSheets(site: Site): void {
  const { sheets } = site;
  if (sheets.closed) return; // a rebake that ends after Ctrl-C
  const wanted = new Set([...site.pages.values()].flatMap((entry) => entry.sheets.map((file) => dirname(file))));
  for (const [folder, watcher] of sheets.folders) {
    if (wanted.has(folder)) continue;
    watcher.close();
    sheets.folders.delete(folder);
  }
  for (const folder of wanted) {
    if (sheets.folders.has(folder)) continue;
    try {
      sheets.folders.set(
        folder,
        watch(folder, (_event, name) => {
          const file = join(folder, String(name ?? ''));
          if (![...site.pages.values()].some((entry) => entry.sheets.includes(file))) return;
          sheets.pending.add(file);
          clearTimeout(sheets.timer);
          sheets.timer = setTimeout(() => {
            const files = [...sheets.pending];
            sheets.pending.clear();
            rebake(site, files.length === 1 ? files[0] : undefined).catch((error: unknown) =>
              site.log(String((error as Error).stack ?? error)),
            );
          }, 40);
        }),
      );
    } catch {
      // No such folder (yet): the contest says where its CSV file is, and the next save of the contest looks again.
    }
  }
}

function closeSheets(sheets: SheetWatch): void {
  sheets.closed = true;
  clearTimeout(sheets.timer);
  for (const watcher of sheets.folders.values()) watcher.close();
}

function send(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  response.end(html);
}

function toShell(title: string, body: string): string {
  const style =
    'body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1c1f23}pre{white-space:pre-wrap;background:#fff4e0;border-left:4px solid #f39200;padding:1rem}';
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
  const lines = toProblemLines(problems, false).map(escapeHtml).join('\n');
  return toShell(
    `Problems: ${file}`,
    `<h1>${escapeHtml(file)}</h1>${text ? `<p>${escapeHtml(text)}</p>` : ''}${lines ? `<p>${count(problems.length, 'problem')}; the page reloads when the file is saved again.</p><pre>${lines}</pre>` : ''}`,
  );
}

function toIndexPage(pages: ReadonlyMap<string, Entry>): string {
  const items = [...pages].map(
    ([name, entry]) =>
      `<li><a href="/${encodeURIComponent(name)}/">${escapeHtml(name)}</a>: ${escapeHtml(entry.title)}${entry.ok ? '' : ' (has problems)'}</li>`,
  );
  return toShell('podium dev', `<h1>Contests</h1><ul>${items.join('')}</ul>`);
}
