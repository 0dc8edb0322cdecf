// A contest with no problem, given back as the schema would give it back, without making or running the schema:
// making zod's schemas took ~4.6 ms of every start and checking a contest with them ~2.5 µs a user, and a valid
// contest needs neither. Each function here gives undefined wherever the schema might find a problem (or does
// something these do not copy); the schema then decides and words the problem. test/contest/valid.test.ts compares
// the two at every edge of every field.
import { regexes } from 'zod/mini';
import { isShowable } from './instant.ts';
import { LIMITS, MAX_AMOUNT } from './limits.ts';
import {
  DEFAULT_SOLO_WINNERS,
  NO_CONTROL,
  NO_CONTROL_BUT_LINES,
  type Contest,
  type Reading,
  type User,
} from './schema.ts';

// The patterns of the schema's z.iso.date() and z.iso.datetime({ offset: true }): zod's own, made as zod makes them.
const DATE = regexes.date;
const DATE_TIME = regexes.datetime({ offset: true, local: false, precision: null });

type Fields = Record<string, unknown>;

/**
 * The users of a list as the schema gives them back, where every one is valid; undefined where any is not. zod takes
 * ~2.5 µs a user, a tenth of a 10,000-user bake; this a tenth of that.
 */
export function toValidUsers(list: readonly unknown[]): User[] | undefined {
  if (list.length > LIMITS.users) return undefined;
  const users: User[] = [];
  // Indexed, as every loop over a whole list here: `for…of` makes an object a step until V8 has optimised the loop.
  for (let at = 0; at < list.length; at += 1) {
    const user = toValidUser(list[at]);
    if (!user) return undefined;
    users.push(user);
  }
  return users;
}

/** One user of toValidUsers(): as the schema gives it back, or undefined where the schema finds a problem. */
export function toValidUser(value: unknown): User | undefined {
  if (!isFields(value)) return undefined;
  const { name, leadCount, profit, alias, hidden } = value;
  const valid =
    isText(name, LIMITS.name) &&
    name !== '' &&
    isCount(leadCount) &&
    (profit == null || isAmount(profit)) &&
    (alias === undefined || isText(alias, LIMITS.name)) &&
    (hidden === undefined || typeof hidden === 'boolean');
  if (!valid) return undefined;
  // The schema's own order of keys; an optional key given as undefined is kept, as zod keeps it.
  const user: User = { name, leadCount, profit: profit ?? 0 };
  if ('alias' in value) user.alias = alias as string | undefined;
  if ('hidden' in value) user.hidden = hidden as boolean | undefined;
  return user;
}

/**
 * A contest and its users as the schema gives them back, where it has no problem; undefined where it might have one.
 * An optional field given as undefined, which no JSON holds, is left to the schema.
 */
export function toValidContest(data: unknown): (Contest & Reading) | undefined {
  if (!isFields(data)) return undefined;
  const {
    title,
    heading,
    journey_date_text,
    description,
    qualification_date_text,
    solo_winners = DEFAULT_SOLO_WINNERS,
  } = data;
  const texts =
    isText(title, LIMITS.text) &&
    title !== '' &&
    isText(heading, LIMITS.text) &&
    isText(journey_date_text, LIMITS.text) &&
    typeof description === 'string' &&
    description.length <= LIMITS.description &&
    NO_CONTROL_BUT_LINES.test(description) &&
    isText(qualification_date_text, LIMITS.text);
  // The users last: a head with a problem ends the check before a long list is read.
  const users = texts && isCount(solo_winners) && Array.isArray(data.users) ? toValidUsers(data.users) : undefined;
  if (!users) return undefined;
  const contest: Fields = { title, heading, journey_date_text, description, qualification_date_text, solo_winners };
  const given = (key: string, valid: (value: unknown) => unknown) => {
    if (!(key in data)) return true;
    const value = valid(data[key]);
    if (value === undefined) return false;
    contest[key] = value;
    return true;
  };
  // Each optional field in the schema's order, users among them; the first one not valid ends the walk.
  const valid =
    given('updated_at', (value) =>
      isString(value) && DATE_TIME.test(value) && isShowable(value) ? value : undefined,
    ) &&
    given('qualification_end', toValidEnd) &&
    ((contest.users = users), true) &&
    given('ranking', toValidRanking) &&
    given('ties', (value) => oneOf(value, ['shared', 'list order'])) &&
    given('minimum', toValidMinimum) &&
    given('columns', toValidColumns) &&
    given('acknowledged', (value) => toValidList(value, (text) => isText(text, LIMITS.text))) &&
    given('privacy', toValidPrivacy);
  return valid ? (contest as Contest & Reading) : undefined;
}

const toValidEnd = (value: unknown) =>
  isString(value) && (DATE.test(value) || DATE_TIME.test(value)) && isShowable(value) ? value : undefined;

function toValidRanking(value: unknown): unknown {
  if (!Array.isArray(value)) return oneOf(value, ['profit', 'leadCount', 'as given']);
  const valid = value.length >= 1 && value.length <= 2 && new Set(value).size === value.length;
  return valid ? toValidList(value, (metric) => oneOf(metric, ['profit', 'leadCount']) !== undefined) : undefined;
}

const toValidMinimum = (value: unknown) => toValidObject(value, { leadCount: isCount, profit: isAmount });

const toValidColumns = (value: unknown) =>
  toValidObject(value, { name: isTitle, leadCount: isTitle, profit: (title) => title === null || isTitle(title) });

const toValidPrivacy = (value: unknown) =>
  toValidObject(value, {
    names: (names) => oneOf(names, ['full', 'first name and initial', 'initials', 'alias']) !== undefined,
    amounts: (amounts) => oneOf(amounts, ['all', 'winners', 'none']) !== undefined,
    hidden: (hidden) => toValidList(hidden, (name) => isText(name, LIMITS.name) && name !== '') !== undefined,
  });

/**
 * A z.strictObject() of optional fields: a new object of the fields given, in the schema's order; undefined for any
 * other key, or a field not valid. A list is given back as a new list, as zod does; every other value as it is.
 */
function toValidObject(value: unknown, fields: Record<string, (field: unknown) => boolean>): Fields | undefined {
  if (!isFields(value)) return undefined;
  for (const key in value) if (!Object.hasOwn(fields, key)) return undefined;
  const valid: Fields = {};
  for (const [key, isValid] of Object.entries(fields)) {
    if (!(key in value)) continue;
    const field = value[key];
    if (field === undefined || !isValid(field)) return undefined;
    valid[key] = Array.isArray(field) ? [...field] : field;
  }
  return valid;
}

/** A list whose every item is valid, as a new list (as zod gives it back); else undefined. Holes are items too. */
function toValidList(value: unknown, isValid: (item: unknown) => boolean): unknown[] | undefined {
  if (!Array.isArray(value)) return undefined;
  for (let at = 0; at < value.length; at += 1) if (!isValid(value[at])) return undefined;
  return [...value];
}

const oneOf = (value: unknown, options: readonly string[]) =>
  typeof value === 'string' && options.includes(value) ? value : undefined;

/** An object as z.object() reads one: not null, not a list. */
const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isString = (value: unknown): value is string => typeof value === 'string';

const isText = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length <= max && NO_CONTROL.test(value);

const isTitle = (value: unknown) => isText(value, LIMITS.text) && value !== '';

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

const isAmount = (value: unknown): value is number => typeof value === 'number' && Math.abs(value) <= MAX_AMOUNT;
