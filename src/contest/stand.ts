// The Stand a history file's name states, written as people name exports: an ISO date (`2027-04-07 Stand.xlsx`) or
// a German one, day.month.year (`Export_07.04.2027.xlsx`), either with a Berlin time after `T` (`T1800`).
import { YEARS } from './instant.ts';

// Digits around a date make it another number, as does a number and a dot before a German one (1.07.04.2027).
const ISO = /(?<!\d)(\d{4})-(\d{2})-(\d{2})(?:T(\d{2})(\d{2}))?(?!\d)/g;
const GERMAN = /(?<!\d)(?<!\d\.)(\d{1,2})\.(\d{1,2})\.(\d{4})(?:T(\d{2})(\d{2}))?(?!\d)/g;
// Dates podium does not guess at: 07-04-2027 is 7 April in Germany and 4 July in the US; 07.04.27 has no century.
const UNCLEAR = /(?<!\d)(?<!\d\.)\d{1,2}([-_.])\d{1,2}\1(\d{4}|\d{2})(?!\.?\d)/;

const FORMS =
  'year-month-day or day.month.year, like 2027-03-31.csv or Export_31.03.2027.xlsx, and for more than one export a day T and the Berlin time after it (2027-03-31T1800.csv)';
const TIME = 'hours and minutes in Berlin time: 2027-03-31T1800.csv for 18:00';

/** A date found in a name: its text, its parts as numbers, and where in the name it ends. */
type Found = { text: string; year: number; month: number; day: number; hour?: string; minute?: string; end: number };

/** The Stand a file's name states: `2027-03-31`, or `2027-03-31T18:00` with a time; or what is wrong with it. */
export function toStand(name: string): { stand: string } | { wrong: string } {
  const found = toDates(name);
  if (found.length === 0) {
    const unclear = UNCLEAR.exec(name);
    if (!unclear) return { wrong: `no date in its name: name each export of a history folder by its date, ${FORMS}` };
    const why = unclear[1] === '.' ? 'has a two-digit year' : 'could be day-month-year or month-day-year';
    return { wrong: `${unclear[0]} in its name ${why}; write the date ${FORMS}` };
  }
  const texts = [...new Set(found.map(({ text }) => text))];
  if (texts.length > 1)
    return { wrong: `two dates in its name (${texts.join(', ')}): keep the export's own one, its Stand` };
  const { text, year, month, day, hour, minute, end } = found[0]!;
  if (hour === undefined && /^T\d/.test(name.slice(end)))
    return { wrong: `the time after the date is 4 digits, ${TIME}` };
  const days = [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  if (day < 1 || day > days) return { wrong: `${text} in its name is no date; write the date ${FORMS}` };
  if (year < YEARS.from || year > YEARS.to)
    return { wrong: `the date must be in the years ${YEARS.from} to ${YEARS.to}` };
  if (hour !== undefined && (Number(hour) > 23 || Number(minute) > 59))
    return { wrong: `${hour}${minute} after the date is no time of day; ${TIME}` };
  const date = [String(year).padStart(4, '0'), pad(month), pad(day)].join('-');
  return { stand: `${date}${hour === undefined ? '' : `T${hour}:${minute}`}` };
}

/** Every ISO and German date in a name, in the order they stand in it. */
function toDates(name: string): Found[] {
  const iso = [...name.matchAll(ISO)].map((match) => toFound(match, 1, 2, 3));
  const german = [...name.matchAll(GERMAN)].map((match) => toFound(match, 3, 2, 1));
  return [...iso, ...german].sort((a, b) => a.end - b.end);
}

function toFound(match: RegExpExecArray, year: number, month: number, day: number): Found {
  const [text, , , , hour, minute] = match;
  return {
    text,
    year: Number(match[year]),
    month: Number(match[month]),
    day: Number(match[day]),
    ...(hour !== undefined && { hour, minute }),
    end: match.index + text.length,
  };
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Whether a folder's entry is an editor's or a spreadsheet program's leftover, which podium passes over. */
export function isLeftover(name: string): boolean {
  // .name (hidden: .#lock, .~lock.x.csv#, .swp), name~ (a backup), #name# (Emacs), ~$name (Excel's lock file)
  return name.startsWith('.') || name.endsWith('~') || /^#.*#$/s.test(name) || name.startsWith('~$');
}

/** A Stand's workbook: a file name ending in .xlsx, no sheet after `#`; its first sheet is read. */
export const STAND_WORKBOOK = /\.xlsx$/i;
/** A Stand's .json list of users. */
export const STAND_LIST = /\.json$/i;
