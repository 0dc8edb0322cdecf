// One build at a time per output folder: a lock file names the build that holds it. A lock whose build is gone
// (killed, crashed, a machine restarted) is taken over; a process id the system has since given to another
// process does not keep it.
import {
  linkSync,
  readFileSync,
  readlinkSync,
  renameSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { tryTo, UserError } from '../errors.ts';

/** Who holds a lock. `start`, `boot` and `ns` are Linux's: the process's start time, the boot and the pid namespace. */
type Holder = { pid: number; host: string; start?: string; boot?: string; ns?: string; token: string };
export type Lock = { held: () => boolean; release: () => void };

/** A build renews its lock this often; a lock whose holder cannot be checked is stale once this much older. */
const RENEW_MS = 10_000;
const STALE_MS = 30_000;

/**
 * Takes the lock `file`, or throws a UserError naming the build that holds it (`label`: the folder, as the user wrote
 * it).
 */
export function lock(file: string, label: string): Lock {
  const me = identify();
  const text = JSON.stringify(me);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      writeFileSync(file, text, { flag: 'wx' });
      return hold(file, text);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const seen = readText(file);
    const mtime = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    if (seen === undefined || mtime === undefined) continue; // released meanwhile
    const holder = toHolder(seen);
    // An unreadable lock is one being written right now (read it again in a moment), or the remains of a build
    // killed while writing it.
    if (!holder && Date.now() - mtime < STALE_MS && attempt < 4) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
      continue;
    }
    if (holder ? isAlive(holder, me, mtime) : Date.now() - mtime < STALE_MS) throw busy(label, holder);
    // Move the stale lock away, and put it back if it is not the one judged stale: another build took it over
    // meanwhile.
    const aside = `${file}.${me.token}`;
    try {
      renameSync(file, aside);
    } catch {
      continue;
    }
    if (readText(aside) !== seen) tryTo(() => linkSync(aside, file));
    tryTo(() => unlinkSync(aside));
  }
  throw busy(label, toHolder(readText(file) ?? ''));
}

function hold(file: string, text: string): Lock {
  const renew = setInterval(() => tryTo(() => utimesSync(file, new Date(), new Date())), RENEW_MS).unref();
  const held = () => readText(file) === text;
  return {
    held,
    release: () => {
      clearInterval(renew);
      if (held()) tryTo(() => unlinkSync(file));
    },
  };
}

function busy(label: string, holder: Holder | undefined): UserError {
  const who = holder ? ` (pid ${holder.pid}${holder.host === hostname() ? '' : ` on ${holder.host}`})` : '';
  return new UserError({ reason: `${label} is being written by another podium build${who}` });
}

/** Whether the build that wrote a lock may still run. */
function isAlive(holder: Holder, me: Holder, mtime: number): boolean {
  const renewed = Date.now() - mtime < STALE_MS;
  // Another machine, container or pid namespace: its processes cannot be asked; a live build renews its lock.
  if (holder.host !== me.host || holder.boot !== me.boot || holder.ns !== me.ns) return renewed;
  const now = toProcess(holder.pid);
  if (!now.running) return false;
  // The same pid but another start time: the system gave the pid to a new process.
  if (holder.start !== undefined && now.start !== undefined) return now.start === holder.start;
  return renewed;
}

function identify(): Holder {
  const { start } = toProcess(process.pid);
  const boot = readText('/proc/sys/kernel/random/boot_id')?.trim();
  const ns = tryTo(() => readlinkSync('/proc/self/ns/pid'));
  // The token tells two builds apart where everything else is alike; it guards nothing, so it need not come from
  // node:crypto, whose start a bake would pay for.
  const token = `${Math.random().toString(16).slice(2, 10)}${Math.random().toString(16).slice(2, 10)}`;
  return { pid: process.pid, host: hostname(), start, boot, ns, token };
}

/** Whether a process runs (a zombie does not), and its start time where /proc tells it (Linux). */
function toProcess(pid: number): { running: boolean; start?: string } {
  const stat = readText(`/proc/${pid}/stat`);
  if (stat !== undefined) {
    // The fields after the command name, which may itself hold spaces and parentheses: state is field 3, start 22.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { running: fields[0] !== 'Z' && fields[0] !== 'X', start: fields[19] };
  }
  try {
    process.kill(pid, 0);
    return { running: true };
  } catch (error) {
    return { running: (error as NodeJS.ErrnoException).code === 'EPERM' };
  }
}

function toHolder(text: string): Holder | undefined {
  try {
    const holder = JSON.parse(text) as Holder;
    return Number.isInteger(holder.pid) && typeof holder.host === 'string' ? holder : undefined;
  } catch {
    return undefined;
  }
}

function readText(file: string): string | undefined {
  return tryTo(() => readFileSync(file, 'utf8'));
}
