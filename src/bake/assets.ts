// The files every page inlines, read once per run: the stylesheet and the page script, both built by scripts/build.js.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { UserError } from '../errors.ts';

/** An inline file: its text, and its CSP hash. */
export type Asset = { text: string; hash: string };
/**
 * What a page script holds beyond the page: the history's code (a previous Stand), the TV refresh (--refresh), the
 * personal links (--links); a team page's (`access`) and a fair contest's (`fair`: targets, prize tiers, teams).
 */
export type Script = { history: boolean; refresh: boolean; me?: boolean; access?: boolean; fair?: boolean };
/**
 * `css` styles a page without a script; `scriptCss` is that and the styles of what only the page script shows;
 * `overviewCss` is `css` and the styles of a folder's overview page. `client` is the page script a page uses, each
 * read when first asked for.
 */
export type Assets = {
  css: Asset;
  scriptCss: Asset;
  overviewCss: Asset;
  client: (script: Script) => Asset;
  /** What a page of a contest that states rules adds to its stylesheet (rules.css). */
  rulesCss?: string;
  /** What a page with a script baked with --refresh adds (refresh.css): the stale line. */
  refreshCss?: string;
  /** What a folder's page adds (back.css): its link back to the overview. */
  backCss?: string;
  /** What a team page adds (access.css): its passphrase's form. */
  accessCss?: string;
  /** What a page with the race's chart adds (race.css). */
  raceCss?: string;
  /** What the page of a contest with "teams" adds (teams.css): the teams table and the choice of one team. */
  teamsCss?: string;
  /** What a page of a contest with targets adds (targets.css): the bar of the share reached. */
  targetsCss?: string;
  /** What a contest with prize tiers adds (tiers.css): each winner's tier in words and its band. */
  tiersCss?: string;
};

// Built by scripts/build.js into lib/: this module is src/bake/assets.ts in tests, part of lib/cli.cjs when installed.
const LIB = new URL(import.meta.url.endsWith('.cjs') ? './' : '../../lib/', import.meta.url);
const CSS = new URL('page.css', LIB);
const SCRIPT_CSS = new URL('script.css', LIB);
const OVERVIEW_CSS = new URL('overview.css', LIB);
const RULES_CSS = new URL('rules.css', LIB);
const REFRESH_CSS = new URL('refresh.css', LIB);
const BACK_CSS = new URL('back.css', LIB);
const ACCESS_CSS = new URL('access.css', LIB);
const RACE_CSS = new URL('race.css', LIB);
const TEAMS_CSS = new URL('teams.css', LIB);
const TARGETS_CSS = new URL('targets.css', LIB);
const TIERS_CSS = new URL('tiers.css', LIB);

export function readAssets(): Assets {
  const css = read(CSS);
  const clients: Record<string, Asset> = {};
  return {
    css: toAsset(css),
    scriptCss: toAsset(css + read(SCRIPT_CSS)),
    overviewCss: toAsset(css + read(OVERVIEW_CSS)),
    rulesCss: read(RULES_CSS),
    refreshCss: read(REFRESH_CSS),
    backCss: read(BACK_CSS),
    accessCss: read(ACCESS_CSS),
    raceCss: read(RACE_CSS),
    teamsCss: read(TEAMS_CSS),
    targetsCss: read(TARGETS_CSS),
    tiersCss: read(TIERS_CSS),
    client: (script) => (clients[toClientFile(script)] ??= toAsset(read(new URL(toClientFile(script), LIB)))),
  };
}

let overviewScript: Asset | undefined;

/** The script of a folder's overview baked with --refresh (lib/overview.js), read when first asked for. */
export function readOverviewScript(): Asset {
  return (overviewScript ??= toAsset(read(new URL('overview.js', LIB))));
}

/**
 * The page script's file in lib/ (scripts/bundles.js names them so): `client.js`, `client-history-refresh-me.js`; a
 * team page's, `client-access.js` or `client-access-refresh.js`, and a fair contest's, `client-fair.js` or
 * `client-fair-refresh.js` (they hold the history and the personal links always).
 */
export function toClientFile({ history, refresh, me, access, fair }: Script): string {
  if (access || fair) return `client-${access ? 'access' : 'fair'}${refresh ? '-refresh' : ''}.js`;
  const parts = ['client', ...(history ? ['history'] : []), ...(refresh ? ['refresh'] : []), ...(me ? ['me'] : [])];
  return `${parts.join('-')}.js`;
}

export function toAsset(text: string): Asset {
  return { text, hash: toHash(text) };
}

/** The CSP source for an inline element's exact text (as UTF-8). */
export function toHash(text: string | Uint8Array): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

function read(url: URL): string {
  try {
    return readFileSync(url, 'utf8');
  } catch {
    throw new UserError(`podium: ${url.pathname} is missing; run "npm install" (or "npm run build") to build it`);
  }
}
