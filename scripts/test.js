// npm test: the suite in two uvu processes at once, one per core of a small machine: the Chromium suites, which
// wait on the browser, beside the rest (the fault suites, init's and output's, among them). The halves end within
// about 10% of each other (each prints its Duration): a suite that grows goes to the half that ends first.
// Each process's output is printed whole when it ends, so that the two never interleave.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SLOW = 'page/(browser|finder|quality|layout|rules|privacy|me/links|tv/live)\\.test\\.ts$';
const GROUPS = [SLOW, `^(?!.*${SLOW}).*\\.test\\.tsx?$`];
// One process per group, or only the files a pattern names: `npm test -- cli/main`.
const only = process.argv[2];
const patterns = only ? [only] : GROUPS;

const runs = patterns.map(
  (pattern) =>
    new Promise((done) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'node_modules/uvu/bin.js', 'test', pattern], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const chunks = [];
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.stderr.on('data', (chunk) => chunks.push(chunk));
      child.on('close', (code, signal) => {
        process.stdout.write(Buffer.concat(chunks));
        done(code ?? (signal ? 1 : 0));
      });
    }),
);
process.exitCode = (await Promise.all(runs)).some((code) => code !== 0) ? 1 : 0;
