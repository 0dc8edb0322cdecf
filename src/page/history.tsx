// What changed since the previous Stand, as the page shows it: a movement in every row, a line saying since when
// with a summary under the heading, and, in the search panel, one person's change and the trend of their place.
// Baked from the contest's Standings (contest/standings.ts); the same on the server and after hydration.
import * as React from 'react';
import type { User } from '../contest/schema.ts';
import { toEuro } from '../contest/numbers.ts';
import { findClimb, findNewInTop, toMovement, type Ranking } from '../contest/ranking.ts';
import { toHeldPlaces, toTrend, type Standings } from '../contest/standings.ts';
import { toCount, toMoney } from '../contest/numbers.ts';
import { toStand } from './format.ts';
import { fill, plural, type Locale, type Messages } from './messages.ts';

/**
 * A row's movement (`was`: its place in the previous Stand, 0 new, -1 an ambiguous name, which has none; `place`: its
 * place now): ▲ 3, ▼ 2, – or neu, which screen readers hear as words ("3 Plätze gestiegen"); not by colour alone.
 */
export function Move({ was, place, t }: { was: number; place: number; t: Messages }) {
  const movement = toMovement(was, place);
  if (movement.kind === 'unknown') return null;
  const [shown, words] =
    movement.kind === 'new'
      ? [t.new, t.newWords]
      : movement.kind === 'up'
        ? [`▲ ${movement.places}`, plural(t.up, movement.places)]
        : movement.kind === 'down'
          ? [`▼ ${movement.places}`, plural(t.down, movement.places)]
          : ['–', t.same];
  const kind = movement.kind;
  return (
    <span className={kind} role="img" aria-label={words}>
      {shown}
    </span>
  );
}

/** `2027-03-24` → `24.03.2027` (`24.03.` when `short`), and `, 18:00 Uhr` where the Stand has a time. */
export function toSince(stand: string, t: Messages, short?: boolean): string {
  const { date, time } = toStand(stand);
  const shown = short ? date.slice(0, 6) : date;
  return time ? fill(t.at, { date: shown, time }) : shown;
}

/**
 * Under the heading: since when the movement counts, and where it has something to say, who is new in the winning
 * places (`solo`: the contest's solo_winners) and the largest climb.
 */
export function Changes({
  standings,
  was,
  users,
  ranking,
  solo,
  t,
}: {
  standings: Standings;
  was: readonly number[];
  users: readonly User[];
  ranking: Ranking;
  solo: number;
  t: Messages;
}) {
  const newInTop = findNewInTop(toHeldPlaces(standings, was), ranking, solo);
  const climb = findClimb(was, ranking.places);
  return (
    <>
      <p className="since">{fill(t.since, { date: toSince(standings.since, t) })}</p>
      {newInTop.length > 0 && (
        <p className="summary">
          {fillNames(
            t.newInTop,
            { n: solo },
            'names',
            newInTop.map((at) => users[at]!.name),
          )}
        </p>
      )}
      {climb && (
        <p className="summary">
          {fillNames(t.climb, {}, 'name', [users[climb.user]!.name])}{' '}
          <Move was={was[climb.user]!} place={ranking.places[climb.user]!} t={t} />
        </p>
      )}
    </>
  );
}

/**
 * `text` filled, its placeholder `key` by `names`, each isolated (`<bdi>`) and joined by commas: a name written
 * right to left, or with an unterminated U+202E, turns around neither the text after it nor the other names.
 */
function fillNames(text: string, values: Record<string, string | number>, key: string, names: readonly string[]) {
  const [before = '', after = ''] = fill(text, values).split(`{${key}}`);
  return (
    <>
      {before}
      {names.map((name, index) => (
        <React.Fragment key={index}>
          {index > 0 && ', '}
          <bdi>{name}</bdi>
        </React.Fragment>
      ))}
      {after}
    </>
  );
}

/**
 * For the search panel: what changed for the user at `at` since the previous Stand, `Seit 24.03.: ▲ 3 Plätze ·
 * +5 Eigenleads · +12.300,00 €` (only the parts that changed; `neu dabei` for someone new), and the trend of their
 * place. Nothing for an ambiguous name; the person's line in the race marked all the same.
 */
export function Change({
  standings,
  at,
  place,
  t,
  locale,
}: {
  standings: Standings;
  at: number;
  /** The person's place now. */
  place: number;
  t: Messages;
  locale: Locale;
}) {
  // Shown for the row a search or a personal link marks: its line in the race too (bake/chart.ts, race.css), which is
  // outside what React renders.
  React.useEffect(() => {
    const line = document.querySelector(`.race [data-row="${at}"]`)?.classList;
    line?.add('own');
    return () => line?.remove('own');
  }, [at]);
  const climbed = standings.climbed[at];
  if (!climbed) return null;
  const by = climbed.at(-1);
  const gained = standings.gained[at];
  const signed = (text: string, n: number) => (n > 0 ? `+${text}` : text);
  const parts: React.ReactNode[] = [];
  if (by === null || by === undefined) parts.push(t.newWords);
  else if (by !== 0)
    parts.push(
      <React.Fragment key="places">
        <span aria-hidden="true">{plural(by > 0 ? t.placesUp : t.placesDown, Math.abs(by))}</span>
        <span className="visually-hidden">{plural(by > 0 ? t.up : t.down, Math.abs(by))}</span>
      </React.Fragment>,
    );
  if (gained?.[0])
    parts.push(plural(t.gainedLeads, Math.abs(gained[0]), { n: signed(toCount(gained[0], locale), gained[0]) }));
  if (gained?.[1]) parts.push(signed(toMoney(toEuro(gained[1]), locale), gained[1]));
  if (!parts.length) parts.push(t.same);
  return (
    <p className="change">
      {fill(t.sinceShort, { date: toSince(standings.since, t, true) })}{' '}
      {parts.map((part, index) => (
        <React.Fragment key={index}>
          {index > 0 && ' · '}
          {part}
        </React.Fragment>
      ))}
      <Trend places={toTrend(climbed, place)} t={t} />
    </p>
  );
}

/**
 * A person's place over the trend's Stands as a small line, better places higher, with its text alternative
 * (`Platz 12 → 9 → 7`); from the first Stand that lists them, a gap where one does not. Nothing for fewer than two.
 */
export function Trend({ places, t }: { places: readonly (number | null)[]; t: Messages }) {
  const first = places.findIndex((place) => place !== null);
  const shown = places.slice(first);
  const known = shown.filter((place) => place !== null);
  if (known.length < 2) return null;
  const [best, worst] = [Math.min(...known), Math.max(...known)];
  // In a box 96 wide and 24 high, 3 from each edge (numbers, not names: they cost every page a few bytes); each
  // coordinate to one decimal.
  const x = (index: number) => (3 + (90 * index) / (shown.length - 1)).toFixed(1);
  const y = (place: number) => (best === worst ? 12 : 3 + (18 * (place - best)) / (worst - best)).toFixed(1);
  let path = '';
  shown.forEach((place, index) => {
    if (place === null) return;
    path += `${index > 0 && shown[index - 1] !== null ? 'L' : 'M'}${x(index)} ${y(place)}`;
  });
  const words = fill(t.trend, { places: shown.map((place) => (place === null ? '–' : toCount(place))).join(' → ') });
  return (
    <svg className="trend" viewBox="0 0 96 24" role="img" aria-label={words}>
      <title>{words}</title>
      <path d={path} />
      <circle cx={x(shown.length - 1)} cy={y(shown.at(-1)!)} r="2.5" />
    </svg>
  );
}
