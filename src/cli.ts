// The command layer: flags → calls → exit code. The only module that touches process.
import { Command, CommanderError, Option } from 'commander';
import { readAssets } from './assets.ts';
import { bake, readSources } from './build.ts';
import { toReport } from './errors.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './messages.ts';
import { write } from './write.ts';

declare const PODIUM_VERSION: string; // set by scripts/build.js from package.json

type BuildFlags = { out: string; locale: Locale; debug?: boolean };

export async function main(argv: readonly string[]): Promise<number> {
  let code = 0;
  const program = new Command('podium')
    .description('Bakes one self-contained HTML leaderboard page per sales contest.')
    .version(PODIUM_VERSION, '-v, --version')
    .exitOverride()
    .showHelpAfterError('(run "podium build --help" for usage)');

  program
    .command('build')
    .description('Validate contest data and write its page to <out>/index.html')
    .argument('<input>', 'a contest .json file, a folder of them (one page each, in <out>/<name>/index.html), or - for standard input')
    .option('-o, --out <dir>', 'folder the pages are written to', 'dist')
    .addOption(new Option('-l, --locale <locale>', 'language of the page texts').choices(LOCALES).default(DEFAULT_LOCALE))
    .option('--debug', 'print stack traces for errors')
    .addHelpText(
      'after',
      `
Examples:
  podium build contests/example.json            writes dist/index.html
  podium build contests/ --out public           writes public/<name>/index.html for each contest
  cat contest.json | podium build - --locale en

Exit codes: 0 success, 1 invalid contest data or failed bake (nothing is written), 2 usage error.`,
    )
    .action(async (input: string, flags: BuildFlags) => {
      try {
        const pages = bake(await readSources(input, readStdin), flags, readAssets());
        const summaries: string[] = [];
        const sizes = write(
          map(pages, (page) => {
            const { users, solo_winners } = page.contest;
            summaries.push(`${page.path}  ${users.length} users · ${Math.min(solo_winners, users.length)} winners`);
            return page;
          }),
        );
        process.stdout.write(summaries.map((summary, i) => `${summary} · ${toKb(sizes[i] ?? 0)}\n`).join(''));
      } catch (error) {
        process.stderr.write(`${toReport(error, flags.debug === true)}\n`);
        code = (error as { exitCode?: number }).exitCode ?? 1;
      }
    });

  try {
    await program.parseAsync(argv);
    return code;
  } catch (error) {
    // commander has already printed its message; help and version end well, anything else is misuse.
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    process.stderr.write(`${toReport(error, true)}\n`);
    return 1;
  }
}

function* map<T, U>(items: Iterable<T>, f: (item: T) => U): Iterable<U> {
  for (const item of items) yield f(item);
}

function toKb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
