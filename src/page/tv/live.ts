// --refresh, as the page script carries it out (only a page baked with it holds this code: scripts/bundles.js).
// On a wall screen (TV mode, served over HTTP) the page fetches its own address in the background and swaps in the
// new figures only when the document arrived whole and holds a valid contest (fetched.ts); a new podium version
// reloads the page, but only right after a fetch showed it is there. A failed fetch leaves the last good figures
// with a line saying how old they are, and is retried sooner (30 s, doubling up to the interval). With `next`, the
// screen shows its folder's running contests in turn (rotation.ts). Anywhere else the page reloads, as a meta
// refresh did: from disk nothing can be fetched, and outside TV mode the page makes no request of its own.
import type { Contest } from '../../contest/schema.ts';
import { toSpan } from '../clock.ts';
import { toStand } from '../format.ts';
import { fill, type Messages } from '../messages.ts';
import { fetchPage, toVersion, type Fetched } from './fetched.ts';
import { hasParam } from './scroll.ts';
import { findNext, toRotation } from './rotation.ts';
import { startOutside, type Moments, type Outside } from './moment.ts';

const RETRY = 30_000; // the first retry after a failed fetch; each next one waits twice as long, up to the interval

export type Live = {
  /** Shows a contest in place of the one shown (the same React root: nothing else of the page changes). */
  show: (contest: Contest) => void;
  /** The contest the page carries. */
  contest: Contest | undefined;
  messages: Messages;
  /** Whether the page is in TV mode. */
  tv: boolean;
  /** Registers what to do each time the table has been scrolled through (scroll.ts): the rotation's cue. */
  onPass: (next: () => void) => void;
};

export function startLive(live: Live): void {
  const interval = Number(document.documentElement.dataset.refresh) * 1000;
  if (!(interval > 0)) return;
  const fetching = live.tv && /^https?:$/.test(location.protocol);
  // What new figures change outside React's root: the race's chart, and a moment (moment.ts).
  if (fetching) startFetching(live, interval, startOutside(live.messages as Messages & Moments));
  else setTimeout(() => location.reload(), interval);
}

/** A wall screen's refresh: its own address fetched every `interval`, and new figures swapped in (see above). */
function startFetching({ show, contest, messages: t, onPass }: Live, interval: number, outside: Outside): void {
  const version = toVersion(document);
  const own = toAddress(location.href);
  let shown = { url: own, contest };
  let good = Date.now(); // when the figures shown were last fetched (or the page loaded)
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stale = toStaleLine();

  /** Puts a fetched page on the screen: its figures into this page, or the page itself when its version is new. */
  const present = (url: string, fetched: Fetched) => {
    if (fetched.version !== version) {
      // The fetch just now showed the new page is there and whole: only now is leaving this one safe.
      if (url === own) location.reload();
      else location.replace(`${url}${location.search}${location.hash}`);
      return;
    }
    outside(fetched, url === shown.url ? shown.contest : undefined); // before the figures shown change
    shown = { url, contest: fetched.contest };
    document.title = fetched.contest.title;
    show(fetched.contest);
    fresh();
  };
  const fresh = () => {
    good = Date.now();
    failures = 0;
    stale.hide();
  };
  const failed = () => {
    failures++;
    stale.show(toStale(shown.contest, Date.now() - good, t));
  };
  const refresh = async () => {
    const url = shown.url;
    const fetched = await fetchPage(url);
    if (url !== shown.url) return; // the rotation moved on meanwhile
    if (fetched) present(url, fetched);
    else failed();
    schedule();
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(refresh, failures ? Math.min(RETRY * 2 ** (failures - 1), interval) : interval);
  };
  // The age in the stale line grows while the connection stays away.
  setInterval(() => failures && stale.show(toStale(shown.contest, Date.now() - good, t)), 60_000);
  schedule();

  if (!hasParam(location, 'next')) return;
  let turning = false;
  onPass(async () => {
    if (turning) return;
    turning = true;
    const next = await findNext(shown.url, await toRotation(), fetchPage, hasParam(location, 'all'));
    turning = false;
    if (!next) return; // nothing else to show: this contest stays, refreshed as before
    present(next.url, next.fetched);
    schedule();
  });
}

/** An address without its query and hash: the page itself, however the screen was asked to show it. */
export function toAddress(href: string): string {
  const url = new URL(href);
  url.search = '';
  url.hash = '';
  return url.href;
}

/** `Stand 18.06., 14:05 · keine Verbindung seit 12 Min.`: how old the figures shown are, in words. */
export function toStale(contest: Contest | undefined, age: number, t: Messages): string {
  const offline = fill(t.offline, { age: toSpan(t.offlineFor, age) });
  const updated = contest?.updated_at;
  if (!updated) return offline;
  const { date, time } = toStand(updated);
  const stand = fill(time ? t.staleStand : t.staleStandDate, { date: time ? date.slice(0, 6) : date, time });
  return fill(t.stale, { stand, age: toSpan(t.offlineFor, age) });
}

/** The stale line: a status in the corner (script.css), there only while the figures are stale. */
function toStaleLine() {
  const line = document.createElement('p');
  line.className = 'stale';
  line.setAttribute('role', 'status');
  return {
    show: (text: string) => {
      line.textContent = text;
      if (!line.isConnected) document.body.append(line);
    },
    hide: () => line.remove(),
  };
}
