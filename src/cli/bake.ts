// `podium build`: its flags → build() → the lines people read; a signal stops it, and everything it had replaced is
// put back, or once the pages are in place only cuts the report short.
import { constants } from 'node:os';
import { build, type BuildOptions, type Built } from '../build.ts';
import { isShowableInstant, YEARS } from '../contest/instant.ts';
import { Interrupted, toReport, UserError } from '../errors.ts';
import { readAll } from '../input/read.ts';
import { toChangeLine } from './changes.ts';
import { USAGE, type BuildFlags } from './flags.ts';
import { colour, drained, print, summarise, type Checked, type Io } from './io.ts';
import { toLinksLines, toOutputs, toTeam, toTeamLines } from './links.ts';
import { toBuildSummary, toOverviewLine, toPageLine, toProblemLines, toRemovedLine } from './report.ts';

/** A build of more pages than this shows its progress on a terminal. */
const PROGRESS = 20;
/** The signals that stop a build, which then exits 128 + the signal's number, as a shell reports it. */
const STOPPING = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
type Stopping = (typeof STOPPING)[number];

/** Bakes the pages of `input` as `flags` say, and reports them; the exit code of a stop, else undefined. */
export async function buildPages(input: string, flags: BuildFlags, io: Io): Promise<number | void> {
  const { stdout, stderr } = io;
  const progress = !flags.quiet && stderr.isTTY === true;
  // Ctrl-C, SIGTERM and SIGHUP stop the build, which puts back every page it had replaced (heard on process itself).
  const stop = new AbortController();
  let stoppedBy: Stopping | undefined;
  const onSignal = (signal: Stopping) =>
    stop.abort(new Interrupted({ reason: `stopped by ${(stoppedBy ??= signal)}` }));
  for (const signal of STOPPING) process.on(signal, onSignal);
  let checked: Checked | undefined;
  let placed = false;
  try {
    const onChecked = (found: Checked) => void (checked = found);
    const built = await build(input, await toBuildOptions(flags, io, stop.signal, onChecked, progress));
    // The pages are in place: a stop from here on cuts only the report short, and the build still succeeded.
    placed = true;
    if (progress && built.pages.length > PROGRESS) stderr.write('\r\u001b[K');
    if (flags.quiet) return;
    print(stdout, toBuiltLines(built, checked, flags, io.env, colour(stdout, io.env)));
  } catch (error) {
    if (!stoppedBy) throw error;
    return reportStop(error, stoppedBy, stop.signal, progress, flags.debug === true, io);
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

/** What build() is asked for: the flags, the process's input and environment, and where to say what it finds. */
async function toBuildOptions(
  flags: BuildFlags,
  io: Io,
  signal: AbortSignal,
  onChecked: (found: Checked) => void,
  progress: boolean,
): Promise<BuildOptions> {
  const { stderr } = io;
  return {
    ...toOutputs(flags, io.env), // --out, and --links with its secret
    team: toTeam(io.env), // what team pages are sealed with
    page: {
      locale: flags.locale,
      hydrate: flags.hydrate,
      baseUrl: flags.baseUrl,
      noindex: flags.noindex === true,
      refreshSeconds: flags.refresh === undefined ? undefined : Math.round(flags.refresh * 60),
    },
    updatedAt: await toUpdatedAt(flags.updatedAt, io),
    now: () => toEpochStamp(io.env.SOURCE_DATE_EPOCH),
    strict: flags.strict === true,
    sizes: !flags.quiet,
    overview: flags.index,
    overviewTitle: flags.overviewTitle,
    privacy: flags.privacyDefault,
    readStdin: () => readAll(io.stdin, signal),
    onChecked,
    onWarnings: (warnings) => print(stderr, toProblemLines(warnings, colour(stderr, io.env))),
    onPage: (done, total) => void (progress && total > PROGRESS && stderr.write(`\rbaking ${done}/${total}`)),
    signal,
  };
}

/**
 * What a build says it did: what changed, each page (and a team page's link), the overview, the pages removed, the
 * links; then a summary.
 */
function toBuiltLines(
  { pages, overview, folder, removed, links }: Built,
  checked: Checked | undefined,
  flags: BuildFlags,
  env: Io['env'],
  coloured: boolean,
): string[] {
  const lines = checked?.changes.map((changes) => toChangeLine(changes, flags.locale)) ?? [];
  for (const page of pages) lines.push(toPageLine(page, coloured), ...toTeamLines(page.team, env));
  if (overview) lines.push(toOverviewLine(overview, coloured));
  lines.push(...removed.map((path) => toRemovedLine(path, flags.out)), ...toLinksLines(links));
  return folder ? [...lines, toBuildSummary(pages, overview, flags.out)] : lines;
}

/** Says how a stopped build ended, and returns the exit code a shell gives a process ended by `stoppedBy`. */
function reportStop(
  error: unknown,
  stoppedBy: Stopping,
  signal: AbortSignal,
  progress: boolean,
  debug: boolean,
  { stderr }: Io,
): number {
  if (progress) stderr.write('\r\u001b[K');
  // Stopped while writing, write() says what it put back; stopped before (reading, checking), nothing was written.
  const written = error instanceof Interrupted && error !== signal.reason;
  print(stderr, [
    toReport(written ? error : new Interrupted({ reason: `stopped by ${stoppedBy}`, output: 'untouched' }), debug),
  ]);
  // A named pipe's read may wait in a thread that even process.exit() waits for: the signal, unheard by now, ends it.
  setTimeout(() => process.kill(process.pid, stoppedBy), 200).unref();
  return 128 + constants.signals[stoppedBy];
}

/** What --updated-at says: a time, or for "git" the time of each contest's last commit (cli/git.ts). */
async function toUpdatedAt(flag: string | undefined, io: Io): Promise<BuildOptions['updatedAt']> {
  if (flag === 'now') return toEpochStamp(io.env.SOURCE_DATE_EPOCH);
  if (flag !== 'git') return flag;
  const { toGitTimes } = await import('./git.ts');
  return toGitTimes(await toEpochStamp(io.env.SOURCE_DATE_EPOCH), (line) => print(io.stderr, [line]));
}

/**
 * "Now" for --updated-at and a contest's end date: SOURCE_DATE_EPOCH when set, so that a rebuild of the same input
 * is identical.
 */
export async function toEpochStamp(epoch: string | undefined): Promise<string> {
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
