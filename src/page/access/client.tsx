// The page script of a team page (privacy "access"): the page as baked (its texts, and the sentence where the ranking
// would be) hydrated, then, with the team key in the address's hash or the passphrase typed, the page's data opened
// (open.ts) and the whole page rendered from it, as client.tsx renders a page without "access". Its TV refresh opens
// each page it fetches with the same key. scripts/bundles.js builds it with the history's and the personal links'
// code always: a team page's script says nothing of its list.
import * as React from 'react';
import type { Root } from 'react-dom/client';
import type { Contest } from '../../contest/schema.ts';
import type { Locale, Messages } from '../messages.ts';
import { ContestPage } from '../page.tsx';
import { startLive } from '../tv/live.ts';
import { isTv, startTv } from '../tv/scroll.ts';
import { LockedPage } from './locked.tsx';
import { isLocked, openLock, readKey, unwrapKey, type TeamMessages } from './open.ts';

const locale = document.documentElement.lang as Locale; // html.ts writes one of LOCALES
const texts = document.getElementById('texts')?.textContent;
const messages = texts ? (JSON.parse(texts) as Messages & TeamMessages) : undefined;
const tv = messages && isTv(location);
const onPass = tv ? startTv(messages.paused) : () => undefined;

setTimeout(async () => {
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  const container = document.getElementById('podium');
  const locked = window.__CONTEST__;
  if (!container || !messages || !isLocked(locked)) return; // not a team page podium wrote: leave it as it is
  let key = readKey(location.hash);
  let root: Root | undefined;
  /** The whole page, once its data is open: rendered afresh, as the baked markup is the locked page's. */
  const show = (contest: Contest) => {
    window.__CONTEST__ = contest; // the personal link's code reads its ids there (page/me/finder.tsx)
    document.title = contest.title;
    if (!root) {
      container.replaceChildren();
      root = createRoot(container);
    }
    root.render(<ContestPage contest={contest} messages={messages} locale={locale} />);
  };
  const opened = key && (await openLock(locked.locked, key));
  if (opened) show(opened);
  else {
    const onPassphrase = async (passphrase: string) => {
      const unwrapped = await unwrapKey(locked.locked, passphrase);
      const contest = unwrapped && (await openLock(locked.locked, unwrapped));
      if (!contest) return false;
      key = unwrapped;
      show(contest); // the same root: React puts the whole page in the locked page's place
      return true;
    };
    const page = <LockedPage contest={locked} messages={messages} locale={locale} onPassphrase={onPassphrase} />;
    React.startTransition(() => void (root = hydrateRoot(container, page)));
  }
  // --refresh: a fetched team page is opened with the same key (one that will not open is not shown); a rotation's
  // public page, shown as it is.
  const next = async (fetched: Contest) => {
    const contest = !isLocked(fetched) ? fetched : key ? await openLock(fetched.locked, key) : undefined;
    if (contest) show(contest);
  };
  startLive({ show: (fetched) => void next(fetched), contest: opened || locked, messages, tv: tv === true, onPass });
});
