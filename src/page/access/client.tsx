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
import { LockedPage, type LockedProps } from './locked.tsx';
import { canOpen, isLocked, openLock, readKey, unwrapKey, type LockedContest, type TeamMessages } from './open.ts';
import { toBase64url } from '../me/me.ts';

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
  // A browser without WebCrypto (a page over plain http from another host) cannot open any page: it says so.
  const unable = !canOpen();
  const lockedPage = (contest: LockedContest, onPassphrase?: LockedProps['onPassphrase']) => (
    <LockedPage contest={contest} messages={messages} locale={locale} onPassphrase={onPassphrase} unable={unable} />
  );
  const opened = key && (await openLock(locked.locked, key));
  if (opened) show(opened);
  else {
    const onPassphrase = async (passphrase: string) => {
      const unwrapped = await unwrapKey(locked.locked, passphrase);
      const contest = unwrapped && (await openLock(locked.locked, unwrapped));
      if (!contest) return false;
      key = unwrapped;
      // In the address, as the team link has it: a reload (--refresh, a new version) opens the page again.
      history.replaceState(
        history.state,
        '',
        `#${['key=' + toBase64url(unwrapped), location.hash.slice(1)].filter(Boolean).join('&')}`,
      );
      show(contest); // the same root: React puts the whole page in the locked page's place
      return true;
    };
    React.startTransition(() => void (root = hydrateRoot(container, lockedPage(locked, onPassphrase))));
    // The team link pasted into this tab changes only the hash: the page opens with it.
    addEventListener(
      'hashchange',
      () => readKey(location.hash) && !window.__CONTEST__?.users.length && location.reload(),
    );
  }
  // --refresh: a fetched team page is opened with the same key, and one it no longer opens (a new secret) shows the
  // locked page, never the figures of before as if they were new; a rotation's public page is shown as it is.
  const next = async (fetched: Contest) => {
    const contest = !isLocked(fetched) ? fetched : key ? await openLock(fetched.locked, key) : undefined;
    if (contest) show(contest);
    else if (isLocked(fetched)) {
      window.__CONTEST__ = fetched;
      root?.render(lockedPage(fetched));
    }
  };
  startLive({ show: (fetched) => void next(fetched), contest: opened || locked, messages, tv: tv === true, onPass });
});
