// The teams table of a contest with "teams": which teams a page shows, their figures and places, and which rows the
// page may narrow to each. The one home of a team's size rule: a team of fewer than `minimum` people is shown nowhere,
// so that no figure of its members can be worked out from what the page publishes (a works council's rule).
import { toCents, toEuro } from '../numbers.ts';
import { toFolded, toHider, toPrivacy, toPublished } from '../privacy.ts';
import { order, rank, toMetrics, type Key, type Rules } from '../ranking.ts';
import type { Contest, Named, Privacy, User } from '../schema.ts';
import type { Board, TeamRow } from './board.ts';
import { toEffectiveTarget, toReached, toTargetFigure, type TargetRule } from './targets.ts';

export type { Board, TeamRow };

/** The fewest people a team needs to be shown on its own, where the contest does not say. */
export const DEFAULT_MINIMUM = 5;

/**
 * What the check says of a contest with "teams" whose people have no team at all (no team column, or an empty one),
 * or nothing.
 */
export function toTeamsProblem(contest: { teams?: unknown; users: readonly Pick<User, 'team'>[] }): string | undefined {
  if (contest.teams === undefined || contest.users.length === 0) return undefined;
  if (contest.users.some((user) => user.team?.trim())) return undefined;
  return '"teams" ranks teams by each person\'s team, but no person has one: add a column "Team" or "Region" to the export (or name it in "columns": { "team": "…" }), or give each user a "team"';
}

/** What the check says, at `teams.by`, of teams ranked by the share of their targets in a contest without targets. */
export function toTeamsTargetProblem(contest: { teams?: Contest['teams']; target?: unknown }): string | undefined {
  if (contest.teams?.by !== 'target' || contest.target !== undefined) return undefined;
  return '"by": "target" ranks teams by the share of their members\' summed targets, but the contest sets none: add "target": { "figure": "profit" } (or "leadCount"), or rank teams by "total" or "average"';
}

/**
 * The contest as its page carries it (`page`, from privacy.ts toPage()) with the teams table made from the checked
 * contest (`named`, full names and figures): no person's `team` is carried, and a page past its end date (its winners
 * alone) has no table. A contest without "teams" is returned as it is.
 */
export function withBoard(named: Pick<Named, 'contest' | 'ranking'>, page: Contest, fallback: Privacy | undefined) {
  const carried = page.users.some((user) => user.team !== undefined)
    ? page.users.map(({ team: _team, ...user }) => user)
    : page.users;
  const board = toShownBoard(named, fallback);
  if (!board) return carried === page.users ? page : { ...page, users: carried };
  return { ...page, users: carried, board };
}

/**
 * The teams table as the page of `named` (the checked contest) shows it under the privacy settings: what the page
 * carries and the step summary lists. None without "teams", or past the contest's end date.
 */
export function toShownBoard(named: Pick<Named, 'contest' | 'ranking'>, fallback: Privacy | undefined) {
  const { contest, ranking } = named;
  if (!contest.teams || contest.ended) return undefined;
  const privacy = toPrivacy(contest.privacy, fallback);
  const hides = toHider(privacy);
  return toBoard(contest.users, contest.teams, contest, {
    published: toPublished(ranking, privacy.amounts),
    hidden: (at) => hides(contest.users[at]!),
  });
}

/** The names of the team (or teams, sharing first place) the teams table of `users` marks as the best; none without "teams". */
export function toTopTeams(users: readonly User[], rules: Rules & Pick<Contest, 'teams' | 'target'>): string[] {
  if (!rules.teams) return [];
  const board = toBoard(users, rules.teams, rules, { published: () => true, hidden: () => false });
  return board.rows.flatMap(({ name, top }) => (top ? [name] : []));
}

type Said = { published: (at: number) => boolean; hidden: (at: number) => boolean };

/**
 * The teams table of `users` (in the page's order): each team of at least `minimum` people ranked by `by` of the
 * contest's first ranking figure (the volume without one), or by the share of its members' summed effective targets
 * reached in the target's figure (`target`), the first place marked. A team's volume (and its share of a volume
 * target) is left out where fewer than `minimum` of its people's amounts are unpublished but some are: the published
 * ones would give them away.
 */
export function toBoard(
  users: readonly User[],
  teams: NonNullable<Contest['teams']>,
  rules: Rules & Pick<Contest, 'target'>,
  said: Said,
): Board {
  const minimum = teams.minimum ?? DEFAULT_MINIMUM;
  const { groups, without } = toGroups(users);
  const shown = [...groups.values()].filter((group) => group.at.length >= minimum);
  // Teams by target: each team a person whose target is the sum of its members' effective ones (ranking.ts's share).
  const target = teams.by === 'target' ? rules.target : undefined;
  const figures = shown.map((group) => ({ name: group.name, ...toFigures(users, group.at, teams.by, said), group }));
  const teamed = target
    ? figures.map((team) => ({ ...team, target: toTeamTarget(users, team.group.at, target) }))
    : figures;
  // A contest ranked by the share of each person's target sums the figure its targets are set in.
  const [first = 'profit'] = toMetrics(rules);
  const metric = target?.figure ?? (first === 'target' ? (rules.target?.figure ?? 'profit') : first);
  const key: Key = target ? 'target' : metric;
  const ranked = order(teamed, { ranking: [key], target });
  const { places, winning } = rank(ranked, 1, { ranking: [key], ties: 'shared', target });
  const members = new Array<number>(users.length).fill(-1);
  const rows = ranked.map((team, index) => {
    const { name, leadCount, profit, closed, group } = team;
    for (const at of group.at) if (!said.hidden(at)) members[at] = index;
    const row: TeamRow = { name, count: group.at.length, leadCount, place: places[index]! };
    // Unpublished amounts of fewer than `minimum` people: the team's volume less the published ones would be theirs,
    // and so would its share of a volume target (times the summed targets).
    const open = closed === 0 || closed >= minimum;
    if (open) row.profit = profit;
    const tenths = target && (open || target.figure === 'leadCount') ? toReached(team, target)?.tenths : undefined;
    if (tenths !== undefined) row.tenths = tenths;
    if (winning[index] === 1) row.top = 1;
    return row;
  });
  // The people in no team shown are known once each team's are (the narrowing): fewer than `minimum`, they would be
  // a small team's members, so no row is narrowed to a team at all.
  const rest = members.reduce((sum, team) => sum + (team === -1 ? 1 : 0), 0);
  const narrowed = rest === 0 || rest >= minimum ? members : [];
  return { by: teams.by, minimum, metric, rows, small: groups.size - shown.length, without, members: narrowed };
}

/** Each team's people (its index each) under its first spelling, one team however its name is cased or spaced. */
function toGroups(users: readonly User[]) {
  const groups = new Map<string, { name: string; at: number[] }>();
  let without = 0;
  users.forEach((user, at) => {
    const name = user.team?.trim();
    if (!name) return void (without += 1);
    const key = toFolded(name);
    const group = groups.get(key) ?? groups.set(key, { name, at: [] }).get(key)!;
    group.at.push(at);
  });
  return { groups, without };
}

/** The sum of the members' effective targets (each one's own or the default, pro-rated) in the figure's unit. */
function toTeamTarget(users: readonly User[], at: readonly number[], rule: TargetRule): number | undefined {
  let sum = 0; // cents for a volume, leads for leads, as toEffectiveTarget gives them
  for (const index of at) sum += toEffectiveTarget(users[index]!, rule) ?? 0;
  return sum > 0 ? toTargetFigure(sum, rule) : undefined;
}

/** A team's figures: sums, or sums per person rounded to cents; `closed`, how many of its amounts are unpublished. */
function toFigures(users: readonly User[], at: readonly number[], by: Board['by'], said: Said) {
  let [leads, cents, closed] = [0, 0, 0];
  for (const index of at) {
    leads += users[index]!.leadCount;
    cents += toCents(users[index]!.profit);
    if (!said.published(index)) closed += 1;
  }
  // Per person, rounded to cents (two decimals of a lead) once, so that the table shows what ranks.
  const per = (value: number) => (by === 'average' ? toEuro(toCents(value / at.length)) : value);
  return { leadCount: per(leads), profit: per(toEuro(cents)), closed };
}
