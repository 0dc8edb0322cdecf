// The list `privacy.hidden` against the export: a name there that is no one's as the export writes it would leave the
// person it meant on the page, under their full name. Each such entry is an error at its place, with the name it
// most likely meant.
import { toFolded } from '../contest/privacy.ts';
import type { Contest } from '../contest/schema.ts';
import { toKey } from '../contest/standings.ts';
import type { Warning } from './changes.ts';
import { editDistance, toExcerpt } from './issues.ts';

/** Names compared in all for the closest ones: beyond it an entry gets no suggestion, and the check stays fast. */
const COMPARISONS = 200_000;

/**
 * Each entry of the contest's `privacy.hidden` that names no one as written in its export (nor among those `gone`
 * since the previous Stand, whom the change line names): an error, with the export's spelling where only case and
 * spaces differ, else the closest name of a similar length.
 */
export function findUnlisted(
  { privacy, users }: Pick<Contest, 'privacy' | 'users'>,
  gone: readonly string[] = [],
): Warning[] {
  const hidden = privacy?.hidden ?? [];
  if (hidden.length === 0) return [];
  const names = [...users.map(({ name }) => name), ...gone];
  const written = new Set(names.map(toKey));
  const missing = hidden.flatMap((entry, at) => (written.has(toKey(entry)) ? [] : [at]));
  if (missing.length === 0) return [];
  const folded = new Map<string, string>();
  for (const name of names) if (!folded.has(toFolded(name))) folded.set(toFolded(name), name);
  const closest = toClosest(names);
  return missing.map((at): Warning => {
    const entry = hidden[at]!;
    const same = folded.get(toFolded(entry));
    const message = same
      ? `${toExcerpt(entry)} is written ${toExcerpt(same)} in the export: podium hides that person, but write the name as the export has it`
      : `${toExcerpt(entry)} is no one in the export, so the person it means would be shown by name: ${toHint(closest(entry))}`;
    return { target: ['privacy', 'hidden', at], path: `privacy.hidden[${at}]`, message, severity: 'error' };
  });
}

function toHint(name: string | undefined): string {
  return name === undefined
    ? 'write the name as the export has it, or remove it from the list'
    : `did you mean ${toExcerpt(name)}? write the name as the export has it`;
}

/**
 * The name of `names` fewest edits from an entry (folded: toFolded), at most two (three for a long name): only names
 * within two characters of its length are compared, and no more than COMPARISONS of them over all entries.
 */
function toClosest(names: readonly string[]): (entry: string) => string | undefined {
  const byLength = new Map<number, [string, string][]>();
  for (const name of names) {
    const folded = toFolded(name);
    const bucket = byLength.get(folded.length) ?? [];
    if (bucket.length === 0) byLength.set(folded.length, bucket);
    bucket.push([folded, name]);
  }
  let budget = COMPARISONS;
  return (entry) => {
    const folded = toFolded(entry);
    let best: string | undefined;
    let limit = folded.length >= 12 ? 3 : folded.length >= 6 ? 2 : 1;
    for (const length of [0, -1, 1, -2, 2].map((by) => folded.length + by))
      for (const [other, name] of byLength.get(length) ?? []) {
        if (budget-- <= 0) return best;
        const distance = editDistance(folded, other, limit);
        if (distance <= limit) [best, limit] = [name, distance - 1];
      }
    return best;
  };
}
