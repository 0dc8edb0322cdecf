// A spreadsheet's totals and subtotals rows, which are no people: told by their name (`Gesamt`, `Zwischensumme Nord`,
// `Nord Ergebnis` as LibreOffice's and Excel's subtotals write it, `Grand Total`), and trusted only where their
// figures are the sum of the rows above them. Pure: rules.ts says in words what this finds.
import { toCents } from '../../contest/numbers.ts';
import type { Figures } from '../../contest/ranking.ts';

// A totals row's first word (`Summe: Nord`, `Gesamt-Summe`, `Grand Total`), or its last (`Nord gesamt`, `Nord Ergebnis`);
// LibreOffice's subtotals write `Nord Ergebnis` and `Gesamtergebnis` (in English `Nord Result` and `Grand Sum`), Excel's
// `Nord Ergebnis` (`Nord Total`, `Grand Total`). Words end at spaces (as trim() takes them: \s is the same set), colons
// and hyphens. One regular expression each, not a split into words: it runs over every row of 100,000.
const GAP = '[\\s:\\-\\u2010\\u2011\\u2013]';
const FIRST = new RegExp(
  `^${GAP}*(?:gesamt|gesamtsumme|gesamtergebnis|summen?|zwischensummen?|zwischenergebnis|endsumme|totals?|subtotals?|grand${GAP}+(?:totals?|sum)|ergebnis|insgesamt)(?=${GAP}|$)`,
  'i',
);
const LAST = new RegExp(
  `(?:^|${GAP})(?:gesamt|gesamtsumme|gesamtergebnis|summe|ergebnis|total|subtotal|insgesamt|result)${GAP}*$`,
  'i',
);

/** Whether a name says that its row is a totals or subtotals row (in any case, with a colon or a region). */
export function isTotalsName(name: string): boolean {
  return FIRST.test(name) || LAST.test(name);
}

/** Leads and cents. */
export type Sum = { leadCount: number; cents: number };

/** What a list's totals rows are, by their index in the list. */
export type Totals = {
  /** Rows named as a total whose figures are the sum of the rows above them: left out. */
  sums: number[];
  /** Rows named as a total that are no such sum, each with what the rows since the previous totals row add up to. */
  wrong: { at: number; run: Sum; since: number | undefined }[];
  /** The last row, with a person's name, when it holds the sum of the three or more people above it. */
  looksLike: number | undefined;
};

/**
 * A list's totals rows, in one pass: a row named as a total is a sum when both its figures (to the cent) are the sum
 * of the people above it, all of them or those since an earlier totals row (a subtotal's run, or the subtotals'
 * runs that a grand total spans). A row with a person's name is never left out.
 */
export function findTotals(users: readonly Figures[]): Totals {
  const found: Totals = { sums: [], wrong: [], looksLike: undefined };
  let [leads, cents, people] = [0, 0, 0];
  // The run since the last totals row as two numbers, not an object a row: only a wrong total keeps its run.
  let [runLeads, runCents, since]: [number, number, number | undefined] = [0, 0, undefined];
  // The sums of the people above each place a run may start (the top, and after each totals row), and how many
  // people were above it then: a run that is a sum holds one person at least.
  const starts = new Map<string, number>([['0 0', 0]]);
  for (let at = 0; at < users.length; at += 1) {
    const user = users[at]!;
    const own = toCents(user.profit);
    if (!isTotalsName(user.name)) {
      leads += user.leadCount;
      cents += own;
      people += 1;
      runLeads += user.leadCount;
      runCents += own;
      continue;
    }
    const start = starts.get(`${leads - user.leadCount} ${cents - own}`);
    if (start !== undefined && start < people) found.sums.push(at);
    else found.wrong.push({ at, run: { leadCount: runLeads, cents: runCents }, since });
    if (!starts.has(`${leads} ${cents}`)) starts.set(`${leads} ${cents}`, people);
    [runLeads, runCents, since] = [0, 0, at];
  }
  const last = users.length - 1;
  const user = users[last];
  if (user && !isTotalsName(user.name) && people >= 4 && user.leadCount > 0) {
    const own = toCents(user.profit);
    // Both figures, to the cent: leads alone add up by chance (3 = 2 + 1) in a small team.
    if (own !== 0 && 2 * user.leadCount === leads && 2 * own === cents) found.looksLike = last;
  }
  return found;
}
