/**
 * Waits that end early: on an abort signal, or at a deadline. Every timer race of the bot is one of
 * these (the responder's 3-second race aside), so each clears its timer and none keeps the process
 * alive for nothing.
 */
import { setTimeout as sleepFor } from 'node:timers/promises';

/**
 * Settle with `work`, or reject with `signal`'s reason as soon as it aborts (the work itself goes on,
 * unheeded). Keeps `signal` referenced until then: a combined signal nothing else references could
 * otherwise be collected before it fires.
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Settle with `work`, or with what `onLate` returns (or throws) once `ms` pass first; the work itself
 * goes on, unheeded. The timer is cleared as soon as the work ends and does not hold the process open,
 * unless `hold` (a shutdown's steps: the process must live until each has ended or run out of time).
 * A plain timer, not an aborted one: every store query and cache call runs through here, and each
 * abort built two errors with their stacks (a tenth of the CPU of 10,000 communities' interactions).
 */
export function within<T, L>(work: Promise<T>, ms: number, onLate: () => L, hold = false): Promise<T | L> {
  return new Promise<T | L>((resolve, reject) => {
    const timer = setTimeout(
      () => {
        try {
          resolve(onLate());
        } catch (error) {
          reject(error);
        }
      },
      Math.max(0, ms),
    );
    if (!hold) timer.unref();
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Wait `ms` on a real timer, cut short by `signal`: then it rejects with the signal's reason (not the
 * timer's AbortError), and the timer is cleared.
 */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  const timer = sleepFor(Math.max(0, ms), undefined, signal ? { signal } : {});
  if (!signal) return timer;
  timer.catch(() => undefined); // untilAborted answers with the signal's own reason
  return untilAborted(timer, signal);
}
