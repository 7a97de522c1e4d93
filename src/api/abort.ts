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
 * goes on, unheeded. The timer is cleared as soon as either ends and does not hold the process open,
 * unless `hold` (a shutdown's steps: the process must live until each has ended or run out of time).
 */
export async function within<T, L>(
  work: Promise<T>,
  ms: number,
  onLate: () => L,
  hold = false,
): Promise<T | L> {
  const settled = new AbortController();
  const late = sleepFor(Math.max(0, ms), undefined, { signal: settled.signal, ref: hold }).then(onLate);
  try {
    return await Promise.race([work, late]);
  } finally {
    settled.abort();
    late.catch(() => undefined); // the cleared timer's rejection (or onLate's, once work won) is no one's
  }
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
