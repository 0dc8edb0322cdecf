// The page script: hydrates the baked markup with the contest the page carries in window.__CONTEST__.
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { Contest } from './contest.ts';
import { DEFAULT_SOLO_WINNERS } from './defaults.ts';
import { toMessages } from './messages.ts';
import { ContestPage } from './page.tsx';
import { isTv, startTv } from './tv.ts';

declare global {
  interface Window {
    __CONTEST__?: Contest;
  }
}

const EMPTY: Contest = {
  title: '',
  heading: '',
  journey_date_text: '',
  description: '',
  qualification_date_text: '',
  solo_winners: DEFAULT_SOLO_WINNERS,
  users: [],
};

if (isTv(location)) startTv();

const container = document.getElementById('podium');
if (container) {
  const messages = toMessages(document.documentElement.lang);
  const contest = window.__CONTEST__;
  if (contest) {
    hydrateRoot(container, <ContestPage contest={contest} messages={messages} />);
  } else {
    // Without data the markup cannot match; render afresh instead of hydrating (SPEC §7: empty users list).
    container.replaceChildren();
    createRoot(container).render(<ContestPage contest={EMPTY} messages={messages} />);
  }
}
