// The shape of src/: folders by stage, dependencies pointing one way, no cycle. Read from the import lines, so a
// change that breaks a rule fails here with the import that breaks it.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { ROOT } from './helpers/files.ts';
import { toCode, toFunctions } from './helpers/functions.ts';

type Import = { from: string; to: string; typeOnly: boolean };

const SRC = join(ROOT, 'src');
const FILES = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((path) => /\.tsx?$/.test(path))
  .map((path) => path.split('\\').join('/'))
  .sort();
// Static imports and re-exports, dynamic import(), and `import type`; a file's own text, comments included, is
// read as is: a specifier in a comment does not look like `from '…'` at a line's start.
const IMPORT =
  /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;

/** Every import of every module: `to` is a path in src/ for relative ones, else the package or `node:` name. */
function toImports(files: readonly string[]): Import[] {
  return files.flatMap((from) =>
    [...readFileSync(join(SRC, from), 'utf8').matchAll(IMPORT)].map((match) => {
      const specifier = match[3] ?? match[4]!;
      const to = specifier.startsWith('.') ? posix.normalize(posix.join(posix.dirname(from), specifier)) : specifier;
      return { from, to, typeOnly: match[2] !== undefined };
    }),
  );
}

const IMPORTS = toImports(FILES);
const folderOf = (path: string) => (path.includes('/') ? path.slice(0, path.indexOf('/')) : '.');
const isSource = (to: string) => FILES.includes(to);
const broken = (rule: (i: Import) => boolean) =>
  IMPORTS.filter(rule).map(({ from, to, typeOnly }) => `src/${from} imports ${typeOnly ? 'type ' : ''}${to}`);

const shape = suite('src/: folders by stage');

shape('the check reads the imports it judges', () => {
  // Without this, a pattern that matched nothing would pass every rule below.
  assert.ok(IMPORTS.some((i) => i.from === 'build.ts' && i.to === 'input/validate.ts'));
  assert.ok(IMPORTS.some((i) => i.from === 'page/client.tsx' && i.to === 'react-dom/client'));
  assert.ok(IMPORTS.some((i) => i.typeOnly));
});

shape('src/ holds at most 4 files beside its folders, and no folder more than 12', () => {
  const counts = new Map<string, number>();
  for (const file of FILES) counts.set(dirname(file), (counts.get(dirname(file)) ?? 0) + 1);
  assert.ok((counts.get('.') ?? 0) <= 4, `src/ has ${counts.get('.')} files`);
  for (const [folder, count] of counts) if (folder !== '.') assert.ok(count <= 12, `src/${folder}/ has ${count} files`);
});

shape('every import of a module names a file that exists', () => {
  const missing = IMPORTS.filter((i) => /\.tsx?$/.test(i.to) && !isSource(i.to));
  assert.equal(
    missing.map((i) => `src/${i.from} imports ${i.to}`),
    [],
  );
});

const rules = suite('dependencies point one way');

rules('no import cycle between modules', () => {
  const next = new Map<string, string[]>(FILES.map((file) => [file, []]));
  for (const { from, to } of IMPORTS) if (isSource(to)) next.get(from)!.push(to);
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (file: string, path: string[]) => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') return void cycles.push([...path.slice(path.indexOf(file)), file].join(' → '));
    state.set(file, 'open');
    for (const to of next.get(file)!) visit(to, [...path, file]);
    state.set(file, 'done');
  };
  for (const file of FILES) visit(file, []);
  assert.equal(cycles, []);
});

rules('nothing outside cli/ imports cli/ (the command layer is the top)', () => {
  assert.equal(
    broken((i) => folderOf(i.from) !== 'cli' && folderOf(i.to) === 'cli' && isSource(i.to)),
    [],
  );
});

rules(
  'page/, the browser bundle, imports no node:, zod, luxon, nor a server folder (of contest/ types, and pure code)',
  () => {
    // A contest/ module whose every import is of a type only, or of another such module: the data's format and the
    // ranking, shared by the server that writes it and the page that reads it (standings.ts, ranking.ts), brings
    // nothing else into the bundle.
    const pure = (to: string, seen = new Set<string>()): boolean =>
      seen.has(to) ||
      IMPORTS.every(
        (i) =>
          i.from !== to ||
          i.typeOnly ||
          (isSource(i.to) && folderOf(i.to) === 'contest' && pure(i.to, new Set([...seen, to]))),
      );
    const allowed = (i: Import) =>
      !isSource(i.to)
        ? !i.to.startsWith('node:') && !i.to.startsWith('zod') && i.to !== 'luxon'
        : folderOf(i.to) === 'page' || (folderOf(i.to) === 'contest' && (i.typeOnly || pure(i.to)));
    assert.equal(
      broken((i) => folderOf(i.from) === 'page' && !allowed(i)),
      [],
    );
  },
);

rules('contest/ (the data rules) imports only contest/ and its libraries', () => {
  assert.equal(
    broken((i) => folderOf(i.from) === 'contest' && isSource(i.to) && folderOf(i.to) !== 'contest'),
    [],
  );
});

rules('output/ (writing files) knows nothing of contests, pages or commands', () => {
  const allowed = (to: string) => !isSource(to) || (['output', '.'].includes(folderOf(to)) && to !== 'build.ts');
  assert.equal(
    broken((i) => folderOf(i.from) === 'output' && !allowed(i.to)),
    [],
  );
});

rules('input/ and bake/ do not reach into each other or output/; only cli/ calls build.ts', () => {
  const across = (from: string, to: string) =>
    (folderOf(from) === 'input' && ['bake', 'output', 'page'].includes(folderOf(to))) ||
    (folderOf(from) === 'bake' && ['input', 'output'].includes(folderOf(to))) ||
    (to === 'build.ts' && folderOf(from) !== 'cli');
  assert.equal(
    broken((i) => isSource(i.to) && across(i.from, i.to)),
    [],
  );
});

// The read step: the only modules of input/ that touch the disk. Every other one is the check, a function of values.
const READ = ['input/read.ts', 'input/file.ts'];
const isCheck = (file: string) => folderOf(file) === 'input' && !READ.includes(file);

rules('read, then check: no check module (input/ but read.ts and file.ts) imports node:fs or the read step', () => {
  assert.ok(
    IMPORTS.some((i) => READ.includes(i.from) && i.to === 'node:fs'),
    'the rule finds the read step',
  );
  assert.equal(
    broken((i) => isCheck(i.from) && (/^node:fs(\/|$)/.test(i.to) || (READ.includes(i.to) && !i.typeOnly))),
    [],
  );
});

rules('read, then check: no check module touches process or asks for the working folder', () => {
  const found = findIn(/\bprocess\b|\bcwd\b/);
  assert.ok(
    found.some(({ file }) => file === 'input/file.ts'),
    'the rule finds the read step',
  );
  assert.equal(
    found.filter(({ file }) => isCheck(file)).map(({ file, line }) => `src/${file}:${line}`),
    [],
  );
});

rules('CSV reading never imports the JSON reader: both take places from input/place.ts', () => {
  const csv = [
    'input/sheets/amount.ts',
    'input/sheets/charset.ts',
    'input/sheets/csv.ts',
    'input/encoding.ts',
    'input/sheets/csv-file.ts',
  ];
  assert.equal(
    broken((i) => csv.includes(i.from) && ['input/json.ts', 'input/positions.ts'].includes(i.to)),
    [],
  );
});

rules('errors.ts and names.ts, which every stage uses, import no module of src/', () => {
  assert.equal(
    broken((i) => ['errors.ts', 'names.ts'].includes(i.from) && isSource(i.to)),
    [],
  );
});

// No V8 flags at run time, and no second way to write standard output or error beside the streams cli/ is given.
rules('nothing sets V8 flags, or writes to standard output or error by its file descriptor', () => {
  assert.equal(
    broken((i) => i.to === 'node:v8'),
    [],
  );
  const found = [...findIn(/\bsetFlagsFromString\b/), ...findIn(/\bwrite(?:v)?Sync\(\s*[12]\s*,/)];
  assert.equal(
    found.map(({ file, line }) => `src/${file}:${line}`),
    [],
  );
});

const rooms = suite('small rooms, and one home for who is where');

const TEXTS = new Map(FILES.map((file) => [file, readFileSync(join(SRC, file), 'utf8')]));
const MAX_FUNCTION = 60;
const MAX_FILE = 300;
/**
 * Rooms over the limits for now, as `src/x.ts f` (or `src/x.ts`) with the size each may not grow beyond: none today.
 * A room that cannot be made small at once gets an entry, removed once the room is small.
 */
const TOO_LARGE_TODAY = new Map<string, number>();

/** Every room over its limit, as `src/x.ts f` (a function) or `src/x.ts` (a file), with its lines. */
function toLarge(): Map<string, number> {
  const large = new Map<string, number>();
  for (const [file, text] of TEXTS) {
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > MAX_FILE) large.set(`src/${file}`, lines);
    for (const { name, first, last } of toFunctions(text))
      if (last - first + 1 > MAX_FUNCTION) large.set(`src/${file} ${name}`, last - first + 1);
  }
  return large;
}

rooms('the scan finds the functions it judges, arrows assigned to a const among them', () => {
  // Without this, a scan that found nothing would pass the rule below.
  const of = (file: string) => toFunctions(TEXTS.get(file)!).map(({ name }) => name);
  assert.ok(of('build.ts').includes('build') && of('build.ts').includes('bakeAll'));
  assert.ok(of('cli/changes.ts').includes('toTerminalName'), 'a const arrow');
  const bake = toFunctions(TEXTS.get('bake/page.ts')!).find(({ name }) => name === 'bake')!;
  assert.is(TEXTS.get('bake/page.ts')!.split('\n')[bake.last - 1], '}', 'a function ends at its closing brace');
});

rooms(`no function in src/ over ${MAX_FUNCTION} lines, no file over ${MAX_FILE} (nor one of today's larger)`, () => {
  const large = toLarge();
  const over = [...large].flatMap(([room, lines]) => {
    const allowed = TOO_LARGE_TODAY.get(room);
    return allowed !== undefined && lines <= allowed ? [] : [`${room}: ${lines} lines`];
  });
  assert.equal(over, []);
  const small = [...TOO_LARGE_TODAY.keys()].filter((room) => !large.has(room));
  assert.equal(small, [], 'small now: remove it from TOO_LARGE_TODAY');
});

/** Each line of `file` whose code (comments left out, strings kept) matches `pattern`, as `src/x.ts:12`. */
function findIn(pattern: RegExp, { strings = false } = {}): { file: string; line: number }[] {
  return [...TEXTS].flatMap(([file, text]) =>
    toCode(text, { strings })
      .split('\n')
      .flatMap((code, at) => (pattern.test(code) ? [{ file, line: at + 1 }] : [])),
  );
}
/** The function of `file` that holds `line`, innermost first. */
function functionAt(file: string, line: number): string | undefined {
  const around = toFunctions(TEXTS.get(file)!).filter(({ first, last }) => first <= line && line <= last);
  return around.at(-1)?.name;
}

rooms("▲ and ▼ are written only where a movement becomes text: the page's Move and the report's toMovementText", () => {
  const homes = ['page/history.tsx Move', 'cli/changes.ts toMovementText'];
  const found = findIn(/[▲▼]/, { strings: true }).map(({ file, line }) => ({ file, line, in: functionAt(file, line) }));
  assert.ok(found.length > 0, 'the arrows are found where they are');
  assert.equal(
    found.filter((at) => !homes.includes(`${at.file} ${at.in}`)).map((at) => `src/${at.file}:${at.line} in ${at.in}`),
    [],
  );
});

rooms('only contest/ranking.ts works out a movement (was against place) or a winner (solo_winners as a bound)', () => {
  const movement = /\bwas\s*(?:[<>]=?|[!=]==|-)\s*(?:\w+\.)?place\b|\bplace\s*(?:[<>]=?|[!=]==|-)\s*(?:\w+\.)?was\b/;
  const winner =
    /Math\.(?:min|max)\([^;]*\bsolo(?:_winners)?\b|\bsolo(?:_winners)?\s*[<>]|[<>]=?\s*(?:\w+\.)*solo(?:_winners)?\b/;
  const found = [...findIn(movement), ...findIn(winner)].map(({ file, line }) => `src/${file}:${line}`);
  assert.ok(
    findIn(movement).some(({ file }) => file === 'contest/ranking.ts'),
    'the rule finds the one home',
  );
  assert.equal(
    found.filter((at) => !at.startsWith('src/contest/ranking.ts:')),
    [],
  );
});

rooms('only contest/numbers.ts rounds an amount to cents: everyone else asks toCents()', () => {
  // `x * 100`, `100 * x` or `1e2` inside a rounding, or two decimals by toFixed.
  const cents = /Math\.(?:round|floor|ceil|trunc)\([^;]*(?:\*\s*(?:100|1e2)\b|\b(?:100|1e2)\s*\*)|\btoFixed\(\s*2\s*\)/;
  const found = findIn(cents).map(({ file, line }) => `src/${file}:${line}`);
  assert.ok(
    found.some((at) => at.startsWith('src/contest/numbers.ts:')),
    'the rule finds the one home',
  );
  assert.equal(
    found.filter((at) => !at.startsWith('src/contest/numbers.ts:')),
    [],
  );
});

rooms('--strict is one pass of the command layer: no code below cli/ and build.ts names strict', () => {
  const below = (file: string) => folderOf(file) !== 'cli' && file !== 'build.ts';
  assert.ok(
    findIn(/\bstrict\b/).some(({ file }) => file === 'build.ts'),
    'the rule finds the pass',
  );
  assert.equal(
    findIn(/\bstrict\b/)
      .filter(({ file }) => below(file))
      .map(({ file, line }) => `src/${file}:${line}`),
    [],
  );
});

shape.run();
rules.run();
rooms.run();
