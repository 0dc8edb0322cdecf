import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { BuiltOverview, BuiltPage } from '../../src/build.ts';
import { ContestError, toPrintable, UserError, type Problem } from '../../src/errors.ts';
import { ERROR, WARNING } from '../helpers/contests.ts';
import {
  count,
  paint,
  toAnnotation,
  toBuildSummary,
  toCheckSummary,
  toFailureLines,
  toOverviewLine,
  toPageLine,
  toProblemLine,
  toProblemsJson,
  toRemovedLine,
} from '../../src/cli/report.ts';
import { GITHUB_TEXT, HOSTILE, INVISIBLE, md } from '../helpers/markdown.ts';

const PAGE: BuiltPage = {
  kind: 'page',
  path: 'dist/index.html',
  users: 15,
  winners: 3,
  bytes: 245_300,
  gzip: 74_080,
};
const OVERVIEW: BuiltOverview = {
  kind: 'overview',
  path: 'public/index.html',
  contests: 200,
  bytes: 9_400,
  gzip: 2_100,
};

const problems = suite('toProblemLine()');

problems(
  'shows control characters escaped, so that a name cannot start a line of its own or reach the terminal as an escape',
  () => {
    const hostile: Problem = {
      ...ERROR,
      file: 'x\n::error file=README.md,line=1::INJECTED\ny.json',
      path: 'users[0].\u009b31m',
      message: 'key "\u001b]0;title\u0007"\t\u007f',
    };
    for (const line of [toProblemLine(hostile, false), toProblemLine(hostile, true)]) {
      assert.not.match(line, /[\n\r\u0007\u007f\u009b]/);
      assert.match(line, 'x\\n::error file=README.md,line=1::INJECTED\\ny.json:4:33:');
      assert.match(line, 'users[0].\\x9b31m');
      assert.match(line, 'key "\\x1b]0;title\\x07"\\t\\x7f');
    }
    assert.is(
      toPageLine({ ...PAGE, path: 'dist/\u001b[31mred/index.html' }, false),
      'dist/\\x1b[31mred/index.html  15 users · 3 winners · 74.1 kB (gzip)',
    );
    assert.is(
      toBuildSummary([PAGE, PAGE], undefined, 'out\n::error::x'),
      '2 pages in out\\n::error::x/ · 30 users · 490.6 kB, 148.2 kB gzip',
    );
    assert.is(
      toRemovedLine('dist/old\r/index.html', 'dist'),
      'dist/old\\r/index.html  removed: its contest is gone from the folder',
    );
    assert.is(toRemovedLine('dist/index.html', 'dist'), 'dist/index.html  removed: this build writes no overview');
    const json = toProblemsJson([{ ...ERROR, file: 'a\u009b\u007f\u001b.json' }]);
    assert.not.match(json, /[\u0000-\u001f\u007f-\u009f](?<!\n)/);
    assert.is((JSON.parse(json) as Problem[])[0]?.file, 'a\u009b\u007f\u001b.json', 'still the same names, as JSON');
  },
);

problems('is the plain line without colour, and marks place, warning and error with it', () => {
  assert.is(toProblemLine(ERROR, false), 'c.json:4:33: users[1].leadCount: expected a number, got the string "12"');
  assert.is(
    toProblemLine(ERROR, true),
    '\u001b[1mc.json:4:33:\u001b[22m\u001b[31m users[1].leadCount: expected a number, got the string "12"\u001b[39m',
  );
  assert.is(
    toProblemLine(WARNING, true),
    '\u001b[1mc.json:8:3:\u001b[22m \u001b[33mwarning:\u001b[39m unknown key "solo_winner"',
  );
});

const paints = suite('paint()');

paints('styles with util.styleText when on, whatever the stream of this process is; plain text when off', () => {
  assert.is(paint(true, 'green', 'x'), '\u001b[32mx\u001b[39m');
  assert.is(paint(true, 'bold', 'x'), '\u001b[1mx\u001b[22m');
  assert.is(paint(false, 'red', 'x'), 'x');
});

const annotations = suite('toAnnotation()');

annotations(
  "is a GitHub workflow command, its properties and message escaped, titled in the contest's language",
  () => {
    assert.is(
      toAnnotation(ERROR),
      '::error file=c.json,line=4,col=33,title=podium%3A Fehler::users[1].leadCount: expected a number, got the string "12"',
    );
    assert.is(
      toAnnotation(ERROR, 'en'),
      '::error file=c.json,line=4,col=33,title=podium%3A error::users[1].leadCount: expected a number, got the string "12"',
    );
    const odd: Problem = { ...WARNING, file: 'a,b:c%.json', message: '100% sure: next' };
    assert.is(
      toAnnotation(odd),
      '::warning file=a%2Cb%3Ac%25.json,line=8,col=3,title=podium%3A Warnung::100%25 sure: next',
    );
    // Control characters never reach the log: a line break cannot start a workflow command of its own.
    const hostile: Problem = {
      ...ERROR,
      file: 'x\n::error file=README.md,line=1::INJECTED\ny.json',
      path: '',
      message: 'bad\r\n::warning::x \u001b[2J',
    };
    assert.is(
      toAnnotation(hostile).replace(/\u2060/g, ''),
      '::error file=x\\n%3A%3Aerror file=README.md%2Cline=1%3A%3AINJECTED\\ny.json,line=4,col=33,title=podium%3A Fehler::bad\\r\\n::warning::x \\x1b[2J',
    );
  },
);

annotations(
  'a name in the text is the text it is: no link, e-mail address, mention, issue or emoji GitHub could make',
  () => {
    for (const name of HOSTILE) {
      const annotation = toAnnotation({ ...WARNING, message: `leadCount of "${name}" fell from 15 to 14` });
      const text = annotation.slice(annotation.indexOf('::', 2) + 2);
      assert.not.match(annotation, /[\n\r\u202e]/, name);
      for (const pattern of GITHUB_TEXT) assert.not.match(text, pattern, name);
      assert.not.ok(md.linkify.test(text), `${name}: linkify finds no link`);
      assert.match(text.replace(INVISIBLE, ''), `"${toPrintable(name).replace(/%/g, '%25')}"`, name);
    }
  },
);

const summaries = suite('toCheckSummary()');

const counts = suite('count()');

counts('says one thing in the singular, and every other number in the plural, digits grouped', () => {
  assert.equal(
    [0, 1, 2, 20_000].map((n) => count(n, 'page')),
    ['0 pages', '1 page', '2 pages', '20,000 pages'],
  );
  assert.is(count(1, 'child', 'children'), '1 child');
  assert.is(count(3, 'child', 'children'), '3 children');
});

summaries('counts contests, invalid ones, problems and warnings, in words', () => {
  assert.is(toCheckSummary(3, 1, [ERROR, WARNING, WARNING]), '3 contests checked, 1 invalid, 3 problems (2 warnings)');
  assert.is(toCheckSummary(1, 0, [WARNING]), '1 contest checked, 0 invalid, 1 problem (1 warning)');
  assert.is(toCheckSummary(20_000, 0, []), '20,000 contests checked, 0 invalid, 0 problems');
});

const pages = suite('toPageLine() and toBuildSummary()');

pages('say where each page went, for whom, and how large it is gzipped', () => {
  assert.is(toPageLine(PAGE, false), 'dist/index.html  15 users · 3 winners · 74.1 kB (gzip)');
  assert.is(
    toPageLine({ ...PAGE, users: 100_000, gzip: 2_557_200 }, false),
    'dist/index.html  100,000 users · 3 winners · 2.6 MB (gzip)',
  );
  assert.is(
    toPageLine({ ...PAGE, gzip: undefined }, false),
    'dist/index.html  15 users · 3 winners · 245.3 kB',
    'the size itself when gzip was not measured',
  );
  assert.is(toPageLine(PAGE, true), '\u001b[32mdist/index.html\u001b[39m  15 users · 3 winners · 74.1 kB (gzip)');
  assert.is(
    toPageLine({ ...PAGE, users: 1, winners: 1 }, false),
    'dist/index.html  1 user · 1 winner · 74.1 kB (gzip)',
  );
  assert.is(
    toPageLine({ ...PAGE, users: 0, winners: 0 }, false),
    'dist/index.html  0 users · 0 winners · 74.1 kB (gzip)',
  );
});

pages('say how many contests the overview lists, and its size', () => {
  assert.is(toOverviewLine(OVERVIEW, false), 'public/index.html  overview of 200 contests · 2.1 kB (gzip)');
  assert.is(
    toOverviewLine({ ...OVERVIEW, contests: 1, gzip: undefined }, true),
    '\u001b[32mpublic/index.html\u001b[39m  overview of 1 contest · 9.4 kB',
  );
});

pages('sum up a folder: pages, users, bytes and gzip bytes', () => {
  const folder = Array.from({ length: 200 }, (_, i) => ({ ...PAGE, path: `public/c${i}/index.html`, users: 100 }));
  assert.is(toBuildSummary(folder, undefined, 'public'), '200 pages in public/ · 20,000 users · 49.1 MB, 14.8 MB gzip');
  assert.is(
    toBuildSummary([PAGE, { ...PAGE, gzip: undefined }], undefined, 'out/'),
    '2 pages in out/ · 30 users · 490.6 kB',
  );
  assert.is(
    toBuildSummary([{ ...PAGE, users: 1 }], undefined, 'out'),
    '1 page in out/ · 1 user · 245.3 kB, 74.1 kB gzip',
  );
});

pages('count the overview among the files written, not among the pages', () => {
  const folder = [PAGE, { ...PAGE, users: 5 }];
  assert.is(
    toBuildSummary(folder, OVERVIEW, 'public'),
    '2 pages and an overview in public/ · 20 users · 500.0 kB, 150.3 kB gzip',
  );
  assert.is(
    toBuildSummary([PAGE], { ...OVERVIEW, gzip: undefined }, 'public'),
    '1 page and an overview in public/ · 15 users · 254.7 kB',
  );
});

const failures = suite('toFailureLines()');

failures('says invalid contests as their problem lines, any other failure as its line, a bug with its stack', () => {
  const invalid = new ContestError([ERROR, WARNING]);
  assert.equal(toFailureLines(invalid, false, false), [toProblemLine(ERROR, false), toProblemLine(WARNING, false)]);
  assert.equal(toFailureLines(invalid, false, true), [toProblemLine(ERROR, true), toProblemLine(WARNING, true)]);
  const [first, second, frames, ...rest] = toFailureLines(invalid, true, false);
  assert.equal([first, second, rest], [toProblemLine(ERROR, false), toProblemLine(WARNING, false), []]);
  assert.match(frames!, /^ {4}at /, 'with --debug, the stack after the problems');
  const full = new UserError({ subject: 'dist', reason: 'cannot write (disk full)', output: 'untouched' });
  assert.equal(toFailureLines(full, false, true), ['podium: dist: cannot write (disk full); nothing was written']);
  const [bug] = toFailureLines(new TypeError('x is undefined'), false, false);
  assert.match(bug!, /^podium: unexpected error, a bug in podium\..*\nTypeError: x is undefined\n {4}at /s);
});

problems.run();
failures.run();
paints.run();
counts.run();
annotations.run();
summaries.run();
pages.run();
