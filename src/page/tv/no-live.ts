// page/tv/live.ts for a page baked without --refresh: it fetches nothing, so its script carries none of that code
// (scripts/bundles.js puts this module in its place). A wall screen says so, in the bottom left corner (script.css),
// where a page baked with --refresh shows its stale line: a screen that never changes must not look live.
import type * as Live from './live.ts';

export const startLive: typeof Live.startLive = ({ tv, messages }) => {
  if (tv) document.documentElement.dataset.still = messages.still;
};
