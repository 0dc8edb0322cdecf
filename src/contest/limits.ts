// What a contest may hold. Free of zod: the CSV reader (lib/sheet.cjs, loaded apart) and the messages use it too.

/**
 * The largest amount, in euro, either way: one trillion. No sales contest comes near it, and every amount of whole
 * cents up to it is read, shown and subtracted to the exact cent (a number's step there is 1/8192 euro); above 2^46
 * euro, about 70 trillion, the step is more than a cent, and a page would show some cents wrong.
 */
export const MAX_AMOUNT = 1_000_000_000_000;

/**
 * What a contest may hold, far above what a real one needs (a few hundred salespeople, a paragraph of text), so that
 * a broken or hostile file is refused in words instead of growing a page of hundreds of megabytes.
 */
export const LIMITS = { users: 100_000, name: 200, text: 1_000, description: 10_000, fileBytes: 64 * 1024 * 1024 };
/** The most prize tiers a contest may list ("prizes"): far more than a contest's prizes, few enough to state on a page. */
export const MAX_PRIZES = 20;
/**
 * The most keys a JSON file may hold, counted before it is parsed: room for nine a person of a contest's most and its
 * own. Parsing 2 million keys of one object took 333 MiB before anything was checked.
 */
export const MAX_KEYS = 10 * LIMITS.users;

/**
 * What a spreadsheet may hold, so that a hostile file ends in one line within seconds: a row of a CSV export, and a
 * text of a workbook (between two tags of its XML), of 1 MB, a thousand times a real row (Excel's cells hold 32,767
 * characters); shared texts for three text columns of a contest's most salespeople.
 */
export const SHEET_LIMITS = { bytes: 1024 * 1024, texts: 3 * LIMITS.users };

/**
 * How much a message says: a near miss is looked for only among the first `suggested` titles or keys of at most
 * `length` characters (each look compares whole names); a list names what fits in `listed` characters, then how many
 * more; `unknown` keys are said one by one, the rest counted.
 */
export const SAID = { length: 60, suggested: 1_000, listed: 120, unknown: 10 };

/** The limits as messages say them (no toLocaleString: its first call loads ICU's locale data). */
export const LIMITS_TEXT = {
  users: '100,000',
  amount: 'from −1,000,000,000,000 to 1,000,000,000,000 euro (one trillion either way)',
  bytes: '1 MB',
  keys: '1,000,000',
  texts: '300,000',
};

/** Why a file is not read at all: far larger than any contest needs (and than a page should be); `bytes` if known. */
export function toTooLarge(bytes?: number): string {
  const mb = (value: number) => `${Math.round(value / 1024 / 1024)} MB`;
  const size = bytes === undefined ? `more than ${mb(LIMITS.fileBytes)}` : mb(bytes);
  return `it is ${size}; podium reads files of at most ${mb(LIMITS.fileBytes)}, far more than 100,000 salespeople need`;
}
