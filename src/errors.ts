// Expected failures are data, UserErrors: what failed, why, what to do and what became of the output. toFailureLine
// is the one place they become the line people read; toReport prints that line without a stack, and a bug with one.
import { getSystemErrorMap } from 'node:util';

/** An error stops the bake; a warning does not, unless --strict; a note never does, and only informs. */
export type Severity = 'error' | 'warning' | 'note';

/** One problem of a contest file, placed where an editor can jump to it. */
export type Problem = {
  file: string;
  line: number;
  column: number;
  /** In a workbook: the sheet and the cell (`C14`), as Excel names them; `line` and `column` are their numbers. */
  sheet?: string;
  cell?: string;
  /** Where in the data, as `users[2].leadCount`; empty for the whole document. */
  path: string;
  message: string;
  severity: Severity;
  /**
   * A warning's short, stable name (`tie 10`, `leads fell: Anna Schäfer`), by which a contest file acknowledges it; the
   * message ends with it, and with the contest's Stand before it where it has one (`2027-06-18: tie 10`), unless the
   * warning is `lasting`. Some notes have one too (`ignored columns`), by which a history says them once.
   */
  key?: string;
  /**
   * Whom a warning's key is about where the contest has no Stand to name (`Anna Adler, Ben Braun`: `tie 2: Anna Adler,
   * Ben Braun`), so that an acknowledgement does not pass another week's warning; acknowledge() folds it into the key.
   */
  of?: string;
  /**
   * A warning about what every export (or the contest file) has, week after week (rows hidden in Excel, an unknown
   * key), not about one week's figures: its key names no Stand, so one acknowledgement accepts it for good.
   */
  lasting?: true;
};

/**
 * What became of the output folder: nothing was written, the pages already written were put back, or some could
 * not be (each with the place of its old version, when one was kept aside).
 */
export type Outcome = 'untouched' | { putBack: number } | { notPutBack: { path: string; kept?: string | undefined }[] };

/** An expected failure, as data. */
export type Failure = {
  /** What failed, as the user named it: a file, a folder, a page; none when the reason names it itself. */
  subject?: string | undefined;
  /** Why, in words: `cannot write (disk full)`. */
  reason: string;
  /** What to do about it: `rename one of them`. */
  hint?: string | undefined;
  /** What became of the output, for a failure of a command that writes. */
  output?: Outcome | undefined;
  /** Who speaks, first on the line: `podium` unless given; '' for none (a line worded whole, see UserError). */
  program?: string | undefined;
};

export class UserError extends Error {
  readonly failure: Failure;

  /** A failure; or a line worded whole, kept as it is (problem lines, and the modules that still word their own). */
  constructor(
    failure: Failure | string,
    readonly exitCode = 1,
  ) {
    const data = typeof failure === 'string' ? { program: '', reason: failure } : failure;
    super(toFailureLine(data));
    this.failure = data;
    this.name = 'UserError';
  }
}

/** A build stopped on request: the command layer aborts it with one of these, saying why (a signal). */
export class Interrupted extends UserError {
  constructor(failure: Failure | string) {
    super(failure);
    this.name = 'Interrupted';
  }
}

/** Invalid contest data: every problem found, not just the first. */
export class ContestError extends UserError {
  constructor(readonly problems: Problem[]) {
    super(problems.map(toLine).join('\n'));
    this.name = 'ContestError';
  }
}

/**
 * The line people read: `podium: <subject>: <reason>; <hint>; <what became of the output>`, as
 * `podium: dist: cannot write (disk full); nothing was written`.
 */
export function toFailureLine({ program = 'podium', subject, reason, hint, output }: Failure): string {
  const said = `${program && `${program}: `}${subject === undefined ? '' : `${subject}: `}${reason}`;
  return [said, hint, output && toOutcome(output)].filter(Boolean).join('; ');
}

/** What became of the output, in words: `the 312 pages already written were put back as before`. */
export function toOutcome(output: Outcome): string {
  if (output === 'untouched') return 'nothing was written';
  if ('putBack' in output)
    return output.putBack === 1
      ? 'the page already written was put back as before'
      : `the ${output.putBack} pages already written were put back as before`;
  const pages = output.notPutBack.map(
    ({ path, kept }) => `${path}${kept ? ` (its old version is at ${kept} until the next build)` : ''}`,
  );
  return `could not put back ${pages.join(', ')}`;
}

/**
 * `file:line:col: [warning: |note: ]path: message`, the form editors and CI logs link to the place; in a workbook,
 * `file: Tabelle1!C14: …`, the cell as Excel users name it.
 */
export function toLine(problem: Problem): string {
  const where = problem.path ? `${problem.path}: ` : '';
  const severity = problem.severity === 'error' ? '' : `${problem.severity}: `;
  return `${toWhere(problem)} ${severity}${where}${problem.message}`;
}

/** `file:line:col:`, or `file: Tabelle1!C14:` for a workbook's cell. */
export function toWhere(problem: Problem): string {
  return problem.cell === undefined
    ? `${problem.file}:${problem.line}:${problem.column}:`
    : `${problem.file}: ${toCellName(problem.sheet ?? '', problem.cell)}:`;
}

/** `Tabelle1!C14`; a sheet name with spaces or signs in quotes, as Excel writes it in a formula: `'Q1 2027'!C14`. */
export function toCellName(sheet: string, cell: string): string {
  return /^[\p{L}_][\p{L}\p{N}_.]*$/u.test(sheet) ? `${sheet}!${cell}` : `'${sheet.replace(/'/g, "''")}'!${cell}`;
}

/**
 * What the command layer prints for a failure: the message for expected ones, the stack for bugs; with `debug`, always
 * the stack.
 */
export function toReport(error: unknown, debug: boolean): string {
  if (error instanceof UserError)
    return debug ? `${toPrintable(error.message)}${toFrames(error)}` : toPrintable(error.message);
  const stack =
    error instanceof Error
      ? `${error.name}: ${toPrintable(error.message)}${toFrames(error)}`
      : toPrintable(String(error));
  // No public issue tracker yet (package.json has no bugs field): say what a useful report holds.
  return `podium: unexpected error, a bug in podium. Please send podium's maintainers this message, the command you ran, the output of "podium --version" and, if you can share it, the contest file:\n${stack}`;
}

/** The "at …" lines of an error's stack, each on a line of its own after a line break; its message is said apart. */
export function toFrames(error: Error): string {
  const stack = error.stack ?? '';
  const at = stack.search(/\n {4}at /);
  return at === -1 ? '' : stack.slice(at);
}

/** Whether a file system call failed reading input or writing output: some codes say different things to each. */
export type Doing = 'reading' | 'writing';

// The file system's errors that people meet, in words: one wording, or one for reading and one for writing. A code
// without words for what was being done keeps the system's own (`ENOSPC` → `no space left on device`).
const REASONS: Record<string, string | Partial<Record<Doing, string>>> = {
  EACCES: 'permission denied',
  EPERM: { reading: 'operation not permitted', writing: 'not permitted' },
  ENOENT: { reading: 'no such file or folder', writing: 'a folder on the way does not exist' },
  ENOTDIR: { reading: 'a part of the path is a file, not a folder', writing: 'a file is in the way of its folder' },
  EISDIR: { reading: 'it is a folder', writing: 'a folder is in its place' },
  EEXIST: { writing: 'a file is in the way of its folder' },
  ELOOP: { reading: 'too many symbolic links; one of them points back to itself', writing: 'a loop of symbolic links' },
  ENAMETOOLONG: { reading: 'the name is too long for the file system', writing: 'the name is too long' },
  EIO: { reading: 'input/output error from the disk', writing: 'input/output error' },
  EMFILE: 'too many open files',
  ENFILE: 'too many open files',
  ENOSPC: { writing: 'disk full' },
  EDQUOT: { writing: 'disk quota exceeded' },
  EROFS: { writing: 'read-only file system' },
  EXDEV: { writing: 'it is on another file system' },
  EBUSY: { writing: 'busy' },
  EAGAIN: { reading: 'it is not a regular file' },
  ERR_FS_FILE_TOO_LARGE: { reading: 'the file is larger than 2 GiB' },
};

/**
 * Why a file system call failed, in words: ours for what was being done, else the system's (`ENOSPC` → `disk full`).
 */
export function toReason(error: unknown, doing: Doing = 'writing'): string {
  const { code, errno } = (error ?? {}) as NodeJS.ErrnoException;
  const ours = code !== undefined && Object.hasOwn(REASONS, code) ? REASONS[code] : undefined;
  const system = errno === undefined ? undefined : getSystemErrorMap().get(errno)?.[1];
  return (typeof ours === 'string' ? ours : ours?.[doing]) ?? system ?? code ?? String(error);
}

/** Why a file could not be read, in words: `permission denied`. */
export function toReadReason(error: unknown): string {
  return toReason(error, 'reading');
}

/**
 * What `work` returns, or undefined when it throws: for a step whose failure is looked at later, or changes nothing.
 */
export function tryTo<T>(work: () => T): T | undefined {
  try {
    return work();
  } catch {
    return undefined;
  }
}

/**
 * Text as one printable line: control characters (C0, DEL, C1) as `\n`, `\x1b`…, so that no name or text
 * read from a file starts a line of its own (a GitHub workflow command) or reaches a terminal as an escape sequence;
 * bidi controls and line separators as `\u202e`, so that no name turns the text after it around (Trojan Source).
 */
export function toPrintable(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g, (char) => {
    const code = char.charCodeAt(0);
    return (
      CONTROL_ESCAPES[char] ??
      (code > 0xff ? `\\u${code.toString(16).padStart(4, '0')}` : `\\x${code.toString(16).padStart(2, '0')}`)
    );
  });
}

const CONTROL_ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * Lets the event loop turn, so that a stop (Ctrl-C, SIGTERM) is heard, and throws its reason if there was one.
 * Long work calls it every few thousand rows: a signal's handler runs only between tasks.
 */
export async function heed(signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return;
  await new Promise(setImmediate);
  signal.throwIfAborted();
}
