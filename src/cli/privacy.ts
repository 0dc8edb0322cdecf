// `podium validate --privacy`: per contest, a data sheet a works council can read: what the page publishes, for
// whom and until when, how many people are hidden, where the exports are kept, what the page does not do. Pure: words from values.
import de from '../../templates/messages/privacy.de.json' with { type: 'json' };
import en from '../../templates/messages/privacy.en.json' with { type: 'json' };
import { HISTORY_FOLDER, type Named, type Privacy } from '../contest/schema.ts';
import { toFolded, toPrivacy } from '../contest/privacy.ts';
import { isProrated } from '../contest/fair/targets.ts';
import { toPrintable } from '../errors.ts';
import { toCount } from '../contest/numbers.ts';
import { toStand } from '../page/format.ts';
import { DEFAULT_MINIMUM } from '../contest/fair/teams.ts';
import { fill, plural, type Locale } from '../page/messages.ts';

type Sheet = typeof de;
const CATALOGUES: Record<Locale, Sheet> = { de, en };

/** What a user may carry beyond the schema's fields: the privacy settings' per-person columns, when read. */
type Personal = { hidden?: unknown; alias?: unknown };

/** The facts the sheet states, counted from a checked contest. */
export type Facts = {
  people: number;
  winners: number;
  names: 'full' | 'first name and initial' | 'initials' | 'alias';
  amounts: 'all' | 'winners' | 'none';
  /** Who may read the list: anyone with the address, or the team alone (its link; or its passphrase too). */
  access: NonNullable<Privacy['access']>;
  /** The page's last day (Berlin time) and what a later bake still publishes; none without an end date. */
  end?: { until: string; after: NonNullable<Privacy['after']> };
  /** People with an alias of their own (counted for "alias" only). */
  aliases: number;
  /** People hidden: by the list `hidden`, by their own `hidden` (the column "Anonym"), and both together. */
  hidden: { byList: number; byColumn: number; all: number };
  /** Names on the list `hidden` that no one in the table has. */
  unmatched: number;
  /** The figure of the contest's targets, and whether employment shares scale them; none without targets. */
  targets?: { figure: 'profit' | 'leadCount'; prorated: boolean };
  /** The previous Stand and how many Stands the trend spans, when the figures come from a history folder. */
  history?: { since: string; stands: number };
};

/**
 * Counts what the sheet states of `contest`: its people, winners, settings and the hidden; `fallback`, a folder's
 * default, where the contest's own `privacy` says nothing (as build applies it).
 */
export function toFacts({ contest, ranking }: Pick<Named, 'contest' | 'ranking'>, fallback?: Privacy): Facts {
  const { users } = contest;
  const privacy = toPrivacy(contest.privacy, fallback);
  const listed = new Set((privacy.hidden ?? []).map(toFolded));
  const found = new Set<string>();
  let byList = 0;
  let byColumn = 0;
  let all = 0;
  let aliases = 0;
  for (const user of users as readonly (Personal & { name: string })[]) {
    const key = toFolded(user.name);
    const onList = listed.has(key);
    if (onList) found.add(key);
    const own = user.hidden === true;
    byList += onList ? 1 : 0;
    byColumn += own ? 1 : 0;
    all += onList || own ? 1 : 0;
    if (typeof user.alias === 'string' && user.alias.trim() !== '') aliases += 1;
  }
  const { standings } = contest;
  return {
    people: users.length,
    winners: ranking.winners,
    names: privacy.names ?? 'full',
    amounts: privacy.amounts ?? 'all',
    access: privacy.access ?? 'public',
    ...(privacy.until && { end: { until: privacy.until, after: privacy.after ?? 'winners' } }),
    aliases,
    hidden: { byList, byColumn, all },
    unmatched: listed.size - found.size,
    ...(contest.target && { targets: { figure: contest.target.figure, prorated: isProrated(users) } }),
    ...(standings && { history: { since: standings.since, stands: standings.stands.length } }),
  };
}

/** The data sheets of the valid contests, each after an empty line. */
export function toDataSheets(contests: readonly Named[], locale: Locale, fallback?: Privacy): string[] {
  return contests.flatMap((named) => ['', ...toDataSheet(named, locale, fallback)]);
}

/** The data sheet of one valid contest, in `locale`: lines to print, names and texts from files made printable. */
export function toDataSheet(named: Named, locale: Locale, fallback?: Privacy): string[] {
  const t = CATALOGUES[locale];
  const facts = toFacts(named, fallback);
  const { contest } = named;
  const [file, data] = named.files ?? [];
  return [
    toPrintable(fill(t.title, { title: contest.title })),
    ...(file ? [toPrintable(fill(t.file, { file }))] : []),
    '',
    t.shows,
    ...toPublished(facts, contest, locale).map((line) => (line.startsWith(' ') ? line : `- ${line}`)),
    '',
    t.whom,
    `- ${t.access[facts.access]}`,
    `- ${plural(t.listed, facts.people, { n: toCount(facts.people, locale) })}`,
    ...(facts.end
      ? [`- ${fill(t.until[facts.end.after], { until: toDate(facts.end.until, locale) })}`, t.weekly]
      : [`- ${t.until.none}`]),
    '',
    t.where,
    `- ${toKept(data, t)}`,
    `- ${t.requests}`,
    `- ${t.links[facts.amounts]}`,
  ];
}

/** What the page shows of each person, and of the contest: one line each, indented lines qualifying the one before. */
function toPublished(facts: Facts, contest: Named['contest'], locale: Locale): string[] {
  const t = CATALOGUES[locale];
  const n = toCount(facts.people, locale);
  const winners = toCount(facts.winners, locale);
  return [
    facts.names === 'alias'
      ? plural(t.names.alias, facts.aliases, { n: toCount(facts.aliases, locale), of: n })
      : t.names[facts.names],
    ...(facts.names === 'full' ? [] : [t.collisions]),
    ...toHidden(facts, t, locale),
    fill(t.amounts[facts.amounts], { n, winners }),
    fill(t.leads, { n }),
    ...toTargets(facts, t),
    fill(t.places, { n, winners }),
    ...toTeams(contest, t),
    ...toTiers(contest, facts, t, locale),
    facts.history
      ? fill(t.history, { since: toDate(facts.history.since, locale), stands: toCount(facts.history.stands, locale) })
      : t.noHistory,
    fill(t.dates, { which: toDates(contest, facts, t) }),
    t.texts,
  ];
}

/** What the page shows of targets: the share reached, and whether shares scale them and amounts hide them. */
function toTargets({ targets, amounts }: Facts, t: Sheet): string[] {
  if (!targets) return [];
  return [
    fill(t.targets.shown, { figure: t.targets[targets.figure] }),
    ...(targets.prorated ? [t.targets.prorated] : []),
    ...(targets.figure === 'profit' && amounts !== 'all' ? [t.targets.hidden] : []),
  ];
}

/** What the teams table shows, where the contest has one: by what it ranks, and the smallest team it shows. */
function toTeams({ teams, target }: Named['contest'], t: Sheet): string[] {
  if (!teams) return [];
  const minimum = teams.minimum ?? DEFAULT_MINIMUM;
  if (teams.by === 'target') return [fill(t.teams.target, { figure: t.targets[target?.figure ?? 'profit'], minimum })];
  return [fill(t.teams.line, { by: t.teams[teams.by], minimum })];
}

/** The prize tiers, where the contest has them: their texts and places, and what a tier's minimum in volume tells. */
function toTiers({ prizes }: Named['contest'], { amounts }: Facts, t: Sheet, locale: Locale): string[] {
  if (!prizes) return [];
  const tiers = prizes.map(({ text, places }) => plural(t.tier, places, { text, n: toCount(places, locale) }));
  const volume = amounts !== 'all' && prizes.some(({ minimum }) => minimum?.profit !== undefined);
  return [toPrintable(fill(t.tiers, { tiers: tiers.join(', ') })), ...(volume ? [t.tierMinimum] : [])];
}

/** How many people are hidden and how, and the names on the list that hide no one. */
function toHidden({ hidden, unmatched }: Facts, t: Sheet, locale: Locale): string[] {
  const how = [
    ...(hidden.byList > 0 ? [fill(t.byList, { n: toCount(hidden.byList, locale) })] : []),
    ...(hidden.byColumn > 0 ? [fill(t.byColumn, { n: toCount(hidden.byColumn, locale) })] : []),
  ];
  return [
    hidden.all > 0
      ? plural(t.hidden, hidden.all, { n: toCount(hidden.all, locale), how: how.join(', ') })
      : t.noneHidden,
    ...(unmatched > 0 ? [plural(t.unmatched, unmatched, { n: toCount(unmatched, locale) })] : []),
  ];
}

/** The contest's own times the page shows: the Stand (its updated_at or build's --updated-at), the end, the exports'. */
function toDates(contest: Named['contest'], facts: Facts, t: Sheet): string {
  return [t.updated, ...(contest.qualification_end ? [t.end] : []), ...(facts.history ? [t.stands] : [])].join(', ');
}

/** Where the figures the page is baked from are kept: a history folder, an export, or the contest file itself. */
function toKept(data: string | undefined, t: Sheet): string {
  if (data === undefined) return t.inline;
  const path = toPrintable(data);
  return fill(HISTORY_FOLDER.test(data) ? t.folder : t.sheet, { path });
}

/** `2027-03-31T18:00` → `31.03.2027, 18:00` (de) or `2027-03-31 18:00` (en). */
function toDate(stand: string, locale: Locale): string {
  if (locale === 'en') return stand.replace('T', ' ');
  const { date, time } = toStand(stand);
  return time ? `${date}, ${time}` : date;
}
