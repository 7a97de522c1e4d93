/**
 * The stop signal of the API layer (aborted when Rollcall shuts down): a send ends at once with the
 * signal's reason wherever it waits — on the wire, in a retry's backoff, or for the budget — and no
 * attempt starts after it.
 */
import { describe, expect, it } from 'vitest';
import { ApiHttp, type HttpOptions } from '../../src/api/http.js';
import { OPEN_LIMITS as open, silentLogger } from './helpers.js';

const REASON = new Error('Rollcall is stopping');
const never = () => new Promise<never>(() => {});

/** Send one GET with `stop`, abort it after `afterMs`, and time how the send ends. */
async function abortedAfter(afterMs: number, options: Partial<HttpOptions>) {
  const stop = new AbortController();
  let calls = 0;
  const http = new ApiHttp({
    key: 'k',
    limits: open,
    logger: silentLogger,
    timeoutMs: 60_000,
    retries: 5,
    maxWaitMs: 60_000,
    // like fetch: no answer ever, but the request's signal is honoured
    fetch: (input) => {
      calls++;
      const signal = (input as Request).signal;
      return new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    },
    stop: stop.signal,
    ...options,
  });
  const started = performance.now();
  const sent = http.send(new Request('http://127.0.0.1:9/api/v1/server/loas'), 'listLoas').then(
    () => 'answered',
    (error: unknown) => error,
  );
  setTimeout(() => stop.abort(REASON), afterMs);
  const outcome = await sent;
  return { outcome, ms: performance.now() - started, calls: () => calls };
}

describe('the API layer stop signal', () => {
  it('ends a request on the wire with the stop reason, without retrying', async () => {
    const { outcome, ms, calls } = await abortedAfter(100, {});
    expect(outcome).toBe(REASON);
    expect(ms).toBeLessThan(1_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls()).toBe(1);
  });

  it('ends a send waiting in a retry backoff', async () => {
    const { outcome, ms, calls } = await abortedAfter(100, {
      fetch: async () => new Response('down', { status: 500 }),
      sleep: never, // the backoff would wait for ever
    });
    expect(outcome).toBe(REASON);
    expect(ms).toBeLessThan(1_000);
    expect(calls()).toBe(0); // the fetch given here replaced the counting one
  });

  it('ends a send waiting for the budget, and starts no attempt', async () => {
    let attempts = 0;
    const { outcome, ms } = await abortedAfter(100, {
      limits: { ...open, acquire: never },
      fetch: async () => {
        attempts++;
        return new Response('{}');
      },
    });
    expect(outcome).toBe(REASON);
    expect(ms).toBeLessThan(1_000);
    expect(attempts).toBe(0);
  });
});
