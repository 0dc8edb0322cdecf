// The contest file's schema: the only home of the data rules (types come from here, never by hand).
// zod/mini, not classic zod: the same checks and issues, and far less to load at every start (docs/performance.md).
// The schemas are made when first asked for (schemas()), by the check: `schema --help` and the like need none.
import * as z from 'zod/mini';
import { YEARS } from './instant.ts';
import { LIMITS, LIMITS_TEXT } from './limits.ts';
import {
  amount,
  count,
  dateTime,
  describe,
  metric,
  minimum,
  paragraph,
  showable,
  text,
  title,
} from './fields/kinds.ts';
import { toFairRules, toFairUserFields, toTeams } from './fields/fair.ts';
import type { Ranked, Ranking } from './ranking.ts';
import type { Standings } from './standings.ts';
import type { Board } from './fair/board.ts';

/** Rows highlighted as winners when a contest does not say. */
export const DEFAULT_SOLO_WINNERS = 10;

/** A user's fields and a contest's, in the schemas' order (their test compares them with the schemas). */
export const USER_KEYS: readonly string[] = [
  'name',
  'leadCount',
  'profit',
  'alias',
  'hidden',
  'target',
  'share',
  'team',
];
export const CONTEST_KEYS: readonly string[] = [
  'title',
  'heading',
  'journey_date_text',
  'description',
  'qualification_date_text',
  'solo_winners',
  'updated_at',
  'qualification_end',
  'users',
  'ranking',
  'ties',
  'minimum',
  'target',
  'prizes',
  'columns',
  'acknowledged',
  'renamed',
  'draft',
  'privacy',
  'teams',
];

export { NO_CONTROL, NO_CONTROL_BUT_LINES } from './fields/kinds.ts';

const toUserSchema = () =>
  z.object({
    name: describe(
      text(LIMITS.name).check(z.minLength(1)),
      `The salesperson's name, shown in column "Name". Not empty, at most ${LIMITS.name} characters.`,
    ),
    leadCount: describe(count(), 'Number of own leads, a whole number of 0 or more; column "Anzahl Eigenleads".'),
    profit: describe(
      z.pipe(
        z.nullish(amount()),
        z.transform((profit) => profit ?? 0),
      ),
      `Net order volume in euro, column "Summe Netto-Volumen AB"; may be negative or fractional (the page shows whole cents), ${LIMITS_TEXT.amount}; absent or null counts as 0.`,
    ),
    alias: describe(
      z.optional(text(LIMITS.name)),
      `A display name the person chose, column "Alias": shown instead of the name where "privacy" says "names": "alias". At most ${LIMITS.name} characters.`,
    ),
    hidden: describe(
      z.optional(z.boolean()),
      'true: the person asked not to be named (column "Anonym": ja, x, yes or true); the page shows "Vertriebler*in" instead of the name.',
    ),
    ...toFairUserFields(),
  });

/** The contest's rules: what orders the list, how ties are placed, the minimum a winner must reach. */
const toRules = () => ({
  ranking: describe(
    z.optional(
      z.union([
        z.enum(['profit', 'leadCount', 'target', 'as given']),
        z.array(z.enum(['profit', 'leadCount', 'target'])).check(
          z.minLength(1),
          z.maxLength(2),
          z.refine((metrics) => new Set(metrics).size === metrics.length, 'must name each figure once'),
        ),
      ]),
    ),
    'What orders the list: "profit" (net volume), "leadCount" (own leads) or "target" (the share of one\'s own target reached, with "target" set), podium ordering the people by it when it bakes; a list of both, the first deciding and the second breaking a tie (["profit", "leadCount"]); or "as given" (the export is already in the contest\'s order). Without it, the list must already be in descending order of one of the two figures. The page states the rule.',
  ),
  ties: describe(
    z.optional(z.enum(['shared', 'list order'])),
    'With "ranking" by a figure: "shared" (the default) gives people equal in every ranking figure the same place (1, 2, 2, 4), and everyone sharing the last winning place wins; "list order" lets the list\'s order decide between them.',
  ),
  minimum: describe(
    z.optional(minimum()),
    'What a winner must reach at least: { "leadCount": 20 } and/or { "profit": 50000 }. Nobody below it wins, even in the first solo_winners places; the page says so on the row.',
  ),
  ...toFairRules(),
});

/**
 * What the check reads and the page does not carry: what an export's columns are titled, where a team's titles
 * differ from the page's; the warnings seen; renamed people; whether the contest is a draft.
 */
const toColumns = () => ({
  columns: describe(
    z.optional(
      z.strictObject({
        name: z.optional(title()),
        leadCount: z.optional(title()),
        profit: z.optional(z.nullable(title())),
        alias: z.optional(title()),
        hidden: z.optional(title()),
        target: z.optional(title()),
        share: z.optional(title()),
        team: z.optional(title()),
      }),
    ),
    'The titles of an export\'s columns where they differ from the page\'s ("Name", "Anzahl Eigenleads", "Summe Netto-Volumen AB", "Alias", "Anonym"): { "profit": "Umsatz netto", "hidden": "Datenschutz" }; a target\'s ("Ziel"), an employment share\'s ("Beschäftigungsgrad") and a team\'s ("Team") too. "profit": null says the export has no volume at all (every row shows 0,00 €).',
  ),
  acknowledged: describe(
    z.optional(z.array(text())),
    'Warnings the publisher has seen and accepts, by the key each warning ends with ("2027-06-18: tie 10", "hidden rows"): each turns that warning into a note, so that --strict passes; a key naming a Stand counts for that Stand only, one without (what every export has) for good.',
  ),
  renamed: describe(
    z.optional(z.record(text(LIMITS.name).check(z.minLength(1)), text(LIMITS.name).check(z.minLength(1)))),
    'People whose name changed, old name → new: { "Sandra Lange": "Sandra Lange-Meier" }. In the Stands of a history folder that still write the old name, that row is the person of the new name: their movement, gains and trend follow them.',
  ),
  draft: describe(
    z.optional(z.boolean()),
    "true: a draft, checked like every contest but never published: a folder's build bakes no page for it and its overview does not list it (podium dev still shows it, and so does a build of this file alone). Delete the line to publish the contest.",
  ),
});

/** What the page shows of each person: the whole name or less, every amount or fewer. Without it, everything. */
const toPrivacy = () => ({
  privacy: describe(
    z.optional(
      z.strictObject({
        names: z.optional(z.enum(['full', 'first name and initial', 'initials', 'alias'])),
        amounts: z.optional(z.enum(['all', 'winners', 'none'])),
        hidden: z.optional(z.array(text(LIMITS.name).check(z.minLength(1)))),
        access: z.optional(z.enum(['public', 'link', 'passphrase'])),
        until: z.optional(z.iso.date().check(showable())),
        after: z.optional(z.enum(['winners', 'texts'])),
      }),
    ),
    'What the page publishes of each person. "names": "full" (the default), "first name and initial" (Sabine H.), "initials" (S. H.) or "alias" (each person\'s "alias", initials without one); "amounts": "all" (the default), "winners" (only winning rows show a volume) or "none"; "hidden": the names of people who asked not to be named, shown as "Vertriebler*in"; "access": "public" (the default: anyone with the address sees the list), "link" (the list is in the page only encrypted: only the team link podium build prints, whose key is made from PODIUM_SECRET, opens it) or "passphrase" (as "link", and the page also opens with the passphrase in PODIUM_PASSPHRASE); "until": the page\'s last day, a date in Berlin time (2027-07-31): a bake on a later day publishes only what "after" says, "winners" (the default: the winning rows alone) or "texts" (the contest\'s texts, no table). What is not shown is not in the page.',
  ),
});

const toContestSchema = (user: ReturnType<typeof toUserSchema>) =>
  z.object({
    title: describe(
      text().check(z.minLength(1)),
      'Contest title: the large heading of the page and its browser title. Not empty.',
    ),
    heading: describe(text(), 'Bold heading text, shown before the journey date.'),
    journey_date_text: describe(text(), 'Journey date text, shown highlighted after the heading.'),
    description: describe(paragraph(), "Description paragraph; also the page's meta description."),
    qualification_date_text: describe(
      text(),
      'Qualification period text, shown highlighted after "Wettbewerbszeitraum:".',
    ),
    solo_winners: describe(
      z._default(count(), DEFAULT_SOLO_WINNERS),
      'How many leading rows are highlighted as winners, a whole number of 0 or more; when absent, the places of "prizes" added up, or else 10.',
    ),
    updated_at: describe(
      z.optional(dateTime().check(showable())),
      `When the figures were last updated, ISO 8601 with seconds and offset (2027-03-31T18:45:00+02:00), in the years ${YEARS.from} to ${YEARS.to}; shown under the table in Berlin time. No line when absent.`,
    ),
    qualification_end: describe(
      z.optional(z.union([z.iso.date(), dateTime()]).check(showable())),
      `When qualification ends: a date, meaning the end of that day in Berlin time (2027-03-31), or a date and time with offset (2027-03-31T18:00:00+02:00), in the years ${YEARS.from} to ${YEARS.to}. The page shows how long is left, e.g. "Noch 12 Tage". No countdown when absent.`,
    ),
    users: describe(
      z.array(user).check(z.maxLength(LIMITS.users)),
      'Salespeople, at most 100,000: in the order of "ranking", or, without it, in ranking order by one of the two figures; the page shows them in that order.',
    ),
    ...toRules(),
    ...toColumns(),
    ...toPrivacy(),
    ...toTeams(),
  });

/** A spreadsheet export that `users` may name instead of listing the users: input/sheets/csv-file.ts reads it. */
export const CSV_FILE = /\.[cC][sS][vV]$/;
/** An Excel workbook that `users` may name, `#` and a sheet's name after it: input/sheets/workbook.ts reads it. */
export const WORKBOOK_FILE = /\.[xX][lL][sS][xX](#[^/]*)?$/;
/** A folder of dated exports, one per Stand, that `users` may name: input/history.ts reads it. */
export const HISTORY_FOLDER = /\/$/;

/**
 * The contest file as written: `users` is a list, the path of a CSV file or a workbook, or the path of a folder of
 * dated exports, which validate.ts reads into the list.
 */
const toContestFileSchema = (contest: ReturnType<typeof toContestSchema>) =>
  z.extend(contest, {
    users: describe(
      z.union([
        contest.shape.users,
        describe(
          z.string().check(z.regex(CSV_FILE)),
          'The path of a CSV export, relative to this file: a first row naming the columns "Name", "Anzahl Eigenleads" and "Summe Netto-Volumen AB" (or name, leadCount, profit), then one row per salesperson.',
        ),
        describe(
          z.string().check(z.regex(WORKBOOK_FILE)),
          'The path of an Excel workbook (.xlsx), relative to this file; the sheet Excel opens it at is read (the active one, never a hidden one), or the one named after "#" (Bericht.xlsx#Tabelle2). The same columns as a CSV export; numbers as Excel stores them, formulas by their saved result.',
        ),
        describe(
          z.string().check(z.regex(HISTORY_FOLDER)),
          'The path of a folder, relative to this file and ending in "/", that keeps every export of the contest: one file per Stand, a CSV export, an Excel workbook or a .json list of users, its date in its name (2027-03-31.csv, 2027-03-31T1800.csv for 18:00 Berlin time). The newest is the table; the page shows what changed since the one before.',
        ),
      ]),
      'Salespeople, as a list, as the path of a CSV file or an Excel workbook, or as the path of a folder of dated exports ending in "/"; in the order of "ranking", or, without it, in ranking order by one of the two figures.',
    ),
  });

const toSchemas = () => {
  const UserSchema = toUserSchema();
  const ContestSchema = toContestSchema(UserSchema);
  let file: ReturnType<typeof toContestFileSchema> | undefined;
  return {
    UserSchema,
    ContestSchema,
    // Only the JSON Schema (podium schema) reads it: made when first read, not at every bake.
    get ContestFileSchema() {
      return (file ??= toContestFileSchema(ContestSchema));
    },
  };
};
let made: ReturnType<typeof toSchemas> | undefined;

/** The schemas of a user, a contest, and a contest file as written; made at the first call (a contest file's, when read). */
export function schemas(): ReturnType<typeof toSchemas> {
  made ??= toSchemas();
  return made;
}

type Schemas = ReturnType<typeof toSchemas>;
type Output = z.output<Schemas['ContestSchema']>;
/** The fields that say how to read an export, and whether the contest is a draft: the check's, not the page's. */
type ColumnKeys = keyof ReturnType<typeof toColumns>;

/** A valid contest; `standings` when its users come from a history folder with a previous Stand. */
export type Contest = Omit<Output, ColumnKeys> & {
  standings?: Standings;
  /** On a page that does not publish every amount: the ranking of the full figures (contest/privacy.ts). */
  ranked?: Ranked;
  /** On a page baked after its `privacy.until`: what it still publishes, and the words that say so (contest/privacy.ts). */
  ended?: Ended;
  /** On the page of a contest with "teams": the teams table as its privacy allows (contest/fair/teams.ts). */
  board?: Board;
};
/** A contest past its end date: the winners' rows alone, or its texts alone; `text` says so in the page's language. */
export type Ended = { after: 'winners' | 'texts'; text: string };
/** The contest file's fields that say how to read its export, used by the check and not carried by the page. */
export type Reading = Pick<Output, ColumnKeys>;
/**
 * A valid contest, the name of its page (the contest file's name without .json) and where each of its people stands
 * (ranked once, by the check: the page, the summary, privacy and the links read it); `files`, those its figures come
 * from (the contest file and its data file or folder, for --updated-at git); `stand`, the date (and time) of the
 * newest file of its history folder, `2027-03-31` or `2027-03-31T18:00` in Berlin time.
 */
export type Named = {
  name: string;
  contest: Contest;
  ranking: Ranking;
  files?: readonly string[];
  stand?: string;
  /** Per row of the list: whether its person won in the previous Stand (1), which the page's gains in euro heed. */
  previous?: Pick<Ranking, 'winning'>;
  /** Per Stand of its history's trend, oldest first: the last winner's figures, null with none (bake/race.ts). */
  lasts?: readonly (Pick<User, 'leadCount' | 'profit'> | null)[];
  /** Its file says `"draft": true`: checked, but a folder's build bakes no page for it and lists it nowhere. */
  draft?: true;
};
export type User = z.output<Schemas['UserSchema']>;
/** The contest's privacy settings, each optional (absent: the full page). */
export type Privacy = NonNullable<Output['privacy']>;
