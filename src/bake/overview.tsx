// A folder's overview page, <out>/index.html: each contest's title, linking to its page, and its qualification
// period (and that it is over, past its end date). Baked like a contest page, in the same style and locale, but it has no script at all.
import * as React from 'react';
import { renderToString } from 'react-dom/server';
import de from '../../templates/messages/overview.de.json' with { type: 'json' };
import en from '../../templates/messages/overview.en.json' with { type: 'json' };
import { readOverviewScript, type Asset } from './assets.ts';
import { toTop, type Head } from './html.ts';
import { toMessages, type Locale, type Messages } from '../page/messages.ts';
import type { Ended, Named } from '../contest/schema.ts';

/** What the overview lists of a contest. */
type Listed = Pick<Named, 'name' | 'contest'>;

// The overview's own texts stay out of the page catalogues: every contest page carries those as its texts JSON.
type Texts = typeof en;
const CATALOGUES: Record<string, Partial<Texts>> = { de, en };

export type OverviewProps = { contests: readonly Listed[]; t: Messages; texts: Texts };

export function Overview({ contests, t, texts }: OverviewProps) {
  return (
    <main className="contest">
      <header className="intro">
        <p className="overline">{t.overline}</p>
        <h1>{texts.title}</h1>
      </header>
      <ul className="contests">
        {contests.map(({ name, contest }) => (
          <li key={name}>
            <h2>
              <a href={toLink(name)}>{contest.title}</a>
            </h2>
            <p className="period">
              {`${t.period} `}
              <mark>{contest.qualification_date_text}</mark>
              {contest.ended && ` ${texts.ended}`}
            </p>
          </li>
        ))}
      </ul>
    </main>
  );
}

/**
 * The address of a contest's page, relative to the overview: it works under any path and from file://, which
 * shows a folder's listing rather than its index.html. Encoded, so that a file name is never read as a scheme,
 * a query or a fragment.
 */
export function toLink(name: string): string {
  return `${encodeURIComponent(name)}/index.html`;
}

/**
 * The overview of `contests` as a document, in the order of their ends: the latest `qualification_end` first, so
 * that running contests come before finished ones; those without one last, by title. `head.url` is the folder's
 * address; `title` replaces the overview's own.
 */
export function toOverview(
  contests: readonly Listed[],
  locale: Locale,
  head: Head,
  css: Asset,
  title?: string,
): string {
  const texts = { ...en, ...CATALOGUES[locale], ...(title && { title }) };
  const markup = renderToString(<Overview contests={toOrder(contests)} t={toMessages(locale)} texts={texts} />);
  // With --refresh, a script that starts a wall screen's rotation (page/tv/overview.ts); without, none at all.
  const script = head.hydrate && head.refreshSeconds ? readOverviewScript() : undefined;
  const scripts = script ? [script.hash] : [];
  const top = toTop({ title: texts.title, description: texts.description, locale, css, scripts, head });
  // podium dev's reload script, as on a contest page.
  const end = [script?.text, head.devScript].map((text) => (text ? `\n<script>${text}</script>` : '')).join('');
  return `${top}${markup}${end}\n</body>\n</html>\n`;
}

/** The link on each page of a folder back to its overview, in the page's locale. */
export function toBackText(locale: Locale): string {
  return { ...en, ...CATALOGUES[locale] }.back;
}

/** What a page past its end date says, per what it still publishes (contest/end.ts), in the page's locale. */
export function toEndedTexts(locale: Locale): Record<Ended['after'], string> {
  const texts = { ...en, ...CATALOGUES[locale] };
  return { winners: texts.endedWinners, texts: texts.endedTexts };
}

function toOrder(contests: readonly Listed[]): Listed[] {
  const end = ({ contest }: Listed) => (contest.qualification_end ? Date.parse(contest.qualification_end) : -Infinity);
  const byTitle = (a: Listed, b: Listed) =>
    a.contest.title < b.contest.title ? -1 : a.contest.title > b.contest.title ? 1 : 0;
  return [...contests].sort((a, b) => end(b) - end(a) || byTitle(a, b));
}
