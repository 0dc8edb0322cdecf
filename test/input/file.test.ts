// Which data file a contest file names: its `users` string, looked for in its bytes before anything is decoded, and
// then read. A file that lists its users, or only mentions "users" in a text, names none.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readData } from '../../src/input/file.ts';
import { inScratch } from '../helpers/files.ts';

const CSV = 'Name;Anzahl Eigenleads;Summe Netto-Volumen AB\nAnna Meier;3;10,00\n';

/** What readData() reads for a contest file of these bytes, beside x.csv: the CSV's text, or undefined. */
function named(bytes: string | Buffer): Promise<string | undefined> {
  return inScratch(async (dir) => {
    writeFileSync(join(dir, 'x.csv'), CSV);
    const data = readData(join(dir, 'contest.json'), typeof bytes === 'string' ? Buffer.from(bytes) : bytes);
    return data && 'bytes' in data ? Buffer.from(data.bytes).toString('utf8') : undefined;
  });
}

const naming = suite('readData()');

naming('reads the file a `users` string names, however JSON spaces and spells the key', async () => {
  for (const text of [
    '{"title": "T", "users": "x.csv"}',
    '{"users"\n :\t\r "x.csv"}',
    '\ufeff{"users": "x.csv"}',
    '{"\\u0075sers": "x.csv"}',
    '{"users": "x.csv", "title": "\\u00dcbersicht"}',
    '{"users": [], "users": "x.csv"}',
  ])
    assert.is(await named(text), CSV, JSON.stringify(text));
});

naming(
  'names no file for a list, a text that mentions one, a key of another object, or bytes that are no JSON',
  async () => {
    for (const text of [
      '{"users": [{"name": "Anna", "leadCount": 1, "profit": 2}]}',
      '{"title": "\\"users\\": \\"x.csv\\"", "users": []}',
      '{"title": "users: x.csv", "users": []}',
      '{"columns": {"users": "x.csv"}, "users": []}',
      '{"users": "x.csv"',
      '{"users":\u00a0"x.csv"}',
      '{"users": "x.txt"}',
    ])
      assert.is(await named(text), undefined, JSON.stringify(text));
    // Not UTF-8: the check says so; nothing is read for it.
    assert.is(await named(Buffer.from([...Buffer.from('{"users": "x.csv", "title": "'), 0xff, 0x22, 0x7d])), undefined);
  },
);

naming.run();
