// V8's young generation, kept at the size the start left it for a large input, and V8's own flags back for what V8
// takes only under them (docs/performance.md).

/**
 * Bytes read for one run (contest files and the data files they name) from which the young generation is kept: a
 * 10,000-user contest (~1 MB as JSON, ~0.4 MB as CSV) is past it, 3,000 users as CSV are not. Below it the flag only
 * costs: setting it and loading node:v8 took 5–15 million instructions of a 100-user bake's ~250 million (two
 * batches), and a bake of 1,000 or 3,000 users ran 15–30 million more with it than without.
 */
export const KEEP_FROM = 1 << 18;

let kept = false;

/**
 * Stops V8 from widening its young generation, which it doubles whenever objects survive a collection and keeps: a
 * large bake's rows would hold it at 64 MB a half. V8 reads the factor at each growth. Kept at the size the start left
 * it, a history of 12 Stands peaks at 1.3 × one Stand instead of 1.9 ×, 100,000 users ~15 MiB lower; set as Node's
 * flag at the start instead, a 100-user bake took ~8 ms longer (V8 refused Node's own cached code). read.ts calls it
 * once the bytes read reach KEEP_FROM.
 */
export function keepYoungGeneration(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
  kept = true;
}

/**
 * `work()` under V8's default flags. V8 takes cached code only under the flags that made it: Node's own modules'
 * code, built into Node, and the bake's (bin/code-cache.cjs). Loaded under another growth factor, node:crypto's 18
 * modules are compiled afresh: 12 ms instead of 6 in a 10,000-user bake.
 */
export function underDefaultFlags<T>(work: () => T): T {
  if (!kept) return work();
  setFlagsFromString('--semi-space-growth-factor=2');
  try {
    return work();
  } finally {
    setFlagsFromString('--semi-space-growth-factor=1');
  }
}

/** node:v8's setter, loaded only where a flag is set: a small bake never loads the module. */
function setFlagsFromString(flags: string): void {
  process.getBuiltinModule('node:v8').setFlagsFromString(flags);
}

let crypto: typeof import('node:crypto') | undefined;

/**
 * node:crypto, loaded when first asked for (a small bake never pays for it) and under V8's default flags, for every
 * caller: a large page's hashes, personal links, the links file's temporary name.
 */
export function loadCrypto(): typeof import('node:crypto') {
  return (crypto ??= underDefaultFlags(() => process.getBuiltinModule('node:crypto')));
}

/** node:crypto where a caller has loaded it already, else undefined: for work that has a cheaper way without it. */
export function loadedCrypto(): typeof import('node:crypto') | undefined {
  return crypto;
}
