import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { findDuplicateKeys, locate, parseJson } from '../../src/input/json.ts';
import type { Key, SyntaxProblem } from '../../src/input/place.ts';
import { findDuplicateKeys as scanForDuplicateKeys } from '../../src/input/positions.ts';

const syntaxErrorOf = async (text: string) => {
  const parsed = await parseJson(text);
  if (!('syntax' in parsed)) throw new Error(`no syntax error in ${text}`);
  return { ...parsed.syntax.position, message: parsed.syntax.message };
};

/** Line and column of the first `needle` on 1-based `line`: an oracle independent of the parser. */
const at = (text: string, line: number, needle: string) => ({
  line,
  column: (text.split('\n')[line - 1] ?? '').indexOf(needle) + 1,
});

const parse = suite('parseJson()');

parse('parses valid JSON like JSON.parse, with or without a byte-order mark', async () => {
  assert.equal(await parseJson('{"a":[1,"x",null,true]}'), { data: { a: [1, 'x', null, true] } });
  assert.equal(await parseJson('\ufeff{"a":1}'), { data: { a: 1 } });
});

parse('places a trailing comma on the comma itself', async () => {
  const text = '{\n  "a": [1,\n  ]\n}';
  assert.equal(await syntaxErrorOf(text), { ...at(text, 2, ','), message: 'trailing comma before "]"' });
  assert.equal(await syntaxErrorOf('{"a": 1 ,\t\r\n}'), { line: 1, column: 9, message: 'trailing comma before "}"' });
  assert.equal(
    await syntaxErrorOf('\ufeff{"a": 1,}'),
    { line: 1, column: 8, message: 'trailing comma before "}"' },
    'counted from after a byte-order mark',
  );
});

parse('names the common hand-editing mistakes, at their place', async () => {
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
  for (const [text, expected] of cases) assert.equal(await syntaxErrorOf(text), expected, text);
});

parse('points into a string at the escape or character at fault, not at its start', async () => {
  const cases: [string, { line: number; column: number; message: string }][] = [
    ['{"a": "\\\\ ok \\x"}', { line: 1, column: 14, message: 'invalid escape "\\x" in a string' }],
    ['{"a": "\\u00e9 \\u12"}', { line: 1, column: 15, message: 'invalid \\u escape: expected four hex digits' }],
    ['{"a": "tab\there"}', { line: 1, column: 11, message: 'control character inside a string' }],
  ];
  for (const [text, expected] of cases) assert.equal(await syntaxErrorOf(text), expected, text);
});

parse('agrees with JSON.parse on what is valid', async () => {
  const cases = [
    '1',
    '-0.5e+3',
    '"\\u00e9\\n"',
    '[]',
    '{}',
    ' [ 1 , { "a" : [ ] } ] ',
    '-',
    '1.',
    '.5',
    '+1',
    'tru',
    'nul',
    '[1 2]',
    '{"a"}',
    '{"a":}',
    '"\t"',
    '1e',
    '[,]',
    '{"a":\u00a01}',
    '/**/1',
  ];
  for (const text of cases) {
    let expected: unknown;
    try {
      expected = JSON.parse(text);
    } catch {
      const parsed = await parseJson(text);
      assert.ok('syntax' in parsed && parsed.syntax.message !== 'invalid JSON', `should reject ${text} and say why`);
      continue;
    }
    assert.equal(await parseJson(text), { data: expected }, `should accept ${text}`);
  }
});

parse('says so when JSON is nested too deeply to find the place', async () => {
  const syntax: SyntaxProblem = {
    message: 'invalid JSON, nested too deeply to find the place',
    position: { line: 1, column: 1 },
  };
  assert.equal(await parseJson(`${'['.repeat(50_000)}x`), { syntax });
});

const where = suite('locate()');
const TEXT = '{\n  "users": [\n    { "name": "A" },\n    { "name": "B", "leadCount": "12" }\n  ]\n}';
const locateOne = async (text: string, path: Key[]) => (await locate(text, [{ path }]))[0];

where('finds the value at a path', async () => {
  assert.equal(await locateOne(TEXT, ['users', 1, 'leadCount']), { line: 4, column: 33 });
  assert.equal(await locateOne(TEXT, ['users', 0]), { line: 3, column: 5 });
  assert.equal(await locateOne(TEXT, []), { line: 1, column: 1 });
});

where('falls back to the enclosing value for a missing key', async () => {
  assert.equal(await locateOne(TEXT, ['users', 0, 'leadCount']), { line: 3, column: 5 });
});

where('takes the last of duplicate keys, as JSON.parse does', async () => {
  assert.equal(await locateOne('{"a": 1,\n "a": 2}', ['a']), { line: 2, column: 7 });
});

where('finds many places, keys as well as values, skipping strings with brackets and escapes', async () => {
  const text = '{"a": "}\\"]{", "users": [\n {"name": "x", "b": 1},\n {"name": "y\\"", "c": [1, {"d": 2}]}\n]}';
  assert.equal(
    await locate(text, [
      { path: ['users', 1, 'c', 1, 'd'] },
      { path: ['users', 0, 'b'], key: true },
      { path: ['users', 1, 'name'] },
      { path: ['users', 5] },
      { path: ['a'] },
    ]),
    [at(text, 3, '2}'), at(text, 2, '"b"'), at(text, 3, '"y'), at(text, 1, '[\n'.slice(0, 1)), at(text, 1, '"}')],
  );
});

where('stays linear for a problem in every row', async () => {
  const users = Array.from({ length: 50_000 }, (_, i) => `{"name":"u${i}","leadCount":"${i}"}`);
  const text = `{"users":[\n${users.join(',\n')}\n]}`;
  const start = performance.now();
  const positions = await locate(
    text,
    users.map((_, i) => ({ path: ['users', i, 'leadCount'] })),
  );
  assert.equal(positions[49_999], at(text, 50_001, '"49999"'));
  assert.ok(performance.now() - start < 2000, 'one pass, not one per problem');
});

const duplicates = suite('findDuplicateKeys()');

duplicates('reports each repeated key with its path and place, at any depth', async () => {
  const text =
    '{"title": "a",\n "users": [{"name": "x", "name": "y"}, {"name": "z"}],\n "title": "b", "x": {"k": 1}, "y": {"k": 2}}';
  assert.equal(await findDuplicateKeys(text, JSON.parse(text)), [
    { path: ['users', 0, 'name'], position: at(text, 2, '"name": "y"') },
    { path: ['title'], position: at(text, 3, '"title"') },
  ]);
});

duplicates('gives the same answer with the quick count as with the full scan', async () => {
  for (const text of [
    '{"a": 1, "b": {"c": 2}}',
    '{"a": 1, "a": 2}',
    '{"a": "x\\": y", "b": 1}',
    '{"users": [{"name": "n", "name": "m"}]}',
    '{"a": {"x": 1}, "b": {"x": 1, "y": 2, "y": 3}}',
    '[{"a": ":"}, {"b": "\\":"}]',
  ]) {
    assert.equal(await findDuplicateKeys(text, JSON.parse(text)), scanForDuplicateKeys(text), text);
  }
});

duplicates('is not fooled by keys inside strings or escaped quotes', async () => {
  const quoted = '{"a": "\\"a\\": 1", "b": {"a": 1}, "c": ["a", "a"]}';
  assert.equal(await findDuplicateKeys(quoted, JSON.parse(quoted)), []);
  const escaped = '{"\\u0061": 1, "a": 2}';
  assert.equal(
    (await findDuplicateKeys(escaped, JSON.parse(escaped))).map((d) => d.path),
    [['a']],
  );
});

parse.run();
where.run();
duplicates.run();
