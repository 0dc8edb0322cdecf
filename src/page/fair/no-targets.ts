// page/fair/targets.tsx for a page without targets: nothing of it shows there, so that page's script carries none of
// its code (scripts/bundles.js puts this module in its place).
import type * as Targets from './targets.tsx';

export const TargetHead: typeof Targets.TargetHead = () => null;
export const TargetCell: typeof Targets.TargetCell = () => null;
export const ShareCell: (props: Parameters<typeof Targets.ShareCell>[0]) => null = () => null;
export const toTargetWords: typeof Targets.toTargetWords = () => undefined;
export const toProratedLine: typeof Targets.toProratedLine = () => undefined;
export const toPoints: typeof Targets.toPoints = () => '';
export const toTargetStanding: typeof Targets.toTargetStanding = () => undefined;
