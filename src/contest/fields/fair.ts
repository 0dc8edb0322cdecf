// The fields of a fair contest (targets, prize tiers, teams), each opt-in: a person's target, employment share and
// team, the contest's "target" and "prizes" (rules beside "ranking"), and its "teams".
import * as z from 'zod/mini';
import { LIMITS, MAX_PRIZES } from '../limits.ts';
import { SHARE_RULE, toShare } from '../fair/targets.ts';
import { describe, metric, minimum, target, text, title } from './kinds.ts';

/** A person's own target, employment share and team. */
export const toFairUserFields = () => ({
  target: describe(
    z.optional(target()),
    'The person\'s own target in the figure the contest\'s "target" names (euro or leads), above 0; column "Ziel", "Zielwert" or "Target". Without it, the contest\'s "target": { "default": … }.',
  ),
  share: describe(
    z.optional(
      z.pipe(
        z.union([z.number(), z.string()]).check(z.refine((value) => toShare(value) !== undefined, SHARE_RULE)),
        z.transform((value) => toShare(value)!),
      ),
    ),
    'The person\'s employment share, which scales their target: 0.5, "50 %" or 50 (above 1 and at most 100 reads as a percent); column "Beschäftigungsgrad", "Stellenanteil" or "FTE". Without it, 1 (full time).',
  ),
  team: describe(
    z.optional(text(LIMITS.name)),
    `The person's team or region, column "Team" or "Region": read only where the contest has "teams". At most ${LIMITS.name} characters; empty: the person counts in no team.`,
  ),
});

/** The contest's targets and prize tiers, beside its other rules. */
export const toFairRules = () => ({
  target: describe(
    z.optional(z.strictObject({ figure: metric(), default: z.optional(target()) })),
    'Personal targets: { "figure": "profit" } (or "leadCount"), each person\'s target from the column "Ziel", "Zielwert" or "Target" (or a user\'s "target"), else "default" ({ "figure": "profit", "default": 50000 }); scaled by an employment share column ("Beschäftigungsgrad", "Stellenanteil", "FTE"). The page shows the share of the target each person reached; "ranking": "target" ranks by it.',
  ),
  prizes: describe(
    z.optional(
      z
        .array(
          z.strictObject({
            places: z.int().check(z.gte(1), z.lte(LIMITS.users)),
            text: title(),
            minimum: z.optional(minimum()),
          }),
        )
        .check(z.minLength(1), z.maxLength(MAX_PRIZES)),
    ),
    `Prize tiers, from the top, at most ${MAX_PRIZES}: [{ "places": 3, "text": "Reise + Upgrade" }, { "places": 7, "text": "Reise", "minimum": { "leadCount": 10 } }]. Each tier covers the next "places" winning places (a place shared at a tier's edge stays in the upper tier), and their places added up are the winners: "solo_winners" may be left out. A winner who misses a tier's "minimum" gets the first tier below whose minimum they meet, or none; no one moves up in their place. The page names each winner's tier and states the tiers.`,
  ),
});

/** The teams table (contest/fair/teams.ts): how teams are ranked, and how small a team the page does not show. */
export const toTeams = () => ({
  teams: describe(
    z.optional(
      z.strictObject({
        by: z.enum(['total', 'average', 'target']),
        minimum: z.optional(z.int().check(z.gte(2), z.lte(LIMITS.users))),
      }),
    ),
    'A second table that ranks teams, from each person\'s "team" (column "Team" or "Region"): "by": "total" (the sum of the figure the contest ranks by, volume without "ranking"), "average" (that sum per person, in cents) or "target" (the share of the members\' summed targets reached in the figure of the contest\'s "target", which it needs; pro-rated and defaulted as each person\'s); "minimum": the fewest people a team needs to be shown on its own, 5 when absent, at least 2. A smaller team is not shown and no figure of its members is published as a team\'s.',
  ),
});
