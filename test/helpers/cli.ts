// Runs the built CLI as a real process, as a user or a CI job would.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './files.ts';

export const BIN = join(ROOT, 'bin/podium.cjs');

export type Run = { status: number | null; stdout: string; stderr: string };

/**
 * The environment of a CLI process whose output a test reads as plain text. uvu sets FORCE_COLOR=1 for its own
 * report, and in Node's rule FORCE_COLOR colours even a pipe, over NO_COLOR.
 */
export const PLAIN: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined };

export function podium(args: string[], options: { cwd?: string; input?: string; env?: NodeJS.ProcessEnv } = {}): Run {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? ROOT,
    input: options.input ?? '',
    encoding: 'utf8',
    env: { ...PLAIN, ...options.env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
