/**
 * The per-request wait context: who a read is for, and where to tell them how long it will wait.
 *
 * The API layer knows nothing of Discord. Whoever starts a piece of work (the Discord responder)
 * runs it inside `withWait`; the limits' line (limits/fair-queue.ts) reads the context of each request
 * it queues, to share the wait fairly between the people asking (round-robin by `who`) and to report
 * each waiter's place in line and an estimate of its wait through `onWait`.
 *
 * The context also says what the work is for (`purpose`): the metrics count each request under it
 * (rollcall_api_requests_total's `purpose` label) and the debug "api request" log line names it;
 * and, when the work has one, its deadline (`signal`), which ends its requests.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface WaitContext {
  /** Who the work is for (an opaque id, e.g. a Discord user id): the queue is fair between them. */
  who: string;
  /**
   * Told where this work's request stands while it waits for the limits: `position` 1 is next,
   * `etaMs` the estimated wait. `position` 0 means it no longer waits. Must not throw.
   */
  onWait(position: number, etaMs: number): void;
  /** What the work is for (see `Purpose`); unset: `read`. */
  purpose?: Purpose;
  /**
   * The work's deadline: once it aborts, every request the work still makes or waits for (in the
   * limits' line, backing off, or on the wire) ends (http.ts), and no new one starts. A scheduled
   * digest's (src/community/digest-scheduler.ts).
   */
  signal?: AbortSignal;
}

/**
 * What a request is made for: `digest`, a scheduled digest's work; `report`, a snapshot refresh for
 * a report command (/shift totals, /loa active|upcoming, /quota check, their pages and exports);
 * `read`, everything else. The metrics' label values: keep them exactly these.
 */
const PURPOSES = ['read', 'report', 'digest'] as const;
type Purpose = (typeof PURPOSES)[number];

const storage = new AsyncLocalStorage<WaitContext>();

export function withWait<T>(context: WaitContext, work: () => T): T {
  return storage.run(context, work);
}

export function currentWait(): WaitContext | undefined {
  return storage.getStore();
}

/** What the running work's requests are for (`read` outside any context that says). */
export function currentPurpose(): Purpose {
  return storage.getStore()?.purpose ?? 'read';
}

/** Run `work` with `purpose`, keeping the rest of the running wait context (if any). */
export function withPurpose<T>(purpose: Purpose, work: () => T): T {
  const current = storage.getStore();
  return storage.run({ ...(current ?? { who: '', onWait: () => undefined }), purpose }, work);
}

/** Work that may not make a request (see `withoutRequests`), and what such a read throws. */
interface Refusal {
  reason: unknown;
}

const refusals = new AsyncLocalStorage<Refusal>();

/**
 * Run `work` answered only from what is saved (the cache, the store's saved answers): a read that
 * would need a request throws `reason` and none is made. The shutdown's drain runs the interactions
 * that arrive while Rollcall stops this way (its own context, apart from the wait context's).
 */
export function withoutRequests<T>(reason: unknown, work: () => T): T {
  return refusals.run({ reason }, work);
}

export function requestsRefused(): Refusal | undefined {
  return refusals.getStore();
}

const fallbacks = new AsyncLocalStorage<true>();

/** Run a request with a saved answer to fall back on: it leaves the line once Rollcall begins to stop (http.ts). */
export function withSavedFallback<T>(work: () => T): T {
  return fallbacks.run(true, work);
}

export function hasSavedFallback(): boolean {
  return fallbacks.getStore() === true;
}
