// What `podium init` writes: a contest repository ready to install (offline), bake, check and publish, in the team's
// language. Pure: the files as paths and contents; init.ts writes them.
import type { Locale } from '../page/messages.ts';
import type { Packed } from './pack.ts';
import { toReadme } from './readme.ts';
import { toWorkflow } from './workflow.ts';

/** A file of the new repository: its path inside it, with `/`, and its content. */
export type RepositoryFile = { path: string; content: string | Uint8Array };

/** The rows of the example's spreadsheet: its header, then one salesperson a row. */
export type Rows = (string | number)[][];

/** An example contest in the locale's words, and the spreadsheet its users come from. */
type Example = { name: string; sheet: string; contest: Record<string, unknown>; rows: Rows };

const PEOPLE: [string, number, number][] = [
  ['Sabine Hoffmann', 48, 412850.5],
  ['Mehmet Yılmaz', 45, 389120],
  ['Julia Schneider', 41, 356004.75],
  ['Thomas Müller', 39, 301500],
  ['Anna-Lena Weber', 37, 298760.2],
  ['Katarzyna Nowak', 33, 241999.99],
  ['Lukas Becker', 30, 198450],
  ['Fatma Demir', 28, 187200.4],
];

/** The Node.js a new repository names in .nvmrc: the active LTS, which its workflow runs on. */
export const NODE = '24';

/** What a repository is made of besides the locale and its name: the podium that ran, packed, and its schema. */
export type Makings = {
  locale: Locale;
  /** The folder's name, which becomes the package's. */
  folder: string;
  podium: Packed;
  /** The contest file's JSON Schema, as podium-leaderboard ships it. */
  schema: string;
  /** Turns the example's rows into an .xlsx file. */
  workbook: (sheet: string, rows: Rows) => Uint8Array;
};

/**
 * Every file of a new contest repository. It depends on the podium that ran, vendored as a tarball, and its lockfile
 * names that tarball alone: `npm ci` installs it offline, with nothing of podium on a registry.
 */
export function toRepository({ locale, folder, podium, schema, workbook }: Makings): RepositoryFile[] {
  const example = locale === 'en' ? english() : german();
  const flag = locale === 'de' ? '' : ` --locale ${locale}`;
  const name = toPackageName(folder);
  const dependencies = { [podium.name]: podium.lock.resolved };
  const packageJson = {
    name,
    private: true,
    description: example.contest.title,
    scripts: {
      build: `podium build contests/${flag}`,
      check: 'podium validate contests/ --strict',
      dev: `podium dev contests/${flag}`,
    },
    dependencies,
  };
  // As npm writes it, so that npm install leaves it as it is.
  const lockfile = {
    name,
    lockfileVersion: 3,
    requires: true,
    packages: { '': { name, dependencies }, [`node_modules/${podium.name}`]: podium.lock },
  };
  const least = /\d+\.\d+/.exec(podium.lock.engines?.node ?? '')?.[0] ?? NODE;
  const facts = { name: example.name, sheet: example.sheet, podium: podium.file, node: least, package: podium.name };
  const readme = toReadme(locale, facts);
  return [
    { path: 'package.json', content: toJson(packageJson) },
    { path: 'package-lock.json', content: toJson(lockfile) },
    { path: '.gitignore', content: GITIGNORE },
    { path: '.nvmrc', content: `${NODE}\n` },
    { path: 'README.md', content: readme },
    { path: 'contest.schema.json', content: schema },
    { path: `contests/${example.name}.json`, content: toJson(example.contest) },
    { path: `contests/${example.name}-${example.sheet}.xlsx`, content: workbook(example.sheet, example.rows) },
    { path: '.github/workflows/contest-pages.yml', content: toWorkflow(locale) },
    { path: `vendor/${podium.file}`, content: podium.bytes },
  ];
}

/** What is never committed: the install, the pages baked here, and personal links (full names beside their links). */
const GITIGNORE = `node_modules/
# pages baked on this machine: dist/, or another output folder
dist/
out/
_site/
# personal links (podium build --links): each person's full name and link
*links*.csv
`;

const toJson = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** A folder's name as an npm package's: lower case, letters, digits, `-`, `.` and `_`. */
export function toPackageName(folder: string): string {
  const name = folder
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[._-]+|-+$/g, '')
    .slice(0, 214);
  return name || 'contests';
}

/** The defaults, spelled out: a team sees where names and amounts are decided before it publishes (README). */
const PRIVACY = { names: 'full', amounts: 'all' };

/** The schema init writes beside contests/: it resolves in the new repository before anything is installed. */
const SCHEMA = '../contest.schema.json';

function german(): Example {
  const name = 'beispiel';
  const sheet = 'vertriebler';
  return {
    name,
    sheet,
    contest: {
      $schema: SCHEMA,
      draft: true,
      title: 'Vertriebswettbewerb Frühjahr 2027: Lissabon wartet!',
      heading: 'Die fünf Besten fliegen mit uns nach Lissabon:',
      journey_date_text: 'vom 17. bis 20. Juni 2027',
      description:
        'Vier Tage Sonne, Fado und Pastéis de Nata für die erfolgreichsten Vertriebler. Gezählt werden alle Eigenleads und das Netto-Auftragsvolumen aller Auftragsbestätigungen (AB), die im Wettbewerbszeitraum eingehen.',
      qualification_date_text: '01.01.2027 bis 31.03.2027',
      qualification_end: '2027-03-31',
      solo_winners: 5,
      ranking: 'profit',
      privacy: PRIVACY,
      users: `${name}-${sheet}.xlsx`,
    },
    rows: [['Name', 'Anzahl Eigenleads', 'Summe Netto-Volumen AB'], ...PEOPLE],
  };
}

function english(): Example {
  const name = 'example';
  const sheet = 'salespeople';
  return {
    name,
    sheet,
    contest: {
      $schema: SCHEMA,
      draft: true,
      title: 'Spring 2027 sales contest: Lisbon awaits!',
      heading: 'The top five fly with us to Lisbon:',
      journey_date_text: 'from 17 to 20 June 2027',
      description:
        'Four days of sun, fado and pastéis de nata for our most successful salespeople. Every own lead counts, and the net order volume of every order confirmation received during the contest.',
      qualification_date_text: '1 January 2027 to 31 March 2027',
      qualification_end: '2027-03-31',
      solo_winners: 5,
      ranking: 'profit',
      privacy: PRIVACY,
      users: `${name}-${sheet}.xlsx`,
    },
    rows: [['name', 'leadCount', 'profit'], ...PEOPLE],
  };
}
