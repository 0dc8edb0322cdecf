// The page script: hydrates the baked markup with the contest the page carries in window.__CONTEST__.
import * as React from 'react';
import type { Root } from 'react-dom/client';
import type { Contest } from '../contest/schema.ts';
import type { Locale, Messages } from './messages.ts';
import { ContestPage } from './page.tsx';
import { startLive } from './tv/live.ts';
import { isTv, startTv } from './tv/scroll.ts';

declare global {
  interface Window {
    __CONTEST__?: Contest;
  }
}

/** A contest of nothing but an empty users list, for a page whose data is missing: its texts render as nothing. */
const EMPTY = { users: [] } as Partial<Contest> as Contest;

const locale = document.documentElement.lang as Locale; // html.ts writes one of LOCALES
// The page's texts in its locale, written by html.ts: the script itself carries no catalogue.
const texts = document.getElementById('texts')?.textContent;
const messages = texts ? (JSON.parse(texts) as Messages) : undefined;
const tv = messages && isTv(location);
const onPass = tv ? startTv(messages.paused) : () => undefined;

// React's DOM runtime is most of this script; compiling it is a long task of its own. Started after the
// parser's task, and hydrating as a transition, which yields to the browser between slices, no task of the
// page's script blocks input for long (npm run bench).
setTimeout(async () => {
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  const container = document.getElementById('podium');
  const contest = window.__CONTEST__;
  if (!container || !messages) return; // not a page podium wrote: leave the markup as it is
  const page = (shown: Contest) => <ContestPage contest={shown} messages={messages} locale={locale} />;
  let root: Root | undefined;
  if (contest) {
    React.startTransition(() => void (root = hydrateRoot(container, page(contest))));
  } else {
    // Without data the markup cannot match; render afresh instead of hydrating: an empty users list.
    container.replaceChildren();
    root = createRoot(container);
    root.render(page(EMPTY));
  }
  // --refresh: new figures into the same page (a page baked without it carries none of this: tv/no-live.ts).
  startLive({ show: (next) => root?.render(page(next)), contest, messages, tv: tv === true, onPass });
});
