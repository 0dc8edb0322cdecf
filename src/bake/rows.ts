// A table's rows as markup for the baked page, written out here instead of by React's server renderer: the markup of
// page.tsx's Rows, character for character, which hydration compares with (test/bake/rows.test.ts renders every kind
// of row both ways). React spent ~10 µs a row, a third of a 10,000-user bake (docs/performance.md). A row's movement
// is still React's, Move's own markup, rendered once for each movement the table has.
import { createElement, Fragment } from 'react';
import { renderToString } from 'react-dom/server';
import { toMovement } from '../contest/ranking.ts';
import { toCount, toMoney } from '../contest/numbers.ts';
import { toPlace } from '../page/format.ts';
import { Move } from '../page/history.tsx';
import type { Messages } from '../page/messages.ts';
import type { Rows } from '../page/page.tsx';

/** What page.tsx's Rows takes. */
export type RowsProps = Parameters<typeof Rows>[0];

/**
 * renderToString(createElement(Rows, props)), without React but for the movements: `move` (toMoves()), which a
 * large table's slices share.
 */
export function toRows({ users, start, count, ranking, was, t }: RowsProps, move = was && toMoves(t)): string {
  const last = toCount(count);
  const winner = `<span class="visually-hidden">${escape(` (${t.winner})`)}</span>`;
  const unmet = t.rules ? ` <small class="unmet">${escape(t.rules.unmet)}</small>` : '';
  const unpublished = `<span aria-hidden="true">–</span><span class="visually-hidden">${escape(t.notPublished)}</span>`;
  // A place's padding depends only on how many characters its number has (toPlace): worked out once for each.
  const pads: string[] = [];
  let html = '';
  // An index, not entries(): V8 makes a pair for each row until it has optimised the loop.
  for (let index = 0; index < users.length; index += 1) {
    const user = users[index]!;
    const at = start + index;
    const rank = ranking.places[at]!;
    const shown = toFigure(rank);
    const place = (pads[shown.length] ??= toPlace(rank, last).slice(0, -shown.length)) + shown;
    const wins = ranking.winning[at] === 1;
    const short = ranking.short?.[at] === 1;
    const moved = move?.(was![at]!, rank);
    // Texts side by side are told apart by an empty comment, as React writes them; a name beside its words, in <bdi>.
    const name = short ? `<bdi>${escape(user.name)}</bdi>` : escape(user.name);
    // Places, counts and amounts are digits and punctuation that need no escaping.
    const head =
      was === undefined && !short
        ? `${place}\u00a0${name}`
        : `${place}\u00a0${moved ?? (short ? '' : '<!-- -->')}${name}`;
    const profit = typeof user.profit === 'number' ? toEuros(user.profit) : unpublished;
    html +=
      `<tr${wins ? ' class="winner"' : ''}><th scope="row">${head}${wins ? winner : ''}${short ? unmet : ''}</th>` +
      `<td>${toFigure(user.leadCount)}</td><td>${profit}</td></tr>`;
  }
  return html;
}

// toFigure() and toEuros() are here, not in page/format.ts: that module is the page script's too, and any change to it
// changes every page's bytes.

/** toCount() of a place or a count below a million, without its slices; any other through toCount(). */
const toFigure = (count: number) =>
  count < 1000
    ? String(count)
    : count < 1_000_000
      ? `${Math.floor(count / 1000)}.${String(count % 1000).padStart(3, '0')}`
      : toCount(count);

/**
 * toMoney() of a table's amount, German: the amounts an export holds (whole cents, not negative, under 10^13) in whole
 * numbers, without the texts toMoney() slices; any other through toMoney() (with toFigure(), the rows of 10,000 users
 * 265 → 214 million instructions, docs/performance.md). test/bake/rows.test.ts compares the two.
 */
export function toEuros(amount: number): string {
  const cents = Math.round(amount * 100);
  if (!(cents / 100 === amount && amount >= 0 && amount < 1e13)) return toMoney(amount);
  let euros = Math.floor(cents / 100);
  const rest = cents - euros * 100;
  let text = `,${rest < 10 ? '0' : ''}${rest}\u00a0€`;
  for (; euros >= 1000; euros = Math.floor(euros / 1000)) {
    const group = euros % 1000;
    text = `.${group < 10 ? '00' : group < 100 ? '0' : ''}${group}${text}`;
  }
  return `${euros}${text}`;
}

/** A count no movement has: Move is rendered with it, and a movement by two places or more has its own count put in. */
const ANY = 987_654_321;

/**
 * Each row's movement as Move renders it: Move's markup for each kind, rendered once in one renderToString of them all
 * (a Move is one <span> without another inside it, or nothing: `unknown`). A movement by two places or more differs
 * from one by ANY only in its count, which plural() gives the same words for.
 */
export function toMoves(t: Messages): (was: number, place: number) => string | undefined {
  const shapes = [
    { was: 0, place: 1 }, // new
    { was: 1, place: 1 }, // same
    { was: 2, place: 1 }, // up 1
    { was: 1, place: 2 }, // down 1
    { was: ANY + 1, place: 1 }, // up ANY
    { was: 1, place: ANY + 1 }, // down ANY
  ];
  const moves = shapes.map((shape, key) => createElement(Move, { key, ...shape, t }));
  const [added, same, up, down, upMany, downMany] = renderToString(createElement(Fragment, null, moves))
    .split('</span>')
    .map((span) => `${span}</span>`);
  const count = String(ANY);
  return (was, place) => {
    const movement = toMovement(was, place);
    if (movement.kind === 'unknown') return undefined;
    if (movement.kind === 'new') return added;
    if (movement.kind === 'same') return same;
    const [one, many] = movement.kind === 'up' ? [up, upMany] : [down, downMany];
    return movement.places === 1 ? one : many!.replaceAll(count, String(movement.places));
  };
}

const ESCAPES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };

const SPECIAL = /["&'<>]/;

/** A text as React writes it into markup; most names have nothing to escape. */
function escape(text: string): string {
  return SPECIAL.test(text) ? text.replace(/["&'<>]/g, (character) => ESCAPES[character]!) : text;
}
