/**
 * A read's deadline (the wait context's `signal`, which a scheduled digest sets) reaches the API
 * request: on the wire, the connection is closed and the read ends as ApiError 'timeout'; waiting in
 * the token's line behind a Retry-After, it leaves the line (having been told it waits). Against a
 * real local server, through the real client and limits.
 */
import type { Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createApi } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import type { Api } from '../../src/api/types.js';
import { withWait } from '../../src/api/wait.js';
import { type Hanging, hangingServer } from './hanging.js';
import { fastDeps, rejection, silentLogger, testConfig } from './helpers.js';

const open: Array<{ api: Api; server: Server }> = [];
afterEach(async () => {
  for (const { api, server } of open.splice(0)) {
    await api.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

function apiFor(hanging: Hanging, retries = 2): Api {
  const api = createApi(
    testConfig(hanging.url, {
      CACHE_MAX_ENTRIES: 0,
      API_TIMEOUT_MS: 60_000,
      API_RETRIES: retries,
      // A Retry-After of 300 s is waited out, not answered 'busy'.
      API_QUEUE_MAX_WAIT_MS: 780_000,
    }),
    silentLogger,
    fastDeps,
  );
  open.push({ api, server: hanging.server });
  return api;
}

describe("a read's deadline", () => {
  it('closes the request on the wire and ends the read as a timeout, without retrying', {
    timeout: 10_000,
  }, async () => {
    const hanging = await hangingServer();
    const api = apiFor(hanging);
    const deadline = new AbortController();
    const arrived = hanging.next('arrived');
    const read = withWait({ who: 'digest', onWait: () => undefined, signal: deadline.signal }, () =>
      api.resources.listLoas({ page: 1, limit: 100 }),
    );
    await arrived;
    const closed = hanging.next('closed');
    deadline.abort(new Error('the digest took too long'));
    const error = await rejection(read);
    await closed;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'timeout', message: expect.stringMatching(/deadline/) });
    expect(hanging.closedUnanswered).toBe(1);
    expect(hanging.arrived).toBe(1);
  });

  it("leaves the token's line behind a Retry-After, having been told it waits", {
    timeout: 10_000,
  }, async () => {
    const hanging = await hangingServer((res) => {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '300' });
      res.end(JSON.stringify({ error: 'rate limited' }));
    });
    const api = apiFor(hanging, 3);
    const deadline = new AbortController();
    const told: number[] = [];
    let waiting: () => void = () => undefined;
    const isWaiting = new Promise<void>((resolve) => {
      waiting = resolve;
    });
    const onWait = (position: number) => {
      told.push(position);
      if (position > 0) waiting();
    };
    const read = withWait({ who: 'digest', onWait, signal: deadline.signal }, () =>
      api.resources.listLoas({ page: 1, limit: 100 }),
    );
    await isWaiting;
    deadline.abort(new Error('the digest took too long'));
    expect(await rejection(read)).toMatchObject({ kind: 'timeout' });
    expect(told[0]).toBeGreaterThan(0);
    // The 429 only: nothing went out after it.
    expect(hanging.arrived).toBe(1);
  });

  it('leaves a read without a deadline alone', async () => {
    const hanging = await hangingServer((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: [], page: 1, pageSize: 100, total: 0, totalPages: 0 }));
    });
    const api = apiFor(hanging);
    const read = await withWait({ who: 'moderator', onWait: () => undefined }, () =>
      api.resources.listLoas({ page: 1, limit: 100 }),
    );
    expect(read.data.data).toEqual([]);
  });
});
