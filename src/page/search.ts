// Finding a salesperson by name, as people type it: without case or accents, umlauts as letters or the German
// way (ü or ue), with runs of spaces as one.

/**
 * The forms a text is compared in: without accents (`Jörg  Müller` → `jorg muller`, `Yılmaz` → `yilmaz`, `Weiß`
 * → `weiss`) and, when it has umlauts, also with ä, ö and ü written ae, oe and ue (`joerg mueller`).
 */
function toForms(text: string): string[] {
  // NFD splits "ü" into "u" and a combining mark (U+0300–U+036F), which is then dropped, or, after a, o and u,
  // the diaeresis (U+0308) written as "e"; ı, ł and ø have no such parts, and people type them as i, l and o.
  const split = text
    .normalize('NFD')
    .toLowerCase()
    .replace(/[ıłø]/g, (letter) => ({ ı: 'i', ł: 'l', ø: 'o' })[letter] ?? letter)
    .replace(/ß/g, 'ss')
    .replace(/\s+/g, ' ');
  const plain = split.replace(/[\u0300-\u036f]/g, '');
  const german = split.replace(/([aou])\u0308/g, '$1e').replace(/[\u0300-\u036f]/g, '');
  return plain === german ? [plain] : [plain, german];
}

/**
 * A name as it is searched: its forms, one a line (`Jörg Müller` → `jorg muller\njoerg mueller`). A query, whose
 * spaces are all plain, never spans two lines.
 */
export function toKey(name: string): string {
  return toForms(name).join('\n');
}

/**
 * Indexes of the names (as `toKey` keys) that contain `query` anywhere, in list order; none for a blank query.
 * Any form of the query may match any form of a name: `mueller` finds Müller, `müller` finds Mueller.
 */
export function findMatches(keys: readonly string[], query: string): number[] {
  const wanted = toForms(query).map((form) => form.trim());
  const found: number[] = [];
  if (wanted[0]) keys.forEach((key, index) => wanted.some((form) => key.includes(form)) && found.push(index));
  return found;
}
