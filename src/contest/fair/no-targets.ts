// contest/fair/targets.ts in the page script of a contest without targets, which never ranks or shows by target:
// that script carries none of its code (scripts/bundles.js puts this module in its place).
import type * as Targets from './targets.ts';

export const toReached: typeof Targets.toReached = () => undefined;
export const toPercent: typeof Targets.toPercent = () => '';
// A page whose script has no targets shows none of a fetched page's: whatever they are, they do it no harm.
export const isTargetData: typeof Targets.isTargetData = () => true;
