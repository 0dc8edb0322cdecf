// The places and words of problems in a JSON text (jsonc-parser); json.ts loads this module only for a problem.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { SyntaxProblem } from '../../src/input/place.ts';
import { locateAll, toSyntaxProblem } from '../../src/input/positions.ts';

const syntaxErrorOf = (text: string) => {
  const { position, message } = toSyntaxProblem(text);
  return { ...position, message };
};

/** Line and column of the first `needle` on 1-based `line`: an oracle independent of the parser. */
const at = (text: string, line: number, needle: string) => ({
  line,
  column: (text.split('\n')[line - 1] ?? '').indexOf(needle) + 1,
});

const syntax = suite('toSyntaxProblem()');

syntax('names the common hand-editing mistakes, at their place', () => {
  const cases: [string, { line: number; column: number; message: string }][] = [
    ['{"a": 1\n "b": 2}', { line: 2, column: 2, message: 'expected "," after a value, found a quote' }],
    ["{'a': 1}", { line: 1, column: 2, message: 'strings must use double quotes (")' }],
    ['{"a": \'x\'}', { line: 1, column: 7, message: 'strings must use double quotes (")' }],
    ['{"a": "x\ny"}', { line: 1, column: 9, message: 'line break inside a string (write \\n, or close the quote)' }],
    ['{"a": "open}', { line: 1, column: 7, message: 'unterminated string: missing closing quote' }],
    ['', { line: 1, column: 1, message: 'expected a value, found end of file' }],
    ['{"a": 01}', { line: 1, column: 7, message: 'invalid number: no leading zeros' }],
    ['{} x', { line: 1, column: 4, message: 'unexpected character "x"' }],
    ['{} {}', { line: 1, column: 4, message: 'expected the end of the data, found character "{"' }],
    ['{"a" 1}', { line: 1, column: 6, message: 'expected ":" after the key, found character "1"' }],
    ['{"a": 1 // note\n}', { line: 1, column: 9, message: 'comments are not allowed in JSON' }],
    ['{"a": [1', { line: 1, column: 9, message: 'expected "]", found end of file' }],
  ];
  for (const [text, expected] of cases) assert.equal(syntaxErrorOf(text), expected, text);
});

syntax('points into a string at the escape or character at fault, not at its start', () => {
  const cases: [string, { line: number; column: number; message: string }][] = [
    ['{"a": "\\\\ ok \\x"}', { line: 1, column: 14, message: 'invalid escape "\\x" in a string' }],
    ['{"a": "\\u00e9 \\u12"}', { line: 1, column: 15, message: 'invalid \\u escape: expected four hex digits' }],
    ['{"a": "tab\there"}', { line: 1, column: 11, message: 'control character inside a string' }],
  ];
  for (const [text, expected] of cases) assert.equal(syntaxErrorOf(text), expected, text);
});

syntax('says so when JSON is nested too deeply to find the place', () => {
  const problem: SyntaxProblem = {
    message: 'invalid JSON, nested too deeply to find the place',
    position: { line: 1, column: 1 },
  };
  assert.equal(toSyntaxProblem(`${'['.repeat(50_000)}x`), problem);
});

const where = suite('locateAll()');

where('takes the last of duplicate keys, as JSON.parse does', () => {
  assert.equal(locateAll('{"a": 1,\n "a": 2}', [{ path: ['a'] }])[0], { line: 2, column: 7 });
});

where('finds many places, keys as well as values, skipping strings with brackets and escapes', () => {
  const text = '{"a": "}\\"]{", "users": [\n {"name": "x", "b": 1},\n {"name": "y\\"", "c": [1, {"d": 2}]}\n]}';
  assert.equal(
    locateAll(text, [
      { path: ['users', 1, 'c', 1, 'd'] },
      { path: ['users', 0, 'b'], key: true },
      { path: ['users', 1, 'name'] },
      { path: ['users', 5] },
      { path: ['a'] },
    ]),
    [at(text, 3, '2}'), at(text, 2, '"b"'), at(text, 3, '"y'), at(text, 1, '[\n'.slice(0, 1)), at(text, 1, '"}')],
  );
});

where('places a problem in every row of a large file', () => {
  const users = Array.from({ length: 50_000 }, (_, i) => `{"name":"u${i}","leadCount":"${i}"}`);
  const text = `{"users":[\n${users.join(',\n')}\n]}`;
  const positions = locateAll(
    text,
    users.map((_, i) => ({ path: ['users', i, 'leadCount'] })),
  );
  assert.equal(positions[49_999], at(text, 50_001, '"49999"'));
});

syntax.run();
where.run();
