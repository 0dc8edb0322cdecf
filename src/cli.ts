// The command layer: flags → calls → exit code. The only module that touches process.
import { CommanderError } from 'commander';
import { styleText } from 'node:util';
import { build } from './build.ts';
import { ContestError, toReport, UserError } from './errors.ts';
import { toEpochStamp, toProgram, USAGE, type BuildFlags, type DevFlags, type ValidateFlags } from './flags.ts';
import { paint, toAnnotation, toBuildSummary, toCheckSummary, toOverviewLine, toPageLine, toProblemLine } from './output.ts';
import { read } from './read.ts';
import { validate } from './validate.ts';

declare const PODIUM_VERSION: string; // set by scripts/build.js from package.json

/** A build of more pages than this shows its progress on a terminal. */
const PROGRESS = 20;
const { stdout, stderr } = process;

export async function main(argv: readonly string[]): Promise<number> {
  let code = 0;
  /** Runs a command and keeps its exit code. */
  const run = async (work: () => Promise<number | void>, debug = false) => void (code = await attempt(work, debug));
  const program = toProgram(PODIUM_VERSION, {
    build: (input, flags) => run(() => buildPages(input, flags), flags.debug),
    validate: (inputs, flags) => run(() => checkContests(inputs, flags)),
    schema: () => run(async () => print(stdout, [JSON.stringify((await import('./schema.ts')).toJsonSchema(), null, 2)])),
    dev: (input, flags) => run(() => serve(input, flags)),
  });
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

async function buildPages(input: string, flags: BuildFlags): Promise<void> {
  const progress = !flags.quiet && stderr.isTTY === true;
  const { pages, overview, folder } = await build(input, {
    out: flags.out,
    page: { locale: flags.locale, hydrate: flags.hydrate, baseUrl: flags.baseUrl, noindex: flags.noindex === true, refreshSeconds: flags.refresh === undefined ? undefined : Math.round(flags.refresh * 60) },
    updatedAt: flags.updatedAt === 'now' ? await toEpochStamp(process.env.SOURCE_DATE_EPOCH) : flags.updatedAt,
    strict: flags.strict === true,
    sizes: !flags.quiet,
    overview: flags.index,
    readStdin,
    onWarnings: (warnings) => print(stderr, warnings.map((problem) => toProblemLine(problem, colour(stderr)))),
    onPage: (done, total) => void (progress && total > PROGRESS && stderr.write(`\rbaking ${done}/${total}`)),
  });
  if (progress && pages.length > PROGRESS) stderr.write('\r\u001b[K');
  if (flags.quiet) return;
  const lines = pages.map((page) => toPageLine(page, colour(stdout)));
  if (overview) lines.push(toOverviewLine(overview, colour(stdout)));
  print(stdout, folder ? [...lines, toBuildSummary(pages, overview, flags.out)] : lines);
}

async function checkContests(inputs: string[], flags: ValidateFlags): Promise<number> {
  const sources = await read(inputs, readStdin);
  const { problems, invalid } = await validate(sources, { strict: flags.strict === true });
  const summary = paint(colour(stdout), invalid ? 'red' : 'green', toCheckSummary(sources.length, invalid, problems));
  if (flags.format === 'json') print(stdout, [JSON.stringify(problems, ['file', 'line', 'column', 'path', 'message', 'severity'], 2)]);
  else print(stdout, [...problems.map((problem) => toProblemLine(problem, colour(stdout))), summary]);
  if (process.env.GITHUB_ACTIONS === 'true') print(stdout, problems.map(toAnnotation));
  return invalid ? 1 : 0;
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

/** A command's exit code: an expected failure is reported as its message, one line per problem; a bug with its stack. */
async function attempt(work: () => Promise<number | void>, debug: boolean): Promise<number> {
  try {
    return (await work()) ?? 0;
  } catch (error) {
    const lines = error instanceof ContestError ? error.problems.map((problem) => toProblemLine(problem, colour(stderr))) : [toReport(error, debug)];
    print(stderr, debug && error instanceof ContestError && error.stack ? [...lines, error.stack] : lines);
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
  if (lines.length > 0) stream.write(`${lines.join('\n')}\n`);
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
