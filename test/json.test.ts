import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { findDuplicateKeys, JsonSyntaxError, locate, locateAll, parseJson } from '../src/json.ts';

const syntaxErrorOf = (text: string) => {
  try {
    parseJson(text);
  } catch (error) {
    if (error instanceof JsonSyntaxError) return { ...error.position, message: error.message };
    throw error;
  }
  throw new Error('no syntax error');
};

const parse = suite('parseJson()');

parse('parses valid JSON like JSON.parse, with or without a byte-order mark', () => {
  assert.equal(parseJson('{"a":[1,"x",null,true]}'), { a: [1, 'x', null, true] });
  assert.equal(parseJson('\ufeff{"a":1}'), { a: 1 });
});

parse('places a trailing comma on its line and column', () => {
  assert.equal(syntaxErrorOf('{\n  "a": [1,\n  ]\n}'), { line: 3, column: 3, message: 'trailing comma before "]"' });
  assert.equal(syntaxErrorOf('{"a": 1,}').message, 'trailing comma before "}"');
});

parse('names the common hand-editing mistakes', () => {
  assert.equal(syntaxErrorOf('{"a": 1\n "b": 2}'), { line: 2, column: 2, message: 'expected "," or "}" after a value, found a quote (missing comma?)' });
  assert.equal(syntaxErrorOf("{'a': 1}").message, 'expected a key in double quotes, found character "\'"');
  assert.equal(syntaxErrorOf('{"a": \'x\'}').message, 'strings must use double quotes (")');
  assert.equal(syntaxErrorOf('{"a": "x\ny"}'), { line: 1, column: 9, message: 'line break inside a string (write \\n, or close the quote)' });
  assert.equal(syntaxErrorOf('{"a": "open}').message, 'unterminated string: missing closing quote');
  assert.equal(syntaxErrorOf('').message, 'expected a value, found end of file');
  assert.equal(syntaxErrorOf('{"a": 01}').message, 'invalid number');
  assert.equal(syntaxErrorOf('{} x'), { line: 1, column: 4, message: 'unexpected character "x" after the end of the data' });
  assert.equal(syntaxErrorOf('{"a": "\\x"}').message, 'invalid escape "\\x" in a string');
});

parse('agrees with JSON.parse on what is valid', () => {
  const cases = ['1', '-0.5e+3', '"\\u00e9\\n"', '[]', '{}', ' [ 1 , { "a" : [ ] } ] ', '-', '1.', '.5', '+1', 'tru', 'nul', '[1 2]', '{"a"}', '{"a":}', '"\t"', '1e', '[,]'];
  for (const text of cases) {
    let expected: unknown;
    try {
      expected = JSON.parse(text);
    } catch {
      assert.throws(() => parseJson(text), (error: unknown) => error instanceof JsonSyntaxError, `should reject ${text}`);
      continue;
    }
    assert.equal(parseJson(text), expected, `should accept ${text}`);
  }
});

const where = suite('locate()');
const TEXT = '{\n  "users": [\n    { "name": "A" },\n    { "name": "B", "leadCount": "12" }\n  ]\n}';

where('finds the value at a path', () => {
  assert.equal(locate(TEXT, ['users', 1, 'leadCount']), { line: 4, column: 33 });
  assert.equal(locate(TEXT, ['users', 0]), { line: 3, column: 5 });
  assert.equal(locate(TEXT, []), { line: 1, column: 1 });
});

where('falls back to the enclosing value for a missing key', () => {
  assert.equal(locate(TEXT, ['users', 0, 'leadCount']), { line: 3, column: 5 });
});

where('takes the last of duplicate keys, as JSON.parse does', () => {
  assert.equal(locate('{"a": 1,\n "a": 2}', ['a']), { line: 2, column: 7 });
});

/** Line and column of the first `needle` on 1-based `line`: an oracle independent of the scanner. */
const at = (text: string, line: number, needle: string) => ({ line, column: (text.split('\n')[line - 1] ?? '').indexOf(needle) + 1 });

where('finds many places in one pass, keys as well as values, skipping strings with brackets and escapes', () => {
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

where('stays linear for a problem in every row', () => {
  const users = Array.from({ length: 50_000 }, (_, i) => `{"name":"u${i}","leadCount":"${i}"}`);
  const text = `{"users":[\n${users.join(',\n')}\n]}`;
  const start = performance.now();
  const positions = locateAll(text, users.map((_, i) => ({ path: ['users', i, 'leadCount'] })));
  assert.equal(positions[49_999], at(text, 50_001, '"49999"'));
  assert.ok(performance.now() - start < 2000, 'one pass, not one per problem');
});

const duplicates = suite('findDuplicateKeys()');

duplicates('reports each repeated key with its path and place, at any depth', () => {
  const text = '{"title": "a",\n "users": [{"name": "x", "name": "y"}, {"name": "z"}],\n "title": "b", "x": {"k": 1}, "y": {"k": 2}}';
  assert.equal(findDuplicateKeys(text), [
    { path: ['users', 0, 'name'], position: at(text, 2, '"name": "y"') },
    { path: ['title'], position: at(text, 3, '"title"') },
  ]);
});

duplicates('gives the same answer with the quick count as with the full scan', () => {
  for (const text of [
    '{"a": 1, "b": {"c": 2}}',
    '{"a": 1, "a": 2}',
    '{"a": "x\\": y", "b": 1}',
    '{"users": [{"name": "n", "name": "m"}]}',
    '{"a": {"x": 1}, "b": {"x": 1, "y": 2, "y": 3}}',
    '[{"a": ":"}, {"b": "\\":"}]',
  ]) {
    assert.equal(findDuplicateKeys(text, JSON.parse(text)), findDuplicateKeys(text), text);
  }
});

duplicates('is not fooled by keys inside strings or escaped quotes', () => {
  assert.equal(findDuplicateKeys('{"a": "\\"a\\": 1", "b": {"a": 1}, "c": ["a", "a"]}'), []);
  assert.equal(findDuplicateKeys('{"\\u0061": 1, "a": 2}').map((d) => d.path), [['a']]);
});

parse.run();
where.run();
duplicates.run();
