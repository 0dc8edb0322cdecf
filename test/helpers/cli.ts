// Runs the built CLI as a real process, as a user or a CI job would.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './files.ts';

export const BIN = join(ROOT, 'bin/podium.cjs');

export type Run = { status: number | null; stdout: string; stderr: string };

export function podium(args: string[], options: { cwd?: string; input?: string; env?: NodeJS.ProcessEnv } = {}): Run {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? ROOT,
    input: options.input ?? '',
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...options.env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
