/**
 * Waiting for SQLite's write lock without blocking the event loop.
 *
 * The SQLite driver is synchronous: while SQLite waits for a lock another connection holds (another
 * process running `npm run store:reencrypt`, a `sqlite3 .backup`, shards on one host), nothing else
 * in the process runs. So SQLite itself waits only a short busy_timeout, and the waiting beyond
 * that happens here, between attempts, on timers: the event loop is blocked for one busy_timeout
 * per attempt at most, and the caller still gets the old overall patience.
 */
import { setTimeout as sleepFor } from 'node:timers/promises';

/** How long SQLite itself waits for a lock in one attempt (the event loop is blocked meanwhile). */
export const SQLITE_BUSY_TIMEOUT_MS = 25;
/** How long a statement keeps trying while another connection holds the lock, in all. */
export const SQLITE_LOCK_PATIENCE_MS = 5_000;
/** The longest pause between two attempts, so a released lock is noticed soon. */
const MAX_PAUSE_MS = 100;

/**
 * SQLITE_BUSY, SQLITE_LOCKED and their extended codes (SQLITE_BUSY_SNAPSHOT: a deferred
 * transaction whose snapshot another writer made stale): another connection has the lock.
 */
export function lockedOut(error: unknown): boolean {
  // Through causes too: opening the store wraps what failed in a StoreError with its sentence.
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)(_|$)/.test(code)) return true;
  }
  return false;
}

/**
 * Run `attempt` until it does not fail for a held lock, pausing between attempts (5 ms, doubling,
 * at most 100 ms, with jitter so waiting callers do not retry in step), for `patienceMs` in all;
 * then the last lock error is thrown. `attempt` must be a whole statement or a whole transaction:
 * what failed was rolled back (or never began, see sqlite.ts), so it is redone from the start.
 */
export async function whileLocked<T>(attempt: () => Promise<T>, patienceMs: number): Promise<T> {
  // The wall clock, not the store's `now` (tests freeze that one).
  const deadline = performance.now() + patienceMs;
  let pause = 5;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      const left = deadline - performance.now();
      if (!lockedOut(error) || left <= 0) throw error;
      await sleepFor(Math.min(left, pause * (0.5 + Math.random() / 2)));
      pause = Math.min(pause * 2, MAX_PAUSE_MS);
    }
  }
}
