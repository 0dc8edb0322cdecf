// A list of users → valid users and every problem, placed where the list comes from: the contest file, a CSV export
// it names, or a Stand of its history folder (a CSV export or a .json list). The same rules and words for each.
import type * as z from 'zod/mini';
import { LIMITS, SAID } from '../contest/limits.ts';
import { toCount } from '../contest/numbers.ts';
import { schemas, USER_KEYS, WORKBOOK_FILE, type Contest, type Reading, type User } from '../contest/schema.ts';
import { toTierWinners } from '../contest/fair/tiers.ts';
import { heed, type Problem, type Severity } from '../errors.ts';
import { isRecord } from '../names.ts';
import { toText } from './encoding.ts';
import { suggest, toExcerpt, toMessage } from './issues.ts';
import { findDuplicateKeys, locate, parseJson } from './json.ts';
import type { DataFile } from './file.ts';
import { toDataPath, toWorkbookPath, type Key, type Position, type Target } from './place.ts';
import type { Mapping } from './sheets/columns.ts';

/** A users list read from a file of its own, checked. */
export type UsersFile = {
  /** The file as problems name it. */
  file: string;
  /** The valid users; none when the file has an error. */
  users?: User[];
  /** Why the file cannot be read at all; then it has no problems of its own. */
  unreadable?: string;
  /** Every problem of the file, in the order of their places. */
  problems: Problem[];
  /**
   * Where values of the list are in the file, for problems found later: `['users', 3, 'leadCount']` a value,
   * `['users', 3]` a user (a CSV file: the row), `['users']` the list; a CSV file's `['users', -1, field]` the
   * field's column title.
   */
  locate: (targets: readonly Target[]) => Promise<Position[]>;
};

/** A spreadsheet program's own file other than an .xlsx workbook, which podium does not read (`#Tabelle1` or not). */
export const OTHER_WORKBOOK = /\.(xlsm|xlsb|xls|ods|numbers)(#[^/]*)?$/i;
/** What a contest file naming such a workbook is told. */
export const OTHER_WORKBOOK_MESSAGE =
  'podium reads Excel workbooks as .xlsx and CSV files: save it as "Excel-Arbeitsmappe (*.xlsx)" (Excel: Datei → Speichern unter) beside the contest file, and name that .xlsx file here';
const START: Position = { line: 1, column: 1 };

// zod gathers an object's issues with push(...issues), which overflows the call stack past about 100,000 of them:
// a long list of users is checked in slices, each with its own issues.
export const SLICE = 10_000;

/** The valid users of a list, or every issue zod finds in it, at paths starting with `users`. */
export async function parseUsers(
  users: readonly unknown[],
  signal?: AbortSignal,
): Promise<{ users?: User[]; issues: z.core.$ZodIssue[] }> {
  // Slices check their own length only; a list too long is said once, and its users need no checking.
  if (users.length > LIMITS.users) {
    const origin = 'array';
    return { issues: [{ code: 'too_big', origin, maximum: LIMITS.users, path: ['users'], message: '', input: users }] };
  }
  const parsed: User[] = [];
  const issues: z.core.$ZodIssue[] = [];
  for (let start = 0; start < users.length; start += SLICE) {
    await heed(signal); // a stop is heard between slices
    const part = schemas().ContestSchema.shape.users.safeParse(users.slice(start, start + SLICE));
    if (part.success) for (const user of part.data) parsed.push(user);
    else
      for (const issue of part.error.issues)
        issues.push({ ...issue, path: ['users', start + Number(issue.path[0]), ...issue.path.slice(1)] });
  }
  return issues.length === 0 ? { users: parsed, issues } : { issues };
}

/** The contest without its users, which come from a file: every issue of its other fields. */
export function parseHead(data: unknown): { contest?: Contest & Reading; issues: z.core.$ZodIssue[] } {
  const given = isRecord(data) ? { ...data, users: [] } : data;
  return toParsed(data, schemas().ContestSchema.safeParse(given));
}

/** The contest, or every issue zod finds in the data. */
export async function parseContest(
  data: unknown,
  signal: AbortSignal | undefined,
): Promise<{ contest?: Contest & Reading; issues: z.core.$ZodIssue[] }> {
  if (!isRecord(data) || !Array.isArray(data.users) || data.users.length <= SLICE) {
    return toParsed(data, schemas().ContestSchema.safeParse(data));
  }
  const head = parseHead(data);
  const users = await parseUsers(data.users, signal);
  const issues = [...head.issues, ...users.issues];
  return head.contest && users.users ? { contest: { ...head.contest, users: users.users }, issues } : { issues };
}

/** A contest as parsed, with as many winners as its prize tiers make (contest/fair/tiers.ts), or its issues. */
function toParsed(data: unknown, result: z.core.util.SafeParseResult<Contest & Reading>) {
  const issue = result.success && isRecord(data) ? toTierWinners(data, result.data) : undefined;
  if (!result.success || issue) return { issues: issue ? [issue] : result.error!.issues };
  return { contest: result.data, issues: [] };
}

/**
 * The schema's issues in a contest author's words, one per value (-1e21 breaks two rules, and one message states
 * both), for a contest file, an export and a Stand alike: `data` holds the values at the issues' paths; `said`, the
 * paths already said otherwise.
 */
export function toIssues(
  issues: readonly z.core.$ZodIssue[],
  data: unknown,
  said: readonly string[] = [],
): { path: Key[]; where: string; message: string }[] {
  const placed = new Set(said);
  const found: { path: Key[]; where: string; message: string }[] = [];
  for (const issue of issues) {
    const path = issue.path as Key[];
    const where = toPath(path);
    if (placed.has(where)) continue;
    placed.add(where);
    const value = valueAt(data, path);
    // A missing key has no place of its own: locating its path stops at the object that lacks it.
    found.push({ path, where, message: toMessage(issue, value, value === undefined && path.length > 0) });
  }
  return found;
}

/** An unknown key as it is said: with the known key it nearly is, or, past SAID.unknown, how many more there are. */
export type UnknownKey = { path: Key[]; key: string; hint?: string; more?: { count: number; same: boolean } };
/** A file's unknown keys: those said one by one, then the rest in one; `looked`, how many were looked at for a typo. */
export type UnknownKeys = { said: UnknownKey[]; looked: number; rest?: UnknownKey };

/**
 * Adds an unknown key: a near miss of a `known` key (looked for in the first SAID.suggested) and the first
 * SAID.unknown others one by one; every later one counted in one (two million keys were two million problems, each
 * located and looked at for a typo).
 */
export function addUnknownKey(unknown: UnknownKeys, path: Key[], key: string, known: readonly string[]): void {
  const hint = unknown.looked++ < SAID.suggested ? suggest(key, known) : undefined;
  if (hint) unknown.said.push({ path, key, hint });
  else if (unknown.said.filter((said) => !said.hint).length < SAID.unknown) unknown.said.push({ path, key });
  else if (!unknown.rest) unknown.rest = { path, key, more: { count: 1, same: true } };
  else
    unknown.rest.more = {
      count: unknown.rest.more!.count + 1,
      same: unknown.rest.more!.same && key === unknown.rest.key,
    };
}

/** Keys a list's users have that the schema does not know, most likely typos: `path` is the user's. */
export function unknownUserKeys(users: unknown, unknown: UnknownKeys = { said: [], looked: 0 }): UnknownKey[] {
  if (Array.isArray(users))
    users.forEach((user, index) => {
      if (!isRecord(user)) return;
      // for…in, not Object.keys: no list of keys made for each of 10,000 users (a parsed object has no inherited keys)
      const path = ['users', index]; // one a user, not one a key: a user may have millions
      for (const key in user) if (!USER_KEYS.includes(key)) addUnknownKey(unknown, path, key, USER_KEYS);
    });
  return unknown.rest ? [...unknown.said, unknown.rest] : unknown.said;
}

/**
 * `unknown key "email"`, a warning named by its key; with a hint for a near miss of a known key, an error: its value
 * would be lost. With `more`, the keys past SAID.unknown: `unknown keys "k10" and 1,999,989 more`. The file has it every
 * week: the warning is acknowledged once for good (`lasting`).
 */
export function toUnknownKey({
  key,
  hint,
  more,
}: UnknownKey): Pick<Problem, 'message' | 'severity' | 'key' | 'lasting'> {
  const named = `unknown key: ${key.length > SAID.length ? toExcerpt(key) : key}`;
  const warning = { severity: 'warning', lasting: true } as const;
  if (more && more.count > 1) {
    const rest = toCount(more.count - 1, 'en');
    return more.same
      ? { message: `unknown key ${toExcerpt(key)} here and ${rest} more times`, ...warning, key: named }
      : { message: `unknown keys ${toExcerpt(key)} and ${rest} more`, ...warning, key: 'unknown keys' };
  }
  const message = `unknown key ${toExcerpt(key)}${hint ? ` (did you mean ${JSON.stringify(hint)}?)` : ''}`;
  return hint ? { message, severity: 'error' } : { message, ...warning, key: named };
}

/**
 * The users a CSV export (lib/sheet.cjs) or an Excel workbook (lib/workbook.cjs) holds, each problem at its cell; each
 * reader is loaded here only, for such a contest. `path` is the contest's `users`, `read` the file's bytes.
 */
export async function checkSheet(
  contestFile: string,
  path: string,
  read: DataFile,
  mapping: Mapping,
  signal?: AbortSignal,
): Promise<UsersFile> {
  const workbook = WORKBOOK_FILE.test(path);
  const file = toDataPath(contestFile, workbook ? toWorkbookPath(path).path : path);
  const sheet = workbook
    ? (await import('./sheets/workbook.ts')).loadWorkbook(file, path, read, mapping)
    : (await import('./sheets/csv-file.ts')).loadSheet(file, read, mapping);
  const locateIn = (targets: readonly Target[]) =>
    Promise.resolve(
      targets.map(({ path: [, user, field] }) =>
        sheet.at(user === -1 ? undefined : (user as number | undefined), field as 'name' | undefined),
      ),
    );
  if (sheet.unreadable) return { file: sheet.file, unreadable: sheet.unreadable, problems: [], locate: locateIn };
  const { users, issues } = await parseUsers(sheet.users, signal);
  for (const { path, message } of toIssues(issues, { users: sheet.users }))
    sheet.problems.push(sheet.place(path, message));
  const problems = sheet.problems.sort(byPlace);
  const valid = users && !problems.some((problem) => problem.severity === 'error');
  return { file: sheet.file, ...(valid && { users }), problems, locate: locateIn };
}

/** The users of a Stand's .json file: a list of users as a contest file's `users` holds them. */
export async function checkList(file: string, bytes: Uint8Array, signal?: AbortSignal): Promise<UsersFile> {
  const problem = (position: Position, path: string, message: string, severity: Severity = 'error'): Problem => ({
    file,
    ...position,
    path,
    message,
    severity,
  });
  const none = { file, locate: () => Promise.resolve([]) };
  const decoded = toText(bytes);
  if ('byte' in decoded) {
    const byte = `0x${decoded.byte.toString(16).toUpperCase().padStart(2, '0')}`;
    return { ...none, problems: [problem(decoded.position, '', `not UTF-8 (byte ${byte}); save the file as UTF-8`)] };
  }
  const { text } = decoded;
  const parsed = await parseJson(text);
  if ('syntax' in parsed) return { ...none, problems: [problem(parsed.syntax.position, '', parsed.syntax.message)] };
  // The list is the whole document: `users[3].leadCount` is at [3, 'leadCount'] of the text; a column, at the list.
  const locateIn = (targets: readonly Target[]) =>
    locate(
      text,
      targets.map((target) => ({ ...target, path: target.path[1] === -1 ? [] : target.path.slice(1) })),
    );
  const list = parsed.data;
  if (!Array.isArray(list)) {
    const what = 'not a list of users: a .json Stand holds a list like [{ "name": …, "leadCount": …, "profit": … }]';
    return { ...none, problems: [problem(START, '', what)] };
  }
  type Found = { target: Target; path: string } & Pick<Problem, 'message' | 'severity' | 'key' | 'lasting'>;
  const found: Found[] = [];
  const { users, issues } = await parseUsers(list, signal);
  for (const { path, where, message } of toIssues(issues, { users: list }))
    found.push({ target: { path }, path: where, message, severity: 'error' });
  for (const unknown of unknownUserKeys(list)) {
    const { path, key } = unknown;
    found.push({ target: { path: [...path, key], key: true }, path: toPath(path), ...toUnknownKey(unknown) });
  }
  const problems = (await findDuplicateKeys(text, list)).map(({ path, position }) =>
    problem(
      position,
      toPath(['users', ...path.slice(0, -1)]),
      `duplicate key ${toExcerpt(String(path.at(-1)))}: only its last value counts, the earlier one is lost`,
    ),
  );
  const positions = await locateIn(found.map((f) => f.target));
  found.forEach((f, i) =>
    problems.push({
      ...problem(positions[i]!, f.path, f.message, f.severity),
      ...(f.key && { key: f.key }),
      ...(f.lasting && { lasting: f.lasting }),
    }),
  );
  problems.sort(byPlace);
  const valid = users && !problems.some((p) => p.severity === 'error');
  return { file, ...(valid && { users: toWellFormedNames(users, text) }), problems, locate: locateIn };
}

// A lone surrogate (only a "\ud800"-style escape makes one) is shown as U+FFFD by the page; the data must say the
// same, or hydration finds a different text.
export const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F][0-9a-fA-F]{2}/;

/** The users with names a page can show as they are (see SURROGATE_ESCAPE); `text` is what they were parsed from. */
export function toWellFormedNames(users: User[], text: string): User[] {
  if (!SURROGATE_ESCAPE.test(text)) return users;
  return users.map((user) => (user.name.isWellFormed() ? user : { ...user, name: user.name.toWellFormed() }));
}

export function byPlace(a: Problem, b: Problem): number {
  return a.line - b.line || a.column - b.column;
}

export function valueAt(data: unknown, path: readonly Key[]): unknown {
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
