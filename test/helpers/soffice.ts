// LibreOffice, headless, for tests that read files a real spreadsheet program writes at test time. Debian's
// `apt-get install -y libreoffice-calc` brings it; without it such a test skips loudly (PODIUM_REQUIRE_LIBREOFFICE=1
// in CI makes that a failure).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { canTest } from './skip.ts';

const CANDIDATES = ['/usr/bin/soffice', '/usr/lib/libreoffice/program/soffice'];

/** The path of LibreOffice's `soffice`, or undefined after a loud line (a failure where CI requires it). */
export function findSoffice(test: string): string | undefined {
  const found = process.env.SOFFICE_PATH ?? CANDIDATES.find((path) => existsSync(path));
  return canTest(
    'LIBREOFFICE',
    test,
    found ? undefined : 'LibreOffice is not installed (apt-get install -y libreoffice-calc)',
  )
    ? found
    : undefined;
}

/**
 * Converts `files` with LibreOffice to `to` (`xlsx`, or a filter with options such as
 * `csv:Text - txt - csv (StarCalc):44,34,76,1,,1031,false,true,true`) into a new folder, and returns that folder.
 * A profile of its own each call: two LibreOffice processes sharing one wait for each other or fail.
 */
export function convert(soffice: string, files: readonly string[], to: string): string {
  const out = mkdtempSync(join(tmpdir(), 'podium-soffice-'));
  const profile = pathToFileURL(join(out, '.profile')).href;
  execFileSync(
    soffice,
    [
      `-env:UserInstallation=${profile}`,
      '--headless',
      '--convert-to',
      to,
      '--outdir',
      out,
      ...files.map((file) => resolve(file)),
    ],
    { stdio: 'pipe', timeout: 120_000 },
  );
  const made = readdirSync(out).filter((name) => !name.startsWith('.'));
  if (made.length < files.length)
    throw new Error(`LibreOffice converted ${made.length} of ${files.length} files to ${to}`);
  return out;
}
