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
import type { Counter, LimitStore } from './store.js';
import type { LimitStatus, MonthHold } from './types.js';

/**
 * A hold on the month not given back lapses after this long (a third more at most): Discord's
 * interaction window, the longest a whole-list read can still answer; a crashed process's hold
 * then frees its requests.
 */
export const MONTH_HOLD_MS = 15 * 60_000;
/** A hold is counted in the time slot it was taken in; MONTH_HOLD_MS is this many slots. */
const MONTH_HOLD_SLOTS = 3;

interface MonthHoldsOptions {
  month: MonthCount;
  store: LimitStore;
  prefix: string;
  logger: Logger;
  now: () => number;
  /**
   * The slots' clock (ms since epoch; default Date.now): real time, as the counters' expiry in the
   * store is (a slot is read by its number, so a clock ahead of the store's only ends holds sooner).
   */
  clock?: () => number;
  monthHoldMs: number | undefined;
}

/** A hold that holds nothing (no monthly limit, or nothing to hold). */
export function noHold(): MonthHold {
  return { statuses: [], spent: async () => {}, release: async () => {} };
}

export class MonthHolds {
  /** The longest a hold taken now stands (ms): by then it is spent, given back or lapsed. */
  readonly lapseMs: number;
  private readonly month: MonthCount;
  private readonly store: LimitStore;
  private readonly logger: Logger;
  private readonly now: () => number;
  private readonly clock: () => number;
  private readonly slotMs: number;
  private readonly counter: Counter;
  /** This process's holds being taken, per key, one after the other (the last one's end). */
  private readonly holding = new Map<string, Promise<unknown>>();

  constructor(options: MonthHoldsOptions) {
    this.month = options.month;
    this.store = options.store;
    this.logger = options.logger;
    this.now = options.now;
    this.clock = options.clock ?? Date.now;
    this.slotMs = Math.max(1, Math.ceil((options.monthHoldMs ?? MONTH_HOLD_MS) / MONTH_HOLD_SLOTS));
    this.lapseMs = (MONTH_HOLD_SLOTS + 1) * this.slotMs;
    this.counter = options.store.counter(`${options.prefix}:month-hold`, 1, Math.ceil(this.lapseMs / 1000));
  }

  /** Requests every process holds on `key`'s month now. */
  held(key: string): Promise<number> {
    return this.heldFrom(key, this.slotNow());
  }

  /**
   * Hold `requests` of `key`'s month (Limits.holdMonth) and read what it leaves; this process's holds
   * on one key are taken one at a time, so of two plans started together in one process the first
   * sees the room, the second sees the first's hold.
   */
  async hold(key: string, requests: number): Promise<MonthHold> {
    const taking = (this.holding.get(key) ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => this.take(key, requests));
    this.holding.set(key, taking);
    try {
      return await taking;
    } finally {
      if (this.holding.get(key) === taking) this.holding.delete(key);
    }
  }

  private slotNow(): number {
    return Math.floor(this.clock() / this.slotMs);
  }

  /** Requests every process holds on `key`'s month, in `slot` and the slots still read before it. */
  private async heldFrom(key: string, slot: number): Promise<number> {
    const counts = await Promise.all(
      Array.from({ length: MONTH_HOLD_SLOTS + 1 }, (_, i) => this.counter.get(`${key}:${slot - i}`)),
    );
    // A count below zero (given back after its slot lapsed, by a late clock) holds nothing.
    return counts.reduce(
      (sum, res) => sum + (res && res.msBeforeNext > 0 ? Math.max(0, res.consumedPoints) : 0),
      0,
    );
  }

  private async take(key: string, requests: number): Promise<MonthHold> {
    if (requests <= 0) return noHold();
    const slot = this.slotNow();
    const slotKey = `${key}:${slot}`;
    // The slot is read until MONTH_HOLD_SLOTS slots after it end; its counter expires then.
    const endsAt = (slot + MONTH_HOLD_SLOTS + 1) * this.slotMs;
    let left = requests;
    const giveBack = async (n: number) => {
      const back = Math.min(n, left);
      if (back <= 0) return;
      left -= back;
      await this.giveBack(slotKey, endsAt, back);
    };
    await this.counter.penalty(slotKey, requests, this.lifeTo(endsAt));
    try {
      const statuses = await this.statusesAfter(key, slot, requests);
      return { statuses, spent: () => giveBack(1), release: () => giveBack(left) };
    } catch (error) {
      await giveBack(left);
      throw error;
    }
  }

  /** The month as a hold of `requests` just taken in `slot` finds it (see MonthHold.statuses). */
  private async statusesAfter(
    key: string,
    slot: number,
    requests: number,
  ): Promise<LimitStatus[] | undefined> {
    // What is held first, the month's count after: a request spent in between (counted, then
    // given back from its hold) is counted twice, never missed.
    const held = await this.heldFrom(key, slot);
    const used = await this.month.used(key);
    await this.store.flush();
    if (!this.store.shared()) return undefined;
    const { points, text } = this.month.spec;
    const others = Math.max(0, held - requests);
    return [
      {
        text,
        kind: 'month',
        points,
        used: Math.min(points, used),
        left: Math.max(0, points - used - others),
        resetAt: this.month.nextMonthStart(this.now()),
        others: { requests: others, until: this.now() + this.lapseMs },
      },
    ];
  }

  private async giveBack(slotKey: string, endsAt: number, n: number): Promise<void> {
    // A lapsed hold went with its slot: giving it back now would only count below zero.
    if (this.clock() >= endsAt) return;
    try {
      const res = await this.counter.reward(slotKey, n, this.lifeTo(endsAt));
      // The slot lost what it held (Redis restarted empty, or evicted it): what is given back
      // must not count below zero there, where it would hide the holds taken after it. The
      // overshoot is added again (increments commute, so holds taken meanwhile stay counted).
      const below = Math.min(n, -(res?.consumedPoints ?? 0));
      if (below > 0) await this.counter.penalty(slotKey, below, this.lifeTo(endsAt));
      await this.store.flush();
    } catch (error) {
      // Not given back, the hold lapses with its slot: the read that held it goes on.
      this.logger.warn(
        { kind: 'limits', err: error instanceof Error ? error.message : String(error) },
        'hold on the monthly allowance not given back; it lapses',
      );
    }
  }

  private lifeTo(endsAt: number): { customDuration: number } {
    return { customDuration: Math.max(1, Math.ceil((endsAt - this.clock()) / 1000)) };
  }
}
