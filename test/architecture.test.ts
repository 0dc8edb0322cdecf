// The shape of src/: folders by stage, dependencies pointing one way, no cycle. Read from the import lines, so a
// change that breaks a rule fails here with the import that breaks it.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { ROOT } from './helpers/files.ts';

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

shape.run();
rules.run();
