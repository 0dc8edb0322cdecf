// The search of a page baked with --links (scripts/bundles.js puts this module in finder.tsx's place in that page's
// script): the search as it is, and for a personal link (#me=…) that person's row marked and where they stand, in
// the search's panel, as long as no one searches. A token that finds no row shows nothing and says nothing.
import * as React from 'react';
import { createPortal } from 'react-dom';
import { Finder as Search, useMark, type FinderProps } from '../finder.tsx';
import { Change } from '../history.tsx';
import { toMoney } from '../../contest/numbers.ts';
import { fill } from '../messages.ts';
import { toStanding } from '../standing.ts';
import { findMe, type Found, type Me } from './me.ts';

export function Finder(props: FinderProps) {
  const { users, ranking, standings, t, locale } = props;
  const me = useMe();
  const { panel, searching, bar } = usePanel();
  // The ids are the baked page's: a wall screen's newer figures (--refresh) may list other people in other rows.
  const [baked] = React.useState(users);
  const shown = me && !searching && users === baked ? me : undefined;
  useMark(shown?.index, bar, shown !== undefined);
  return (
    <>
      <Search {...props} />
      {panel &&
        shown &&
        createPortal(
          <div className="me">
            <p>{fill(t.you, { standing: toPanel(shown, props) })}</p>
            {standings && (
              <Change
                standings={standings}
                at={shown.index}
                place={ranking.places[shown.index]!}
                t={t}
                locale={locale}
              />
            )}
          </div>,
          panel,
        )}
    </>
  );
}

/**
 * Where the person stands, from the page's figures; where the page hides theirs, from their sealed ones (their own
 * and the last winner's, in place of the page's), with their volume and gain.
 */
function toPanel({ index, sealed }: Found, { users, ranking, rules, t, locale }: FinderProps): string {
  if (!sealed) return toStanding(users, index, ranking, rules, t, locale);
  const own = users.slice();
  own[index] = { ...users[index]!, profit: sealed.profit, leadCount: sealed.leadCount };
  if (sealed.last && users[ranking.last]) own[ranking.last] = { ...users[ranking.last]!, ...sealed.last };
  const parts = [toStanding(own, index, ranking, rules, t, locale)];
  parts.push(fill(t.meProfit, { amount: toMoney(sealed.profit, locale) }));
  const gained = sealed.gained;
  if (gained) parts.push(fill(t.meGained, { amount: `${gained > 0 ? '+' : ''}${toMoney(gained, locale)}` }));
  return parts.join(' · ');
}

/** The row the address's personal link finds, looked for again when the address changes. */
function useMe(): Found | undefined {
  const [me, setMe] = React.useState<Found>();
  React.useEffect(() => {
    const data = (window.__CONTEST__ as { me?: Me } | undefined)?.me;
    let latest = 0;
    const follow = () => {
      const run = ++latest;
      void findMe(location.hash, data).then((found) => run === latest && setMe(found));
    };
    follow();
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);
  return me;
}

/**
 * The search's panel (its live region, where the personal link's text goes), the search bar, and whether the search
 * shows a result there of its own: then someone searches, and the personal link stands aside.
 */
function usePanel() {
  const [panel, setPanel] = React.useState<HTMLElement | null>(null);
  const [searching, setSearching] = React.useState(false);
  const bar = React.useRef<HTMLElement | null>(null);
  React.useEffect(() => {
    const found = document.querySelector<HTMLElement>('.finder .found');
    if (!found) return;
    bar.current = found.closest('.finder');
    setPanel(found);
    const look = () => setSearching([...found.children].some((child) => !child.classList.contains('me')));
    look();
    const observer = new MutationObserver(look);
    observer.observe(found, { childList: true });
    return () => observer.disconnect();
  }, []);
  return { panel, searching, bar };
}
