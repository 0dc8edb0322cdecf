// The contest file's schema: the only home of the data rules (types come from here, never by hand).
import * as z from 'zod';
import { DEFAULT_SOLO_WINNERS } from './defaults.ts';

export const UserSchema = z.object({
  /** The salesperson's name, shown in column "Name". */
  name: z.string().min(1).describe('The salesperson\'s name, shown in column "Name".'),
  /** Number of the salesperson's own leads, shown in column "Anzahl Eigenleads". */
  leadCount: z.number().int().min(0).describe('Number of own leads, a whole number of 0 or more; column "Anzahl Eigenleads".'),
  /** Net order volume in euro; may be negative or fractional; absent or null counts as 0. */
  profit: z
    .number()
    .nullish()
    .transform((profit) => profit ?? 0)
    .describe('Net order volume in euro, column "Summe Netto-Volumen AB"; may be negative or fractional; absent or null counts as 0.'),
});

export const ContestSchema = z.object({
  /** Contest title: the page's large heading and its browser title. */
  title: z.string().min(1).describe('Contest title: the large heading of the page and its browser title.'),
  /** Bold text before the journey date, e.g. "Wir fliegen nach Lissabon". */
  heading: z.string().describe('Bold heading text, shown before the journey date.'),
  /** When the trip takes place, shown highlighted after the heading. */
  journey_date_text: z.string().describe('Journey date text, shown highlighted after the heading.'),
  /** Description paragraph. */
  description: z.string().describe('Description paragraph; also the page\'s meta description.'),
  /** Qualification period, shown highlighted after "Wettbewerbszeitraum:". */
  qualification_date_text: z.string().describe('Qualification period text, shown highlighted after "Wettbewerbszeitraum:".'),
  /** How many leading rows are highlighted as winners; 10 when absent. */
  solo_winners: z
    .number()
    .int()
    .min(0)
    .default(DEFAULT_SOLO_WINNERS)
    .describe('How many leading rows are highlighted as winners, a whole number of 0 or more; 10 when absent.'),
  /** Salespeople in the order they are ranked; the page never sorts them. */
  users: z.array(UserSchema).describe('Salespeople in ranking order; the page shows them exactly in this order.'),
});

export type Contest = z.output<typeof ContestSchema>;
export type User = z.output<typeof UserSchema>;
