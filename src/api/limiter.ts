/**
 * The client-side request budget, one bucket per token (keyed by the token's hash).
 * Callers wait for a slot instead of tripping the API's 429s; a 429's Retry-After blocks the
 * bucket so every caller of that token waits, not just the one that was refused.
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from './errors.js';

/** Longest hold a 429 can impose (the limiter's timers overflow past ~24.8 days; an hour is plenty). */
const MAX_BLOCK_MS = 3_600_000;

export interface GateOptions {
  /** Requests allowed per window (API_BUDGET). */
  points: number;
  /** Window length in seconds (API_BUDGET_WINDOW_SECONDS). */
  durationSeconds: number;
  /** Longest a caller may wait for a slot (API_QUEUE_MAX_WAIT_MS); longer means ApiError 'busy'. */
  maxWaitMs: number;
  sleep: (ms: number) => Promise<void>;
}

export interface TokenGate {
  /** Wait for a slot in `key`'s budget; throws ApiError 'busy' when the wait would exceed the maximum. */
  acquire(key: string): Promise<void>;
  /** Hold every caller of `key` for `ms` (a 429's Retry-After). Never shortens a longer block. */
  block(key: string, ms: number): Promise<void>;
  /** Slots left in `key`'s current window (synchronous, for stats). */
  remaining(key: string): number;
}

/**
 * A fixed-window budget (rate-limiter-flexible's RateLimiterMemory) with waiting. A refused caller
 * predicts its wait from the window's reset and the callers already waiting ahead of it, and gives
 * up at once with 'busy' (and retryAfterSeconds) when that prediction exceeds `maxWaitMs`.
 */
export function createTokenGate(options: GateOptions): TokenGate {
  const { points, durationSeconds, maxWaitMs, sleep } = options;
  const limiter = new RateLimiterMemory({ points, duration: durationSeconds });
  const waiting = new Map<string, number>();
  const windows = new Map<string, { remaining: number; resetAt: number }>();

  const note = (key: string, res: RateLimiterRes) =>
    windows.set(key, { remaining: res.remainingPoints, resetAt: Date.now() + res.msBeforeNext });

  async function tryConsume(key: string): Promise<RateLimiterRes | undefined> {
    try {
      note(key, await limiter.consume(key));
      return undefined;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        note(key, rejection);
        return rejection;
      }
      throw rejection;
    }
  }

  return {
    async acquire(key) {
      const started = Date.now();
      for (;;) {
        const refused = await tryConsume(key);
        if (!refused) return;
        const ahead = waiting.get(key) ?? 0;
        const predicted = refused.msBeforeNext + Math.floor(ahead / points) * durationSeconds * 1000;
        if (Date.now() - started + predicted > maxWaitMs) {
          const retryAfterSeconds = Math.max(1, Math.ceil(predicted / 1000));
          throw new ApiError('busy', `Request budget exhausted; retry in ${retryAfterSeconds}s`, {
            retryAfterSeconds,
          });
        }
        waiting.set(key, ahead + 1);
        try {
          await sleep(refused.msBeforeNext);
        } finally {
          waiting.set(key, (waiting.get(key) ?? 1) - 1);
        }
      }
    },

    async block(key, ms) {
      const hold = Math.min(ms, MAX_BLOCK_MS);
      if (hold <= 0) return;
      const current = await limiter.get(key);
      if (current && current.consumedPoints > points && current.msBeforeNext >= hold) return;
      note(key, await limiter.block(key, hold / 1000));
    },

    remaining(key) {
      const window = windows.get(key);
      return window && window.resetAt > Date.now() ? window.remaining : points;
    },
  };
}
