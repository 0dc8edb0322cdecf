// The command layer: flags → calls → exit code. The only module that touches process.
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { readAssets } from './assets.ts';
import { bake, date, readSources, validate } from './build.ts';
import { ContestSchema } from './contest.ts';
import { ContestError, toReport, UserError, type Problem } from './errors.ts';
import { check } from './load.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './messages.ts';
import { paint, toAnnotation, toBuildSummary, toCheckSummary, toPageLine, toProblemLine, type PageLine } from './output.ts';
import { startSizer, toSizing } from './size.ts';
import { write } from './write.ts';

declare const PODIUM_VERSION: string; // set by scripts/build.js from package.json

type BuildFlags = {
  out: string;
  locale: Locale;
  hydrate: boolean;
  baseUrl?: string;
  noindex?: boolean;
  refresh?: number;
  updatedAt?: string;
  strict?: boolean;
  quiet?: boolean;
  debug?: boolean;
};
type ValidateFlags = { format: 'text' | 'json'; strict?: boolean };
type DevFlags = { port: number; host: string; locale: Locale; strict?: boolean };

const USAGE = 2;
/** Pages from which a build measures gzip sizes on a worker thread: it takes ~15 ms to start. */
const THREADED_SIZES = 8;

export async function main(argv: readonly string[]): Promise<number> {
  let code = 0;
  const env = process.env;
  const colour = (stream: NodeJS.WriteStream) => stream.isTTY === true && !env.NO_COLOR;
  /** Runs a command's work; an expected failure becomes its message and exit code, a bug its stack. */
  const run = (debug: boolean | undefined, work: () => Promise<number | void>) => async () => {
    try {
      code = (await work()) ?? 0;
    } catch (error) {
      if (error instanceof ContestError) {
        const lines = error.problems.map((p) => toProblemLine(p, colour(process.stderr)));
        process.stderr.write(`${[...lines, ...(debug && error.stack ? [error.stack] : [])].join('\n')}\n`);
      } else process.stderr.write(`${toReport(error, debug === true)}\n`);
      code = (error as { exitCode?: number }).exitCode ?? 1;
    }
  };

  const program = new Command('podium')
    .description('Bakes one self-contained HTML leaderboard page per sales contest.')
    .version(PODIUM_VERSION, '-v, --version')
    .exitOverride()
    .showHelpAfterError('(add --help for usage)');

  program
    .command('build')
    .description('Validate contest data and write its page to <out>/index.html')
    .argument('<input>', 'a contest .json file, a folder of them (one page each, in <out>/<name>/index.html), or - for standard input')
    .option('-o, --out <dir>', 'folder the pages are written to', 'dist')
    .addOption(new Option('-l, --locale <locale>', 'language of the page texts').choices(LOCALES).default(DEFAULT_LOCALE))
    .option('--base-url <url>', 'where --out is published, e.g. https://example.com/contests/; adds og:url and a canonical link', toBaseUrl)
    .option('--noindex', 'ask search engines not to index the page (names and volumes stay out of search results)')
    .option('--refresh <minutes>', 'reload the page every <minutes>, so that a kiosk screen picks up a rebaked page', toMinutes)
    .option('--updated-at <when>', '"now" (or SOURCE_DATE_EPOCH when set) or an ISO 8601 time with offset: the "Stand" line under the table', toUpdatedAt)
    .option('--no-hydrate', 'write the page without any script: no data global, no hydration, no TV mode')
    .option('--strict', 'treat warnings (unknown keys) as errors')
    .option('-q, --quiet', 'print only problems')
    .option('--debug', 'print stack traces with errors')
    .addHelpText(
      'after',
      `
Examples:
  podium build contests/example.json            writes dist/index.html
  podium build contests/ --out public           writes public/<name>/index.html for each contest
  cat contest.json | podium build - --locale en
  podium build contests/ --updated-at now --refresh 5 --noindex

Open a page with ?tv (or #tv) for the wall-screen layout that scrolls long tables by itself.
Exit codes: 0 success, 1 invalid contest data or failed bake (nothing is written), 2 usage error.`,
    )
    .action((input: string, flags: BuildFlags) =>
      run(flags.debug, async () => {
        const stamp = flags.updatedAt === 'now' ? await toEpochStamp(env.SOURCE_DATE_EPOCH) : flags.updatedAt;
        const sources = await readSources(input, readStdin);
        const { loaded, warnings } = validate(sources, { strict: flags.strict === true });
        if (warnings.length) process.stderr.write(`${warnings.map((p) => toProblemLine(p, colour(process.stderr))).join('\n')}\n`);
        const assets = readAssets();
        const options = {
          out: flags.out,
          locale: flags.locale,
          hydrate: flags.hydrate,
          baseUrl: flags.baseUrl,
          noindex: flags.noindex === true,
          refreshSeconds: flags.refresh === undefined ? undefined : Math.round(flags.refresh * 60),
        };
        const progress = !flags.quiet && loaded.length > 20 && process.stderr.isTTY === true;
        const lines: Promise<Omit<PageLine, 'bytes'>>[] = [];
        const sizer = startSizer(!flags.quiet && loaded.length >= THREADED_SIZES);
        try {
          const sizes = await write(
            map(bake(await date(loaded, stamp), options, assets), (page, index) => {
              const { path, contest } = page;
              const line = { path, users: contest.users.length, winners: Math.min(contest.solo_winners, contest.users.length) };
              if (!flags.quiet) {
                const sized = sizer.size(toSizing(page.chunks, assets)).then((gzip) => ({ ...line, gzipBytes: gzip.bytes, estimated: gzip.estimated }));
                sized.catch(() => {}); // handled below, once every page is written: not a crash mid-write
                lines.push(sized);
              }
              if (progress) process.stderr.write(`\rbaking ${index + 1}/${loaded.length}`);
              return page;
            }),
          );
          if (progress) process.stderr.write('\r\u001b[K');
          if (flags.quiet) return;
          const pages = (await Promise.all(lines)).map((line, i) => ({ ...line, bytes: sizes[i] ?? 0 }));
          const out = pages.map((page) => toPageLine(page, colour(process.stdout)));
          if (sources.some((source) => source.name !== undefined)) out.push(toBuildSummary(pages, flags.out));
          process.stdout.write(`${out.join('\n')}\n`);
        } finally {
          await sizer.close();
        }
      })(),
    );

  program
    .command('validate')
    .description('Check contest files and report every problem of every file; writes nothing')
    .argument('<inputs...>', 'contest .json files, folders of them, or - for standard input')
    .addOption(new Option('--format <format>', 'text, or json for other tools').choices(['text', 'json']).default('text'))
    .option('--strict', 'treat warnings (unknown keys) as errors')
    .addHelpText(
      'after',
      `
Prints one line per problem, path:line:col: message, then a summary. With GITHUB_ACTIONS=true each problem is
also printed as a workflow annotation, so it shows on the changed line of a pull request.
Exit codes: 0 every contest is valid (warnings allowed unless --strict), 1 a contest is invalid, 2 usage error.`,
    )
    .action((inputs: string[], flags: ValidateFlags) =>
      run(false, async () => {
        const sources = [];
        for (const input of inputs) sources.push(...(await readSources(input, readStdin)));
        const problems: Problem[] = [];
        let invalid = 0;
        for (const source of sources) {
          const checked = check(source.text, source.file, { strict: flags.strict === true });
          problems.push(...checked.problems);
          if (!checked.contest) invalid += 1;
        }
        const out = process.stdout;
        if (flags.format === 'json') out.write(`${JSON.stringify(problems, ['file', 'line', 'column', 'path', 'message', 'severity'], 2)}\n`);
        else {
          const lines = problems.map((problem) => toProblemLine(problem, colour(out)));
          const summary = toCheckSummary(sources.length, invalid, problems);
          out.write(`${[...lines, paint(colour(out), invalid ? 'red' : 'green', summary)].join('\n')}\n`);
        }
        if (env.GITHUB_ACTIONS === 'true' && problems.length) out.write(`${problems.map(toAnnotation).join('\n')}\n`);
        return invalid ? 1 : 0;
      })(),
    );

  program
    .command('schema')
    .description("Print the contest file's JSON Schema (draft-07) for editors")
    .action(() =>
      run(false, async () => {
        const { toJsonSchema } = await import('./schema.ts');
        process.stdout.write(`${JSON.stringify(toJsonSchema(), null, 2)}\n`);
      })(),
    );

  program
    .command('dev')
    .description('Serve a contest (or a folder of them) on this machine and rebake on every save; the open tab reloads itself')
    .argument('<input>', 'a contest .json file or a folder of them')
    .option('-p, --port <port>', 'port to listen on', toPort, 4173)
    .option('--host <host>', 'address to listen on; the default serves this machine only', '127.0.0.1')
    .addOption(new Option('-l, --locale <locale>', 'language of the page texts').choices(LOCALES).default(DEFAULT_LOCALE))
    .option('--strict', 'treat warnings (unknown keys) as errors')
    .action((input: string, flags: DevFlags) =>
      run(false, async () => {
        const { startDev } = await import('./dev.ts');
        const log = (line: string) => process.stdout.write(`${line}\n`);
        const server = await startDev({ input, port: flags.port, host: flags.host, locale: flags.locale, strict: flags.strict === true }, log);
        log(`podium dev: ${paint(colour(process.stdout), 'bold', server.url)} (Ctrl-C stops)`);
        await new Promise<void>((done) => {
          const stop = () => {
            process.off('SIGINT', stop).off('SIGTERM', stop);
            void server.close().then(done);
          };
          process.on('SIGINT', stop).on('SIGTERM', stop);
        });
      })(),
    );

  try {
    await program.parseAsync(argv);
    return code;
  } catch (error) {
    // commander has already printed its message; help and version end well, anything else is misuse.
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : USAGE;
    process.stderr.write(`${toReport(error, true)}\n`);
    return 1;
  }
}

function toBaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError('expected an absolute http(s) address, like https://example.com/contests/');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new InvalidArgumentError('expected an http or https address');
  if (url.search || url.hash) throw new InvalidArgumentError('expected the address of a folder, without ?query or #fragment');
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

function toMinutes(value: string): number {
  const minutes = Number(value);
  if (!Number.isFinite(minutes) || Math.round(minutes * 60) < 1) throw new InvalidArgumentError('expected a number of minutes, at least 1/60');
  return minutes;
}

function toPort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new InvalidArgumentError('expected a port number from 0 to 65535');
  return port;
}

function toUpdatedAt(value: string): string {
  if (value === 'now' || ContestSchema.shape.updated_at.safeParse(value).success) return value;
  throw new InvalidArgumentError('expected "now" or an ISO 8601 time with offset, like 2027-03-31T18:45:00+02:00');
}

/** "Now" for --updated-at: SOURCE_DATE_EPOCH when set, so that a rebuild of the same input is identical. */
async function toEpochStamp(epoch: string | undefined): Promise<string> {
  const seconds = epoch === undefined || epoch === '' ? undefined : Number(epoch);
  // ±8.64e12 s is the range of a JavaScript date.
  if (seconds !== undefined && !(Number.isInteger(seconds) && Math.abs(seconds) <= 8.64e12)) {
    throw new UserError(`podium: SOURCE_DATE_EPOCH must be whole seconds since 1970, got "${epoch}"`, USAGE);
  }
  const { toStamp } = await import('./dates.ts');
  return toStamp(seconds);
}

function* map<T, U>(items: Iterable<T>, f: (item: T, index: number) => U): Iterable<U> {
  let index = 0;
  for (const item of items) yield f(item, index++);
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
