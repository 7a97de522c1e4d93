/**
 * Requests of the monthly allowance held by whole-list reads running in this process (exports and
 * log searches), by tenant key. A read plans against what is left less what others hold, and holds
 * what it planned until its reads are done, so two started together cannot both take what only one
 * may. Per process: several processes of one token are not covered (see docs/api-decisions.md).
 */
import type { LimitStatus } from '../../api/types.js';

const held = new Map<string, number>();

/** Requests held for `key` now. */
export function heldFor(key: string): number {
  return held.get(key) ?? 0;
}

/** Add `n` (or give back, when negative) to what is held for `key`. */
export function addHeld(key: string, n: number): void {
  const left = heldFor(key) + n;
  if (left > 0) held.set(key, left);
  else held.delete(key);
}

/** Hold `n` requests for `key`; the function returned gives back what is still held (once). */
export function hold(key: string, n: number): () => void {
  let left = n;
  addHeld(key, left);
  return () => {
    addHeld(key, -left);
    left = 0;
  };
}

/** The statuses with the month's `left` less what is held for `key`. */
export function lessHeld(statuses: readonly LimitStatus[], key: string): LimitStatus[] {
  const taken = heldFor(key);
  if (taken <= 0) return [...statuses];
  return statuses.map((s) => (s.kind === 'month' ? { ...s, left: Math.max(0, s.left - taken) } : s));
}
