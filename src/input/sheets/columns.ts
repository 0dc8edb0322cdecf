// The header rules every spreadsheet shares, a CSV export as a workbook's sheet: which column holds which field, by
// its key or the page's own title, in any case; near misses, missing and second columns; the columns ignored.
import { LIMITS_TEXT, SAID } from '../../contest/limits.ts';
import type { User } from '../../contest/schema.ts';
import type { Problem } from '../../errors.ts';
import { suggest, toExcerpt, toListed } from '../issues.ts';
import type { Key, Position } from '../place.ts';

export type Field = keyof User;
export type Columns = Partial<Record<Field, number>>;

// A column is named by its key or by the page's own title for it (templates/messages/de.json), in any case.
export const TITLES: Record<Field, readonly [string, string]> = {
  name: ['name', 'Name'],
  leadCount: ['leadCount', 'Anzahl Eigenleads'],
  profit: ['profit', 'Summe Netto-Volumen AB'],
  alias: ['alias', 'Alias'],
  hidden: ['hidden', 'Anonym'],
  target: ['target', 'Ziel'],
  share: ['share', 'Beschäftigungsgrad'],
  team: ['team', 'Team'],
};
export const FIELDS = Object.keys(TITLES) as Field[];
/**
 * Other titles exports give a person's own settings, read as those columns unless the contest file names its own:
 * a consent column is seldom titled exactly "Anonym", and a person left named by a title podium does not know is a
 * leak, not a missing figure.
 */
const ALSO: Partial<Record<Field, readonly string[]>> = {
  target: ['Zielwert'],
  share: ['Stellenanteil', 'FTE'],
  alias: ['Anzeigename', 'Spitzname', 'Display name', 'Nickname'],
  team: ['Region'],
  hidden: [
    'Anonymous',
    'Anonymisiert',
    'Anonymisieren',
    'Anonymität',
    'Anonym (ja/nein)',
    'Anonym ja/nein',
    'Nicht nennen',
  ],
};
/**
 * What a field's cell holds: a text (a name), a number, or a flag (a text or Excel's TRUE/FALSE); each reader reads a
 * cell of each kind its own way.
 */
export type Kind = 'text' | 'number' | 'flag' | 'share';
export const KINDS: Record<Field, Kind> = {
  name: 'text',
  leadCount: 'number',
  profit: 'number',
  alias: 'text',
  hidden: 'flag',
  target: 'number',
  share: 'share',
  team: 'text',
};
/** Columns a table may lack without a word (a person's own settings): never missing, never named as needed. */
export const OPTIONAL: ReadonlySet<Field> = new Set<Field>(['alias', 'hidden', 'target', 'share', 'team']);
/** A person's target and employment share: read only for a contest that sets "target" (toMapping). */
export const TARGETS = ['target', 'share'] as const;
/** The columns a table must have (unless the contest file says its export has none). */
export const REQUIRED = FIELDS.filter((field) => !OPTIONAL.has(field));

/** A cell of the "Anonym" column that hides its person; one that says no, or empty, not; anything else the schema rejects. */
const HIDES = ['ja', 'x', 'yes', 'true'];
const SHOWS = ['nein', 'no', 'false'];

/** The privacy columns of a row, for the schema: present only where a cell has something. */
export function toPrivate(alias: string | undefined, hidden: string | boolean | undefined): Record<string, unknown> {
  const said = typeof hidden === 'string' ? hidden.trim() : hidden;
  return {
    ...(alias?.trim() && { alias: alias.trim() }),
    ...(said !== undefined &&
      said !== '' &&
      !SHOWS.includes(String(said).toLowerCase()) && { hidden: HIDES.includes(String(said).toLowerCase()) || said }),
  };
}

/** What the schema says of a cell of the "Anonym" column that is none of HIDES, in a publisher's words. */
export function toHiddenMessage(got: string): string {
  return `expected ja, x, yes or true (the person is not named), nein, no, false or an empty cell (named), got ${got}`;
}

/** The contest file's "columns": its own title per field, null for a field it lacks; `teams`: its team column is read. */
export type Mapping = (Partial<Record<Field, string | null>> & { teams?: true }) | undefined;
/**
 * The titles a column of each field may have: its key and the page's title (and for a person's own settings, the
 * other titles exports give them), or the one the contest file names.
 */
export type Names = Record<Field, readonly string[]>;

/**
 * The contest file's "columns" as the tables read them: a contest without "target" reads no target or employment
 * share column (an export's "Ziel" column stays an ignored one, as it always was), and a team's column only where the
 * contest has "teams" (without, a "Team" column is one podium does not read, as before teams were).
 */
export function toMapping(contest: { columns?: Mapping; target?: unknown; teams?: unknown } | undefined): Mapping {
  const targets = contest?.target === undefined && { target: null, share: null };
  return { ...contest?.columns, ...targets, ...(contest?.teams ? { teams: true as const } : {}) };
}

/** The titles each field's column goes by under the contest file's `mapping`. */
export function toNames(mapping: Mapping): Names {
  const names = { ...TITLES } as Names;
  for (const field of FIELDS) {
    const own = field === 'team' && !mapping?.teams ? null : mapping?.[field];
    if (own !== undefined) names[field] = own === null ? [] : [own];
    else if (ALSO[field]) names[field] = [...TITLES[field], ...ALSO[field]];
  }
  return names;
}

/** The users of a spreadsheet (a CSV export, a workbook's sheet), and what is wrong with it. */
export type Sheet = {
  /** The file as problems name it: the path joined to the contest file's folder. */
  file: string;
  /** The rows as users, in the file's order, for the schema to check; none when the file cannot be used. */
  users: unknown[];
  /** Why the file cannot be read, for the `users` value of the contest file. */
  unreadable?: string;
  /** Problems of the file as a whole: its bytes, its header, an unclosed quote, columns ignored. */
  problems: Problem[];
  /** A problem the schema found at `users[i].field`, placed at that cell. */
  place(path: readonly Key[], message: string): Problem;
  /** Where user `user`'s row starts, or its `field`'s cell; with no user, the title of the field's column. */
  at(user: number | undefined, field?: Field): Position;
};

/** A spreadsheet of more rows than a contest may hold, said once, as a whole: its users need no checking. */
export const TOO_MANY = `holds more than ${LIMITS_TEXT.users} salespeople; a contest holds at most ${LIMITS_TEXT.users}`;

/**
 * Which column holds each field, or the second column for a field and where it is. A column hidden in Excel (`hidden`)
 * is never read in place of a visible one: it holds a field only where no visible column does.
 */
export function toColumns(
  header: readonly string[],
  names: Names = TITLES,
  hidden?: ReadonlySet<number>,
): { columns: Columns } | { wrong: string; at: number } {
  const columns: Columns = {};
  const fields = header.map((title) => toField(title, names));
  for (const shown of hidden?.size ? [true, false] : [true]) {
    const taken = new Set(Object.keys(columns));
    for (const [index, field] of fields.entries()) {
      if (field === undefined || taken.has(field) || (hidden?.has(index) ?? false) === shown) continue;
      if (columns[field] === undefined) columns[field] = index;
      else
        return {
          wrong: `a second column for ${field}: ${toExcerpt(header[columns[field]]!)} and ${toExcerpt(header[index]!)}; keep one of them`,
          at: index,
        };
    }
  }
  return { columns };
}

/**
 * What a header lacks that podium needs, in words; nothing when complete. A volume column is needed too, unless the
 * contest file says its export has none: without one every row would show 0,00 €.
 */
export function toMissing(header: readonly string[], columns: Columns, names: Names = TITLES): string | undefined {
  const missing = REQUIRED.filter((field) => names[field].length > 0 && columns[field] === undefined);
  if (missing.length === 0) return undefined;
  const wanted = missing
    .map((field) => `no column ${names[field].map((name) => `"${name}"`).join(' or ')}`)
    .join(' and ');
  if (missing.length > 1 || missing[0] !== 'profit')
    return `${wanted}; the first row, which names the columns, has ${toTitles(header)}`;
  const near = toNearest(header, columns, names.profit);
  const ignored = near.length ? `: ${near.join(', ')} ${near.length === 1 ? 'is' : 'are'} ignored` : '';
  return `${wanted}${ignored}; name the volume's column in "columns": { "profit": "…" }, or say "columns": { "profit": null } for an export without volume`;
}

/** The titles of the columns podium does not read, most like `wanted` first, at most three, quoted. */
function toNearest(header: readonly string[], columns: Columns, wanted: readonly string[]): string[] {
  const used = new Set(Object.values(columns));
  const squash = (title: string) => title.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  const targets = wanted.map(squash);
  return header
    .flatMap((title, column) => (used.has(column) || !title.trim() ? [] : [title.trim()]))
    .slice(0, 50) // a header of thousands of titles: the first fifty are looked at, each once
    .map((title) => {
      const squashed = squash(title.slice(0, SAID.length)); // a title of millions: its start is enough
      return { title, score: Math.min(...targets.map((target) => toLikeness(squashed, target))) };
    })
    .sort((a, b) => a.score - b.score)
    .slice(0, 3)
    .map(({ title }) => toExcerpt(title));
}

/** How unlike two squashed titles are: their edit distance over the longer one's length (0 the same, 1 nothing shared). */
function toLikeness(a: string, b: string): number {
  const [x, y] = [a.slice(0, SAID.length), b.slice(0, SAID.length)];
  let row = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i += 1) {
    const next = [i];
    for (let j = 1; j <= y.length; j += 1)
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
    row = next;
  }
  return row[y.length]! / Math.max(x.length, y.length, 1);
}

/** The header's titles as a message quotes them: as many as fit in about 40 characters, and how many there are. */
function toTitles(header: readonly string[]): string {
  const shown: string[] = [];
  let length = 0;
  for (const title of header) {
    const quoted = toExcerpt(title);
    if (shown.length > 0 && length + quoted.length > 40) break;
    [shown[shown.length], length] = [quoted, length + quoted.length + 2];
  }
  return shown.length === header.length ? shown.join(', ') : `${shown.join(', ')} … (${header.length} columns)`;
}

/** Titles that are no column podium reads but nearly the name of one it lacks, each with the message that says so. */
export function toNearMisses(
  header: readonly string[],
  columns: Columns,
  names: Names = TITLES,
): { column: number; message: string }[] {
  const lacking = FIELDS.filter((field) => columns[field] === undefined).flatMap((field) => names[field]);
  let looked = 0; // a header of a million titles: the first SAID.suggested are looked at
  return header.flatMap((title, column) => {
    const looks = toField(title, names) === undefined && title.trim() !== '' && looked++ < SAID.suggested;
    const meant = looks ? suggest(title, lacking) : undefined;
    if (!meant) return [];
    // Ignored, its figures would be missing from the page.
    const message = `unknown column ${toExcerpt(title.trim())} (did you mean ${JSON.stringify(meant)}?): rename it, or the page would show none of its figures`;
    return [{ column, message }];
  });
}

function toField(title: string, names: Names): Field | undefined {
  const key = toTitleKey(title);
  if (key === '') return undefined; // a blank cell titles no column (and a wide header has thousands)
  return FIELDS.find((field) => names[field].some((name) => toTitleKey(name) === key));
}

/**
 * A title as it is matched, in a header and in "columns" alike: in any case; a line break (Alt+Enter in a cell) or a
 * run of spaces reads as one space, and a line break after a hyphen as none ("Summe Netto-⏎Volumen AB"), as a reader
 * of the cell joins the word.
 */
function toTitleKey(title: string): string {
  // Most titles hold no line break and no run of spaces: one test, not two replacements, for each of a wide header's.
  const spaced = /\s\s|[^\S ]/.test(title) ? title.replace(/-[^\S\r\n]*[\r\n]\s*/g, '-').replace(/\s+/g, ' ') : title;
  return spaced.trim().toLowerCase();
}

/**
 * Columns podium does not read, with the first row that has something in them (`filled`): the title, or a cell past
 * the titles. One look at each cell: a row may be far wider than the others.
 */
export function toIgnored<Cell>(
  rows: readonly (readonly (Cell | undefined)[] | undefined)[],
  columns: Columns,
  filled: (cell: Cell) => boolean,
): { column: number; row: number }[] {
  const used = new Set(Object.values(columns));
  let read = 0; // columns 0 to read - 1 are all read: a row no wider has nothing ignored, and needs no keys
  while (used.has(read)) read += 1;
  const first = new Map<number, number>(); // column → the first row with something in it
  // The keys of what is there: a workbook's rows and cells are sparse, and one cell at XFD must not cost 16,384 steps
  // (forEach, for...of and entries() all walk every index up to the length).
  for (const row of Object.keys(rows).map(Number)) {
    const cells = rows[row];
    if (!cells || cells.length <= read) continue;
    for (const column of Object.keys(cells).map(Number)) {
      const cell = cells![column];
      if (!used.has(column) && !first.has(column) && cell !== undefined && filled(cell)) first.set(column, row);
    }
  }
  return [...first].map(([column, row]) => ({ column, row })).sort((a, b) => a.column - b.column);
}

/** The key of the note for the columns ignored: a history says it once, for its newest file (history.ts). */
export const IGNORED = 'ignored columns';

/**
 * The note for the columns ignored, each named by its title or, without one, by `unnamed` (its number or letter). A
 * note, never an error: real exports carry more columns (region, team, manager); near misses are errors.
 */
export function toIgnoredNote(
  ignored: readonly { column: number }[],
  header: readonly string[],
  unnamed: (column: number) => string,
  names: Names = TITLES,
): string {
  const titled = ({ column }: { column: number }) =>
    header[column]?.trim() ? toExcerpt(header[column]!.trim()) : `${unnamed(column)} (no title)`;
  const read = REQUIRED.flatMap((field) => names[field].slice(-1).map((name) => `"${name}"`));
  const titles = toListed(ignored, titled); // a million columns: the first few, and how many more
  return `${ignored.length === 1 ? 'column' : 'columns'} ${titles} ignored; podium reads ${read.join(', ')}`;
}
