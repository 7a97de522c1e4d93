/**
 * A small seeded pseudo-random generator for the sandbox (data and latency spread).
 * Deterministic for a seed on every platform; never use Math.random() in the sandbox.
 */

/** Seeded random helpers. Every method advances the same stream. */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max] (both inclusive). */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** Up to `count` distinct elements of `items`, in the order drawn. */
  sample<T>(items: readonly T[], count: number): T[];
  /** An index drawn from a Zipf-like distribution over `n` ranks (rank 0 most likely). */
  zipf(n: number, exponent?: number): number;
  /** `length` lowercase hex characters. */
  hex(length: number): string;
}

/** Creates a generator (mulberry32) for a 32-bit seed. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const zipfTables = new Map<string, number[]>();
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty array');
      return items[Math.floor(next() * items.length)] as T;
    },
    sample: <T>(items: readonly T[], count: number): T[] => {
      const pool = [...items];
      const out: T[] = [];
      while (out.length < count && pool.length > 0) {
        const [item] = pool.splice(Math.floor(next() * pool.length), 1);
        out.push(item as T);
      }
      return out;
    },
    zipf: (n, exponent = 1) => {
      const key = `${n}:${exponent}`;
      let cumulative = zipfTables.get(key);
      if (!cumulative) {
        cumulative = [];
        let sum = 0;
        for (let rank = 1; rank <= n; rank++) {
          sum += 1 / rank ** exponent;
          cumulative.push(sum);
        }
        zipfTables.set(key, cumulative);
      }
      const target = next() * (cumulative[cumulative.length - 1] ?? 0);
      let lo = 0;
      let hi = cumulative.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((cumulative[mid] ?? 0) < target) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    },
    hex: (length) => {
      let out = '';
      while (out.length < length) out += Math.floor(next() * 16).toString(16);
      return out;
    },
  };
}

/** The Discord epoch (2015-01-01T00:00:00Z) in milliseconds. */
const DISCORD_EPOCH_MS = 1_420_070_400_000n;

/**
 * A Discord snowflake (17-19 digits) for a moment given in Unix seconds, with random low bits.
 * Snowflakes from 2016 onwards have at least 17 digits.
 */
export function snowflakeAt(rng: Rng, unixSeconds: number): string {
  const ms = BigInt(unixSeconds) * 1000n + BigInt(rng.int(0, 999));
  const low = BigInt(rng.int(0, 0x3fffff));
  return (((ms - DISCORD_EPOCH_MS) << 22n) | low).toString();
}
