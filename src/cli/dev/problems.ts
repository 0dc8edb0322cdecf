// What podium dev's tab shows of a contest it cannot bake: errors first, then warnings, then notes, each placed in
// words a publisher finds in the sheet (the file, its row, a workbook's cell), and the terminal's exact line beside it.
import { escapeHtml } from '../../bake/html.ts';
import { CSV_FILE, WORKBOOK_FILE } from '../../contest/schema.ts';
import { toPrintable, type Problem, type Severity } from '../../errors.ts';
import { fill, plural, type Locale } from '../../page/messages.ts';
import { toReportMessages, type ReportMessages } from '../messages.ts';
import { SHOWN_PROBLEMS, toProblemLine } from '../report.ts';

/** What matters first: an error keeps the page from being baked; a warning may; a note only informs. */
const ORDER: readonly Severity[] = ['error', 'warning', 'note'];

/** The CSS of the sections: each severity its own mark at the left, as the terminal colours it. */
export const PROBLEMS_STYLE =
  'section ol{list-style:none;padding:0}section li{border-left:4px solid #8a8f98;background:#f4f5f7;padding:.5rem 1rem;margin:.5rem 0}.error li{border-color:#c62828;background:#fdecea}.warning li{border-color:#f39200;background:#fff4e0}section li p{margin:.25rem 0}.where{font-weight:700}section code{white-space:pre-wrap;word-break:break-word}section summary{color:#5f6670;cursor:pointer}';

/**
 * The problems as HTML sections, one per severity (`1 Fehler`, `6 Warnungen`), in the order each was found within
 * it; the first SHOWN_PROBLEMS of them, errors first, and how many more there are.
 */
export function toProblemSections(problems: readonly Problem[], locale: Locale): string {
  const t = toReportMessages(locale);
  const bySeverity = ORDER.map((severity) => problems.filter((problem) => problem.severity === severity));
  let left = SHOWN_PROBLEMS;
  const sections = bySeverity.map((found, at) => {
    if (found.length === 0) return '';
    const severity = ORDER[at]!;
    const shown = found.slice(0, Math.max(left, 0));
    left -= shown.length;
    const items = shown.map((problem) => toItem(problem, t)).join('');
    const heading = plural(t.severities[severity], found.length);
    return `<section class="${severity}"><h2>${escapeHtml(heading)}</h2>${items && `<ol>${items}</ol>`}</section>`;
  });
  const more = problems.length - SHOWN_PROBLEMS;
  return `${sections.join('')}${more > 0 ? `<p>${escapeHtml(plural(t.moreProblems, more))}</p>` : ''}`;
}

/** A problem: where, what, and the line the terminal printed (the precise place, `users[39].leadCount`). */
function toItem(problem: Problem, t: ReportMessages): string {
  const where = toPlaceText(problem, t);
  const exact = toProblemLine(problem, false);
  return `<li><p class="where">${escapeHtml(where)}</p><p>${escapeHtml(toPrintable(problem.message))}</p><details><summary>${escapeHtml(t.exact)}</summary><code>${escapeHtml(exact)}</code></details></li>`;
}

/**
 * Where a problem is, as the publisher finds it: `Bericht.xlsx, Blatt „Tabelle1“, Zelle C14, Anzahl Eigenleads`;
 * `Bericht.csv, Zeile 41, Anzahl Eigenleads` (a spreadsheet shows a CSV file's lines as its rows); `spring.json, Zeile
 * 12, Spalte 20, 40. Person, Anzahl Eigenleads`, or the key as the file writes it (`„qualification_end“`).
 */
export function toPlaceText(problem: Problem, t: ReportMessages): string {
  const { file, line, column, sheet, cell, path } = problem;
  const sheetLike = cell !== undefined || CSV_FILE.test(file) || WORKBOOK_FILE.test(file);
  const parts = [toPrintable(file)];
  if (cell !== undefined) parts.push(fill(t.place.cell, { sheet: toPrintable(sheet ?? ''), cell }));
  else if (CSV_FILE.test(file)) parts.push(fill(t.place.line, { line }));
  else if (!WORKBOOK_FILE.test(file)) parts.push(fill(t.place.line, { line }), fill(t.place.column, { column }));
  const row = /^users\[(\d+)\](?:\.(\w+))?$/.exec(path);
  const field = row?.[2] !== undefined && Object.hasOwn(t.fields, row[2]) ? row[2] : undefined;
  if (row && (field !== undefined || row[2] === undefined)) {
    // A sheet's row says who it is; a JSON list's place does not.
    if (!sheetLike) parts.push(fill(t.place.person, { n: Number(row[1]) + 1 }));
    if (field !== undefined) parts.push(t.fields[field as keyof ReportMessages['fields']]);
  } else if (path && !(sheetLike && path === 'users')) parts.push(fill(t.place.key, { path: toPrintable(path) }));
  return parts.join(', ');
}
