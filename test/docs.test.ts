// The docs: a CI recipe that works as written, an install a contest repository can follow, every flag described,
// examples that bake, no links elsewhere.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parse } from 'yaml';
import { podium } from './helpers/cli.ts';
import { fixture, inScratch, ROOT, scratch } from './helpers/files.ts';
import { toWorkbook } from './helpers/workbooks.ts';

type Step = { uses?: string; run?: string; with?: Record<string, unknown> };
type Job = { if?: string; steps: Step[]; concurrency?: { group: string; 'cancel-in-progress': boolean } };
type Workflow = { on: Record<string, unknown>; jobs: Record<string, Job> };

const WORKFLOW = parse(readFileSync(join(ROOT, 'docs/contest-pages.yml'), 'utf8')) as Workflow;
const runs = (job: string) => WORKFLOW.jobs[job]?.steps.flatMap((step) => (step.run ? [step.run] : [])) ?? [];

const docs = suite('docs/contest-pages.yml');

docs('validates and previews on pull requests and bakes and publishes dist/ on main', () => {
  assert.ok('pull_request' in WORKFLOW.on);
  assert.equal((WORKFLOW.on.push as { branches: string[] }).branches, ['main']);
  assert.match(WORKFLOW.jobs.preview?.if ?? '', "github.event_name == 'pull_request'");
  assert.ok(runs('preview').some((run) => run.startsWith('npx podium validate contests/')));
  assert.ok(runs('preview').some((run) => run.includes('npx podium build contests/ --out dist')));
  assert.ok(WORKFLOW.jobs.preview?.steps.some((step) => step.uses?.startsWith('actions/upload-artifact@')));
  assert.ok(runs('publish').some((run) => run.includes('npx podium build contests/ --out dist')));
  const upload = WORKFLOW.jobs.publish?.steps.find((step) => step.uses?.startsWith('actions/upload-pages-artifact'));
  assert.equal(upload?.with, { path: 'dist' });
  assert.ok(WORKFLOW.jobs.publish?.steps.some((step) => step.uses?.startsWith('actions/deploy-pages')));
});

docs('names only podium commands and options that exist', async () => {
  // A run may be a script: each of its lines that runs podium.
  const commands = [...runs('preview'), ...runs('publish')].flatMap((run) =>
    run.split('\n').flatMap((line) => (line.includes('npx podium ') ? [line.slice(line.indexOf('npx podium '))] : [])),
  );
  assert.ok(commands.length >= 4);
  for (const command of commands) {
    const [name, ...args] = command.slice('npx podium '.length).split(/\s+/);
    const help = await podium([name!, '--help']);
    assert.is(help.status, 0, `podium ${name} does not exist`);
    for (const option of args.filter((arg) => arg.startsWith('--')))
      assert.match(help.stdout, `${option} `, `podium ${name} has no ${option}`);
  }
});

docs('runs on the Node .nvmrc names: 24, the active LTS', () => {
  for (const [name, job] of Object.entries(WORKFLOW.jobs)) {
    const setup = job.steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
    assert.is(setup?.with?.['node-version-file'], '.nvmrc', name);
  }
  assert.is(readFileSync(join(ROOT, '.nvmrc'), 'utf8'), '24\n');
});

docs('never cancels a deployment midway', () => {
  assert.equal(WORKFLOW.jobs.publish?.concurrency, { group: 'pages', 'cancel-in-progress': false });
});

docs(
  '"Stand" is, for each contest, when its own files last changed: not another contest\'s commit, nor a later one',
  async () => {
    const publish = WORKFLOW.jobs.publish?.steps ?? [];
    // A shallow clone's one commit would count as the last change to every file.
    assert.is(publish.find((step) => step.uses?.startsWith('actions/checkout@'))?.with?.['fetch-depth'], 0);
    const build = publish.find((step) => step.run?.includes('npx podium build'))?.run ?? '';
    assert.match(build, '--updated-at git');

    const { dir, remove } = scratch();
    try {
      const git = (args: string[], date: string) => {
        const env = { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
        const config = ['-c', 'user.name=T', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false'];
        const result = spawnSync('git', [...config, ...args], { cwd: dir, env, encoding: 'utf8' });
        assert.is(result.status, 0, result.stderr);
      };
      git(['init', '-q'], '2027-01-01T00:00:00Z');
      mkdirSync(join(dir, 'contests'));
      writeFileSync(join(dir, 'contests/spring.json'), fixture('valid.json'));
      writeFileSync(join(dir, 'contests/autumn.json'), fixture('valid.json'));
      git(['add', '.'], '2027-03-31T16:45:00Z');
      git(['commit', '-qm', 'figures'], '2027-03-31T16:45:00Z');
      writeFileSync(
        join(dir, 'contests/autumn.json'),
        fixture('valid.json').replace('Testwettbewerb', 'Herbstwettbewerb'),
      );
      git(['commit', '-qam', 'autumn figures'], '2027-04-01T07:00:00Z');
      writeFileSync(join(dir, 'README.md'), 'a later change that is not a contest\n');
      git(['add', '.'], '2027-04-02T09:00:00Z');
      git(['commit', '-qm', 'readme'], '2027-04-02T09:00:00Z');

      const baked = await podium(['build', 'contests/', '--out', 'dist', '--updated-at', 'git', '--quiet'], {
        cwd: dir,
      });
      assert.is(baked.status, 0, baked.stderr);
      assert.match(readFileSync(join(dir, 'dist/spring/index.html'), 'utf8'), 'Stand: 31.03.2027, 18:45 Uhr');
      assert.match(readFileSync(join(dir, 'dist/autumn/index.html'), 'utf8'), 'Stand: 01.04.2027, 09:00 Uhr');
    } finally {
      remove();
    }
  },
);

docs('is linked from docs/ci.md', () => {
  assert.match(readFileSync(join(ROOT, 'docs/ci.md'), 'utf8'), '(contest-pages.yml)');
});

docs(
  'runs its own check on every example in contests/, and on the documented CSV export with its extra column',
  async () => {
    const checks = runs('preview').filter((run) => run.startsWith('npx podium validate'));
    assert.ok(checks.length > 0);
    for (const run of checks) {
      const args = run.split(/\s+/).slice(2); // after "npx podium"
      const onExamples = await podium(args, { cwd: ROOT });
      assert.is(onExamples.status, 0, `${run}\n${onExamples.stdout}${onExamples.stderr}`);
      await inScratch(async (dir) => {
        mkdirSync(join(dir, 'contests'));
        const csv = readFileSync(join(ROOT, 'docs/contest.md'), 'utf8').match(/```csv\n([\s\S]*?)```/)?.[1] ?? '';
        assert.match(csv, 'Region', 'the documented export has a column podium does not read');
        writeFileSync(join(dir, 'contests/spring-users.csv'), csv);
        writeFileSync(
          join(dir, 'contests/spring.json'),
          fixture('valid.json').replace(/"users": \[[^]*\]/, '"users": "spring-users.csv"'),
        );
        const onExport = await podium(args, { cwd: dir });
        assert.is(onExport.status, 0, `${run}\n${onExport.stdout}${onExport.stderr}`);
        assert.match(onExport.stdout, 'note: users: column "Region" ignored');
      });
    }
  },
);

docs.run();

const guide = suite('docs/ci.md');
const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; files: string[] };
const CI = readFileSync(join(ROOT, 'docs/ci.md'), 'utf8');

guide('shows a contest repository of its own adding the package by tarball, git URL or registry', () => {
  const installs = [...CI.matchAll(/`npm install ([^`]+)`/g)].map(([, spec]) => spec ?? '');
  assert.ok(
    installs.some((spec) => spec.endsWith('.tgz') && spec.includes(`${PACKAGE.name}-`)),
    'a tarball',
  );
  assert.ok(
    installs.some((spec) => spec.startsWith('git+')),
    'a git URL',
  );
  assert.ok(installs.includes(PACKAGE.name), 'the registry');
});

guide('points a contest file at the schema the package ships', () => {
  const [, path] = /"\$schema": "\.\.\/(node_modules\/[^"]+)"/.exec(CI) ?? [];
  assert.is(path, `node_modules/${PACKAGE.name}/contest.schema.json`);
  assert.ok(PACKAGE.files.includes('contest.schema.json'));
});

guide.run();

const cli = suite('docs/cli.md');
const CLI = readFileSync(join(ROOT, 'docs/cli.md'), 'utf8');

/** The long flags a help text lists under Options: `-o, --out <dir>` → `--out`. */
const toFlags = (help: string) => [...help.matchAll(/^ {2}(?:-\w, )?(--[a-z][a-z-]*)/gm)].map(([, flag]) => flag!);
/** Each flag as a help text or a row of docs/cli.md spells it, its short form included: `-o, --out`, `--strict`. */
const toSpelled = (text: string) => [...text.matchAll(/(?:-\w, )?--[a-z][a-z-]*/g)].map(([spelled]) => spelled);

/** The first two cells of each table row of a section of docs/cli.md (`\|` inside a cell is a pipe). */
function toRows(heading: string): [string, string][] {
  const section = CLI.split(/^## /m).find((text) => text.startsWith(`${heading}\n`)) ?? '';
  return [...section.matchAll(/^\|((?:[^|\\]|\\.)*)\|((?:[^|\\]|\\.)*)\|/gm)].map(([, first, second]) => [
    first!,
    second!.trim(),
  ]);
}

/** Whether a row of these tables names `flag` in its first cell and says something about it. */
const describes = (rows: [string, string][], flag: string) =>
  rows.some(([first, second]) => new RegExp(`${flag}(?![\\w-])`).test(first) && second !== '');

cli('describes every command and every flag that --help lists', async () => {
  const top = await podium(['--help']);
  assert.is(top.status, 0, top.stderr);
  const common = toRows('Every command');
  for (const flag of toFlags(top.stdout)) assert.ok(describes(common, flag), `podium ${flag} is not in docs/cli.md`);
  const commands = [...top.stdout.split('Commands:')[1]!.matchAll(/^ {2}([a-z]+)\b/gm)].map(([, name]) => name!);
  assert.equal(commands, ['build', 'validate', 'schema', 'dev', 'init', 'announce', 'help']);
  assert.match(CLI, '`podium help [command]`');
  for (const command of commands.filter((name) => name !== 'help')) {
    const help = await podium([command, '--help']);
    assert.is(help.status, 0, help.stderr);
    const rows = [...toRows(`podium ${command}`), ...common];
    assert.ok(rows.length > common.length || command === 'schema', `docs/cli.md has no table for podium ${command}`);
    for (const flag of toFlags(help.stdout))
      assert.ok(describes(rows, flag), `podium ${command} ${flag} is not described in docs/cli.md`);
    // And nothing described that the command does not take, nothing twice, and each with the help's short form.
    const helped = toSpelled(help.stdout.split(/^Options:$/m)[1]!.split(/^\S/m)[0]!);
    const documented = toRows(`podium ${command}`).flatMap(([first]) => toSpelled(first));
    for (const flag of documented) {
      const long = flag.replace(/^-\w, /, '');
      assert.ok(toFlags(help.stdout).includes(long), `docs/cli.md describes podium ${command} ${long}, which it lacks`);
      assert.ok(helped.includes(flag), `docs/cli.md writes podium ${command} ${flag}, --help another short form`);
      assert.is(
        documented.filter((other) => other === flag).length,
        1,
        `docs/cli.md lists podium ${command} ${flag} twice`,
      );
    }
    for (const flag of helped.filter((spelled) => spelled.includes(', ')))
      assert.ok(
        [...documented, ...common.flatMap(([first]) => toSpelled(first))].includes(flag),
        `podium ${command} --help lists ${flag}, docs/cli.md not with its short form`,
      );
  }
});

cli.run();

const readme = suite('README.md');

readme('says what podium is in two sentences, then the two commands, first; then the first week, step by step', () => {
  const text = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const [title, what, commands] = text.split('\n\n');
  assert.is(title, '# Podium');
  assert.is(what!.split(/(?<=\.)\s/).length, 2, 'two sentences');
  assert.is(
    commands,
    '```sh\nnpm install && npx podium build contests/example.json   # bakes dist/index.html\nnpm test\n```',
  );
  const week = text.slice(
    text.indexOf('## Your first week'),
    text.indexOf('\n## ', text.indexOf('## Your first week') + 1),
  );
  const steps = ['Init', 'The export', 'The columns', 'Push', 'Pages', 'Monday', 'The TV', 'The works council'];
  const at = steps.map((step) => week.indexOf(`**${step}`));
  assert.ok(
    at.every((place) => place > 0),
    'every step of the first week',
  );
  assert.equal(
    [...at].sort((a, b) => a - b),
    at,
    'in the order of her week',
  );
  for (const step of week.split(/\n\d\. /).slice(1)) assert.match(step, '](docs/', 'each step links to the reference');
});

readme.run();

const examples = suite('examples in README.md and docs/contest.md');

/** The fenced blocks of one language in a Markdown file, indented ones (in a list) included. */
const toBlocks = (page: string, language: string) =>
  [
    ...readFileSync(join(ROOT, page), 'utf8').matchAll(
      new RegExp(`^( *)\`\`\`${language}\n([\\s\\S]*?)^\\1\`\`\`$`, 'gm'),
    ),
  ].map(([, , body]) => body!);

examples('every contest shown bakes, its users listed, or from the CSV export shown or a workbook of it', async () => {
  const [csv] = toBlocks('docs/contest.md', 'csv');
  assert.ok(csv, 'docs/contest.md shows a CSV export');
  // The same rows as a workbook stores them: numbers as numbers.
  const amount = (text: string) => Number(text.replace(/[.\s€]/g, '').replace(',', '.'));
  const rows = csv!
    .trim()
    .split('\n')
    .map((line, i) => {
      const cells = line
        .match(/("[^"]*"|[^;]*)(;|$)/g)!
        .map((cell) => cell.replace(/;$/, '').replace(/^"(.*)"$/, '$1'));
      return i === 0 ? cells : [cells[0]!, Number(cells[1]), amount(cells[2]!), cells[3]!];
    });
  const workbook = toWorkbook({ Tabelle1: rows.filter((row) => row.length > 1) });
  const contests = [...toBlocks('README.md', 'json'), ...toBlocks('docs/contest.md', 'json')]
    .map((text) => JSON.parse(text) as { title?: string; users?: unknown })
    .filter((contest) => contest.title !== undefined);
  assert.ok(contests.length >= 3, `${contests.length} contests shown`);
  for (const contest of contests) {
    await inScratch(async (dir) => {
      mkdirSync(join(dir, 'contests'));
      writeFileSync(join(dir, 'contests/contest.json'), JSON.stringify(contest));
      if (typeof contest.users === 'string')
        writeFileSync(join(dir, 'contests', contest.users), contest.users.endsWith('.xlsx') ? workbook : csv!);
      const built = await podium(['build', 'contests/contest.json', '--out', 'dist', '--quiet'], { cwd: dir });
      assert.is(built.status, 0, built.stderr);
      for (const line of built.stderr.split('\n').filter(Boolean)) assert.match(line, /: (warning|note): /);
      assert.match(readFileSync(join(dir, 'dist/index.html'), 'utf8'), 'Sabine Hoffmann');
    });
  }
});

examples.run();

const links = suite('README.md and docs/');

/** The anchors of a Markdown file's headings, as GitHub makes them: `## podium build` → `podium-build`. */
const toAnchors = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/^#+ (.+)$/gm)].map(([, heading]) =>
    heading!
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replaceAll(' ', '-'),
  );

links('link only to files of this repository, and to headings they have', () => {
  const pages = [
    'README.md',
    ...readdirSync(join(ROOT, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`),
  ];
  for (const page of pages) {
    for (const [, target = ''] of readFileSync(join(ROOT, page), 'utf8').matchAll(/\]\(([^)]*)\)/g)) {
      const [path = '', fragment] = target.split('#');
      const file = path ? join(ROOT, dirname(page), path) : join(ROOT, page);
      assert.ok(!relative(ROOT, file).startsWith('..') && existsSync(file), `${page} links to ${target}`);
      if (fragment !== undefined) assert.ok(toAnchors(file).includes(fragment), `${page} links to ${target}`);
    }
  }
});

links.run();
