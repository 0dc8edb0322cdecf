// Keeps the bake's start-up budget honest without timing anything (timings live in npm run bench).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { build, type Metafile } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { CLI, CLIENT, LAZY } from '../scripts/bundles.js';
import { BIN } from './helpers/cli.ts';
import { inScratch, ROOT } from './helpers/files.ts';
import { toWorkbook } from './helpers/workbooks.ts';

/**
 * Modules a process may load for `podium build`: the bin, the one-file CLI, Node built-ins, and a little room (14 for
 * the example, 15 with a CSV export's lib/sheet.cjs).
 */
const MAX_MODULES = 16;

const budget = suite('build start-up budget');

/** What each file of lib/ is made of, as esbuild reports it: the inputs whose code is really in the file. */
async function toInputs() {
  const [client, cli] = await Promise.all(
    [CLIENT, CLI].map((options) => build({ ...options, write: false, metafile: true })),
  );
  const inputsOf = (metafile: Metafile | undefined, output: string) =>
    Object.entries(metafile!.outputs[output]!.inputs)
      .filter(([, input]) => input.bytesInOutput > 64) // more than a module wrapper
      .map(([file]) => file)
      .sort();
  const lazy = Object.keys(LAZY).map((name) => [name, inputsOf(cli!.metafile, `lib/${name}.cjs`)]);
  return {
    client: inputsOf(client!.metafile, 'lib/client.js'),
    cli: inputsOf(cli!.metafile, 'lib/cli.cjs'),
    ...(Object.fromEntries(lazy) as Record<keyof typeof LAZY, string[]>),
  };
}

budget('bundles React production builds, and no development build, into the CLI and the page script', async () => {
  const inputs = await toInputs();
  for (const [name, files] of Object.entries(inputs))
    assert.equal(
      files.filter((file) => /\.development\.js$/.test(file)),
      [],
      `${name} holds a development build`,
    );
  for (const name of ['cli', 'client'] as const) {
    assert.ok(
      inputs[name].some((file) => /react(-dom)?\/cjs\/react.*\.production\.js$/.test(file)),
      `${name} holds no React production build`,
    );
  }
  assert.not.ok(
    inputs.cli.some((file) => /luxon|jsonc-parser|zod\/v4\/core\/(to-json-schema|json-schema)/.test(file)),
    'luxon, jsonc-parser and the JSON Schema generator load only when used',
  );
  assert.ok(
    inputs.positions.some((file) => file.startsWith('node_modules/jsonc-parser/')),
    'jsonc-parser is in lib/positions.cjs',
  );
  assert.not.ok(
    inputs.cli.some((file) => file.includes('csv-parse')),
    'csv-parse loads only for a contest whose users are a CSV file',
  );
  assert.ok(
    inputs.sheet.some((file) => file.startsWith('node_modules/csv-parse/')),
    'csv-parse is in lib/sheet.cjs',
  );
  assert.not.ok(
    inputs.sheet.some((file) => /zod|react/.test(file)),
    'lib/sheet.cjs has no copy of zod or React',
  );
  assert.not.ok(
    [...inputs.cli, ...inputs.sheet].some((file) => file.includes('xlsx')),
    'SheetJS loads only for a contest whose users are a workbook',
  );
  assert.equal(
    inputs.workbook.filter((file) => file.startsWith('node_modules/')),
    ['node_modules/@e965/xlsx/dist/xlsx.mini.min.js'],
    "lib/workbook.cjs holds SheetJS's build that reads .xlsx alone, and no copy of zod or React",
  );
  assert.ok(inputs.cli.includes('node_modules/react-dom/cjs/react-dom-server-legacy.node.production.js'));
  assert.not.ok(
    inputs.cli.some((file) => file.includes('react-dom-server.node')),
    'the streaming server renderer is left out',
  );
  assert.not.ok(
    inputs.client.some((file) => /zod|luxon|react-dom-server/.test(file)),
    'the page script holds no server-side package',
  );
  assert.not.ok(
    inputs.cli.some((file) => /announce\/(moments|words|formats|post)\.ts$|announce\.\w+\.json$/.test(file)),
    "podium announce's moments, words, formats and post load only for that command",
  );
  assert.not.ok(
    inputs.announce.some((file) => /node_modules\//.test(file)),
    'lib/announce.cjs holds no package: no copy of zod or React',
  );
});

budget("the page script carries React's license notice, once", () => {
  const script = readFileSync(join(ROOT, 'lib/client.js'), 'utf8');
  const notices = script.match(/\/\*![^]*?\*\//g) ?? [];
  assert.equal(notices, [
    '/*! react, react-dom, scheduler: MIT license, Copyright (c) Meta Platforms, Inc. and affiliates. */',
  ]);
});

type Trace = { modules: string[]; intl: string[] };
const traces = new Map<string, Promise<Trace>>();

/**
 * Runs `podium build <input>` with test/helpers/trace.cjs: the modules it loaded and the Intl calls it made. A fresh
 * process, as a user's start is; once per input, which the tests below ask about in turns.
 */
function trace(input: string): Promise<Trace> {
  if (!traces.has(input)) traces.set(input, traceOnce(input));
  return traces.get(input)!;
}

function traceOnce(input: string): Promise<Trace> {
  return inScratch((dir) => {
    const file = join(dir, 'trace.json');
    const run = spawnSync(
      process.execPath,
      ['--require', join(ROOT, 'test/helpers/trace.cjs'), BIN, 'build', input, '--out', join(dir, 'out')],
      {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, PODIUM_TRACE: file },
      },
    );
    assert.is(run.status, 0, run.stderr);
    return JSON.parse(readFileSync(file, 'utf8'));
  });
}

budget('podium build loads no esbuild and a bounded number of modules', async () => {
  const { modules } = await trace('contests/example.json');
  assert.equal(
    modules.filter((module) => module.includes('esbuild')),
    [],
    'esbuild runs only at prepare time',
  );
  assert.equal(
    modules.filter((module) => /^(node:)?(http|net)$/.test(module)),
    [],
    'no dev server in a build',
  );
  // commander's spawn of a subcommand program is the only use, and a build has none (scripts/bundles.js).
  assert.not.ok(modules.includes('node:child_process'), 'node:child_process loads only for --updated-at git');
  const files = modules.filter((module) => !module.startsWith('node:') && !/^[a-z_]+$/.test(module));
  assert.equal(
    files.map((file) => basename(file)),
    ['podium.cjs', 'cli.cjs', 'dates.cjs'],
    'only the bin and the bundled CLI are files, and luxon for the time of the Stand',
  );
  assert.ok(
    modules.length <= MAX_MODULES,
    `${modules.length} modules loaded (bound ${MAX_MODULES}): ${modules.join(', ')}`,
  );
});

// The first Intl call of a process loads ICU's locale data (docs/performance.md). Numbers and the
// output lines are formatted without it; only a contest with a date pays for it (luxon, Berlin time).
budget('a bake without dates never calls Intl', async () => {
  assert.equal((await trace('test/fixtures/valid.json')).intl, []);
  assert.ok(
    (await trace('contests/example.json')).intl.length > 0,
    'the trace sees the Intl calls luxon makes for updated_at',
  );
});

// jsonc-parser only places problems: a valid contest is read by JSON.parse alone.
budget('a bake of valid contests never loads jsonc-parser; one with a problem to place does', async () => {
  const positions = (modules: string[]) =>
    modules.map((module) => basename(module)).filter((name) => /positions|jsonc/.test(name));
  for (const input of ['contests/example.json', 'test/fixtures/valid.json', 'test/fixtures/hostile.json']) {
    assert.equal(positions((await trace(input)).modules), [], input);
  }
  assert.equal(
    positions((await trace('test/fixtures/warnings.json')).modules),
    ['positions.cjs'],
    'the trace sees it load for an unknown key',
  );
});

// csv-parse reads only users from a CSV file: a JSON contest never loads it.
budget(
  'a bake of JSON contests never loads lib/sheet.cjs; one whose users are a CSV file does, within the module bound',
  async () => {
    const sheet = (modules: string[]) =>
      modules.map((module) => basename(module)).filter((name) => /sheet|csv/.test(name));
    for (const input of ['contests/example.json', 'test/fixtures/valid.json', 'test/fixtures/warnings.json'])
      assert.equal(sheet((await trace(input)).modules), [], input);
    const { modules } = await trace('contests/autumn.json');
    assert.equal(sheet(modules), ['sheet.cjs']);
    assert.ok(
      modules.length <= MAX_MODULES,
      `${modules.length} modules loaded (bound ${MAX_MODULES}): ${modules.join(', ')}`,
    );
  },
);

// SheetJS reads only users from a workbook: a JSON or CSV contest never loads it.
budget(
  'a bake of JSON and CSV contests never loads lib/workbook.cjs; one whose users are a workbook does, within the module bound',
  async () => {
    const workbook = (modules: string[]) =>
      modules.map((module) => basename(module)).filter((name) => /workbook|xlsx/.test(name));
    for (const input of ['contests/example.json', 'test/fixtures/valid.json', 'contests/autumn.json'])
      assert.equal(workbook((await trace(input)).modules), [], input);
    const { modules } = await inScratch((dir) => {
      writeFileSync(
        join(dir, 'Bericht.xlsx'),
        toWorkbook({
          Tabelle1: [
            ['Name', 'leadCount', 'profit'],
            ['Anna', 1, 5],
          ],
        }),
      );
      const contest = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/valid.json'), 'utf8')) as object;
      writeFileSync(join(dir, 'contest.json'), JSON.stringify({ ...contest, users: 'Bericht.xlsx' }));
      return traceOnce(join(dir, 'contest.json'));
    });
    assert.equal(workbook(modules), ['workbook.cjs']);
    assert.ok(
      modules.length <= MAX_MODULES,
      `${modules.length} modules loaded (bound ${MAX_MODULES}): ${modules.join(', ')}`,
    );
  },
);

budget.run();
