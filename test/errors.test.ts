import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ContestError, toLine, toPrintable, toReport, UserError, type Problem } from '../src/errors.ts';

const ERROR: Problem = {
  file: 'c.json',
  line: 4,
  column: 33,
  path: 'users[1].leadCount',
  message: 'expected a number, got the string "12"',
  severity: 'error',
};
const WARNING: Problem = {
  file: 'c.json',
  line: 8,
  column: 3,
  path: '',
  message: 'unknown key "solo_winner"',
  severity: 'warning',
};

const lines = suite('toLine()');

lines('writes file:line:col, then the severity of a warning, the path when there is one, and the message', () => {
  assert.is(toLine(ERROR), 'c.json:4:33: users[1].leadCount: expected a number, got the string "12"');
  assert.is(toLine(WARNING), 'c.json:8:3: warning: unknown key "solo_winner"');
});

const contestError = suite('ContestError');

contestError('carries every problem, and says each on a line of its own', () => {
  const error = new ContestError([ERROR, WARNING]);
  assert.instance(error, UserError);
  assert.is(error.exitCode, 1);
  assert.equal(error.problems, [ERROR, WARNING]);
  assert.is(error.message, `${toLine(ERROR)}\n${toLine(WARNING)}`);
});

const reports = suite('toReport()');

reports('prints an expected failure as its message alone, and its stack only when debugging', () => {
  const error = new UserError('podium: x.json: cannot read (permission denied)', 2);
  assert.is(toReport(error, false), 'podium: x.json: cannot read (permission denied)');
  const debug = toReport(error, true).split('\n');
  assert.is(debug[0], 'podium: x.json: cannot read (permission denied)');
  assert.match(debug.slice(1).join('\n'), /\n\s+at /);
});

reports('prints a bug with its stack and asks for a report, whatever was thrown', () => {
  const bug = toReport(new TypeError('x is undefined'), false);
  const ask = `podium: unexpected error, a bug in podium. Please send podium's maintainers this message, the command you ran, the output of "podium --version" and, if you can share it, the contest file:`;
  assert.ok(bug.startsWith(`${ask}\nTypeError: x is undefined\n`), bug);
  assert.match(bug, /\n\s+at /, 'with its stack');
  assert.is(toReport('a string', false), `${ask}\na string`);
});

reports('escapes control characters in a message, a name from a file included, but not the stack', () => {
  const error = new UserError('podium: x\n::error::y\u001b[2J.json: cannot read (permission denied)');
  assert.is(toReport(error, false), 'podium: x\\n::error::y\\x1b[2J.json: cannot read (permission denied)');
  const [message, ...frames] = toReport(error, true).split('\n');
  assert.is(message, 'podium: x\\n::error::y\\x1b[2J.json: cannot read (permission denied)');
  assert.ok(frames.length > 0 && frames.every((frame) => frame.startsWith('    at ')), frames.join('\n'));
  const bug = toReport(new Error("ENOENT: open 'a\nb'"), false);
  assert.match(bug, "\nError: ENOENT: open 'a\\nb'\n    at ");
  assert.is(toPrintable('tab\there, bell\u0007, NEL\u0085'), 'tab\\there, bell\\x07, NEL\\x85');
});

lines.run();
contestError.run();
reports.run();
