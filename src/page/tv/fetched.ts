// A page fetched from the server, read as untrusted text: nothing in it runs. Its contest counts only when the
// document arrived whole and the contest has every field the page reads, of the type it reads; its version (the
// styles, texts and script it carries) tells new figures from a new podium version, which needs a reload.
import type { Contest, User } from '../../contest/schema.ts';
import type { Standings } from '../../contest/standings.ts';

/** What a fetched contest page holds: its contest, and the version of the page around it. */
export type Fetched = { contest: Contest; version: string };

// html.ts writes the contest as `window.__CONTEST__=JSON.parse('…')`, the JSON escaped as a string literal.
const DATA = /^window\.__CONTEST__=JSON\.parse\('((?:[^'\\]|\\.)*)'\)$/;

/** A contest page's text → its contest and version; undefined for anything else (cut off, another site's, broken). */
export function readPage(html: string): Fetched | undefined {
  // html.ts ends every document so: a file cut off while written or sent lacks it.
  if (!/<\/html>\n?$/.test(html)) return undefined;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  if (!doc.getElementById('podium')) return undefined;
  const literal = [...doc.scripts].map((script) => DATA.exec(script.text)?.[1]).find((text) => text !== undefined);
  if (literal === undefined) return undefined;
  let contest: unknown;
  try {
    contest = JSON.parse(literal.replace(/\\(.)/g, '$1'));
  } catch {
    return undefined;
  }
  return isContest(contest) ? { contest, version: toVersion(doc) } : undefined;
}

/** The links of a folder's overview, in its order, as addresses; undefined for a page that is no overview. */
export function readOverview(html: string, base: string): string[] | undefined {
  if (!/<\/html>\n?$/.test(html)) return undefined;
  const list = new DOMParser().parseFromString(html, 'text/html').querySelector('ul.contests');
  return list
    ? [...list.querySelectorAll('h2 > a')].map((link) => new URL(link.getAttribute('href')!, base).href)
    : undefined;
}

/** What a page's look and behaviour come from, beside its contest: styles, texts, scripts but the data, refresh. */
export function toVersion(doc: Document): string {
  const styles = [...doc.querySelectorAll('head > style')].map((style) => style.textContent);
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
  if (!isRecord(value) || !Array.isArray(value.users) || !value.users.every(isUser)) return false;
  const texts = ['title', 'heading', 'journey_date_text', 'description', 'qualification_date_text'];
  if (!texts.every((key) => isText(value[key])) || !isCount(value.solo_winners)) return false;
  const times = ['updated_at', 'qualification_end'].map((key) => value[key]);
  if (!times.every((time) => time === undefined || (isText(time) && !Number.isNaN(Date.parse(time as string)))))
    return false;
  return value.standings === undefined || isStandings(value.standings, value.users.length);
}

function isUser(value: unknown): value is User {
  return isRecord(value) && isText(value.name) && isCount(value.leadCount) && isNumber(value.profit);
}

function isStandings(value: unknown, users: number): value is Standings {
  if (!isRecord(value) || !isText(value.since) || !Array.isArray(value.stands) || !value.stands.every(isText))
    return false;
  const isPlace = (place: unknown) => place === null || isNumber(place);
  const climbed = (entry: unknown) => entry === null || (Array.isArray(entry) && entry.every(isPlace));
  const gained = (entry: unknown) => entry === null || isArray(entry, 2, isNumber);
  return isArray(value.climbed, users, climbed) && isArray(value.gained, users, gained);
}
