// page/fair/tiers.tsx for a page without prize tiers: nothing of it renders there, so that page's script carries none
// of its code (scripts/bundles.js FAIR puts this module in its place).
import type * as Tiers from './tiers.tsx';

/** A component of tiers.tsx, taking the same props and rendering nothing. */
type Nothing<F extends (...args: never[]) => unknown> = (...args: Parameters<F>) => null;

export const TierLine: Nothing<typeof Tiers.TierLine> = () => null;
export const TierCaption: Nothing<typeof Tiers.TierCaption> = () => null;
export const TierWords: Nothing<typeof Tiers.TierWords> = () => null;
export const toBand: typeof Tiers.toBand = () => '';
