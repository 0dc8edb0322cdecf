/** Chromium's path: CHROMIUM_PATH, or Debian's /usr/bin/chromium. */
export const CHROMIUM: string;
/** The flags every launch gives it. */
export const CHROMIUM_ARGS: readonly string[];
