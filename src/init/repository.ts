// What `podium init` writes: a contest repository ready to install, bake, check and publish, in the team's language.
// Pure: the files as paths and contents; init.ts writes them.
import type { Locale } from '../page/messages.ts';
import { toWorkflow } from './workflow.ts';

/** A file of the new repository: its path inside it, with `/`, and its content. */
export type RepositoryFile = { path: string; content: string | Uint8Array };

/** The rows of the example's spreadsheet: its header, then one salesperson a row. */
export type Rows = (string | number)[][];

/** An example contest in the locale's words, and the spreadsheet its users come from. */
type Example = { name: string; sheet: string; contest: Record<string, unknown>; rows: Rows; readme: string };

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

/**
 * Every file of a new contest repository: `version` is the podium-leaderboard it depends on (the one that ran), `name`
 * the package's, `workbook` turns the example's rows into an .xlsx file.
 */
export function toRepository(
  version: string,
  locale: Locale,
  name: string,
  workbook: (sheet: string, rows: Rows) => Uint8Array,
): RepositoryFile[] {
  const example = locale === 'en' ? english() : german();
  const flag = locale === 'de' ? '' : ` --locale ${locale}`;
  const packageJson = {
    name: toPackageName(name),
    private: true,
    description: example.contest.title,
    scripts: {
      build: `podium build contests/${flag}`,
      check: 'podium validate contests/ --strict',
      dev: `podium dev contests/${flag}`,
    },
    dependencies: { 'podium-leaderboard': version },
  };
  return [
    { path: 'package.json', content: `${JSON.stringify(packageJson, null, 2)}\n` },
    { path: '.gitignore', content: 'node_modules/\ndist/\n' },
    { path: 'README.md', content: example.readme },
    { path: `contests/${example.name}.json`, content: `${JSON.stringify(example.contest, null, 2)}\n` },
    { path: `contests/${example.name}-${example.sheet}.xlsx`, content: workbook(example.sheet, example.rows) },
    { path: '.github/workflows/contest-pages.yml', content: toWorkflow(flag) },
  ];
}

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

const SCHEMA = '../node_modules/podium-leaderboard/contest.schema.json';

function german(): Example {
  const name = 'beispiel';
  const sheet = 'vertriebler';
  return {
    name,
    sheet,
    contest: {
      $schema: SCHEMA,
      title: 'Vertriebswettbewerb Frühjahr 2027: Lissabon wartet!',
      heading: 'Die fünf Besten fliegen mit uns nach Lissabon:',
      journey_date_text: 'vom 17. bis 20. Juni 2027',
      description:
        'Vier Tage Sonne, Fado und Pastéis de Nata für die erfolgreichsten Vertriebler. Gezählt werden alle Eigenleads und das Netto-Auftragsvolumen aller Auftragsbestätigungen (AB), die im Wettbewerbszeitraum eingehen.',
      qualification_date_text: '01.01.2027 bis 31.03.2027',
      qualification_end: '2027-03-31',
      solo_winners: 5,
      users: `${name}-${sheet}.xlsx`,
    },
    rows: [['Name', 'Anzahl Eigenleads', 'Summe Netto-Volumen AB'], ...PEOPLE],
    readme: `# Wettbewerbsseiten

Jeder Vertriebswettbewerb ist eine Datei in \`contests/\`; Podium (das npm-Paket \`podium-leaderboard\`) macht
daraus je eine Seite mit der Rangliste.

\`\`\`sh
npm install      # einmal, nach dem Klonen
npm run dev      # Vorschau: http://127.0.0.1:4173/, lädt bei jedem Speichern neu
npm run check    # prüft jeden Wettbewerb, jede Zeile jeder Tabelle
npm run build    # backt die Seiten nach dist/
\`\`\`

## Einen Wettbewerb anlegen

Kopieren Sie \`contests/${name}.json\` unter einem neuen Namen (er wird die Adresse der Seite,
\`…/fruehjahr-2027/\`) und ändern Sie die Texte. Der Editor (z. B. VS Code) ergänzt die Felder und unterstreicht
Fehler, sobald \`npm install\` gelaufen ist. \`"users"\` nennt die Excel-Datei daneben.

## Jede Woche die Zahlen

Speichern Sie die Tabelle aus Excel als \`.xlsx\` über die alte (\`contests/${name}-${sheet}.xlsx\`): eine Zeile je
Vertriebler in der Reihenfolge der Rangliste, darüber die Spaltentitel \`Name\`, \`Anzahl Eigenleads\` und
\`Summe Netto-Volumen AB\`. Ein anderes Tabellenblatt als das erste: \`"users": "${name}-${sheet}.xlsx#Tabelle2"\`.

Soll die Seite zeigen, wer seit letzter Woche aufgestiegen ist, legen Sie jeden Export mit seinem Datum im Namen in
einen Ordner (\`contests/${name}/2027-03-31.xlsx\`) und nennen den Ordner: \`"users": "${name}/"\`.

Dann \`npm run check\`, committen und pushen. Ein Fehler nennt Datei, Tabellenblatt und Zelle
(\`${name}-${sheet}.xlsx: Tabelle1!C14: …\`); dann wird nichts veröffentlicht.

## Wo die Seiten erscheinen

Bei jedem Push auf \`main\` prüft und backt GitHub Actions alle Wettbewerbe
(\`.github/workflows/contest-pages.yml\`) und veröffentlicht sie mit GitHub Pages unter
\`https://<besitzer>.github.io/<repository>/\`, eine Übersicht und je Wettbewerb eine Seite. Einmal einschalten:
*Settings → Pages → Source: GitHub Actions*. Bei einem Pull Request zeigt dieselbe Prüfung jeden Fehler an seiner
Stelle.
`,
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
      title: 'Spring 2027 sales contest: Lisbon awaits!',
      heading: 'The top five fly with us to Lisbon:',
      journey_date_text: 'from 17 to 20 June 2027',
      description:
        'Four days of sun, fado and pastéis de nata for our most successful salespeople. Every own lead counts, and the net order volume of every order confirmation received during the contest.',
      qualification_date_text: '1 January 2027 to 31 March 2027',
      qualification_end: '2027-03-31',
      solo_winners: 5,
      users: `${name}-${sheet}.xlsx`,
    },
    rows: [['name', 'leadCount', 'profit'], ...PEOPLE],
    readme: `# Contest pages

Each sales contest is a file in \`contests/\`; Podium (the npm package \`podium-leaderboard\`) turns each into a
leaderboard page.

\`\`\`sh
npm install      # once, after cloning
npm run dev      # preview at http://127.0.0.1:4173/, reloads on every save
npm run check    # checks every contest, every row of every sheet
npm run build    # bakes the pages into dist/
\`\`\`

## Adding a contest

Copy \`contests/${name}.json\` under a new name (it becomes the page's address, \`…/spring-2027/\`) and change its
texts. Editors such as VS Code complete the fields and underline mistakes once \`npm install\` has run.
\`"users"\` names the Excel file beside it.

## Updating the figures each week

Save the sheet from Excel as \`.xlsx\` over the old one (\`contests/${name}-${sheet}.xlsx\`): one row per
salesperson in ranking order, under the column titles \`name\`, \`leadCount\` and \`profit\`. A sheet other than
the first: \`"users": "${name}-${sheet}.xlsx#Sheet2"\`.

For the page to show who climbed since last week, keep each export in a folder with its date in its name
(\`contests/${name}/2027-03-31.xlsx\`) and name the folder: \`"users": "${name}/"\`.

Then \`npm run check\`, commit and push. A mistake names its file, sheet and cell
(\`${name}-${sheet}.xlsx: Sheet1!C14: …\`), and nothing is published.

## Where the pages appear

On every push to \`main\`, GitHub Actions checks and bakes every contest (\`.github/workflows/contest-pages.yml\`)
and publishes them with GitHub Pages at \`https://<owner>.github.io/<repository>/\`: an overview and a page per
contest. Turn it on once: *Settings → Pages → Source: GitHub Actions*. On a pull request the same check shows each
problem at its place.
`,
  };
}
