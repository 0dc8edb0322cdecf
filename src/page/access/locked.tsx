// What a team page shows before it is opened (and all it shows without the team link): the contest's heading and
// texts, and where the ranking would be, one sentence saying that it needs the team's link; with a passphrase, a form
// for it once the script runs (the form needs the script: without it the page shows the sentence alone).
import * as React from 'react';
import type { Contest } from '../../contest/schema.ts';
import type { Locale, Messages } from '../messages.ts';
import { Intro } from '../page.tsx';
import type { LockedContest, TeamMessages } from './open.ts';

export type LockedProps = {
  contest: LockedContest;
  messages: Messages & TeamMessages;
  locale: Locale;
  /** In the browser: tries a passphrase, and says whether it opened the page. */
  onPassphrase?: ((passphrase: string) => Promise<boolean>) | undefined;
  /** In the browser: it cannot open a team page (no WebCrypto: plain http from another host). */
  unable?: boolean;
};

export function LockedPage({ contest, messages: t, onPassphrase, unable = false }: LockedProps) {
  const passphrase = contest.locked.passphrase !== undefined && !unable;
  // Past its end date with "texts", a page publishes no ranking at all: nothing to open, and no sentence about it.
  if (contest.ended?.after === 'texts')
    return (
      <main className="contest">
        <Intro contest={contest as Contest} t={t} />
      </main>
    );
  return (
    <main className="contest">
      <Intro contest={contest as Contest} t={t} />
      <section className="ranking" aria-labelledby="ranking-title">
        <div className="tabs">
          <span className="tab">{t.tab}</span>
        </div>
        <h2 id="ranking-title" className="visually-hidden">
          {t.tab}
        </h2>
        <p className="empty locked">
          <Unable unable={unable} t={t}>
            {passphrase ? t.lockedPassphrase : t.locked}
          </Unable>
        </p>
        {passphrase && <Passphrase onPassphrase={onPassphrase} t={t} />}
      </section>
    </main>
  );
}

/** The passphrase's form, from the first render after hydration on (none on the server: hydration finds the markup). */
function Passphrase({ onPassphrase, t }: { onPassphrase: LockedProps['onPassphrase']; t: TeamMessages }) {
  const ready = useHydrated();
  const [state, setState] = React.useState<'idle' | 'busy' | 'wrong'>('idle');
  if (!ready || !onPassphrase) return null;
  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = event.currentTarget.elements.namedItem('passphrase') as HTMLInputElement;
    setState('busy');
    setState((await onPassphrase(field.value.trim())) ? 'idle' : 'wrong');
  };
  return (
    <form className="passphrase" onSubmit={(event) => void submit(event)}>
      <label htmlFor="passphrase">{t.passphrase}</label>
      <input id="passphrase" name="passphrase" type="password" autoComplete="current-password" required />
      <button type="submit" disabled={state === 'busy'}>
        {t.open}
      </button>
      <p role="status">{state === 'wrong' ? t.wrongPassphrase : ''}</p>
    </form>
  );
}

/** The sentence, or from the first render after hydration on, where the browser cannot open the page, why. */
function Unable({ unable, t, children }: { unable: boolean; t: TeamMessages; children: string }) {
  return <>{useHydrated() && unable ? t.unable : children}</>;
}

/** Whether the first render after hydration has happened: false on the server and in the render hydration compares. */
function useHydrated(): boolean {
  const [hydrated, setHydrated] = React.useState(false);
  React.useEffect(() => setHydrated(true), []);
  return hydrated;
}
