/**
 * The API timeout holds after a full garbage collection, against servers that never answer and that
 * trickle a body forever (neither hangs up by itself, so only the bot's own timeout can end the wait).
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { createApi } from '../../src/api/client.js';
import type { Api } from '../../src/api/types.js';
import { fastDeps, rejection, silentLogger, testConfig } from '../api/helpers.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

type Behaviour = (res: ServerResponse) => void;

const servers: Array<{ server: Server; sockets: Set<Socket>; timers: NodeJS.Timeout[] }> = [];
const apis: Api[] = [];

afterEach(async () => {
  await Promise.all(apis.splice(0).map((api) => api.close()));
  for (const { server, sockets, timers } of servers.splice(0)) {
    for (const timer of timers) clearInterval(timer);
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function serve(behaviour: Behaviour, timers: NodeJS.Timeout[] = []): Promise<string> {
  const sockets = new Set<Socket>();
  const server = createServer((_req, res) => behaviour(res));
  server.on('connection', (socket) => sockets.add(socket));
  servers.push({ server, sockets, timers });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
}

const TIMEOUT_MS = 300;

/** Start a read, collect all garbage several times while it waits, and time how it ends. */
async function timedRead(baseUrl: string) {
  const api = createApi(
    testConfig(baseUrl, { API_TIMEOUT_MS: TIMEOUT_MS, API_RETRIES: 0, CACHE_MAX_ENTRIES: 0 }),
    silentLogger,
    fastDeps,
  );
  apis.push(api);
  const started = performance.now();
  const pending = rejection(api.resources.getLoa('L1'));
  for (let i = 0; i < 5; i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    gc();
  }
  // A watchdog far above the timeout: a timer lost to the collections leaves the read waiting and
  // ends here with a string, not a timeout error (how long the abort took on a loaded machine is
  // not this test's question).
  const error = await Promise.race([
    pending,
    new Promise((resolve) => setTimeout(() => resolve('still waiting after 15 s'), 15_000)),
  ]);
  return { error, ms: performance.now() - started };
}

describe('the API timeout after a full garbage collection', () => {
  it('aborts a request to an API that never answers', async () => {
    const baseUrl = await serve(() => {
      // accept and never answer
    });
    const { error, ms } = await timedRead(baseUrl);
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
  });

  it('aborts a read whose body trickles forever', async () => {
    const timers: NodeJS.Timeout[] = [];
    const baseUrl = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"id":"L1","reason":"');
      timers.push(setInterval(() => res.write('x'), 50));
    }, timers);
    const { error, ms } = await timedRead(baseUrl);
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
  });
});
