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
/** The limits as messages say them (no toLocaleString: its first call loads ICU's locale data). */
export const LIMITS_TEXT = {
  users: '100,000',
  amount: 'from −1,000,000,000,000 to 1,000,000,000,000 euro (one trillion either way)',
};

/** Why a file is not read at all: far larger than any contest needs (and than a page should be); `bytes` if known. */
export function toTooLarge(bytes?: number): string {
  const mb = (value: number) => `${Math.round(value / 1024 / 1024)} MB`;
  const size = bytes === undefined ? `more than ${mb(LIMITS.fileBytes)}` : mb(bytes);
  return `it is ${size}; podium reads files of at most ${mb(LIMITS.fileBytes)}, far more than 100,000 salespeople need`;
}
