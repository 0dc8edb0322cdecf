// page/fair/teams.tsx for a page without a fair contest: nothing of it renders there, so that page's script carries
// none of its code (scripts/bundles.js FAIR puts this module in its place).
import type * as Real from './teams.tsx';

/** A component of teams.tsx, taking the same props and rendering nothing. */
type Nothing<F extends (...args: never[]) => unknown> = (...args: Parameters<F>) => null;

export const Teams: Nothing<typeof Real.Teams> = () => null;
export const TeamFilter: Nothing<typeof Real.TeamFilter> = () => null;
/** No row of a page without teams is ever hidden by a team's choice. */
export const revealRow: typeof Real.revealRow = () => {};
