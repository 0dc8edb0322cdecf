import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toJsonSchema } from '../src/schema.ts';
import { validate } from '../src/validate.ts';
import { podium } from './helpers/cli.ts';
import { FIXTURES, ROOT } from './helpers/files.ts';

const SHIPPED = join(ROOT, 'contest.schema.json');

const schema = suite('toJsonSchema()');

schema('is draft-07, and describes every field', () => {
  const json = toJsonSchema() as { $schema: string; properties: Record<string, { description?: string; items?: { properties: Record<string, { description?: string }> } }> };
  assert.is(json.$schema, 'http://json-schema.org/draft-07/schema#');
  const fields = [...Object.entries(json.properties), ...Object.entries(json.properties.users?.items?.properties ?? {})];
  assert.ok(fields.length >= 11);
  for (const [name, field] of fields) assert.ok(field.description, `${name} has no description`);
});

schema('is what the repository ships as contest.schema.json (run "npm run schema" after changing src/contest.ts)', () => {
  assert.equal(JSON.parse(readFileSync(SHIPPED, 'utf8')), toJsonSchema());
});

schema('is printed by podium schema', () => {
  const run = podium(['schema']);
  assert.is(run.status, 0, run.stderr);
  assert.equal(JSON.parse(run.stdout), toJsonSchema());
});

schema('accepts what podium accepts and rejects what it rejects, for the example and every fixture', async () => {
  const ajv = new Ajv({ allErrors: true, strict: false });
  (addFormats as unknown as (ajv: Ajv) => void)(ajv);
  const check = ajv.compile(toJsonSchema());
  const files = [join(ROOT, 'contests/example.json'), ...readdirSync(FIXTURES).map((name) => join(FIXTURES, name))];
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
    assert.is(check(data), strict.invalid === 0, `${file}: ${JSON.stringify(check.errors)}`);
  }
  assert.ok(check(JSON.parse(readFileSync(join(ROOT, 'contests/example.json'), 'utf8'))), 'the example is valid');
});

schema.run();
