// Dates, with luxon: its settings live here and only here. Server only, and loaded only by bakes
// that have a date, so neither the page script nor an ordinary bake pays for luxon.
import { DateTime, Settings } from 'luxon';
import { toInstant } from './instant.ts';

Settings.defaultLocale = 'de';
// Week starts Monday; the first week of the year is the one containing 4 January (ISO 8601).
Settings.defaultWeekSettings = { firstDay: 1, minimalDays: 4, weekend: [6, 7] };

/** The page's time zone: the "Stand" line is Berlin time, wherever the bake runs. */
const ZONE = 'Europe/Berlin';

/**
 * The same instant as Berlin wall-clock time with its offset: `2027-03-31T16:45:00Z` → `2027-03-31T18:45:00+02:00`.
 * Read by instant.ts, as the schema reads it: luxon's own parser rejects what the schema accepts (31 fractional
 * digits).
 */
export function toBerlin(iso: string): string {
  const instant = toInstant(iso);
  if (instant === undefined) throw new Error(`not an ISO 8601 date and time: ${iso}`);
  return DateTime.fromMillis(instant, { zone: ZONE }).toISO({ suppressMilliseconds: true }) ?? iso;
}

/** A Berlin wall-clock time, `2027-03-31T18:00` (a history file's Stand), with its offset: `…T18:00:00+02:00`. */
export function fromBerlin(local: string): string {
  const time = DateTime.fromISO(local, { zone: ZONE });
  if (!time.isValid) throw new Error(`not an ISO 8601 date and time: ${local}`);
  return time.toISO({ suppressMilliseconds: true }) ?? local;
}

/** The end of qualification as a Berlin time: a date alone means the end of that day, i.e. 00:00 of the next. */
export function toEnd(value: string): string {
  if (value.includes('T')) return toBerlin(value);
  const day = DateTime.fromISO(value, { zone: ZONE });
  if (!day.isValid) throw new Error(`not an ISO 8601 date: ${value}`);
  return day.plus({ days: 1 }).toISO({ suppressMilliseconds: true }) ?? value;
}

/** Berlin time for a Unix time in seconds (SOURCE_DATE_EPOCH) or, without one, for now. */
export function toStamp(epochSeconds: number | undefined): string {
  const time = epochSeconds === undefined ? DateTime.now() : DateTime.fromSeconds(epochSeconds);
  return time.setZone(ZONE).toISO({ suppressMilliseconds: true }) ?? '';
}
