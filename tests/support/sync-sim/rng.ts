/** A seeded PRNG (mulberry32): the simulation is reproducible from its seed. */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  uniform(min: number, max: number): number;
  /** Uniform in [-spread, spread). */
  spread(spread: number): number;
  /** A new generator derived from this one (independent stream per component). */
  fork(): Rng;
}

export function createRng(seed: number): Rng {
  let a = seed >>> 0 || 0x9e3779b9;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    uniform: (min, max) => min + (max - min) * next(),
    spread: (spread) => (next() * 2 - 1) * spread,
    fork: () => createRng(Math.floor(next() * 4294967296)),
  };
}
