// Fixture files and scratch folders for tests.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = new URL('../../', import.meta.url).pathname;
export const FIXTURES = join(ROOT, 'test/fixtures');

export function fixture(name: string): string {
  return readFileSync(join(FIXTURES, name), 'utf8');
}

/** A fresh folder under the system temp dir, removed by the returned function. */
export function scratch(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'podium-test-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Runs `work` in a fresh scratch folder, and removes the folder however the work ends. */
export async function inScratch<T>(work: (dir: string) => T | Promise<T>): Promise<T> {
  const { dir, remove } = scratch();
  try {
    return await work(dir);
  } finally {
    remove();
  }
}
