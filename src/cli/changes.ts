// What the publisher reads of what changed since each contest's previous Stand: one line per contest, the same as data
// for `validate --format json`, and a Markdown section for GitHub's step summary. Pure: returns text.
import { toPrintable, type Problem } from '../errors.ts';
import { toNames, type Changes } from '../input/changes.ts';
import { toMoney } from '../page/format.ts';
import { count, toPrintableJson, toProblemLine } from './report.ts';

/** Rows of a step summary's table, and problems listed, per contest: GitHub takes at most 1 MiB of it per step. */
const SHOWN_ROWS = 100;

/**
 * `contests/spring.json  2027-03-31 vs 2027-03-24: 3 new, 1 gone (Max Muster), 2 new in the top 10, biggest climb
 * Lea Zimmermann +12`: only the parts that apply.
 */
export function toChangeLine(changes: Changes): string {
  return `${toPrintable(changes.file)}  ${toChangeText(changes)}`;
}

/** The line without its file: `2027-03-31 vs 2027-03-24: 3 new, …`. */
export function toChangeText(changes: Changes): string {
  const parts = [
    ...(changes.new.length ? [`${changes.new.length} new`] : []),
    ...(changes.gone.length ? [`${changes.gone.length} gone (${toNames(changes.gone)})`] : []),
    ...(changes.newInTop.length && changes.top ? [`${changes.newInTop.length} new in the top ${changes.top}`] : []),
    ...(changes.climb ? [`biggest climb ${changes.climb.name} +${changes.climb.by}`] : []),
  ];
  const what = parts.length ? parts.join(', ') : 'no one new, gone or moved';
  return toPrintable(`${toDate(changes.stand)} vs ${toDate(changes.since)}: ${what}`);
}

/**
 * `validate --format json`: the problems as before, then for each contest with a previous Stand an entry of severity
 * `notice` whose `changes` hold who is new, gone, moved, and whose figures changed.
 */
export function toReportJson(problems: readonly Problem[], changes: readonly Changes[]): string {
  const entries = [
    ...problems.map(({ file, line, column, path, message, severity }) => ({
      file,
      line,
      column,
      path,
      message,
      severity,
    })),
    ...changes.map((change) => ({
      file: change.file,
      line: 1,
      column: 1,
      path: 'users',
      message: toChangeText(change),
      severity: 'notice',
      changes: {
        stand: change.stand,
        since: change.since,
        new: change.new,
        gone: change.gone,
        newInTop: change.newInTop,
        biggestClimb: change.climb ?? null,
        movers: change.rows
          .filter(({ was, place }) => was > 0 && was !== place)
          .map(({ name, place, was }) => ({ name, place, was })),
        figuresChanged: change.rows.flatMap(({ name, place, leadCount, profit, before }) =>
          before && (toLeads({ leadCount, before }) !== 0 || toVolume({ profit, before }) !== 0)
            ? [{ name, place, leadCount, leadCountBefore: before.leadCount, profit, profitBefore: before.profit }]
            : [],
        ),
      },
    })),
  ];
  return toPrintableJson(entries);
}

/**
 * GitHub's step summary: a Markdown section per contest with a previous Stand (the line, the people whose place or
 * figures changed, who is new and who is gone, the problems of its files), then the other contests' problems.
 */
export function toStepSummary(changes: readonly Changes[], problems: readonly Problem[]): string {
  const sections: string[] = [];
  const shown = new Set<Problem>();
  for (const change of changes) {
    const own = problems.filter(({ file }) => file === change.file || file.startsWith(change.folder));
    own.forEach((problem) => shown.add(problem));
    sections.push(toSection(change, own));
  }
  const others = problems.filter((problem) => !shown.has(problem));
  if (others.length) sections.push(`### Problems\n\n${toProblemList(others)}\n`);
  return sections.join('\n');
}

function toSection(change: Changes, problems: readonly Problem[]): string {
  const lines = [`### ${toMarkdown(change.file)}`, '', toMarkdown(toChangeText(change)), ''];
  if (change.rows.length) {
    lines.push('| Place | Movement | Name | Leads | Volume |', '|---:|:---|:---|---:|---:|');
    for (const row of change.rows.slice(0, SHOWN_ROWS)) {
      const movement =
        row.was === 0
          ? 'new'
          : row.was > row.place
            ? `▲ ${row.was - row.place}`
            : row.was < row.place
              ? `▼ ${row.place - row.was}`
              : '–';
      const [gained, earned] = [toLeads(row), toVolume(row)];
      const leads = `${row.leadCount}${gained ? ` (${gained > 0 ? '+' : ''}${gained})` : ''}`;
      const volume = `${toMoney(row.profit)}${earned ? ` (${earned > 0 ? '+' : ''}${toMoney(earned)})` : ''}`;
      lines.push(`| ${row.place} | ${movement} | ${toMarkdown(row.name)} | ${leads} | ${volume} |`);
    }
    if (change.rows.length > SHOWN_ROWS) lines.push('', `… and ${count(change.rows.length - SHOWN_ROWS, 'more row')}`);
    lines.push('');
  }
  if (change.new.length) lines.push(`**New:** ${toMarkdown(toNames(change.new, SHOWN_ROWS))}`, '');
  if (change.gone.length) lines.push(`**Gone:** ${toMarkdown(toNames(change.gone, SHOWN_ROWS))}`, '');
  if (problems.length) lines.push(toProblemList(problems), '');
  return `${lines.join('\n')}`;
}

function toProblemList(problems: readonly Problem[]): string {
  const items = problems.slice(0, SHOWN_ROWS).map((problem) => `- ${toMarkdown(toProblemLine(problem, false))}`);
  if (problems.length > SHOWN_ROWS) items.push(`- … and ${count(problems.length - SHOWN_ROWS, 'more problem')}`);
  return items.join('\n');
}

type Row = Changes['rows'][number];

/** Own leads gained since the previous Stand (0 for someone new). */
function toLeads({ leadCount, before }: Pick<Row, 'leadCount' | 'before'>): number {
  return before ? leadCount - before.leadCount : 0;
}

/** Volume gained since the previous Stand, in whole cents as the page shows it (0 for someone new). */
function toVolume({ profit, before }: Pick<Row, 'profit' | 'before'>): number {
  return before ? (Math.round(profit * 100) - Math.round(before.profit * 100)) / 100 : 0;
}

/** `2027-03-31T18:00` → `2027-03-31 18:00`. */
function toDate(stand: string): string {
  return stand.replace('T', ' ');
}

/** Text that Markdown and GitHub's HTML show as written: punctuation escaped, control characters as `\n`. */
function toMarkdown(text: string): string {
  return toPrintable(text).replace(/[\\`*_[\]<>|~&#]/g, '\\$&');
}
