import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../../src/errors.ts';
import { stageLinks } from '../../src/output/links.ts';
import { inScratch } from '../helpers/files.ts';

const ROWS = [
  ['name', 'link'],
  ['Anna Schäfer', 'https://x.example/#me=a'],
];

const stage = suite('stageLinks()');

stage('stages the file beside its place, puts it in place on commit, readable by its owner only', () =>
  inScratch((dir) => {
    const path = join(dir, 'links.csv');
    writeFileSync(path, 'last week');
    const staged = stageLinks(path, join(dir, 'out'), [], ROWS);
    assert.is(readFileSync(path, 'utf8'), 'last week', 'nothing replaced before the pages are in place');
    staged.commit();
    assert.is(readFileSync(path, 'utf8'), '\uFEFFname;link\r\nAnna Schäfer;https://x.example/#me=a\r\n');
    assert.is(statSync(path).mode & 0o777, 0o600);
    assert.equal(readdirSync(dir), ['links.csv'], 'no staged file left');
  }),
);

stage('discarded (a build that failed), leaves the file as it was and nothing beside it', () =>
  inScratch((dir) => {
    const path = join(dir, 'links.csv');
    writeFileSync(path, 'last week');
    stageLinks(path, join(dir, 'out'), [], ROWS).discard();
    assert.is(readFileSync(path, 'utf8'), 'last week');
    assert.equal(readdirSync(dir), ['links.csv']);
  }),
);

stage('a file that cannot be put in place (a folder there now) is said in one line, and nothing left beside it', () =>
  inScratch((dir) => {
    const path = join(dir, 'links.csv');
    const staged = stageLinks(path, join(dir, 'out'), [], ROWS);
    mkdirSync(path);
    writeFileSync(join(path, 'x'), '');
    assert.throws(
      () => staged.commit(),
      (error: Error) =>
        error instanceof UserError &&
        /links\.csv: cannot put the links in place \(.*\); the pages were written/.test(error.message),
    );
    assert.equal(readdirSync(dir), ['links.csv']);
  }),
);

stage('quotes what a spreadsheet would split or run: separators, quotes, line breaks, formulas', () =>
  inScratch((dir) => {
    const path = join(dir, 'links.csv');
    const names = ['=HYPERLINK("x")', 'Müller; Anna', 'Zwei\nZeilen', '-1', '@x'];
    stageLinks(path, dir + '/out', [], [['name'], ...names.map((name) => [name])]).commit();
    assert.equal(readFileSync(path, 'utf8').slice(1).split('\r\n'), [
      'name',
      `"'=HYPERLINK(""x"")"`,
      '"Müller; Anna"',
      '"Zwei\nZeilen"',
      "'-1",
      "'@x",
      '',
    ]);
  }),
);

/** The one line a refusal says, and that nothing was written. */
function refusal(work: () => unknown, dir: string): string {
  const before = readdirSync(dir, { recursive: true }).sort();
  try {
    work();
  } catch (error) {
    assert.instance(error, UserError);
    assert.is((error as UserError).exitCode, 2);
    assert.equal(readdirSync(dir, { recursive: true }).sort(), before, 'nothing written');
    assert.not.match((error as Error).message, /\n/);
    return (error as Error).message;
  }
  throw new Error('not refused');
}

stage('refuses a file inside --out (there or not yet, through a link), the input, a file read, or a folder', () =>
  inScratch((dir) => {
    const out = join(dir, 'out');
    assert.match(
      refusal(() => stageLinks(join(out, 'links.csv'), out, [], ROWS), dir),
      /lies inside --out/,
    );
    assert.match(
      refusal(() => stageLinks(join(out, 'a', 'b.csv'), out, [], ROWS), dir),
      /lies inside --out/,
    );
    mkdirSync(out);
    symlinkSync(out, join(dir, 'alias'));
    assert.match(
      refusal(() => stageLinks(join(dir, 'alias', 'l.csv'), out, [], ROWS), dir),
      /lies inside --out/,
    );
    assert.match(
      refusal(() => stageLinks(out, out, [], ROWS), dir),
      /lies inside --out/,
    );
    const input = join(dir, 'contest.json');
    writeFileSync(input, '{}');
    assert.match(
      refusal(() => stageLinks(input, out, [input], ROWS), dir),
      /it is the input .*contest\.json/,
    );
    mkdirSync(join(dir, 'folder'));
    assert.match(
      refusal(() => stageLinks(join(dir, 'folder'), out, [], ROWS), dir),
      /it is a folder/,
    );
    assert.not.ok(existsSync(join(out, 'links.csv')));
  }),
);

stage.run();
