// The race on the page of a contest with a history: what its chart shows (bake/chart.ts draws it). Today's winners
// as lines, their places over the trend's Stands, and the cut-off, the last winner's figure in the one that decides,
// all under the contest's privacy settings: a hidden person is no line, an amount the page does not publish no axis.
import { toMetrics, type Metric } from '../contest/ranking.ts';
import { toHider } from '../contest/privacy.ts';
import type { Contest, Named, Privacy } from '../contest/schema.ts';
import { toTrend } from '../contest/standings.ts';

/** Lines a chart draws at most: the first winners by place; a chart of more is a tangle no one reads. */
export const RACE_LINES = 10;

/** One winner's line: their row in the list, the name as the page shows it, their places, oldest Stand first. */
export type Line = { row: number; name: string; places: (number | null)[] };

/** What the chart shows; each list oldest Stand first, the current one last. */
export type Race = {
  /** The trend's Stands, written as Standings writes them (`2027-03-24`, `2027-03-24T18:00`). */
  stands: string[];
  /** Today's winners who are not hidden, by place, at most RACE_LINES. */
  lines: Line[];
  /** How many winners the page may name (the hidden left out): more than `lines` where the chart leaves some out. */
  named: number;
  /** The last winning place's figure per Stand (null: no one won then); none where the page does not publish it. */
  cutoff?: { metric: Metric; values: (number | null)[] };
};

/**
 * The race of a contest as checked (`named`: full names, the ranking, its Stands' last winners), shown as `shown`
 * (its page's contest: names as privacy shows them, its Standings) under `privacy`; none without a previous Stand.
 */
export function toRace(
  { contest, ranking, lasts }: Pick<Named, 'contest' | 'ranking' | 'lasts'>,
  shown: Contest,
  privacy: Privacy,
): Race | undefined {
  const { standings } = shown;
  if (!standings || !lasts || lasts.length !== standings.stands.length) return undefined;
  const hides = toHider(privacy);
  const rows: number[] = [];
  // Winners come first in the list, in the rules' order: a pass that stops at the last winner.
  for (let at = 0; at <= ranking.last; at += 1)
    if (ranking.winning[at] === 1 && !hides(contest.users[at]!)) rows.push(at);
  if (rows.length === 0) return undefined; // no one to draw
  const lines = rows.slice(0, RACE_LINES).map((row) => {
    const climbed = standings.climbed[row];
    const place = ranking.places[row]!;
    // A name twice in a Stand has no trend: today's place alone.
    const places = climbed ? toTrend(climbed, place) : [...standings.stands.slice(1).map(() => null), place];
    return { row, name: shown.users[row]!.name, places };
  });
  // Ranked by the share of each person's own target, no one figure is what the last winning place needed: no cut-off.
  const [first = 'leadCount'] = toMetrics(contest);
  const metric = first === 'target' ? undefined : first;
  const published = metric === 'leadCount' || (metric && (privacy.amounts ?? 'all') === 'all');
  const values = lasts.map((last) => (last && metric ? last[metric] : null));
  return {
    stands: standings.stands,
    lines,
    named: rows.length,
    ...(published && metric && values.some((value) => value !== null) && { cutoff: { metric, values } }),
  };
}
