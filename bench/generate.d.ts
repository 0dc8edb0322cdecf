/** A contest of `count` users, from a fixed linear congruential sequence started at `seed`. */
export function generate(
  count: number,
  seed?: number,
): {
  title: string;
  heading: string;
  journey_date_text: string;
  description: string;
  qualification_date_text: string;
  solo_winners: number;
  users: { name: string; leadCount: number; profit: number | null }[];
};

/** The users as German Excel saves them ("CSV UTF-8"): BOM, `;`, CRLF, `412.850,50 €`. */
export function toExcelCsv(users: { name: string; leadCount: number; profit: number | null }[]): string;

/** `count` weekly Stands of the same people, oldest first, ending in their own figures, each at a pace of their own; leads never fall. */
export function toStands(
  users: { name: string; leadCount: number; profit: number | null }[],
  count: number,
): { name: string; leadCount: number; profit: number | null }[][];

/** A history folder's files for the newest `count` of `weeks`: `[file name, CSV text]`, the newest always 2027-03-25. */
export function toHistoryFiles(
  weeks: { name: string; leadCount: number; profit: number | null }[][],
  count: number,
): [string, string][];
