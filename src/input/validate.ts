// The validate step, the one entry point for build, validate and dev: contest files' bytes → valid contests, and
// every problem of every file, placed at the line and column of the value at fault.
import type * as z from 'zod/mini';
import {
  CONTEST_KEYS as FIELDS,
  CSV_FILE,
  HISTORY_FOLDER,
  USER_KEYS,
  WORKBOOK_FILE,
  type Contest,
  type Named,
  type Reading,
} from '../contest/schema.ts';
import type { Ranking } from '../contest/ranking.ts';
import { heed, type Problem } from '../errors.ts';
import { toText } from './encoding.ts';
import type { Changes } from './changes.ts';
import { acknowledge, applyRules, findRenamed, findUnlisted } from './rules.ts';
import { checkNamed, type History } from './history.ts';
import { findDuplicateKeys, locate, parseJson } from './json.ts';
import { toExcerpt } from './issues.ts';
import { isRecord, judgeName } from '../names.ts';
import { toDataPath, type Key, type Position, type Target } from './place.ts';
import type { Source } from './read.ts';
import {
  addUnknownKey,
  byPlace,
  checkSheet,
  parseContest,
  parseHead,
  SURROGATE_ESCAPE,
  toIssues,
  toPath,
  toUnknownKey,
  toWellFormedNames,
  unknownUserKeys,
  OTHER_WORKBOOK,
  OTHER_WORKBOOK_MESSAGE,
  type UnknownKey,
  type UnknownKeys,
} from './users.ts';

/** `overview`: a folder's contests are followed by their overview (unless false), whose place no page may take. */
export type ValidateOptions = { signal?: AbortSignal | undefined; overview?: boolean };
/**
 * The valid contests, every problem of every file (errors and warnings), how many files are invalid, the CSV files
 * and history folders the contests name for their users (read or not: podium dev watches them), and what changed
 * since the previous Stand in each valid contest that has one: an error (a totals row counted as someone new, a rule
 * the history's ranking could not read) makes the change report wrong, and it says nothing rather than that.
 */
export type Validated = {
  contests: Named[];
  problems: Problem[];
  invalid: number;
  sheets: string[];
  folders: string[];
  changes: Changes[];
  /** Each source's own problems and valid contest, in order: what the command layer's --strict pass judges again. */
  bySource: { problems: Problem[]; named?: Named }[];
};

const CONTEST_KEYS = [...FIELDS, '$schema'];
const START: Position = { line: 1, column: 1 };

/** Checks every source; never throws for bad data. How loud a warning is, is the command layer's (--strict). */
export async function validate(
  sources: readonly Source[],
  { signal, overview = true }: ValidateOptions = {},
): Promise<Validated> {
  const validated: Validated = {
    contests: [],
    problems: [],
    invalid: 0,
    sheets: [],
    folders: [],
    changes: [],
    bySource: [],
  };
  for (const source of sources) {
    await heed(signal);
    // A contest keeps only the name of its source: the text, large for a large contest, is not needed once parsed.
    const checked = await check(source, signal);
    const { sheet, folder, history, draft } = checked;
    const named = source.name === undefined ? undefined : judgeName(source.name, overview);
    const problems = named
      ? [{ file: source.file, ...START, path: '', ...named }, ...checked.problems]
      : checked.problems;
    const { ranking } = checked;
    const contest = problems.some(({ severity }) => severity === 'error') ? undefined : checked.contest;
    if (sheet) validated.sheets.push(sheet);
    if (folder) validated.folders.push(folder);
    // not push(...): more problems than a call takes arguments
    for (const problem of problems) validated.problems.push(problem);
    if (!contest || !ranking) {
      validated.invalid += 1;
      validated.bySource.push({ problems });
    } else {
      if (history?.changes) validated.changes.push(history.changes);
      const files = [source.file, ...(sheet ? [sheet] : []), ...(folder ? [folder] : [])];
      const { stand, previous, lasts } = history ?? {};
      const valid = {
        name: source.name ?? '',
        contest,
        ranking,
        files,
        ...(stand && { stand }),
        ...(previous && { previous }),
        ...(lasts && { lasts }),
        ...(draft && { draft }),
      };
      validated.contests.push(valid);
      validated.bySource.push({ problems, named: valid });
    }
  }
  return validated;
}

/**
 * A source's data and the text it was parsed from (as the read step parsed it, or here for a source given as bytes
 * alone), or the one problem that keeps it from being data: it could not be read, it is not UTF-8, or it is not JSON.
 */
async function toData(source: Source): Promise<{ text: string; data: unknown } | { problem: Problem }> {
  const problem = (position: Position, message: string) => ({
    problem: { file: source.file, ...position, path: '', message, severity: 'error' as const },
  });
  if ('unreadable' in source) return problem(START, `cannot read it: ${source.unreadable}`);
  if (source.parsed) return source.parsed; // the read step parsed it, to read the data files it names
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

type Checked = {
  contest?: Contest;
  ranking?: Ranking;
  problems: Problem[];
  sheet?: string;
  folder?: string;
  history?: History;
  /** The contest file says `"draft": true`: a folder's build leaves it out (build.ts). */
  draft?: true;
};

/** One contest file checked: the contest when it has no error (warnings aside), and every problem, acknowledged. */
async function check(source: Source, signal: AbortSignal | undefined): Promise<Checked> {
  const read = await toData(source);
  if ('problem' in read) return { problems: [read.problem] };
  const { file } = source;
  const { text, data } = read;
  const users = isRecord(data) ? data.users : undefined;
  // `"users": "x.csv"` reads the users from that file, `"users": "spring/"` from the newest file of that folder: the
  // schema checks them there, and their problems are placed in that file. The rest of the contest is checked without.
  const sheet = typeof users === 'string' && (CSV_FILE.test(users) || WORKBOOK_FILE.test(users));
  const fromFile = sheet || (typeof users === 'string' && HISTORY_FOLDER.test(users));
  const result = fromFile ? parseHead(data) : await parseContest(data, signal);
  const { list, history } = fromFile
    ? await checkNamed(file, users as string, 'data' in source ? source.data : undefined, result.contest, signal)
    : {};
  const unreadable = list?.unreadable ?? history?.unreadable;
  const cannot = unreadable && `cannot read ${list?.file ?? toDataPath(file, users as string)}: ${unreadable}`;
  const found = toFound(data, result.issues, cannot || undefined);
  const given =
    result.contest && list?.users
      ? { ...result.contest, users: list.users, ...(history?.standings && { standings: history.standings }) }
      : fromFile
        ? undefined
        : result.contest;
  // The rules order the list and say what is wrong with its order: in the contest file, or in the list's own file.
  const ruled = given && (history?.ruled ?? applyRules(given));
  const contest = given && ruled && toPageContest({ ...given, users: ruled.users });
  const inList = (ruled?.found ?? []).filter(({ target }) => list && target[0] === 'users');
  const unlisted = contest ? findUnlisted(contest, history?.changes?.gone) : [];
  if (contest) unlisted.push(...findRenamed({ renamed: given!.renamed, users: contest.users }, history?.renames));
  for (const rule of [...(ruled?.found ?? []), ...unlisted])
    if (!inList.includes(rule)) found.push({ ...rule, target: { path: rule.target } });
  const problems = await toDuplicates(file, text, data);
  const targets = found.map((f) => f.target);
  const positions = await locate(text, targets);
  found.forEach(({ target: _target, ...f }, i) => problems.push({ file, ...positions[i]!, ...f }));
  problems.sort(byPlace);
  // The files' problems come after the contest file's: a history folder's older files first, then the table's file.
  for (const problem of history?.problems ?? []) problems.push(problem);
  const own = list ? [...list.problems] : [];
  if (list && inList.length > 0) {
    const positions = await list.locate(inList.map(({ target }) => ({ path: target })));
    inList.forEach(({ target: _target, ...rule }, i) => own.push({ file: list.file, ...positions[i]!, ...rule }));
    own.sort(byPlace);
  }
  for (const problem of own) problems.push(problem);
  await addAcknowledged(problems, { file, text }, result.contest?.acknowledged ?? [], history?.stand);
  const valid = contest !== undefined && !problems.some((problem) => problem.severity === 'error');
  return {
    contest: valid ? toWellFormed(contest, text) : undefined,
    ...(valid && ruled && { ranking: ruled.ranking }),
    ...(valid && result.contest?.draft === true && { draft: true as const }),
    problems,
    // A workbook's file without the `#Tabelle2` that names its sheet: the file git and the dev server watch.
    ...(sheet && list && { sheet: list.file }),
    ...(typeof users === 'string' && HISTORY_FOLDER.test(users) && { folder: toDataPath(file, users) }),
    ...(history && { history }),
  };
}

type Found = { target: Target; path: string } & Pick<Problem, 'message' | 'severity' | 'key' | 'lasting'>;

/**
 * The contest file's own problems before they are placed: a workbook podium does not read, the schema's issues (one
 * per value), unknown keys, and why the data file it names cannot be read (`unreadable`).
 */
function toFound(data: unknown, issues: readonly z.core.$ZodIssue[], unreadable: string | undefined): Found[] {
  const found: Found[] = [];
  const users = isRecord(data) ? data.users : undefined;
  // Said instead of the schema's "expected a list": the path is right, the kind of file is not.
  const workbook = typeof users === 'string' && OTHER_WORKBOOK.test(users);
  if (workbook)
    found.push({ target: { path: ['users'] }, path: 'users', message: OTHER_WORKBOOK_MESSAGE, severity: 'error' });
  for (const { path, where, message } of toIssues(issues, data, workbook ? ['users'] : []))
    found.push({ target: { path }, path: where, message, severity: 'error' });
  for (const unknown of unknownKeys(data)) {
    // A near miss of a known key is a typo whose value would be lost ("solo_winner": 3 would highlight 10 rows).
    const { path, key } = unknown;
    found.push({ target: { path: [...path, key], key: true }, path: toPath(path), ...toUnknownKey(unknown) });
  }
  if (unreadable) found.push({ target: { path: ['users'] }, path: 'users', message: unreadable, severity: 'error' });
  return found;
}

/** Keys that occur twice in one object of the contest file, each an error at its second place. */
async function toDuplicates(file: string, text: string, data: unknown): Promise<Problem[]> {
  return (await findDuplicateKeys(text, data)).map(({ path, position }) => {
    const key = String(path.at(-1));
    return {
      file,
      ...position,
      path: toPath(path.slice(0, -1)),
      message: `duplicate key ${toExcerpt(key)}: only its last value counts, the earlier one is lost`,
      severity: 'error',
    };
  });
}

/** The warnings `acknowledged` names made notes, said with the contest file's own problems, before its data files'. */
async function addAcknowledged(
  problems: Problem[],
  { file, text }: { file: string; text: string },
  keys: readonly string[],
  stand: string | undefined,
): Promise<void> {
  const acknowledged = acknowledge(problems, keys, stand);
  if (acknowledged.length === 0) return;
  const paths = acknowledged.map(({ index }) => ({ path: ['acknowledged', index] }));
  const at = await locate(text, paths);
  const before = problems.findIndex((problem) => problem.file !== file);
  const notes = acknowledged.map(({ index, message }, i) => ({
    file,
    ...at[i]!,
    path: `acknowledged[${index}]`,
    message,
    severity: 'note' as const,
  }));
  // not splice(…, ...notes): more notes than a call takes arguments
  const after = problems.splice(before === -1 ? problems.length : before);
  for (const problem of [...notes, ...after]) problems.push(problem);
}

/** The contest as its page carries it: without the fields that say how to read its export, or that it is a draft. */
function toPageContest(contest: Contest & Reading): Contest {
  const { columns: _columns, acknowledged: _acknowledged, renamed: _renamed, draft: _draft, ...page } = contest;
  return page;
}

// A lone surrogate (only a "\\ud800"-style escape makes one) is shown as U+FFFD by the page; the data must say the
// same, or hydration finds a different text.
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
    users: toWellFormedNames(contest.users, text),
  };
}

/** Keys the schema does not know, most likely typos: on the contest, and on each user. `$schema` is known. */
function unknownKeys(data: unknown): UnknownKey[] {
  if (!isRecord(data)) return [];
  const unknown: UnknownKeys = { said: [], looked: 0 };
  for (const key in data) if (!CONTEST_KEYS.includes(key)) addUnknownKey(unknown, [], key, CONTEST_KEYS);
  return unknownUserKeys(data.users, unknown);
}
