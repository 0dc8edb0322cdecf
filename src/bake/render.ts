// Contest → the page's markup: React's server renderer for the page, bake/rows.ts for its table's rows.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { Contest } from '../contest/schema.ts';
import { toMessages, type Locale } from '../page/messages.ts';
import { toShownRanking } from '../contest/ranking.ts';
import { toWas } from '../contest/standings.ts';
import { ContestPage } from '../page/page.tsx';
import { toMoves, toRows } from './rows.ts';

/**
 * Rows written per part of a large table: each part is UTF-8 bytes before the small young generation fills again, so
 * that fewer of its strings outlive a collection (10,000 rows: 2,000 a part took 15–20 ms more, with a full
 * collection; docs/performance.md).
 */
export const SLICE = 500;
const EMPTY_BODY = '<tbody></tbody>';

export function render(contest: Contest, locale: Locale): string {
  return [...toMarkup(contest, locale)].join('');
}

/**
 * The markup in parts, for a caller that listens for a stop between them: a small table in one part; a large one
 * as the page around its rows, then its rows in slices, each a string of its own that the caller may encode at once.
 * The same markup as React renders the whole page (test/bake/render.test.ts).
 */
export function* toMarkup(contest: Contest, locale: Locale): Generator<string> {
  const messages = toMessages(locale);
  const { users } = contest;
  const shell = renderToString(createElement(ContestPage, { contest, messages, locale, rows: false }));
  if (users.length === 0) return yield shell; // no table
  const ranking = toShownRanking(contest);
  const was = contest.standings && toWas(contest.standings, ranking.places);
  // Contest texts are escaped, so the only "<tbody></tbody>" in the shell is the table's own.
  const at = shell.indexOf(EMPTY_BODY) + '<tbody>'.length;
  // Each movement's markup, rendered by React once for the whole table (~0.5 ms a time).
  const move = was && toMoves(messages);
  const rows = (start: number) =>
    toRows({ users: users.slice(start, start + SLICE), start, count: users.length, ranking, was, t: messages }, move);
  if (users.length <= SLICE) return yield shell.slice(0, at) + rows(0) + shell.slice(at);
  yield shell.slice(0, at);
  for (let start = 0; start < users.length; start += SLICE) yield rows(start);
  yield shell.slice(at);
}
