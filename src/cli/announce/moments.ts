// What the newest Stand of a contest with a history brings, against the Stand before it: the moments an announcement
// says. Pure: a contest as its page shows it (names, amounts, an end date past) → moments. Each moment belongs to one
// Stand only (the kick-off to the first, the end to the first after qualification_end, the top to those new there),
// so that announcing each new Stand once never says a moment twice.
import { toMetrics, type Metric, type Ranking } from '../../contest/ranking.ts';
import type { Contest } from '../../contest/schema.ts';
import type { Changes } from '../../input/changes.ts';
import { isNewTop, toAtTarget } from '../changes.ts';

/** A moment of a Stand, as data; words.ts says it. */
export type Moment =
  | { kind: 'kickoff'; people: number; top: number }
  | { kind: 'entered'; top: number; names: string[] }
  | { kind: 'tier'; text: string; names: string[] }
  | { kind: 'target'; names: string[] }
  | { kind: 'team'; top: string[]; before: string[] }
  | { kind: 'climb'; name: string; by: number }
  | { kind: 'cutoff'; place: number; figures: [Metric, number][] }
  | { kind: 'left'; days: number; end: string }
  | { kind: 'lastWeek' }
  | { kind: 'end'; winners: string[] };

/** One contest's announcement: its title, its newest Stand, and the moments that apply (none: nothing to say). */
export type Announcement = { title: string; stand: string; moments: Moment[] };

/**
 * What the moments are made of: the contest as its page shows it (contest/privacy.ts's toPage, dates in Berlin time),
 * the check's ranking of it, its newest Stand and the previous one (none: this is the first), and what changed, as
 * the change report may say it (build.ts's toShownChanges).
 */
export type Announced = {
  contest: Pick<Contest, 'title' | 'users' | 'solo_winners' | 'qualification_end' | 'ranking'>;
  ranking: Pick<Ranking, 'winning' | 'places' | 'last'>;
  stand: string;
  since?: string | undefined;
  changes?: Pick<Changes, 'newInTop' | 'newInTiers' | 'climb' | 'top' | 'rows' | 'teams'> | undefined;
};

/** Days before the end at which the last week begins: fewer than 8 days left. */
const LAST_WEEK = 7;
const DAY = 86_400_000;

/** The moments of the newest Stand: the end alone once it is past, else whatever of the others applies. */
export function toAnnouncement({ contest, ranking, stand, since, changes }: Announced): Announcement {
  const end = contest.qualification_end === undefined ? undefined : toEnd(contest.qualification_end);
  const moments: Moment[] = [];
  const said = { title: contest.title, stand, moments };
  if (end && isOver(stand, end)) {
    // The end once: in the first Stand after it, never again.
    if (since === undefined || !isOver(since, end)) moments.push({ kind: 'end', winners: toWinners(contest, ranking) });
    return said;
  }
  const top = contest.solo_winners;
  if (since === undefined) moments.push({ kind: 'kickoff', people: contest.users.length, top });
  if (changes) moments.push(...toNews(changes, top));
  if (changes?.climb) moments.push({ kind: 'climb', ...changes.climb });
  if (changes?.teams && isNewTop(changes.teams)) moments.push({ kind: 'team', ...changes.teams });
  const cutoff = toCutoff(contest, ranking);
  if (cutoff) moments.push(cutoff);
  if (end) {
    const days = toDaysLeft(stand, end);
    moments.push({ kind: 'left', days, end: end.last });
    const before = since === undefined ? undefined : toDaysLeft(since, end);
    if (days <= LAST_WEEK && (before === undefined || before > LAST_WEEK)) moments.push({ kind: 'lastWeek' });
  }
  return said;
}

/** Who is new among the winners (with prize tiers: in each tier), and who newly reached their target. */
function toNews(changes: NonNullable<Announced['changes']>, top: number): Moment[] {
  const { newInTiers, newInTop } = changes;
  const entered: Moment[] = newInTiers
    ? newInTiers.map(({ text, names }) => ({ kind: 'tier', text, names }))
    : newInTop.length && changes.top
      ? [{ kind: 'entered', top, names: newInTop }]
      : [];
  const reached = toAtTarget(changes);
  return reached.length ? [...entered, { kind: 'target', names: reached }] : entered;
}

/** The end of qualification as Berlin wall-clock time (`2027-07-01T00:00`, exclusive), and its last day. */
type End = { wall: string; last: string };

/** `2027-07-01T00:00:00+02:00` (contest/berlin.ts: a date alone is the end of that day) → its wall time, last day. */
function toEnd(berlin: string): End {
  const wall = berlin.slice(0, 16);
  const day = wall.slice(0, 10);
  const last = wall.endsWith('T00:00') ? new Date(Date.parse(day) - DAY).toISOString().slice(0, 10) : day;
  return { wall, last };
}

/** Whether a Stand (`2027-07-01`, `2027-06-30T18:00`, Berlin) is dated at or after the end: a date alone, its start. */
function isOver(stand: string, end: End): boolean {
  return (stand.length === 10 ? `${stand}T00:00` : stand.slice(0, 16)) >= end.wall;
}

/** Whole days from a Stand's date to the last day of qualification: 0 on the last day. */
function toDaysLeft(stand: string, end: End): number {
  return Math.round((Date.parse(end.last) - Date.parse(stand.slice(0, 10))) / DAY);
}

/** The winners' names as the page shows them, in the order of their places. */
function toWinners({ users }: Announced['contest'], { winning }: Announced['ranking']): string[] {
  return users.flatMap(({ name }, at) => (winning[at] === 1 ? [name] : []));
}

/**
 * What the last winning place needs: the last winner's figure that the contest ranks by first (both figures where the
 * list's order decides), each as far as the page publishes it (an amount not published is no figure here).
 */
function toCutoff(contest: Announced['contest'], ranking: Announced['ranking']): Moment | undefined {
  const last = contest.users[ranking.last];
  if (!last) return undefined;
  const [first] = toMetrics(contest);
  // Ranked by the share of each person's own target, no one figure is what the last winning place needs.
  if (first === 'target') return undefined;
  const wanted: Metric[] = first ? [first] : ['leadCount', 'profit'];
  const figures = wanted.flatMap((metric): [Metric, number][] => {
    const value = (last as Partial<Record<Metric, number>>)[metric];
    return typeof value === 'number' && Number.isFinite(value) ? [[metric, value]] : [];
  });
  return figures.length ? { kind: 'cutoff', place: ranking.places[ranking.last]!, figures } : undefined;
}
