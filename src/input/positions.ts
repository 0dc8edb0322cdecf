// Where things are in a JSON text, found with jsonc-parser: a syntax error, the value at a path, a repeated key.
// A file of its own (lib/positions.cjs), loaded by json.ts only when a contest has a problem to place.
import { printParseErrorCode, visit } from 'jsonc-parser';
import { toPositions, type Key, type Position, type SyntaxProblem, type Target } from './place.ts';

// What each of jsonc-parser's errors says; % is what it found in the place.
const MESSAGES: Record<string, string> = {
  InvalidSymbol: 'unexpected %',
  ValueExpected: 'expected a value, found %',
  PropertyNameExpected: 'expected a key in double quotes, found %',
  ColonExpected: 'expected ":" after the key, found %',
  CommaExpected: 'expected "," after a value, found %',
  CloseBraceExpected: 'expected "}", found %',
  CloseBracketExpected: 'expected "]", found %',
  EndOfFileExpected: 'expected the end of the data, found %',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfNumber: 'invalid number',
};

/** The first syntax error of a text that JSON.parse rejected, worded for someone editing the file by hand. */
export function toSyntaxProblem(text: string): SyntaxProblem {
  let found: [string, number] | undefined;
  const visited = completes(() =>
    visit(
      text,
      { onError: (code, at) => void (found ??= toMessage(text, printParseErrorCode(code), at)) },
      { disallowComments: true },
    ),
  );
  const [message, at] = found ?? [visited ? 'invalid JSON' : 'invalid JSON, nested too deeply to find the place', 0];
  return { message, position: toPositions(text, [at])[0]! };
}

/** What is wrong, and exactly where: jsonc-parser names the token at fault, which may be a whole string. */
function toMessage(text: string, code: string, at: number): [string, number] {
  const [char, before] = [text[at], text.slice(0, at).trimEnd()];
  if ((char === '}' || char === ']') && before.endsWith(','))
    return [`trailing comma before "${char}"`, before.length - 1];
  if (char === "'") return ['strings must use double quotes (")', at];
  // only "01" puts a digit there
  if (code === 'CommaExpected' && /\d/.test(text[at - 1] ?? '')) return ['invalid number: no leading zeros', at - 1];
  const message = MESSAGES[code]?.replace(
    '%',
    char === undefined ? 'end of file' : char === '"' ? 'a quote' : `character ${JSON.stringify(char)}`,
  );
  return message ? [message, at] : toStringProblem(text, at); // the other errors are inside a string
}

/** The first thing wrong inside the string at `start`: what follows its longest valid start. */
function toStringProblem(text: string, start: number): [string, number] {
  const at =
    start + (/"(?:[^"\\\u0000-\u001f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*/.exec(text.slice(start))?.[0].length ?? 0);
  const char = text[at];
  if (char === undefined) return ['unterminated string: missing closing quote', start];
  if (char === '\n' || char === '\r') return ['line break inside a string (write \\n, or close the quote)', at];
  if (char === '\\')
    return [
      text[at + 1] === 'u'
        ? 'invalid \\u escape: expected four hex digits'
        : `invalid escape "\\${text[at + 1] ?? ''}" in a string`,
      at,
    ];
  return ['control character inside a string', at];
}

type Place = { children: Map<Key, Place>; parent?: Place; at?: number; key?: number }; // a step of the targets' paths

/**
 * Where each target starts in a valid text: of repeated keys the last, as JSON.parse keeps; for a missing key, its
 * object.
 */
export function locateAll(text: string, targets: readonly Target[]): Position[] {
  const root: Place = { children: new Map() };
  const places = targets.map(({ path }) =>
    path.reduce(
      (parent: Place, step) =>
        parent.children.get(step) ?? parent.children.set(step, { children: new Map(), parent }).get(step)!,
      root,
    ),
  );
  const note = (path: Key[], at: number, field: 'at' | 'key') => {
    let place: Place | undefined = root;
    for (const step of path) place = place?.children.get(step);
    if (place) place[field] = at;
    return place !== undefined; // false: no target lies within, and jsonc-parser skips the object or array to its end
  };
  const value = (at: number, _length: number, _line: number, _column: number, path: () => Key[]) =>
    note(path(), at, 'at');
  const onObjectProperty = (
    key: string,
    at: number,
    _length: number,
    _line: number,
    _column: number,
    path: () => Key[],
  ) => void note([...path(), key], at, 'key');
  const end = () => undefined; // a skip ends in the end callbacks, so they must exist
  completes(() =>
    visit(text, {
      onObjectBegin: value,
      onArrayBegin: value,
      onObjectEnd: end,
      onArrayEnd: end,
      onLiteralValue: (_value, ...rest) => void value(...rest),
      onObjectProperty,
    }),
  );
  return toPositions(
    text,
    places.map((place, i) => {
      if (targets[i]!.key && place.key !== undefined) return place.key;
      for (let found: Place | undefined = place; found; found = found.parent)
        if (found.at !== undefined) return found.at; // the deepest value that exists
      return 0;
    }),
  );
}

/** Keys that occur more than once in one object, in file order; the text is valid JSON. */
export function findDuplicateKeys(text: string): { path: Key[]; position: Position }[] {
  const open: Set<string>[] = []; // the keys of each object open at this point
  const found: { path: Key[]; offset: number }[] = [];
  const onObjectProperty = (
    key: string,
    offset: number,
    _length: number,
    _line: number,
    _column: number,
    path: () => Key[],
  ) => {
    if (open.at(-1)?.has(key)) found.push({ path: [...path(), key], offset });
    open.at(-1)?.add(key);
  };
  completes(() =>
    visit(text, {
      onObjectBegin: () => void open.push(new Set()),
      onObjectEnd: () => void open.pop(),
      onObjectProperty,
    }),
  );
  return toPositions(
    text,
    found.map(({ offset }) => offset),
  ).map((position, i) => ({ path: found[i]!.path, position }));
}

/**
 * Whether jsonc-parser's work ends: it recurses per level of nesting, and thousands of levels (no contest file)
 * overflow.
 */
function completes(work: () => unknown): boolean {
  try {
    work();
    return true;
  } catch (error) {
    if (error instanceof RangeError) return false;
    throw error;
  }
}
