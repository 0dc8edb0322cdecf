// The validate step, the one entry point for build, validate and dev: contest files' bytes → valid contests, and
// every problem of every file, placed at the line and column of the value at fault.
import type * as z from 'zod/mini';
import { LIMITS } from '../contest/limits.ts';
import { ContestSchema, CSV_FILE, UserSchema, type Contest, type Named, type User } from '../contest/schema.ts';
import { toText } from './encoding.ts';
import type { Problem } from '../errors.ts';
import { toMessage } from './issues.ts';
import { findDuplicateKeys, locate, parseJson } from './json.ts';
import type { Key, Position, Target } from './place.ts';
import { suggest } from './suggest.ts';
import type { Source } from './read.ts';

export type ValidateOptions = { strict?: boolean };
/** A valid contest and the subfolder its page goes to ('' for a single contest). */
/**
 * The valid contests, every problem of every file (errors and warnings), how many files are invalid, and the CSV
 * files the contests name for their users (read or not: podium dev watches them).
 */
export type Validated = { contests: Named[]; problems: Problem[]; invalid: number; sheets: string[] };

const CONTEST_KEYS = [...Object.keys(ContestSchema.shape), '$schema'];
const USER_KEYS = Object.keys(UserSchema.shape);
const START: Position = { line: 1, column: 1 };

/** Checks every source; never throws for bad data. With `strict`, warnings count as errors. */
export async function validate(
  sources: readonly Source[],
  { strict = false }: ValidateOptions = {},
): Promise<Validated> {
  const validated: Validated = { contests: [], problems: [], invalid: 0, sheets: [] };
  for (const source of sources) {
    // A contest keeps only the name of its source: the text, large for a large contest, is not needed once parsed.
    const { contest, problems, sheet } = await check(source, strict);
    if (sheet) validated.sheets.push(sheet);
    // not push(...): more problems than a call takes arguments
    for (const problem of problems) validated.problems.push(problem);
    if (contest) validated.contests.push({ name: source.name ?? '', contest });
    else validated.invalid += 1;
  }
  return validated;
}

/**
 * A source's data and the text it was parsed from, or the one problem that keeps it from being data: it could
 * not be read, it is not UTF-8, or it is not JSON. The one place where a source becomes data.
 */
async function toData(source: Source): Promise<{ text: string; data: unknown } | { problem: Problem }> {
  const problem = (position: Position, message: string) => ({
    problem: { file: source.file, ...position, path: '', message, severity: 'error' as const },
  });
  if ('unreadable' in source) return problem(START, `cannot read it: ${source.unreadable}`);
  const decoded = toText(source.bytes);
  if ('byte' in decoded)
    return problem(
      decoded.position,
      `not UTF-8 (byte 0x${decoded.byte.toString(16).toUpperCase().padStart(2, '0')}); save the file as UTF-8`,
    );
  const parsed = await parseJson(decoded.text);
  if ('syntax' in parsed) return problem(parsed.syntax.position, parsed.syntax.message);
  return { text: decoded.text, data: parsed.data };
}

/** A spreadsheet program's own file, which podium does not read. */
const WORKBOOK = /\.(xlsx|xlsm|xls|ods|numbers)$/i;
const WORKBOOK_MESSAGE =
  'podium reads CSV files, not workbooks: save the sheet as "CSV UTF-8" (Excel: Datei → Speichern unter → "CSV UTF-8 (durch Trennzeichen getrennt)") beside the contest file, and name that .csv file here';

async function check(
  source: Source,
  strict: boolean,
): Promise<{ contest?: Contest; problems: Problem[]; sheet?: string }> {
  const read = await toData(source);
  if ('problem' in read) return { problems: [read.problem] };
  const { file } = source;
  const { text } = read;
  // `"users": "x.csv"` reads the users from that file: the schema checks them, and their problems are placed in it.
  const sheet =
    isObject(read.data) && typeof read.data.users === 'string' && CSV_FILE.test(read.data.users)
      ? (await import('./csv/sheet.ts')).loadSheet(file, read.data.users, strict)
      : undefined;
  const data = sheet ? { ...(read.data as object), users: sheet.users } : read.data;
  type Found = { target: Target; path: string; message: string; severity: Problem['severity'] };
  const found: Found[] = [];
  const result = parse(data);
  const placed = new Set<string>();
  const users = isObject(data) ? data.users : undefined;
  if (typeof users === 'string' && WORKBOOK.test(users)) {
    // Said instead of the schema's "expected a list": the path is right, the kind of file is not.
    placed.add('users');
    found.push({ target: { path: ['users'] }, path: 'users', message: WORKBOOK_MESSAGE, severity: 'error' });
  }
  for (const issue of result.issues) {
    const path = issue.path as Key[];
    const where = toPath(path);
    if (placed.has(where)) continue; // one line per value: -1e21 breaks two rules, and one message states both
    placed.add(where);
    const value = valueAt(data, path);
    const missing = value === undefined && path.length > 0;
    if (sheet && path[0] === 'users') {
      sheet.problems.push(sheet.place(path, toMessage(issue, value, missing))); // at its cell of the CSV file
      continue;
    }
    // A missing key has no place of its own: locating its path stops at the object that lacks it.
    found.push({ target: { path }, path: where, message: toMessage(issue, value, missing), severity: 'error' });
  }
  for (const { path, key } of unknownKeys(data)) {
    const hint = suggest(key, path.length === 0 ? CONTEST_KEYS : USER_KEYS);
    const message = `unknown key ${JSON.stringify(key)}${hint ? ` (did you mean ${JSON.stringify(hint)}?)` : ''}`;
    // A near miss of a known key is a typo whose value would be lost ("solo_winner": 3 would highlight 10 rows).
    found.push({
      target: { path: [...path, key], key: true },
      path: toPath(path),
      message,
      severity: strict || hint ? 'error' : 'warning',
    });
  }
  if (sheet?.unreadable)
    found.push({
      target: { path: ['users'] },
      path: 'users',
      message: `cannot read ${sheet.file}: ${sheet.unreadable}`,
      severity: 'error',
    });
  const problems: Problem[] = (await findDuplicateKeys(text, read.data)).map(({ path, position }) => {
    const key = String(path.at(-1));
    return {
      file,
      ...position,
      path: toPath(path.slice(0, -1)),
      message: `duplicate key ${JSON.stringify(key)}: only its last value counts, the earlier one is lost`,
      severity: 'error',
    };
  });
  const positions = await locate(
    text,
    found.map((f) => f.target),
  );
  found.forEach((f, i) =>
    problems.push({ file, ...positions[i]!, path: f.path, message: f.message, severity: f.severity }),
  );
  problems.sort((a, b) => a.line - b.line || a.column - b.column);
  // The CSV file's problems come after the contest file's.
  for (const problem of sheet?.problems.sort((a, b) => a.line - b.line || a.column - b.column) ?? [])
    problems.push(problem);
  const valid = result.contest !== undefined && !problems.some((problem) => problem.severity === 'error');
  return { contest: valid ? toWellFormed(result.contest!, text) : undefined, problems, sheet: sheet?.file };
}

// zod gathers an object's issues with push(...issues), which overflows the call stack past about 100,000 of them:
// a long list of users is checked in slices, each with its own issues.
const SLICE = 10_000;

/** The contest, or every issue zod finds in the data. */
function parse(data: unknown): { contest?: Contest; issues: z.core.$ZodIssue[] } {
  if (!isObject(data) || !Array.isArray(data.users) || data.users.length <= SLICE) {
    const result = ContestSchema.safeParse(data);
    return result.success ? { contest: result.data, issues: [] } : { issues: result.error.issues };
  }
  const { users } = data;
  const head = ContestSchema.safeParse({ ...data, users: [] });
  const issues = head.success ? [] : head.error.issues;
  // Slices check their own length only; a list too long is said once, and its users need no checking.
  if (users.length > LIMITS.users) {
    const origin = 'array';
    return {
      issues: [
        ...issues,
        { code: 'too_big', origin, maximum: LIMITS.users, path: ['users'], message: '', input: users },
      ],
    };
  }
  const parsed: User[] = [];
  for (let start = 0; start < users.length; start += SLICE) {
    const part = ContestSchema.shape.users.safeParse(users.slice(start, start + SLICE));
    if (part.success) for (const user of part.data) parsed.push(user);
    else
      for (const issue of part.error.issues)
        issues.push({ ...issue, path: ['users', start + Number(issue.path[0]), ...issue.path.slice(1)] });
  }
  return head.success && issues.length === 0 ? { contest: { ...head.data, users: parsed }, issues } : { issues };
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
