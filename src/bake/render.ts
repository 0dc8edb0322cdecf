// Contest → the page's markup, with React's server renderer.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { Contest } from '../contest/schema.ts';
import { toMessages, type Locale } from '../page/messages.ts';
import { ContestPage, Rows } from '../page/page.tsx';

/** Rows rendered per renderToString call for large tables. */
export const SLICE = 2000;
const EMPTY_BODY = '<tbody></tbody>';

export function render(contest: Contest, locale: Locale): string {
  const messages = toMessages(locale);
  const { users } = contest;
  if (users.length <= SLICE) return renderToString(createElement(ContestPage, { contest, messages, locale }));
  // React keeps every chunk of a render until it ends. Rendering the rows in slices gives the same markup
  // (test/render.test.ts) with bounded memory, and faster (docs/performance.md).
  const shell = renderToString(createElement(ContestPage, { contest, messages, locale, rows: false }));
  const winners = Math.min(contest.solo_winners, users.length);
  const parts: string[] = [];
  for (let start = 0; start < users.length; start += SLICE) {
    parts.push(
      renderToString(
        createElement(Rows, { users: users.slice(start, start + SLICE), start, winners, label: messages.winner }),
      ),
    );
  }
  // Contest texts are escaped, so the only "<tbody></tbody>" in the shell is the table's own.
  const at = shell.indexOf(EMPTY_BODY) + '<tbody>'.length;
  return shell.slice(0, at) + parts.join('') + shell.slice(at);
}
