/**
 * A read's deadline (the wait context's `signal`, which a scheduled digest sets) reaches the API
 * request: on the wire, the connection is closed and the read ends as ApiError 'timeout'; waiting in
 * the token's line behind a Retry-After, it leaves the line (having been told it waits). Against a
 * real local server, through the real client and limits.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createApi } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import type { Api } from '../../src/api/types.js';
import { withWait } from '../../src/api/wait.js';
import { fastDeps, PREFIX, rejection, silentLogger, testConfig } from './helpers.js';

/** A server that answers the first request with `first` (or never), and never answers the others. */
interface Hanging {
  url: string;
  /** Requests that arrived, and those whose connection the client closed before any answer. */
  arrived: number;
  closedUnanswered: number;
  /** Resolves at the next arrival, or the next unanswered close. */
  next(what: 'arrived' | 'closed'): Promise<void>;
  server: Server;
}

async function hangingServer(first?: (res: ServerResponse) => void): Promise<Hanging> {
  const waiters: Array<{ what: string; wake: () => void }> = [];
  const wake = (what: string) => {
    for (const waiter of waiters.filter((w) => w.what === what)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.wake();
    }
  };
  const state = { arrived: 0, closedUnanswered: 0 } as Hanging;
  state.server = createServer((_req: IncomingMessage, res: ServerResponse) => {
    state.arrived++;
    res.on('close', () => {
      if (res.writableEnded) return;
      state.closedUnanswered++;
      wake('closed');
    });
    if (state.arrived === 1 && first) first(res);
    wake('arrived');
  });
  await new Promise<void>((resolve) => state.server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(state.server.address() as AddressInfo).port}${PREFIX}`;
  state.next = (what) => new Promise((resolve) => waiters.push({ what, wake: resolve }));
  return state;
}

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
  it('closes the request on the wire and ends the read as a timeout, without retrying', async () => {
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

  it("leaves the token's line behind a Retry-After, having been told it waits", async () => {
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
