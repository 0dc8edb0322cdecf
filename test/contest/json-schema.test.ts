import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toJsonSchema } from '../../src/contest/json-schema.ts';
import { validate } from '../helpers/validate.ts';
import { spawnPodium } from '../helpers/cli.ts';
import { FIXTURES, ROOT } from '../helpers/files.ts';

const SHIPPED = join(ROOT, 'contest.schema.json');

const schema = suite('toJsonSchema()');

schema('is draft-07, and describes every field', () => {
  type Field = {
    description?: string;
    anyOf?: { description?: string; items?: { properties: Record<string, Field> } }[];
  };
  const json = toJsonSchema() as { $schema: string; properties: Record<string, Field> };
  assert.is(json.$schema, 'http://json-schema.org/draft-07/schema#');
  const [list, csv, folder] = json.properties.users?.anyOf ?? [];
  const fields = [
    ...Object.entries(json.properties),
    ...Object.entries(list?.items?.properties ?? {}),
    ['users (a CSV file)', csv ?? {}] as const,
    ['users (a history folder)', folder ?? {}] as const,
  ];
  assert.ok(fields.length >= 11);
  for (const [name, field] of fields) assert.ok(field.description, `${name} has no description`);
});

schema(
  'is what the repository ships as contest.schema.json (run "npm run schema" after changing src/contest.ts)',
  () => {
    assert.equal(JSON.parse(readFileSync(SHIPPED, 'utf8')), toJsonSchema());
  },
);

// The installed bin: its lib/schema.cjs, loaded only for this command, is what `npm run schema` prints.
schema('is printed by podium schema', () => {
  const run = spawnPodium(['schema']);
  assert.is(run.status, 0, run.stderr);
  assert.equal(JSON.parse(run.stdout), toJsonSchema());
});

schema('accepts what podium accepts and rejects what it rejects, for the example and every fixture', async () => {
  const ajv = new Ajv({ allErrors: true, strict: false });
  (addFormats as unknown as (ajv: Ajv) => void)(ajv);
  const check = ajv.compile(toJsonSchema());
  // The fixture files, not their folders (real/: files real programs wrote).
  const fixtures = readdirSync(FIXTURES, { withFileTypes: true }).filter((entry) => entry.isFile());
  const files = [join(ROOT, 'contests/example.json'), ...fixtures.map(({ name }) => join(FIXTURES, name))];
  for (const file of files) {
    const bytes = readFileSync(file);
    let data: unknown;
    try {
      data = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    } catch {
      continue; // bytes that are not UTF-8, or a syntax error, are no schema's business
    }
    const strict = await validate([{ file, bytes }], { strict: true });
    // Duplicate keys are invisible after parsing; the editor's JSON checker reports those.
    if (strict.problems.some((problem) => problem.message.startsWith('duplicate key'))) continue;
    // The years a page can show are counted in Berlin time (9999-12-31T23:30:00-01:00 is 10000 there): beyond a
    // pattern; the field's description says it.
    if (strict.problems.some((problem) => problem.message.startsWith('must be in the years'))) continue;
    // What a CSV file that `users` names holds is no schema's business either: only the contest file's own problems
    // count.
    const own = strict.problems.filter((problem) => problem.file === file && problem.severity === 'error');
    assert.is(check(data), own.length === 0, `${file}: ${JSON.stringify(check.errors)}`);
  }
  assert.ok(check(JSON.parse(readFileSync(join(ROOT, 'contests/example.json'), 'utf8'))), 'the example is valid');
});

schema('allows users as a list, the path of a .csv file or the path of a folder, and nothing else', () => {
  const ajv = new Ajv({ strict: false });
  (addFormats as unknown as (ajv: Ajv) => void)(ajv);
  const check = ajv.compile(toJsonSchema());
  const contest = JSON.parse(readFileSync(join(ROOT, 'contests/autumn.json'), 'utf8')) as Record<string, unknown>;
  assert.ok(check(contest), JSON.stringify(check.errors));
  for (const users of [
    'spring-users.csv',
    '../exports/Herbst 2027.CSV',
    'Bericht.xlsx',
    'Bericht.xlsx#Tabelle2',
    [],
    'spring/',
    '../exports/Frühjahr 2027/',
  ])
    assert.ok(check({ ...contest, users }), JSON.stringify(users));
  for (const users of ['users.xls', 'users.xlsx.bak', 'users.csv.bak', 'users', 42, {}])
    assert.not.ok(check({ ...contest, users }), JSON.stringify(users));
});

schema.run();
