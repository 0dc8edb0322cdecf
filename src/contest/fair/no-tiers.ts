// contest/fair/tiers.ts in the page script of a contest without prize tiers (scripts/bundles.js FAIR): its ranking
// never asks for tiers, and the script carries none of their code. The CLI and a fair contest's script take tiers.ts.
import type * as Tiers from './tiers.ts';

export const toTiered: typeof Tiers.toTiered = (ranking) => ranking;
/** A page with prize tiers needs the script that shows them. */
export const isTiered: typeof Tiers.isTiered = ({ prizes }) => prizes === undefined;
export const findNewInTiers: typeof Tiers.findNewInTiers = () => [];
