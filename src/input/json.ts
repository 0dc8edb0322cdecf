// JSON text → data. JSON.parse does the common work, a valid file; the places of problems come from
// positions.ts (jsonc-parser), a file of its own that only a contest with a problem loads.

import { LIMITS_TEXT, MAX_KEYS } from '../contest/limits.ts';
import { stripBom, type Key, type Position, type SyntaxProblem, type Target } from './place.ts';

/** The data of a JSON text (a byte-order mark is allowed), or its first syntax error with its place. */
export async function parseJson(text: string): Promise<{ data: unknown } | { syntax: SyntaxProblem }> {
  const body = stripBom(text);
  if (holdsTooManyKeys(body)) return { syntax: { message: TOO_MANY_KEYS, position: { line: 1, column: 1 } } };
  try {
    return { data: JSON.parse(body) };
  } catch {
    // JSON.parse's messages differ between Node versions and rarely name a line.
    return { syntax: (await import('./positions.ts')).toSyntaxProblem(body) };
  }
}

/** Where each target starts in a valid text; a path that runs into a missing key ends at its object. */
export async function locate(text: string, targets: readonly Target[]): Promise<Position[]> {
  if (targets.length === 0) return []; // the common case, a valid contest: no need to read it again
  return (await import('./positions.ts')).locateAll(stripBom(text), targets);
}

/**
 * Keys that occur more than once in one object: JSON.parse keeps the last, silently losing the others.
 * Given what JSON.parse made of the text, a quick count settles the common case, no duplicates, first.
 */
export async function findDuplicateKeys(text: string, parsed: unknown): Promise<{ path: Key[]; position: Position }[]> {
  // Every key in the text ends in `"` and `:`; matches inside strings only add. Equal counts: nothing was lost.
  if (countKeyEnds(text) === countKeys(parsed)) return [];
  return (await import('./positions.ts')).findDuplicateKeys(stripBom(text));
}

const KEY_END = /"\s*:/g;

const TOO_MANY_KEYS = `holds more than ${LIMITS_TEXT.keys} keys, more than nine for each of the ${LIMITS_TEXT.users} salespeople a contest holds at most: it is not read; remove the keys podium does not read`;

/** Whether a text holds more than MAX_KEYS keys (or `":` in strings), which it is not parsed for. */
export function holdsTooManyKeys(text: string): boolean {
  return countKeyEnds(text, MAX_KEYS) > MAX_KEYS;
}

// Counted one match at a time: text.match makes a list of every match, 2 million strings for 2 million keys.
function countKeyEnds(text: string, most = Infinity): number {
  let count = 0;
  for (KEY_END.lastIndex = 0; count <= most && KEY_END.test(text);) count += 1;
  return count;
}

const isNode = (value: unknown) => value !== null && typeof value === 'object';

// Iterative: a file may nest deeper than the call stack reaches.
function countKeys(root: unknown): number {
  let count = 0;
  const pending = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (!isNode(value)) continue; // the root alone may be neither
    // Only objects and lists are kept to look into.
    if (Array.isArray(value)) {
      for (let at = 0; at < value.length; at += 1) if (isNode(value[at])) pending.push(value[at]);
    } else
      for (const key in value) {
        count += 1;
        const field = (value as Record<string, unknown>)[key];
        if (isNode(field)) pending.push(field);
      }
  }
  return count;
}
