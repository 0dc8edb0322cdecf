// A test that cannot run here skips loudly, and fails where CI demands it with PODIUM_REQUIRE_<WHAT>=1.

/**
 * Whether a test that needs `what` can run: `missing` is why not, or undefined when it can. Throws when
 * PODIUM_REQUIRE_<what>=1 says it must run; otherwise warns in a line no one misses and returns false.
 */
export function canTest(
  what: 'BROWSER' | 'TERMINAL' | 'PROC' | 'OLD_NODE' | 'LIBREOFFICE',
  test: string,
  missing: string | undefined,
): boolean {
  if (missing === undefined) return true;
  const message = `${test} not tested: ${missing}`;
  if (process.env[`PODIUM_REQUIRE_${what}`] === '1') throw new Error(`PODIUM_REQUIRE_${what}=1, but ${message}`);
  process.stderr.write(`\n${'!'.repeat(78)}\n!! SKIPPED: ${message}\n${'!'.repeat(78)}\n\n`);
  return false;
}
