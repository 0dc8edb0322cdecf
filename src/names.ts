// Names and shapes every stage checks alike: page folders (a contest file's name names its page's folder, and two
// names are one folder where case and the form of accents do not count), and a JSON object read from a file.

/**
 * A page folder's name as a file system that ignores case sees it (macOS, Windows, and many web servers' addresses):
 * `B.JSON` and `b.json` make one folder, and so do a name's composed and decomposed accents.
 */
export function foldName(name: string): string {
  return name.normalize('NFC').toLowerCase();
}

/**
 * What a folder's contest file name says of its page: a name a link must encode gets a note with its address
 * (`Frühjahr 2027` → `Fr%C3%BChjahr%202027/`, as the overview links it); a name whose page folder would take the
 * place of the overview (`index.html`, on any file system's case) is an error, unless there is no overview.
 */
export function judgeName(
  name: string,
  overview: boolean,
): { message: string; severity: 'error' | 'note' } | undefined {
  if (overview && foldName(name) === 'index.html') {
    const message = `its page folder ${name}/ would take the place of the folder's overview index.html; rename the file, or pass --no-index`;
    return { message, severity: 'error' };
  }
  const link = `${encodeURIComponent(name)}/`;
  if (link === `${name}/`) return undefined;
  const message = `its page's address is "${link}": a file name of plain letters, digits and - reads better in a link`;
  return { message, severity: 'note' };
}

/** A JSON object: not null, not an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
