// The workflow podium init writes, run here as far as a machine without GitHub can: each `run` step of a job in bash,
// in a repository made by init, with the variables Actions sets and its expressions filled in. npm ci installs the
// vendored podium offline; the steps that use an action (checkout, setup-node, upload) are what they would find.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { podium, PLAIN } from '../helpers/cli.ts';
import { scratch } from '../helpers/files.ts';
import { receive } from '../helpers/receiver.ts';
import { writeRace } from '../helpers/stands.ts';

const workflow = suite('the contest repository’s workflow, run locally');

type Step = { name?: string; uses?: string; run?: string; id?: string; if?: string; env?: Record<string, string> };
type Job = { steps: Step[] };
type Result = { status: number | null; stdout: string; summary: string; uploaded?: string };

const ARTIFACT_URL = 'https://github.com/octo/team-site/actions/runs/7/artifacts/42';

/** A repository as podium init writes it, committed (the bake reads each contest's last commit), npm ci done. */
async function toRepository(dir: string): Promise<{ repo: string; jobs: Record<string, Job> }> {
  const made = await podium(['init', 'team-site'], { cwd: dir });
  assert.is(made.status, 0, made.stderr);
  const repo = join(dir, 'team-site');
  // Her first contest, as the team README says: the example (a draft, never published) copied, its draft line deleted.
  const { draft: _draft, ...contest } = JSON.parse(readFileSync(join(repo, 'contests/beispiel.json'), 'utf8'));
  writeFileSync(join(repo, 'contests/fruehjahr-2027.json'), JSON.stringify(contest, null, 2));
  for (const args of [
    ['init', '-q'],
    ['add', '-A'],
    ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'init'],
  ])
    assert.is(spawnSync('git', args, { cwd: repo }).status, 0, `git ${args.join(' ')}`);
  const install = npm(repo, ['ci', '--offline', '--no-audit', '--no-fund']);
  assert.is(install.status, 0, install.stderr);
  // The docs the team README points to, of the version installed.
  assert.ok(existsSync(join(repo, 'node_modules/podium-leaderboard/docs/contest.md')), 'the docs ship in the package');
  const { jobs } = parse(readFileSync(join(repo, '.github/workflows/contest-pages.yml'), 'utf8')) as {
    jobs: Record<string, Job>;
  };
  return { repo, jobs };
}

/** npm, offline from an empty cache of its own: nothing may come from a registry. */
function npm(cwd: string, args: string[]) {
  const cache = mkdtempSync(join(tmpdir(), 'podium-npm-'));
  try {
    return spawnSync('npm', args, { cwd, encoding: 'utf8', env: { ...PLAIN, npm_config_cache: cache } });
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}

/**
 * Runs a job's steps as Actions would, in order, until one fails: `run` in bash -e with the step's env, the action
 * steps as what they would see (checkout and setup-node: the repository as it is; upload-artifact: the path).
 */
function runJob(repo: string, job: Job, context: { repository: string; pagesUrl?: string; secret?: string }): Result {
  const summary = join(repo, '..', 'summary.md');
  writeFileSync(summary, '');
  const temporary = join(repo, '..', 'runner-temp');
  mkdirSync(temporary, { recursive: true });
  const expressions: Record<string, string> = {
    'vars.PAGES_URL': context.pagesUrl ?? '',
    'secrets.PODIUM_SECRET': context.secret ?? '',
    'secrets.PODIUM_PASSPHRASE': '',
    'github.event.pull_request.number': '12',
    'steps.upload.outputs.artifact-url': ARTIFACT_URL,
  };
  const fill = (text: string) =>
    text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expression: string) => {
      if (!(expression in expressions)) throw new Error(`the test does not know the expression ${expression}`);
      return expressions[expression]!;
    });
  let stdout = '';
  let uploaded: string | undefined;
  for (const step of job.steps) {
    if (step.uses?.startsWith('actions/upload-artifact@')) {
      const { path, name } = (step as { with: { path: string; name: string } }).with;
      uploaded = `${fill(name)}: ${readFileSync(join(repo, path, 'index.html'), 'utf8').length > 0 ? path : ''}`;
    }
    if (step.run === undefined || step.run.startsWith('npm ci')) continue; // npm ci: done offline beforehand
    const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([key, value]) => [key, fill(value)]));
    const run = spawnSync('bash', ['-e', '-o', 'pipefail', '-c', fill(step.run)], {
      cwd: repo,
      encoding: 'utf8',
      env: {
        ...PLAIN,
        ...env,
        GITHUB_ACTIONS: 'true',
        GITHUB_REPOSITORY: context.repository,
        GITHUB_STEP_SUMMARY: summary,
        RUNNER_TEMP: temporary,
      },
    });
    stdout += run.stdout;
    if (run.status !== 0) return { status: run.status, stdout, summary: readFileSync(summary, 'utf8'), uploaded };
  }
  return { status: 0, stdout, summary: readFileSync(summary, 'utf8'), uploaded };
}

// One repository for the suite: made, committed and installed once (npm ci takes the longest); the last test breaks it.
const { dir, remove } = scratch();
let made: { repo: string; jobs: Record<string, Job> };
workflow.before(async () => void (made = await toRepository(dir)));
workflow.after(remove);

const canonicalOf = (repo: string) =>
  /<link rel="canonical" href="([^"]+)"/.exec(readFileSync(join(repo, 'dist/fruehjahr-2027/index.html'), 'utf8'))?.[1];

workflow(
  'a pull request: every page baked as main would, uploaded under its number, and the summary says where',
  async () => {
    const { repo, jobs } = made;
    const run = runJob(repo, jobs.preview!, { repository: 'octo/team-site' });
    assert.is(run.status, 0, run.stdout);
    assert.is(run.uploaded, 'contest-pages-pr-12: dist');
    assert.is(canonicalOf(repo), 'https://octo.github.io/team-site/fruehjahr-2027/');
    assert.match(readFileSync(join(repo, 'dist/index.html'), 'utf8'), 'fruehjahr-2027/index.html');
    assert.not.ok(existsSync(join(repo, 'dist/beispiel')), 'the example is a draft: no page');
    // A TV showing a published page gets Monday's figures: every 15 minutes (900 s) it looks for new ones.
    const page = readFileSync(join(repo, 'dist/fruehjahr-2027/index.html'), 'utf8');
    assert.match(page, '<meta http-equiv="refresh" content="900"');
    assert.is(
      run.summary,
      `### Vorschau\n\nAlle Seiten, wie \`main\` sie veröffentlichen würde: [contest-pages-pr-12](${ARTIFACT_URL}) (eine ZIP-Datei: entpacken und \`index.html\` im Browser öffnen)\n`,
    );
    // The preview is what main publishes: the same bake, step for step.
    const bake = (job: Job) => job.steps.find((step) => step.name === 'Bake every page');
    assert.equal(bake(jobs.preview!), bake(jobs.publish!));
  },
);

workflow('the base URL: a project site, an <owner>.github.io repository at the root, or PAGES_URL', async () => {
  const { repo, jobs } = made;
  const bake = { steps: jobs.publish!.steps.filter((step) => step.name === 'Bake every page') };
  for (const [repository, pagesUrl, canonical] of [
    ['Octo/Team-Site', undefined, 'https://octo.github.io/Team-Site/fruehjahr-2027/'],
    ['Octo/octo.github.io', undefined, 'https://octo.github.io/fruehjahr-2027/'],
    ['octo/OCTO.github.io', undefined, 'https://octo.github.io/fruehjahr-2027/'],
    ['octo/team-site', 'https://contests.example.com/sales', 'https://contests.example.com/sales/fruehjahr-2027/'],
  ] as const) {
    const run = runJob(repo, bake, { repository, pagesUrl });
    assert.is(run.status, 0, run.stdout);
    assert.is(canonicalOf(repo), canonical, repository);
  }
});

workflow(
  'PODIUM_SECRET set: the pages carry personal links, whose file stays out of dist/ and the artifact',
  async () => {
    const { repo, jobs } = made;
    const secret = 'c'.repeat(64);
    const run = runJob(repo, jobs.preview!, { repository: 'octo/team-site', secret });
    assert.is(run.status, 0, run.stdout);
    assert.is(run.uploaded, 'contest-pages-pr-12: dist');
    assert.match(readFileSync(join(repo, 'dist/fruehjahr-2027/index.html'), 'utf8'), '"me":{"page":');
    const listed = (folder: string): string[] =>
      readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? listed(join(folder, entry.name)) : [entry.name],
      );
    assert.not.ok(
      listed(join(repo, 'dist')).some((name) => name.endsWith('.csv')),
      'no links file in the artifact',
    );
    assert.ok(existsSync(join(repo, '..', 'runner-temp', 'links.csv')), "in the runner's temporary folder");
    assert.not.match(run.stdout, secret);
    // Without the secret, as before: no links.
    runJob(repo, jobs.preview!, { repository: 'octo/team-site' });
    assert.not.match(readFileSync(join(repo, 'dist/fruehjahr-2027/index.html'), 'utf8'), '"me":{');
  },
);

/**
 * Runs the publish job's announce step after a push from `before` to `sha`, as Actions would (bash -e, the step's env
 * filled in), without blocking this process: a receiver in it answers the post.
 */
async function announceStep(repo: string, job: Job, push: { before: string; sha: string; webhook: string }) {
  const step = job.steps.find((candidate) => candidate.name === 'Announce new Stands')!;
  const expressions: Record<string, string> = {
    'secrets.PODIUM_WEBHOOK': push.webhook,
    'vars.PODIUM_WEBHOOK_KIND': 'slack',
    'github.event.before': push.before,
  };
  const fill = (text: string) => text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, key: string) => expressions[key]!);
  const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([key, value]) => [key, fill(value)]));
  const temporary = join(repo, '..', 'runner-temp');
  mkdirSync(temporary, { recursive: true });
  const child = spawn('bash', ['-e', '-o', 'pipefail', '-c', fill(step.run!)], {
    cwd: repo,
    env: { ...PLAIN, ...env, GITHUB_ACTIONS: 'true', GITHUB_SHA: push.sha, RUNNER_TEMP: temporary },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  const status = await new Promise<number | null>((done) => child.on('close', done));
  return { status, output, if: step.if };
}

/** Commits everything in `repo`; returns the commit. */
function commit(repo: string, message: string): string {
  for (const args of [
    ['add', '-A'],
    ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', message],
  ])
    assert.is(spawnSync('git', args, { cwd: repo }).status, 0, `git ${args.join(' ')}`);
  return spawnSync('git', ['rev-parse', 'HEAD'], { cwd: repo, encoding: 'utf8' }).stdout.trim();
}

workflow(
  'a push with a new export announces its Stand once; a push without one, or no secret, posts nothing',
  async () => {
    const { repo, jobs } = made;
    const receiver = await receive();
    try {
      writeRace(join(repo, 'contests'), 1);
      const first = commit(repo, 'race: first Stand');
      writeRace(join(repo, 'contests'), 2);
      const second = commit(repo, 'race: second Stand');
      const pushed = await announceStep(repo, jobs.publish!, { before: first, sha: second, webhook: receiver.url });
      assert.is(pushed.if, "github.event_name == 'push'");
      assert.is(pushed.status, 0, pushed.output);
      assert.is(receiver.bodies.length, 1);
      assert.match(receiver.bodies[0]!, 'Stand 14.01.2027');
      assert.not.match(receiver.bodies[0]!, "Los geht's", "the kick-off was the first Stand's");
      writeFileSync(join(repo, 'README.md'), 'changed\n');
      const readme = commit(repo, 'readme');
      const other = await announceStep(repo, jobs.publish!, { before: second, sha: readme, webhook: receiver.url });
      assert.is(other.status, 0, other.output);
      assert.is(receiver.bodies.length, 1, 'no export changed: nothing posted again');
      const none = await announceStep(repo, jobs.publish!, { before: first, sha: second, webhook: '' });
      assert.equal([none.status, none.output], [0, 'No repository secret PODIUM_WEBHOOK: nothing announced.\n']);
      assert.is(receiver.bodies.length, 1);
    } finally {
      await receiver.close();
    }
  },
);

workflow('a broken workbook: an annotation at its cell on the workbook file, and no preview', async () => {
  const { repo, jobs } = made;
  const { toWorkbookBytes } = await import('../../src/input/sheets/workbook.ts');
  const rows = [
    ['Name', 'Anzahl Eigenleads', 'Summe Netto-Volumen AB'],
    ['Sabine Hoffmann', 'zwölf', 1],
  ];
  writeFileSync(join(repo, 'contests/beispiel-vertriebler.xlsx'), toWorkbookBytes('Tabelle1', rows));
  const run = runJob(repo, jobs.preview!, { repository: 'octo/team-site' });
  assert.is(run.status, 1);
  assert.match(
    run.stdout,
    /^::error file=contests\/beispiel-vertriebler\.xlsx,title=podium%3A Fehler::Tabelle1!B2: users\[0\]\.leadCount: /m,
  );
  assert.is(run.uploaded, undefined);
});

workflow.run();
