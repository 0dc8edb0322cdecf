// Real Chromium for what only a browser can show, through playwright-core and the system's Chromium.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { CHROMIUM, CHROMIUM_ARGS } from '../../bench/chromium.js';
import { podium } from './cli.ts';
import { scratch } from './files.ts';
import { canTest } from './skip.ts';

/** Chromium's path, or undefined after a loud warning; throws when PODIUM_REQUIRE_BROWSER=1 demands one. */
export function findChromium(): string | undefined {
  const missing = existsSync(CHROMIUM)
    ? undefined
    : `no Chromium at ${CHROMIUM}: install it (apt-get install -y chromium) or set CHROMIUM_PATH`;
  return canTest('BROWSER', 'the Chromium tests', missing) ? CHROMIUM : undefined;
}

function launch(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: [...CHROMIUM_ARGS],
  });
}

export type Visit = { page: Page; console: string[]; requests: string[]; dialogs: string[] };

export type VisitOptions = {
  javaScriptEnabled?: boolean;
  width?: number;
  height?: number;
  /** A fixed clock from this time on (playwright's page.clock): the page's timers run only when a test runs them. */
  time?: string;
  reducedMotion?: boolean;
  /** A phone: three device pixels to a CSS pixel, a touch screen, and the mobile viewport meta tag honoured. */
  mobile?: boolean;
  /**
   * Host names reached at another address, `{ 'links.test': '127.0.0.1:8080' }`, as Chromium's --host-resolver-rules
   * would map them: the page keeps its own URL and origin, the request goes to the address.
   */
  hosts?: Record<string, string>;
};

/** Opens a URL and records what a careful user would notice: console output, requests, dialogs. */
export async function visit(browser: Browser, url: string, options: VisitOptions = {}): Promise<Visit> {
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    reducedMotion: options.reducedMotion ? 'reduce' : 'no-preference',
    ...(options.mobile && { deviceScaleFactor: 3, isMobile: true, hasTouch: true }),
  });
  for (const [name, address] of Object.entries(options.hosts ?? {}))
    await context.route(
      (url) => url.hostname === name,
      (route) => {
        const url = new URL(route.request().url());
        url.host = address;
        return route.continue({ url: url.href });
      },
    );
  const page = await context.newPage();
  const seen: Visit = { page, console: [], requests: [], dialogs: [] };
  page.on('console', (message) => seen.console.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => seen.console.push(`pageerror: ${error.message}`));
  page.on('request', (request) => seen.requests.push(request.url()));
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  if (options.time) await page.clock.install({ time: new Date(options.time) });
  await page.goto(url, { waitUntil: 'load' });
  return seen;
}

/** Waits until a page with users is hydrated and shows what it renders only then (the search field). */
export async function hydrated(seen: Visit, clock = false): Promise<void> {
  if (clock) await seen.page.clock.runFor(100); // the page script starts in a timer of its own
  await seen.page.locator('.finder input').waitFor({ state: 'attached' });
}

/**
 * Visits `url` (`open`: a suite's) with JavaScript on, hydrated, and off, and runs `check` on each with the words that
 * say which; React says nothing on either (the page script renders the markup the bake wrote). Each visit is closed.
 */
export async function withScriptOnAndOff(
  open: (url: string, options?: VisitOptions) => Promise<Visit>,
  url: string,
  check: (seen: Visit, how: string) => Promise<void>,
): Promise<void> {
  for (const javaScriptEnabled of [true, false]) {
    const seen = await open(url, { javaScriptEnabled });
    if (javaScriptEnabled) await hydrated(seen);
    await check(seen, `JavaScript ${javaScriptEnabled ? 'on' : 'off'}`);
    assert.equal(seen.console, []);
    await seen.page.context().close();
  }
}

/** A static host on loopback serving `root`, counting every request it gets. */
export async function serve(root: string): Promise<{ url: string; hits: string[]; close: () => Promise<void> }> {
  const hits: string[] = [];
  const server: Server = createServer((request, response) => {
    hits.push(request.url ?? '');
    const path = normalize(join(root, decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)));
    const file = path.endsWith('/') ? join(path, 'index.html') : path;
    if (!file.startsWith(root) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A page baked for a test: its output folder, its index.html, and that file's URL. */
export type Baked = { out: string; file: string; url: string };

// One Chromium for every suite of this process (uvu runs the suites of all files in one process, one at a time):
// launched by the first suite that runs, closed by the last one to end. A launch costs a second or more.
let shared: Promise<Browser> | undefined;
let queued = 0; // the Chromium suites of this process that have been queued to run and have not yet ended

/**
 * A suite of Chromium tests with the process's one browser and one scratch folder for all of them: `bake` runs the
 * CLI (in this process) into that folder, `open` visits a page in a context of its own; whatever a test leaves open
 * is closed when it ends. Without Chromium, `run` skips the suite after findChromium's loud warning.
 */
export function chromiumSuite(title: string) {
  const path = findChromium();
  const work = scratch();
  const test = suite(title);
  let browser: Browser | undefined;
  test.before(async () => {
    if (path) browser = await (shared ??= launch(path));
  });
  test.after.each(async () => {
    await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
  });
  test.after(async () => {
    work.remove();
    if (--queued > 0 || !shared) return;
    const last = shared;
    shared = undefined;
    await (await last).close();
  });
  return {
    test,
    work,
    browser: () => browser!,
    /** Bakes a contest file, or contest data (written to `<name>.json`), into `<work>/<name>/`. */
    async bake(input: string | object, name: string, flags: string[] = []): Promise<Baked> {
      const source = typeof input === 'string' ? input : join(work.dir, `${name}.json`);
      if (typeof input !== 'string') writeFileSync(source, JSON.stringify(input));
      const out = join(work.dir, name);
      const run = await podium(['build', source, '--out', out, ...flags]);
      assert.is(run.status, 0, run.stderr);
      const file = join(out, 'index.html');
      return { out, file, url: pathToFileURL(file).href };
    },
    open: (url: string, options?: VisitOptions) => visit(browser!, url, options),
    run: () => {
      if (!path) return;
      queued++;
      test.run();
    },
  };
}

/** A value made on first use and shared after: a page that several tests of a suite visit, baked once for them. */
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What axe-core finds wrong with the page open, by WCAG 2.2 AA and best practice: `rule: selectors` per violation. */
export async function violations(seen: Visit): Promise<string[]> {
  await seen.page.evaluate(AXE);
  const result = (await seen.page.evaluate(() =>
    (window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }).axe.run(
      document,
      {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      },
    ),
  )) as { violations: { id: string; nodes: { target: string[] }[] }[] };
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
