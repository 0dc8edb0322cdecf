// What people and CI logs read: problem lines, GitHub annotations, page lines and summaries. Pure: returns text.
// Names and texts from files are shown with their control characters escaped (toPrintable).
import { join } from 'node:path';
import { styleText } from 'node:util';
import type { BuiltOverview, BuiltPage } from '../build.ts';
import { ContestError, toCellName, toFrames, toLine, toPrintable, toReport, toWhere, type Problem } from '../errors.ts';
import { toCount } from '../contest/numbers.ts';
import { DEFAULT_LOCALE, type Locale } from '../page/messages.ts';
import { toUnlinked } from './markdown.ts';
import { toReportMessages } from './messages.ts';

type Style = 'bold' | 'red' | 'green' | 'yellow';

/**
 * `text` in `style` when `on`, else as it is. Whether a stream takes colour is the command layer's to say (io.ts).
 */
export function paint(on: boolean, style: Style, text: string): string {
  return on ? styleText(style, text, { validateStream: false }) : text;
}

/** `1 page`, `2 pages`, `20,000 users`: a count and its noun, the singular for exactly one. */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${toCount(n, 'en')} ${n === 1 ? one : many}`;
}

export function toProblemLine(raw: Problem, colour: boolean): string {
  const problem = toPrintableProblem(raw);
  const line = toLine(problem);
  if (!colour) return line;
  const place = toWhere(problem);
  const rest = line.slice(place.length);
  if (problem.severity === 'error') return `${paint(true, 'bold', place)}${paint(true, 'red', rest)}`;
  if (problem.severity === 'note') return `${paint(true, 'bold', place)}${rest}`;
  // toLine writes "warning:" right after the place and a space.
  const label = 'warning:';
  return `${paint(true, 'bold', place)} ${paint(true, 'yellow', label)}${rest.slice(1 + label.length)}`;
}

/**
 * Problem lines shown in text; `--format json` prints them all. 300,000 lines help no one reading a terminal or a log.
 */
export const SHOWN_PROBLEMS = 1000;

/** The lines of the first SHOWN_PROBLEMS problems, then `… and 299,000 more problems`. */
export function toProblemLines(problems: readonly Problem[], colour: boolean): string[] {
  const lines = problems.slice(0, SHOWN_PROBLEMS).map((problem) => toProblemLine(problem, colour));
  const more = problems.length - lines.length;
  if (more > 0) lines.push(`… and ${count(more, 'more problem', 'more problems')}`);
  return lines;
}

/**
 * What a failed command prints: invalid contests as their problem lines, any other failure as toReport says it; with
 * `debug`, the stack too.
 */
export function toFailureLines(error: unknown, debug: boolean, colour: boolean): string[] {
  if (!(error instanceof ContestError)) return [toReport(error, debug)];
  const lines = toProblemLines(error.problems, colour);
  return debug ? [...lines, toFrames(error).slice(1)] : lines;
}

/**
 * A GitHub Actions workflow command, so that the problem shows on the changed line of a pull request: its title in
 * the contest's language, its text with no link or mention GitHub could make of a name (toUnlinked).
 */
export function toAnnotation(raw: Problem, locale: Locale = DEFAULT_LOCALE): string {
  const problem = toPrintableProblem(raw);
  const property = (value: string | number) =>
    String(value)
      .replace(/%/g, '%25')
      .replace(/\r/g, '%0D')
      .replace(/\n/g, '%0A')
      .replace(/:/g, '%3A')
      .replace(/,/g, '%2C');
  const data = (value: string) => value.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const path = problem.path ? `${problem.path}: ` : '';
  // GitHub's commands are error, warning and notice.
  const command = problem.severity === 'note' ? 'notice' : problem.severity;
  // A workbook has no lines GitHub could show: the annotation names the file, and the message the cell.
  const [where, cell] =
    problem.cell === undefined
      ? [`,line=${problem.line},col=${problem.column}`, '']
      : ['', `${toCellName(problem.sheet ?? '', problem.cell)}: `];
  const title = property(toReportMessages(locale).annotation[problem.severity]);
  return `::${command} file=${property(problem.file)}${where},title=${title}::${data(toUnlinked(`${cell}${path}${problem.message}`))}`;
}

/** `3 contests checked, 1 invalid, 2 problems (1 warning), 1 note`: a note is no problem. */
export function toCheckSummary(checked: number, invalid: number, problems: readonly Problem[]): string {
  const warnings = problems.filter((problem) => problem.severity === 'warning').length;
  const notes = problems.filter((problem) => problem.severity === 'note').length;
  const found = `${count(problems.length - notes, 'problem')}${warnings ? ` (${count(warnings, 'warning')})` : ''}`;
  return `${count(checked, 'contest')} checked, ${invalid} invalid, ${found}${notes ? `, ${count(notes, 'note')}` : ''}`;
}

/** `dist/index.html  15 users · 3 winners · 74.1 kB (gzip)`. */
export function toPageLine(page: BuiltPage, colour: boolean): string {
  return `${paint(colour, 'green', toPrintable(page.path))}  ${count(page.users, 'user')} · ${count(page.winners, 'winner')} · ${toSize(page)}`;
}

/** `public/index.html  overview of 200 contests · 2.1 kB (gzip)`. */
export function toOverviewLine(overview: BuiltOverview, colour: boolean): string {
  return `${paint(colour, 'green', toPrintable(overview.path))}  overview of ${count(overview.contests, 'contest')} · ${toSize(overview)}`;
}

/** `200 pages and an overview in public/ · 20,000 users · 50.1 MB, 15.2 MB gzip`: sizes of every file written. */
export function toBuildSummary(pages: readonly BuiltPage[], overview: BuiltOverview | undefined, out: string): string {
  const files = overview ? [...pages, overview] : pages;
  const sum = (of: (file: BuiltPage | BuiltOverview) => number | undefined) =>
    files.reduce((total, file) => total + (of(file) ?? 0), 0);
  const gzip = files.every((file) => file.gzip) ? `, ${toKb(sum((file) => file.gzip))} gzip` : '';
  const where = `${count(pages.length, 'page')}${overview ? ' and an overview' : ''} in ${toPrintable(out).replace(/\/?$/, '/')}`;
  return `${where} · ${count(
    pages.reduce((total, page) => total + page.users, 0),
    'user',
  )} · ${toKb(sum((file) => file.bytes))}${gzip}`;
}

/** The gzip size when measured, else the size itself. */
function toSize({ bytes, gzip }: { bytes: number; gzip: BuiltPage['gzip'] }): string {
  return gzip ? `${toKb(gzip)} (gzip)` : toKb(bytes);
}

/** `dist/spring/index.html  removed: its contest is gone from the folder`, or the overview of `out` that is no more. */
export function toRemovedLine(path: string, out: string): string {
  const why =
    path === join(out, 'index.html') ? 'this build writes no overview' : 'its contest is gone from the folder';
  return `${toPrintable(path)}  removed: ${why}`;
}

/** Problems as one JSON document for other tools; DEL and C1 controls escaped too, which JSON.stringify leaves. */
export function toProblemsJson(problems: readonly Problem[]): string {
  return toPrintableJson(problems.map(toProblemEntry));
}

/** A problem as `--format json` gives it, with or without a history: a workbook's `sheet` and `cell` where it has them. */
export function toProblemEntry({ file, line, column, sheet, cell, path, message, severity, key }: Problem): Problem {
  return { file, line, column, sheet, cell, path, message, severity, key };
}

/** JSON for a terminal or a log: DEL and the C1 controls escaped too, which JSON.stringify leaves as they are. */
export function toPrintableJson(value: unknown, keys?: string[]): string {
  return JSON.stringify(value, keys, 2).replace(
    /[\u007f-\u009f]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function toPrintableProblem(problem: Problem): Problem {
  return {
    ...problem,
    file: toPrintable(problem.file),
    ...(problem.sheet !== undefined && { sheet: toPrintable(problem.sheet) }),
    path: toPrintable(problem.path),
    message: toPrintable(problem.message),
  };
}

function toKb(bytes: number): string {
  return bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1000).toFixed(1)} kB`;
}
