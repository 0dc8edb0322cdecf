// The GitHub Actions workflow of a contest repository: on a pull request, every problem at its place and every page
// baked as main would, to download; on main, the same pages published to GitHub Pages, and again every week; after a
// push that brings a new Stand, its news posted where a webhook is set. docs/contest-pages.yml is the same workflow
// for a repository set up by hand (test/init/repository.test.ts keeps the two the same).

import type { Locale } from '../page/messages.ts';

/** Where a pull request's preview is, for its step summary: printf's format for the artifact's name and address. */
const PREVIEW: Record<Locale, string> = {
  de: '### Vorschau\\n\\nAlle Seiten, wie `main` sie veröffentlichen würde: [%s](%s) (eine ZIP-Datei: entpacken und `index.html` im Browser öffnen)\\n',
  en: '### Preview\\n\\nEvery page as `main` would publish it: [%s](%s) (a ZIP file: unpack it and open `index.html` in a browser)\\n',
};

/** `.github/workflows/contest-pages.yml`, with the pages in `locale`. */
export function toWorkflow(locale: Locale): string {
  const build = locale === 'de' ? '' : ` --locale ${locale}`;
  // One bake for both jobs, so that a pull request's preview is the pages main will publish.
  const bake = `      # og:url and the canonical links: the repository variable PAGES_URL (a domain of your own), else GitHub
      # Pages' address, where a repository named <owner>.github.io is the root. Each contest's "Stand" is the last
      # commit that changed its own files. The check above has already written the step summary.
      # Personal links (podium's docs/privacy.md): with the repository secret PODIUM_SECRET (Settings → Secrets
      # and variables → Actions), every page carries them. Their file, each person's full name and link, goes to the
      # runner's temporary folder, never into dist/ or an artifact: make it on your own machine, with the same secret.
      # A team page ("privacy": { "access": "link" }) needs PODIUM_SECRET too; "passphrase", PODIUM_PASSPHRASE as well.
      # Its team link is masked in this log: make it on your own machine, with the same secret.
      # --refresh 15: a TV showing a page (opened with #tv) fetches it again every 15 minutes and shows Monday's
      # figures within a quarter of an hour of the push, at 96 small requests a day; a page open elsewhere reloads.
      - name: Bake every page
        env:
          PAGES_URL: \${{ vars.PAGES_URL }}
          PODIUM_SECRET: \${{ secrets.PODIUM_SECRET }}
          PODIUM_PASSPHRASE: \${{ secrets.PODIUM_PASSPHRASE }}
        run: |
          owner=\${GITHUB_REPOSITORY%%/*} name=\${GITHUB_REPOSITORY#*/}
          url=https://\${owner,,}.github.io/$name/
          if [ "\${name,,}" = "\${owner,,}.github.io" ]; then url=https://\${name,,}/; fi
          links=(); if [ -n "$PODIUM_SECRET" ]; then links=(--links "$RUNNER_TEMP/links.csv"); fi
          GITHUB_STEP_SUMMARY= npx podium build contests/${build} --out dist --updated-at git --noindex --refresh 15 --base-url "\${PAGES_URL:-$url}" "\${links[@]}"
`;
  const setup = `      - uses: actions/checkout@v7
        with:
          # The whole history: a shallow clone would make the newest commit the last change to every contest.
          fetch-depth: 0
      - uses: actions/setup-node@v7
        with:
          node-version-file: .nvmrc
          cache: npm
      # What package-lock.json names: after podium init, podium from vendor/ alone, nothing downloaded.
      - run: npm ci
      # GITHUB_ACTIONS=true is set by Actions: each problem is also an annotation at its file (a workbook's: its cell).
      - run: npx podium validate contests/ --strict
`;
  return `# Contest pages: on a pull request, check every contest and bake a preview of every page; on main, publish them.
name: Contest pages

on:
  pull_request:
  push:
    branches: [main]
  # Every Monday early in the morning (UTC) main is baked again without a push: a contest's end date
  # ("privacy": { "until": … }) takes effect on time.
  schedule:
    - cron: '17 3 * * 1'
  workflow_dispatch:

permissions:
  contents: read

jobs:
  preview:
    # On a pull request: every problem at its place, and every page as main would publish it, to download.
    if: github.event_name == 'pull_request'
    runs-on: ubuntu-latest
    steps:
${setup}${bake}      - id: upload
        uses: actions/upload-artifact@v6
        with:
          name: contest-pages-pr-\${{ github.event.pull_request.number }}
          path: dist
      - name: Say where the preview is
        env:
          NAME: contest-pages-pr-\${{ github.event.pull_request.number }}
          URL: \${{ steps.upload.outputs.artifact-url }}
        run: |
          printf '${PREVIEW[locale]}' "$NAME" "$URL" >> "$GITHUB_STEP_SUMMARY"

  publish:
    if: github.event_name != 'pull_request'
    runs-on: ubuntu-latest
    permissions:
      contents: read
      pages: write
      id-token: write
    environment:
      name: github-pages
      url: \${{ steps.deploy.outputs.page_url }}
    # One deployment at a time, none cancelled midway: a newer push waits, replacing any push still waiting.
    concurrency:
      group: pages
      cancel-in-progress: false
    steps:
${setup}${bake}      - uses: actions/configure-pages@v6
      - uses: actions/upload-pages-artifact@v5
        with:
          path: dist
      - id: deploy
        uses: actions/deploy-pages@v5
      # With the repository secret PODIUM_WEBHOOK (the address of a Teams Workflows webhook, or of a Slack incoming
      # webhook with the repository variable PODIUM_WEBHOOK_KIND set to slack), what a new Stand brings is posted there
      # (podium's docs/announce.md): only on a push that added or changed an export of a history folder, and only for
      # its contest, so that each Stand is announced once. A failed post is a warning: the pages are published.
      - name: Announce new Stands
        if: github.event_name == 'push'
        env:
          PODIUM_WEBHOOK: \${{ secrets.PODIUM_WEBHOOK }}
          KIND: \${{ vars.PODIUM_WEBHOOK_KIND }}
          BEFORE: \${{ github.event.before }}
        run: |
          if [ -z "$PODIUM_WEBHOOK" ]; then echo "No repository secret PODIUM_WEBHOOK: nothing announced."; exit 0; fi
          if ! git cat-file -e "$BEFORE^{commit}" 2>/dev/null; then echo "No earlier commit: nothing announced."; exit 0; fi
          git diff --name-only --diff-filter=AMR "$BEFORE" "$GITHUB_SHA" -- contests/ > "$RUNNER_TEMP/changed.txt"
          npx podium announce contests/${build} --changed "$RUNNER_TEMP/changed.txt" --webhook "\${KIND:-teams}"
`;
}
