// Finding a salesperson by name, as people type it: without case, accents or umlauts, with runs of spaces as one.

/** The form names are compared in: `Jörg  Müller` → `jorg muller`, `Yılmaz` → `yilmaz`, `Weiß` → `weiss`. */
export function toKey(text: string): string {
  // NFD splits "ü" into "u" and a combining mark (U+0300–U+036F), which is then dropped; ı, ł and ø have no
  // such parts, and people type them as i, l and o.
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[ıłø]/g, (letter) => ({ ı: 'i', ł: 'l', ø: 'o' })[letter] ?? letter)
    .replace(/ß/g, 'ss')
    .replace(/\s+/g, ' ');
}

/** Indexes of the names (as `toKey` keys) that contain `query` anywhere, in list order; none for a blank query. */
export function findMatches(keys: readonly string[], query: string): number[] {
  const wanted = toKey(query).trim();
  const found: number[] = [];
  if (wanted) keys.forEach((key, index) => key.includes(wanted) && found.push(index));
  return found;
}
