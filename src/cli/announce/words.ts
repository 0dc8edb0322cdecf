// An announcement in words, in the contest's language (templates/messages/announce.*.json): a heading and one line per
// moment. Texts from files (the title, names) stay apart from podium's own words, as pieces each format escapes.
import de from '../../../templates/messages/announce.de.json' with { type: 'json' };
import en from '../../../templates/messages/announce.en.json' with { type: 'json' };
import { toCount, toMoney } from '../../contest/numbers.ts';
import type { Metric } from '../../contest/ranking.ts';
import { toStand } from '../../page/format.ts';
import { fill, plural, type Locale } from '../../page/messages.ts';
import type { Announcement, Moment } from './moments.ts';

type Words = typeof de;
const CATALOGUES: Record<Locale, Words> = { de, en };

/** A piece of a line: podium's own words, or a text from a file (`{ file }`), which a format must escape. */
export type Piece = string | { file: string };
/** A line, as pieces. */
export type Line = Piece[];
/** An announcement in words: its heading and a line per moment. */
export type Said = { heading: Line; lines: Line[] };

/** Names listed in one line at most; the rest are counted (`… und 3 weitere`). */
const LISTED = 10;

/** The announcement in `locale`'s words. */
export function toSaid({ title, stand, moments }: Announcement, locale: Locale): Said {
  const t = CATALOGUES[locale];
  return {
    heading: toPieces(t.heading, { title: { file: title }, stand: toDate(stand, t, locale) }),
    lines: moments.map((moment) => toLine(moment, t, locale)),
  };
}

function toLine(moment: Moment, t: Words, locale: Locale): Line {
  const n = (count: number) => toCount(count, locale);
  switch (moment.kind) {
    case 'kickoff':
      return [plural(t.kickoff, moment.people, { n: n(moment.people), top: n(moment.top) })];
    case 'entered':
      return toPieces(t.entered, { top: n(moment.top), names: toNames(moment.names, t) });
    case 'tier':
      return toPieces(t.tier, { text: { file: moment.text }, names: toNames(moment.names, t) });
    case 'target':
      return toPieces(t.target, { names: toNames(moment.names, t) });
    case 'team':
      return toPieces(plural(t.team, moment.top.length), {
        ...{ teams: toNames(moment.top, t), before: toNames(moment.before, t) },
      });
    case 'climb':
      return toPieces(plural(t.climb, moment.by, { n: n(moment.by) }), { name: [{ file: moment.name }] });
    case 'cutoff':
      return [fill(t.cutoff, { place: n(moment.place), what: toFigures(moment.figures, t, locale) })];
    case 'left':
      return [
        moment.days === 0
          ? t.lastDay
          : plural(t.left, moment.days, { n: n(moment.days), end: toDay(moment.end, locale) }),
      ];
    case 'lastWeek':
      return [t.lastWeek];
    case 'end':
      return moment.winners.length ? toPieces(t.end, { names: toNames(moment.winners, t) }) : [t.endNone];
  }
}

/** `{a}, {b}` placeholders filled with pieces: a text's own words stay words, a file's text stays a piece of its own. */
function toPieces(text: string, values: Record<string, Piece | Line>): Line {
  return text.split(/(\{\w+\})/).flatMap((part): Line => {
    const value = /^\{(\w+)\}$/.exec(part)?.[1];
    if (value === undefined || !(value in values)) return part ? [part] : [];
    const filled = values[value]!;
    return Array.isArray(filled) ? filled : [filled];
  });
}

/** `Lea Zimmermann, Anna Schäfer und 3 weitere`: each name a piece of its own. */
function toNames(names: readonly string[], t: Words): Line {
  const listed = names.slice(0, LISTED).flatMap((name, at): Line => (at ? [', ', { file: name }] : [{ file: name }]));
  return names.length > LISTED ? toPieces(t.names, { names: listed, n: String(names.length - LISTED) }) : listed;
}

/** `158.300,00 € Netto-Volumen und 19 Eigenleads`: in the catalogue's words, in `locale`'s number format. */
function toFigures(figures: readonly [Metric, number][], t: Words, locale: Locale): string {
  const parts = figures.map(([metric, value]) =>
    metric === 'leadCount'
      ? plural(t.leads, value, { n: toCount(value, locale) })
      : fill(t.profit, { amount: toMoney(value, locale) }),
  );
  return parts.reduce((a, b) => fill(t.and, { a, b }));
}

/** `2027-06-18T18:00` → `18.06.2027, 18:00 Uhr` (de) or `2027-06-18 18:00` (en). */
function toDate(stand: string, t: Words, locale: Locale): string {
  if (locale === 'en') return stand.replace('T', ' ');
  const { date, time } = toStand(stand);
  return time ? fill(t.at, { date, time }) : date;
}

/** `2027-06-30` → `30.06.2027` (de), as the page writes a day, or as it is (en). */
function toDay(day: string, locale: Locale): string {
  return locale === 'en' ? day : toStand(day).date;
}
