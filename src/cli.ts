// The command layer: flags → calls → exit code. The only module that touches process.
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { readAssets } from './assets.ts';
import { bake, date, readSources, validate } from './build.ts';
import { ContestSchema } from './contest.ts';
import { toReport, UserError } from './errors.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './messages.ts';
import { write } from './write.ts';

declare const PODIUM_VERSION: string; // set by scripts/build.js from package.json

type BuildFlags = {
  out: string;
  locale: Locale;
  hydrate: boolean;
  baseUrl?: string;
  noindex?: boolean;
  refresh?: number;
  updatedAt?: string;
  debug?: boolean;
};

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
    .option('--base-url <url>', 'where --out is published, e.g. https://example.com/contests/; adds og:url and a canonical link', toBaseUrl)
    .option('--noindex', 'ask search engines not to index the page (names and volumes stay out of search results)')
    .option('--refresh <minutes>', 'reload the page every <minutes>, so that a kiosk screen picks up a rebaked page', toMinutes)
    .option('--updated-at <when>', '"now" (or SOURCE_DATE_EPOCH when set) or an ISO 8601 time with offset: the "Stand" line under the table', toUpdatedAt)
    .option('--no-hydrate', 'write the page without any script: no data global, no hydration, no TV mode')
    .option('--debug', 'print stack traces with errors')
    .addHelpText(
      'after',
      `
Examples:
  podium build contests/example.json            writes dist/index.html
  podium build contests/ --out public           writes public/<name>/index.html for each contest
  cat contest.json | podium build - --locale en
  podium build contests/ --updated-at now --refresh 5 --noindex

Open a page with ?tv (or #tv) for the wall-screen layout that scrolls long tables by itself.
Exit codes: 0 success, 1 invalid contest data or failed bake (nothing is written), 2 usage error.`,
    )
    .action(async (input: string, flags: BuildFlags) => {
      try {
        const stamp = flags.updatedAt === 'now' ? toEpochStamp(process.env.SOURCE_DATE_EPOCH) : flags.updatedAt;
        const loaded = await date(validate(await readSources(input, readStdin)), await stamp);
        const options = {
          out: flags.out,
          locale: flags.locale,
          hydrate: flags.hydrate,
          baseUrl: flags.baseUrl,
          noindex: flags.noindex === true,
          refreshSeconds: flags.refresh === undefined ? undefined : Math.round(flags.refresh * 60),
        };
        const summaries: string[] = [];
        const sizes = write(
          map(bake(loaded, options, readAssets()), (page) => {
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

function toBaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError('expected an absolute http(s) address, like https://example.com/contests/');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new InvalidArgumentError('expected an http or https address');
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

function toMinutes(value: string): number {
  const minutes = Number(value);
  if (!Number.isFinite(minutes) || Math.round(minutes * 60) < 1) throw new InvalidArgumentError('expected a number of minutes, at least 1/60');
  return minutes;
}

function toUpdatedAt(value: string): string {
  if (value === 'now' || ContestSchema.shape.updated_at.safeParse(value).success) return value;
  throw new InvalidArgumentError('expected "now" or an ISO 8601 time with offset, like 2027-03-31T18:45:00+02:00');
}

/** "Now" for --updated-at: SOURCE_DATE_EPOCH when set, so that a rebuild of the same input is identical. */
async function toEpochStamp(epoch: string | undefined): Promise<string> {
  const seconds = epoch === undefined || epoch === '' ? undefined : Number(epoch);
  if (seconds !== undefined && !Number.isInteger(seconds)) throw new UserError(`podium: SOURCE_DATE_EPOCH must be whole seconds since 1970, got "${epoch}"`, 2);
  const { toStamp } = await import('./dates.ts');
  return toStamp(seconds);
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
