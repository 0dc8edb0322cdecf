// Near misses: the known name a typo most likely meant, for JSON keys and CSV column titles alike.

/**
 * The known name closest to `name`: the same but for case, spaces and punctuation (`Summe Nettovolumen AB` for
 * `Summe Netto-Volumen AB`, `solo-winners` for `solo_winners`), or at most two edits away (one for short names).
 */
export function suggest(name: string, known: readonly string[]): string | undefined {
  const squashed = toSquashed(name);
  const same = known.find((candidate) => toSquashed(candidate) === squashed);
  if (same) return same;
  let best: string | undefined;
  let bestDistance = Math.min(2, Math.floor(squashed.length / 3));
  for (const candidate of known) {
    const distance = editDistance(squashed, toSquashed(candidate));
    if (distance <= bestDistance) [best, bestDistance] = [candidate, distance - 1];
  }
  return best;
}

/** Lower case, letters and digits only. */
function toSquashed(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** Edits (insert, delete, replace, swap two neighbours) from `a` to `b`: a swap is one typo, not two. */
function editDistance(a: string, b: string): number {
  const rows = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const above = rows[i - 1]!;
      row[j] = Math.min(above[j]! + 1, row[j - 1]! + 1, above[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}
