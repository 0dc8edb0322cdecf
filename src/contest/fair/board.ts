// The teams table as a page carries it (contest/fair/teams.ts makes it): types alone, which the schema's Contest
// names without importing the module that makes them.
import type { Metric } from '../ranking.ts';

/** A team as the page shows it: its name, how many it counts, its figures (no amount where one would reveal a person's). */
export type TeamRow = {
  name: string;
  count: number;
  leadCount: number;
  profit?: number;
  place: number;
  /** Under "by": "target", the share of the members' summed targets reached, in tenths of a percent (600: 60,0 %). */
  tenths?: number;
  /** 1 for the top team (or teams, sharing first place). */
  top?: 1;
};

/** The teams table a page carries: the teams shown, what is left out and why, and each row's team. */
export type Board = {
  by: 'total' | 'average' | 'target';
  minimum: number;
  /** The figure that ranks the teams: the target's under "by": "target", the contest's first ranking figure, else the volume. */
  metric: Metric;
  rows: TeamRow[];
  /** How many teams are smaller than the minimum, and so not shown. */
  small: number;
  /** How many people have no team, and so count in none. */
  without: number;
  /**
   * Per row of the person table, the index of its team in `rows`; -1 for a team not shown, no team, or a hidden person.
   * Empty where fewer than `minimum` rows would be -1: the page then offers no narrowing.
   */
  members: number[];
};
