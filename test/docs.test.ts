// The CI recipe in docs/ is a complete workflow that names only commands and options podium has.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { podium } from './helpers/cli.ts';
import { ROOT } from './helpers/files.ts';

type Step = { uses?: string; run?: string; with?: Record<string, unknown> };
type Workflow = { on: Record<string, unknown>; jobs: Record<string, { if?: string; steps: Step[] }> };

const WORKFLOW = parse(readFileSync(join(ROOT, 'docs/contest-pages.yml'), 'utf8')) as Workflow;
const runs = (job: string) => WORKFLOW.jobs[job]?.steps.flatMap((step) => (step.run ? [step.run] : [])) ?? [];

const docs = suite('docs/contest-pages.yml');

docs('validates on pull requests and bakes and publishes dist/ on main', () => {
  assert.ok('pull_request' in WORKFLOW.on);
  assert.equal((WORKFLOW.on.push as { branches: string[] }).branches, ['main']);
  assert.match(WORKFLOW.jobs.validate?.if ?? '', "github.event_name == 'pull_request'");
  assert.ok(runs('validate').some((run) => run.startsWith('npx podium validate contests/')));
  assert.ok(runs('publish').some((run) => run.startsWith('npx podium build contests/ --out dist')));
  const upload = WORKFLOW.jobs.publish?.steps.find((step) => step.uses?.startsWith('actions/upload-pages-artifact'));
  assert.equal(upload?.with, { path: 'dist' });
  assert.ok(WORKFLOW.jobs.publish?.steps.some((step) => step.uses?.startsWith('actions/deploy-pages')));
});

docs('names only podium commands and options that exist', () => {
  const commands = [...runs('validate'), ...runs('publish')].filter((run) => run.startsWith('npx podium '));
  assert.ok(commands.length >= 3);
  for (const command of commands) {
    const [name, ...args] = command.slice('npx podium '.length).split(/\s+/);
    const help = podium([name!, '--help']);
    assert.is(help.status, 0, `podium ${name} does not exist`);
    for (const option of args.filter((arg) => arg.startsWith('--'))) assert.match(help.stdout, `${option} `, `podium ${name} has no ${option}`);
  }
});

docs('is linked from docs/ci.md', () => {
  assert.match(readFileSync(join(ROOT, 'docs/ci.md'), 'utf8'), '(contest-pages.yml)');
});

docs.run();
