// Contest → the page's markup, with React's server renderer.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { Contest } from '../contest/schema.ts';
import { toMessages, type Locale } from '../page/messages.ts';
import { toShownRanking } from '../contest/ranking.ts';
import { toWas } from '../contest/standings.ts';
import { ContestPage, Rows } from '../page/page.tsx';

/** Rows rendered per renderToString call for large tables. */
export const SLICE = 2000;
const EMPTY_BODY = '<tbody></tbody>';

export function render(contest: Contest, locale: Locale): string {
  return [...toMarkup(contest, locale)].join('');
}

/**
 * The markup in parts, for a caller that listens for a stop between them: a small table in one part; a large one
 * as the page around its rows, then its rows in slices. React keeps every chunk of a render until it ends: slices
 * give the same markup (test/bake/render.test.ts) with bounded memory, and faster (docs/performance.md).
 */
export function* toMarkup(contest: Contest, locale: Locale): Generator<string> {
  const messages = toMessages(locale);
  const { users } = contest;
  if (users.length <= SLICE) return yield renderToString(createElement(ContestPage, { contest, messages, locale }));
  const shell = renderToString(createElement(ContestPage, { contest, messages, locale, rows: false }));
  const ranking = toShownRanking(contest);
  const was = contest.standings && toWas(contest.standings, ranking.places);
  // Contest texts are escaped, so the only "<tbody></tbody>" in the shell is the table's own.
  const at = shell.indexOf(EMPTY_BODY) + '<tbody>'.length;
  yield shell.slice(0, at);
  for (let start = 0; start < users.length; start += SLICE) {
    const rows = users.slice(start, start + SLICE);
    const props = { users: rows, start, count: users.length, ranking, was, t: messages };
    yield renderToString(createElement(Rows, props));
  }
  yield shell.slice(at);
}
