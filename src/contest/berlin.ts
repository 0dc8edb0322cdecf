// The Berlin-time step of a bake: each contest's dates as the wall-clock time the page shows, and its Stand.
import type { Named, Privacy } from './schema.ts';

/**
 * The Stand of each contest that does not state its own `updated_at`: an ISO 8601 time with offset, or the time a
 * function finds for the contest's files (the last commit that changed them, say).
 */
export type UpdatedAt = string | ((files: readonly string[]) => Promise<string>);

/** "Now" as a Berlin time with its offset: the one clock `--updated-at now` reads too (cli/bake.ts). */
export type Now = () => Promise<string>;

/**
 * The Berlin date a bake counts as today, `2027-08-01`, asked of `now` (the clock without it) only where a contest
 * has an end date (`privacy.until`, its own or the folder's default `fallback`); none elsewhere.
 */
export async function toToday(
  contests: readonly Pick<Named, 'contest'>[],
  fallback: Privacy | undefined,
  now?: Now,
): Promise<string | undefined> {
  if (fallback?.until === undefined && !contests.some(({ contest }) => contest.privacy?.until)) return undefined;
  const stamp = now ? await now() : (await import('./dates.ts')).toStamp(undefined);
  return stamp.slice(0, 10);
}

/**
 * Each contest with its dates as Berlin wall-clock time, which the page shows without doing time-zone work in the
 * browser (a `qualification_end` date alone becomes the end of that day). The Stand is the contest's own `updated_at`,
 * else its history's newest date (a date alone stays a date), else what `updatedAt` says (a time, or the time a
 * function finds for the contest's files): adding an export moves that contest's Stand and no other's. Loads luxon
 * only when there is a time.
 */
export async function toBerlinTime<T extends Dated>(contests: T[], updatedAt?: UpdatedAt): Promise<T[]> {
  const timed = ({ contest, stand }: T) =>
    contest.updated_at || contest.qualification_end || stand?.includes('T') || (!stand && updatedAt !== undefined);
  if (!contests.some(timed)) return contests.some(({ stand }) => stand) ? contests.map(toStand) : contests;
  const { fromBerlin, toBerlin, toEnd } = await import('./dates.ts');
  const dated: T[] = [];
  for (const named of contests) {
    const { contest, stand, files = [] } = named;
    const given = typeof updatedAt === 'function' && !contest.updated_at && !stand ? await updatedAt(files) : updatedAt;
    const updated = contest.updated_at
      ? toBerlin(contest.updated_at)
      : stand
        ? stand.includes('T')
          ? fromBerlin(stand)
          : stand
        : typeof given === 'string'
          ? toBerlin(given)
          : undefined;
    const end = contest.qualification_end;
    dated.push({
      ...named,
      contest: {
        ...contest,
        ...(updated && { updated_at: updated }),
        ...(end && { qualification_end: toEnd(end) }),
      },
    });
  }
  return dated;
}

/** What toBerlinTime() reads of a contest. */
type Dated = Pick<Named, 'contest' | 'files' | 'stand'>;

/** A contest whose Stand is the date alone of its history's newest file. */
function toStand<T extends Dated>(named: T): T {
  const { contest, stand } = named;
  return stand && !contest.updated_at ? { ...named, contest: { ...contest, updated_at: stand } } : named;
}
