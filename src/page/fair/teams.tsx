// The teams table of a contest with "teams" (contest/fair/teams.ts made it when baking: this module only shows it),
// and the choice that narrows the person table to one team, once the page is hydrated.
import * as React from 'react';
import type { Contest } from '../../contest/schema.ts';
import type { Board, TeamRow } from '../../contest/fair/teams.ts';
import { toCount, toDecimal, toMoney } from '../../contest/numbers.ts';
import { fill, type Messages } from '../messages.ts';
import { toPlace } from '../format.ts';
import { ShareCell, TargetHead } from './targets.tsx';

/** The teams ranked, under a heading of their own after the person table; what is left out said under it. */
export function Teams({ contest, t }: { contest: Contest; t: Messages }) {
  const { board } = contest;
  const says = t.fair?.teams;
  if (!board || !says) return null;
  const rule = fill(says.rule, { figure: says[board.metric], by: says[board.by] });
  const shares = board.by === 'target';
  const last = toCount(board.rows.at(-1)?.place ?? 0);
  return (
    <section className="ranking teams">
      <h2 id="teams-title">{says.heading}</h2>
      <p>{rule}</p>
      {board.rows.length > 0 && (
        <div className="table-scroll" role="region" aria-labelledby="teams-title" tabIndex={0}>
          <table className={last.length === 2 ? undefined : `places-${last.length}`}>
            <caption className="visually-hidden">{`${says.heading}: ${rule}`}</caption>
            <thead>
              <tr>
                <th scope="col">{says.team}</th>
                <th scope="col">{says.members}</th>
                <th scope="col">{t.leads}</th>
                <th scope="col">{t.profit}</th>
                <TargetHead rule={shares ? contest.target : undefined} t={t} />
              </tr>
            </thead>
            <tbody>
              {board.rows.map((row, at) => (
                <Team key={at} row={row} last={last} by={board.by} t={t} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {toLeftOut(board, t).map((text) => (
        <p key={text}>{text}</p>
      ))}
    </section>
  );
}

function Team({ row, last, by, t }: { row: TeamRow; last: string; by: Board['by']; t: Messages }) {
  return (
    <tr className={row.top ? 'winner' : undefined}>
      <th scope="row">
        {/* The top team is told in words, not by colour alone (WCAG 1.4.1); one text, as a row's name is. */}
        {`${toPlace(row.place, last)}\u00a0${row.name}${row.top ? ` (${t.fair?.teams.top})` : ''}`}
      </th>
      <td>{toCount(row.count)}</td>
      <td>{by === 'average' ? toDecimal(row.leadCount) : toCount(row.leadCount)}</td>
      <td>
        {row.profit === undefined ? (
          <>
            <span aria-hidden="true">–</span>
            <span className="visually-hidden">{t.notPublished}</span>
          </>
        ) : (
          toMoney(row.profit)
        )}
      </td>
      {by === 'target' && <ShareCell tenths={row.tenths} t={t} />}
    </tr>
  );
}

/** The sentences that say which teams and people the table leaves out, and why. */
function toLeftOut(board: Board, t: Messages): string[] {
  const says = t.fair!.teams;
  const { small, without, minimum } = board;
  return [
    ...(small > 0 ? [fill(small === 1 ? says.smallOne : says.small, { n: toCount(small), minimum })] : []),
    ...(without > 0 ? [fill(without === 1 ? says.withoutOne : says.without, { n: toCount(without) })] : []),
  ];
}

/**
 * A row the search marks (finder.tsx), shown again where the choice of a team hid it: every team's rows again, as
 * the choice then says, so that the search never marks a row no one sees.
 */
export function revealRow(row: HTMLTableRowElement): void {
  if (!row.hidden) return;
  const select = row.closest('section')?.querySelector<HTMLSelectElement>('.team-filter select');
  if (select) select.value = '';
  for (const other of row.parentElement?.children ?? []) (other as HTMLElement).hidden = false;
}

/**
 * The choice of one team above the person table, after hydration (with JavaScript off, every row stays): the other
 * rows are hidden by their attribute, one pass over the table's rows, never a render of them.
 */
export function TeamFilter({ contest, t }: { contest: Contest; t: Messages }) {
  const [hydrated, setHydrated] = React.useState(false);
  React.useEffect(() => setHydrated(true), []);
  const { board } = contest;
  const says = t.fair?.teams;
  if (!hydrated || !board || !says || board.members.length === 0) return null;
  const narrow = (event: React.ChangeEvent<HTMLSelectElement>) => {
    const team = event.currentTarget.value === '' ? -1 : Number(event.currentTarget.value);
    const rows = event.currentTarget.closest('section')?.querySelector('.table-scroll tbody')?.children ?? [];
    for (let at = 0; at < rows.length; at += 1)
      (rows[at] as HTMLElement).hidden = team !== -1 && board.members[at] !== team;
  };
  return (
    <p className="team-filter">
      <label>
        {`${says.filter} `}
        <select onChange={narrow}>
          <option value="">{says.all}</option>
          {board.rows.map((row, at) => (
            <option key={at} value={at}>
              {row.name}
            </option>
          ))}
        </select>
      </label>
    </p>
  );
}
