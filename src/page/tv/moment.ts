// What a wall screen's new figures (--refresh, live.ts) change outside React's root: the race's chart of the fetched
// page (bake/chart.ts bakes it after the root) in place of the one shown, and a moment: when the new figures bring
// someone to place 1 or into the winning places, the screen says so for a few seconds, in a calm box (refresh.css)
// that is a polite live region; no sound, and no fade with reduced motion. Who is new is contest/ranking.ts's
// findNewInTop, asked of the figures shown before.
import type { Contest } from '../../contest/schema.ts';
import { findNewInTop, toShownRanking } from '../../contest/ranking.ts';
import { toHeld } from '../../contest/standings.ts';
import { fill } from '../messages.ts';
import type { Fetched } from './fetched.ts';

/** A moment's texts (templates/messages/tv.*.json): only a page baked with --refresh carries them (bake/html.ts). */
export type Moments = { nowFirst: string; nowTop: string };
/** Shows a fetched page's outside parts; `before`, the figures shown until now where they are the same contest's. */
export type Outside = (fetched: Fetched, before: Contest | undefined) => void;

/** How long a moment stays on the screen. */
const SHOWN = 12_000;

/**
 * What new figures (`after`) say against the ones shown (`before`): who is new at place 1, then who else is new in the
 * winning places (the contest's solo_winners); nothing where no one is.
 */
export function toMoments(before: Contest, after: Contest, t: Moments): string[] {
  const ranking = toShownRanking(after);
  // Per row of the new figures, the best place its name held in the ones shown (0: not there), as the history's is.
  const held = toHeld(after.users, before.users, toShownRanking(before).places);
  // Place 1 as a top of one: the rows there whose name held no place 1 before.
  const first = findNewInTop(held, { ...ranking, winning: Uint8Array.from(ranking.places, (p) => +(p === 1)) }, 1);
  const top = findNewInTop(held, ranking, after.solo_winners).filter((at) => !first.includes(at));
  const names = (rows: number[]) => rows.map((at) => after.users[at]!.name).join(', ');
  return [
    ...(first.length ? [fill(t.nowFirst, { names: names(first) })] : []),
    ...(top.length ? [fill(t.nowTop, { n: after.solo_winners, names: names(top) })] : []),
  ];
}

/** The moment's box, in the page from the start (a live region is heard once its text changes), empty till then. */
export function startOutside(t: Moments): Outside {
  const box = document.createElement('p');
  box.className = 'moment';
  box.setAttribute('role', 'status');
  document.body.append(box);
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (fetched, before) => {
    showRace(fetched.race);
    const moments = before ? toMoments(before, fetched.contest, t) : [];
    if (moments.length === 0) return;
    clearTimeout(timer);
    box.classList.remove('shown');
    box.getBoundingClientRect(); // a layout between: the fade in starts again for a moment that follows another
    box.classList.add('shown');
    box.textContent = moments.join(' · ');
    timer = setTimeout(() => {
      box.textContent = '';
      box.classList.remove('shown');
    }, SHOWN);
  };
}

/** The race's chart of the figures fetched in place of the one shown; none where they have none. */
function showRace(race: Element | null = null): void {
  const shown = document.querySelector('#podium + .race');
  const next = race && document.importNode(race, true);
  if (shown && next) shown.replaceWith(next);
  else if (next) document.getElementById('podium')?.after(next);
  else shown?.remove();
}
