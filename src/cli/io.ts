// What a run sees of its process: its standard streams, whether they take colour, and the step summary file it
// appends to. A stream that could not be written is said once and written no more.
import { closeSync, constants as fs, openSync, writeSync } from 'node:fs';
import { toPrintable, toReason } from '../errors.ts';
import type { Validated } from '../input/validate.ts';
import type { Locale } from '../page/messages.ts';
import { toStepSummary } from './changes.ts';

/** What podium asks of a stream it writes to (a Writable); a terminal's (tty.WriteStream) also says its width and colours. */
export type Output = {
  write(text: string, done?: (error?: Error | null) => void): boolean;
  on(event: 'error', listener: (error: NodeJS.ErrnoException) => void): unknown;
  isTTY?: boolean;
  columns?: number;
  getColorDepth?: (env?: object) => number;
};
/** What a run sees of its process: standard output, error and input, and the environment. */
export type Io = {
  stdout: Output;
  stderr: Output;
  env: Record<string, string | undefined>;
  stdin: NodeJS.ReadableStream & { destroy: () => void };
};
/** What the check found that is reported besides the pages. */
export type Checked = Pick<Validated, 'changes' | 'problems'>;

/** Why an output stream could not be written, once it could not. */
const failures = new WeakMap<Output, NodeJS.ErrnoException>();

/** Hears the failures of `io`'s output streams, so that each is said at most once and written no more. */
export function hear({ stdout, stderr }: Io): void {
  // A reader that stops reading (`| head -1`) ends the output quietly; any other failure is said once, without a stack.
  stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (!failures.has(stdout) && error.code !== 'EPIPE')
      print(stderr, [`podium: cannot write to standard output (${toReason(error)})`]);
    if (!failures.has(stdout)) failures.set(stdout, error);
  });
  stderr.on('error', () => {}); // nowhere left to say anything
}

/** Why `stream` could not be written, if it could not. */
export function toFailure(stream: Output): NodeJS.ErrnoException | undefined {
  return failures.get(stream);
}

/** Resolves once standard output and error have handed on all that was written to them, or on a stop. */
export async function drained({ stdout, stderr }: Io, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return;
  const stopped = new Promise<void>((done) => signal.addEventListener('abort', () => done(), { once: true }));
  const flushed = (stream: Output) =>
    failures.has(stream) ? undefined : new Promise<void>((done) => stream.write('', () => done()));
  await Promise.race([stopped, Promise.all([flushed(stdout), flushed(stderr)])]);
}

/**
 * Whether `stream` takes colour, by Node's rule for util.styleText but in the environment `env` (styleText reads
 * process.env): with FORCE_COLOR even a pipe; otherwise a terminal, unless NO_COLOR, NODE_DISABLE_COLORS, TERM=dumb
 * or CI says otherwise.
 */
export function colour(stream: Output, env: Io['env']): boolean {
  // The values of FORCE_COLOR that colour, as Node's getColorDepth reads them (lib/internal/tty.js).
  if (env.FORCE_COLOR !== undefined) return ['', '1', 'true', '2', '3'].includes(env.FORCE_COLOR);
  return stream.isTTY === true && (stream.getColorDepth?.(env) ?? 3) > 2;
}

export function print(stream: Output, lines: readonly string[]): void {
  // After a failure, a write would only fail again.
  if (lines.length > 0 && !failures.has(stream)) stream.write(`${lines.join('\n')}\n`);
}

/**
 * GitHub's step summary (GITHUB_STEP_SUMMARY names the file), when a contest has a previous Stand: what changed in
 * each and the problems, for the reviewer of a pull request. A file that cannot be written within SUMMARY_MS (a named
 * pipe no one reads, a folder, a full disk) is said in one line, nothing more: the check and the pages stand.
 */
export async function summarise({ changes, problems }: Checked, { env, stderr }: Io, locale: Locale): Promise<void> {
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
