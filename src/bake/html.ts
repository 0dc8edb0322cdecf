// The document around the markup: head, inlined CSS, CSP, the contest as data, and the page script.
import { toAsset, toHash, type Asset, type Assets, type Script } from './assets.ts';
import type { Contest } from '../contest/schema.ts';
import type { LockedContest } from '../page/access/open.ts';
import { toTeamMessages } from './access.ts';
import { isFair, toFairMessages } from './fair.ts';
import type { Me } from '../page/me/me.ts';
import { toMessages, type Locale } from '../page/messages.ts';
import { hasRules } from '../contest/ranking.ts';
import type { Moments } from '../page/tv/moment.ts';
import momentDe from '../../templates/messages/tv.de.json' with { type: 'json' };
import momentEn from '../../templates/messages/tv.en.json' with { type: 'json' };

/** What a page's head says beyond the contest, set by build flags. */
export type Head = {
  /** Include the contest data and the hydration script; false: a page with no script at all. */
  hydrate: boolean;
  /** The page's public address: og:url and the canonical link. */
  url?: string | undefined;
  /** Ask search engines not to index the page. */
  noindex?: boolean;
  /** Reload the page every so many seconds, for kiosks. */
  refreshSeconds?: number | undefined;
  /** `podium dev` only: a script that reloads the page when its contest changes (needs connect-src). */
  devScript?: string;
  /** A folder's page: the text of its link back to the folder's overview, `../index.html`. */
  back?: string | undefined;
};
/**
 * `markup`: the page's markup; `contest.me`: what a page baked with --links carries for its personal links
 * (bake/links.ts); `locked`: a team page's data (bake/access.ts), carried in the contest's place, whose markup is the
 * locked page's.
 */
export type Page = {
  contest: Contest & { me?: Me };
  locale: Locale;
  markup: Uint8Array;
  head: Head;
  locked?: LockedContest | undefined;
  /** The race's figure (bake/chart.ts): after the page's root, which hydration never sees. */
  figure?: string | undefined;
};

const OG_LOCALES: Record<Locale, string> = { de: 'de_DE', en: 'en_US' };
/** The page's texts that only the history's code says (page/history.tsx): a page without a previous Stand leaves them out. */
const HISTORY_TEXTS = [
  'new',
  'newWords',
  'same',
  'up',
  'down',
  'placesUp',
  'placesDown',
  'gainedLeads',
  'at',
  'since',
  'sinceShort',
  'newInTop',
  'climb',
  'trend',
];
/** The texts only the TV refresh says (page/tv/live.ts): only a page baked with --refresh carries them. */
const REFRESH_TEXTS = ['stale', 'staleStand', 'staleStandDate', 'offline', 'offlineFor'];
/**
 * And a refresh's moment (page/tv/moment.ts), from a catalogue of their own: a text added to the page's would change
 * every page script (esbuild names React's shortened properties by what the catalogues hold too).
 */
const MOMENT_TEXTS: Record<Locale, Moments> = { de: momentDe, en: momentEn };
/** What a wall screen says of a page that does not refresh itself (page/tv/no-live.ts): only a page without --refresh. */
const STILL_TEXTS = ['still'];
/** The texts of the Stand and its age (page/page.tsx, page/clock.ts), and of the time left. */
const STAND_TEXTS = ['stand', 'standDate', 'ago', 'justNow'];
const END_TEXTS = ['left', 'ended'];
/** The texts only a personal link's panel says (page/me/): only a page baked with --links carries them. */
const ME_TEXTS = ['you', 'meProfit', 'meGained'];
/** With JavaScript off, a page with a script gives back the room script.css keeps for its search bar. */
const NOSCRIPT_CSS = '.table-scroll{margin-top:0}';

/** The document: the page's markup, and with `head.hydrate` the contest as data and the page script. */
export function assemble(page: Page, assets: Assets): Buffer {
  return Buffer.concat([...assembleParts({ ...page, markup: [page.markup] }, assets)]);
}

/**
 * The same document in its parts, in order: all that is around the markup is made before the first, and each of the
 * markup's parts is asked for in its turn.
 */
export function* assembleParts(
  { contest, locale, markup, head, locked, figure = '' }: Omit<Page, 'markup'> & { markup: Iterable<Uint8Array> },
  assets: Assets,
): Generator<Uint8Array> {
  // JSON.parse of a string literal: a browser reads a large contest as JSON far faster than as a JavaScript object
  // literal (measured in docs/performance.md).
  // As UTF-8 once: hashed and written from the same bytes (a large contest's JSON is many megabytes).
  const data = head.hydrate
    ? Buffer.from(`window.__CONTEST__=JSON.parse(${toScriptString(toScriptJson(locked ?? contest))})`)
    : undefined;
  const base = head.hydrate ? assets.scriptCss : assets.css;
  // A page carries only the script it uses: the history's code with a previous Stand, the TV refresh with --refresh.
  // A page baked with --links (contest.me, bake/links.ts), the personal link's code too. A team page's script holds
  // both whatever its list (bake/access.ts): the script must not tell.
  const access = locked !== undefined;
  // A fair contest's script (targets, prize tiers, teams) holds both too: two scripts, not eight.
  const fair = isFair(contest);
  const me = access || fair || contest.me !== undefined;
  const history = access || fair || contest.standings !== undefined;
  const script = { history, refresh: head.refreshSeconds !== undefined, me, access, fair: fair && !access };
  // And only the styles it uses: the rules' line, the stale line of the TV refresh, the link back to the overview.
  const extra = [
    hasRules(contest) ? assets.rulesCss : undefined,
    head.hydrate && script.refresh ? assets.refreshCss : undefined,
    head.back ? assets.backCss : undefined,
    access ? assets.accessCss : undefined,
    figure ? assets.raceCss : undefined,
    contest.target ? assets.targetsCss : undefined,
    contest.board ? assets.teamsCss : undefined,
    contest.prizes ? assets.tiersCss : undefined,
  ].filter((text) => text !== undefined);
  const css = extra.length ? toAsset(base.text + extra.join('')) : base;
  const client = data === undefined ? undefined : assets.client(script);
  const scripts = data === undefined || !client ? [] : [toHash(data), client.hash];
  // A link outside the page's root: the server writes it, and hydration never sees it. Relative: it works from disk.
  const back = head.back ? `<nav class="back"><a href="../index.html">${escapeHtml(head.back)}</a></nav>` : '';
  const top = `${toTop({ title: contest.title, description: contest.description, locale, css, scripts, head })}${back}<div id="podium">`;
  const end = `${head.devScript ? `\n<script>${head.devScript}</script>` : ''}\n</body>\n</html>\n`;
  yield Buffer.from(top);
  yield* markup;
  if (data === undefined || !client) return yield Buffer.from(`</div>${figure}${end}`);
  const texts = toTexts(contest, locale, script);
  const rest = `</script>\n<script>${client.text}</script>${end}`;
  const after = Buffer.from(`</div>${figure}\n${texts}\n<script>`);
  yield* [after, data, Buffer.from(rest)];
}

/**
 * The page's texts, in its locale only, as data the page script reads (a JSON block runs nothing: no CSP hash), and of
 * those only the ones its script says (the rules' only where the contest has rules).
 */
function toTexts(contest: Contest, locale: Locale, script: Script): string {
  const left = [
    ...(script.history ? [] : HISTORY_TEXTS),
    ...(script.refresh ? STILL_TEXTS : REFRESH_TEXTS),
    ...(script.me ? [] : ME_TEXTS),
    ...(hasRules(contest) ? [] : ['rules']),
    // The time left and the Stand's age only on a page that has them. A --refresh page too: one whose new figures
    // bring a date carries these texts, another version of the page, which the wall screen loads (tv/fetched.ts).
    ...(contest.updated_at ? [] : STAND_TEXTS),
    ...(contest.qualification_end ? [] : END_TEXTS),
    // The name of the hidden is baked into the data; the words for an amount not published only where one is not.
    'anonymous',
    ...(contest.ranked ? [] : ['notPublished']),
  ];
  const page = Object.entries(toMessages(locale)).filter(([key]) => !left.includes(key));
  // A team page's texts too (its locked page, its passphrase), a --refresh page's moment, and a fair contest's,
  // from catalogues of their own.
  const messages = Object.fromEntries([
    ...page,
    ...(script.access ? Object.entries(toTeamMessages(locale)) : []),
    ...(script.refresh ? Object.entries(MOMENT_TEXTS[locale]) : []),
    ...(isFair(contest) ? [['fair', toFairMessages(locale)]] : []),
  ]);
  return `<script type="application/json" id="texts">${toScriptJson(messages)}</script>`;
}

/** What a document's head states: its title and description, and the inline stylesheet and scripts it allows. */
export type Top = {
  title: string;
  description: string;
  locale: Locale;
  css: Asset;
  scripts: readonly string[];
  head: Head;
};

/**
 * A document from its doctype to `<body>`: the CSP allows `css` and the `scripts` by hash (and a dev script), and
 * nothing else; the meta tags give link previews and search engines the title, description and address.
 */
export function toTop({ title, description, locale, css, scripts, head }: Top): string {
  const allowed = [...scripts, ...(head.devScript ? [toHash(head.devScript)] : [])];
  // With a script, --refresh is the script's (page/tv/live.ts): on a wall screen it fetches the page's own address,
  // and only then may the page connect anywhere; without JavaScript the meta refresh reloads the page, as it always did.
  const refresh = head.refreshSeconds && `<meta http-equiv="refresh" content="${head.refreshSeconds}">`;
  const scripted = refresh && scripts.length > 0;
  const csp = [
    "default-src 'none'",
    `script-src ${allowed.length ? allowed.join(' ') : "'none'"}`,
    ...(head.devScript || scripted ? ["connect-src 'self'"] : []),
    `style-src ${css.hash}${head.hydrate ? ` ${toHash(NOSCRIPT_CSS)}` : ''}`,
    // The data: icon stops browsers from fetching /favicon.ico.
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  const meta = [
    `<meta property="og:type" content="website">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:locale" content="${OG_LOCALES[locale]}">`,
    ...(head.url
      ? [
          `<meta property="og:url" content="${escapeHtml(head.url)}">`,
          `<link rel="canonical" href="${escapeHtml(head.url)}">`,
        ]
      : []),
    ...(head.noindex ? ['<meta name="robots" content="noindex">'] : []),
    ...(refresh ? [scripted ? `<noscript>${refresh}</noscript>` : refresh] : []),
  ];
  return `<!doctype html>
<html lang="${locale}"${scripted ? ` data-refresh="${head.refreshSeconds}"` : ''}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(description)}">
${meta.join('\n')}
<link rel="icon" href="data:,">
<style>${css.text}</style>${head.hydrate ? `\n<noscript><style>${NOSCRIPT_CSS}</style></noscript>` : ''}
</head>
<body>
`;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/**
 * JSON that is safe inside an inline <script>: no "</script>" or "<!--" can form, and U+2028/U+2029
 * cannot end the string in older engines (see reduxjs/redux#1855).
 */
export function toScriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** `text` as a JavaScript string literal; `text` must already be safe inside a <script> (see toScriptJson). */
export function toScriptString(text: string): string {
  return `'${text.replace(/[\\']/g, '\\$&')}'`;
}
