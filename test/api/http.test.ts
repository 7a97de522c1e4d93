/** Retries, timeouts, 429 handling and the client-side budget, against a real local server. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApi } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import { ApiHttp } from '../../src/api/http.js';
import { ApiLimits } from '../../src/api/limits/limits.js';
import { fileLimitStore } from '../../src/api/limits/store.js';
import type { Api } from '../../src/api/types.js';
import type { Config } from '../../src/base/config.js';
import { limitsProblemText, parseLimits } from '../../src/base/limits-spec.js';
import {
  fastDeps,
  freshDataDir,
  rejection,
  silentLogger,
  startServer,
  type TestServer,
  testConfig,
} from './helpers.js';

let server: TestServer;
const apis: Api[] = [];

beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  await Promise.all(apis.splice(0).map((api) => api.close()));
  await server.close();
});

function api(overrides: Partial<Config> = {}): Api {
  const created = createApi(
    testConfig(server.baseUrl, { CACHE_MAX_ENTRIES: 0, ...overrides }),
    silentLogger,
    fastDeps,
  );
  apis.push(created);
  return created;
}

/** API_LIMITS as the configuration reads it. */
function limits(text: string): Partial<Config> {
  const parsed = parseLimits(text);
  if (!parsed.ok) throw new Error(limitsProblemText(parsed.problem));
  return { API_LIMITS: parsed.limits };
}

const item = (id: string) => ({ body: { id, serverId: 's1', memberId: 'm1' } });
const gaps = () => server.requests.slice(1).map((r, i) => r.at - (server.requests[i]?.at ?? 0));

describe('retries', () => {
  it('retries a 500 and returns the later success', async () => {
    server.handle((_, n) =>
      n === 1 ? { status: 500, body: { error: 'internal server error' } } : item('L1'),
    );
    const a = api();
    const result = await a.resources.getLoa('L1');
    expect(result.data.id).toBe('L1');
    expect(server.requests).toHaveLength(2);
    expect(a.stats().requests).toBe(2);
  });

  it('retries a dropped connection and returns the later success', async () => {
    server.handle((_, n) => (n === 1 ? 'destroy' : item('L1')));
    const result = await api().resources.getLoa('L1');
    expect(result.data.id).toBe('L1');
    expect(server.requests).toHaveLength(2);
  });

  it('gives up after API_RETRIES extra attempts on 5xx and reports the status and message', async () => {
    server.handle(() => ({ status: 503, body: { error: 'internal server error' } }));
    const error = await rejection(api({ API_RETRIES: 2 }).resources.getLoa('L1'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 503, apiMessage: 'internal server error' });
    expect(server.requests).toHaveLength(3);
  });

  it('gives up on network errors with kind network', async () => {
    server.handle(() => 'destroy');
    const error = await rejection(api({ API_RETRIES: 1 }).resources.getLoa('L1'));
    expect(error).toMatchObject({ kind: 'network' });
    expect(server.requests).toHaveLength(2);
  });

  it('does not retry 4xx answers', async () => {
    server.handle(() => ({ status: 401, body: { error: 'invalid or expired token' } }));
    const error = await rejection(api({ API_RETRIES: 3 }).resources.getLoa('L1'));
    expect(error).toMatchObject({
      kind: 'http',
      status: 401,
      apiMessage: 'invalid or expired token',
      message: 'API answered 401: invalid or expired token',
    });
    expect(server.requests).toHaveLength(1);
  });

  it('keeps the status when the error body is empty or not JSON', async () => {
    server.handle((_, n) => (n === 1 ? { status: 403, raw: '' } : { status: 400, raw: '<html>bad</html>' }));
    const a = api();
    const first = await rejection(a.resources.getLoa('L1'));
    expect(first).toMatchObject({ kind: 'http', status: 403 });
    expect((first as ApiError).apiMessage).toBeUndefined();
    expect(await rejection(a.resources.getLoa('L2'))).toMatchObject({ kind: 'http', status: 400 });
  });
});

describe('injected transport and sleep', () => {
  it('backs off with full jitter under an exponential ceiling, through the injected sleep', async () => {
    server.handle(() => ({ status: 500, body: { error: 'internal server error' } }));
    const sleeps: number[] = [];
    let transported = 0;
    const a = createApi(testConfig(server.baseUrl, { API_RETRIES: 3, CACHE_MAX_ENTRIES: 0 }), silentLogger, {
      retryBaseMs: 100,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      fetch: (input, init) => {
        transported++;
        return fetch(input, init);
      },
    });
    apis.push(a);
    await rejection(a.resources.getLoa('L1'));
    expect(transported).toBe(4);
    expect(sleeps).toHaveLength(3);
    sleeps.forEach((ms, i) => {
      expect(ms).toBeGreaterThanOrEqual(0);
      expect(ms).toBeLessThan(100 * 2 ** i);
    });
  });
});

describe('timeouts', () => {
  it('times out each attempt and reports kind timeout after the retries', async () => {
    server.handle(() => ({ ...item('L1'), delayMs: 3_000 }));
    const error = await rejection(api({ API_TIMEOUT_MS: 150, API_RETRIES: 1 }).resources.getLoa('L1'));
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(server.requests).toHaveLength(2);
  });

  it('recovers when a retry answers in time', async () => {
    server.handle((_, n) => ({ ...item('L1'), delayMs: n === 1 ? 3_000 : 0 }));
    const result = await api({ API_TIMEOUT_MS: 150 }).resources.getLoa('L1');
    expect(result.data.id).toBe('L1');
    expect(server.requests).toHaveLength(2);
  });
});

describe('429', () => {
  const limited = (headers: Record<string, string>) => ({
    status: 429,
    body: { error: 'rate limit exceeded' },
    headers,
  });

  it('waits Retry-After seconds, then retries', async () => {
    server.handle((_, n) => (n === 1 ? limited({ 'retry-after': '1' }) : item('L1')));
    const a = api();
    const result = await a.resources.getLoa('L1');
    expect(result.data.id).toBe('L1');
    expect(gaps()[0]).toBeGreaterThanOrEqual(950);
    expect(a.stats().rateLimited).toBe(1);
  });

  it('understands Retry-After as an HTTP date', async () => {
    server.handle((_, n) =>
      n === 1 ? limited({ 'retry-after': new Date(Date.now() + 2_000).toUTCString() }) : item('L1'),
    );
    await api().resources.getLoa('L1');
    expect(gaps()[0]).toBeGreaterThanOrEqual(900);
  });

  it('understands X-RateLimit-Reset as Unix seconds', async () => {
    const reset = Math.ceil((Date.now() + 600) / 1000); // 0.6 to 1.6 s away
    server.handle((_, n) =>
      n === 1 ? limited({ 'x-ratelimit-reset': String(reset), 'x-ratelimit-remaining': '0' }) : item('L1'),
    );
    await api().resources.getLoa('L1');
    expect(server.requests[1]?.at).toBeGreaterThanOrEqual(reset * 1000 - 50);
  });

  it('holds every caller of the token while blocked: the server sees nothing until it lapses', async () => {
    let limitedAt = 0;
    let signal: () => void = () => {};
    const sent = new Promise<void>((resolve) => {
      signal = resolve;
    });
    server.handle((request, n) => {
      if (n !== 1) return item(request.path.split('/').at(-1) ?? '');
      limitedAt = request.at;
      setTimeout(signal, 20);
      return limited({ 'retry-after': '1' });
    });
    const a = api();
    const first = a.resources.getLoa('A');
    await sent;
    const others = ['B', 'C', 'D'].map((id) => a.resources.getLoa(id));
    const results = await Promise.all([first, ...others]);
    expect(results.map((r) => r.data.id)).toEqual(['A', 'B', 'C', 'D']);
    expect(server.requests).toHaveLength(5);
    for (const later of server.requests.slice(1)) expect(later.at - limitedAt).toBeGreaterThanOrEqual(950);
  });

  it.each([
    ['86400'],
    ['1e20'],
    ['99999999999999999999'],
    ['Infinity'],
    [new Date('2099-01-01T00:00:00Z').toUTCString()],
  ])('clamps an absurd Retry-After %j to five minutes, in the hold and in the sentence', async (value) => {
    server.handle(() => limited({ 'retry-after': value }));
    const a = api({ API_QUEUE_MAX_WAIT_MS: 2_000 });
    const error = await rejection(a.resources.getLoa('L1'));
    // Unparseable values fall back to the default one-second hold; none exceeds the maximum.
    const seconds = (error as ApiError).retryAfterSeconds ?? 0;
    expect(error).toMatchObject({ kind: 'busy' });
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(300);
    if (value !== 'Infinity' && value !== '1e20') expect(seconds).toBe(300);
  });

  it('answers busy with retryAfterSeconds when Retry-After exceeds the queue limit, for every caller', async () => {
    server.handle(() => limited({ 'retry-after': '120' }));
    const a = api({ API_QUEUE_MAX_WAIT_MS: 2_000 });
    const error = await rejection(a.resources.getLoa('L1'));
    expect(error).toMatchObject({ kind: 'busy', retryAfterSeconds: 120 });
    const other = await rejection(a.resources.getLoa('L2'));
    expect(other).toMatchObject({ kind: 'busy' });
    expect((other as ApiError).retryAfterSeconds).toBeGreaterThanOrEqual(119);
    expect(server.requests).toHaveLength(1);
  });

  it('probes once through a long hold, and a probe answered ends the hold for every caller', async () => {
    // The hold, the probe interval and the wait for it read one fake clock: however slow the machine,
    // the second read comes inside the first interval, and the probe is due when the clock says so.
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    try {
      await probeThroughHold();
    } finally {
      vi.useRealTimers();
    }
  });

  async function probeThroughHold() {
    server.handle((_, n) => (n === 1 ? limited({ 'retry-after': '120' }) : item('L')));
    // Callers may wait less than the probe interval: they are refused while no probe is due.
    const config = testConfig(server.baseUrl, { CACHE_MAX_ENTRIES: 0, API_QUEUE_MAX_WAIT_MS: 100 });
    const limits = new ApiLimits({
      specs: config.API_LIMITS,
      store: fileLimitStore(config.DATA_DIR, 'probe', silentLogger),
      logger: silentLogger,
      probeIntervalMs: 300,
    });
    const a = createApi(config, silentLogger, { ...fastDeps, limits });
    apis.push(a);
    expect(await rejection(a.resources.getLoa('L1'))).toMatchObject({ kind: 'busy', retryAfterSeconds: 120 });
    expect(await rejection(a.resources.getLoa('L2'))).toMatchObject({ kind: 'busy' }); // held, no probe yet
    expect(server.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(350);
    const probe = await a.resources.getLoa('L3'); // the probe: let through and answered
    expect(probe.data.id).toBe('L');
    expect(server.requests).toHaveLength(2);
    await a.resources.getLoa('L4'); // the hold ended with the probe's answer
    await a.resources.getLoa('L5');
    expect(server.requests).toHaveLength(4);
    await limits.close();
  }

  it('a read waiting through a long hold is answered within a probe interval of the API recovering', async () => {
    // Time passes on a fake clock, and only while the limits wait (their injected sleep moves it):
    // the first read is surely held when the API recovers, and the time to an answer is the waits'.
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    try {
      await recoverThroughHold();
    } finally {
      vi.useRealTimers();
    }
  });

  async function recoverThroughHold() {
    let recoveredAt = Number.POSITIVE_INFINITY;
    server.handle(() => (Date.now() < recoveredAt ? limited({ 'retry-after': '3600' }) : item('L')));
    const config = testConfig(server.baseUrl, { CACHE_MAX_ENTRIES: 0, API_QUEUE_MAX_WAIT_MS: 600_000 });
    let recovered: () => void = () => {};
    const recovery = new Promise<void>((resolve) => {
      recovered = resolve;
    });
    let waiting: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      waiting = resolve;
    });
    const limits = new ApiLimits({
      specs: config.API_LIMITS,
      store: fileLimitStore(config.DATA_DIR, 'recover', silentLogger),
      logger: silentLogger,
      probeIntervalMs: 300,
      sleep: async (ms) => {
        waiting(); // a read waits through the hold
        await recovery;
        vi.advanceTimersByTime(ms);
      },
    });
    const a = createApi(config, silentLogger, { ...fastDeps, limits });
    apis.push(a);
    const first = a.resources.getLoa('L1'); // 429: held for the longest hold (5 min), then waits in line
    await held;
    recoveredAt = Date.now();
    const later = a.resources.getLoa('L2'); // sent after the API recovered, as a moderator would
    recovered();
    const answers = await Promise.all([first, later]);
    expect(answers.map((answer) => answer.data.id)).toEqual(['L', 'L']);
    // The first probe (one interval into the hold) found the API back: not the 5-minute hold.
    expect(Date.now() - recoveredAt).toBeLessThan(2_000);
    expect(server.requests).toHaveLength(3);
    await limits.close();
  }

  it('answers busy when the last attempt is still 429', async () => {
    server.handle(() => limited({ 'retry-after': '1' }));
    const error = await rejection(api({ API_RETRIES: 0 }).resources.getLoa('L1'));
    expect(error).toMatchObject({ kind: 'busy', retryAfterSeconds: 1 });
    expect(server.requests).toHaveLength(1);
  });
});

describe('client-side limits (API_LIMITS)', () => {
  it("keeps a burst inside the API's limit in every window of its length, whatever the alignment", async () => {
    const windowMs = 1_000;
    const serverLimit = 16;
    let refused = 0;
    server.handle((request) => {
      // A sliding window: the strictest alignment an API can have.
      const recent = server.requests.filter((r) => r.at > request.at - windowMs);
      if (recent.length > serverLimit) {
        refused++;
        return { status: 429, headers: { 'retry-after': '1' }, body: { error: 'rate limit exceeded' } };
      }
      return item(request.path.split('/').at(-1) ?? '');
    });
    const a = api({ ...limits('16/1s'), API_QUEUE_MAX_WAIT_MS: 10_000 });
    const ids = Array.from({ length: 24 }, (_, i) => `L${i}`);
    const results = await Promise.all(ids.map((id) => a.resources.getLoa(id)));
    expect(results.map((r) => r.data.id)).toEqual(ids);
    expect(refused).toBe(0);
    expect(server.requests).toHaveLength(24);
    const times = server.requests.map((r) => r.at);
    const busiest = Math.max(...times.map((t) => times.filter((u) => u > t - windowMs && u <= t).length));
    expect(busiest).toBeLessThanOrEqual(serverLimit);
  }, 15_000);

  it('answers busy with retryAfterSeconds when the wait for a slot would exceed the limit', async () => {
    const a = api({ ...limits('1/60s'), API_QUEUE_MAX_WAIT_MS: 200 });
    await a.resources.getLoa('L1');
    const error = await rejection(a.resources.getLoa('L2'));
    expect(error).toMatchObject({ kind: 'busy' });
    // The window and the short limits' margin (SPAN_MARGIN_MS, 2 s).
    expect((error as ApiError).retryAfterSeconds).toBeGreaterThanOrEqual(61);
    expect((error as ApiError).retryAfterSeconds).toBeLessThanOrEqual(62);
    expect(server.requests).toHaveLength(1);
  });

  it("takes the API's X-RateLimit-Remaining when it is stricter than the count kept here", async () => {
    const reset = String(Math.ceil(Date.now() / 1000) + 10 * 86_400);
    server.handle((request) => ({
      ...item(request.path.split('/').at(-1) ?? ''),
      headers: { 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': '1', 'x-ratelimit-reset': reset },
    }));
    const a = api(limits('10/month'));
    await a.resources.getLoa('L1');
    expect(a.stats().budgetRemaining).toBe(1);
    const [month] = await a.limitStatus();
    expect(month).toMatchObject({ used: 9, left: 1 });
    await a.resources.getLoa('L2');
    expect(await rejection(a.resources.getLoa('L3'))).toMatchObject({ kind: 'quota' });
    expect(server.requests).toHaveLength(2);
  });

  it("counts the requests still in flight against a short window's X-RateLimit-Remaining", async () => {
    const specs = parseLimits('30/1m');
    if (!specs.ok) throw new Error(limitsProblemText(specs.problem));
    const limits = new ApiLimits({
      specs: specs.limits,
      store: fileLimitStore(freshDataDir(), 'h', silentLogger),
      logger: silentLogger,
    });
    const answers: Array<(response: Response) => void> = [];
    const http = new ApiHttp({
      key: 'k',
      limits,
      logger: silentLogger,
      timeoutMs: 60_000,
      retries: 0,
      maxWaitMs: 0,
      // The first three wait for their answers here; any later one is answered at once.
      fetch: async () =>
        answers.length < 3 ? new Promise<Response>((resolve) => answers.push(resolve)) : new Response('{}'),
    });
    const send = () =>
      http.send(new Request('http://127.0.0.1:9/api/v1/server/loas'), 'listLoas').then(
        () => 'ok',
        (error: unknown) => (error instanceof ApiError ? error.kind : 'other'),
      );
    const sent = [send(), send(), send()];
    await vi.waitUntil(() => answers.length === 3);
    // The first's answer: 2 remain, and the two sent after it are still on their way: none more.
    answers[0]?.(
      new Response('{}', { headers: { 'x-ratelimit-remaining': '2', 'x-ratelimit-reset': '40' } }),
    );
    expect(await sent[0]).toBe('ok');
    expect(await send()).toBe('busy');
    for (const answer of answers.slice(1)) answer(new Response('{}'));
    await Promise.all(sent);
    await limits.close();
  });

  it('reports the requests left in stats', async () => {
    const a = api(limits('5/month'));
    expect(a.stats().budgetRemaining).toBe(5);
    await a.resources.getLoa('L1');
    await a.resources.getLoa('L2');
    expect(a.stats().budgetRemaining).toBe(3);
  });
});

describe('response size', () => {
  it('refuses a body over API_MAX_RESPONSE_BYTES by its Content-Length, once, without retrying', async () => {
    server.handle(() => ({ raw: JSON.stringify({ id: 'L1', reason: 'x'.repeat(300_000) }) }));
    const error = await rejection(
      api({ API_MAX_RESPONSE_BYTES: 100_000, API_RETRIES: 2 }).resources.getLoa('L1'),
    );
    expect(error).toMatchObject({ kind: 'too-large' });
    expect(server.requests).toHaveLength(1);
  });

  it('stops reading a streamed body (no Content-Length) soon after the cap', async () => {
    const { createServer } = await import('node:http');
    let written = 0;
    const streaming = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const pump = () => {
        while (!res.destroyed && written < 50 * 1024 * 1024) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.write('{"id":"L1","reason":"');
      pump();
    });
    await new Promise<void>((resolve) => streaming.listen(0, '127.0.0.1', resolve));
    const { port } = streaming.address() as import('node:net').AddressInfo;
    try {
      const big = createApi(
        testConfig(`http://127.0.0.1:${port}/api/v1`, {
          CACHE_MAX_ENTRIES: 0,
          API_MAX_RESPONSE_BYTES: 1_048_576,
        }),
        silentLogger,
        fastDeps,
      );
      apis.push(big);
      const error = await rejection(big.resources.getLoa('L1'));
      expect(error).toMatchObject({ kind: 'too-large' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Of 50 MB offered, the cap (1 MB) plus what loopback socket buffers held when reading stopped.
      expect(written).toBeLessThan(16 * 1024 * 1024);
    } finally {
      streaming.closeAllConnections();
      await new Promise((resolve) => streaming.close(resolve));
    }
  });
});
