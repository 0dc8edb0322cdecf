// The kinds of value the contest file's fields hold, as zod/mini schemas, and the one description of a field: shared by
// the schema (contest/schema.ts) and the fair contests' fields (fields/fair.ts).
import * as z from 'zod/mini';
import { isShowable, YEARS } from '../instant.ts';
import { LIMITS, MAX_AMOUNT } from '../limits.ts';
import { TARGET_RULE } from '../fair/targets.ts';

/**
 * Attaches the one description of a field: the text contest authors see in their editor (the JSON Schema's
 * `description`).
 */
export function describe<T extends z.ZodMiniType>(schema: T, description: string): T {
  z.globalRegistry.add(schema, { description });
  return schema;
}

// Control characters (U+0000–U+001F, U+007F) show as nothing or break the page's hydration ("\u0000"); a
// description may hold tabs and line breaks. validate.ts names the character found.
export const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/;
export const NO_CONTROL_BUT_LINES = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
export const text = (max = LIMITS.text) => z.string().check(z.regex(NO_CONTROL), z.maxLength(max));
export const paragraph = () => z.string().check(z.regex(NO_CONTROL_BUT_LINES), z.maxLength(LIMITS.description));
export const count = () => z.int().check(z.gte(0));
export const showable = () =>
  z.refine<string>(isShowable, `must be in the years ${YEARS.from} to ${YEARS.to} (in Berlin time)`);
export const dateTime = () => z.iso.datetime({ offset: true });
export const metric = () => z.enum(['profit', 'leadCount']);
export const amount = () => z.number().check(z.gte(-MAX_AMOUNT), z.lte(MAX_AMOUNT));
export const title = () => text().check(z.minLength(1));
export const target = () => z.number().check(z.refine((value) => value > 0 && value <= MAX_AMOUNT, TARGET_RULE));
export const minimum = () => z.strictObject({ leadCount: z.optional(count()), profit: z.optional(amount()) });
