// page/tv/live.ts for a page baked without --refresh: it fetches nothing, so its script carries none of that code
// (scripts/bundles.js puts this module in its place).
import type * as Live from './live.ts';

export const startLive: typeof Live.startLive = () => undefined;
