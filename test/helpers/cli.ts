// Runs the built CLI as a real process, as a user or a CI job would.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './files.ts';

export const BIN = join(ROOT, 'bin/podium.cjs');

export type Run = { status: number | null; stdout: string; stderr: string; signal: NodeJS.Signals | null };

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
 * Runs podium. `timeout` kills it after so many ms (then `signal` is set); `unprivileged` runs it as toUnprivileged()
 * says.
 */
export function podium(
  args: string[],
  options: {
    cwd?: string;
    input?: string | Uint8Array;
    env?: NodeJS.ProcessEnv;
    timeout?: number;
    unprivileged?: boolean;
  } = {},
): Run {
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
