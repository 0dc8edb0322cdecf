// The page's data: what a page carries as window.__CONTEST__, and the one check of it. The bake passes the data it
// writes through isPageData(), and a wall screen the data of a page it fetches: the same rules on both sides. Free of
// zod, so that the page script can hold it (the schema's bounds, which cost the TV script bytes, are the check's).
// Written for the page script's bytes: a few predicates, each asked everywhere (docs/performance.md).
import type { Contest } from './schema.ts';
import { isTargetData } from './fair/targets.ts';
import { isTiered } from './fair/tiers.ts';

type Check = (value: unknown) => boolean;

const METRICS: readonly unknown[] = ['leadCount', 'profit'];
/** What a page may rank by: a figure, or the share of one's target reached (contest/fair/targets.ts). */
const KEYS: readonly unknown[] = [...METRICS, 'target'];
const TIES: readonly unknown[] = [undefined, 'shared', 'list order'];
const TEXTS = ['title', 'heading', 'journey_date_text', 'description', 'qualification_date_text'];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isRecord = (value: unknown): value is Record<string, unknown> => isObject(value) && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string';
// Neither coerces: a string of digits is no number.
const isNumber: Check = Number.isFinite;
const isCount = (value: unknown) => Number.isInteger(value) && (value as number) >= 0;
const isTime = (value: unknown) => isText(value) && isNumber(Date.parse(value));
/** Missing, or passing `check`. */
const or = (value: unknown, check: Check) => value === undefined || check(value);
/** `null`, or passing `check`. */
const orNull = (check: Check) => (value: unknown) => value === null || check(value);
/** A minimum, of the contest or of a prize tier. */
const isMinimum = (given: unknown) =>
  isObject(given) && or(given.leadCount, Number.isInteger) && or(given.profit, isNumber);
/** A list each of whose items passes `each`, and of `length` items where one is given. */
const isList = (value: unknown, each: Check, length?: number): value is unknown[] =>
  Array.isArray(value) && or(length, (given) => value.length === given) && value.every((item) => each(item));

/**
 * A contest as a page carries it: the texts, the counts, the users, the rules, the times, and any earlier Stands, each
 * of the type the page reads. Unknown fields are let be.
 */
export function isPageData(value: unknown): value is Contest {
  if (!isRecord(value) || !Array.isArray(value.users)) return false;
  const { users, ranked, ranking, minimum, standings: stands } = value;
  const rows = (list: unknown) => isList(list, isCount, users.length);
  return (
    // An amount may be missing only on a page that carries its ranking (contest/privacy.ts).
    users.every(
      (user) =>
        isRecord(user) &&
        isText(user.name) &&
        isCount(user.leadCount) &&
        (isNumber(user.profit) || (ranked !== undefined && user.profit === undefined)),
    ) &&
    TEXTS.every((key) => isText(value[key])) &&
    isCount(value.solo_winners) &&
    // The rules contest/ranking.ts can apply, as the schema allows them: a page never ranks by what it cannot read.
    ([undefined, 'as given', ...KEYS].includes(ranking) ||
      // one or two keys, each once
      (isList(ranking, (metric) => KEYS.includes(metric)) &&
        ranking.length > 0 &&
        ranking.every((metric, at) => ranking.indexOf(metric) === at))) &&
    TIES.includes(value.ties) &&
    or(minimum, isMinimum) &&
    isTargetData(value.target, users) &&
    isTiered(value, isMinimum, rows) &&
    or(value.updated_at, isTime) &&
    or(value.qualification_end, isTime) &&
    // A ranking a page carries where it does not publish every amount (contest/privacy.ts), for its rows.
    or(
      ranked,
      (given) =>
        isRecord(given) &&
        rows(given.places) &&
        rows(given.winning) &&
        or(given.short, rows) &&
        isCount(given.winners) &&
        isNumber(given.last),
    ) &&
    or(
      stands,
      (given) =>
        isRecord(given) &&
        isText(given.since) &&
        isList(given.stands, isText) &&
        isList(
          given.climbed,
          orNull((entry) => isList(entry, orNull(isNumber))),
          users.length,
        ) &&
        isList(
          given.gained,
          orNull((entry) => isList(entry, isNumber, 2)),
          users.length,
        ) &&
        or(given.held, (held) =>
          isList(held, (entry) => isList(entry, isCount, 2) && (entry[0] as number) < users.length),
        ),
    )
  );
}
