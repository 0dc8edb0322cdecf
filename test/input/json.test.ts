import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { findDuplicateKeys, locate, parseJson } from '../../src/input/json.ts';
import type { Key } from '../../src/input/place.ts';
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
