// The command layer: flags → calls → exit code. It sees the process through the io it is given (bin/podium.cjs builds
// the real one), apart from signals, which are the whole process's.
import { CommanderError } from 'commander';
import { toShownChanges, toStrict } from '../build.ts';
import { toToday } from '../contest/berlin.ts';
import { toPrintable, toReport, UserError } from '../errors.ts';
import { read, readAll, STDIN } from '../input/read.ts';
import { validate } from '../input/validate.ts';
import { buildPages, toEpochStamp } from './bake.ts';
import { toTeam } from './links.ts';
import { toChangeLine, toReportJson } from './changes.ts';
import { toProgram, USAGE, type DevFlags, type InitFlags, type ValidateFlags } from './flags.ts';
import { colour, hear, print, summarise, toFailure, type Io } from './io.ts';
import { paint, toAnnotation, toCheckSummary, toFailureLines, toProblemLines, toProblemsJson } from './report.ts';

export type { Io, Output } from './io.ts';

declare const PODIUM_VERSION: string; // set by scripts/build.js from package.json (by test/helpers/cli.ts in tests)

/** Runs podium with `argv` (the arguments after `podium`), and returns its exit code. */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  const { stdout, stderr } = io;
  hear(io);
  let code = 0;
  /** Runs a command and keeps its exit code. */
  const run = async (work: () => Promise<number | void>, debug = false) => void (code = await attempt(work, io, debug));
  const program = toProgram(PODIUM_VERSION, {
    build: (input, flags) => run(() => buildPages(input, flags, io), flags.debug),
    validate: (inputs, flags) => run(() => checkContests(inputs, flags, io), flags.debug),
    schema: (flags) => run(() => printSchema(io), flags.debug),
    dev: (input, flags) => run(() => serve(input, flags, io), flags.debug),
    init: (folder, flags) => run(() => createRepository(folder, flags, io), flags.debug),
    announce: (input, flags) =>
      run(async () => (await import('./announce/index.ts')).announce(input, flags, io), flags.debug),
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

async function checkContests(inputs: string[], flags: ValidateFlags, io: Io): Promise<number> {
  const { stdout, stderr } = io;
  if (inputs.filter((input) => input === STDIN).length > 1)
    print(stderr, ['podium: - is named more than once; standard input is read once, as one contest']);
  const sources = await read(inputs, () => readAll(io.stdin));
  const checked = await validate(sources, { overview: flags.index });
  const validated = flags.strict ? toStrict(checked) : checked;
  const { contests, problems, invalid } = validated;
  // CI shows what validate says to whoever reads the repository: people as the pages show them.
  const today = await toToday(checked.contests, flags.privacyDefault, () => toEpochStamp(io.env.SOURCE_DATE_EPOCH));
  const changes = toShownChanges(checked, validated, flags.privacyDefault, flags.locale, today);
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
      ...(flags.privacy
        ? (await import('./privacy.ts')).toDataSheets(contests, flags.locale, flags.privacyDefault)
        : []),
    ]);
  return invalid ? 1 : 0;
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
  const failure = toFailure(stdout);
  return failure && failure.code !== 'EPIPE' ? 1 : 0;
}

async function serve(input: string, { port, host, locale, strict }: DevFlags, io: Io): Promise<void> {
  const { startDev } = await import('./dev/index.ts');
  const log = (line: string) => print(io.stdout, [line]);
  const team = toTeam(io.env);
  const server = await startDev({ input, port, host, locale, strict: strict === true, team }, log);
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
