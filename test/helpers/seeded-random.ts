/**
 * mulberry32: a small seeded PRNG giving floats in [0, 1). One copy for every
 * piece of generated data (the demo's mock API, the stress test's model server,
 * the benchmark fixture), so a seed means the same data everywhere.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
