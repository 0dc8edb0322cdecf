// Contest → the page's markup: React's server renderer, the same components the page script hydrates.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { Contest } from '../contest/schema.ts';
import { toShownRanking, type Ranking } from '../contest/ranking.ts';
import { toWas } from '../contest/standings.ts';
import { toMessages, type Locale } from '../page/messages.ts';
import { ContestPage, Rows } from '../page/page.tsx';
import { LockedPage } from '../page/access/locked.tsx';
import type { LockedContest } from '../page/access/open.ts';
import { toTeamMessages } from './access.ts';
import { isFair, toFairMessages } from './fair.ts';

/**
 * Rows React renders at a time: a render keeps every piece of its markup until it ends, and a large table rendered at
 * once nearly doubled its bake's peak memory (docs/performance.md).
 */
export const SLICE = 1000;
const BODY = '<tbody>';

/**
 * The page's markup as UTF-8: the page with its table's body left empty, then its rows a slice at a time. The same
 * markup as one render of the whole page, which hydration compares with (test/bake/render.test.ts). `ranking`: the
 * contest's, as the check ranked it; the page's own where none is given.
 */
export function render(contest: Contest, locale: Locale, ranking?: Ranking): Buffer {
  return Buffer.concat([...renderParts(contest, locale, ranking)]);
}

/** The same markup in its parts, each rendered when it is asked for: the page up to its table's body, each slice, the rest. */
export function* renderParts(
  contest: Contest,
  locale: Locale,
  ranking: Ranking = toShownRanking(contest),
): Generator<Buffer> {
  const messages = isFair(contest) ? { ...toMessages(locale), fair: toFairMessages(locale) } : toMessages(locale);
  const { users } = contest;
  const shell = renderToString(createElement(ContestPage, { contest, messages, locale, ranking, rows: false }));
  if (users.length === 0) return yield Buffer.from(shell); // no table
  // Contest texts are escaped, so the only "<tbody>" in the shell is the table's own.
  const at = shell.indexOf(BODY) + BODY.length;
  const was = contest.standings && toWas(contest.standings, ranking.places);
  yield Buffer.from(shell.slice(0, at));
  const { prizes } = contest;
  for (let start = 0; start < users.length; start += SLICE) {
    const props = { users: users.slice(start, start + SLICE), start, count: users.length, ranking, was, prizes };
    const target = contest.target;
    yield Buffer.from(renderToString(createElement(Rows, { ...props, target, t: messages })));
  }
  yield Buffer.from(shell.slice(at));
}

/** A team page's markup (privacy "access"): its texts, and where the ranking would be, that it needs the team's link. */
export function renderLocked(contest: LockedContest, locale: Locale): Buffer {
  const messages = { ...toMessages(locale), ...toTeamMessages(locale) };
  return Buffer.from(renderToString(createElement(LockedPage, { contest, messages, locale })));
}
