// The README of a new contest repository, for the team that runs its contests: setting up once, the weekly routine
// from an export to a published page, a new contest, names and amounts (privacy), where the pages appear, a newer
// podium. In the team's language.
import { fill, type Locale } from '../page/messages.ts';

/** What the README names: the example contest, its workbook's sheet, the vendored podium's file and package name. */
export type ReadmeFacts = { name: string; sheet: string; podium: string; node: string; package: string };

export function toReadme(locale: Locale, { name, sheet, podium, node, package: pkg }: ReadmeFacts): string {
  const facts = {
    name,
    sheet,
    podium,
    node,
    pkg,
    workbook: `contests/${name}-${sheet}.xlsx`,
    docs: `node_modules/${pkg}/docs/`,
  };
  return fill(locale === 'en' ? ENGLISH : GERMAN, facts);
}

/** The README in German and in English, `{name}` standing for each of the facts (fill()). */
const GERMAN = `# Wettbewerbsseiten

Jeder Vertriebswettbewerb ist eine Datei in \`contests/\`; Podium macht daraus je eine Seite mit der Rangliste, und
GitHub veröffentlicht sie. Podium selbst liegt bei (\`vendor/{podium}\`): \`npm install\` lädt nichts aus dem Netz.
Die ganze Dokumentation liegt nach \`npm install\` in \`{docs}\` (passend zur Version hier), und im Ordner
\`docs/\` des Podium-Repositorys.

## Einmal einrichten

Node.js {node} oder neuer (\`.nvmrc\` nennt die Version; mit nvm: \`nvm install\`), dann:

\`\`\`sh
npm install      # einmal, nach dem Klonen
npm run dev      # Vorschau: http://127.0.0.1:4173/, lädt bei jedem Speichern neu
npm run check    # prüft jeden Wettbewerb, jede Zeile jeder Tabelle
npm run build    # backt die Seiten nach dist/
\`\`\`

Auf GitHub ein neues Repository anlegen (*New repository*), **Private** wählen und nichts hinzufügen (kein README,
keine .gitignore). Das Repository privat halten: Die Exporte darin enthalten die vollen Namen und alle Beträge, auch
die von Personen, die die Seite ausblendet (später: *Settings → General → Danger Zone → Change visibility*). Dann der
erste Push:

\`\`\`sh
git init -b main
git add -A
git commit -m "Wettbewerbsseiten"
git remote add origin https://github.com/<besitzer>/<repository>.git
git push -u origin main
\`\`\`

Dann auf GitHub einmal einschalten: *Settings → Pages → Source: GitHub Actions*. GitHub Pages veröffentlicht aus
einem privaten Repository mit einem bezahlten GitHub-Plan. Mehr: \`{docs}ci.md\`.

## Der erste Wettbewerb

\`contests/{name}.json\` ist ein Entwurf (\`"draft": true\`): Er wird geprüft und in \`npm run dev\` gezeigt, aber nie
veröffentlicht. Kopieren Sie ihn unter einem neuen Namen (er wird die Adresse der Seite, \`…/fruehjahr-2027/\`),
löschen Sie darin die Zeile \`"draft": true\` und ändern Sie die Texte; \`"users"\` nennt die Excel-Datei daneben.
Der Editor (z. B. VS Code) ergänzt die Felder und unterstreicht Fehler (\`"$schema"\` nennt \`contest.schema.json\`).

- **Die Spalten.** Podium liest die Spalten \`Name\`, \`Anzahl Eigenleads\` und \`Summe Netto-Volumen AB\`. Heißen sie
  im Export anders, nennt \`"columns"\` die Titel: \`"columns": { "profit": "Umsatz netto" }\`. Weitere Spalten
  (Region, Team) stören nicht.
- **Die Regel.** \`"ranking": "profit"\` ordnet nach Netto-Volumen, \`"leadCount"\` nach Eigenleads,
  \`["profit", "leadCount"]\` nach beidem; die Zeilen des Exports dürfen in beliebiger Reihenfolge stehen. Die
  ersten \`"solo_winners"\` Plätze gewinnen.

Mehr: \`{docs}contest.md\`.

## Jede Woche: die neuen Zahlen

1. **Den Export speichern.** Am Montag die Tabelle aus Excel als \`.xlsx\` über die alte speichern
   (\`{workbook}\`): eine Zeile je Vertriebler, in beliebiger Reihenfolge (\`"ranking"\` ordnet sie),
   darüber die Spaltentitel \`Name\`, \`Anzahl Eigenleads\` und \`Summe Netto-Volumen AB\` (oder die in \`"columns"\`).
2. **Prüfen und ansehen.** \`npm run check\` nennt jeden Fehler mit Datei, Tabellenblatt und Zelle
   (\`{workbook}: Tabelle1!C14: …\`); \`npm run dev\` zeigt die Seiten, wie sie erscheinen werden.
3. **Als Pull Request einreichen:**

   \`\`\`sh
   git switch -c stand-2027-03-31
   git add contests/
   git commit -m "Stand 31.03.2027"
   git push -u origin stand-2027-03-31
   \`\`\`

   Dann auf GitHub *Compare & pull request*. (Ohne Git: die Datei auf GitHub unter *Add file → Upload files*
   hochladen und *Create a new branch … and start a pull request* wählen.) Die Prüfung „Contest pages“ zeigt jeden
   Fehler an seiner Datei; unter *Details → Summary* liegt die Vorschau aller Seiten zum Herunterladen (ZIP:
   entpacken, \`index.html\` öffnen).
4. **Zusammenführen:** *Merge pull request*. Wenige Minuten später sind die neuen Seiten online. Solange ein
   Wettbewerb einen Fehler hat, wird nichts veröffentlicht, und die alten Seiten bleiben stehen.

Soll die Seite zeigen, wer seit der Vorwoche aufgestiegen ist, legen Sie jeden Export mit seinem Datum im Namen in
einen Ordner (\`contests/{name}/2027-03-31.xlsx\`) und nennen den Ordner: \`"users": "{name}/"\`. Ein anderes
Tabellenblatt als das erste: \`"users": "{name}-{sheet}.xlsx#Tabelle2"\`.

Auch eine Warnung hält die Veröffentlichung an; sie endet mit einem Schlüssel in eckigen Klammern, und wer sie geprüft
hat, trägt ihn in die Wettbewerbsdatei ein: \`"acknowledged": ["hidden rows"]\`. Was jeder Export hat (in Excel
ausgeblendete Zeilen oder Spalten) trägt man so einmal ein, und es gilt jede Woche; eine Warnung über die Zahlen
einer Woche nennt deren Stand (\`"2027-03-31: tie 10"\`) und gilt nur für sie. Heißt jemand jetzt anders, führt
\`"renamed": { "Sandra Lange": "Sandra Lange-Meier" }\` die früheren Stände unter dem neuen Namen fort.

## Einen weiteren Wettbewerb anlegen

Wie den ersten: eine Wettbewerbsdatei kopieren, umbenennen, die Texte und \`"users"\` ändern.

## Auf dem Fernseher

Jede veröffentlichte Seite kann ein Wandbildschirm sein: im Browser des Fernsehers mit \`#tv\` am Ende der Adresse
öffnen (\`https://<besitzer>.github.io/<repository>/fruehjahr-2027/#tv\`). Die Tabelle läuft von selbst durch, und alle
15 Minuten holt die Seite die neuen Zahlen (der Workflow backt mit \`--refresh 15\`): Montags Zahlen stehen eine
Viertelstunde nach dem Veröffentlichen auf dem Bildschirm, ohne dass jemand etwas anfasst. Die Übersicht mit \`#tv\`
zeigt die laufenden Wettbewerbe nacheinander. Mehr: \`{docs}page.md\`.

## Namen und Beträge

Das Beispiel zeigt volle Namen und alle Beträge, und sagt es: \`"privacy": { "names": "full", "amounts": "all" }\`.
Möchte der Betriebsrat oder der Datenschutz weniger, oder kennt im kleinen Team ohnehin jeder jeden:
\`"names": "initials"\` zeigt nur Initialen (S. H.), \`"first name and initial"\` den Vornamen (Sabine H.);
\`"amounts": "winners"\` zeigt Beträge nur bei den Gewinnern, \`"none"\` gar keine. Wer nicht genannt werden will,
kommt in die Liste \`"hidden"\`. \`npx podium validate contests/ --privacy\` druckt je Wettbewerb ein Datenblatt
für den Betriebsrat: was die Seite zeigt, von wem, und wo die Exporte liegen. Mit \`"until": "2027-07-31"\` zeigt
die Seite nach diesem Tag nur noch die Gewinner (\`"after": "texts"\`: nur noch die Texte); der Workflow backt dafür
jeden Montag neu. Das Repository privat halten: Die Exporte darin enthalten die vollen Namen. Mehr:
\`{docs}privacy.md\`.

Persönliche Links (jede Person findet ihre Zeile, auch unter Initialen): ein Geheimnis mit \`openssl rand -hex 32\`
erzeugen und als Repository-Secret \`PODIUM_SECRET\` speichern (*Settings → Secrets and variables → Actions → New
repository secret*); dann tragen die Seiten die Links. Die Datei der Links auf dem eigenen Rechner mit demselben
Geheimnis erzeugen, \`PODIUM_SECRET=… npx podium build contests/ --out dist --base-url <Adresse der Seiten>
--links links.csv\`, und jeder Person nur ihre Zeile schicken; \`.gitignore\` hält \`links.csv\` und \`dist/\` aus dem
Repository.

Nur fürs Team: Mit \`"privacy": { "access": "link" }\` steht die Liste nur verschlüsselt in der Seite; sie öffnet
sich mit dem Link des Teams, den \`PODIUM_SECRET=… npx podium build contests/ --out dist --base-url <Adresse der
Seiten>\` auf dem eigenen Rechner druckt (im Log von GitHub steht er als \`***\`). \`"access": "passphrase"\` öffnet
sie auch mit einem Passwort, gespeichert als Repository-Secret \`PODIUM_PASSPHRASE\`.

## Wo die Seiten erscheinen

Bei jedem Push auf \`main\` prüft und backt GitHub Actions alle Wettbewerbe
(\`.github/workflows/contest-pages.yml\`) und veröffentlicht sie mit GitHub Pages: eine Übersicht und je Wettbewerb
eine Seite, unter \`https://<besitzer>.github.io/<repository>/\` (ein Repository namens \`<besitzer>.github.io\`
unter \`https://<besitzer>.github.io/\`). Unter einer eigenen Domain: die Repository-Variable \`PAGES_URL\` auf
deren Adresse setzen (*Settings → Secrets and variables → Actions → Variables*).
Mit dem Repository-Secret \`PODIUM_WEBHOOK\` meldet der Workflow jeden neuen Stand in Teams oder Slack (\`announce.md\`).

## Eine neuere Version von Podium

Die neue Datei \`podium-leaderboard-<version>.tgz\` nach \`vendor/\` legen, die alte löschen, dann
\`npm install ./vendor/podium-leaderboard-<version>.tgz\` und \`npx podium schema > contest.schema.json\`; alles
committen.

## Mehr lesen

Die Dokumentation dieser Version liegt in \`{docs}\`: \`contest.md\` (die Wettbewerbsdatei),
\`cli.md\` (jeder Befehl), \`ci.md\` (der Workflow), \`page.md\` (die Seite und der Fernseher), \`privacy.md\` (Namen,
Beträge, Betriebsrat). Dieselben Dateien liegen im Ordner \`docs/\` des Podium-Repositorys.
`;

const ENGLISH = `# Contest pages

Each sales contest is a file in \`contests/\`; Podium turns each into a leaderboard page, and GitHub publishes them.
Podium itself comes with this repository (\`vendor/{podium}\`): \`npm install\` downloads nothing. After
\`npm install\`, the full docs are in \`{docs}\` (matching the version here), and in the \`docs/\`
folder of Podium's repository.

## Setting up once

Node.js {node} or later (\`.nvmrc\` names the version; with nvm: \`nvm install\`), then:

\`\`\`sh
npm install      # once, after cloning
npm run dev      # preview at http://127.0.0.1:4173/, reloads on every save
npm run check    # checks every contest, every row of every sheet
npm run build    # bakes the pages into dist/
\`\`\`

On GitHub, create a new repository (*New repository*), choose **Private** and add nothing (no README, no
.gitignore). Keep the repository private: the exports in it hold the full names and every amount, those of people
the page hides too (later: *Settings → General → Danger Zone → Change visibility*). Then the first push:

\`\`\`sh
git init -b main
git add -A
git commit -m "Contest pages"
git remote add origin https://github.com/<owner>/<repository>.git
git push -u origin main
\`\`\`

Then, on GitHub, turn it on once: *Settings → Pages → Source: GitHub Actions*. GitHub Pages publishes from a private
repository on a paid GitHub plan. More: \`{docs}ci.md\`.

## The first contest

\`contests/{name}.json\` is a draft (\`"draft": true\`): it is checked and shown by \`npm run dev\`, but never
published. Copy it under a new name (it becomes the page's address, \`…/spring-2027/\`), delete its line
\`"draft": true\` and change its texts; \`"users"\` names the Excel file beside it. Editors such as VS Code complete
the fields and underline mistakes (\`"$schema"\` names \`contest.schema.json\`).

- **The columns.** Podium reads the columns \`name\`, \`leadCount\` and \`profit\` (or \`Name\`, \`Anzahl Eigenleads\`,
  \`Summe Netto-Volumen AB\`). Where your export titles them otherwise, \`"columns"\` names its titles:
  \`"columns": { "profit": "Net sales" }\`. Other columns (region, team) do no harm.
- **The rule.** \`"ranking": "profit"\` orders by net volume, \`"leadCount"\` by own leads, \`["profit", "leadCount"]\`
  by both; the export's rows may come in any order. The first \`"solo_winners"\` places win.

More: \`{docs}contest.md\`.

## Each week: the new figures

1. **Save the export.** On Monday, save the sheet from Excel as \`.xlsx\` over the old one
   (\`{workbook}\`): one row per salesperson, in any order (\`"ranking"\` orders them), under the column
   titles \`name\`, \`leadCount\` and \`profit\` (or those in \`"columns"\`).
2. **Check and look.** \`npm run check\` names each mistake with its file, sheet and cell
   (\`{workbook}: Sheet1!C14: …\`); \`npm run dev\` shows the pages as they will appear.
3. **Propose it as a pull request:**

   \`\`\`sh
   git switch -c stand-2027-03-31
   git add contests/
   git commit -m "Figures of 2027-03-31"
   git push -u origin stand-2027-03-31
   \`\`\`

   Then *Compare & pull request* on GitHub. (Without git: upload the file on GitHub with *Add file → Upload files*
   and choose *Create a new branch … and start a pull request*.) The check "Contest pages" shows each mistake at its
   file; under *Details → Summary* is a preview of every page to download (a ZIP: unpack it, open \`index.html\`).
4. **Merge it:** *Merge pull request*. A few minutes later the new pages are online. While a contest has a
   mistake, nothing is published, and the old pages stay.

For the page to show who climbed since the week before, keep each export in a folder with its date in its name
(\`contests/{name}/2027-03-31.xlsx\`) and name the folder: \`"users": "{name}/"\`. A sheet other than the first:
\`"users": "{name}-{sheet}.xlsx#Sheet2"\`.

A warning stops publishing too; it ends with a key in brackets, and once you have looked, you write that key into the
contest file: \`"acknowledged": ["hidden rows"]\`. What every export has (rows or columns hidden in Excel) is
written once this way and holds every week; a warning about one week's figures names its Stand
(\`"2027-03-31: tie 10"\`) and holds for that week only. When someone's name changes,
\`"renamed": { "Sandra Lange": "Sandra Lange-Meier" }\` carries the earlier Stands on under the new name.

## Adding another contest

As the first: copy a contest file, rename it, change its texts and \`"users"\`.

## On the TV

Every published page can be a wall screen: open it in the TV's browser with \`#tv\` at the end of its address
(\`https://<owner>.github.io/<repository>/spring-2027/#tv\`). The table scrolls by itself, and every 15 minutes the
page fetches new figures (the workflow bakes with \`--refresh 15\`): Monday's figures are on the screen a quarter of an
hour after they are published, with nobody touching it. The overview with \`#tv\` shows the running contests in turn.
More: \`{docs}page.md\`.

## Names and amounts

The example shows full names and every amount, and says so: \`"privacy": { "names": "full", "amounts": "all" }\`.
Where the works council or data protection asks for less, or in a small team where everyone knows everyone:
\`"names": "initials"\` shows initials only (S. H.), \`"first name and initial"\` the first name (Sabine H.);
\`"amounts": "winners"\` shows amounts for the winners only, \`"none"\` none at all. Anyone who does not want to be
named goes on the list \`"hidden"\`. \`npx podium validate contests/ --privacy\` prints a data sheet per contest
for the works council: what the page shows, of whom, and where the exports are kept. With
\`"until": "2027-07-31"\` the page shows only the winners after that day (\`"after": "texts"\`: only the texts); the
workflow bakes again every Monday for it. The repository stays private: the exports in it hold the full names.
More: \`{docs}privacy.md\`.

Personal links (each person finds their own row, even under initials): make a secret with \`openssl rand -hex 32\`
and save it as the repository secret \`PODIUM_SECRET\` (*Settings → Secrets and variables → Actions → New repository
secret*); the pages then carry the links. Make the file of links on your own machine with the same secret,
\`PODIUM_SECRET=… npx podium build contests/ --out dist --base-url <the pages' address> --links links.csv\`, and send
each person their own line only; \`.gitignore\` keeps \`links.csv\` and \`dist/\` out of the repository.

For the team only: with \`"privacy": { "access": "link" }\` the list is in the page only encrypted; it opens with the
team link that \`PODIUM_SECRET=… npx podium build contests/ --out dist --base-url <the pages' address>\` prints on
your own machine (GitHub's log shows it as \`***\`). \`"access": "passphrase"\` opens it with a passphrase too, saved as
the repository secret \`PODIUM_PASSPHRASE\`.

## Where the pages appear

On every push to \`main\`, GitHub Actions checks and bakes every contest (\`.github/workflows/contest-pages.yml\`)
and publishes them with GitHub Pages: an overview and a page per contest, at
\`https://<owner>.github.io/<repository>/\` (a repository named \`<owner>.github.io\` at
\`https://<owner>.github.io/\`). On a domain of your own: set the repository variable \`PAGES_URL\` to its address
(*Settings → Secrets and variables → Actions → Variables*). With the repository secret \`PODIUM_WEBHOOK\`, the
workflow announces each new Stand in Teams or Slack (\`announce.md\`).

## A newer Podium

Put the new \`podium-leaderboard-<version>.tgz\` into \`vendor/\`, delete the old one, then run
\`npm install ./vendor/podium-leaderboard-<version>.tgz\` and \`npx podium schema > contest.schema.json\`; commit
everything.

## Reading more

The docs of this version are in \`{docs}\`: \`contest.md\` (the contest file), \`cli.md\` (every command),
\`ci.md\` (the workflow), \`page.md\` (the page and the TV), \`privacy.md\` (names, amounts, the works council).
The same files are in the \`docs/\` folder of Podium's repository.
`;
