/**
 * Holds on the month: requests of the month held by whole-list reads (exports, log searches) of
 * every process of the token, until their reads are done (or they lapse: MONTH_HOLD_MS).
 *
 * What whole-list reads hold is counted in the store, beside the month's count (Redis: shared by
 * every process of the token), with rate-limiter-flexible's penalty (take) and reward (give back),
 * atomic there. A hold is taken before it is checked (hold): two plans racing in two processes both
 * see the other's hold, or one of them sees it, so they may both be refused but never both spend
 * into the reserve. A hold counts in the time slot it was taken in (MONTH_HOLD_SLOTS slots make
 * MONTH_HOLD_MS), and a slot's counter expires when it is read no more: a hold never given back (a
 * crashed process) lapses after MONTH_HOLD_MS to a slot more, and one taken late does not lapse with
 * one taken early, as in one counter expiring with its first hold. What is held is the sum of the
 * slots still read. Keys: `<token hash>:<slot>`.
 */
import type { Logger } from '../../base/log.js';
import type { MonthCount } from './month.js';
import type { LimitStore } from './store.js';
import type { LimitStatus, MonthHold } from './types.js';

/**
 * A hold on the month not given back lapses after this long (a third more at most): Discord's
 * interaction window, the longest a whole-list read can still answer; a crashed process's hold
 * then frees its requests.
 */
export const MONTH_HOLD_MS = 15 * 60_000;
/** A hold is counted in the time slot it was taken in; MONTH_HOLD_MS is this many slots. */
const MONTH_HOLD_SLOTS = 3;

export interface MonthHolds {
  /** Requests every process holds on `key`'s month now. */
  held(key: string): Promise<number>;
  /** The longest a hold taken now stands (ms): by then it is spent, given back or lapsed. */
  readonly lapseMs: number;
  /** Hold `requests` of `key`'s month (Limits.holdMonth). */
  hold(key: string, requests: number): Promise<MonthHold>;
}

export interface MonthHoldsOptions {
  month: MonthCount;
  store: LimitStore;
  prefix: string;
  logger: Logger;
  /** Clock for calendar months (ms since epoch). */
  now: () => number;
  /**
   * The slots' clock (ms since epoch; default Date.now): real time, as the counters' expiry in the
   * store is (a slot is read by its number, so a clock ahead of the store's only ends holds sooner).
   */
  clock?: () => number;
  /** Shortest life of a hold not given back (default MONTH_HOLD_MS). */
  monthHoldMs: number | undefined;
}

/** A hold that holds nothing (no monthly limit, or nothing to hold). */
export function noHold(): MonthHold {
  return { statuses: [], spent: async () => {}, release: async () => {} };
}

/** The holds on `options.month`. */
export function createMonthHolds(options: MonthHoldsOptions): MonthHolds {
  const { month, store, prefix, logger, now } = options;
  const clock = options.clock ?? Date.now;
  const monthHoldMs = options.monthHoldMs ?? MONTH_HOLD_MS;
  const slotMs = Math.max(1, Math.ceil(monthHoldMs / MONTH_HOLD_SLOTS));
  const lapseMs = (MONTH_HOLD_SLOTS + 1) * slotMs;
  const monthHolds = store.counter(`${prefix}:month-hold`, 1, Math.ceil(lapseMs / 1000));
  /** This process's holds being taken, per key, one after the other (the last one's end). */
  const holding = new Map<string, Promise<unknown>>();

  /** Requests every process holds on `key`'s month, in `slot` and the slots still read before it. */
  async function heldFrom(key: string, slot: number): Promise<number> {
    const counts = await Promise.all(
      Array.from({ length: MONTH_HOLD_SLOTS + 1 }, (_, i) => monthHolds.get(`${key}:${slot - i}`)),
    );
    // A count below zero (given back after its slot lapsed, by a late clock) holds nothing.
    return counts.reduce(
      (sum, res) => sum + (res && res.msBeforeNext > 0 ? Math.max(0, res.consumedPoints) : 0),
      0,
    );
  }

  async function take(key: string, requests: number): Promise<MonthHold> {
    if (requests <= 0) return noHold();
    const { points, text } = month.spec;
    // Real time, as the counters' expiry is.
    const slot = Math.floor(clock() / slotMs);
    const slotKey = `${key}:${slot}`;
    /** The slot is read until MONTH_HOLD_SLOTS slots after it end; its counter expires then. */
    const endsAt = (slot + MONTH_HOLD_SLOTS + 1) * slotMs;
    const life = () => ({ customDuration: Math.max(1, Math.ceil((endsAt - clock()) / 1000)) });
    let left = requests;
    const giveBack = async (n: number) => {
      const back = Math.min(n, left);
      if (back <= 0) return;
      left -= back;
      // A lapsed hold went with its slot: giving it back now would only count below zero.
      if (clock() >= endsAt) return;
      try {
        const res = await monthHolds.reward(slotKey, back, life());
        // The slot lost what it held (Redis restarted empty, or evicted it): what is given back
        // must not count below zero there, where it would hide the holds taken after it. The
        // overshoot is added again (increments commute, so holds taken meanwhile stay counted).
        const below = Math.min(back, -(res?.consumedPoints ?? 0));
        if (below > 0) await monthHolds.penalty(slotKey, below, life());
        await store.flush();
      } catch (error) {
        // Not given back, the hold lapses with its slot: the read that held it goes on.
        logger.warn(
          { kind: 'limits', err: error instanceof Error ? error.message : String(error) },
          'hold on the monthly allowance not given back; it lapses',
        );
      }
    };
    await monthHolds.penalty(slotKey, requests, life());
    let statuses: LimitStatus[] | undefined;
    try {
      // What is held first, the month's count after: a request spent in between (counted, then
      // given back from its hold) is counted twice, never missed.
      const held = await heldFrom(key, slot);
      const used = await month.used(key);
      await store.flush();
      if (store.shared()) {
        const others = Math.max(0, held - requests);
        statuses = [
          {
            text,
            kind: 'month',
            points,
            used: Math.min(points, used),
            left: Math.max(0, points - used - others),
            resetAt: month.nextMonthStart(now()),
            others: { requests: others, until: now() + lapseMs },
          },
        ];
      }
    } catch (error) {
      await giveBack(left);
      throw error;
    }
    return { statuses, spent: () => giveBack(1), release: () => giveBack(left) };
  }

  return {
    held: (key) => heldFrom(key, Math.floor(clock() / slotMs)),
    lapseMs,
    /**
     * Take a hold and read what it leaves; this process's holds on one key are taken one at a time,
     * so of two plans started together in one process the first sees the room, the second sees the
     * first's hold.
     */
    async hold(key, requests) {
      const taking = (holding.get(key) ?? Promise.resolve())
        .catch(() => undefined)
        .then(() => take(key, requests));
      holding.set(key, taking);
      try {
        return await taking;
      } finally {
        if (holding.get(key) === taking) holding.delete(key);
      }
    },
  };
}
