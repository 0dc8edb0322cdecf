// Names and shapes every stage checks alike: page folders (a contest file's name names its page's folder, and two
// names are one folder where case and the form of accents do not count), and a JSON object read from a file.

/**
 * A page folder's name as a file system that ignores case sees it (macOS, Windows, and many web servers' addresses):
 * `B.JSON` and `b.json` make one folder, and so do a name's composed and decomposed accents.
 */
export function foldName(name: string): string {
  return name.normalize('NFC').toLowerCase();
}

/** A JSON object: not null, not an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
