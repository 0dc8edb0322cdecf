// The contest file's JSON Schema (draft-07), generated from the zod schema, for editors to complete and check.
import * as z from 'zod/mini';
import { schemas } from './schema.ts';

type ObjectSchema = Record<string, unknown> & {
  properties: Record<string, ObjectSchema & { anyOf?: (ObjectSchema & { items?: ObjectSchema })[] }>;
};

export function toJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(schemas().ContestFileSchema, { target: 'draft-7', io: 'input' }) as ObjectSchema;
  const users = schema.properties.users?.anyOf?.[0]?.items; // the list; the other choice is a CSV file's path
  // Unknown keys are most likely typos (podium warns of them); editors then underline them as one types.
  if (users) users.additionalProperties = false;
  return {
    ...schema,
    additionalProperties: false,
    title: 'Podium contest',
    description:
      'One sales contest: the texts of its leaderboard page and its salespeople. Bake it with `podium build`.',
    // Editors follow "$schema" in the file itself; it is the one key beyond the contest's own.
    properties: {
      $schema: { type: 'string', description: 'Where editors find this schema, e.g. "../contest.schema.json".' },
      ...schema.properties,
    },
  };
}
