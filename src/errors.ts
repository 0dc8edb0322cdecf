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
  constructor(message: string, readonly exitCode = 1) {
    super(message);
    this.name = 'UserError';
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

/** What the command layer prints for a failure: the message for expected ones, the stack for bugs. */
export function toReport(error: unknown, debug: boolean): string {
  if (error instanceof UserError) return debug && error.stack ? `${error.message}\n${error.stack}` : error.message;
  const stack = error instanceof Error ? (error.stack ?? error.message) : String(error);
  // No public issue tracker yet (package.json has no bugs field): say what a useful report holds.
  return `podium: unexpected error, a bug in podium. Please send podium's maintainers this message, the command you ran, the output of "podium --version" and, if you can share it, the contest file:\n${stack}`;
}
