// The contest page: one component, rendered to HTML at bake time and hydrated in the browser. What depends on
// the moment of viewing (time left, the age of the figures, the search) renders only after hydration, in
// components of its own: the page itself never renders again, so neither do its 10,000 rows.
import * as React from 'react';
import { Later, toAge, toTimeLeft } from './clock.ts';
import type { Contest, User } from '../contest/schema.ts';
import { toShownRanking, type Ranking } from '../contest/ranking.ts';
import { toWas } from '../contest/standings.ts';
import { Finder } from './finder.tsx';
import { toCount, toMoney } from '../contest/numbers.ts';
import { toPlace, toStand } from './format.ts';
import { Changes, Move } from './history.tsx';
import { TeamFilter, Teams } from './fair/teams.tsx';
import { fill, type Locale, type Messages } from './messages.ts';
import { toRuleLine } from './standing.ts';
import { TargetCell, TargetHead } from './fair/targets.tsx';
import type { TargetRule } from '../contest/fair/targets.ts';
import { TierWords, toRowTier, toTierCaption, type RowTier } from './fair/tiers.tsx';
import type { Prize } from '../contest/fair/tiers.ts';

export type PageProps = {
  contest: Contest;
  messages: Messages;
  locale: Locale;
  /** Server only: `false` leaves the table body empty, for rows rendered separately (see render.ts). */
  rows?: false;
  /** Server only: the contest's ranking, as the check ranked it; the browser works out its own. */
  ranking?: Ranking;
};

export function ContestPage({ contest, messages: t, locale, rows, ranking = toShownRanking(contest) }: PageProps) {
  const { users, updated_at: updated, standings } = contest;
  const was = standings && toWas(standings, ranking.places);
  const rule = toRuleLine(contest, t, locale);
  return (
    <main className="contest">
      <Intro contest={contest} t={t} />
      {/* Past its end date with "texts" (contest/end.ts), a page has no table at all. */}
      {contest.ended?.after === 'texts' ? null : (
        <section className={standings ? 'ranking history' : 'ranking'}>
          <div className="tabs">
            <span className="tab">{t.tab}</span>
          </div>
          <h2 id="ranking-title">{fill(t.top, { n: users.length })}</h2>
          {rule && <p className="rule">{rule}</p>}
          {ranking.shared !== undefined && t.rules && (
            <p className="rule">{fill(t.rules.shared, { place: ranking.shared, n: ranking.winners })}</p>
          )}
          {standings && was && (
            <Changes
              standings={standings}
              was={was}
              users={users}
              ranking={ranking}
              solo={contest.solo_winners}
              t={t}
            />
          )}
          {users.length ? (
            <>
              <TeamFilter contest={contest} t={t} />
              <Later>
                {() => (
                  <Finder users={users} ranking={ranking} rules={contest} standings={standings} t={t} locale={locale} />
                )}
              </Later>
              <Table
                users={users}
                ranking={ranking}
                was={was}
                t={t}
                rows={rows}
                {...{ target: contest.target, prizes: contest.prizes }}
              />
            </>
          ) : (
            <p className="empty">{t.empty}</p>
          )}
          {updated && <Stand updated={updated} t={t} />}
        </section>
      )}
      <Teams contest={contest} t={t} />
    </main>
  );
}

/** The Stand of the figures under the table, and how old it is once the page is hydrated. */
function Stand({ updated, t }: { updated: string; t: Messages }) {
  return (
    <p className="stand">
      {/* A Stand from an export's file name may have a date alone: no time, no "Uhr". */}
      {((stand) => fill(stand.time ? t.stand : t.standDate, stand))(toStand(updated))}
      <Later>
        {(now) => {
          const age = toAge(Date.parse(updated), now, t);
          return age && ` (${age})`;
        }}
      </Later>
    </p>
  );
}

/** The contest's heading: what it is, what it wins, and its period, with the time left once the page is hydrated. */
export function Intro({ contest, t }: { contest: Contest; t: Messages }) {
  const end = contest.qualification_end;
  return (
    <header className="intro">
      <p className="overline">{t.overline}</p>
      <h1>{contest.title}</h1>
      <p className="journey">
        <strong>{contest.heading}</strong> <mark>{contest.journey_date_text}</mark>
      </p>
      <p className="description">{contest.description}</p>
      <p className="period">
        {`${t.period} `}
        <mark>{contest.qualification_date_text}</mark>
        {end && (
          <Later>
            {(now) => (
              <>
                {' '}
                <span className="left">{toTimeLeft(Date.parse(end), now, t)}</span>
              </>
            )}
          </Later>
        )}
      </p>
      {/* Past its end date (contest/end.ts): that it is over, and what the page still shows. */}
      {contest.ended && (
        <p className="period">
          <strong>{contest.ended.text}</strong>
        </p>
      )}
    </header>
  );
}

/** The ranking's table, in a frame that scrolls sideways; its body left empty where `rows` is false (see PageProps). */
function Table({
  users,
  ranking,
  was,
  t,
  rows,
  target,
  prizes,
}: {
  users: readonly User[];
  ranking: Ranking;
  was?: readonly number[] | undefined;
  t: Messages;
  rows?: false;
  target?: TargetRule | undefined;
  prizes?: readonly Prize[] | undefined;
}) {
  return (
    // Focusable so keyboard users can scroll a table wider than a phone (WCAG 2.1.1).
    <div className="table-scroll" role="region" aria-labelledby="ranking-title" tabIndex={0}>
      {/* Names hang beside the places (page.css), as wide as the last place: 2 digits unless the class says. */}
      <table className={users.length > 99 || users.length < 10 ? `places-${toCount(users.length).length}` : undefined}>
        <caption className="visually-hidden">
          {fill(t.caption, { winners: ranking.winners, n: users.length }) + toTierCaption(prizes, t)}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t.name}</th>
            <th scope="col">{t.leads}</th>
            <th scope="col">{t.profit}</th>
            <TargetHead rule={target} t={t} />
          </tr>
        </thead>
        <tbody>
          {rows !== false && (
            <Rows
              users={users}
              start={0}
              count={users.length}
              ranking={ranking}
              was={was}
              t={t}
              {...{ target, prizes }}
            />
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Table rows for `users`, the first of which is row number `start` of a contest of `count` people, each where the
 * contest's `ranking` places it; `was` holds every row's place in the previous Stand (Standings), for a contest that
 * has one.
 */
export function Rows({
  users,
  start,
  count,
  ranking,
  was,
  t,
  target,
  prizes,
}: {
  users: readonly User[];
  start: number;
  count: number;
  ranking: Ranking;
  was?: readonly number[] | undefined;
  t: Messages;
  /** The contest's targets, for the column of the share reached (page/fair/targets.tsx). */
  target?: TargetRule | undefined;
  /** The contest's prize tiers: each winning row says its tier (fair/tiers.tsx). */
  prizes?: readonly Prize[] | undefined;
}) {
  const last = toCount(count);
  return users.map((user, index) => {
    const at = start + index;
    const rank = ranking.places[at]!;
    const place = toPlace(rank, last);
    const winner = ranking.winning[at] === 1;
    const short = ranking.short?.[at] === 1;
    const tier = prizes && toRowTier(prizes, ranking, at);
    // Names may repeat and the order never changes, so the position is the stable key.
    const props = { user, place, rank, winner, short, was: was?.[at], t, target, tier };
    return <Row key={at} {...props} />;
  });
}

type RowProps = {
  user: User;
  place: string;
  rank: number;
  winner: boolean;
  short: boolean;
  was?: number | undefined;
  t: Messages;
  target?: TargetRule | undefined;
  /** With prize tiers, the row's tier in words and its band (fair/tiers.tsx). */
  tier?: RowTier | undefined;
};

function Row({ user, place, rank, winner, short, was, t, target, tier }: RowProps) {
  const noted = short || tier !== undefined; // words after the name: a minimum missed, a prize tier
  return (
    // Cells carry no classes: the stylesheet styles columns by position, and every byte is in every row.
    <tr className={winner ? `winner${tier?.band ?? ''}` : undefined}>
      <th scope="row">
        {/* The place under the contest's rules, as the search panel says it; text, not an element of its own:
            10,000 more elements took a third longer to load (docs/performance.md). A name with words after it is
            isolated from them (bidi): a right-to-left mark in it must not turn them around. */}
        {was === undefined && !noted ? (
          `${place}\u00a0${user.name}`
        ) : (
          <>
            {`${place}\u00a0`}
            {was !== undefined && <Move was={was} place={rank} t={t} />}
            {noted ? <bdi>{user.name}</bdi> : user.name}
          </>
        )}
        {/* Winners are told by more than colour: screen readers hear it (WCAG 1.4.1). */}
        {winner && <span className="visually-hidden">{` (${t.winner})`}</span>}
        {tier && <TierWords {...tier} t={t} />}
        {/* A place among the winners' that does not win: said in words on the row, for everyone. */}
        {short && t.rules && (
          <>
            {' '}
            <small className="unmet">{t.rules.unmet}</small>
          </>
        )}
      </th>
      <td>{toCount(user.leadCount)}</td>
      <td>
        {/* No amount where it is not published (contest/privacy.ts): a dash, and words for screen readers. */}
        {typeof user.profit === 'number' ? (
          toMoney(user.profit)
        ) : (
          <>
            <span aria-hidden="true">–</span>
            <span className="visually-hidden">{t.notPublished}</span>
          </>
        )}
      </td>
      <TargetCell user={user} rule={target} t={t} />
    </tr>
  );
}
