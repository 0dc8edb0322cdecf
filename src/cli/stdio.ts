// Standard output and error as bin/podium.cjs hands them to main(). A pipe, a socket (what Node's child_process and
// libuv give a child for a pipe) or a file is written at once with writeSync, as Node itself writes them on Linux; a
// terminal or a device gets Node's own stream. Node makes process.stdout and process.stderr of two pipes with its
// stream and net modules: 2.9–5.4 ms of every bake whose output a CI job or a script reads (docs/performance.md).
import { fstatSync, writeSync } from 'node:fs';
import type { Output } from './io.ts';

type Listener = (error: NodeJS.ErrnoException) => void;

/** A short wait while a non-blocking pipe is full: the reader has the rest. */
const PAUSE = new Int32Array(new SharedArrayBuffer(4));

/**
 * What is written by hand to a socket before Node's stream takes over. Node writes a socket without waiting for its
 * reader (a build stopped while its warnings wait for a slow reader still hears the stop); this much fits in any
 * socket's buffer as Linux sets it up (at least 16 kB) without a reader, and a bake's own lines are far fewer.
 */
const SOCKET_BUDGET = 8 * 1024;

/** The output on `fd`: written by hand where it is a pipe, a socket or a file, else `stream()` (made only then). */
export function toStdio(fd: number, stream: () => Output): Output {
  let kind;
  try {
    kind = fstatSync(fd);
  } catch {
    return stream();
  }
  if (kind.isFIFO() || kind.isFile()) return toDirect(fd, stream, Infinity);
  return kind.isSocket() ? toDirect(fd, stream, SOCKET_BUDGET) : stream();
}

/**
 * An output that writes each text before write() returns, up to `budget` bytes in all; then `stream()` takes every
 * later text. A failed write is heard as a stream's is ('error', after the call), and nothing is written after it;
 * the callback of write() comes after the call too, as a stream's.
 */
function toDirect(fd: number, stream: () => Output, budget: number): Output {
  const listeners: Listener[] = [];
  let failure: NodeJS.ErrnoException | undefined;
  let written = 0;
  let later: Output | undefined;
  const output: Output = {
    write(text, done) {
      const bytes = Buffer.from(text, 'utf8');
      if (!later && !failure && written + bytes.length > budget) {
        later = stream();
        for (const listener of listeners) later.on('error', listener);
      }
      if (later) return later.write(text, done);
      if (!failure) {
        try {
          writeAll(fd, bytes);
          written += bytes.length;
        } catch (error) {
          failure = error as NodeJS.ErrnoException;
          queueMicrotask(() => listeners.forEach((listener) => listener(failure!)));
        }
      }
      if (done) queueMicrotask(() => done(failure ?? null));
      return !failure;
    },
    on(event, listener) {
      if (event !== 'error') return output;
      listeners.push(listener);
      later?.on('error', listener);
      return output;
    },
  };
  return output;
}

function writeAll(fd: number, bytes: Uint8Array): void {
  for (let at = 0; at < bytes.length;) {
    try {
      at += writeSync(fd, bytes, at);
    } catch (error) {
      // A pipe another process made non-blocking, full: wait for its reader, as a blocking write would.
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      Atomics.wait(PAUSE, 0, 0, 1);
    }
  }
}
