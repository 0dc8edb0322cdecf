// A contest with a history folder of three weekly Stands (bench's generator), written a Stand at a time, as a team
// saves one export a week: for the tests of what a new Stand brings (podium announce).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate, toHistoryFiles, toStands } from '../../bench/generate.js';

/** The three Stands, oldest first: 2027-01-07, 2027-01-14, 2027-01-21, each in ranking order (leads, then volume). */
export const WEEKS = toStands(generate(12).users, 3);
export const FILES = toHistoryFiles(WEEKS, 3);
/** Its winning places, and its end: the second Stand is in the last week, the third after the end. */
export const TOP = 3;
export const END = '2027-01-20';

/** The contest file, `race.json`, its users the folder `race/`; `extra` adds or replaces fields (privacy). */
export function toRace(extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    title: 'Rennen <b>Q1</b>',
    heading: 'Die drei Besten fahren mit',
    journey_date_text: 'im Mai',
    description: 'Drei Stände.',
    qualification_date_text: 'Januar',
    qualification_end: END,
    solo_winners: TOP,
    ranking: ['leadCount', 'profit'],
    users: 'race/',
    ...extra,
  });
}

/** Writes `race.json` and the first `stands` exports into `dir`; returns the contest file's path. */
export function writeRace(dir: string, stands: number, extra: Record<string, unknown> = {}): string {
  mkdirSync(join(dir, 'race'), { recursive: true });
  for (const [name, text] of FILES.slice(0, stands)) writeFileSync(join(dir, 'race', name), text);
  writeFileSync(join(dir, 'race.json'), toRace(extra));
  return join(dir, 'race.json');
}

/** The names of a Stand's winning places (`week`: 0 to 2). */
export function toTop(week: number): string[] {
  return WEEKS[week]!.slice(0, TOP).map(({ name }) => name);
}

/** Those in the winning places of `week` who were not in them a week before. */
export function toEntered(week: number): string[] {
  const before = new Set(toTop(week - 1));
  return toTop(week).filter((name) => !before.has(name));
}

/** The biggest climb from `week - 1` to `week`: the name, and the places climbed (the first in the list among equals). */
export function toClimb(week: number): { name: string; by: number } {
  const was = new Map(WEEKS[week - 1]!.map(({ name }, at) => [name, at + 1]));
  let best = { name: '', by: 0 };
  WEEKS[week]!.forEach(({ name }, at) => {
    const by = (was.get(name) ?? 0) - (at + 1);
    if (was.has(name) && by > best.by) best = { name, by };
  });
  return best;
}
