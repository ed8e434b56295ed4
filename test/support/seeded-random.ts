/**
 * Random moments for fault tests that can be replayed: the seed is printed, and FAULT_SEED=<seed>
 * makes the same run pick the same moments again.
 */
export function seededRandom(suite: string) {
  const seed = Number(process.env.FAULT_SEED ?? Math.floor(Math.random() * 2 ** 31));
  console.log(`[${suite}] random seed ${seed} (replay with FAULT_SEED=${seed})`);
  // mulberry32: tiny, fast and good enough to spread kill moments.
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    seed,
    /** A whole number from `min` to `max`, both included. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
  };
}
