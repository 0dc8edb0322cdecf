// Inputs past the documented limits (docs/contest.md, "Limits"), each as a test builds it small and the bench
// (bench/hostile.js) builds it at the size that once cost minutes and gigabytes. Made in memory, never committed.
import { generate } from '../../bench/generate.js';
import { toWorkbook, withParts, withSheet } from './workbooks.ts';

const HEADER = ['Name', 'Anzahl Eigenleads', 'Summe Netto-Volumen AB'];

/** A contest file's fields but its users. */
export function toContest(users: unknown): Record<string, unknown> {
  return { ...generate(0), users };
}

/** A CSV export (`;`, LF) of a header and `rows`, each a list of cells. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return [header, ...rows].map((row) => row.join(';')).join('\n') + '\n';
}

export const LONG = {
  /** A CSV export whose fourth column's title is `length` characters long. */
  csvTitle: (length: number) => toCsv([...HEADER, 'x'.repeat(length)], [['Anna', 1, 2, '']]),
  /** A workbook whose fourth column's title is `length` characters long (a few kB: it packs well; Excel stops at 32,767). */
  workbookTitle: (length: number) => withSheet(toRowsXml([...HEADER, 'x'.repeat(length)], ['Anna', 1, 2])),
  /** A CSV export whose one person's name is `length` characters long. */
  csvCell: (length: number) => toCsv(HEADER, [['x'.repeat(length), 1, 2]]),
  /** A workbook whose one person's name is `length` characters long. */
  workbookCell: (length: number) => withSheet(toRowsXml(HEADER, ['x'.repeat(length), 1, 2])),
};

/** A workbook of one person whose table of shared texts holds `count` texts. */
export function toSharedTexts(count: number): Buffer {
  const texts = [...HEADER, 'Anna', ...Array.from({ length: count - 4 }, (_, i) => `Person ${i}`)]
    .map((text) => `<si><t>${text}</t></si>`)
    .join('');
  const sst = `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${texts}</sst>`;
  return withParts(toWorkbook({ Tabelle1: [HEADER, ['Anna', 1, 2]] }), { 'xl/sharedStrings.xml': sst });
}

/** A CSV export of one person whose header has `count` more columns, `c1` to `c<count>`. */
export function toWideHeader(count: number): string {
  const extra = Array.from({ length: count }, (_, i) => `c${i + 1}`);
  return toCsv([...HEADER, ...extra], [['Anna', 1, 2]]);
}

/** A contest file whose first user has `count` keys the schema does not know (`k0`, `k1`, …). */
export function toUnknownKeys(count: number): string {
  const user: Record<string, unknown> = { name: 'Anna', leadCount: 1 };
  for (let i = 0; i < count; i += 1) user[`k${i}`] = 1;
  return JSON.stringify(toContest([user]));
}

/** A contest file with `count` more top-level keys than the schema knows. */
export function toUnknownTopKeys(count: number): string {
  const contest = toContest([{ name: 'Anna', leadCount: 1 }]);
  for (let i = 0; i < count; i += 1) contest[`k${i}`] = 1;
  return JSON.stringify(contest);
}

/** A contest file of `count` users, every one with a negative lead count. */
export function toAllInvalid(count: number): string {
  const users = Array.from({ length: count }, (_, i) => ({ name: `Person ${i}`, leadCount: -1, profit: 1 }));
  return JSON.stringify(toContest(users), null, 2);
}

/** Rows of inline texts and numbers as a sheet's XML, as a program that writes no shared texts stores them. */
function toRowsXml(...rows: readonly (readonly (string | number)[])[]): string {
  const cell = (value: string | number) =>
    typeof value === 'number' ? `<c><v>${value}</v></c>` : `<c t="inlineStr"><is><t>${value}</t></is></c>`;
  return rows.map((row) => `<row>${row.map(cell).join('')}</row>`).join('');
}
