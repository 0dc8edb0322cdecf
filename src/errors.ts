// Expected failures are UserErrors: printed as their message, one line per problem, without a stack.

export type Severity = 'error' | 'warning';

/** One problem of a contest file, placed where an editor can jump to it. */
export type Problem = {
  file: string;
  line: number;
  column: number;
  /** Where in the data, as `users[2].leadCount`; empty for the whole document. */
  path: string;
  message: string;
  severity: Severity;
};

export class UserError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'UserError';
  }
}

/** A build stopped on request: the command layer aborts it with one of these, saying why (a signal). */
export class Interrupted extends UserError {
  constructor(message: string) {
    super(message);
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

/** `file:line:col: [warning: ]path: message`, the form editors and CI logs link to the place. */
export function toLine(problem: Problem): string {
  const where = problem.path ? `${problem.path}: ` : '';
  const severity = problem.severity === 'warning' ? 'warning: ' : '';
  return `${problem.file}:${problem.line}:${problem.column}: ${severity}${where}${problem.message}`;
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

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'not permitted',
  ENOSPC: 'disk full',
  EDQUOT: 'disk quota exceeded',
  EROFS: 'read-only file system',
  EISDIR: 'a folder is in its place',
  ENOTDIR: 'a file is in the way of its folder',
  EEXIST: 'a file is in the way of its folder',
  ENOENT: 'a folder on the way does not exist',
  ELOOP: 'a loop of symbolic links',
  ENAMETOOLONG: 'the name is too long',
  EXDEV: 'it is on another file system',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files',
  EIO: 'input/output error',
  EBUSY: 'busy',
};

/**
 * A file system error in words: ours (`reasons`, by default those of writing), else the system's ("ENOSPC: no
 * space left on device, open …" → its middle).
 */
export function toReason(error: unknown, reasons: Record<string, string> = REASONS): string {
  const { code, message } = (error ?? {}) as NodeJS.ErrnoException;
  return (code && reasons[code]) ?? /^[A-Z_]+: ([^,]+)/.exec(message ?? '')?.[1] ?? code ?? String(error);
}

/**
 * Text as one printable line: control characters (C0, DEL, C1) as `\n`, `\x1b`…, so that no name or text
 * read from a file starts a line of its own (a GitHub workflow command) or reaches a terminal as an escape sequence.
 */
export function toPrintable(text: string): string {
  return text.replace(
    /[\u0000-\u001f\u007f-\u009f]/g,
    (char) => CONTROL_ESCAPES[char] ?? `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`,
  );
}

const CONTROL_ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
