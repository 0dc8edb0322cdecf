// Find yourself: a search field above the table that scrolls to and marks the first matching row, steps through
// the matches, and says where that person stands. Rendered only after hydration: without a script it would be a
// control that does nothing. The search lives in the URL's hash (#name=…), never in a request.
import * as React from 'react';
import type { User } from '../contest/schema.ts';
import type { Ranking, Rules } from '../contest/ranking.ts';
import type { Standings } from '../contest/standings.ts';
import { readName } from './address.ts';
import { Columns } from './columns.tsx';
import { revealRow } from './fair/teams.tsx';
import { Change } from './history.tsx';
import { plural, type Locale, type Messages } from './messages.ts';
import { findMatches, toKey } from './search.ts';
import { toStanding } from './standing.ts';

export type FinderProps = {
  users: readonly User[];
  ranking: Ranking;
  rules: Rules;
  standings?: Standings | undefined;
  t: Messages;
  locale: Locale;
};

export function Finder({ users, ranking, rules, standings, t, locale }: FinderProps) {
  const [query, search, step, setStep] = useSearch();
  const bar = React.useRef<HTMLDivElement>(null);
  const keys = React.useMemo(() => users.map((user) => toKey(user.name)), [users]);
  const matches = findMatches(keys, query);
  const count = matches.length;
  const at = count ? ((step % count) + count) % count : 0;
  const current = matches[at];
  useMark(current, bar, query.trim() !== '');

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') setStep(at + (event.shiftKey ? -1 : 1));
    else if (event.key === 'Escape') search('');
    else return;
    event.preventDefault();
  };
  return (
    // Kept in view (script.css): the page scrolls to the row found, and the field stays where one types.
    <div className="finder" ref={bar}>
      <label>
        {t.find}
        <input
          type="search"
          value={query}
          onChange={(event) => search(event.target.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
        />
      </label>
      <button type="button" aria-label={t.previous} disabled={count < 2} onClick={() => setStep(at - 1)}>
        ↑
      </button>
      <button type="button" aria-label={t.next} disabled={count < 2} onClick={() => setStep(at + 1)}>
        ↓
      </button>
      {/* Below the bar and kept in view with it: the column titles (columns.tsx), then the result (script.css). */}
      <div className="below">
        <Columns t={t} target={rules.target !== undefined} />
        {/* A polite live region: screen readers hear the result of each search, and what changed for that person. */}
        <div className="found" role="status">
          {!query.trim() ? null : current === undefined ? (
            <p>{t.noMatch}</p>
          ) : (
            <>
              <p>{`${plural(t.matches, count, { i: at + 1 })} · ${toStanding(users, current, ranking, rules, t, locale)}`}</p>
              {standings && (
                <Change standings={standings} at={current} place={ranking.places[current]!} t={t} locale={locale} />
              )}
            </>
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * The search and the step through its matches, which a new search starts again; kept in the address's hash both
 * ways: read from it at the start and when it changes, written to it as it changes.
 */
function useSearch() {
  const [query, setQuery] = React.useState(() => readName(location.hash));
  const [step, setStep] = React.useState(0);
  const search = (name: string) => {
    setQuery(name);
    setStep(0);
  };
  React.useEffect(() => writeName(query), [query]);
  React.useEffect(() => {
    // A link to another name, or an edited address, while the page is open.
    const follow = () => search(readName(location.hash));
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);
  return [query, search, step, setStep] as const;
}

/** Keeps the hash in step with the search, without a history entry per key: the page can be bookmarked or shared. */
function writeName(name: string): void {
  const params = new URLSearchParams(location.hash.slice(1));
  if (name) params.set('name', name);
  else params.delete('name');
  const url = new URL(location.href);
  url.hash = params.toString().replace(/=(?=&|$)/g, ''); // `#tv`, not `#tv=`
  history.replaceState(null, '', url);
}

/**
 * Where a result shows (script.css): above the bar where the bar is far enough from the top of the screen, decided
 * before it is painted, so that neither the bar nor the table moves; below it else. Kept while the bar sticks lower
 * for it, so that clearing the search does not move the bar either. Returns whether it is above.
 */
function lift(box: HTMLElement, shown = true): boolean {
  const { top } = box.getBoundingClientRect();
  const up = box.classList.contains('above');
  box.classList.add('above');
  const room = parseFloat(getComputedStyle(box).top);
  return box.classList.toggle('above', shown ? top >= room - 1 : up && top <= room + 1);
}

/**
 * The row at `index` gets aria-current, and a box with a marker laid over it (script.css): set in the DOM, as a
 * change to the table itself, or React comparing its rows, would take a table of 10,000 rows longer than a key
 * press may (npm run bench).
 */
export function useMark(index: number | undefined, bar: React.RefObject<HTMLElement | null>, shown: boolean): void {
  React.useLayoutEffect(() => void (bar.current && lift(bar.current, shown)), [shown]);
  React.useEffect(() => {
    const row = index === undefined ? undefined : document.querySelector('tbody')?.rows[index];
    const box = row?.closest('.ranking');
    if (!row || !box) return;
    revealRow(row);
    const mark = document.createElement('div');
    const place = () => {
      // All reads before any write: each write between reads would have the browser lay out the page again.
      const { top, height } = row.getBoundingClientRect();
      const boxTop = box.getBoundingClientRect().top;
      // The bar (as low as it sticks), the result and the column titles stay at the top: the row goes to the middle of
      // the rest.
      const kept = bar.current
        ? parseFloat(getComputedStyle(bar.current).top) +
          bar.current.offsetHeight +
          (bar.current.lastElementChild as HTMLElement).offsetHeight
        : 0;
      mark.style.top = `${top - boxTop}px`;
      mark.style.height = `${height}px`;
      return top + height / 2 - (innerHeight + kept) / 2;
    };
    scrollBy(0, place());
    // Brought back up to a row near the top, under a result below the bar: the result goes above it, if it can now.
    const below = bar.current?.lastElementChild;
    if (below && row.getBoundingClientRect().top < below.getBoundingClientRect().bottom && lift(bar.current!))
      scrollBy(0, place());
    mark.className = 'mark';
    box.append(mark);
    row.setAttribute('aria-current', 'true');
    addEventListener('resize', place);
    return () => {
      removeEventListener('resize', place);
      row.removeAttribute('aria-current');
      mark.remove();
    };
  }, [index]);
}
