// luxon's settings live here and only here (SPEC §4); server-side only, so the page's script stays small.
import { Settings } from 'luxon';

Settings.defaultLocale = 'de';
// Week starts Monday; the first week of the year is the one containing 4 January (ISO 8601).
Settings.defaultWeekSettings = { firstDay: 1, minimalDays: 4, weekend: [6, 7] };

export { Settings };
