// The rotation of a wall screen (`?tv&next`): after each pass over a contest's table, the next running contest of
// the page's folder, in the order of the folder's overview, and after the last the first again. A contest that
// cannot be fetched whole, or has ended (unless `all`), is passed over; so is the overview when it cannot be had:
// the screen then stays on the contest it shows.
import { fetchText, readOverview, type Fetched } from './fetched.ts';

/** The contest pages of this page's folder, as its overview (`../index.html`) lists them. */
export async function toRotation(): Promise<string[]> {
  const overview = new URL('../index.html', location.href).href;
  const text = await fetchText(overview);
  return (text !== undefined && readOverview(text, overview)) || [];
}

/**
 * The contest after `shown` in `list` that can be fetched whole and is running (or any, with `all`), and its page;
 * undefined when there is none but `shown` itself.
 */
export async function findNext(
  shown: string,
  list: readonly string[],
  fetchPage: (url: string) => Promise<Fetched | undefined>,
  all: boolean,
  now = Date.now(),
): Promise<{ url: string; fetched: Fetched } | undefined> {
  const at = list.indexOf(shown);
  for (let step = 1; step < list.length + (at < 0 ? 1 : 0); step++) {
    const url = list[(at + step) % list.length]!;
    const fetched = await fetchPage(url);
    if (fetched && (all || !isOver(fetched, now))) return { url, fetched };
  }
  return undefined;
}

/** A contest whose qualification ended before `now` (its page says "Wettbewerb beendet"). */
function isOver({ contest }: Fetched, now: number): boolean {
  return contest.qualification_end !== undefined && Date.parse(contest.qualification_end) <= now;
}
