// An older Stand's places: an export read a row at a time where a check of the whole file would say nothing (but
// its ignored columns) gives the places the whole check's users give, ranked and matched; any other file is left to
// the whole check. Of the previous Stand, such an export gives the whole check's users.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { LIMITS } from '../../../src/contest/limits.ts';
import type { Rules } from '../../../src/contest/ranking.ts';
import { toIndex, toKey, toPlaces } from '../../../src/contest/standings.ts';
import { toLine } from '../../../src/errors.ts';
import { toCleanUsers, toOlderKey, toOlderPlaces, toRanked } from '../../../src/input/sheets/older.ts';
import { IGNORED, type Mapping } from '../../../src/input/sheets/columns.ts';
import { checkSheet } from '../../../src/input/users.ts';
import { seeded } from '../../helpers/seeded.ts';

const CONTEST = '/contests/spring.json';
const FILE = '/contests/spring/2027-03-04.csv';
const SOLO = 3;

/** The newest Stand's people, whose places an older Stand gives: a name twice among them, and one in NFD. */
const NEWEST = ['Anna Meier', 'Jörg Größ', 'Zoë Brandt', 'Ben Ott', 'Ben Ott', 'Çağla Yıldız', 'Lea Wolf', 'Tim Roth'];
const CURRENT = { index: toIndex(NEWEST.map((name) => ({ name }))).index, count: NEWEST.length };

/** What a whole check of the file gives: its places (none where it says something), and what it says. */
async function toWhole(bytes: Uint8Array, mapping: Mapping, solo: number, rules: Rules) {
  const checked = await checkSheet(CONTEST, 'spring/2027-03-04.csv', { bytes }, mapping);
  const said = checked.problems.filter(({ key }) => key !== IGNORED).map(toLine);
  if (!checked.users || said.length > 0) return { said };
  const { users, ranking } = toRanked(checked.users, solo, rules);
  return { said, places: [...toPlaces(CURRENT.index, CURRENT.count, users, ranking.places)] };
}

const RULES: Rules[] = [
  {},
  { ranking: 'as given' },
  { ranking: 'profit' },
  { ranking: ['leadCount', 'profit'], ties: 'list order' },
  { ranking: 'profit', minimum: { leadCount: 20 } },
];
/** Names of older Stands: the newest's, some written otherwise (spaces, NFD), some not in it, and a "?" of Excel's. */
const NAMES = [...NEWEST, ' Anna Meier ', 'Zoe\u0308 Brandt', 'Nina Berg', 'Ça?la Yıldız', 'Lea Wolf'];

type Made = { bytes: Uint8Array; mapping: Mapping; rules: Rules; plain: boolean };

/**
 * An export as people's exports come: its delimiter and notation, line ends, a byte-order mark, optional columns, a
 * team's own titles, and now and then something a check has to say (a `plain` file has none that it may say of a
 * file as a whole: no quote, no Windows-1252, its header the first row).
 */
function toExport(seed: number): Made {
  const { next, below } = seeded(seed);
  const pick = <T>(list: readonly T[]): T => list[below(list.length)]!;
  const rare = () => next() < 0.04;
  const delimiter = pick([';', ';', ',', '\t']);
  const comma = delimiter !== ',';
  const end = pick(['\r\n', '\n', '\r']);
  const own = next() < 0.2;
  const mapping: Mapping = own ? { name: 'Vertriebler', profit: next() < 0.3 ? null : 'Umsatz' } : undefined;
  const titles = [own ? 'Vertriebler' : pick(['Name', 'name']), pick(['Anzahl Eigenleads', 'leadCount'])];
  if (mapping?.profit !== null) titles.push(own ? 'Umsatz' : 'Summe Netto-Volumen AB');
  const extra = next() < 0.2 ? pick(['Region', 'Alias', 'Anonym', '']) : undefined;
  if (extra !== undefined) titles.push(extra);
  let [plain, quoted, windows] = [true, false, false];
  if (rare()) titles[1] = 'Anzahl Eigenlead'; // a near miss
  if (rare()) titles.pop(); // a column missing, or the extra one
  const lines = [titles.join(delimiter)];
  if (rare()) [lines[0], plain] = [`Bericht März${end}${lines[0]}`, false]; // a report's title above the header
  const rows = below(12);
  for (let row = 0; row < rows; row += 1) {
    let name = pick(NAMES);
    let leads = String(below(40));
    const cents = below(5_000_000);
    let profit = comma
      ? `${Math.floor(cents / 100).toLocaleString('de-DE')},${String(cents % 100).padStart(2, '0')}${pick(['', ' €'])}`
      : `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    if (rare()) profit = comma ? '12,345' : '12.345'; // more than two decimals
    if (rare()) profit = 'viel';
    if (rare()) leads = pick(['-3', comma ? '2,5' : '2.5', '', 'x']);
    if (rare()) name = pick(['', 'x'.repeat(LIMITS.name + 1), 'Anna\u0007Meier', 'Anna "A" Meier']);
    // A quoted cell: the delimiter, a line break or a quote inside it are the cell's.
    if (rare()) name = pick([`"${name}"`, `"${name}${delimiter} Nord"`, `"${name}${end}Nord"`, `"${name} ""A"""`]);
    if (name.includes('"')) quoted = true;
    if (name.includes('?')) windows = next() < 0.5;
    const cells = [name, leads, ...(mapping?.profit === null ? [] : [profit])];
    if (extra !== undefined) cells.push(next() < 0.5 ? pick(['Nord', 'ja', 'x', ' ']) : '');
    lines.push(rare() ? cells.map(() => '').join(delimiter) : cells.join(delimiter)); // an empty row, or the row
    if (rare()) lines.push(''); // a blank line
  }
  const text = lines.join(end) + (next() < 0.5 ? end : '');
  const bom = !windows && next() < 0.3 ? '\ufeff' : '';
  // Excel's plain "CSV": Windows-1252, where "ğ" has no byte and is written "?".
  const bytes = windows ? Buffer.from(text.replace(/[^\u0000-\u00ff]/g, '?'), 'latin1') : Buffer.from(bom + text);
  return { bytes, mapping, rules: pick(RULES), plain: plain && !quoted && !windows };
}

const older = suite('toOlderPlaces()');

older('gives the places of a whole check wherever that says nothing; leaves every other file to it', async () => {
  const counts = { fast: 0, said: 0 };
  for (let seed = 1; seed <= 3000; seed += 1) {
    const { bytes, mapping, rules, plain } = toExport(seed);
    const fast = await toOlderPlaces(FILE, { bytes }, { mapping, solo: SOLO, rules }, CURRENT);
    const whole = await toWhole(bytes, mapping, SOLO, rules);
    const shown = `seed ${seed}: ${JSON.stringify(Buffer.from(bytes).toString('latin1'))}`;
    if (fast === undefined) {
      assert.ok(!plain || !whole.places, `${shown}: a plain file the whole check has nothing to say of, refused`);
      if (whole.said.length > 0) counts.said += 1;
      continue;
    }
    assert.ok(fast !== null, shown);
    assert.equal(whole.said, [], `${shown}: taken, yet the whole check says`);
    assert.equal([...fast], whole.places, shown);
    counts.fast += 1;
  }
  // Both kinds, often: each rule above refuses some files and lets others through.
  console.log(counts);
  assert.ok(counts.fast > 1000 && counts.said > 500, JSON.stringify(counts));
});

older(
  'a Stand older than the trend: null, nothing matched, for a file the whole check has nothing to say of',
  async () => {
    const bytes = Buffer.from('Name;Anzahl Eigenleads;Summe Netto-Volumen AB\nAnna Meier;3;10,00\n');
    assert.is(await toOlderPlaces(FILE, { bytes }, { mapping: undefined, solo: SOLO, rules: {} }, undefined), null);
    const bad = Buffer.from('Name;Anzahl Eigenleads;Summe Netto-Volumen AB\nAnna Meier;-3;10,00\n');
    assert.is(
      await toOlderPlaces(FILE, { bytes: bad }, { mapping: undefined, solo: SOLO, rules: {} }, undefined),
      undefined,
    );
  },
);

older('more people than a contest holds, a workbook, a .json Stand and a file not read: the whole check', async () => {
  const row = 'Anna Meier;3;10,00\n';
  const many = Buffer.from(`Name;Anzahl Eigenleads;Summe Netto-Volumen AB\n${row.repeat(LIMITS.users + 1)}`);
  const options = { mapping: undefined, solo: SOLO, rules: {} };
  assert.is(await toOlderPlaces(FILE, { bytes: many }, options, CURRENT), undefined);
  const fits = Buffer.from(`Name;Anzahl Eigenleads;Summe Netto-Volumen AB\n${row.repeat(LIMITS.users)}`);
  assert.ok(await toOlderPlaces(FILE, { bytes: fits }, options, CURRENT));
  const bytes = Buffer.from('Name;Anzahl Eigenleads;Summe Netto-Volumen AB\nAnna Meier;3;10,00\n');
  for (const file of ['/contests/spring/2027-03-04.xlsx', '/contests/spring/2027-03-04.json'])
    assert.is(await toOlderPlaces(file, { bytes }, options, CURRENT), undefined, file);
  assert.is(await toOlderPlaces(FILE, { unreadable: 'a link' }, options, CURRENT), undefined);
  assert.is(await toOlderPlaces(FILE, undefined, options, CURRENT), undefined);
});

older.run();

const clean = suite('toCleanUsers()');

clean('gives the users of a whole check wherever that says nothing; leaves every other file to it', async () => {
  const counts = { fast: 0, said: 0 };
  for (let seed = 1; seed <= 3000; seed += 1) {
    const { bytes, mapping, plain } = toExport(seed);
    const fast = await toCleanUsers(FILE, { bytes }, mapping);
    const whole = await checkSheet(CONTEST, 'spring/2027-03-04.csv', { bytes }, mapping);
    const said = whole.problems.filter(({ key }) => key !== IGNORED).map(toLine);
    const shown = `seed ${seed}: ${JSON.stringify(Buffer.from(bytes).toString('latin1'))}`;
    if (fast === undefined) {
      assert.ok(!plain || said.length > 0, `${shown}: a plain file the whole check has nothing to say of, refused`);
      counts.said += 1;
      continue;
    }
    assert.equal(said, [], `${shown}: taken, yet the whole check says`);
    // The same users, their keys in the same order (the page's data is their JSON).
    assert.is(JSON.stringify(fast), JSON.stringify(whole.users), shown);
    counts.fast += 1;
  }
  console.log(counts);
  assert.ok(counts.fast > 1000 && counts.said > 500, JSON.stringify(counts));
});

clean('more people than a contest holds, a workbook, a .json Stand and a file not read: the whole check', async () => {
  const row = 'Anna Meier;3;10,00\n';
  const many = Buffer.from(`Name;Anzahl Eigenleads;Summe Netto-Volumen AB\n${row.repeat(LIMITS.users + 1)}`);
  assert.is(await toCleanUsers(FILE, { bytes: many }, undefined), undefined);
  const fits = Buffer.from(`Name;Anzahl Eigenleads;Summe Netto-Volumen AB\n${row.repeat(LIMITS.users)}`);
  assert.is((await toCleanUsers(FILE, { bytes: fits }, undefined))?.length, LIMITS.users);
  const bytes = Buffer.from('Name;Anzahl Eigenleads;Summe Netto-Volumen AB\nAnna Meier;3;10,00\n');
  for (const file of ['/contests/spring/2027-03-04.xlsx', '/contests/spring/2027-03-04.json'])
    assert.is(await toCleanUsers(file, { bytes }, undefined), undefined, file);
  assert.is(await toCleanUsers(FILE, { unreadable: 'a link' }, undefined), undefined);
  assert.is(await toCleanUsers(FILE, undefined, undefined), undefined);
});

clean.run();

const key = suite('toOlderKey()');

key(
  'is toKey() of every character to U+FFFF, of every pair of one below U+0300 and one below U+0370, and of names',
  () => {
    const texts: string[] = [];
    for (let code = 0; code <= 0xffff; code += 1) texts.push(String.fromCharCode(code));
    for (let first = 0; first < 0x300; first += 1)
      for (let second = 0; second < 0x370; second += 1) texts.push(String.fromCharCode(first, second));
    // Spaces around, NFD's letters and marks, a lone surrogate, an astral letter.
    texts.push(
      ' Jörg Müller\u00a0',
      'Jo\u0308rg',
      'A\u030a',
      '\u212b',
      'Yılmaz Łukasz Øster Weiß',
      '\ud800x',
      '𝔄nna',
      '',
    );
    for (const text of texts) assert.is(toOlderKey(text), toKey(text), JSON.stringify(text));
    assert.is(texts.length, 65_536 + 0x300 * 0x370 + 8);
  },
);

key.run();
