// The instant an ISO 8601 date and time names, and whether a page can show it: plain arithmetic, shared by the
// schema (every run) and dates.ts (luxon, loaded only to bake a date), so that both accept exactly the same values.

/** The years a page shows: its "Stand" line writes four digits, and no contest ran before 1970. */
export const YEARS = { from: 1970, to: 9999 } as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
// What the schema's z.iso.datetime({ offset: true }) accepts, field by field; any number of fractional digits.
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:Z|([+-])(\d{2}):(\d{2}))$/;

/**
 * Milliseconds since 1970 of `2027-03-31T18:45:00.5+02:00` (digits beyond the millisecond dropped); undefined for other
 * text.
 */
export function toInstant(iso: string): number | undefined {
  const [, year, month, day, hour, minute, second, fraction = '', sign, offsetHours = '0', offsetMinutes = '0'] =
    DATE_TIME.exec(iso) ?? [];
  if (year === undefined) return undefined;
  const time = new Date(0);
  // Not Date.UTC, which reads the years 0 to 99 as 1900 to 1999.
  time.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  time.setUTCHours(Number(hour), Number(minute), Number(second), Number(fraction.slice(0, 3).padEnd(3, '0')));
  const offset = (Number(offsetHours) * 60 + Number(offsetMinutes)) * 60_000;
  return sign === '-' ? time.getTime() + offset : time.getTime() - offset;
}

/** Whether a page can show this instant: its year in Berlin is within YEARS. */
export function isShowableInstant(instant: number): boolean {
  // Every New Year's Eve since 1970 Berlin is at +01:00, whatever summer time does.
  const year = new Date(instant + 3_600_000).getUTCFullYear();
  return year >= YEARS.from && year <= YEARS.to;
}

/**
 * Whether a page can show this date (`2027-03-31`: its year) or date and time (its year in Berlin). Other text is the
 * format check's to report.
 */
export function isShowable(iso: string): boolean {
  if (DATE.test(iso)) return Number(iso.slice(0, 4)) >= YEARS.from && Number(iso.slice(0, 4)) <= YEARS.to;
  const instant = toInstant(iso);
  return instant === undefined || isShowableInstant(instant);
}
