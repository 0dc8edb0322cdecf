// page/fair/tiers.tsx for a page without prize tiers: nothing of it renders there, so that page's script carries none
// of its code (scripts/bundles.js FAIR puts this module in its place).
import type * as Tiers from './tiers.tsx';

export const TierWords: (...args: Parameters<typeof Tiers.TierWords>) => null = () => null;
export const toTierLine: typeof Tiers.toTierLine = () => '';
export const toTierCaption: typeof Tiers.toTierCaption = () => '';
export const toRowTier: typeof Tiers.toRowTier = () => undefined;
