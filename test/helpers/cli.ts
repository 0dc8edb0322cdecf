// Runs podium: in this process through main(argv, io), as most tests do, or as a real process where a test needs one
// (signals, pipes, a terminal, another user, the installed bin).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { WriteStream } from 'node:tty';
import { main } from '../../src/cli/main.ts';
import { ROOT } from './files.ts';

export const BIN = join(ROOT, 'bin/podium.cjs');

// scripts/build.js writes the version into lib/cli.cjs; src/cli/main.ts, run here, reads it from this global instead.
(globalThis as { PODIUM_VERSION?: string }).PODIUM_VERSION = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }
).version;

export type Run = { status: number | null; stdout: string; stderr: string; signal: NodeJS.Signals | null };

export type Options = {
  /** The working folder of the run (the repository by default): relative paths in `args` start there. */
  cwd?: string;
  /** Standard input's bytes (none by default). */
  input?: string | Uint8Array;
  /** The environment podium sees: in this process only what is given; a process also gets PLAIN. */
  env?: NodeJS.ProcessEnv;
  /** In this process: the streams that say they are a terminal, as tty.WriteStream does (none by default). */
  terminal?: ('stdout' | 'stderr')[];
};

/**
 * A stream that keeps every byte written to it, like a pipe that a test reads at the end; or, `terminal`, like a
 * terminal 80 columns wide, whose colours Node's rule (tty.WriteStream's getColorDepth) tells from the environment.
 */
export function toSink(terminal = false): Writable & { text: () => string } {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const tty = terminal ? { isTTY: true, columns: 80, getColorDepth: WriteStream.prototype.getColorDepth } : {};
  return Object.assign(sink, tty, { text: () => Buffer.concat(chunks).toString('utf8') });
}

/**
 * Runs podium in this process with its own standard streams and environment: main(args, io), in `cwd`. Standard
 * output and error are pipes to podium (no terminal), so nothing is coloured unless `env` forces it.
 */
export async function podium(args: string[], options: Options = {}): Promise<Run> {
  const stdout = toSink(options.terminal?.includes('stdout'));
  const stderr = toSink(options.terminal?.includes('stderr'));
  const stdin = Readable.from(options.input === undefined ? [] : [Buffer.from(options.input)]);
  const cwd = process.cwd();
  process.chdir(options.cwd ?? ROOT); // tests run one at a time: the working folder is theirs while they run
  try {
    // As in a real process, a name is set or absent: Node 22's colour rule counts a name that is there at all.
    const env = Object.fromEntries(Object.entries(options.env ?? {}).filter(([, value]) => value !== undefined));
    const status = await main(args, { stdout, stderr, stdin, env });
    return { status, stdout: stdout.text(), stderr: stderr.text(), signal: null };
  } finally {
    process.chdir(cwd);
  }
}

/**
 * The environment of a CLI process whose output a test reads as plain text. uvu sets FORCE_COLOR=1 for its own
 * report, and in Node's rule FORCE_COLOR colours even a pipe, over NO_COLOR.
 */
export const PLAIN: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined };

let unprivileged: string[] | undefined;

/**
 * The command that runs a process without root's power to read any file, for permission tests (CI runs as
 * root): as nobody, or, where nobody cannot reach this Node (one under /root, as CI's Node 24), as root without
 * the capabilities that override file modes. Nothing when this process is not root: it is unprivileged already.
 */
function toUnprivileged(): string[] {
  if (process.getuid?.() !== 0) return [];
  const nobody = ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'];
  if (spawnSync(nobody[0]!, [...nobody.slice(1), process.execPath, BIN, '--version']).status === 0) return nobody;
  return ['setpriv', '--bounding-set=-dac_override,-dac_read_search'];
}

/**
 * Runs the installed bin as a real process, as a user or a CI job would. `timeout` kills it after so many ms (then
 * `signal` is set); `unprivileged` runs it as toUnprivileged() says.
 */
export function spawnPodium(args: string[], options: Options & { timeout?: number; unprivileged?: boolean } = {}): Run {
  const command = [process.execPath, BIN, ...args];
  if (options.unprivileged) command.unshift(...(unprivileged ??= toUnprivileged()));
  const result = spawnSync(command[0]!, command.slice(1), {
    cwd: options.cwd ?? ROOT,
    input: options.input ?? '',
    encoding: 'utf8',
    env: { ...PLAIN, ...options.env },
    timeout: options.timeout,
    maxBuffer: 256 * 1024 * 1024, // not the default 1 MiB, which cuts off a long --format json
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, signal: result.signal };
}
