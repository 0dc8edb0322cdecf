// Constants shared by the schema (server) and the page script (client), kept free of zod so the script stays small.

/** Rows highlighted as winners when a contest does not say (SPEC §9). */
export const DEFAULT_SOLO_WINNERS = 10;
