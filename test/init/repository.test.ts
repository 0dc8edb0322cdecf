import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toPackageName, toRepository } from '../../src/init/repository.ts';
import { ROOT } from '../helpers/files.ts';

const repository = suite('the files of a new contest repository');

const workbook = (sheet: string, rows: (string | number)[][]) => Buffer.from(JSON.stringify({ sheet, rows }));
const filesOf = (locale: 'de' | 'en') =>
  new Map(toRepository('1.2.3', locale, 'Vertrieb Süd', workbook).map((file) => [file.path, file.content]));
const text = (content: string | Uint8Array | undefined) => String(content);

repository('the workflow is the one docs/ci.md describes, with the locale on the build line', () => {
  const docs = readFileSync(join(ROOT, 'docs/contest-pages.yml'), 'utf8');
  // The documented copy says where to copy it; the repository's is in place.
  const inPlace = docs.replace(/^# Copy to .*\n/m, '');
  assert.is(text(filesOf('de').get('.github/workflows/contest-pages.yml')), inPlace);
  assert.is(
    text(filesOf('en').get('.github/workflows/contest-pages.yml')),
    inPlace.replace('npx podium build contests/ --out dist', 'npx podium build contests/ --locale en --out dist'),
  );
});

repository('package.json depends on the podium that ran, with build, check and dev scripts', () => {
  assert.equal(JSON.parse(text(filesOf('de').get('package.json'))), {
    name: 'vertrieb-sud',
    private: true,
    description: 'Vertriebswettbewerb Frühjahr 2027: Lissabon wartet!',
    scripts: {
      build: 'podium build contests/',
      check: 'podium validate contests/ --strict',
      dev: 'podium dev contests/',
    },
    dependencies: { 'podium-leaderboard': '1.2.3' },
  });
  const { scripts } = JSON.parse(text(filesOf('en').get('package.json'))) as { scripts: Record<string, string> };
  assert.equal(scripts, {
    build: 'podium build contests/ --locale en',
    check: 'podium validate contests/ --strict',
    dev: 'podium dev contests/ --locale en',
  });
});

repository("the example names its spreadsheet beside it and the installed schema, in the locale's words", () => {
  for (const [locale, name, sheet, header] of [
    ['de', 'beispiel', 'vertriebler', ['Name', 'Anzahl Eigenleads', 'Summe Netto-Volumen AB']],
    ['en', 'example', 'salespeople', ['name', 'leadCount', 'profit']],
  ] as const) {
    const files = filesOf(locale);
    const contest = JSON.parse(text(files.get(`contests/${name}.json`))) as Record<string, unknown>;
    assert.is(contest.$schema, '../node_modules/podium-leaderboard/contest.schema.json');
    assert.is(contest.users, `${name}-${sheet}.xlsx`);
    const made = JSON.parse(text(files.get(`contests/${name}-${sheet}.xlsx`))) as { rows: unknown[][] };
    assert.equal(made.rows[0], header);
    assert.match(text(files.get('README.md')), `contests/${name}-${sheet}.xlsx`);
  }
  assert.match(String(JSON.parse(text(filesOf('en').get('contests/example.json'))).title), 'Spring 2027 sales contest');
  assert.equal(text(filesOf('de').get('.gitignore')), 'node_modules/\ndist/\n');
});

repository('a folder name becomes a valid npm package name', () => {
  assert.equal(['my-contests', 'Vertrieb Süd', '..', '.hidden', 'Ça?la_2027', '東京'].map(toPackageName), [
    'my-contests',
    'vertrieb-sud',
    'contests',
    'hidden',
    'ca-la_2027',
    'contests',
  ]);
});

repository.run();
