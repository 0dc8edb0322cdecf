// A page fetched from the server, read as untrusted text: nothing in it runs. Its contest counts only when the
// document arrived whole and its data passes the check the bake passed it through (contest/data.ts); its version (the
// styles, texts and script it carries) tells new figures from a new podium version, which needs a reload.
import { isPageData } from '../../contest/data.ts';
import type { Contest } from '../../contest/schema.ts';

/**
 * What a fetched contest page holds: its contest, the version of the page around it, and the race's chart (baked
 * after the page's root: bake/chart.ts), null where it has none.
 */
export type Fetched = { contest: Contest; version: string; race?: Element | null };

// html.ts writes the contest as `window.__CONTEST__=JSON.parse('…')`, the JSON escaped as a string literal.
const DATA = /^window\.__CONTEST__=JSON\.parse\('((?:[^'\\]|\\.)*)'\)$/;

/** A page of this site as a contest page, fetched past every cache; undefined when it cannot be had whole. */
export async function fetchPage(url: string): Promise<Fetched | undefined> {
  const text = await fetchText(url);
  return text === undefined ? undefined : readPage(text);
}

/**
 * A page of this site's text; undefined for a failed request, a redirect, a status other than 200, or an answer not
 * whole within a minute (a server or proxy that holds the connection open would otherwise stop every refresh after).
 */
export async function fetchText(url: string): Promise<string | undefined> {
  try {
    // A redirect is a captive portal's or another site's, never this page's: it fails as the server being away.
    const response = await fetch(url, {
      cache: 'no-store',
      redirect: 'error',
      credentials: 'same-origin',
      signal: AbortSignal.timeout(60_000), // the body too: text() rejects once it fires
    });
    return response.status === 200 ? await response.text() : undefined;
  } catch {
    return undefined;
  }
}

/** A contest page's text → its contest and version; undefined for anything else (cut off, another site's, broken). */
export function readPage(html: string): Fetched | undefined {
  const doc = toDocument(html);
  if (!doc?.getElementById('podium')) return undefined;
  const literal = [...doc.scripts].map((script) => DATA.exec(script.text)?.[1]).find((text) => text !== undefined);
  if (literal === undefined) return undefined;
  let contest: unknown;
  try {
    contest = JSON.parse(literal.replace(/\\(.)/g, '$1'));
  } catch {
    return undefined;
  }
  if (!isPageData(contest)) return undefined;
  // Markup to be put into the page: none that could run (the page's CSP would refuse it too).
  const race = doc.querySelector('#podium + .race');
  return { contest, version: toVersion(doc, toStyles(html)), race: race?.querySelector('script') ? null : race };
}

/** The links of a folder's overview, in its order, as addresses; undefined for a page that is no overview. */
export function readOverview(html: string, base: string): string[] | undefined {
  const list = toDocument(html)?.querySelector('ul.contests');
  return list
    ? [...list.querySelectorAll('h2 > a')].map((link) => new URL(link.getAttribute('href')!, base).href)
    : undefined;
}

/**
 * A whole document, parsed where nothing in it runs; undefined for one cut off (html.ts ends every document so). Its
 * stylesheets are left out: the page's Content-Security-Policy would refuse another page's, and say so in red.
 */
function toDocument(html: string): Document | undefined {
  if (!/<\/html>\n?$/.test(html)) return undefined;
  return new DOMParser().parseFromString(html.replace(/<style>[^<]*<\/style>/g, ''), 'text/html');
}

/** The stylesheets of a page's text, but the one for JavaScript off (html.ts writes it inside <noscript>). */
function toStyles(html: string): string[] {
  return [...html.matchAll(/(?<!<noscript>)<style>([^<]*)<\/style>/g)].map((match) => match[1]!);
}

/**
 * What a page's look and behaviour come from, beside its contest: the refresh, the styles, and the scripts but the
 * data (the page script and its texts). `styles`: a parsed page's, which toDocument leaves out of it.
 */
export function toVersion(
  doc: Document,
  styles = [...doc.querySelectorAll('head > style')].map((style) => style.textContent),
): string {
  const scripts = [...doc.scripts].filter((script) => !DATA.test(script.text)).map((script) => script.text);
  return [doc.documentElement.dataset.refresh, ...styles, ...scripts].join('\u0000');
}
