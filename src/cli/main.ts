// The command layer: flags → calls → exit code. It sees the process through the io it is given (bin/podium.cjs builds
// the real one), apart from signals, which are the whole process's.
import { CommanderError } from 'commander';
import { closeSync, constants as fs, openSync, writeSync } from 'node:fs';
import { constants } from 'node:os';
import type { Writable } from 'node:stream';
import { build, toStrict, type BuildOptions } from '../build.ts';
import { isShowableInstant, YEARS } from '../contest/instant.ts';
import { Interrupted, toPrintable, toReason, toReport, UserError } from '../errors.ts';
import type { Locale } from '../page/messages.ts';
import { toChangeLine, toReportJson, toStepSummary } from './changes.ts';
import { toProgram, USAGE, type BuildFlags, type DevFlags, type InitFlags, type ValidateFlags } from './flags.ts';
import {
  paint,
  toAnnotation,
  toBuildSummary,
  toCheckSummary,
  toFailureLines,
  toOverviewLine,
  toPageLine,
  toProblemLines,
  toProblemsJson,
  toRemovedLine,
} from './report.ts';
import { read, readAll, STDIN } from '../input/read.ts';
import { validate, type Validated } from '../input/validate.ts';
import { toLinksLines, toOutputs } from './links.ts';

declare const PODIUM_VERSION: string; // set by scripts/build.js from package.json (by test/helpers/cli.ts in tests)

/** A stream podium writes to; a terminal's (tty.WriteStream) also says its width and colours. */
export type Output = Writable & { isTTY?: boolean; columns?: number; getColorDepth?: (env?: object) => number };
/** What a run sees of its process: standard output, error and input, and the environment. */
export type Io = {
  stdout: Output;
  stderr: Output;
  env: Record<string, string | undefined>;
  stdin: NodeJS.ReadableStream & { destroy: () => void };
};

/** A build of more pages than this shows its progress on a terminal. */
const PROGRESS = 20;
/** The signals that stop a build, which then exits 128 + the signal's number, as a shell reports it. */
const STOPPING = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
/** Why an output stream could not be written, once it could not. */
const failures = new WeakMap<Output, NodeJS.ErrnoException>();

/** Runs podium with `argv` (the arguments after `podium`), and returns its exit code. */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  const { stdout, stderr } = io;
  // A reader that stops reading (`| head -1`) ends the output quietly; any other failure is said once, without a stack.
  stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (!failures.has(stdout) && error.code !== 'EPIPE')
      print(stderr, [`podium: cannot write to standard output (${toReason(error)})`]);
    if (!failures.has(stdout)) failures.set(stdout, error);
  });
  stderr.on('error', () => {}); // nowhere left to say anything
  let code = 0;
  /** Runs a command and keeps its exit code. */
  const run = async (work: () => Promise<number | void>, debug = false) => void (code = await attempt(work, io, debug));
  const program = toProgram(PODIUM_VERSION, {
    build: (input, flags) => run(() => buildPages(input, flags, io), flags.debug),
    validate: (inputs, flags) => run(() => checkContests(inputs, flags, io), flags.debug),
    schema: (flags) => run(() => printSchema(io), flags.debug),
    dev: (input, flags) => run(() => serve(input, flags, io), flags.debug),
    init: (folder, flags) => run(() => createRepository(folder, flags, io), flags.debug),
  });
  // commander's errors quote arguments: a file name is escaped as anywhere else (its own line break precedes a hint).
  const outputError = (text: string, write: (text: string) => void) =>
    write(`${toPrintable(text.replace(/\n$/, '')).replace('\\n(Did you mean', '\n(Did you mean')}\n`);
  // commander's own defaults, on the streams and environment given rather than the process's.
  const output = {
    writeOut: (text: string) => void stdout.write(text),
    writeErr: (text: string) => void stderr.write(text),
    getOutHelpWidth: () => (stdout.isTTY ? stdout.columns : undefined) ?? 80,
    getErrHelpWidth: () => (stderr.isTTY ? stderr.columns : undefined) ?? 80,
    getOutHasColors: () => colour(stdout, io.env),
    getErrHasColors: () => colour(stderr, io.env),
    outputError,
  };
  for (const command of [program, ...program.commands]) command.configureOutput(output);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return code;
  } catch (error) {
    // commander has already printed its message; help and version end well, anything else is misuse.
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : USAGE;
    print(stderr, [toReport(error, true)]);
    return 1;
  }
}

async function buildPages(input: string, flags: BuildFlags, io: Io): Promise<number | void> {
  const { stdout, stderr } = io;
  const progress = !flags.quiet && stderr.isTTY === true;
  // Ctrl-C, SIGTERM and SIGHUP stop the build, which puts back every page it had replaced (heard on process itself).
  const stop = new AbortController();
  let stoppedBy: (typeof STOPPING)[number] | undefined;
  const onSignal = (signal: (typeof STOPPING)[number]) =>
    stop.abort(new Interrupted({ reason: `stopped by ${(stoppedBy ??= signal)}` }));
  for (const signal of STOPPING) process.on(signal, onSignal);
  let checked: Checked | undefined;
  let placed = false;
  try {
    const { pages, overview, folder, removed, links } = await build(input, {
      ...toOutputs(flags, io.env), // --out, and --links with its secret
      page: {
        locale: flags.locale,
        hydrate: flags.hydrate,
        baseUrl: flags.baseUrl,
        noindex: flags.noindex === true,
        refreshSeconds: flags.refresh === undefined ? undefined : Math.round(flags.refresh * 60),
      },
      updatedAt: await toUpdatedAt(flags.updatedAt, io),
      strict: flags.strict === true,
      sizes: !flags.quiet,
      overview: flags.index,
      overviewTitle: flags.overviewTitle,
      privacy: flags.privacyDefault,
      readStdin: () => readAll(io.stdin, stop.signal),
      onChecked: (found) => void (checked = found),
      onWarnings: (warnings) => print(stderr, toProblemLines(warnings, colour(stderr, io.env))),
      onPage: (done, total) => void (progress && total > PROGRESS && stderr.write(`\rbaking ${done}/${total}`)),
      signal: stop.signal,
    });
    // The pages are in place: a stop from here on cuts only the report short, and the build still succeeded.
    placed = true;
    if (progress && pages.length > PROGRESS) stderr.write('\r\u001b[K');
    if (flags.quiet) return;
    const lines = checked?.changes.map((changes) => toChangeLine(changes, flags.locale)) ?? [];
    for (const page of pages) lines.push(toPageLine(page, colour(stdout, io.env)));
    if (overview) lines.push(toOverviewLine(overview, colour(stdout, io.env)));
    lines.push(...removed.map((path) => toRemovedLine(path, flags.out)), ...toLinksLines(links));
    print(stdout, folder ? [...lines, toBuildSummary(pages, overview, flags.out)] : lines);
  } catch (error) {
    if (!stoppedBy) throw error;
    if (progress) stderr.write('\r\u001b[K');
    // Stopped while writing, write() says what it put back; stopped before (reading, checking), nothing was written.
    const written = error instanceof Interrupted && error !== stop.signal.reason;
    print(stderr, [
      toReport(
        written ? error : new Interrupted({ reason: `stopped by ${stoppedBy}`, output: 'untouched' }),
        flags.debug === true,
      ),
    ]);
    // A named pipe's read may wait in a thread that even process.exit() waits for: the signal, unheard by now, ends it.
    setTimeout(() => process.kill(process.pid, stoppedBy), 200).unref();
    return 128 + constants.signals[stoppedBy];
  } finally {
    if (checked) await summarise(checked, io, flags.locale);
    // Until what was printed has reached its reader (a slow pipe), a stop is heard here rather than ending the process.
    if (placed) await drained(io, stop.signal);
    for (const signal of STOPPING) process.off(signal, onSignal);
    if (placed && stoppedBy) {
      print(stderr, [`podium: stopped by ${stoppedBy} once the pages were in place; its report is cut short`]);
      // Output queued for a reader that does not read would hold the process: the build is done, so it ends now.
      setTimeout(() => process.exit(0), 200).unref();
    }
  }
}

/** Resolves once standard output and error have handed on all that was written to them, or on a stop. */
async function drained({ stdout, stderr }: Io, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return;
  const stopped = new Promise<void>((done) => signal.addEventListener('abort', () => done(), { once: true }));
  const flushed = (stream: Output) =>
    failures.has(stream) ? undefined : new Promise<void>((done) => stream.write('', () => done()));
  await Promise.race([stopped, Promise.all([flushed(stdout), flushed(stderr)])]);
}

const sheets = () => import('./privacy.ts'); // validate --privacy's data sheets, loaded only with the flag
async function checkContests(inputs: string[], flags: ValidateFlags, io: Io): Promise<number> {
  const { stdout, stderr } = io;
  if (inputs.filter((input) => input === STDIN).length > 1)
    print(stderr, ['podium: - is named more than once; standard input is read once, as one contest']);
  const sources = await read(inputs, () => readAll(io.stdin));
  const checked = await validate(sources, { overview: flags.index });
  const { contests, problems, invalid, changes } = flags.strict ? toStrict(checked) : checked;
  await summarise({ problems, changes }, io, flags.locale);
  const summary = paint(
    colour(stdout, io.env),
    invalid ? 'red' : 'green',
    toCheckSummary(sources.length, invalid, problems),
  );
  // GitHub reads workflow commands from either stream: with --format json, standard output holds the JSON alone.
  const annotations =
    io.env.GITHUB_ACTIONS === 'true' ? problems.map((problem) => toAnnotation(problem, flags.locale)) : [];
  if (flags.format === 'json') {
    print(stdout, [changes.length ? toReportJson(problems, changes, flags.locale) : toProblemsJson(problems)]);
    print(stderr, annotations);
  } else
    print(stdout, [
      ...toProblemLines(problems, colour(stdout, io.env)),
      ...changes.map((change) => toChangeLine(change, flags.locale)),
      summary,
      ...annotations,
      ...(flags.privacy ? (await sheets()).toDataSheets(contests, flags.locale, flags.privacyDefault) : []),
    ]);
  return invalid ? 1 : 0;
}

type Checked = Pick<Validated, 'changes' | 'problems'>;

/**
 * GitHub's step summary (GITHUB_STEP_SUMMARY names the file), when a contest has a previous Stand: what changed in
 * each and the problems, for the reviewer of a pull request. A file that cannot be written within SUMMARY_MS (a named
 * pipe no one reads, a folder, a full disk) is said in one line, nothing more: the check and the pages stand.
 */
async function summarise({ changes, problems }: Checked, { env, stderr }: Io, locale: Locale): Promise<void> {
  const file = env.GITHUB_STEP_SUMMARY;
  if (!file || changes.length === 0) return;
  const failure = await append(file, `${toStepSummary(changes, problems, locale)}\n`);
  if (failure) print(stderr, [`podium: cannot write the step summary ${toPrintable(file)}: ${failure}`]);
}

/** How long the step summary may take to be written. */
const SUMMARY_MS = 1000;

/** Appends `text` to `file` within SUMMARY_MS, or says why it could not: never waits on a reader that is not there. */
async function append(file: string, text: string): Promise<string | undefined> {
  let fd: number;
  try {
    // Non-blocking: opening a named pipe no one reads fails at once (ENXIO) instead of waiting for ever; files ignore it.
    fd = openSync(file, fs.O_WRONLY | fs.O_APPEND | fs.O_CREAT | fs.O_NONBLOCK, 0o666);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENXIO' ? 'a named pipe that no one reads' : toReason(error);
  }
  const bytes = Buffer.from(text);
  const until = Date.now() + SUMMARY_MS;
  try {
    for (let at = 0; at < bytes.length;) {
      try {
        at += writeSync(fd, bytes, at);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') return toReason(error);
        if (Date.now() > until) return 'not written within a second; given up';
        await new Promise((done) => setTimeout(done, 20));
      }
    }
  } finally {
    closeSync(fd);
  }
  return undefined;
}

/** `podium init`: the repository written, and what to do next. */
async function createRepository(folder: string, { locale }: InitFlags, { stdout }: Io): Promise<void> {
  const files = await (await import('../init/init.ts')).init(folder, locale, PODIUM_VERSION);
  const cd = folder === '.' ? '' : `cd ${toShellWord(folder)} && `;
  print(stdout, [
    toPrintable(`created ${folder.replace(/\/?$/, '/')}: ${files.join(', ')}`),
    toPrintable(`next: ${cd}npm install && npm run build`),
  ]);
}

/** A path as a shell reads it back: as it is when plain, else in single quotes. */
function toShellWord(path: string): string {
  return /^[\w./-]+$/.test(path) ? path : `'${path.replace(/'/g, "'\\''")}'`;
}

/** The schema is all this command prints: failing to print it fails the command (a closed pipe aside). */
async function printSchema({ stdout }: Io): Promise<number> {
  print(stdout, [JSON.stringify((await import('../contest/json-schema.ts')).toJsonSchema(), null, 2)]);
  await new Promise((done) => stdout.write('', done));
  const failure = failures.get(stdout);
  return failure && failure.code !== 'EPIPE' ? 1 : 0;
}

async function serve(input: string, { port, host, locale, strict }: DevFlags, io: Io): Promise<void> {
  const { startDev } = await import('./dev/index.ts');
  const log = (line: string) => print(io.stdout, [line]);
  const server = await startDev({ input, port, host, locale, strict: strict === true }, log);
  log(`podium dev: ${paint(colour(io.stdout, io.env), 'bold', server.url)} (Ctrl-C stops)`);
  // Ctrl-C and SIGTERM reach the whole process: they are heard on process itself.
  await new Promise<void>((done) => {
    const stop = () => {
      process.off('SIGINT', stop).off('SIGTERM', stop);
      void server.close().then(done);
    };
    process.on('SIGINT', stop).on('SIGTERM', stop);
  });
}

/**
 * A command's exit code: an expected failure is reported as its message, one line per problem; a bug with its stack.
 */
async function attempt(work: () => Promise<number | void>, { stderr, env }: Io, debug: boolean): Promise<number> {
  try {
    return (await work()) ?? 0;
  } catch (error) {
    print(stderr, toFailureLines(error, debug, colour(stderr, env)));
    return error instanceof UserError ? error.exitCode : 1;
  }
}

/**
 * Whether `stream` takes colour, by Node's rule for util.styleText but in the environment `env` (styleText reads
 * process.env): with FORCE_COLOR even a pipe; otherwise a terminal, unless NO_COLOR, NODE_DISABLE_COLORS, TERM=dumb
 * or CI says otherwise.
 */
function colour(stream: Output, env: Io['env']): boolean {
  // The values of FORCE_COLOR that colour, as Node's getColorDepth reads them (lib/internal/tty.js).
  if (env.FORCE_COLOR !== undefined) return ['', '1', 'true', '2', '3'].includes(env.FORCE_COLOR);
  return stream.isTTY === true && (stream.getColorDepth?.(env) ?? 3) > 2;
}

function print(stream: Output, lines: readonly string[]): void {
  // After a failure, a write would only fail again.
  if (lines.length > 0 && !failures.has(stream)) stream.write(`${lines.join('\n')}\n`);
}

/** What --updated-at says: a time, or for "git" the time of each contest's last commit (cli/git.ts). */
async function toUpdatedAt(flag: string | undefined, io: Io): Promise<BuildOptions['updatedAt']> {
  if (flag === 'now') return toEpochStamp(io.env.SOURCE_DATE_EPOCH);
  if (flag !== 'git') return flag;
  const { toGitTimes } = await import('./git.ts');
  return toGitTimes(await toEpochStamp(io.env.SOURCE_DATE_EPOCH), (line) => print(io.stderr, [line]));
}

/** "Now" for --updated-at: SOURCE_DATE_EPOCH when set, so that a rebuild of the same input is identical. */
async function toEpochStamp(epoch: string | undefined): Promise<string> {
  const seconds = epoch === undefined || epoch === '' ? undefined : Number(epoch);
  if (seconds !== undefined && !(/^-?\d+$/.test(epoch!) && isShowableInstant(seconds * 1000))) {
    throw new UserError(
      `podium: SOURCE_DATE_EPOCH must be whole seconds since 1970 for a time in the years ${YEARS.from} to ${YEARS.to} (in Berlin time), got "${epoch}"`,
      USAGE,
    );
  }
  const { toStamp } = await import('../contest/dates.ts');
  return toStamp(seconds);
}
