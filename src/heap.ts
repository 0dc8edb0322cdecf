// V8's young generation, kept at the size the start left it, and V8's own flags back for what V8 takes only under
// them. bin/podium.cjs keeps the young generation once lib/cli.cjs is loaded (docs/performance.md).
import { setFlagsFromString } from 'node:v8';

let kept = false;

/**
 * Stops V8 from widening its young generation, which it doubles whenever objects survive a collection and keeps: a
 * large bake's rows would hold it at 64 MB a half. V8 reads the factor at each growth.
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

let crypto: typeof import('node:crypto') | undefined;

/**
 * node:crypto, loaded when first asked for (a small bake never pays for it) and under V8's default flags, for every
 * caller: a large page's hashes, personal links, the links file's temporary name.
 */
export function loadCrypto(): typeof import('node:crypto') {
  return (crypto ??= underDefaultFlags(() => process.getBuiltinModule('node:crypto')));
}
