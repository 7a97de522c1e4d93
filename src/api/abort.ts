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
