// The GitHub Actions workflow of a contest repository: validate on pull requests with annotations, bake and publish to
// GitHub Pages from main. docs/contest-pages.yml is the same workflow for a repository set up by hand
// (test/init/repository.test.ts keeps the two the same).

/** `.github/workflows/contest-pages.yml`; `build` is what follows `podium build contests/` (the locale's flag). */
export function toWorkflow(build: string): string {
  return `# Contest pages: validate on pull requests, bake and publish on main.
name: Contest pages

on:
  pull_request:
  push:
    branches: [main]
  workflow_dispatch:

permissions:
  contents: read

jobs:
  validate:
    # On a pull request: every problem of every contest file, shown on the changed lines.
    if: github.event_name == 'pull_request'
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v7
      - uses: actions/setup-node@v7
        with:
          node-version: 24
          cache: npm
      - run: npm ci
      # GITHUB_ACTIONS=true is set by Actions, so problems also become annotations on the pull request.
      - run: npx podium validate contests/ --strict

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
      - uses: actions/checkout@v7
        with:
          # The whole history: a shallow clone would make the newest commit the last change to every contest.
          fetch-depth: 0
      - uses: actions/setup-node@v7
        with:
          node-version: 24
          cache: npm
      - run: npm ci
      - run: npx podium validate contests/ --strict
      # Each contest's "Stand" is the last commit that changed its own files: a new export moves its contest's only.
      - run: npx podium build contests/${build} --out dist --updated-at git --noindex --base-url "\${{ vars.PAGES_URL || format('https://{0}.github.io/{1}/', github.repository_owner, github.event.repository.name) }}"
      - uses: actions/configure-pages@v6
      - uses: actions/upload-pages-artifact@v5
        with:
          path: dist
      - id: deploy
        uses: actions/deploy-pages@v5
`;
}
