// The page script: hydrates the baked markup with the contest the page carries in window.__CONTEST__.
import * as React from 'react';
import type { Contest } from '../contest/schema.ts';
import type { Locale, Messages } from './messages.ts';
import { ContestPage } from './page.tsx';
import { isTv, startTv } from './tv.ts';

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
if (messages && isTv(location)) startTv(messages.paused);

// React's DOM runtime is most of this script; compiling it is a long task of its own. Started after the
// parser's task, and hydrating as a transition, which yields to the browser between slices, no task of the
// page's script blocks input for long (npm run bench).
setTimeout(async () => {
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  const container = document.getElementById('podium');
  const contest = window.__CONTEST__;
  if (!container || !messages) return; // not a page podium wrote: leave the markup as it is
  if (contest) {
    React.startTransition(() => {
      hydrateRoot(container, <ContestPage contest={contest} messages={messages} locale={locale} />);
    });
  } else {
    // Without data the markup cannot match; render afresh instead of hydrating: an empty users list.
    container.replaceChildren();
    createRoot(container).render(<ContestPage contest={EMPTY} messages={messages} locale={locale} />);
  }
});
