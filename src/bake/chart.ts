// The race as a picture (bake/race.ts says what it shows): a <figure>, in a landmark of its own, baked into the document outside the hydrated
// root (bake/html.ts), so that the page script carries none of it. An inline SVG, no script, no request, no font of
// its own: a bump chart of today's winners' places over the Stands, place 1 on top, each line named at its end, and
// the cut-off over the same Stands; its caption, and its figures as a table in a <details> for screen readers.
import { toCount, toMoney } from '../contest/numbers.ts';
import type { Metric } from '../contest/ranking.ts';
import { toSince } from '../page/history.tsx';
import { fill, toMessages, type Locale, type Messages } from '../page/messages.ts';
import { escapeHtml } from './html.ts';
import type { Line, Race } from './race.ts';
import de from '../../templates/messages/race.de.json' with { type: 'json' };
import en from '../../templates/messages/race.en.json' with { type: 'json' };

type Texts = typeof de;
const TEXTS: Record<Locale, Texts> = { de, en };

// The drawing's units (its viewBox; race.css sizes it): the place axis on the left, the names on the right.
const WIDTH = 460;
const LEFT = 44;
const RIGHT = 188;
const TOP = 34;
/** A place's height. */
export const STEP = 26;
/** Places below this one are drawn on one row at the bottom, "> 20": a climb from place 200 would flatten the rest. */
const DEEP = 20;
const CUT = 72;
/** Characters of a name's label at its line's end (RIGHT's room). */
const LABEL = 21;
/** Line styles: five of the page's colours, then the same dashed. */
const STYLES = 5;

/** The race's figure as HTML, in `locale`'s words. */
export function renderRace(race: Race, locale: Locale): string {
  const texts = TEXTS[locale];
  const t = toMessages(locale);
  const count = race.lines.length;
  const caption =
    race.named > count
      ? fill(texts.capped, { n: count, winners: race.named, stands: race.stands.length })
      : fill(texts.caption, { n: count, stands: race.stands.length });
  const metric = race.cutoff && toMetricName(race.cutoff.metric, t);
  return (
    // A landmark of its own (axe: all content in landmarks), outside the page's <main>.
    `<section class="race" aria-labelledby="race-caption"><figure><figcaption id="race-caption">${escapeHtml(caption)}` +
    (metric ? ` ${escapeHtml(fill(texts.cutoff, { metric }))}` : '') +
    `</figcaption><div class="race-plot">${toSvg(race, texts, t)}</div>` +
    `<details><summary>${escapeHtml(texts.table)}</summary>${toTable(race, texts, t)}</details></figure></section>`
  );
}

/** The drawing: the places' grid and lines, then the cut-off's panel. Hidden from screen readers: the table says it. */
function toSvg(race: Race, texts: Texts, t: Messages): string {
  const { stands, lines, cutoff } = race;
  const deepest = Math.max(1, ...lines.flatMap(({ places }) => places.map((place) => place ?? 1)));
  const rows = deepest > DEEP ? DEEP + 1 : deepest;
  // Tenths of a unit: finer is nothing a screen shows, and every digit is in the page.
  const x = (stand: number) => Math.round(LEFT * 10 + ((WIDTH - LEFT - RIGHT) * stand * 10) / (stands.length - 1)) / 10;
  const y = (place: number) => TOP + (Math.min(place, DEEP + 1) - 0.5) * STEP;
  const parts: string[] = [];
  // A label every so many Stands where they would overlap, the newest always (the table names every one).
  const every = Math.ceil(52 / Math.max(1, x(1) - x(0)));
  stands.forEach((stand, at) => {
    if ((stands.length - 1 - at) % every !== 0) return;
    parts.push(`<text class="stand" x="${x(at)}" y="${TOP - 12}">${escapeHtml(toSince(stand, t, true))}</text>`);
  });
  const grid: string[] = [];
  for (let place = 1; place <= rows; place += 1) {
    grid.push(`M${LEFT - 8} ${y(place)}H${x(stands.length - 1) + 8}`);
    const label = escapeHtml(place > DEEP ? `> ${DEEP}` : `${place}.`);
    parts.push(`<text class="place" x="${LEFT - 14}" y="${y(place)}">${label}</text>`);
  }
  parts.push(`<path class="grid" d="${grid.join('')}"/>`);
  // Each name beside its line's end, and below the one above where two share a place.
  let below = 0;
  lines.forEach((line, index) => {
    const end = Math.max(y(line.places.at(-1)!), below + STEP);
    below = end;
    parts.push(toLine(line, index, { x, y, end, label: x(stands.length - 1) + 14 }));
  });
  let height = Math.max(TOP + rows * STEP, below + STEP / 2) + 8;
  if (cutoff) {
    const title = fill(texts.cutoffTitle, { metric: toMetricName(cutoff.metric, t) });
    parts.push(`<text class="cut-title" x="4" y="${height + 14}">${escapeHtml(title)}</text>`);
    parts.push(toCutoff(cutoff, { x, top: height + 44, wide: x(1) - x(0) >= 100 }));
    height += 44 + CUT + 16;
  }
  return (
    `<svg viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" aria-hidden="true" focusable="false">` +
    `${parts.join('')}</svg>`
  );
}

type Scale = { x: (stand: number) => number; y: (place: number) => number; end: number; label: number };

/**
 * One winner's line: a stroke through the Stands that list them (broken where one does not), and a dot at each, drawn
 * as strokes of no length with round ends (race.css): one path for all of them, not an element per dot.
 */
function toLine({ row, name, places }: Line, index: number, { x, y, end, label }: Scale): string {
  const points = places.map((place, at) => (place === null ? undefined : `${x(at)} ${y(place)}`));
  const style = `s${index % STYLES}${index >= STYLES ? ' dashed' : ''}`;
  const last = places.at(-1)!;
  return (
    `<g class="line ${style}" data-row="${row}">${toPaths(points)}` +
    `<text class="name" x="${label}" y="${end}">${escapeHtml(toLabel(`${toCount(last)}. ${name}`))}</text></g>`
  );
}

/** A line through `points` (`x y`, none where a Stand has none: a gap), and its dots. */
function toPaths(points: readonly (string | undefined)[]): string {
  let stroke = '';
  let dots = '';
  points.forEach((point, at) => {
    if (point === undefined) return;
    stroke += `${at > 0 && points[at - 1] !== undefined ? 'L' : 'M'}${point}`;
    dots += `M${point}h0`;
  });
  return `<path d="${stroke}"/><path class="dots" d="${dots}"/>`;
}

/** The cut-off's line in a panel of its own, scaled between its lowest and highest figure, each point labelled. */
function toCutoff(
  { metric, values }: NonNullable<Race['cutoff']>,
  { x, top, wide }: { x: (stand: number) => number; top: number; wide: boolean },
): string {
  const known = values.filter((value): value is number => value !== null);
  const [low, high] = [Math.min(...known), Math.max(...known)];
  const y = (value: number) => Math.round(top + (high === low ? CUT / 2 : CUT - ((value - low) / (high - low)) * CUT));
  const labels: string[] = [];
  values.forEach((value, at) => {
    // With little room between Stands, the first and the last figure alone (the table holds every one).
    const edge = at === 0 ? ' first' : at === values.length - 1 ? ' last' : '';
    if (value !== null && (wide || edge))
      labels.push(`<text class="value${edge}" x="${x(at)}" y="${y(value) - 10}">${toFigure(value, metric)}</text>`);
  });
  const points = values.map((value, at) => (value === null ? undefined : `${x(at)} ${y(value)}`));
  return `<g class="cutoff">${toPaths(points)}${labels.join('')}</g>`;
}

/** The figures as a table: a row per line, its place in each Stand ("–" where a Stand lacks them), then the cut-off. */
function toTable({ stands, lines, cutoff }: Race, texts: Texts, t: Messages): string {
  const head = stands.map((stand) => `<th scope="col">${escapeHtml(toSince(stand, t))}</th>`).join('');
  const row = (title: string, cells: string[]) =>
    `<tr><th scope="row">${escapeHtml(title)}</th>${cells.map((cell) => `<td>${cell}</td>`).join('')}</tr>`;
  const body = lines.map(({ name, places }) =>
    row(
      name,
      places.map((place) => (place === null ? '–' : `${toCount(place)}.`)),
    ),
  );
  if (cutoff) {
    const title = fill(texts.cutoffRow, { metric: toMetricName(cutoff.metric, t) });
    body.push(
      row(
        title,
        cutoff.values.map((value) => (value === null ? '–' : toFigure(value, cutoff.metric))),
      ),
    );
  }
  return (
    `<div class="table-scroll" role="region" aria-label="${escapeHtml(texts.table)}" tabindex="0"><table>` +
    `<caption class="visually-hidden">${escapeHtml(texts.tableCaption)}</caption>` +
    `<thead><tr><th scope="col">${escapeHtml(texts.person)}</th>${head}</tr></thead>` +
    `<tbody>${body.join('')}</tbody></table></div>`
  );
}

function toMetricName(metric: Metric, t: Messages): string {
  return metric === 'profit' ? t.profit : t.leads;
}

/** A figure as the table of the page shows it: an amount in euro (German in every locale, as the table's), a count. */
function toFigure(value: number, metric: Metric): string {
  return escapeHtml(metric === 'profit' ? toMoney(value) : toCount(value));
}

/** A line's label as its end has room for it (the table holds the whole name). */
function toLabel(text: string): string {
  const chars = Array.from(text);
  return chars.length > LABEL ? `${chars.slice(0, LABEL - 1).join('')}…` : text;
}
