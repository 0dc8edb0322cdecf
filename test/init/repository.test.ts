import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { parse } from 'yaml';
import type { Packed } from '../../src/init/pack.ts';
import { toPackageName, toRepository } from '../../src/init/repository.ts';
import { ROOT } from '../helpers/files.ts';

const repository = suite('the files of a new contest repository');

const workbook = (sheet: string, rows: (string | number)[][]) => Buffer.from(JSON.stringify({ sheet, rows }));
const podium: Packed = {
  name: 'podium-leaderboard',
  file: 'podium-leaderboard-1.2.3.tgz',
  bytes: Buffer.from('tarball'),
  lock: {
    version: '1.2.3',
    resolved: 'file:vendor/podium-leaderboard-1.2.3.tgz',
    integrity: 'sha512-x',
    engines: { node: '>=22.12.0' },
  },
};
const filesOf = (locale: 'de' | 'en') =>
  new Map(
    toRepository({ locale, folder: 'Vertrieb Süd', podium, schema: '{}\n', workbook }).map((file) => [
      file.path,
      file.content,
    ]),
  );
const text = (content: string | Uint8Array | undefined) => String(content);

repository('the workflow is the one docs/ci.md describes, with the locale on the build line', () => {
  const docs = readFileSync(join(ROOT, 'docs/contest-pages.yml'), 'utf8');
  // The documented copy says where to copy it; the repository's is in place.
  const inPlace = docs.replace(/^# Copy to .*\n/m, '');
  assert.is(text(filesOf('de').get('.github/workflows/contest-pages.yml')), inPlace);
  const english = text(filesOf('en').get('.github/workflows/contest-pages.yml'));
  assert.match(english, 'npx podium build contests/ --locale en --out dist');
  assert.match(english, '### Preview');
});

repository('the workflow bakes and publishes main again every Monday morning, so that an end date takes effect', () => {
  for (const locale of ['de', 'en'] as const) {
    const workflow = parse(text(filesOf(locale).get('.github/workflows/contest-pages.yml'))) as {
      on: { push: { branches: string[] }; schedule: { cron: string }[] };
      jobs: Record<string, { if: string }>;
    };
    assert.equal(workflow.on.push.branches, ['main'], 'the push trigger stays');
    assert.equal(workflow.on.schedule, [{ cron: '17 3 * * 1' }]); // Mondays, 03:17 UTC
    // A scheduled run is no pull request: it publishes.
    assert.is(workflow.jobs.publish!.if, "github.event_name != 'pull_request'");
    assert.is(workflow.jobs.preview!.if, "github.event_name == 'pull_request'");
  }
});

repository('the README says in one sentence what an end date does, where it talks about privacy', () => {
  const section = (locale: 'de' | 'en', from: string, to: string) => {
    const readme = text(filesOf(locale).get('README.md'));
    return readme.slice(readme.indexOf(from), readme.indexOf(to));
  };
  const de = section('de', '## Namen und Beträge', '## Wo die Seiten');
  for (const words of ['"until": "2027-07-31"', 'nur noch die Gewinner', '"after": "texts"', 'jeden Montag'])
    assert.match(de, words);
  const en = section('en', '## Names and amounts', '## Where the pages');
  for (const words of ['"until": "2027-07-31"', 'only the winners after that day', '"after": "texts"', 'every Monday'])
    assert.match(en, words);
});

repository('package.json depends on the podium that ran, vendored, with build, check and dev scripts', () => {
  assert.equal(JSON.parse(text(filesOf('de').get('package.json'))), {
    name: 'vertrieb-sud',
    private: true,
    description: 'Vertriebswettbewerb Frühjahr 2027: Lissabon wartet!',
    scripts: {
      build: 'podium build contests/',
      check: 'podium validate contests/ --strict',
      dev: 'podium dev contests/',
    },
    dependencies: { 'podium-leaderboard': 'file:vendor/podium-leaderboard-1.2.3.tgz' },
  });
  const { scripts } = JSON.parse(text(filesOf('en').get('package.json'))) as { scripts: Record<string, string> };
  assert.equal(scripts, {
    build: 'podium build contests/ --locale en',
    check: 'podium validate contests/ --strict',
    dev: 'podium dev contests/ --locale en',
  });
  assert.is(filesOf('de').get('vendor/podium-leaderboard-1.2.3.tgz'), podium.bytes);
});

repository('package-lock.json names the vendored tarball alone, so that npm ci needs no registry', () => {
  assert.equal(JSON.parse(text(filesOf('de').get('package-lock.json'))), {
    name: 'vertrieb-sud',
    lockfileVersion: 3,
    requires: true,
    packages: {
      '': { name: 'vertrieb-sud', dependencies: { 'podium-leaderboard': 'file:vendor/podium-leaderboard-1.2.3.tgz' } },
      'node_modules/podium-leaderboard': podium.lock,
    },
  });
});

repository(
  "the example names its spreadsheet beside it and a schema inside the repository, in the locale's words",
  () => {
    for (const [locale, name, sheet, header] of [
      ['de', 'beispiel', 'vertriebler', ['Name', 'Anzahl Eigenleads', 'Summe Netto-Volumen AB']],
      ['en', 'example', 'salespeople', ['name', 'leadCount', 'profit']],
    ] as const) {
      const files = filesOf(locale);
      const contest = JSON.parse(text(files.get(`contests/${name}.json`))) as Record<string, unknown>;
      // Editors resolve $schema from the contest file's folder: it must be a file of the repository, before any install.
      assert.ok(files.has(posix.join('contests', String(contest.$schema))), `${contest.$schema} from contests/`);
      assert.is(text(files.get('contest.schema.json')), '{}\n');
      assert.is(contest.users, `${name}-${sheet}.xlsx`);
      const made = JSON.parse(text(files.get(`contests/${name}-${sheet}.xlsx`))) as { rows: unknown[][] };
      assert.equal(made.rows[0], header);
      assert.match(text(files.get('README.md')), `contests/${name}-${sheet}.xlsx`);
    }
    assert.match(
      String(JSON.parse(text(filesOf('en').get('contests/example.json'))).title),
      'Spring 2027 sales contest',
    );
    // Never committed: the install, pages baked here, personal links (each person's full name beside their link).
    const ignored = text(filesOf('de').get('.gitignore')).split('\n');
    for (const pattern of ['node_modules/', 'dist/', 'out/', '*links*.csv'])
      assert.ok(ignored.includes(pattern), pattern);
  },
);

repository('.nvmrc names the Node the workflow runs on, and the README the oldest podium runs on', () => {
  assert.is(text(filesOf('de').get('.nvmrc')), '24\n');
  assert.match(text(filesOf('de').get('.github/workflows/contest-pages.yml')), 'node-version-file: .nvmrc');
  assert.match(text(filesOf('de').get('README.md')), 'Node.js 22.12 oder neuer');
});

repository('the German README walks through the weekly routine, from the export to the published page', () => {
  const readme = text(filesOf('de').get('README.md'));
  const routine = readme.slice(
    readme.indexOf('## Jede Woche'),
    readme.indexOf('\n## ', readme.indexOf('## Jede Woche')),
  );
  // Each step in its order: save the export, check it, a pull request with its preview, merge.
  const steps = [
    '1. **Den Export speichern',
    '2. **Prüfen und ansehen',
    '3. **Als Pull Request',
    '4. **Zusammenführen',
  ];
  assert.equal(
    steps.map((step) => routine.indexOf(step) >= 0),
    [true, true, true, true],
  );
  assert.ok(steps.every((step, i) => i === 0 || routine.indexOf(step) > routine.indexOf(steps[i - 1]!)));
  for (const words of ['npm run check', 'npm run dev', 'git push', 'Vorschau', 'Merge pull request'])
    assert.match(routine, words);
  assert.match(readme, '`https://<besitzer>.github.io/`', 'a <owner>.github.io repository at the root');
  assert.match(readme, 'vendor/podium-leaderboard-1.2.3.tgz');
});

repository('the example spells out the privacy defaults, and the README says when to choose less', () => {
  for (const [locale, name] of [
    ['de', 'beispiel'],
    ['en', 'example'],
  ] as const) {
    const contest = JSON.parse(text(filesOf(locale).get(`contests/${name}.json`))) as Record<string, unknown>;
    // The defaults: the page is the one a contest without `privacy` bakes.
    assert.equal(contest.privacy, { names: 'full', amounts: 'all' });
    // The workflow still asks search engines to keep the names out of their results.
    assert.match(text(filesOf(locale).get('.github/workflows/contest-pages.yml')), '--noindex');
  }
  const readme = text(filesOf('de').get('README.md'));
  const section = readme.slice(readme.indexOf('## Namen und Beträge'), readme.indexOf('## Wo die Seiten'));
  for (const words of [
    '"names": "initials"',
    '"amounts": "winners"',
    '"hidden"',
    'npx podium validate contests/ --privacy',
    'Betriebsrat',
    'Repository privat',
  ])
    assert.match(section, words);
  assert.match(text(filesOf('en').get('README.md')), 'npx podium validate contests/ --privacy');
});

repository(
  'the README says to keep the repository private whatever the page shows, and how links get their secret',
  () => {
    for (const [locale, setup, words] of [
      ['de', '## Einmal einrichten', 'Das Repository privat halten'],
      ['en', '## Setting up once', 'Keep the repository private'],
    ] as const) {
      const readme = text(filesOf(locale).get('README.md'));
      // In the setting up, not only where names are hidden: the exports in the repository hold every name and amount.
      const section = readme.slice(readme.indexOf(setup), readme.indexOf('\n## ', readme.indexOf(setup) + 1));
      assert.match(section, words);
      assert.match(readme, 'PODIUM_SECRET');
      assert.match(readme, '--base-url');
      assert.match(readme, '--links links.csv');
    }
    const workflow = text(filesOf('de').get('.github/workflows/contest-pages.yml'));
    assert.match(workflow, 'PODIUM_SECRET: ${{ secrets.PODIUM_SECRET }}');
    // A team page's passphrase, from a repository secret too ("access": "passphrase").
    assert.match(workflow, 'PODIUM_PASSPHRASE: ${{ secrets.PODIUM_PASSPHRASE }}');
    assert.match(workflow, '--links "$RUNNER_TEMP/links.csv"');
  },
);

repository('the README walks the first week in order, and points to the docs of the podium it installs', () => {
  for (const [locale, steps] of [
    [
      'de',
      [
        'Private',
        'git push -u origin main',
        'Source: GitHub Actions',
        '"draft": true',
        '"columns"',
        '"ranking"',
        'Am Montag',
        '"acknowledged"',
        '#tv',
        '--privacy',
        'PODIUM_SECRET',
      ],
    ],
    [
      'en',
      [
        'Private',
        'git push -u origin main',
        'Source: GitHub Actions',
        '"draft": true',
        '"columns"',
        '"ranking"',
        'On Monday',
        '"acknowledged"',
        '#tv',
        '--privacy',
        'PODIUM_SECRET',
      ],
    ],
  ] as const) {
    const readme = text(filesOf(locale).get('README.md'));
    const at = steps.map((step) => readme.indexOf(step));
    assert.ok(
      at.every((place) => place >= 0),
      `${locale}: ${steps.filter((_, i) => at[i]! < 0).join(', ')} missing`,
    );
    assert.equal(
      [...at].sort((a, b) => a - b),
      at,
      `${locale}: the steps in the order of the first week`,
    );
    assert.match(readme, 'node_modules/podium-leaderboard/docs/contest.md');
    // Rows need not come in ranking order: "ranking" orders them.
    assert.not.match(readme, /Reihenfolge der Rangliste|in ranking order/);
  }
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
