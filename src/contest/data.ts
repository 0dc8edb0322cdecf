// The page's data: what a page carries as window.__CONTEST__, and the one check of it. The bake passes the data it
// writes through isPageData(), and a wall screen the data of a page it fetches: the same rules on both sides. Free of
// zod, so that the page script can hold it (the schema's bounds, which cost the TV script bytes, are the check's).
import type { Contest, User } from './schema.ts';
import type { Standings } from './standings.ts';

const METRICS: readonly unknown[] = ['leadCount', 'profit'];

/** Whether the data states rules contest/ranking.ts can apply, as the schema allows them: a page never ranks by what it cannot read. */
function isRules(value: Record<string, unknown>): boolean {
  const { ranking, ties, minimum } = value;
  const list = Array.isArray(ranking) && ranking.length <= 2 && new Set(ranking).size === ranking.length;
  const ranked =
    ranking === undefined ||
    ranking === 'as given' ||
    METRICS.includes(ranking) ||
    (list && (ranking as unknown[]).every((metric) => METRICS.includes(metric)) && ranking.length > 0);
  const tied = ties === undefined || ties === 'shared' || ties === 'list order';
  const figure = (key: string, whole: boolean) => {
    const given = (minimum as Record<string, unknown>)[key];
    return (
      given === undefined ||
      (typeof given === 'number' && Number.isFinite(given) && (!whole || Number.isInteger(given)))
    );
  };
  const least =
    minimum === undefined ||
    (typeof minimum === 'object' && minimum !== null && figure('leadCount', true) && figure('profit', false));
  return ranked && tied && least;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown) => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isCount = (value: unknown) => isNumber(value) && Number.isInteger(value) && value >= 0;
const isArray = (value: unknown, length: number, each: (item: unknown) => boolean) =>
  Array.isArray(value) && value.length === length && value.every(each);

/**
 * A contest as a page carries it: the texts, the counts, the users, the rules, the times, and any earlier Stands, each
 * of the type the page reads. Unknown fields are let be.
 */
export function isPageData(value: unknown): value is Contest {
  // An amount may be missing only on a page that carries its ranking (contest/privacy.ts).
  const isPerson = (user: unknown) => isUser(user, isRecord(value) && value.ranked !== undefined);
  if (!isRecord(value) || !Array.isArray(value.users) || !value.users.every(isPerson)) return false;
  const texts = ['title', 'heading', 'journey_date_text', 'description', 'qualification_date_text'];
  if (!texts.every((key) => isText(value[key])) || !isCount(value.solo_winners) || !isRules(value)) return false;
  const times = ['updated_at', 'qualification_end'].map((key) => value[key]);
  if (!times.every((time) => time === undefined || (isText(time) && !Number.isNaN(Date.parse(time as string)))))
    return false;
  const ranked = value.ranked === undefined || isRanked(value.ranked, value.users.length);
  return ranked && (value.standings === undefined || isStandings(value.standings, value.users.length));
}

/** A ranking a page carries where it does not publish every amount (contest/privacy.ts), for `users` rows. */
function isRanked(value: unknown, users: number): boolean {
  const rows = (list: unknown) => Array.isArray(list) && list.length === users && list.every(isCount);
  const { places, winning, short, winners, last } = isRecord(value) ? value : {};
  return rows(places) && rows(winning) && (short === undefined || rows(short)) && isCount(winners) && isNumber(last);
}

function isUser(value: unknown, withheld: boolean): value is User {
  if (!isRecord(value) || !isText(value.name) || !isCount(value.leadCount)) return false;
  return isNumber(value.profit) || (withheld && value.profit === undefined);
}

function isStandings(value: unknown, users: number): value is Standings {
  if (!isRecord(value) || !isText(value.since) || !Array.isArray(value.stands) || !value.stands.every(isText))
    return false;
  const isPlace = (place: unknown) => place === null || isNumber(place);
  const climbed = (entry: unknown) => entry === null || (Array.isArray(entry) && entry.every(isPlace));
  const gained = (entry: unknown) => entry === null || isArray(entry, 2, isNumber);
  const held = (entry: unknown) => isArray(entry, 2, isCount) && (entry as number[])[0]! < users;
  return (
    isArray(value.climbed, users, climbed) &&
    isArray(value.gained, users, gained) &&
    (value.held === undefined || (Array.isArray(value.held) && value.held.every(held)))
  );
}
