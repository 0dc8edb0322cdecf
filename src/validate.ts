// The validate step, the one entry point for build, validate and dev: contest texts → valid contests, and every
// problem of every file, placed at the line and column of the value at fault.
import type * as z from 'zod/mini';
import { ContestSchema, CSV_FILE, UserSchema, type Contest } from './contest.ts';
import type { Problem } from './errors.ts';
import { findDuplicateKeys, locate, parseJson, type Key, type Target } from './json.ts';
import type { Source } from './read.ts';

export type ValidateOptions = { strict?: boolean };
/** A valid contest and the subfolder its page goes to ('' for a single contest). */
export type Named = { name: string; contest: Contest };
/**
 * The valid contests, every problem of every file (errors and warnings), how many files are invalid, and the CSV
 * files the contests name for their users (read or not: podium dev watches them).
 */
export type Validated = { contests: Named[]; problems: Problem[]; invalid: number; sheets: string[] };

const CONTEST_KEYS = [...Object.keys(ContestSchema.shape), '$schema'];
const USER_KEYS = Object.keys(UserSchema.shape);

/** Checks every source; never throws for bad data. With `strict`, warnings count as errors. */
export async function validate(sources: readonly Source[], { strict = false }: ValidateOptions = {}): Promise<Validated> {
  const validated: Validated = { contests: [], problems: [], invalid: 0, sheets: [] };
  for (const { file, text, name = '' } of sources) {
    // A contest keeps only the name of its source: the text, large for a large contest, is not needed once parsed.
    const { contest, problems, sheet } = await check(text, file, strict);
    if (sheet) validated.sheets.push(sheet); // issue 13
    for (const problem of problems) validated.problems.push(problem); // not push(...): more problems than a call takes arguments
    if (contest) validated.contests.push({ name, contest });
    else validated.invalid += 1;
  }
  return validated;
}

async function check(text: string, file: string, strict: boolean): Promise<{ contest?: Contest; problems: Problem[]; sheet?: string }> {
  const parsed = await parseJson(text);
  if ('syntax' in parsed) return { problems: [{ file, ...parsed.syntax.position, path: '', message: parsed.syntax.message, severity: 'error' }] };
  // Issue 13: `"users": "x.csv"` reads the users from that file; the schema checks them, and their problems are placed in it.
  const sheet = isObject(parsed.data) && typeof parsed.data.users === 'string' && CSV_FILE.test(parsed.data.users) ? (await import('./sheet.ts')).loadSheet(file, parsed.data.users, strict) : undefined;
  const data = sheet ? { ...(parsed.data as object), users: sheet.users } : parsed.data;
  type Found = { target: Target; path: string; message: string; severity: Problem['severity'] };
  const found: Found[] = [];
  const result = ContestSchema.safeParse(data);
  for (const issue of result.success ? [] : result.error.issues) {
    const path = issue.path as Key[];
    const value = valueAt(data, path);
    const missing = value === undefined && path.length > 0;
    if (sheet && path[0] === 'users') {
      sheet.problems.push(sheet.place(path, toMessage(issue, value, missing))); // issue 13: at its cell of the CSV file
      continue;
    }
    // A missing key has no place of its own: locating its path stops at the object that lacks it.
    found.push({ target: { path }, path: toPath(path), message: toMessage(issue, value, missing), severity: 'error' });
  }
  for (const { path, key } of unknownKeys(data)) {
    const hint = suggest(key, path.length === 0 ? CONTEST_KEYS : USER_KEYS);
    const message = `unknown key ${JSON.stringify(key)}${hint ? ` (did you mean ${JSON.stringify(hint)}?)` : ''}`;
    found.push({ target: { path: [...path, key], key: true }, path: toPath(path), message, severity: strict ? 'error' : 'warning' });
  }
  if (sheet?.unreadable) found.push({ target: { path: ['users'] }, path: 'users', message: `cannot read ${sheet.file}: ${sheet.unreadable}`, severity: 'error' }); // issue 13
  const problems: Problem[] = (await findDuplicateKeys(text, parsed.data)).map(({ path, position }) => {
    const key = String(path.at(-1));
    return { file, ...position, path: toPath(path.slice(0, -1)), message: `duplicate key ${JSON.stringify(key)}: only its last value counts, the earlier one is lost`, severity: 'error' };
  });
  const positions = await locate(text, found.map((f) => f.target));
  found.forEach((f, i) => problems.push({ file, ...positions[i]!, path: f.path, message: f.message, severity: f.severity }));
  problems.sort((a, b) => a.line - b.line || a.column - b.column);
  for (const problem of sheet?.problems.sort((a, b) => a.line - b.line || a.column - b.column) ?? []) problems.push(problem); // issue 13: the CSV file's, after the contest file's
  const valid = result.success && !problems.some((problem) => problem.severity === 'error');
  return { contest: valid ? toWellFormed(result.data, text) : undefined, problems, sheet: sheet?.file };
}

// A lone surrogate (only a "\ud800"-style escape makes one) is shown as U+FFFD by the page; the data must say the
// same, or hydration finds a different text.
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F][0-9a-fA-F]{2}/;

function toWellFormed(contest: Contest, text: string): Contest {
  if (!SURROGATE_ESCAPE.test(text)) return contest;
  const fix = (value: string) => (value.isWellFormed() ? value : value.toWellFormed());
  return {
    ...contest,
    title: fix(contest.title),
    heading: fix(contest.heading),
    journey_date_text: fix(contest.journey_date_text),
    description: fix(contest.description),
    qualification_date_text: fix(contest.qualification_date_text),
    users: contest.users.map((user) => ({ ...user, name: fix(user.name) })),
  };
}

/** Keys the schema does not know, most likely typos: on the contest, and on each user. `$schema` is known. */
function unknownKeys(data: unknown): { path: Key[]; key: string }[] {
  const unknown: { path: Key[]; key: string }[] = [];
  if (!isObject(data)) return unknown;
  for (const key of Object.keys(data)) if (!CONTEST_KEYS.includes(key)) unknown.push({ path: [], key });
  const users = data.users;
  if (Array.isArray(users)) {
    users.forEach((user, index) => {
      if (!isObject(user)) return;
      for (const key of Object.keys(user)) if (!USER_KEYS.includes(key)) unknown.push({ path: ['users', index], key });
    });
  }
  return unknown;
}

/** The known key closest to `key`: the same but for case, or at most two edits away. */
export function suggest(key: string, known: readonly string[]): string | undefined {
  const lower = key.toLowerCase();
  const same = known.find((candidate) => candidate.toLowerCase() === lower);
  if (same) return same;
  let best: string | undefined;
  let bestDistance = Math.min(2, Math.floor(key.length / 3));
  for (const candidate of known) {
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance <= bestDistance) [best, bestDistance] = [candidate, distance - 1];
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
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

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
