/**
 * A 429's hold (Retry-After), per key, kept in the limit store so every caller and every process of
 * the token waits; a long hold lets one request through every PROBE_INTERVAL_MS to notice a
 * recovered API.
 */
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { LimitStore } from './store.js';

/** A hold longer than this lets one probing request through, at most once per this interval. */
export const PROBE_INTERVAL_MS = 30_000;
/** Longest a hold can last (a larger Retry-After is read as this). */
export const MAX_HOLD_MS = 300_000;

/** May a request of a key go? At once, as a probe through a long hold, or after a wait. */
type Passage = { go: true; probe: boolean } | { go: false; heldMs: number; waitMs: number };

export interface RetryAfter {
  /** Whether a request may go now; through a long hold, it takes the interval's probe when it may. */
  pass(key: string): Promise<Passage>;
  hold(key: string, ms: number): Promise<void>;
  release(key: string): Promise<void>;
}

/** The holds in `store` under `prefix`, probing every `probeMs` through a long one. */
export function createRetryAfter(store: LimitStore, prefix: string, probeMs: number): RetryAfter {
  const holds = store.counter(`${prefix}:hold`, 1, 1);
  const probes = store.counter(`${prefix}:probe`, 1, probeMs / 1000);

  /** How long `key` is held (ms), 0 when it is not. */
  async function heldFor(key: string): Promise<number> {
    const res = await holds.get(key);
    return res && res.consumedPoints > 1 && res.msBeforeNext > 0 ? res.msBeforeNext : 0;
  }

  return {
    async pass(key) {
      const held = await heldFor(key);
      if (held <= 0) return { go: true, probe: false };
      if (held <= probeMs) return { go: false, heldMs: held, waitMs: held };
      // Through a long hold, the wait is until the next probe, not the hold's end: the API may
      // have recovered long before a large Retry-After runs out, and the probe is how we learn it.
      try {
        await probes.consume(key);
        return { go: true, probe: true };
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        return { go: false, heldMs: held, waitMs: Math.min(held, Math.max(1, rejection.msBeforeNext)) };
      }
    },

    /** Waits are real time, whatever clock the months and pacing read. */
    async hold(key, ms) {
      const holdMs = Math.min(ms, MAX_HOLD_MS);
      if (holdMs <= 0) return;
      if ((await heldFor(key)) >= holdMs) return;
      await holds.block(key, Math.ceil(holdMs / 1000));
      // The first probe comes one interval into a long hold.
      if (holdMs > probeMs) await probes.set(key, 1, probeMs / 1000);
      await store.flush();
    },

    async release(key) {
      await holds.delete(key);
      await store.flush();
    },
  };
}
