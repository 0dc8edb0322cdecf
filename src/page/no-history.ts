// page/history.tsx for a page without a previous Stand: nothing of it renders there, so that page's script carries
// none of its code (scripts/bundles.js puts this module in its place).
import type * as History from './history.tsx';

/** A component of history.tsx, taking the same props and rendering nothing. */
type Nothing<F extends (...args: never[]) => unknown> = (...args: Parameters<F>) => null;

export const Move: Nothing<typeof History.Move> = () => null;
export const Changes: Nothing<typeof History.Changes> = () => null;
export const Change: Nothing<typeof History.Change> = () => null;
export const Trend: Nothing<typeof History.Trend> = () => null;
export const toSince: typeof History.toSince = () => '';
