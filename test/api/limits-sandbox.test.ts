/**
 * The short limit against the sandbox API counting the same limit in its strictest ways (a sliding
 * window, and windows aligned to the clock rather than to Rollcall's first request): a burst of
 * reads larger than the limit is spread so that the API never answers 429.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createApi } from '../../src/api/client.js';
import type { Api } from '../../src/api/types.js';
import { limitsProblemText, parseLimits } from '../../src/base/limits-spec.js';
import { type Sandbox, startSandbox } from '../doubles/sandbox/server.js';
import { fastDeps, silentLogger, testConfig } from './helpers.js';

let sandbox: Sandbox | undefined;
let api: Api | undefined;
afterEach(async () => {
  await api?.close();
  await sandbox?.close();
});

describe.each(['sliding', 'clock'] as const)('API_LIMITS=20/1s against a %s 20/1s API', (mode) => {
  it('one read, then 23 more 0.9 s later, meet no 429 (a client-aligned window would meet several)', async () => {
    sandbox = await startSandbox({ rateLimit: { requests: 20, windowSeconds: 1, mode } });
    const parsed = parseLimits('20/1s');
    if (!parsed.ok) throw new Error(limitsProblemText(parsed.problem));
    api = createApi(
      testConfig(sandbox.url, {
        API_TOKEN: sandbox.token,
        API_LIMITS: parsed.limits,
        API_QUEUE_MAX_WAIT_MS: 20_000,
        CACHE_MAX_ENTRIES: 0,
      }),
      silentLogger,
      fastDeps,
    );
    const ids = sandbox.dataset.loas.slice(0, 24).map((l) => l.id);
    const read = (id: string) => api!.resources.getLoa(id);
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // The shape a window opened by the client lets through twice over: one read at mid-second, then
    // 23 more 0.9 s later (a client-aligned 20/1 s window would send 19 of them at once and 4 more
    // 0.1 s after, all inside one API window).
    await sleep((1_500 - (Date.now() % 1_000)) % 1_000);
    const first = await read(ids[0]!);
    await sleep(900);
    const rest = await Promise.all(ids.slice(1).map(read));
    expect([first, ...rest].map((r) => r.data.id)).toEqual(ids);
    expect(sandbox.requests.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    expect(sandbox.requests).toHaveLength(24);
  }, 20_000);
});
