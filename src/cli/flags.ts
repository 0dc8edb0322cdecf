// The command line: commands, their flags and help; each flag's text becomes a value in values.ts. Calls nothing.
import { Command, Option } from 'commander';
import type { Privacy } from '../contest/schema.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../page/messages.ts';
import { toBaseUrl, toMinutes, toOut, toPort, toPrivacy, toUpdatedAt } from './values.ts';

export type BuildFlags = {
  out: string;
  locale: Locale;
  hydrate: boolean;
  index: boolean;
  overviewTitle?: string;
  baseUrl?: string;
  links?: string;
  noindex?: boolean;
  refresh?: number;
  updatedAt?: string;
  privacyDefault?: Privacy;
  strict?: boolean;
  quiet?: boolean;
  debug?: boolean;
};
export type ValidateFlags = {
  format: 'text' | 'json';
  locale: Locale;
  index: boolean;
  strict?: boolean;
  privacy?: boolean;
  privacyDefault?: Privacy;
  debug?: boolean;
};
/** `host` only when given: then requests for any host name are answered (see dev/serve.ts). */
export type DevFlags = { port: number; host?: string; locale: Locale; strict?: boolean; debug?: boolean };
export type SchemaFlags = { debug?: boolean };
export type InitFlags = { locale: Locale; debug?: boolean };
export type AnnounceFlags = {
  locale: Locale;
  format: 'text' | 'html';
  webhook: 'teams' | 'slack';
  privacyDefault?: Privacy;
  changed?: string;
  debug?: boolean;
};
/** What each command does, given its arguments and flags. */
export type Actions = {
  build: (input: string, flags: BuildFlags) => Promise<void>;
  validate: (inputs: string[], flags: ValidateFlags) => Promise<void>;
  schema: (flags: SchemaFlags) => Promise<void>;
  dev: (input: string, flags: DevFlags) => Promise<void>;
  init: (folder: string, flags: InitFlags) => Promise<void>;
  announce: (input: string, flags: AnnounceFlags) => Promise<void>;
};

/** What --strict covers, and what it does not. */
const STRICT =
  'make warnings errors: an unknown key, a "?" in a name from a Windows-1252 export; notes (a CSV column podium does not read) stay notes';
const DEBUG = ['--debug', 'print stack traces (naming src/*.ts lines) with errors'] as const;

/** The exit code of a usage error. */
export const USAGE = 2;

export function toProgram(version: string, actions: Actions): Command {
  const program = new Command('podium')
    .description('Bakes one self-contained HTML leaderboard page per sales contest.')
    .version(version, '-v, --version')
    .exitOverride()
    .showHelpAfterError('(add --help for usage)');
  defineBuild(program).action(actions.build);
  defineValidate(program).action(actions.validate);
  defineSchema(program).action(actions.schema);
  defineDev(program).action(actions.dev);
  defineInit(program).action(actions.init);
  defineAnnounce(program).action(actions.announce);
  return program;
}

/** What `podium build --help` says after the options: examples and exit codes. */
const BUILD_HELP = `
Examples:
  podium build contests/example.json            writes dist/index.html
  podium build contests/ --out public           writes public/<name>/index.html for each contest,
                                                and public/index.html linking to them
  cat contest.json | podium build - --locale en
  podium build contests/ --updated-at now --refresh 5 --noindex

Open a page with ?tv (or #tv) for the wall-screen layout that scrolls long tables by itself.
Exit codes: 0 success; 1 invalid contest data, a failed bake or another build writing to --out; 2 usage error,
or an --out podium does not write into; 130 or 143 stopped by Ctrl-C or SIGTERM. Unless it is 0, no page was
changed; a stop once every page is in place only cuts the report short, and exits 0.`;

function defineBuild(program: Command): Command {
  return program
    .command('build')
    .description('Validate contest data and write its page to <out>/index.html')
    .argument(
      '<input>',
      'a contest .json file, a folder of them (one page each, in <out>/<name>/index.html, and an overview of them in <out>/index.html), or - for standard input',
    )
    .option(
      '-o, --out <dir>',
      'folder the pages are written to: a new or empty one, or one podium wrote (never the input, or a folder around it)',
      toOut,
      'dist',
    )
    .addOption(toLocaleOption('language of the pages and the change report'))
    .option(
      '--base-url <url>',
      'where --out is published, e.g. https://example.com/contests/; adds og:url and a canonical link',
      toBaseUrl,
    )
    .option(
      '--links <file>',
      "also write <file> (outside --out): each person's personal link, the page's address with #me=<token>, which marks their row; needs --base-url and a secret in PODIUM_SECRET",
    )
    .option('--noindex', 'ask search engines not to index the pages (names and volumes stay out of search results)')
    .option(
      '--refresh <minutes>',
      'every <minutes> (1 to 1440) a wall screen (#tv) fetches new figures and shows them in place; elsewhere the page reloads',
      toMinutes,
    )
    .option(
      '--updated-at <when>',
      'the "Stand" under the table of each contest without its own updated_at: "now" (or SOURCE_DATE_EPOCH when set), "git" (the last commit that changed its contest or data file), or an ISO 8601 time with offset',
      toUpdatedAt,
    )
    .option(...PRIVACY_DEFAULT)
    .option('--no-hydrate', 'write the page without any script: no data global, no hydration, no TV mode')
    .option(
      '--no-index',
      'for a folder, write no overview page <out>/index.html (not --noindex, which is for search engines)',
    )
    .option(
      '--overview-title <title>',
      'for a folder, the overview\'s title (default: "Vertriebswettbewerbe", en "Sales contests")',
    )
    .option('--strict', STRICT)
    .option('-q, --quiet', 'print only problems')
    .option(...DEBUG)
    .addHelpText('after', BUILD_HELP);
}

/** build's and validate's: what podium build publishes, and so what validate --privacy's data sheet says. */
const PRIVACY_DEFAULT = [
  '--privacy-default <settings>',
  'what the pages publish of people where a contest\'s own "privacy" does not say: names and amounts, like "initials,winners" ("full", "first name and initial", "initials" or "alias"; "all", "winners" or "none"), or a "privacy" object as JSON (docs/privacy.md)',
  (value: string) => toPrivacy(value),
] as const;

function defineValidate(program: Command): Command {
  return program
    .command('validate')
    .description('Check contest files and report every problem of every file; writes nothing')
    .argument('<inputs...>', 'contest .json files, folders of them, or - for standard input')
    .addOption(
      new Option('--format <format>', 'text, or json for other tools').choices(['text', 'json']).default('text'),
    )
    .addOption(toLocaleOption("language of the change report, the step summary and the annotations' titles"))
    .option('--no-index', 'check a folder as podium build --no-index bakes it: with no overview page')
    .option('--strict', STRICT)
    .addOption(
      new Option(
        '--privacy',
        "then print each valid contest's privacy data sheet, in --locale's language: what its page publishes, of whom, and where its exports are kept",
      ).conflicts('format'),
    )
    .option(...PRIVACY_DEFAULT)
    .option(...DEBUG)
    .addHelpText(
      'after',
      `
Prints one line per problem, path:line:col: message, then a summary. With GITHUB_ACTIONS=true each problem is
also printed as a workflow annotation, so it shows on the changed line of a pull request.
Exit codes: 0 every contest is valid (warnings allowed unless --strict), 1 a contest is invalid, 2 usage error.`,
    );
}

/** `-l, --locale`: the language `what` is in, German unless said. */
function toLocaleOption(what: string): Option {
  return new Option('-l, --locale <locale>', what).choices(LOCALES).default(DEFAULT_LOCALE);
}

function defineSchema(program: Command): Command {
  return program
    .command('schema')
    .description("Print the contest file's JSON Schema (draft-07) for editors")
    .option(...DEBUG);
}

function defineDev(program: Command): Command {
  return program
    .command('dev')
    .description(
      'Serve a contest (or a folder of them) on this machine and rebake on every save; the open tab reloads itself',
    )
    .argument('<input>', 'a contest .json file or a folder of them')
    .option('-p, --port <port>', 'port to listen on', toPort, 4173)
    .option(
      '--host <host>',
      'address to listen on, and answer requests for any host name; without it: 127.0.0.1 (this machine only), answering localhost and 127.0.0.1 only',
    )
    .addOption(toLocaleOption('language of the pages and the error page'))
    .option('--strict', STRICT)
    .option(...DEBUG);
}

function defineInit(program: Command): Command {
  return program
    .command('init')
    .description(
      'Create a contest repository: an example contest reading its figures from an Excel file, npm scripts to build, check and preview, a GitHub Actions workflow that previews every pull request and publishes every contest, and a README for the team',
    )
    .argument('[folder]', 'a new folder, or an empty one', '.')
    .addOption(toLocaleOption('language of the example, the README and the pages'))
    .option(...DEBUG)
    .addHelpText(
      'after',
      `
Writes package.json and package-lock.json (depending on this podium, packed into vendor/: npm install downloads
nothing; scripts build, check, dev), .gitignore, .nvmrc, README.md, contest.schema.json, contests/ with one
example (a draft: checked, never published) and its .xlsx file, and .github/workflows/contest-pages.yml. All of them or none, even if killed; a folder
that holds anything is refused.
Then: cd <folder> && npm install && npm run build.`,
    );
}

function defineAnnounce(program: Command): Command {
  return program
    .command('announce')
    .description(
      'Say what the newest Stand of each contest with a history brings (kick-off, new in the winning places, the biggest climb, the cut-off, days left, the last week, the winners): printed, or posted to PODIUM_WEBHOOK',
    )
    .argument('<input>', 'a contest .json file, a folder of them, or - for standard input')
    .addOption(toLocaleOption('language of the message'))
    .addOption(
      new Option('--format <format>', 'without PODIUM_WEBHOOK: text, or html for an e-mail')
        .choices(['text', 'html'])
        .default('text'),
    )
    .addOption(
      new Option('--webhook <kind>', 'with PODIUM_WEBHOOK: teams (a Workflows webhook) or slack (an incoming webhook)')
        .choices(['teams', 'slack'])
        .default('teams'),
    )
    .option(
      '--changed <file>',
      'announce only the contests whose history folder holds a path listed in <file> (one a line, as git diff --name-only writes them; - for standard input)',
    )
    .option(...PRIVACY_DEFAULT)
    .option(...DEBUG)
    .addHelpText(
      'after',
      `
Examples:
  podium announce contests/                     prints the news of each contest's newest Stand
  podium announce contests/summer.json --format html --locale en
  PODIUM_WEBHOOK=https://… podium announce contests/ --webhook slack

It says no more than the pages publish (privacy applies). With PODIUM_WEBHOOK set to a webhook's https address it
posts the message there instead of printing it; each try is given up after PODIUM_WEBHOOK_TIMEOUT seconds (5 by
default) and tried twice more on a network error, a 5xx or a 429. A failed post is a warning: the address is never
printed.
Exit codes: 0 announced, nothing to announce, or a failed post; 1 invalid contest data; 2 usage error.`,
    );
}
