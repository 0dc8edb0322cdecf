// What people and CI logs read: problem lines, GitHub annotations, page lines and summaries. Pure: returns text.
// Names and texts from files are shown with their control characters escaped (toPrintable).
import type { BuiltPage } from './build.ts';
import { toLine, toPrintable, type Problem } from './errors.ts';
import { groupDigits } from './format.ts';

const ANSI = { bold: 1, red: 31, green: 32, yellow: 33, dim: 2 } as const;

/** Colour for a terminal; plain text when `on` is false (a pipe, a file, or NO_COLOR). */
export function paint(on: boolean, style: keyof typeof ANSI, text: string): string {
  return on ? `\u001b[${ANSI[style]}m${text}\u001b[0m` : text;
}

export function toProblemLine(raw: Problem, colour: boolean): string {
  const problem = toPrintableProblem(raw);
  const line = toLine(problem);
  if (!colour) return line;
  const place = `${problem.file}:${problem.line}:${problem.column}:`;
  const rest = line.slice(place.length).replace(/^ warning:/, ` ${paint(true, 'yellow', 'warning:')}`);
  return `${paint(true, 'bold', place)}${problem.severity === 'error' ? paint(true, 'red', rest) : rest}`;
}

/** A GitHub Actions workflow command, so that the problem shows on the changed line of a pull request. */
export function toAnnotation(raw: Problem): string {
  const problem = toPrintableProblem(raw);
  const property = (value: string | number) => String(value).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/:/g, '%3A').replace(/,/g, '%2C');
  const data = (value: string) => value.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const message = problem.path ? `${problem.path}: ${problem.message}` : problem.message;
  return `::${problem.severity} file=${property(problem.file)},line=${problem.line},col=${problem.column}::${data(message)}`;
}

/** `3 contests checked, 1 invalid, 2 problems (1 warning)`. */
export function toCheckSummary(checked: number, invalid: number, problems: readonly Problem[]): string {
  const warnings = problems.filter((problem) => problem.severity === 'warning').length;
  const count = (n: number, one: string, many = `${one}s`) => `${toEnglishCount(n)} ${n === 1 ? one : many}`;
  return `${count(checked, 'contest')} checked, ${invalid} invalid, ${count(problems.length, 'problem')}${warnings ? ` (${count(warnings, 'warning')})` : ''}`;
}

/** `dist/index.html  15 users · 3 winners · 74.1 kB (gzip)`; `~` marks an estimated size (a large page, see size.ts). */
export function toPageLine(page: BuiltPage, colour: boolean): string {
  const size = page.gzip ? `${page.gzip.estimated ? '~' : ''}${toKb(page.gzip.bytes)} (gzip)` : toKb(page.bytes);
  return `${paint(colour, 'green', toPrintable(page.path))}  ${toEnglishCount(page.users)} users · ${page.winners} winners · ${size}`;
}

/** `200 pages in public/ · 20,000 users · 50.1 MB, 15.2 MB gzip`. */
export function toBuildSummary(pages: readonly BuiltPage[], out: string): string {
  const sum = (of: (page: BuiltPage) => number | undefined) => pages.reduce((total, page) => total + (of(page) ?? 0), 0);
  const gzip = pages.every((page) => page.gzip) ? `, ${toKb(sum((page) => page.gzip?.bytes))} gzip` : '';
  return `${pages.length} pages in ${toPrintable(out).replace(/\/?$/, '/')} · ${toEnglishCount(sum((page) => page.users))} users · ${toKb(sum((page) => page.bytes))}${gzip}`;
}

/** `dist/spring/index.html  removed: its contest is gone from the folder`. */
export function toRemovedLine(path: string): string {
  return `${toPrintable(path)}  removed: its contest is gone from the folder`;
}

/** Problems as one JSON document for other tools; DEL and C1 controls escaped too, which JSON.stringify leaves. */
export function toProblemsJson(problems: readonly Problem[]): string {
  return JSON.stringify(problems, ['file', 'line', 'column', 'path', 'message', 'severity'], 2).replace(/[\u007f-\u009f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function toPrintableProblem(problem: Problem): Problem {
  return { ...problem, file: toPrintable(problem.file), path: toPrintable(problem.path), message: toPrintable(problem.message) };
}

/** `20000` → `20,000`; not toLocaleString, whose first call loads ICU's locale data (see format.ts). */
function toEnglishCount(count: number): string {
  return groupDigits(String(count), ',');
}

function toKb(bytes: number): string {
  return bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1000).toFixed(1)} kB`;
}
