// A person's name read as its parts, for the short forms a page shows (privacy.ts): the first name and the surname's
// main word, whether an export writes "First Last" or, as CRMs do, "Last, First", with titles and particles around.

/** The pieces of an academic title, between its dots and hyphens: `Dr.`, `Prof.`, `Dipl.-Ing.`, `Dr. rer. nat.`. */
const TITLE_PIECES = new Set(
  'dr prof dipl ing mag med vet dent rer nat pol oec phil jur habil h c univ hon kfm kffr sc techn mult'.split(' '),
);
/** Words before a surname that are not its main word: `von`, `van der`, `de la`, `zu`. */
const PARTICLES = new Set('von vom van der den de del della di da du des la le zu zum zur und ten ter y'.split(' '));

/** The first name and the surname's main word (none for a name of one word), as the name writes them. */
export type Parts = { first: string; last?: string };

/**
 * `Sabine Hoffmann` → Sabine, Hoffmann; `Müller, Jörg` → Jörg, Müller; `Dr. Konstantin von Brandenstein-Zeppelin` →
 * Konstantin, Brandenstein-Zeppelin: titles left out, particles passed over. A plain "First Last" name reads as its
 * first and last word, as it always has.
 */
export function toParts(name: string): Parts {
  const comma = name.indexOf(',');
  const given = comma < 0 ? [] : toWords(name.slice(comma + 1));
  if (given.length > 0) {
    const surname = toWords(name.slice(0, comma));
    const first = given.find((word) => !isParticle(word)) ?? given[0]!;
    const last = surname.find((word) => !isParticle(word)) ?? surname.at(-1);
    return last ? { first, last } : { first };
  }
  const words = toWords(comma < 0 ? name : name.slice(0, comma));
  const [first = name.trim(), ...rest] = words;
  const last = rest.findLast((word) => !isParticle(word)) ?? rest.at(-1);
  return last ? { first, last } : { first };
}

/** The words of a name without its titles (all of them where it is nothing but titles). */
function toWords(text: string): string[] {
  const words = text.trim().split(/\s+/u).filter(Boolean);
  const named = words.filter((word) => !isTitle(word));
  return named.length > 0 ? named : words;
}

function isTitle(word: string): boolean {
  const pieces = word.toLowerCase().split(/[.-]/u).filter(Boolean);
  const dotted = word.includes('.') || /^(dr|prof)$/iu.test(word);
  return dotted && pieces.length > 0 && pieces.every((piece) => TITLE_PIECES.has(piece));
}

function isParticle(word: string): boolean {
  return PARTICLES.has(word.toLowerCase());
}
