// Contest text → validated Contest. Every problem is reported with the line and column of the value at fault.
import type * as z from 'zod/mini';
import { ContestSchema, type Contest } from './contest.ts';
import { ContestError, type Problem } from './errors.ts';
import { JsonSyntaxError, locate, parseJson, type Key } from './json.ts';

/** Parses and validates one contest file's text; throws a ContestError listing every problem. */
export function load(text: string, file: string): Contest {
  let data: unknown;
  try {
    data = parseJson(text);
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    throw new ContestError([{ file, ...error.position, path: '', message: error.message, severity: 'error' }]);
  }
  const result = ContestSchema.safeParse(data);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => toProblem(issue, data, text, file));
  throw new ContestError(problems.sort((a, b) => a.line - b.line || a.column - b.column));
}

function toProblem(issue: z.core.$ZodIssue, data: unknown, text: string, file: string): Problem {
  const path = issue.path as Key[];
  const value = valueAt(data, path);
  const missing = value === undefined && path.length > 0;
  // A missing key has no place of its own: point at the object that lacks it.
  const position = locate(text, missing ? path.slice(0, -1) : path);
  return { file, ...position, path: toPath(path), message: toMessage(issue, value, missing), severity: 'error' };
}

function toMessage(issue: z.core.$ZodIssue, value: unknown, missing: boolean): string {
  if (missing) return 'required, but missing';
  if (issue.code === 'invalid_type') {
    if (typeof value === 'number' && !Number.isFinite(value)) return 'the number is too large';
    return `expected ${describeType(issue.expected)}, got ${describeValue(value)}`;
  }
  if (issue.code === 'invalid_format' && issue.format === 'datetime') {
    return `expected a date and time with offset, like "2027-03-31T18:45:00+02:00", got ${describeValue(value)}`;
  }
  if (issue.code === 'too_small' && issue.origin === 'string') return 'must not be empty';
  if (issue.code === 'too_small' && issue.origin === 'number') return `must be ${issue.minimum} or more, got ${describeValue(value)}`;
  return issue.message;
}

const TYPES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  object: 'an object ({ … })',
  array: 'a list ([ … ])',
};

function describeType(expected: string): string {
  return TYPES[expected] ?? expected;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  switch (typeof value) {
    case 'string':
      return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
    case 'number':
      return `the number ${value}`;
    case 'boolean':
      return `the value ${value}`;
    case 'object':
      return 'an object';
    default:
      return String(value);
  }
}

function valueAt(data: unknown, path: readonly Key[]): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<Key, unknown>)[key];
  }
  return value;
}

/** `['users', 2, 'leadCount']` → `users[2].leadCount`. */
export function toPath(path: readonly Key[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(key)) out += out ? `.${key}` : key;
    else out += `[${JSON.stringify(key)}]`;
  }
  return out;
}
