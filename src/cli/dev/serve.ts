// podium dev's HTTP side: the pages from memory, to loopback host names only (unless --host), and a word to every
// open tab when its page changed.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { toPrintable, UserError } from '../../errors.ts';
import { toOverview } from '../../bake/overview.tsx';
import { EVENTS, RELOAD_SCRIPT, toErrorPage, toIndexPage, VERSION } from './pages.ts';
import type { Site } from './site.ts';

/** `host` when the user gave one; without it the server listens on loopback and answers only loopback host names. */
export type ServeOptions = { port: number; host?: string };
/** A server listening: its address, a reload for every open tab, and a stop. */
export type Serving = { url: string; reload: () => void; close: () => Promise<void> };

/** Where the server listens when no --host is given: this machine only. */
const LOOPBACK = '127.0.0.1';

/**
 * What a response needs: the pages, the options, the tabs listening for reloads, the host names refused so far, and
 * the bake the pages are of (one more with every reload).
 */
type State = {
  site: Site;
  options: ServeOptions;
  clients: Set<ServerResponse>;
  refused: Set<string>;
  version: number;
};

export async function serve(site: Site, options: ServeOptions): Promise<Serving> {
  const state: State = { site, options, clients: new Set(), refused: new Set(), version: 0 };
  const server = createServer((request, response) => respond(state, request, response));
  try {
    await listen(server, options);
  } catch (error) {
    server.close();
    throw error;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host ?? LOOPBACK;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/`,
    reload: () => {
      state.version += 1;
      for (const client of state.clients) client.write('event: reload\ndata: \n\n');
    },
    close: async () => {
      for (const client of state.clients) client.end();
      const closed = new Promise<void>((done) => server.close(() => done()));
      // close() waits for every connection; a browser's idle or half-sent one would keep Ctrl-C waiting for minutes.
      server.closeAllConnections();
      await closed;
    },
  };
}

function respond(state: State, request: IncomingMessage, response: ServerResponse): void {
  const { site, options, clients, refused } = state;
  const host = request.headers.host ?? '';
  if (!isAllowedHost(options, host)) {
    // A DNS-rebinding site points its own name at 127.0.0.1, and its script could read unpublished figures.
    // Said once per name (of the first hundred): a rebinding page may ask many times.
    if (refused.size < 100 && !refused.has(host)) {
      refused.add(host);
      site.log(
        `refused a request for "${toPrintable(host)}": podium dev answers localhost and ${LOOPBACK} only; --host answers any name`,
      );
    }
    response.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    return void response.end(
      `podium dev answers requests for localhost and ${LOOPBACK} only. To serve other names, start it with --host.\n`,
    );
  }
  // Which bake this page is of, for the tab's reload script (the bytes stay those build writes).
  response.setHeader('server-timing', `${VERSION};desc="${state.version}"`);
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
    response.write(`: podium dev\n\nevent: version\ndata: ${state.version}\n\n`);
    clients.add(response);
    request.on('close', () => clients.delete(response));
    return;
  }
  const name = path.replace(/^\/|\/?(index\.html)?$/g, '');
  const entry = site.pages.get(name);
  if (entry) return send(response, 200, entry.html);
  if (site.folder && name === '') return send(response, 200, toFront(site));
  send(response, 404, toErrorPage(path, [], 'No contest here.'));
}

/**
 * Whether a request's Host header names this server: any name when --host was given, else localhost or the loopback
 * address, with or without a port. Nothing else may stand in the header: `evil.example@localhost` is refused, where
 * a URL parser would read `localhost` after the user name.
 */
function isAllowedHost(options: ServeOptions, host: string): boolean {
  if (options.host !== undefined) return true;
  const name = /^([a-z0-9.-]+)(?::\d{1,5})?$/i.exec(host)?.[1]?.toLowerCase();
  return name === 'localhost' || name === LOOPBACK;
}

function listen(server: Server, { port, host = LOOPBACK }: ServeOptions): Promise<void> {
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

function send(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  response.end(html);
}

/**
 * A folder's front page: the overview a build writes (and the reload script) while every contest is valid; else the
 * list of contests that says which have problems, as the build would then write nothing.
 */
function toFront(site: Site): string {
  const entries = [...site.pages.values()];
  if (!entries.every((entry) => entry.named)) return toIndexPage(site.pages);
  const head = { hydrate: false, devScript: RELOAD_SCRIPT };
  const named = entries.map((entry) => entry.named!);
  return toOverview(named, site.options.locale, head, site.assets.overviewCss);
}
