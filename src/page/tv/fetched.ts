// A page fetched from the server, read as untrusted text: nothing in it runs. Its contest counts only when the
// document arrived whole and the contest has every field the page reads, of the type it reads; its version (the
// styles, texts and script it carries) tells new figures from a new podium version, which needs a reload.
import { isRules } from '../../contest/ranking.ts';
import type { Contest, User } from '../../contest/schema.ts';
import type { Standings } from '../../contest/standings.ts';

/** What a fetched contest page holds: its contest, and the version of the page around it. */
export type Fetched = { contest: Contest; version: string };

// html.ts writes the contest as `window.__CONTEST__=JSON.parse('…')`, the JSON escaped as a string literal.
const DATA = /^window\.__CONTEST__=JSON\.parse\('((?:[^'\\]|\\.)*)'\)$/;

/** A page of this site as a contest page, fetched past every cache; undefined when it cannot be had whole. */
export async function fetchPage(url: string): Promise<Fetched | undefined> {
  const text = await fetchText(url);
  return text === undefined ? undefined : readPage(text);
}

/** A page of this site's text; undefined for a failed request, a redirect, or a status other than 200. */
export async function fetchText(url: string): Promise<string | undefined> {
  try {
    // A redirect is a captive portal's or another site's, never this page's: it fails as the server being away.
    const response = await fetch(url, { cache: 'no-store', redirect: 'error', credentials: 'same-origin' });
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
  return isContest(contest) ? { contest, version: toVersion(doc, toStyles(html)) } : undefined;
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

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown) => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isCount = (value: unknown) => isNumber(value) && Number.isInteger(value) && value >= 0;
const isArray = (value: unknown, length: number, each: (item: unknown) => boolean) =>
  Array.isArray(value) && value.length === length && value.every(each);

/** A contest as the page reads it: the texts, the counts, the users, the times, and any earlier Stands. */
export function isContest(value: unknown): value is Contest {
  // An amount may be missing only on a page that carries its ranking (contest/privacy.ts).
  const isPerson = (user: unknown) => isUser(user, isRecord(value) && value.ranked !== undefined);
  if (!isRecord(value) || !Array.isArray(value.users) || !value.users.every(isPerson)) return false;
  const texts = ['title', 'heading', 'journey_date_text', 'description', 'qualification_date_text'];
  if (!texts.every((key) => isText(value[key])) || !isCount(value.solo_winners) || !isRules(value)) return false;
  const times = ['updated_at', 'qualification_end'].map((key) => value[key]);
  if (!times.every((time) => time === undefined || (isText(time) && !Number.isNaN(Date.parse(time as string)))))
    return false;
  const ranked = value.ranked === undefined || isRanked(value.ranked, value.users.length);
  return ranked && (value.standings === undefined || isStandings(value.standings, value.users.length));
}

/** A ranking a page carries where it does not publish every amount (contest/privacy.ts), for `users` rows. */
function isRanked(value: unknown, users: number): boolean {
  const rows = (list: unknown) => Array.isArray(list) && list.length === users && list.every(isCount);
  const { places, winning, short, winners, last } = isRecord(value) ? value : {};
  return rows(places) && rows(winning) && (short === undefined || rows(short)) && isCount(winners) && isNumber(last);
}

function isUser(value: unknown, withheld: boolean): value is User {
  if (!isRecord(value) || !isText(value.name) || !isCount(value.leadCount)) return false;
  return isNumber(value.profit) || (withheld && value.profit === undefined);
}

function isStandings(value: unknown, users: number): value is Standings {
  if (!isRecord(value) || !isText(value.since) || !Array.isArray(value.stands) || !value.stands.every(isText))
    return false;
  const isPlace = (place: unknown) => place === null || isNumber(place);
  const climbed = (entry: unknown) => entry === null || (Array.isArray(entry) && entry.every(isPlace));
  const gained = (entry: unknown) => entry === null || isArray(entry, 2, isNumber);
  const held = (entry: unknown) => isArray(entry, 2, isCount) && (entry as number[])[0]! < users;
  return (
    isArray(value.climbed, users, climbed) &&
    isArray(value.gained, users, gained) &&
    (value.held === undefined || (Array.isArray(value.held) && value.held.every(held)))
  );
}
