// zod's issues in a contest author's words. zod/mini says only "Invalid input" for every issue; instead of its
// English locale, every issue code has its words here, and the type below makes a new code a compile error.
import type * as z from 'zod/mini';
import { LIMITS_TEXT, MAX_AMOUNT, SAID } from '../contest/limits.ts';
import { toCount } from '../contest/numbers.ts';

type Issue = z.core.$ZodIssue;
type Words = { [Code in Issue['code']]: (issue: Extract<Issue, { code: Code }>, value: unknown) => string };

/** The largest whole number a JSON number holds exactly in JavaScript (2^53 − 1). */
const EXACT = '9,007,199,254,740,991';
/** The amount rule, stated where an amount breaks it. */
export const AMOUNT_RULE = `must be an amount ${LIMITS_TEXT.amount}`;

const WORDS: Words = {
  invalid_type: (issue, value) => {
    if (typeof value === 'number' && !Number.isFinite(value)) return 'the number is too large';
    return `expected ${describeType(issue.expected)}, got ${describeValue(value)}`;
  },
  too_small: (issue, value) => {
    if (issue.origin === 'string') return 'must not be empty';
    if (issue.origin === 'int') return `must be a whole number from 0 to ${EXACT}`; // below −(2^53 − 1)
    if (issue.minimum === -MAX_AMOUNT) return `${AMOUNT_RULE}, got ${describeValue(value)}`;
    return `must be ${String(issue.minimum)} or more, got ${describeValue(value)}`;
  },
  too_big: (issue, value) => {
    // Its value is not worth repeating: JSON.parse made 9007199254740993 into …992.
    if (issue.origin === 'int') return `must be a whole number from 0 to ${EXACT}; larger ones are not exact`;
    if (issue.maximum === MAX_AMOUNT) return `${AMOUNT_RULE}, got ${describeValue(value)}`;
    const [max, length] = [
      toCount(Number(issue.maximum), 'en'),
      (value as { length?: number } | undefined)?.length ?? 0,
    ];
    if (issue.origin === 'string') return `must be at most ${max} characters long, and is ${toCount(length, 'en')}`;
    if (issue.origin === 'array') return `holds ${toCount(length, 'en')} salespeople; a contest holds at most ${max}`;
    return `must be ${String(issue.maximum)} or less`;
  },
  invalid_format: (issue, value) => {
    if (issue.format === 'regex' && typeof value === 'string') {
      const code = /[\u0000-\u001f\u007f]/.exec(value)?.[0].charCodeAt(0) ?? 0;
      const name = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
      // The schema's patterns allow these in "description" only.
      if (code === 0x09 || code === 0x0a || code === 0x0d)
        return `contains a ${code === 0x09 ? 'tab' : 'line break'} (${name}); only "description" may hold tabs and line breaks`;
      return `contains the control character ${name}, which a page cannot show; remove it`;
    }
    return `expected ${describeFormat(issue.format)}, got ${describeValue(value)}`;
  },
  not_multiple_of: (issue, value) => `must be a multiple of ${String(issue.divisor)}, got ${describeValue(value)}`,
  unrecognized_keys: (issue) =>
    `unknown ${issue.keys.length === 1 ? 'key' : 'keys'} ${toListed(issue.keys, toExcerpt)}`,
  // Each alternative says what it expected: `expected a date like "2027-03-31" or a date and time with offset, …`.
  invalid_union: (issue, value) => {
    const expected = issue.errors.map((issues) => {
      const [first] = issues;
      return first?.code === 'invalid_format'
        ? describeFormat(first.format)
        : first?.code === 'invalid_type'
          ? describeType(first.expected)
          : 'another value';
    });
    return `expected ${[...new Set(expected)].join(' or ')}, got ${describeValue(value)}`;
  },
  invalid_key: () => 'has a key that is not allowed here',
  invalid_element: () => 'holds a value that is not allowed here',
  invalid_value: (issue, value) =>
    `expected ${issue.values.map((allowed) => JSON.stringify(allowed)).join(' or ')}, got ${describeValue(value)}`,
  // a refinement's own words, from the schema
  custom: (issue, value) => `${issue.message}, got ${describeValue(value)}`,
};

/** What is wrong with `value`, in words, for an issue zod found; `missing` when the key is not there at all. */
export function toMessage(issue: Issue, value: unknown, missing: boolean): string {
  if (missing) return 'required, but missing';
  return (WORDS[issue.code] as (issue: Issue, value: unknown) => string)(issue, value);
}

const TYPES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  object: 'an object ({ … })',
  array: 'a list ([ … ])',
};

function describeType(expected: string): string {
  return TYPES[expected] ?? expected;
}

const FORMATS: Record<string, string> = {
  date: 'a date like "2027-03-31"',
  datetime: 'a date and time with offset, like "2027-03-31T18:45:00+02:00"',
};

function describeFormat(format: string): string {
  return FORMATS[format] ?? `the format ${format}`;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  switch (typeof value) {
    case 'string':
      return `the string ${toExcerpt(value)}`;
    case 'number':
      return `the number ${value}`;
    case 'boolean':
      return `the value ${value}`;
    case 'object':
      return 'an object';
    default:
      return String(value);
  }
}

/**
 * Text from a file as a message may quote it: in quotes, escaped, and cut after 40 characters. A message never
 * echoes a whole row or line of a file, which may not be the file its author meant (a link, a secret).
 */
export function toExcerpt(text: string): string {
  // 84 UTF-16 units hold 41 characters: a text of millions is cut before it is split.
  const characters = [...text.slice(0, 84)];
  return JSON.stringify(characters.length > 40 ? `${characters.slice(0, 40).join('')}…` : text);
}

/**
 * Items as a message lists them: joined with ", " as far as SAID.listed characters go (one at least), then how many
 * more (`"c1", "c2", "c3" and 999,997 more`). Only the items shown are quoted: a list may hold millions.
 */
export function toListed<T>(items: readonly T[], quote: (item: T) => string): string {
  const shown: string[] = [];
  let length = 0;
  for (const item of items) {
    const quoted = quote(item);
    if (shown.length > 0 && length + quoted.length > SAID.listed) break;
    [shown[shown.length], length] = [quoted, length + quoted.length + 2];
  }
  const more = items.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${toCount(more, 'en')} more` : shown.join(', ');
}

// Near misses: the known name a typo most likely meant, for JSON keys and CSV column titles alike.

/**
 * The known name closest to `name`: the same but for case, spaces and punctuation (`Summe Nettovolumen AB` for
 * `Summe Netto-Volumen AB`, `solo-winners` for `solo_winners`), or at most two edits away (one for short names).
 * None for a name longer than SAID.length: no title or key is a typo of one that long, and each look costs its length.
 */
export function suggest(name: string, known: readonly string[]): string | undefined {
  if (name.length > SAID.length) return undefined;
  const squashed = toSquashed(name);
  const same = known.find((candidate) => toSquashed(candidate) === squashed);
  if (same) return same;
  let best: string | undefined;
  let bestDistance = Math.min(2, Math.floor(squashed.length / 3));
  for (const candidate of known) {
    const distance = editDistance(squashed, toSquashed(candidate));
    if (distance <= bestDistance) [best, bestDistance] = [candidate, distance - 1];
  }
  return best;
}

/** Lower case, letters and digits only. */
function toSquashed(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** Three rows of the table below, reused: it runs for every name of a long export of similar length. */
let rows: [Int32Array, Int32Array, Int32Array] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * Edits (insert, delete, replace, swap two neighbours) from `a` to `b`: a swap is one typo, not two. Past `limit`,
 * it says `limit + 1`, and looks only at the cells within `limit` of the diagonal (no path past them costs less).
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const band = Math.min(limit, Math.max(a.length, b.length));
  const far = band + 1; // any cell off the band: too many edits
  const size = b.length + 2;
  if (rows[0].length < size) rows = [new Int32Array(size), new Int32Array(size), new Int32Array(size)];
  let [before, above, row] = rows;
  for (let j = 0; j <= b.length; j += 1) above[j] = j <= band ? j : far;
  let beforeLeast = 0;
  for (let i = 1; i <= a.length; i += 1) {
    const [low, high] = [Math.max(1, i - band), Math.min(b.length, i + band)];
    row[low - 1] = i <= band ? i : far;
    let least = row[low - 1]!;
    for (let j = low; j <= high; j += 1) {
      let edits = Math.min(above[j]! + 1, row[j - 1]! + 1, above[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) edits = Math.min(edits, before[j - 2]! + 1);
      row[j] = edits;
      if (edits < least) least = edits;
    }
    if (high < b.length) row[high + 1] = far;
    if (least > limit && beforeLeast >= limit) return limit + 1;
    beforeLeast = least;
    const spare = before;
    before = above;
    above = row;
    row = spare;
  }
  const edits = above[b.length]!;
  return edits > limit ? limit + 1 : edits;
}
