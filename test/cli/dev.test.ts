// podium dev as a real process: serve, rebake on save, reload event, error page and recovery, stop; and in-process,
// its pages against build's.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { request } from 'node:http';
import { connect, createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { build } from '../../src/build.ts';
import { startDev as start } from '../../src/cli/dev/index.ts';
import { RELOAD_SCRIPT, toErrorPage } from '../../src/cli/dev/pages.ts';
import { look } from '../../src/cli/dev/save.ts';
import type { Route } from 'playwright-core';
import { chromiumSuite } from '../helpers/browser.ts';
import { BIN, PLAIN } from '../helpers/cli.ts';
import { FIXTURES, inScratch } from '../helpers/files.ts';
import { toWorkbook } from '../helpers/workbooks.ts';

type Dev = { child: ChildProcess; url: string; output: () => string; exited: Promise<number | null> };

/** Starts podium dev and waits for the address it prints. */
async function startDev(args: string[], cwd: string): Promise<Dev> {
  const child = spawn(process.execPath, [BIN, 'dev', ...args], { cwd, env: PLAIN });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const url = await waitFor(
    () => /podium dev: (http:\/\/\S+)/.exec(output)?.[1],
    () => output,
  );
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

async function waitFor<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  describe: () => string,
  ms = 8000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
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
      // In the contest's language, as its page: German by default.
      assert.match(broken, '<html lang="de">');
      assert.match(broken, '<title>Probleme: ');
      assert.match(broken, '<p>1 Problem; die Seite lädt neu, sobald die Datei wieder gespeichert ist.</p>');
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
      mkdirSync(join(dir, 'contests/odd.json')); // a folder that looks like a contest file: said, as build says it
      copyFileSync(join(FIXTURES, 'defaults.json'), join(dir, 'contests/autumn.json'));
      await waitFor(
        async () => ((await fetch(`${server.url}autumn/`)).status === 200 ? true : undefined),
        server.output,
      );
      assert.is((await fetch(`${server.url}spring/`)).status, 200, 'still serving');
      assert.match(await (await fetch(`${server.url}odd/`)).text(), 'odd.json:1:1: cannot read it: it is a folder');
    });
  }),
);

dev('bakes the page exactly as build does, dates in Berlin time included, 31 fractional digits as well', () =>
  inScratch(async (dir) => {
    copyFileSync(join(FIXTURES, 'long.json'), join(dir, 'long.json')); // updated_at is 16:45 UTC
    await withDev(['long.json', '--port', '0'], dir, async (server) => {
      assert.match(await (await fetch(server.url)).text(), '<p class="stand">Stand: 31.03.2027, 18:45 Uhr</p>');
    });
    const contest = {
      ...JSON.parse(readFileSync(join(FIXTURES, 'valid.json'), 'utf8')),
      updated_at: '2027-03-31T16:45:00.1234567890123456789012345678901Z',
    };
    writeFileSync(join(dir, 'fraction.json'), JSON.stringify(contest));
    await withDev(['fraction.json', '--port', '0'], dir, async (server) => {
      assert.match(await (await fetch(server.url)).text(), '<p class="stand">Stand: 31.03.2027, 18:45 Uhr</p>');
      assert.match(server.output(), /^rebaked fraction\.json in \d+ ms$/m);
    });
  }),
);

dev(
  'serves each page of a folder byte for byte as build writes it, with the reload script added, in either locale',
  () =>
    inScratch(async (dir) => {
      const input = join(dir, 'contests');
      mkdirSync(input);
      for (const name of ['valid.json', 'long.json', 'excel.json', 'excel.csv'])
        copyFileSync(join(FIXTURES, name), join(input, name));
      for (const locale of ['de', 'en'] as const) {
        const out = join(dir, locale);
        const page = { locale, hydrate: true, devScript: RELOAD_SCRIPT };
        await build(input, { out, page, overview: false, readStdin: () => Promise.reject(new Error('no stdin')) });
        const server = await start({ input, port: 0, locale, strict: false }, () => {});
        try {
          for (const name of ['valid', 'long', 'excel']) {
            const served = await (await fetch(`${server.url}${name}/`)).text();
            assert.ok(served === readFileSync(join(out, name, 'index.html'), 'utf8'), `${locale} ${name}`);
          }
        } finally {
          await server.close();
        }
      }
    }),
);

/** GET `path` with this Host header (fetch does not let a page, or a test, choose it): status and body. */
function get(url: string, path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    const sent = request(new URL(path, url), { headers: { host } }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => done({ status: response.statusCode ?? 0, body }));
    });
    sent.on('error', fail).end();
  });
}

dev('answers 403 to a request for any other host name, which a DNS-rebinding site would send; not with --host', () =>
  inScratch(async (dir) => {
    copyFileSync(join(FIXTURES, 'valid.json'), join(dir, 'contest.json'));
    await withDev(['contest.json', '--port', '0'], dir, async (server) => {
      const { port } = new URL(server.url);
      for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, 'LOCALHOST', '127.0.0.1'])
        assert.is((await get(server.url, '/', host)).status, 200, host);
      for (const host of [
        `evil.example:${port}`,
        'localhost.evil.example',
        `127.0.0.1.nip.io:${port}`,
        '[::1]',
        `evil.example@localhost:${port}`,
        'x@127.0.0.1',
        `localhost:${port}/x`,
        'localhost:99999999',
      ]) {
        for (const path of ['/', '/__podium/events']) {
          const { status, body } = await get(server.url, path, host);
          assert.is(status, 403, `${host}${path}`);
          assert.not.match(body, 'Testwettbewerb');
        }
      }
      assert.match(server.output(), 'refused a request for "evil.example:');
      // A host name is said with its control characters escaped: no terminal escape reaches the terminal.
      assert.is((await get(server.url, '/', 'evil\u009b31m.example')).status, 403);
      await waitFor(
        () => (server.output().includes('refused a request for "evil\\x9b31m.example"') ? true : undefined),
        server.output,
      );
      assert.not.match(server.output(), '\u009b');
    });
    await withDev(['contest.json', '--port', '0', '--host', '127.0.0.1'], dir, async (server) => {
      assert.is((await get(server.url, '/', 'contests.example.com')).status, 200, 'a name the user chose to serve');
    });
  }),
);

dev('stops within a second of Ctrl-C, with idle, silent and half-sent connections open', () =>
  inScratch(async (dir) => {
    copyFileSync(join(FIXTURES, 'valid.json'), join(dir, 'contest.json'));
    await withDev(['contest.json', '--port', '0'], dir, async (server) => {
      const { port } = new URL(server.url);
      const sockets: Socket[] = [];
      // A request answered and kept alive, a connection that never sent anything (a browser's preconnect), half a
      // request.
      for (const text of [
        `GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`,
        '',
        'GET / HTTP/1.1\r\nHo',
      ]) {
        const socket = connect(Number(port), '127.0.0.1')
          .on('data', () => {})
          .on('error', () => {});
        if (text) socket.write(text);
        sockets.push(socket);
      }
      const events = await listen(server.url);
      await new Promise((done) => setTimeout(done, 300));
      const started = performance.now();
      server.child.kill('SIGINT');
      const stillRunning = new Promise<string>((done) =>
        setTimeout(() => done('still running 3 s after Ctrl-C'), 3000).unref(),
      );
      assert.is(await Promise.race([server.exited, stillRunning]), 0);
      const took = performance.now() - started;
      assert.ok(took < 1000, `took ${Math.round(took)} ms`);
      for (const socket of sockets) socket.destroy();
      await events.close().catch(() => undefined);
    });
  }),
);

dev('names the file that is broken, not the one just saved', () =>
  inScratch(async (dir) => {
    mkdirSync(join(dir, 'contests'));
    for (const name of ['a.json', 'b.json']) copyFileSync(join(FIXTURES, 'valid.json'), join(dir, 'contests', name));
    await withDev(['contests', '--port', '0'], dir, async (server) => {
      writeFileSync(join(dir, 'contests/a.json'), '{"title":');
      await waitFor(
        () => (/^problems in a\.json, checked in \d+ ms$/m.test(server.output()) ? true : undefined),
        server.output,
      );
      await new Promise((done) => setTimeout(done, 200));
      writeFileSync(join(dir, 'contests/b.json'), readFileSync(join(FIXTURES, 'defaults.json')));
      await waitFor(
        () => (/^rebaked b\.json in \d+ ms; problems in a\.json$/m.test(server.output()) ? true : undefined),
        server.output,
      );
      assert.not.match(server.output(), 'problems in b.json');
      // A file name is said with its control characters escaped: no terminal escape reaches the terminal.
      writeFileSync(join(dir, 'contests/c\u001b[31m.json'), '{"title":');
      await waitFor(() => (server.output().includes('c\\x1b[31m.json') ? true : undefined), server.output);
      assert.not.match(server.output(), '\u001b');
    });
  }),
);

dev('answers /favicon.ico with 204 No Content, not a 404 in the console', () =>
  inScratch(async (dir) => {
    copyFileSync(join(FIXTURES, 'valid.json'), join(dir, 'contest.json'));
    await withDev(['contest.json', '--port', '0'], dir, async (server) => {
      const response = await fetch(`${server.url}favicon.ico`);
      assert.is(response.status, 204);
      assert.is(await response.text(), '');
    });
  }),
);

dev('rebakes the contests that read a CSV file when it changes, in a folder of its own too', () =>
  inScratch(async (dir) => {
    mkdirSync(join(dir, 'contests'));
    mkdirSync(join(dir, 'data'));
    const csv = join(dir, 'data/users.csv');
    writeFileSync(csv, 'Name;Anzahl Eigenleads;Summe Netto-Volumen AB\r\nAnna Alt;3;1.000,00 €\r\n');
    writeFileSync(
      join(dir, 'contests/spring.json'),
      readFileSync(join(FIXTURES, 'valid.json'), 'utf8').replace(/"users": \[[^]*\]/, '"users": "../data/users.csv"'),
    );
    copyFileSync(join(FIXTURES, 'valid.json'), join(dir, 'contests/other.json'));
    await withDev(['contests', '--port', '0'], dir, async (server) => {
      const page = () => fetch(`${server.url}spring/`).then((response) => response.text());
      assert.match(await page(), 'Anna Alt');
      const events = await listen(server.url);

      writeFileSync(csv, 'Name;Anzahl Eigenleads;Summe Netto-Volumen AB\r\nBen Neu;4;2.000,00 €\r\n');
      await waitFor(() => (events.reloads() >= 1 ? true : undefined), server.output);
      assert.match(await page(), 'Ben Neu');
      assert.match(server.output(), /rebaked users\.csv in \d+ ms/);

      writeFileSync(csv, 'Name;Anzahl Eigenleads;Summe Netto-Volumen AB\nBen Neu;4,5\n');
      await waitFor(() => (events.reloads() >= 2 ? true : undefined), server.output);
      assert.match(
        await page(),
        'data/users.csv:2:9: users[0].leadCount: expected a whole number ≥ 0, got &quot;4,5&quot;',
      );
      assert.match(
        await (await fetch(`${server.url}other/`)).text(),
        '<title>Testwettbewerb</title>',
        'the other contest is still served',
      );

      rmSync(csv);
      await waitFor(() => (/cannot read/.test(server.output()) ? true : undefined), server.output);
      assert.match(await page(), 'contests/spring.json:8:12: users: cannot read data/users.csv: no such file');
      writeFileSync(csv, 'name,leadCount,profit\nCarla Christ,5\n');
      await waitFor(() => (events.reloads() >= 4 ? true : undefined), server.output);
      assert.match(await page(), 'Carla Christ');
      await events.close();
    });
  }),
);

dev('keeps watching a folder renamed away and back or replaced, says so, and says when a file became a folder', () =>
  inScratch(async (dir) => {
    const contests = join(dir, 'contests');
    const csv = join(contests, 'data/users.csv');
    const withUsers = (users: string) =>
      readFileSync(join(FIXTURES, 'valid.json'), 'utf8').replace(/"users": \[[^]*\]/, `"users": "${users}"`);
    mkdirSync(join(contests, 'data'), { recursive: true });
    writeFileSync(csv, 'Name;Anzahl Eigenleads;Summe Netto-Volumen AB\nAnna Alt;3\n');
    writeFileSync(join(contests, 'spring.json'), withUsers('data/users.csv'));
    const lines: string[] = [];
    const server = await start({ input: contests, port: 0, locale: 'de', strict: false }, (line) => lines.push(line));
    const page = () => fetch(`${server.url}spring/`).then((response) => response.text());
    const until = (probe: () => Promise<boolean>) =>
      waitFor(
        async () => ((await probe()) ? true : undefined),
        () => lines.join('\n'),
      );
    try {
      assert.match(await page(), 'Anna Alt');
      // The contest folder renamed away and back: a save after that is baked.
      renameSync(contests, `${contests}.away`);
      await until(async () =>
        lines.some((line) => line.endsWith('contests is gone; its pages are baked again once it is back')),
      );
      renameSync(`${contests}.away`, contests);
      await until(async () => lines.some((line) => line.endsWith('contests is back')));
      writeFileSync(csv, 'Name;Anzahl Eigenleads;Summe Netto-Volumen AB\nBen Neu;4\n');
      await until(async () => (await page()).includes('Ben Neu'));
      // The CSV file's folder replaced by a new one.
      rmSync(join(contests, 'data'), { recursive: true });
      mkdirSync(join(contests, 'data'));
      writeFileSync(csv, 'Name;Anzahl Eigenleads;Summe Netto-Volumen AB\nCarla Christ;5\n');
      await until(async () => (await page()).includes('Carla Christ'));
      writeFileSync(csv, 'Name;Anzahl Eigenleads;Summe Netto-Volumen AB\nDora Dritt;6\n');
      await until(async () => (await page()).includes('Dora Dritt'));
    } finally {
      await server.close();
    }
    // A single contest file that becomes a folder is not served as a folder without a word.
    const single = join(dir, 'single.json');
    writeFileSync(single, withUsers('contests/data/users.csv'));
    const one = await start({ input: single, port: 0, locale: 'de', strict: false }, (line) => lines.push(line));
    try {
      rmSync(single);
      mkdirSync(single);
      copyFileSync(join(FIXTURES, 'valid.json'), join(single, 'a.json'));
      await until(async () =>
        lines.some((line) => line.endsWith('single.json is a folder now; restart podium dev to serve it')),
      );
    } finally {
      await one.close();
    }
  }),
);

dev('serves at / the overview a build writes, with the reload script, while every contest is valid', () =>
  inScratch(async (dir) => {
    const input = join(dir, 'contests');
    mkdirSync(input);
    copyFileSync(join(FIXTURES, 'valid.json'), join(input, 'spring.json'));
    copyFileSync(join(FIXTURES, 'long.json'), join(input, 'autumn.json'));
    const out = join(dir, 'out');
    await build(input, {
      out,
      page: { locale: 'de', hydrate: true },
      readStdin: () => Promise.reject(new Error('no stdin')),
    });
    const built = readFileSync(join(out, 'index.html'), 'utf8');
    const server = await start({ input, port: 0, locale: 'de', strict: false }, () => {});
    try {
      const served = await (await fetch(server.url)).text();
      const body = (html: string) => html.slice(html.indexOf('<body>'), html.indexOf('</body>'));
      assert.is(body(served), `${body(built).trimEnd()}\n<script>${RELOAD_SCRIPT}</script>\n`);
      assert.match(served, '<h1>Vertriebswettbewerbe</h1>');
    } finally {
      await server.close();
    }
  }),
);

dev('says so in one line when the port is in use, and ends, also while it watches a CSV file', async () => {
  const blocker = createServer();
  await new Promise<void>((done) => blocker.listen(0, '127.0.0.1', done));
  const { port } = blocker.address() as { port: number };
  try {
    for (const input of [join(FIXTURES, 'valid.json'), join(FIXTURES, 'excel.json')]) {
      const child = spawn(process.execPath, [BIN, 'dev', input, '--port', String(port)], { env: PLAIN });
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      setTimeout(() => child.kill('SIGKILL'), 5000).unref(); // a server that stays fails, rather than hangs, the test
      const code = await new Promise<number | null>((done) => child.on('exit', done));
      assert.is(code, 1, `${input}: it stayed`);
      assert.is(stderr, `podium dev: port ${port} on 127.0.0.1 is in use; pass --port with a free one\n`);
    }
  } finally {
    blocker.close();
  }
});

dev('rebakes a contest when a file of its history folder is added, changed or removed', () =>
  inScratch(async (dir) => {
    const header = 'Name;Anzahl Eigenleads;Summe Netto-Volumen AB\n';
    mkdirSync(join(dir, 'spring'));
    writeFileSync(join(dir, 'spring/2027-03-24.csv'), `${header}Anna Alt;3;1.000,00 €\nBen Bauer;2;0\n`);
    writeFileSync(
      join(dir, 'spring.json'),
      readFileSync(join(FIXTURES, 'valid.json'), 'utf8').replace(/"users": \[[^]*\]/, '"users": "spring/"'),
    );
    await withDev(['spring.json', '--port', '0'], dir, async (server) => {
      const page = () => fetch(server.url).then((response) => response.text());
      assert.not.match(await page(), '"standings"');
      const events = await listen(server.url);

      writeFileSync(join(dir, 'spring/2027-03-31.csv'), `${header}Ben Bauer;5;0\nCem Neu;1;0\nAnna Alt;3;1.000,00 €\n`);
      await waitFor(() => (events.reloads() >= 1 ? true : undefined), server.output);
      assert.match(
        await page(),
        '"standings":{"since":"2027-03-24","stands":["2027-03-24","2027-03-31"],"climbed":[[1],[null],[-2]]',
      );
      assert.match(server.output(), /rebaked spring in \d+ ms/);

      // A save may arrive as more than one burst of events on a busy machine: wait for what it must bring about.
      writeFileSync(join(dir, 'spring/2027-03-31.csv'), `${header}Ben Bauer;1;0\n`);
      const fell = 'spring/2027-03-31.csv:2:11: warning: users[0]: leadCount of "Ben Bauer" fell';
      await waitFor(() => (server.output().includes(fell) ? true : undefined), server.output);
      await waitFor(async () => ((await page()).includes('"climbed":[[1]]') ? true : undefined), server.output);
      assert.ok(events.reloads() >= 2);

      rmSync(join(dir, 'spring/2027-03-31.csv'));
      await waitFor(async () => (!(await page()).includes('"standings"') ? true : undefined), server.output);
      assert.ok(events.reloads() >= 3);
      await events.close();
    });
  }),
);

const errorPage = suite('toErrorPage()');

errorPage("in the contest's language: German by default, English with --locale en", () => {
  const problem = {
    file: 'c.json',
    line: 2,
    column: 20,
    path: '',
    message: 'trailing comma',
    severity: 'error' as const,
  };
  const english = toErrorPage('c.json', [problem, problem], '', 'en');
  assert.match(english, '<html lang="en">');
  assert.match(english, '<title>Problems: c.json</title>');
  assert.match(english, '<p>2 problems; the page reloads when the file is saved again.</p>');
  const german = toErrorPage('c.json', [problem, problem], '', 'de');
  assert.match(german, '<html lang="de">');
  assert.match(german, '<p>2 Probleme; die Seite lädt neu, sobald die Datei wieder gespeichert ist.</p>');
});

/** Overwrites `file` as a program that writes it in pieces does: emptied, then a piece at a time, with pauses. */
async function writeInPieces(file: string, bytes: Buffer, pieces: number, pauseMs: number): Promise<void> {
  const handle = await open(file, 'w');
  try {
    const size = Math.ceil(bytes.length / pieces);
    for (let at = 0; at < bytes.length; at += size) {
      await handle.write(bytes.subarray(at, at + size));
      await new Promise((done) => setTimeout(done, pauseMs));
    }
  } finally {
    await handle.close();
  }
}

dev('waits for a workbook saved in pieces to be whole: no false problem, and the page shows each save', () =>
  inScratch(async (dir) => {
    const book = (save: number) =>
      toWorkbook({
        Tabelle1: [
          ['Name', 'Anzahl Eigenleads', 'Summe Netto-Volumen AB'],
          ...Array.from({ length: 400 }, (_, row) => [`Person ${save}-${row}`, row, row * 10]),
        ],
      });
    const workbook = join(dir, 'team.xlsx');
    writeFileSync(workbook, book(0));
    writeFileSync(
      join(dir, 'contest.json'),
      readFileSync(join(FIXTURES, 'valid.json'), 'utf8').replace(/"users": \[[^]*\]/, '"users": "team.xlsx"'),
    );
    await withDev(['contest.json', '--port', '0'], dir, async (server) => {
      const page = () => fetch(server.url).then((response) => response.text());
      assert.match(await page(), 'Person 0-399');
      for (const save of [1, 2, 3]) {
        await writeInPieces(workbook, book(save), 4, 150);
        await waitFor(async () => ((await page()).includes(`Person ${save}-399`) ? true : undefined), server.output);
      }
      assert.not.match(server.output(), 'not an Excel workbook');
      assert.not.match(server.output(), 'problems');
    });
  }),
);

const whole = suite('look()');

whole('a workbook is whole only once its zip ends in its end record; any other file is whole as it is', () =>
  inScratch((dir) => {
    const bytes = toWorkbook({ Tabelle1: [['Name'], ['Anna Alt']] });
    const file = join(dir, 'team.xlsx');
    for (const end of [0, 3, 4, 100, bytes.length / 2, bytes.length - 22, bytes.length - 1].map(Math.floor)) {
      writeFileSync(file, bytes.subarray(0, end));
      assert.is(look(file).whole, false, `${end} of ${bytes.length} bytes`);
    }
    writeFileSync(file, bytes);
    assert.is(look(file).whole, true);
    // A zip's comment follows its end record: a comment that reaches the file's end, not one cut short.
    const comment = Buffer.from('exported by a CRM');
    const withComment = Buffer.concat([bytes.subarray(0, -2), Buffer.from([comment.length, 0]), comment]);
    writeFileSync(file, withComment);
    assert.is(look(file).whole, true, 'with a comment');
    writeFileSync(file, withComment.subarray(0, -1));
    assert.is(look(file).whole, false, 'with a comment cut short');
    writeFileSync(join(dir, 'users.csv'), 'Name;Anz');
    assert.is(look(join(dir, 'users.csv')).whole, true);
    assert.equal(look(join(dir, 'gone.xlsx')), { stamp: 'gone', whole: true });
  }),
);

whole.run();

const tab = chromiumSuite('podium dev in Chromium');

tab.test('a tab on an error page reloads when the next save is good, also when that reload came while it loaded', () =>
  inScratch(async (dir) => {
    const file = join(dir, 'contest.json');
    copyFileSync(join(FIXTURES, 'valid.json'), file);
    const lines: string[] = [];
    const server = await start({ input: file, port: 0, locale: 'de', strict: false }, (line) => lines.push(line));
    try {
      const page = await tab.browser().newPage();
      const connected = page.waitForResponse((response) => response.url().endsWith('/__podium/events'));
      await page.goto(server.url);
      await connected;
      // The error page's own stream is held until the good save is baked: its reload reaches no open stream.
      const held: Route[] = [];
      await page.route('**/__podium/events', (route) =>
        held.length === 0 ? void held.push(route) : void route.continue(),
      );
      writeFileSync(file, '{"title":');
      await waitFor(
        () => (held.length > 0 ? true : undefined),
        () => lines.join('\n'),
      );
      assert.match(await page.content(), 'contest.json:1:10:');
      const saved = lines.length;
      copyFileSync(join(FIXTURES, 'valid.json'), file);
      await waitFor(
        () => (lines.slice(saved).some((line) => line.startsWith('rebaked contest.json')) ? true : undefined),
        () => lines.join('\n'),
      );
      await held[0]!.continue();
      await page.waitForFunction(() => document.title === 'Testwettbewerb', undefined, { timeout: 8000 });
    } finally {
      await server.close();
    }
  }),
);

dev.run();
errorPage.run();
tab.run();
