// podium dev as a real process: serve, rebake on save, reload event, error page and recovery, stop.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { BIN, PLAIN } from './helpers/cli.ts';
import { FIXTURES, inScratch } from './helpers/files.ts';

type Dev = { child: ChildProcess; url: string; output: () => string; exited: Promise<number | null> };

/** Starts podium dev and waits for the address it prints. */
async function startDev(args: string[], cwd: string): Promise<Dev> {
  const child = spawn(process.execPath, [BIN, 'dev', ...args], { cwd, env: PLAIN });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const url = await waitFor(() => /podium dev: (http:\/\/\S+)/.exec(output)?.[1], () => output);
  return { child, url, output: () => output, exited };
}

/** Runs `work` against podium dev started in `cwd`, and stops the server however the work ends. */
async function withDev(args: string[], cwd: string, work: (server: Dev) => Promise<void>): Promise<void> {
  const server = await startDev(args, cwd);
  try {
    await work(server);
  } finally {
    server.child.kill('SIGKILL'); // once the work is done; a test of Ctrl-C sends SIGINT itself
    await server.exited;
  }
}

async function waitFor<T>(probe: () => T | undefined, describe: () => string, ms = 8000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out; output so far:\n${describe()}`);
    await new Promise((done) => setTimeout(done, 25));
  }
}

/** Listens to the page's event stream, collecting what arrives. */
async function listen(url: string) {
  const response = await fetch(`${url}__podium/events`);
  assert.is(response.headers.get('content-type'), 'text/event-stream');
  const reader = response.body!.getReader();
  let received = '';
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      received += new TextDecoder().decode(value);
    }
  })();
  return { reloads: () => received.split('event: reload').length - 1, close: () => reader.cancel() };
}

const dev = suite('podium dev');

dev('serves the page, rebakes on save, reloads the tab, shows problems and recovers, stops on Ctrl-C', () =>
  inScratch(async (dir) => {
    const file = join(dir, 'contest.json');
    copyFileSync(join(FIXTURES, 'valid.json'), file);
    await withDev(['contest.json', '--port', '0'], dir, async (server) => {
      assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
      const first = await (await fetch(server.url)).text();
      assert.match(first, '<title>Testwettbewerb</title>');
      assert.match(first, 'EventSource', 'the reload script is in the dev page');
      const events = await listen(server.url);

      writeFileSync(file, readFileSync(file, 'utf8').replace('Testwettbewerb', 'Geändert'));
      await waitFor(() => (events.reloads() >= 1 ? true : undefined), server.output);
      assert.match(await (await fetch(server.url)).text(), '<title>Geändert</title>');
      assert.match(server.output(), /rebaked contest\.json in \d+ ms/);

      writeFileSync(file, '{\n  "title": "kaputt",\n}');
      await waitFor(() => (events.reloads() >= 2 ? true : undefined), server.output);
      const broken = await (await fetch(server.url)).text();
      assert.match(broken, 'contest.json:2:20: trailing comma before &quot;}&quot;');
      assert.match(broken, '<p>1 problem; the page reloads');
      assert.match(server.output(), 'contest.json:2:20: trailing comma before "}"');

      copyFileSync(join(FIXTURES, 'valid.json'), file);
      await waitFor(() => (events.reloads() >= 3 ? true : undefined), server.output);
      assert.match(await (await fetch(server.url)).text(), '<title>Testwettbewerb</title>');
      await events.close();

      server.child.kill('SIGINT');
      assert.is(await server.exited, 0, 'Ctrl-C stops it cleanly');
    });
  }),
);

dev('serves a folder: an index of its contests and one page per contest', () =>
  inScratch(async (dir) => {
    mkdirSync(join(dir, 'contests'));
    copyFileSync(join(FIXTURES, 'valid.json'), join(dir, 'contests/spring.json'));
    copyFileSync(join(FIXTURES, 'invalid-syntax.json'), join(dir, 'contests/broken.json'));
    await withDev(['contests', '--port', '0'], dir, async (server) => {
      const index = await (await fetch(server.url)).text();
      assert.match(index, '<a href="/spring/">spring</a>: Testwettbewerb');
      assert.match(index, '<a href="/broken/">broken</a>');
      assert.match(await (await fetch(`${server.url}spring/`)).text(), '<title>Testwettbewerb</title>');
      assert.match(await (await fetch(`${server.url}broken/`)).text(), 'broken.json:4:36: trailing comma');
      assert.is((await fetch(`${server.url}nothing/`)).status, 404);
      assert.is((await fetch(`${server.url}%`)).status, 400, 'a malformed address is refused, not fatal');
      mkdirSync(join(dir, 'contests/odd.json')); // a folder that looks like a contest file
      copyFileSync(join(FIXTURES, 'defaults.json'), join(dir, 'contests/autumn.json'));
      await waitFor(() => (/autumn\.json|odd\.json/.test(server.output()) ? true : undefined), server.output);
      await new Promise((done) => setTimeout(done, 300));
      assert.is((await fetch(`${server.url}spring/`)).status, 200, 'still serving');
    });
  }),
);

dev('bakes the page exactly as build does, dates in Berlin time included', () =>
  inScratch(async (dir) => {
    copyFileSync(join(FIXTURES, 'long.json'), join(dir, 'long.json')); // updated_at is 16:45 UTC
    await withDev(['long.json', '--port', '0'], dir, async (server) => {
      assert.match(await (await fetch(server.url)).text(), '<p class="stand">Stand: 31.03.2027, 18:45 Uhr</p>');
    });
  }),
);

dev('says so in one line when the port is in use', async () => {
  const blocker = createServer();
  await new Promise<void>((done) => blocker.listen(0, '127.0.0.1', done));
  const { port } = blocker.address() as { port: number };
  try {
    const child = spawn(process.execPath, [BIN, 'dev', join(FIXTURES, 'valid.json'), '--port', String(port)], { env: PLAIN });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((done) => child.on('exit', done));
    assert.is(code, 1);
    assert.is(stderr, `podium dev: port ${port} on 127.0.0.1 is in use; pass --port with a free one\n`);
  } finally {
    blocker.close();
  }
});

dev.run();
