// What a page may carry of its people under the contest's privacy settings: the names it shows, the amounts it
// publishes, and nothing that gives a hidden one away. Pure: build.ts applies it once, after the checks and the
// history's matching by full names, to the contest a page carries and to what the publisher's summary says.
import type { Ranked, Ranking } from './ranking.ts';
import { toKeptTiers, toShownTiers, type NewInTiers } from './fair/tiers.ts';
import type { Contest, Ended, Named, Privacy, User } from './schema.ts';
import { toKey } from './standings.ts';

/** What the summary of a build says of a contest's changes (input/changes.ts's Changes has these). */
export type Changed = {
  new: string[];
  gone: string[];
  goneHidden?: string[];
  newInTop: string[];
  newInTiers?: NewInTiers;
  climb: { name: string; by: number } | undefined;
  target?: 'profit' | 'leadCount';
  rows: (Figures & { name: string; before?: Figures; shown?: false })[];
};
type Figures = { leadCount: number; profit: number; reached?: number };

/**
 * The settings that apply to a contest: its own, and the folder's default (`fallback`) where it says nothing; the
 * hidden are both lists' people, as a company-wide list of those who asked not to be named never shrinks.
 */
export function toPrivacy(own: Privacy | undefined, fallback: Privacy | undefined): Privacy {
  const hidden = [...(fallback?.hidden ?? []), ...(own?.hidden ?? [])];
  return { ...fallback, ...own, ...(hidden.length > 0 && { hidden }) };
}

/** Whether a contest's page differs from the full page: names or amounts withheld, someone hidden, or its end past. */
export function isPrivate(contest: Contest, privacy: Privacy): boolean {
  const { names = 'full', amounts = 'all', hidden = [] } = privacy;
  return (
    contest.ended !== undefined ||
    names !== 'full' ||
    amounts !== 'all' ||
    hidden.length > 0 ||
    contest.users.some((user) => user.hidden !== undefined || user.alias !== undefined)
  );
}

/** What a page past its last day (`until`, in Berlin time) still publishes on `today` (a Berlin date); none before. */
export function toAfter(privacy: Privacy, today: string | undefined): Ended['after'] | undefined {
  const over = privacy.until !== undefined && today !== undefined && today > privacy.until;
  return over ? (privacy.after ?? 'winners') : undefined;
}

/**
 * A contest as a bake on `today` may see it: past its end date, its winning rows alone (none after "texts") at the
 * places the full list gave them, no earlier Stand, and `texts[after]` to say so; else as it is. All that is baked
 * from it (page, personal links, overview, links file) then knows no one else.
 */
export function toEnded<T extends Pick<Named, 'contest' | 'ranking' | 'previous'>>(
  named: T,
  fallback: Privacy | undefined,
  today: string | undefined,
  texts?: Record<Ended['after'], string>,
): T {
  const after = toAfter(toPrivacy(named.contest.privacy, fallback), today);
  if (!after) return named;
  const { ranking, previous: _previous, ...rest } = named;
  const { standings: _standings, ...contest } = named.contest;
  const { users } = contest;
  const kept = after === 'winners' ? users.flatMap((_, at) => (ranking.winning[at] === 1 ? [at] : [])) : [];
  const shared = kept.length > 0 && ranking.shared !== undefined ? { shared: ranking.shared } : {};
  const ended = { after, text: texts?.[after] ?? '' };
  return {
    ...(rest as Omit<T, 'previous'> as T),
    contest: { ...contest, users: kept.map((at) => users[at]!), ended },
    ranking: {
      places: Int32Array.from(kept, (at) => ranking.places[at]!),
      winning: new Uint8Array(kept.length).fill(1),
      ...{ winners: kept.length, last: kept.length - 1, ...shared, ...toKeptTiers(ranking, kept) },
    },
  };
}

// A person's name read as its parts, for the short forms: the first name and the surname's main word, whether an
// export writes "First Last" or, as CRMs do, "Last, First", with titles and particles around.

/** The pieces of an academic title, between its dots and hyphens: `Dr.`, `Prof.`, `Dipl.-Ing.`, `Dr. rer. nat.`. */
const TITLE_PIECES = new Set(
  'dr prof dipl ing mag med vet dent rer nat pol oec phil jur habil h c univ hon kfm kffr sc techn mult'.split(' '),
);
/** Words before a surname that are not its main word: `von`, `van der`, `de la`, `zu`. */
const PARTICLES = new Set('von vom van der den de del della di da du des la le zu zum zur und ten ter y'.split(' '));

/** The first name and the surname's main word (none for a name of one word), as the name writes them. */
export type Parts = { first: string; last?: string };

/**
 * `Sabine Hoffmann` → Sabine, Hoffmann; `Müller, Jörg` → Jörg, Müller; `Dr. Konstantin von Brandenstein-Zeppelin` →
 * Konstantin, Brandenstein-Zeppelin: titles left out, particles passed over, else the first and last word.
 */
export function toParts(name: string): Parts {
  const comma = name.indexOf(',');
  const given = comma < 0 ? [] : toWords(name.slice(comma + 1));
  if (given.length > 0) {
    const surname = toWords(name.slice(0, comma));
    const first = given.find((word) => !isParticle(word)) ?? given[0]!;
    const last = surname.find((word) => !isParticle(word)) ?? surname.at(-1);
    return last ? { first, last } : { first };
  }
  const words = toWords(comma < 0 ? name : name.slice(0, comma));
  const [first = name.trim(), ...rest] = words;
  const last = rest.findLast((word) => !isParticle(word)) ?? rest.at(-1);
  return last ? { first, last } : { first };
}

/** The words of a name without its titles (all of them where it is nothing but titles). */
function toWords(text: string): string[] {
  const words = text.trim().split(/\s+/u).filter(Boolean);
  const named = words.filter((word) => !isTitle(word));
  return named.length > 0 ? named : words;
}

function isTitle(word: string): boolean {
  const pieces = word.toLowerCase().split(/[.-]/u).filter(Boolean);
  const dotted = word.includes('.') || /^(dr|prof)$/iu.test(word);
  return dotted && pieces.length > 0 && pieces.every((piece) => TITLE_PIECES.has(piece));
}

function isParticle(word: string): boolean {
  return PARTICLES.has(word.toLowerCase());
}

/** The first letter of a word (a mark or a quote before it skipped), as a capital: `müller` → `M`. */
function toInitial(word: string): string {
  const letter = /[\p{L}\p{N}]/u.exec(word)?.[0] ?? Array.from(word)[0] ?? '';
  return letter.toUpperCase();
}

/**
 * A name as `names` shows it: `Sabine Hoffmann` → `Sabine H.` or `S. H.`, `Müller, Jörg` → `Jörg M.`,
 * `Dr. Konstantin von Brandenstein-Zeppelin` → `Konstantin B.` (toParts); the alias, or initials without one.
 */
export function toShownName(user: Pick<User, 'name' | 'alias'>, names: Privacy['names'] = 'full'): string {
  if (names === 'full') return user.name;
  const { first, last } = toParts(user.name);
  if (names === 'alias' && user.alias?.trim()) return user.alias.trim();
  if (names === 'first name and initial') return last ? `${first} ${toInitial(last)}.` : first;
  return last ? `${toInitial(first)}. ${toInitial(last)}.` : `${toInitial(first)}.`;
}

/**
 * A name as people read it, its Unicode form, case and spaces aside: as the list `hidden` matches it (a spelling the
 * export does not share still hides the person), and as one export's two rows of one person are told apart.
 */
export function toFolded(name: string): string {
  return name.normalize('NFC').toLowerCase().normalize('NFC').replace(/\s+/gu, ' ').trim();
}

/** Whether a person is hidden: by the column (`hidden`) or by the contest's list, folded (toFolded). */
export function toHider(privacy: Privacy): (user: Pick<User, 'name' | 'hidden'>) => boolean {
  const listed = new Set((privacy.hidden ?? []).map(toFolded));
  return (user) => user.hidden === true || listed.has(toFolded(user.name));
}

/**
 * Each user's name as the page shows it, in list order; `label` for the hidden ("Vertriebler*in"). Names that would
 * read the same, shortened or hidden, get a number in list order (`Sabine H. (2)`); a full name stays as written.
 */
export function toShownNames(users: readonly User[], privacy: Privacy, label: string): string[] {
  const hides = toHider(privacy);
  const shown = users.map((user) => (hides(user) ? label : toShownName(user, privacy.names)));
  const changed = users.map((user, at) => shown[at] !== user.name);
  const times = new Map<string, number>();
  for (const name of shown) times.set(toKey(name), (times.get(toKey(name)) ?? 0) + 1);
  const taken = new Set(shown.map(toKey));
  const counts = new Map<string, number>();
  return shown.map((name, at) => {
    if (!changed[at] || times.get(toKey(name))! < 2) return name;
    let numbered: string;
    do {
      const n = (counts.get(toKey(name)) ?? 0) + 1;
      counts.set(toKey(name), n);
      numbered = `${name} (${n})`;
    } while (taken.has(toKey(numbered)));
    taken.add(toKey(numbered));
    return numbered;
  });
}

/** Per row, whether its amount is published: every one, the winners' only, or none. The one home of that rule. */
export function toPublished(
  ranking: Pick<Ranking, 'winning'>,
  amounts: Privacy['amounts'] = 'all',
): (at: number) => boolean {
  return (at) => amounts === 'all' || (amounts === 'winners' && ranking.winning[at] === 1);
}

/**
 * Per row, whether its gain in euro since the previous Stand may be shown: where its amount is published in both
 * Stands (`previous`: who won then), as a gain reveals the earlier amount, which the earlier page did not publish.
 */
function toGainShown({ ranking, previous }: Pick<Named, 'ranking' | 'previous'>, amounts: Privacy['amounts']) {
  const now = toPublished(ranking, amounts);
  const then = toPublished(previous ?? { winning: new Uint8Array(0) }, amounts);
  return (at: number) => now(at) && then(at);
}

/** The ranking of the full figures, for a page that does not carry them all: each per-row list as a plain one, last. */
function toRanked(ranking: Ranking): Ranked {
  const entries = Object.entries(ranking).map(([key, value]) => [key, ArrayBuffer.isView(value) ? [...value] : value]);
  return Object.fromEntries(entries.sort(([, a], [, b]) => Number(Array.isArray(a)) - Number(Array.isArray(b))));
}

/**
 * The contest as its page may carry it (`label`: the name of the hidden): names as the settings show them, amounts
 * only where published, the history's gains in euro likewise, and no `privacy`, whose list names the hidden. An amount
 * not published is left out: the page shows a dash, and its sums find no distance or shortfall in euro for it (NaN:
 * page/standing.ts), while the ranking of the full figures comes along. Untouched by the settings: as it is.
 */
export function toPage(
  { contest, ranking, previous }: Pick<Named, 'contest' | 'ranking' | 'previous'>,
  fallback: Privacy | undefined,
  label: string,
): Contest {
  const privacy = toPrivacy(contest.privacy, fallback);
  const { privacy: _privacy, ...rest } = contest;
  if (!isPrivate(contest, privacy)) return contest.privacy ? rest : contest;
  const published = toPublished(ranking, privacy.amounts);
  const names = toShownNames(contest.users, privacy, label);
  const users = contest.users.map(({ leadCount, profit }, at) =>
    published(at) ? { name: names[at]!, leadCount, profit } : ({ name: names[at]!, leadCount } as User),
  );
  const { standings, ended } = contest;
  const amounts = privacy.amounts ?? 'all';
  const gains = toGainShown({ ranking, previous }, amounts);
  return {
    ...rest,
    users,
    ...(standings && {
      standings: {
        ...standings,
        gained: standings.gained.map((gain, at) => (gain && !gains(at) ? [gain[0], 0] : gain)),
      },
    }),
    // Past its end, the winners keep the places the full list gave them.
    ...((amounts !== 'all' || ended) && { ranked: toRanked(ranking) }),
  };
}

/**
 * What a build's summary may say of a contest's changes (`checked`: with full names): names as the page shows them,
 * `label` for the hidden, no amount the page does not publish (`shown: false`) nor a share of a volume target. Those
 * gone are named as the settings would name them, hidden where the settings or the previous export's column hid them.
 */
export function toPageChanges<T extends Changed>(
  changes: T,
  checked: Pick<Named, 'contest' | 'ranking' | 'previous'>,
  fallback: Privacy | undefined,
  label: string,
  today?: string,
): T {
  const privacy = toPrivacy(checked.contest.privacy, fallback);
  // Past its end date, the page's people alone (its winners, or no one), as toEnded() leaves them.
  const { contest, ranking, previous } = toEnded(checked, fallback, today);
  if (!isPrivate(contest, privacy) && !changes.goneHidden) return changes;
  const published = toPublished(ranking, privacy.amounts);
  const gains = toGainShown({ ranking, previous }, privacy.amounts);
  const names = toShownNames(contest.users, privacy, label);
  const index = new Map<string, number>();
  contest.users.forEach(({ name }, at) => index.has(toKey(name)) || index.set(toKey(name), at));
  // Past its end date, of the people its page lists alone, and of no one gone.
  const kept = contest.ended ? (name: string) => index.has(toKey(name)) : () => true;
  const hidden = toHider({ ...privacy, hidden: [...(privacy.hidden ?? []), ...(changes.goneHidden ?? [])] });
  const shown = (name: string) => {
    const at = index.get(toKey(name));
    return at === undefined ? (hidden({ name }) ? label : toShownName({ name }, privacy.names)) : names[at]!;
  };
  return {
    ...changes,
    new: changes.new.filter(kept).map(shown),
    gone: contest.ended ? [] : changes.gone.map(shown),
    newInTop: changes.newInTop.filter(kept).map(shown),
    ...toShownTiers(changes.newInTiers, (names) => names.filter(kept).map(shown)),
    climb:
      changes.climb && kept(changes.climb.name) ? { ...changes.climb, name: shown(changes.climb.name) } : undefined,
    ...(contest.ended && { teams: undefined }), // past its end date, a page has no teams table
    rows: changes.rows
      .filter((row) => kept(row.name))
      .map((row) => {
        const [at, name, volume] = [index.get(toKey(row.name)), shown(row.name), changes.target === 'profit'];
        if (at === undefined || !published(at)) return toWithheld({ ...row, name }, volume);
        // A gain not shown: the earlier amount (and share of a volume target) as the current one, so that none is said.
        const same = volume ? { profit: row.profit, reached: row.reached } : { profit: row.profit };
        return row.before && !gains(at) ? { ...row, name, before: { ...row.before, ...same } } : { ...row, name };
      }),
  };
}

/** A change row whose amount the page withholds: none, now or before, nor its share of a target set in volume. */
function toWithheld<R extends Changed['rows'][number]>({ before, reached, ...row }: R, volume: boolean): R {
  const withheld = ({ leadCount, reached }: Figures) =>
    volume || reached === undefined ? { leadCount, profit: 0 } : { leadCount, profit: 0, reached };
  return { ...row, ...withheld({ ...row, reached }), shown: false, ...(before && { before: withheld(before) }) } as R;
}
