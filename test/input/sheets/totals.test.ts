// A spreadsheet's totals and subtotals rows: told by their name, trusted by their figures; and real exports with them
// (test/fixtures/real/totals/, written by openpyxl and LibreOffice, make.sh) baked into pages.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findTotals, isTotalsName } from '../../../src/input/sheets/totals.ts';
import { podium } from '../../helpers/cli.ts';
import { toDocument, toFirstCell } from '../../helpers/dom.ts';
import { FIXTURES, inScratch } from '../../helpers/files.ts';

const named = suite('isTotalsName()');

named('a total and a subtotal by its first or last word, in any case, with a colon or a region', () => {
  const totals = [
    'Gesamt',
    'GESAMT:',
    'Summe',
    'Summe:',
    'Summe West:',
    'Zwischensumme Nord',
    'Nord gesamt',
    'Gesamt-Summe',
    'Gesamtsumme',
    'Gesamtergebnis',
    'Nord Ergebnis',
    'Total',
    'Grand Total',
    'grand total:',
    'Subtotal',
    'Subtotal Nord',
    'Nord Total',
    'Endsumme',
    'Ergebnis',
    'Insgesamt',
    'Nord Result',
    'Grand Sum',
  ];
  for (const name of totals) assert.ok(isTotalsName(name), name);
  const people = [
    'Gesa Mtler',
    'Anna Adler',
    'Summer Smith',
    'Grandt Ergebnisse',
    'Grand Hotel',
    'Totalle',
    'Ergeb Nis',
  ];
  for (const name of people) assert.not.ok(isTotalsName(name), name);
});

named('with any space around it that trim() takes, between its words too', () => {
  const spaces = Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code)).filter((c) => c.trim() === '');
  assert.ok(spaces.length > 20, 'every space and line end of Unicode, the no-break and ideographic ones too');
  for (const space of spaces) {
    const names = [`${space}Gesamt${space}`, `${space}${space}Summe:`, `Total${space}Nord`, `Nord${space}Total`];
    assert.ok(names.every(isTotalsName), JSON.stringify(space));
    assert.not.ok(isTotalsName(`Gesa${space}Mtler`), JSON.stringify(space));
  }
});

const finding = suite('findTotals()');
const row = (name: string, leadCount: number, profit: number) => ({ name, leadCount, profit });

finding('a grand total, subtotals and the grand total over them, nested subtotals: sums, to the cent', () => {
  const grand = [row('A', 3, 0.1), row('B', 2, 0.2), row('Gesamt', 5, 0.3)];
  assert.equal(findTotals(grand), { sums: [2], wrong: [], looksLike: undefined }, '0.1 + 0.2 is 0,30 €');
  const regions = [
    row('A', 3, 30),
    row('B', 2, 20),
    row('Nord Ergebnis', 5, 50),
    row('C', 1, 10),
    row('Süd Ergebnis', 1, 10),
    row('Gesamtergebnis', 6, 60),
  ];
  assert.equal(findTotals(regions).sums, [2, 4, 5]);
  const teams = [
    row('A', 3, 30),
    row('Team 1 Summe', 3, 30),
    row('B', 2, 20),
    row('Team 2 Summe', 2, 20),
    row('Nord gesamt', 5, 50),
    row('Grand Total', 5, 50),
  ];
  assert.equal(findTotals(teams).sums, [1, 3, 4, 5], 'a region over its teams, the grand total over all');
});

finding('a total that is no sum: its run said; a total above everyone, or of no one, is none', () => {
  const stale = [row('A', 3, 30), row('B', 2, 20), row('Gesamt', 4, 50)];
  assert.equal(findTotals(stale).wrong, [{ at: 2, run: { leadCount: 5, cents: 5000 }, since: undefined }]);
  const later = [row('A', 3, 30), row('Summe Nord', 3, 30), row('B', 2, 20), row('Summe Süd', 2, 25)];
  assert.equal(findTotals(later).wrong, [{ at: 3, run: { leadCount: 2, cents: 2000 }, since: 1 }]);
  assert.equal(findTotals([row('Gesamt', 5, 50), row('A', 3, 30), row('B', 2, 20)]).wrong.length, 1, 'above');
  assert.equal(findTotals([row('A', 3, 30), row('Summe', 3, 30), row('Gesamt', 0, 0)]).wrong.length, 1, 'of no one');
});

finding('a person is never a total: at most the last row under three others that holds their sum', () => {
  const first = [row('Anna', 3, 30), row('Ben', 2, 20), row('Carl', 1, 10)];
  assert.equal(findTotals(first), { sums: [], wrong: [], looksLike: undefined }, 'the first of three: a person');
  const last = [row('Anna', 3, 300), row('Ben', 2, 200), row('Carl', 1, 100), row('Vertrieb Nord', 6, 600)];
  assert.is(findTotals(last).looksLike, 3);
  assert.is(findTotals(last.slice(1)).looksLike, undefined, 'under two others: a person (2 + 1 = 3 by chance)');
  const noVolume = [row('Anna', 3, 0), row('Ben', 2, 0), row('Carl', 1, 0), row('Dora', 6, 0)];
  assert.is(findTotals(noVolume).looksLike, undefined, 'leads alone add up by chance');
});

const baked = suite('real exports with totals rows, baked');

/** `podium build` of a contest whose users are the fixture `users`: the CLI's lines, the page's rows. */
const bake = (users: string, rules: object = { ranking: 'profit' }) =>
  inScratch(async (dir) => {
    copyFileSync(join(FIXTURES, 'real/totals', users), join(dir, users));
    const head = JSON.parse(readFileSync(join(FIXTURES, 'valid.json'), 'utf8')) as object;
    writeFileSync(join(dir, 'c.json'), JSON.stringify({ ...head, solo_winners: 2, ...rules, users }));
    const run = await podium(['build', join(dir, 'c.json'), '--out', join(dir, 'out')], {
      env: { NO_COLOR: '1' },
    });
    const page = join(dir, 'out/index.html');
    const rows = existsSync(page)
      ? [...toDocument(readFileSync(page, 'utf8')).querySelectorAll('tbody tr')].map((tr) => toFirstCell(tr).name)
      : undefined;
    const said = (text: string) => text.replaceAll(`${dir}/`, '').trimEnd().split('\n');
    return { status: run.status, stdout: said(run.stdout), stderr: said(run.stderr), rows };
  });

const PEOPLE = ['Anna Adler', 'Ben Braun', 'Carla Christ', 'Emil Ernst', 'Dora Dietz'].sort();
const BY_VOLUME = ['Ben Braun', 'Anna Adler', 'Carla Christ', 'Emil Ernst', 'Dora Dietz'];

baked('subtotals named as people name them, each a SUBTOTAL formula: left out, each with a note', async () => {
  for (const [users, at] of [
    ['subtotals-named.csv', (line: number) => `subtotals-named.csv:${line}:1`],
    ['subtotals-named-libreoffice.xlsx', (line: number) => `subtotals-named-libreoffice.xlsx: Tabelle1!A${line}`],
  ] as const) {
    const { status, stderr, stdout, rows } = await bake(users);
    assert.is(status, 0, users);
    assert.equal(rows, BY_VOLUME, 'the page shows the people, by volume, and no totals row');
    assert.equal(stderr, [
      `${at(4)}: note: users[2]: "Zwischensumme Nord" (21 leads, 99.200,50 €) is the sum of the rows above it: left out`,
      `${at(7)}: note: users[5]: "Süd gesamt" (19 leads, 51.900,25 €) is the sum of the rows above it: left out`,
      `${at(9)}: note: users[7]: "Summe West:" (7 leads, 22.450,00 €) is the sum of the rows above it: left out`,
      `${at(10)}: note: users[8]: "Gesamt-Summe" (47 leads, 173.550,75 €) is the sum of the rows above it: left out`,
    ]);
    assert.match(stdout[0]!, 'out/index.html  5 users · 2 winners');
  }
});

baked("LibreOffice's Data → Subtotals: its labels in the column it groups by, the names empty", async () => {
  for (const users of ['subtotals-libreoffice.xlsx', 'subtotals-libreoffice.csv']) {
    const { status, stderr, rows } = await bake(users);
    assert.is(status, 0, users);
    assert.equal([...rows!].sort(), PEOPLE, users);
    assert.equal(rows, BY_VOLUME, users);
    const notes = stderr.filter((line) => line.includes('left out'));
    assert.equal(
      notes.map((line) => line.replace(/^.*?users\[\d\]: /, '')),
      [
        '"Nord Result" (21 leads, 99.200,50 €) is the sum of the rows above it: left out',
        '"Süd Result" (19 leads, 51.900,25 €) is the sum of the rows above it: left out',
        '"West Result" (7 leads, 22.450,00 €) is the sum of the rows above it: left out',
        '"Grand Sum" (47 leads, 173.550,75 €) is the sum of the rows above it: left out',
      ],
      users,
    );
  }
});

baked('a total that is no sum of the rows above it is an error at its row: exit 1, nothing written', async () => {
  const csv = await bake('total-stale.csv');
  assert.equal([csv.status, csv.rows], [1, undefined]);
  const message =
    'users[3]: "Gesamt" (35 leads, 139.100,75 €) is named as a total, but is not the sum of the rows above it (36 leads, 139.100,75 €): podium cannot tell a total from a person; correct its figures, or delete the row from the export';
  assert.equal(csv.stderr[0], `total-stale.csv:5:1: ${message}`);
  const xlsx = await bake('total-stale-libreoffice.xlsx');
  assert.equal([xlsx.status, xlsx.rows], [1, undefined]);
  assert.equal(xlsx.stderr[0], `total-stale-libreoffice.xlsx: Tabelle1!A5: ${message}`);
});

baked('people whose figures add up: the first of three is a person; the last under three, a warning', async () => {
  const first = await bake('person-sum.csv');
  assert.equal([first.status, first.stderr, first.rows], [0, [''], ['Anna Adler', 'Ben Braun', 'Carla Christ']]);
  const last = await bake('person-last-sum.csv');
  assert.equal(last.rows, ['Vertrieb Nord', 'Anna Adler', 'Ben Braun', 'Carla Christ']);
  assert.equal(last.stderr, [
    'person-last-sum.csv:5:1: warning: users[3]: "Vertrieb Nord" (6 leads, 600,00 €) holds the sum of the rows above it: if it is a totals row, name it "Gesamt" in the export and podium leaves it out; a person stays in the ranking [sum of the rows above: Vertrieb Nord]',
  ]);
});

named.run();
finding.run();
baked.run();
