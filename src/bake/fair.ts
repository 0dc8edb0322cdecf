// Fair contests (targets, prize tiers, teams): which contests are, and the texts only their pages say. A contest with
// none of these settings bakes the page it baked before: its script holds none of their code (scripts/bundles.js
// FAIR) and its texts none of their words.
import de from '../../templates/messages/fair.de.json' with { type: 'json' };
import en from '../../templates/messages/fair.en.json' with { type: 'json' };
import type { Contest } from '../contest/schema.ts';
import type { FairMessages, Locale } from '../page/messages.ts';

/** The contest settings that make a contest fair, each opt-in. */
const FAIR_KEYS = ['target', 'prizes', 'teams'] as const;

/** Whether a contest's page shows targets, prize tiers or teams, and so takes a fair contest's script and texts. */
export function isFair(contest: Contest): boolean {
  return FAIR_KEYS.some((key) => (contest as Record<string, unknown>)[key] !== undefined);
}

/** The texts of a fair contest's page (templates/messages/fair.*.json), with German for whatever English lacks. */
export function toFairMessages(locale: Locale): FairMessages {
  return locale === 'de' ? de : { ...de, ...en };
}
