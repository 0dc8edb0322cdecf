// What the publisher reads of what changed since each contest's previous Stand: one line per contest, the same as data
// for `validate --format json`, and a Markdown section for GitHub's step summary, in the contest's language (de, en).
// Pure: returns text.
import { toPrintable, type Problem, type Severity } from '../errors.ts';
import { toMovement, type Movement } from '../contest/ranking.ts';
import { toCents, toCount, toDecimal, toEuro, toMoney } from '../contest/numbers.ts';
import { toPercent, toPointFigure } from '../contest/fair/targets.ts';
import type { Board } from '../contest/fair/teams.ts';
import type { Changes } from '../input/changes.ts';
import { toFolded } from '../contest/privacy.ts';
import { toStand } from '../page/format.ts';
import { fill, plural, DEFAULT_LOCALE, type Locale } from '../page/messages.ts';
import { toIsolated, toMarkdown } from './markdown.ts';
import { toReportMessages, type ReportMessages } from './messages.ts';
import { toPrintableJson, toProblemEntry, toProblemLine } from './report.ts';

/** Rows of a step summary's table, and problems listed, per contest: GitHub takes at most 1 MiB of it per step. */
const SHOWN_ROWS = 100;

/** How a name from a file is shown: on a terminal, or in Markdown; isolated either way where it is right-to-left. */
type Show = (name: string) => string;
const toTerminalName: Show = (name) => toIsolated(toPrintable(name));
const toMarkdownName: Show = (name) => toIsolated(toMarkdown(name));

/**
 * `contests/spring.json  31.03.2027 gegenüber 24.03.2027: 3 neu, 1 nicht mehr dabei (Max Muster), 2 neu unter den
 * Top 10, größter Sprung Lea Zimmermann +12`: only the parts that apply.
 */
export function toChangeLine(changes: Changes, locale: Locale = DEFAULT_LOCALE): string {
  return `${toTerminalName(changes.file)}  ${toChangeText(changes, locale)}`;
}

/** The line without its file: `31.03.2027 gegenüber 24.03.2027: 3 neu, …`; names shown by `show`. */
export function toChangeText(changes: Changes, locale: Locale = DEFAULT_LOCALE, show = toTerminalName): string {
  const t = toReportMessages(locale);
  const n = (count: number) => toCount(count, locale);
  const atTarget = toAtTarget(changes).length;
  const parts = [
    ...(changes.new.length ? [fill(t.new, { n: n(changes.new.length) })] : []),
    ...(changes.gone.length
      ? [fill(t.gone, { n: n(changes.gone.length), names: toNames(changes.gone, 3, t, show) })]
      : []),
    // With prize tiers, who is new in each tier (contest/fair/tiers.ts) instead of who is new among the winners.
    ...(changes.newInTiers
      ? changes.newInTiers.map(({ text, names }) => fill(t.newInTier, { n: n(names.length), text: show(text) }))
      : changes.newInTop.length && changes.top
        ? [fill(t.newInTop, { n: n(changes.newInTop.length), top: n(changes.top) })]
        : []),
    ...(atTarget ? [fill(t.atTarget, { n: n(atTarget) })] : []),
    ...(changes.climb ? [fill(t.climb, { name: show(changes.climb.name), by: n(changes.climb.by) })] : []),
    ...(changes.teams?.top.length ? [toTopTeam(changes.teams, t, show)] : []),
  ];
  const what = parts.length ? parts.join(', ') : t.nothing;
  return fill(t.line, { stand: toDate(changes.stand, locale), since: toDate(changes.since, locale), what });
}

/**
 * `validate --format json`: the problems as before, then for each contest with a previous Stand an entry of severity
 * `note` whose `changes` hold who is new, gone, moved, and whose figures changed.
 */
export function toReportJson(
  problems: readonly Problem[],
  changes: readonly Changes[],
  locale: Locale = DEFAULT_LOCALE,
): string {
  const entries = [
    ...problems.map(toProblemEntry),
    ...changes.map((change) => ({
      file: change.file,
      line: 1,
      column: 1,
      path: 'users',
      message: toChangeText(change, locale, toPrintable),
      // informs, as a note does; the `changes` field tells it from a problem
      severity: 'note' satisfies Severity,
      changes: {
        stand: change.stand,
        since: change.since,
        new: change.new,
        gone: change.gone,
        newInTop: change.newInTop,
        ...(change.newInTiers && { newInTiers: change.newInTiers }),
        ...(change.target && { newAtTarget: toAtTarget(change) }),
        ...(change.teams && { topTeams: change.teams.top, topTeamsBefore: change.teams.before }),
        biggestClimb: change.climb ?? null,
        movers: change.rows
          .filter(({ was, place }) => ['up', 'down'].includes(toMovement(was, place).kind))
          .map(({ name, place, was }) => ({ name, place, was })),
        figuresChanged: change.rows.flatMap((row) => (toChanged(row) ? [toFiguresChanged(row)] : [])),
      },
    })),
  ];
  return toPrintableJson(entries);
}

/**
 * GitHub's step summary: a Markdown section per contest with a previous Stand (the line, the people whose place or
 * figures changed, who is new and who is gone, the problems of its files), then the other contests' problems.
 */
export function toStepSummary(
  changes: readonly Changes[],
  problems: readonly Problem[],
  locale: Locale = DEFAULT_LOCALE,
): string {
  const t = toReportMessages(locale);
  const sections: string[] = [];
  const shown = new Set<Problem>();
  for (const change of changes) {
    const own = problems.filter(({ file }) => file === change.file || file.startsWith(change.folder));
    own.forEach((problem) => shown.add(problem));
    sections.push(toSection(change, own, locale, t));
  }
  const others = problems.filter((problem) => !shown.has(problem));
  if (others.length) sections.push(`### ${t.problems}\n\n${toProblemList(others, t)}\n`);
  return sections.join('\n');
}

function toSection(change: Changes, problems: readonly Problem[], locale: Locale, t: ReportMessages): string {
  const lines = [`### ${toMarkdownName(change.file)}`, '', toChangeText(change, locale, toMarkdownName), ''];
  // Figures as the page's table shows them, in German number format whatever the language (SPEC: amounts in German).
  const n = (count: number) => toCount(count);
  // With prize tiers, a column more after the name: the tier each row wins; with targets, one at the end: the share.
  const tiered = change.newInTiers !== undefined;
  if (change.rows.length) {
    const columns = [
      ...(tiered ? [...t.columns.slice(0, 3), t.tierColumn, ...t.columns.slice(3)] : t.columns),
      ...(change.target ? [t.targetColumn] : []),
    ];
    const aligned = `|---:|:---|:---|${tiered ? ':---|' : ''}---:|---:|${change.target ? '---:|' : ''}`;
    lines.push(`| ${columns.join(' | ')} |`, aligned);
    for (const row of change.rows.slice(0, SHOWN_ROWS)) {
      const movement = toMovementText(toMovement(row.was, row.place), t.newRow);
      const [gained, earned] = [toLeads(row), toVolume(row)];
      const leads = `${n(row.leadCount)}${gained ? ` (${gained > 0 ? '+' : '-'}${n(Math.abs(gained))})` : ''}`;
      const volume =
        row.shown === false
          ? '–'
          : `${toMoney(row.profit)}${earned ? ` (${earned > 0 ? '+' : ''}${toMoney(earned)})` : ''}`;
      const tier = tiered ? ` ${row.tier ? toMarkdownName(row.tier) : ''} |` : '';
      const share = change.target ? ` ${toShareText(row)} |` : '';
      lines.push(
        `| ${n(row.place)} | ${movement} | ${toMarkdownName(row.name)} |${tier} ${leads} | ${volume} |${share}`,
      );
    }
    if (change.rows.length > SHOWN_ROWS) lines.push('', plural(t.moreRows, change.rows.length - SHOWN_ROWS));
    lines.push('');
  }
  if (change.teams?.board?.rows.length) lines.push(...toTeamTable(change.teams.board, t));
  if (change.new.length) lines.push(`**${t.newList}** ${toNames(change.new, SHOWN_ROWS, t, toMarkdownName)}`, '');
  if (change.gone.length) lines.push(`**${t.goneList}** ${toNames(change.gone, SHOWN_ROWS, t, toMarkdownName)}`, '');
  if (problems.length) lines.push(toProblemList(problems, t), '');
  return `${lines.join('\n')}`;
}

/** `▲ 3`, `▼ 2`, `–`, `neu` (`isNew`), or nothing for a name the previous Stand held twice: as the page shows it. */
function toMovementText(movement: Movement, isNew: string): string {
  if (movement.kind === 'up') return `▲ ${toCount(movement.places)}`;
  if (movement.kind === 'down') return `▼ ${toCount(movement.places)}`;
  return movement.kind === 'new' ? isNew : movement.kind === 'same' ? '–' : '';
}

function toProblemList(problems: readonly Problem[], t: ReportMessages): string {
  const items = problems.slice(0, SHOWN_ROWS).map((problem) => `- ${toMarkdown(toProblemLine(problem, false))}`);
  if (problems.length > SHOWN_ROWS) items.push(`- ${plural(t.moreProblems, problems.length - SHOWN_ROWS)}`);
  return items.join('\n');
}

/** `Max Muster, Lea Zimmermann, Ben Krüger und 28 weitere`: each name shown by `show`, as a name of its own. */
function toNames(names: readonly string[], shown: number, t: ReportMessages, show: Show): string {
  const listed = names.slice(0, shown).map(show).join(', ');
  return names.length > shown ? fill(t.names, { names: listed, n: names.length - shown }) : listed;
}

/** Those newly at 100 % of their target or beyond (someone new included), where the report may say their share. */
export function toAtTarget({ rows }: Pick<Changes, 'rows'>): string[] {
  return rows.flatMap(({ name, reached, before }) =>
    reached !== undefined && reached >= 1000 && !((before?.reached ?? 0) >= 1000) ? [name] : [],
  );
}

/** Whether the best team is another than on the previous Stand, both having one (a name as people read it). */
export function isNewTop({ top, before }: NonNullable<Changes['teams']>): boolean {
  const now = new Set(top.map(toFolded));
  if (top.length === 0 || before.length === 0) return false;
  return before.length !== top.length || before.some((name) => !now.has(toFolded(name)));
}

type Row = Changes['rows'][number];

/** Whether a row's own figures changed since the previous Stand: leads, volume, or the share of its target. */
function toChanged(row: Row): boolean {
  return row.before !== undefined && (toLeads(row) !== 0 || toVolume(row) !== 0 || row.reached !== row.before.reached);
}

/** A row of `validate --format json`'s figuresChanged: shares of a target as percent (`60` for 60,0 %). */
function toFiguresChanged({ name, place, leadCount, profit, reached, before }: Row) {
  const { leadCount: leadCountBefore, profit: profitBefore, reached: then } = before!;
  const shares =
    reached === undefined ? {} : { reached: reached / 10, reachedBefore: then === undefined ? null : then / 10 };
  return { name, place, leadCount, leadCountBefore, profit, profitBefore, ...shares };
}

/** `60,0 % (+5,0)`: the share of a row's target and its gain in percentage points; a dash where it is not said. */
function toShareText({ reached, before }: Row): string {
  if (reached === undefined) return '–';
  const gained = before?.reached === undefined ? 0 : reached - before.reached;
  return `${toPercent(reached)}${gained ? ` (${gained > 0 ? '+' : '-'}${toPointFigure(Math.abs(gained))})` : ''}`;
}

/** `bestes Team Nord`, or `neues bestes Team Nord (zuvor Süd)` where the best team changed. */
function toTopTeam({ top, before }: NonNullable<Changes['teams']>, t: ReportMessages, show: Show): string {
  const teams = top.map(show).join(', ');
  return isNewTop({ top, before })
    ? plural(t.newTopTeam, top.length, { teams, before: before.map(show).join(', ') })
    : plural(t.topTeam, top.length, { teams });
}

/** The teams table as the page shows it: its teams, places and figures, a dash for a figure the page leaves out. */
function toTeamTable(board: Board, t: ReportMessages): string[] {
  const target = board.by === 'target';
  const head = [...t.teamColumns, ...(target ? [t.targetColumn] : [])];
  const rows = board.rows.slice(0, SHOWN_ROWS).map((row) => {
    const name = `${toMarkdownName(row.name)}${row.top ? ` (${t.teamTop})` : ''}`;
    const leads = board.by === 'average' ? toDecimal(row.leadCount) : toCount(row.leadCount);
    const volume = row.profit === undefined ? '–' : toMoney(row.profit);
    const share = target ? ` ${row.tenths === undefined ? '–' : toPercent(row.tenths)} |` : '';
    return `| ${toCount(row.place)} | ${name} | ${toCount(row.count)} | ${leads} | ${volume} |${share}`;
  });
  const more = board.rows.length > SHOWN_ROWS ? ['', plural(t.moreRows, board.rows.length - SHOWN_ROWS)] : [];
  return [
    `#### ${t.teams}`,
    '',
    `| ${head.join(' | ')} |`,
    `|---:|:---|---:|---:|---:|${target ? '---:|' : ''}`,
    ...rows,
    ...more,
    '',
  ];
}

/** Own leads gained since the previous Stand (0 for someone new). */
function toLeads({ leadCount, before }: Pick<Row, 'leadCount' | 'before'>): number {
  return before ? leadCount - before.leadCount : 0;
}

/** Volume gained since the previous Stand, in whole cents as the page shows it (0 for someone new). */
function toVolume({ profit, before }: Pick<Row, 'profit' | 'before'>): number {
  return before ? toEuro(toCents(profit) - toCents(before.profit)) : 0;
}

/** `2027-03-31T18:00` → `31.03.2027, 18:00 Uhr` (de) or `2027-03-31 18:00` (en). */
function toDate(stand: string, locale: Locale): string {
  if (locale === 'en') return stand.replace('T', ' ');
  const { date, time } = toStand(stand);
  return time ? fill(toReportMessages(locale).at, { date, time }) : date;
}
