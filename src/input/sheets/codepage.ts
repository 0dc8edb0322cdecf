// The single-byte code pages exports come in when they are not Unicode: Windows-1252 (Excel's plain "CSV"), Mac Roman
// (Excel's "CSV (Macintosh)") and IBM 850 ("CSV (MS-DOS)"). No byte says which: the German letters decide. Read in the
// right one, a file holds "Jörg Schäfer" and „Groß“; in a wrong one, the same bytes are "Jšrg SchŠfer" or box
// drawing and Greek: each reading is scored by what its letters look like, and the best one is taken.

import { toExcerpt } from '../issues.ts';

export type CodePage = 'windows-1252' | 'mac-roman' | 'ibm-850';
/** What a message calls each code page. */
export const NAMES: Record<CodePage, string> = {
  'windows-1252': 'Windows-1252',
  'mac-roman': 'Mac Roman',
  'ibm-850': 'IBM 850',
};
const PAGES = Object.keys(NAMES) as CodePage[]; // in this order where two readings score the same

// Bytes 0x80–0xFF of each (Unicode's mapping tables; \0: a byte the code page leaves unassigned). Node's
// TextDecoder('windows-1252') reads 0x80–0x9F as Latin-1 (0x80 as U+0080, not "€") in 22.13–22.22.0 and 24.0–24.13
// (nodejs/node#56542), and knows no IBM 850, so the tables are ours.
const TABLES: Record<CodePage, string> = {
  'windows-1252':
    '€\0‚ƒ„…†‡ˆ‰Š‹Œ\0Ž\0\0‘’“”•–—˜™š›œ\0žŸ\xa0¡¢£¤¥¦§¨©ª«¬\xad®¯°±²³´µ¶·¸¹º»¼½¾¿ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖ×ØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõö÷øùúûüýþÿ',
  'mac-roman':
    'ÄÅÇÉÑÖÜáàâäãåçéèêëíìîïñóòôöõúùûü†°¢£§•¶ß®©™´¨≠ÆØ∞±≤≥¥µ∂∑∏π∫ªºΩæø¿¡¬√ƒ≈∆«»…\xa0ÀÃÕŒœ–—“”‘’÷◊ÿŸ⁄€‹›ﬁﬂ‡·‚„‰ÂÊÁËÈÍÎÏÌÓÔ\uf8ffÒÚÛÙıˆ˜¯˘˙˚¸˝˛ˇ',
  'ibm-850':
    'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈıÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\xad±‗¾¶§÷¸°¨·¹³²■\xa0',
};
// IBM 850's 0xD5 is "ı"; LibreOffice writes "€" as 0xD5 too (IBM 858's "€"): beside a letter it is "ı", else "€".
const DOTLESS = 0xd5;

// What a character says of a reading. A German letter counts most; a letter of another Latin language a little;
// typographic marks (€ „ “ – …) a little; box drawing, Greek, mathematics and accents on their own count against.
const [NEUTRAL, MARK, JUNK, UNASSIGNED, LOWER, UPPER, GERMAN_LOWER, GERMAN_UPPER, NONE] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
const MARKS = '€„“”‚‘’–—…«»‹›';
const GARBAGE =
  /[\x80-\x9f\u0192\u02b0-\u03ff\u2017\u2020\u2021\u2030\u2044\u2126\u2200-\u22ff\u2500-\u25ff\ue000-\uf8ff\ufb00-\ufb4f¤¦¨¯´¸]/u;

function toKind(char: string): number {
  if (char === '\0') return UNASSIGNED;
  if ('äöüß'.includes(char)) return GERMAN_LOWER;
  if ('ÄÖÜ'.includes(char)) return GERMAN_UPPER;
  if (MARKS.includes(char)) return MARK;
  if (GARBAGE.test(char)) return JUNK;
  const code = char.charCodeAt(0);
  if (code >= 0xc0 && code <= 0x24f && /\p{L}/u.test(char)) return char === char.toLowerCase() ? LOWER : UPPER;
  return NEUTRAL;
}

/** How a code page is read: each byte's kind (ASCII letters are letters of no special weight), and its "ß". */
type Reading = { page: CodePage; kinds: Uint8Array; sharp: number; opening: Uint8Array; dotless: boolean };
const READINGS: Reading[] = PAGES.map((page) => {
  const [kinds, opening] = [new Uint8Array(256), new Uint8Array(256)];
  for (let byte = 0; byte < 256; byte += 1) {
    const char = byte < 0x80 ? String.fromCharCode(byte) : TABLES[page][byte - 0x80]!;
    kinds[byte] = byte < 0x80 ? (/[a-z]/.test(char) ? LOWER : /[A-Z]/.test(char) ? UPPER : NEUTRAL) : toKind(char);
    opening[byte] = '„‚'.includes(char) ? 1 : 0;
  }
  return { page, kinds, sharp: 0x80 + TABLES[page].indexOf('ß'), opening, dotless: page === 'ibm-850' };
});
const ASCII = READINGS[0]!.kinds;

const isLetter = (kind: number) => kind >= LOWER && kind <= GERMAN_UPPER;
const isUpper = (kind: number) => kind === UPPER || kind === GERMAN_UPPER;
const isLower = (kind: number) => kind === LOWER || kind === GERMAN_LOWER;
const isAscii = (byte: number | undefined) => byte !== undefined && byte < 0x80 && isLetter(ASCII[byte]!);

/** The kind of the byte at `at` in a reading; NONE before the first byte and after the last. */
function kindAt({ kinds, dotless }: Reading, bytes: Uint8Array, at: number): number {
  const byte = bytes[at];
  if (byte === undefined) return NONE;
  if (byte !== DOTLESS || !dotless) return kinds[byte]!;
  const [before, after] = [bytes[at - 1], bytes[at + 1]];
  const beside = (before !== undefined && isLetter(kinds[before]!)) || (after !== undefined && isLetter(kinds[after]!));
  return beside ? LOWER : MARK;
}

/**
 * What the byte at `at` (0x80 or above) says for a reading: a German letter +3 where it stands as one can (beside a
 * letter, ß not first, capitals at a word's start or in capitals), −3 where not ("JÜrg", "AnnÚ;ü"); another Latin
 * letter ±1 alike, beside an ASCII letter ("Françoise", not "Èâàí"); a mark +1, −1 inside a word; a neutral sign 0,
 * −2 inside a word ("J÷rg"); junk −3; a byte the code page does not assign rules the reading out.
 */
function weigh(reading: Reading, bytes: Uint8Array, at: number): number {
  const kind = kindAt(reading, bytes, at);
  if (kind === UNASSIGNED) return -Infinity;
  if (kind === JUNK) return -3;
  const prev = kindAt(reading, bytes, at - 1);
  const next = kindAt(reading, bytes, at + 1);
  const inWord = isLetter(prev) && isLetter(next);
  if (kind === NEUTRAL) return inWord ? -2 : 0;
  // „ and ‚ open a quote: never right after a letter ("Jos‚" is IBM 850's "José" read as Windows-1252).
  if (kind === MARK) return inWord || (isLetter(prev) && reading.opening[bytes[at]!] === 1) ? -1 : 1;
  const german = kind >= GERMAN_LOWER;
  const beside = german ? isLetter(prev) || isLetter(next) : isAscii(bytes[at - 1]) || isAscii(bytes[at + 1]);
  const cased = isUpper(kind)
    ? !isLower(prev) && !(isUpper(prev) && isLower(next))
    : !(isUpper(prev) && isUpper(next)) && (bytes[at] !== reading.sharp || isLetter(prev));
  return (german ? 3 : 1) * (beside && cased ? 1 : -1);
}

/**
 * The code page whose reading of the bytes makes the most sense, or, where none makes sense, the first byte that
 * makes none as Windows-1252 (the code page German Excel writes). One pass over the bytes, each of 0x80 or above
 * weighed once per code page.
 */
export function toCodePage(bytes: Uint8Array): { page: CodePage } | { senseless: number } {
  const scores = READINGS.map(() => 0);
  let [unassigned, against] = [-1, -1]; // the first byte Windows-1252 does not assign, and the first that counts against it
  for (let at = 0; at < bytes.length; at += 1) {
    if (bytes[at]! < 0x80) continue;
    for (let page = 0; page < READINGS.length; page += 1) {
      const weight = weigh(READINGS[page]!, bytes, at);
      scores[page]! += weight;
      if (page === 0 && weight === -Infinity && unassigned === -1) unassigned = at;
      if (page === 0 && weight < 0 && against === -1) against = at;
    }
  }
  const best = Math.max(...scores);
  return best < 0 ? { senseless: unassigned === -1 ? against : unassigned } : { page: PAGES[scores.indexOf(best)]! };
}

/** The text of bytes in a code page. */
export function decode(page: CodePage, bytes: Buffer): string {
  const table = TABLES[page];
  const reading = READINGS[PAGES.indexOf(page)]!;
  // Windows-1252 is Latin-1 but for 0x80–0x9F.
  return bytes
    .toString('latin1')
    .replace(page === 'windows-1252' ? /[\x80-\x9f]/g : /[\x80-\xff]/g, (char, at: number) =>
      reading.dotless && char.charCodeAt(0) === DOTLESS && kindAt(reading, bytes, at) === MARK
        ? '€'
        : table[char.charCodeAt(0) - 0x80]!,
    );
}

/** "€" as each encoding writes it (LibreOffice's IBM 850 as IBM 858 does). */
const EUROS: Record<string, Buffer> = {
  'UTF-8': Buffer.from('€'),
  'Windows-1252': Buffer.of(0x80),
  'Mac Roman': Buffer.of(0xdb),
  'IBM 850': Buffer.of(0xd5),
};
/** A "€" written in one encoding and read in another, as it then reads: "â‚¬" (UTF-8's, read as Windows-1252), "Û". */
const GARBLED = PAGES.flatMap((page) =>
  Object.entries(EUROS).flatMap(([written, bytes]) => {
    const seen = decode(page, bytes);
    return seen === '€' ? [] : [{ seen, written, read: NAMES[page] }];
  }),
);

/**
 * Where an amount holds a "€" garbled by a mistaken encoding ("1.234,50 Û", a number once the "€" is put back), what
 * it holds, in words that blame the encoding, not the amount.
 */
export function toGarbledEuro(cell: string, isNumber: (text: string) => boolean): string | undefined {
  const garbled = GARBLED.find(({ seen }) => cell.includes(seen) && isNumber(cell.replaceAll(seen, '€')));
  if (!garbled) return undefined;
  const { seen, written, read } = garbled;
  return `${toExcerpt(seen)}, a "€" written in ${written} and read as ${read}: the file's encoding was mistaken; save the file as "CSV UTF-8"`;
}
