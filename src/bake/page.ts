// One contest's page: its data (a personal link's, a team page's seal), its markup, and the document around it: the
// render and assemble steps of a bake, for build.ts's bakeAll().
import type { Assets } from './assets.ts';
import { toLocked, type Access } from './access.ts';
import { assembleParts, type Head } from './html.ts';
import { toMe, toUrl, type Tokened } from './links.ts';
import { renderLocked, renderParts } from './render.ts';
import { renderRace } from './chart.ts';
import type { Race } from './race.ts';
import { isPageData } from '../contest/data.ts';
import type { Named } from '../contest/schema.ts';
import type { Locale } from '../page/messages.ts';

/** What every page says beyond its contest. */
export type PageOptions = Omit<Head, 'url'> & {
  locale: Locale;
  /** Where the output folder is served, ending in "/": each page's og:url and canonical link. */
  baseUrl?: string;
};

type Shown = Pick<Named, 'name' | 'contest'> & Partial<Pick<Named, 'ranking'>> & { race?: Race };

/**
 * One contest's page: its markup rendered, and the document around it; with `access`, a team page, its data sealed
 * (bake/access.ts) and its markup the locked page's; with `race` (bake/race.ts), its chart after the page's root.
 */
export function bake(shown: Shown, options: PageOptions, assets: Assets, full?: Tokened, access?: Access): Buffer {
  return Buffer.concat([...bakeParts(shown, options, assets, full, access)]);
}

/** The same page in its parts, in order, each of its table's slices rendered when it is asked for (html.ts, render.ts). */
export function* bakeParts(
  { name, contest, ranking, race }: Shown,
  { locale, baseUrl, ...head }: PageOptions,
  assets: Assets,
  full?: Tokened,
  access?: Access,
): Generator<Uint8Array> {
  const url = toUrl(baseUrl, name);
  // Made from the contest as exported: its full names, all its amounts (sealed where the page hides them).
  const me = full && toMe(full.named, full.tokens, url ?? '');
  // A wall screen reads the data back through the same check: data it would refuse is a bug, and never written.
  if (!isPageData(contest)) throw new Error(`the page data of "${name}" fails its own check (contest/data.ts)`);
  const data = me ? { ...contest, me } : contest;
  const locked = access && toLocked(contest, data, access);
  const markup = locked ? [renderLocked(locked, locale)] : renderParts(contest, locale, ranking);
  // The race is the server's alone, outside the hydrated root; a team page's is sealed, so it has none.
  const figure = race && !locked ? renderRace(race, locale) : undefined;
  yield* assembleParts({ contest: data, locale, markup, head: { ...head, url }, locked, figure }, assets);
}
