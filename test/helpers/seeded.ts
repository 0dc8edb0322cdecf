// Seeded numbers for tests that try many generated inputs, so that a failure can be run again.

/**
 * A 32-bit linear congruential generator in exact integer steps, read by its high bits (its low bits repeat with a
 * short period). `next()` is in [0, 1); `below(n)` a whole number in [0, n). (The same recurrence in floating point,
 * `(state * 1103515245 + 12345) % 2 ** 31`, loses its low bits past 2^53 and repeats within ~10,000 steps.)
 */
export function seeded(seed: number): { next: () => number; below: (count: number) => number } {
  let state = seed >>> 0;
  const next = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
  return { next, below: (count) => Math.floor(next() * count) };
}
