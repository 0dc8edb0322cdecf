// The command layer: flags → calls → exit code. The only module that touches process.
import { CommanderError } from 'commander';
import { constants } from 'node:os';
import { styleText } from 'node:util';
import { build } from '../build.ts';
import { Interrupted, toPrintable, toReason, toReport, UserError } from '../errors.ts';
import { toEpochStamp, toProgram, USAGE, type BuildFlags, type DevFlags, type ValidateFlags } from './flags.ts';
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
import { validate } from '../input/validate.ts';

declare const PODIUM_VERSION: string; // set by scripts/build.js from package.json

/** A build of more pages than this shows its progress on a terminal. */
const PROGRESS = 20;
/** The signals that stop a build, which then exits 128 + the signal's number, as a shell reports it. */
const STOPPING = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const { stdout, stderr } = process;
/** Why standard output could not be written, once it could not. */
let outputFailure: NodeJS.ErrnoException | undefined;

export async function main(argv: readonly string[]): Promise<number> {
  // A reader that stops reading (`| head -1`) ends the output quietly; any other failure is said once, without a stack.
  stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (!outputFailure && error.code !== 'EPIPE')
      print(stderr, [`podium: cannot write to standard output (${toReason(error)})`]);
    outputFailure ??= error;
  });
  stderr.on('error', () => {}); // nowhere left to say anything
  let code = 0;
  /** Runs a command and keeps its exit code. */
  const run = async (work: () => Promise<number | void>, debug = false) => void (code = await attempt(work, debug));
  const program = toProgram(PODIUM_VERSION, {
    build: (input, flags) => run(() => buildPages(input, flags), flags.debug),
    validate: (inputs, flags) => run(() => checkContests(inputs, flags), flags.debug),
    schema: (flags) => run(printSchema, flags.debug),
    dev: (input, flags) => run(() => serve(input, flags), flags.debug),
  });
  // commander's errors quote arguments: a file name is escaped as anywhere else (its own line break precedes a hint).
  const outputError = (text: string, write: (text: string) => void) =>
    write(`${toPrintable(text.replace(/\n$/, '')).replace('\\n(Did you mean', '\n(Did you mean')}\n`);
  for (const command of [program, ...program.commands]) command.configureOutput({ outputError });
  try {
    await program.parseAsync(argv);
    return code;
  } catch (error) {
    // commander has already printed its message; help and version end well, anything else is misuse.
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : USAGE;
    print(stderr, [toReport(error, true)]);
    return 1;
  }
}

async function buildPages(input: string, flags: BuildFlags): Promise<number | void> {
  const progress = !flags.quiet && stderr.isTTY === true;
  // Ctrl-C, SIGTERM and SIGHUP stop the build, which puts back every page it had replaced.
  const stop = new AbortController();
  let stoppedBy: (typeof STOPPING)[number] | undefined;
  const onSignal = (signal: (typeof STOPPING)[number]) =>
    stop.abort(new Interrupted({ reason: `stopped by ${(stoppedBy ??= signal)}` }));
  for (const signal of STOPPING) process.on(signal, onSignal);
  try {
    const { pages, overview, folder, removed } = await build(input, {
      out: flags.out,
      page: {
        locale: flags.locale,
        hydrate: flags.hydrate,
        baseUrl: flags.baseUrl,
        noindex: flags.noindex === true,
        refreshSeconds: flags.refresh === undefined ? undefined : Math.round(flags.refresh * 60),
      },
      updatedAt: flags.updatedAt === 'now' ? await toEpochStamp(process.env.SOURCE_DATE_EPOCH) : flags.updatedAt,
      strict: flags.strict === true,
      sizes: !flags.quiet,
      overview: flags.index,
      readStdin: () => readAll(process.stdin, stop.signal),
      onWarnings: (warnings) => print(stderr, toProblemLines(warnings, colour(stderr))),
      onPage: (done, total) => void (progress && total > PROGRESS && stderr.write(`\rbaking ${done}/${total}`)),
      signal: stop.signal,
    });
    if (progress && pages.length > PROGRESS) stderr.write('\r\u001b[K');
    if (flags.quiet) return;
    const lines = pages.map((page) => toPageLine(page, colour(stdout)));
    if (overview) lines.push(toOverviewLine(overview, colour(stdout)));
    lines.push(...removed.map((path) => toRemovedLine(path, flags.out)));
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
    for (const signal of STOPPING) process.off(signal, onSignal);
  }
}

async function checkContests(inputs: string[], flags: ValidateFlags): Promise<number> {
  if (inputs.filter((input) => input === STDIN).length > 1)
    print(stderr, ['podium: - is named more than once; standard input is read once, as one contest']);
  const sources = await read(inputs, () => readAll(process.stdin));
  const { problems, invalid } = await validate(sources, { strict: flags.strict === true });
  const summary = paint(colour(stdout), invalid ? 'red' : 'green', toCheckSummary(sources.length, invalid, problems));
  // GitHub reads workflow commands from either stream: with --format json, standard output holds the JSON alone.
  const annotations = process.env.GITHUB_ACTIONS === 'true' ? problems.map(toAnnotation) : [];
  if (flags.format === 'json') {
    print(stdout, [toProblemsJson(problems)]);
    print(stderr, annotations);
  } else print(stdout, [...toProblemLines(problems, colour(stdout)), summary, ...annotations]);
  return invalid ? 1 : 0;
}

/** The schema is all this command prints: failing to print it fails the command (a closed pipe aside). */
async function printSchema(): Promise<number> {
  print(stdout, [JSON.stringify((await import('../contest/json-schema.ts')).toJsonSchema(), null, 2)]);
  await new Promise((done) => stdout.write('', done));
  return outputFailure && outputFailure.code !== 'EPIPE' ? 1 : 0;
}

async function serve(input: string, { port, host, locale, strict }: DevFlags): Promise<void> {
  const { startDev } = await import('./dev.ts');
  const log = (line: string) => print(stdout, [line]);
  const server = await startDev({ input, port, host, locale, strict: strict === true }, log);
  log(`podium dev: ${paint(colour(stdout), 'bold', server.url)} (Ctrl-C stops)`);
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
async function attempt(work: () => Promise<number | void>, debug: boolean): Promise<number> {
  try {
    return (await work()) ?? 0;
  } catch (error) {
    print(stderr, toFailureLines(error, debug, colour(stderr)));
    return error instanceof UserError ? error.exitCode : 1;
  }
}

/**
 * Whether `stream` takes colour, as Node decides it for util.styleText (Node ≥ 20.18 and ≥ 22.8): FORCE_COLOR,
 * even into a pipe; otherwise a terminal, but not with NO_COLOR, NODE_DISABLE_COLORS or TERM=dumb.
 */
function colour(stream: NodeJS.WriteStream): boolean {
  return styleText('bold', '.', { stream }) !== '.';
}

function print(stream: NodeJS.WriteStream, lines: readonly string[]): void {
  // After a failure, a write would only fail again.
  if (lines.length > 0 && !(stream === stdout && outputFailure)) stream.write(`${lines.join('\n')}\n`);
}
