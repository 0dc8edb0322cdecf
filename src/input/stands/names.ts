// Which files of a history folder are Stands, by their names: a date (and time) each, one file per Stand, and a
// problem for each file that names none, names one twice, or is a workbook podium does not read.
import { join } from 'node:path';
import { CSV_FILE } from '../../contest/schema.ts';
import { STAND_LIST, STAND_WORKBOOK, toStand } from '../../contest/stand.ts';
import type { Problem } from '../../errors.ts';
import { toExcerpt } from '../issues.ts';
import { OTHER_WORKBOOK } from '../users.ts';

/** A file of the folder and the Stand its name states (`2027-03-31`, `2027-03-31T18:00`). */
export type Named = { name: string; stand: string };

const START = { line: 1, column: 1 };

/** The folder's Stands, oldest first, and a problem for each file that names none or the same one as another. */
export function toStands(folder: string, files: readonly string[]): { stands: Named[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const fail = (name: string, message: string) =>
    problems.push({ file: join(folder, name), ...START, path: '', message, severity: 'error' });
  const taken = new Map<string, string>();
  const stands: Named[] = [];
  const names = [...files].sort();
  for (const name of names) {
    if (OTHER_WORKBOOK.test(name))
      fail(
        name,
        'a workbook podium does not read: save it as "Excel-Arbeitsmappe (*.xlsx)" (Excel: Datei → Speichern unter) into this folder, and move this one out',
      );
    else if (!CSV_FILE.test(name) && !STAND_WORKBOOK.test(name) && !STAND_LIST.test(name))
      fail(
        name,
        'not a users list: a history folder holds CSV exports, Excel workbooks (.xlsx) and .json lists of users, one per Stand',
      );
    else {
      const stand = toStand(name);
      if ('wrong' in stand) fail(name, stand.wrong);
      else if (taken.has(stand.stand))
        fail(
          name,
          `the same Stand as ${toExcerpt(taken.get(stand.stand)!)} (${stand.stand}): keep one export per date, or add the time to both names (2027-03-31T1800)`,
        );
      else {
        taken.set(stand.stand, name);
        stands.push({ name, stand: stand.stand });
      }
    }
  }
  stands.sort((a, b) => (a.stand < b.stand ? -1 : a.stand > b.stand ? 1 : 0));
  return { stands, problems };
}
