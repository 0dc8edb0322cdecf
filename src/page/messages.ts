// The page's texts per locale. German is the default; English fills any text a catalogue lacks.
import de from '../../templates/messages/de.json' with { type: 'json' };
import en from '../../templates/messages/en.json' with { type: 'json' };

/** The texts of a fair contest's page (targets, prize tiers, teams), a catalogue of their own (bake/fair.ts). */
export type FairMessages = typeof import('../../templates/messages/fair.de.json');
/**
 * The catalogue; `rules` only on the page of a contest that states rules (ranking, ties, a minimum), `fair` only on a
 * fair contest's.
 */
export type Messages = Omit<typeof de, 'rules'> & { rules?: typeof de.rules; fair?: FairMessages };
export const LOCALES = ['de', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'de';

const CATALOGUES: Record<string, Partial<Messages>> = { de, en };

/** The catalogue for `locale`, with English for whatever it lacks. */
export function toMessages(locale: string): Messages {
  return { ...en, ...CATALOGUES[locale] };
}

/**
 * A count in words from a catalogue's `[one, many]`: `plural(['1 Tag', '{n} Tage'], 3)` → `3 Tage`. `values`
 * fill other placeholders, and may show `{n}` formatted (`{ n: '1.234' }`).
 */
export function plural(forms: readonly string[], n: number, values: Record<string, string | number> = {}): string {
  return fill(forms[n === 1 ? 0 : 1] ?? '', { n, ...values });
}

/** Fills `{name}` placeholders: `fill('Top {n} Vertriebler', { n: 3 })` → `Top 3 Vertriebler`. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
