// The contest page: one component, rendered to HTML at bake time and hydrated in the browser.
import type { Contest, User } from './contest.ts';
import { toCount, toMoney, toStand } from './format.ts';
import { fill, type Messages } from './messages.ts';

export type PageProps = {
  contest: Contest;
  messages: Messages;
  /** Server only: `false` leaves the table body empty, for rows rendered separately (see render.ts). */
  rows?: false;
};

export function ContestPage({ contest, messages: t, rows }: PageProps) {
  const { users } = contest;
  const winners = Math.min(contest.solo_winners, users.length);
  return (
    <main className="contest">
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
        </p>
      </header>
      {/* The scrolling region below is the table's one landmark; a named section as well would repeat it. */}
      <section className="ranking">
        <div className="tabs">
          <span className="tab">{t.tab}</span>
        </div>
        <h2 id="ranking-title">{fill(t.top, { n: users.length })}</h2>
        {/* Focusable so keyboard users can scroll a table wider than a phone (WCAG 2.1.1). */}
        <div className="table-scroll" role="region" aria-labelledby="ranking-title" tabIndex={0}>
          <table>
            <caption className="visually-hidden">{fill(t.caption, { winners, n: users.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t.name}</th>
                <th scope="col">{t.leads}</th>
                <th scope="col">{t.profit}</th>
              </tr>
            </thead>
            <tbody>{rows !== false && <Rows users={users} start={0} winners={winners} label={t.winner} />}</tbody>
          </table>
        </div>
        {contest.updated_at && <p className="stand">{fill(t.stand, toStand(contest.updated_at))}</p>}
      </section>
    </main>
  );
}

/** Table rows for `users`, the first of which is row number `start` of the contest. */
export function Rows({ users, start, winners, label }: { users: readonly User[]; start: number; winners: number; label: string }) {
  return users.map((user, index) => (
    // Names may repeat and the order never changes, so the position is the stable key.
    <Row key={start + index} user={user} winner={start + index < winners} label={label} />
  ));
}

function Row({ user, winner, label }: { user: User; winner: boolean; label: string }) {
  return (
    // Cells carry no classes: the stylesheet styles columns by position, and every byte is in every row.
    <tr className={winner ? 'winner' : undefined}>
      <td>
        {user.name}
        {/* Winners are told by more than colour: screen readers hear it (WCAG 1.4.1). */}
        {winner && <span className="visually-hidden">{` (${label})`}</span>}
      </td>
      <td>{toCount(user.leadCount)}</td>
      <td>{toMoney(user.profit)}</td>
    </tr>
  );
}
