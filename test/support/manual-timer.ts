/**
 * A timer the test moves by hand, injected where the code takes one (the digest scheduler's
 * `timer`): nothing global is faked, so real drivers (PostgreSQL's pool and query timers, sockets)
 * keep their own real time while the test decides when a deadline passes.
 */
import type { DigestTimer } from '../../src/reports/digest-places.js';

interface Pending {
  at: number;
  fn: () => void;
  /** For `every`: the interval, to schedule the next call. */
  every?: number;
  cancelled: boolean;
}

export interface ManualTimer extends DigestTimer {
  /** The time the timer is at (ms from its start). */
  readonly now: number;
  /** Move `ms` on, calling every callback that falls due on the way, in order of their times. */
  advance(ms: number): void;
  /** Callbacks still to come. */
  readonly pending: number;
}

export function manualTimer(): ManualTimer {
  let now = 0;
  const queue: Pending[] = [];
  const add = (entry: Pending) => {
    queue.push(entry);
    return () => {
      entry.cancelled = true;
    };
  };
  return {
    get now() {
      return now;
    },
    get pending() {
      return queue.filter((entry) => !entry.cancelled).length;
    },
    after(ms, fn) {
      return add({ at: now + Math.max(0, ms), fn, cancelled: false });
    },
    every(ms, fn) {
      const step = Math.max(1, ms);
      return add({ at: now + step, fn, every: step, cancelled: false });
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = queue
          .filter((entry) => !entry.cancelled && entry.at <= end)
          .sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        now = due.at;
        if (due.every !== undefined) due.at += due.every;
        else queue.splice(queue.indexOf(due), 1);
        due.fn();
      }
      now = end;
      for (let i = queue.length - 1; i >= 0; i--) if (queue[i]?.cancelled) queue.splice(i, 1);
    },
  };
}
