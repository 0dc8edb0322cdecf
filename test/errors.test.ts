import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ContestError,
  Interrupted,
  toFailureLine,
  toLine,
  toPrintable,
  toReadReason,
  toReason,
  toReport,
  tryTo,
  UserError,
} from '../src/errors.ts';
import { ERROR, WARNING } from './helpers/contests.ts';
import { inScratch } from './helpers/files.ts';

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

reports('shows bidi controls as their codes: a sheet or file name turns nothing after it around', () => {
  const error = new UserError('podium: the workbook has no sheet "x"; its sheets are Q1\u202e, Q2\u2067, Q3');
  assert.is(toReport(error, false), 'podium: the workbook has no sheet "x"; its sheets are Q1\\u202e, Q2\\u2067, Q3');
  assert.is(toPrintable('a\u200fb\u061cc\u2028d\u2069'), 'a\\u200fb\\u061cc\\u2028d\\u2069');
});

const failures = suite('toFailureLine()');

failures('says what failed, why, what to do, and what became of the output, each after a semicolon', () => {
  const written = { subject: 'dist/c/index.html', reason: 'cannot write (disk full)' };
  assert.is(toFailureLine(written), 'podium: dist/c/index.html: cannot write (disk full)');
  assert.is(
    toFailureLine({ ...written, output: 'untouched' }),
    'podium: dist/c/index.html: cannot write (disk full); nothing was written',
  );
  assert.is(
    toFailureLine({ ...written, output: { putBack: 1 } }),
    'podium: dist/c/index.html: cannot write (disk full); the page already written was put back as before',
  );
  assert.is(
    toFailureLine({ ...written, output: { putBack: 312 } }),
    'podium: dist/c/index.html: cannot write (disk full); the 312 pages already written were put back as before',
  );
  assert.is(
    toFailureLine({
      ...written,
      output: {
        notPutBack: [
          { path: 'dist/a/index.html', kept: 'dist/.podium/work/old-0' },
          { path: 'dist/b', kept: undefined },
        ],
      },
    }),
    'podium: dist/c/index.html: cannot write (disk full); could not put back dist/a/index.html (its old version is at dist/.podium/work/old-0 until the next build), dist/b',
  );
  assert.is(
    toFailureLine({ subject: 'in', reason: 'no such file or folder', hint: 'pass a contest .json file' }),
    'podium: in: no such file or folder; pass a contest .json file',
  );
  assert.is(
    toFailureLine({ reason: 'stopped by SIGINT', output: { putBack: 2 } }),
    'podium: stopped by SIGINT; the 2 pages already written were put back as before',
    'no subject: the reason follows the prefix',
  );
  assert.is(
    toFailureLine({ program: 'podium dev', reason: 'standard input cannot be watched' }),
    'podium dev: standard input cannot be watched',
  );
});

failures('is the message of a UserError, which keeps its failure as data; a line worded whole stays as it is', () => {
  const error = new UserError({ subject: 'dist', reason: 'cannot write (disk full)', output: 'untouched' }, 2);
  assert.is(error.message, 'podium: dist: cannot write (disk full); nothing was written');
  assert.equal(error.failure, { subject: 'dist', reason: 'cannot write (disk full)', output: 'untouched' });
  assert.is(error.exitCode, 2);
  const whole = new Interrupted('podium: stopped by SIGTERM');
  assert.instance(whole, UserError);
  assert.is(whole.message, 'podium: stopped by SIGTERM');
  assert.is(
    new UserError({ ...whole.failure, output: { putBack: 3 } }).message,
    'podium: stopped by SIGTERM; the 3 pages already written were put back as before',
    'an outcome said after a line worded whole',
  );
  assert.is(
    toReport(new Interrupted({ reason: 'stopped by SIGHUP', output: 'untouched' }), false),
    'podium: stopped by SIGHUP; nothing was written',
  );
});

const reasons = suite('toReason()');

reasons("says a file system error in the words of reading or of writing, else in the system's", () =>
  inScratch((dir) => {
    writeFileSync(join(dir, 'file'), '');
    const errorOf = (work: () => unknown) => {
      try {
        work();
      } catch (error) {
        return error;
      }
      throw new Error('no error');
    };
    const inFile = errorOf(() => readFileSync(join(dir, 'file/x')));
    assert.is(toReadReason(inFile), 'a part of the path is a file, not a folder');
    assert.is(toReason(inFile, 'reading'), 'a part of the path is a file, not a folder');
    assert.is(toReason(inFile, 'writing'), 'a file is in the way of its folder');
    assert.is(toReason(inFile), 'a file is in the way of its folder', 'writing unless told');
    const folder = errorOf(() => readFileSync(dir));
    assert.is(toReadReason(folder), 'it is a folder');
    assert.is(toReason(errorOf(() => mkdirSync(join(dir, 'file')))), 'a file is in the way of its folder');
    assert.is(toReason(errorOf(() => openSync(join(dir, 'none'), 'r'))), 'a folder on the way does not exist');
    assert.is(toReadReason(errorOf(() => openSync(join(dir, 'none'), 'r'))), 'no such file or folder');
    // No words of ours: the system's, without the code and the call around them.
    const closed = errorOf(() => closeSync(2 ** 30));
    assert.is(toReason(closed), 'bad file descriptor');
    assert.is(toReadReason(closed), 'bad file descriptor');
    assert.is(toReason(Object.assign(new Error('odd'), { code: 'EODD' })), 'EODD');
    assert.is(toReason('a string'), 'a string');
  }),
);

const tries = suite('tryTo()');

tries('returns what the work returns, or undefined when it throws', () => {
  assert.is(
    tryTo(() => 1),
    1,
  );
  assert.is(
    tryTo(() => {
      throw new Error('no');
    }),
    undefined,
  );
});

lines.run();
contestError.run();
reports.run();
failures.run();
reasons.run();
tries.run();
