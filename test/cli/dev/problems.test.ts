// The tab's page for a contest podium dev cannot bake: errors first, in the contest's language, placed in words.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toPlaceText } from '../../../src/cli/dev/problems.ts';
import { toSite } from '../../../src/cli/dev/site.ts';
import { toReportMessages } from '../../../src/cli/messages.ts';
import type { Problem } from '../../../src/errors.ts';
import { BIN, PLAIN } from '../../helpers/cli.ts';
import { toDocument, textOf } from '../../helpers/dom.ts';
import { inScratch } from '../../helpers/files.ts';
import { toWorkbook } from '../../helpers/workbooks.ts';

/**
 * A contest whose export has one error, at its 41st line (users[39]), after six notes and warnings: three unknown keys,
 * two acknowledgements that match nothing, and two columns podium does not read.
 */
function writeContest(dir: string): void {
  const rows = ['Name;Anzahl Eigenleads;Summe Netto-Volumen AB;Region;Team'];
  for (let at = 0; at < 45; at += 1)
    rows.push(`Person ${at};${at === 39 ? '12,5' : 100 - at};${1000 - at},00 €;Nord;A`);
  writeFileSync(join(dir, 'Bericht.csv'), `${rows.join('\n')}\n`);
  const contest = {
    title: 'Frühling',
    heading: 'Ab nach Rom:',
    journey_date_text: 'Mai',
    description: 'Die drei Besten reisen.',
    qualification_date_text: 'März',
    solo_winners: 3,
    users: 'Bericht.csv',
    notes: 'intern',
    color: 'rot',
    owner: 'Vertrieb',
    acknowledged: ['tie 10', 'leads fell: Anna'],
  };
  writeFileSync(join(dir, 'spring.json'), JSON.stringify(contest, null, 2));
}

const ERROR = {
  where: 'Bericht.csv, Zeile 41, Anzahl Eigenleads',
  what: 'expected a whole number ≥ 0, got "12,5"',
  exact: 'Bericht.csv:41:11: users[39].leadCount: expected a whole number ≥ 0, got "12,5"',
};

/** Each section's heading, and each problem's place, message and terminal line, in the order the page shows them. */
function toShown(html: string) {
  const page = toDocument(html);
  return {
    lang: page.documentElement.getAttribute('lang'),
    intro: textOf(page.querySelector('h1 + p')),
    headings: [...page.querySelectorAll('section h2')].map(textOf),
    items: [...page.querySelectorAll('section li')].map((item) => ({
      where: textOf(item.querySelector('.where')),
      what: textOf(item.querySelector('.where + p')),
      exact: textOf(item.querySelector('code')),
    })),
  };
}

const page = suite('the problem page');

page('one error after six notes and warnings: the error first, German headings by default', () =>
  inScratch(async (dir) => {
    writeContest(dir);
    const child = spawn(process.execPath, [BIN, 'dev', 'spring.json', '--port', '0'], { cwd: dir, env: PLAIN });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const exited = new Promise((done) => child.on('exit', done));
    try {
      const url = await new Promise<string>((done, fail) => {
        child.stdout!.on('data', () => {
          const found = /podium dev: (http:\/\/\S+)/.exec(output)?.[1];
          if (found) done(found);
        });
        child.on('exit', () => fail(new Error(`podium dev ended:\n${output}`)));
      });
      const shown = toShown(await (await fetch(url)).text());
      assert.is(shown.lang, 'de');
      assert.is(shown.intro, '4 Probleme; die Seite lädt neu, sobald die Datei wieder gespeichert ist.');
      assert.equal(shown.headings, ['1 Fehler', '3 Warnungen', '3 Hinweise']);
      assert.equal(shown.items[0], ERROR);
      assert.equal(
        shown.items.slice(1).map(({ where }) => where),
        [
          'spring.json, Zeile 9, Spalte 3',
          'spring.json, Zeile 10, Spalte 3',
          'spring.json, Zeile 11, Spalte 3',
          'spring.json, Zeile 13, Spalte 5, „acknowledged[0]“',
          'spring.json, Zeile 14, Spalte 5, „acknowledged[1]“',
          'Bericht.csv, Zeile 1',
        ],
      );
      assert.is(shown.items[1]!.what, 'unknown key "notes" [unknown key: notes]');
      assert.is(shown.items[6]!.exact.slice(0, 27), 'Bericht.csv:1:47: note: use');
      // The terminal keeps the order the files have: the tab's order is its own.
      assert.match(output, /unknown key "notes"[^]*Bericht\.csv:41:11: users\[39\]\.leadCount/);
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
  }),
);

page('in English with --locale en', () =>
  inScratch(async (dir) => {
    writeContest(dir);
    const site = await toSite({ input: join(dir, 'spring.json'), locale: 'en', strict: false }, () => {});
    const shown = toShown(site.pages.get('')!.html);
    assert.is(shown.lang, 'en');
    assert.is(shown.intro, '4 problems; the page reloads when the file is saved again.');
    assert.equal(shown.headings, ['1 error', '3 warnings', '3 notes']);
    assert.is(shown.items[0]!.where, `${join(dir, 'Bericht.csv')}, line 41, own leads`);
  }),
);

page('with --strict the warnings are errors, after the error they came before', () =>
  inScratch(async (dir) => {
    writeContest(dir);
    const site = await toSite({ input: join(dir, 'spring.json'), locale: 'de', strict: true }, () => {});
    const shown = toShown(site.pages.get('')!.html);
    assert.equal(shown.headings, ['4 Fehler', '3 Hinweise']);
    assert.equal(
      shown.items.slice(0, 4).map(({ where }) => where.replace(`${dir}/`, '')),
      [
        'spring.json, Zeile 9, Spalte 3',
        'spring.json, Zeile 10, Spalte 3',
        'spring.json, Zeile 11, Spalte 3',
        'Bericht.csv, Zeile 41, Anzahl Eigenleads',
      ],
    );
  }),
);

page("a workbook's problem at its cell, as Excel names it", () =>
  inScratch(async (dir) => {
    const rows = [
      ['Name', 'Anzahl Eigenleads', 'Summe Netto-Volumen AB'],
      ['Anna Adler', 12, 1200],
      ['Ben Braun', -3, 900],
    ];
    writeFileSync(join(dir, 'Bericht.xlsx'), toWorkbook({ 'Q1 2027': rows }));
    const contest = {
      title: 'T',
      heading: 'H',
      journey_date_text: 'J',
      description: 'D',
      qualification_date_text: 'Q',
    };
    writeFileSync(join(dir, 'spring.json'), JSON.stringify({ ...contest, users: 'Bericht.xlsx' }));
    const site = await toSite({ input: join(dir, 'spring.json'), locale: 'de', strict: false }, () => {});
    const [error] = toShown(site.pages.get('')!.html).items;
    assert.is(error?.where, `${join(dir, 'Bericht.xlsx')}, Blatt „Q1 2027“, Zelle B3, Anzahl Eigenleads`);
    assert.match(error?.exact ?? '', "Bericht.xlsx: 'Q1 2027'!B3: users[1].leadCount: ");
  }),
);

const place = suite('toPlaceText()');
const de = toReportMessages('de');
const at = (problem: Partial<Problem>): Problem => ({
  file: 'spring.json',
  line: 1,
  column: 1,
  path: '',
  message: 'm',
  severity: 'error',
  ...problem,
});

place("a workbook's cell as Excel names it, with its sheet", () => {
  const problem = at({ file: 'Bericht.xlsx', line: 14, column: 3, sheet: 'Q1 2027', cell: 'C14' });
  assert.is(
    toPlaceText({ ...problem, path: 'users[12].profit' }, de),
    'Bericht.xlsx, Blatt „Q1 2027“, Zelle C14, Summe Netto-Volumen AB',
  );
  assert.is(toPlaceText(at({ file: 'Bericht.xlsx' }), de), 'Bericht.xlsx', 'the whole file: no line a workbook has');
});

place("a contest file's person by their place in its list, a key as the file writes it", () => {
  assert.is(
    toPlaceText(at({ line: 12, column: 20, path: 'users[39].name' }), de),
    'spring.json, Zeile 12, Spalte 20, 40. Person, Name',
  );
  assert.is(
    toPlaceText(at({ line: 3, column: 18, path: 'qualification_end' }), de),
    'spring.json, Zeile 3, Spalte 18, „qualification_end“',
  );
  assert.is(
    toPlaceText(at({ line: 3, column: 18, path: 'users[2].email' }), toReportMessages('en')),
    'spring.json, line 3, column 18, "users[2].email"',
    'a key no user has is said as written',
  );
});

place('a name from a file is shown with its control characters escaped', () => {
  assert.is(toPlaceText(at({ file: 'a\u202eb.csv', line: 2 }), de), 'a\\u202eb.csv, Zeile 2');
});

page.run();
place.run();
