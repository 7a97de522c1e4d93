/**
 * Test doubles for the API layer: a real HTTP server on 127.0.0.1 whose answers each test scripts,
 * a valid configuration pointing at it, and loggers (silent, or capturing JSON lines).
 */
import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiLimits, type Limits, type LimitsOptions } from '../../src/api/limits/limits.js';
import { fileLimitStore, type LimitStore } from '../../src/api/limits/store.js';
import { type Config, loadConfig } from '../../src/base/config.js';
import { limitsProblemText, parseLimits } from '../../src/base/limits-spec.js';
import { createLogger, type Logger } from '../../src/base/log.js';

export const TOKEN = 'rc_test_TOKEN_5ecr3t_0123456789abcdef';
export const PREFIX = '/api/v1';

export interface Recorded {
  /** The raw request target exactly as it arrived (not normalised). */
  url: string;
  /** `url` without the /api/v1 prefix and the query. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Arrival time, ms since epoch. */
  at: number;
}

export type Reply =
  | { status?: number; body?: unknown; raw?: string; headers?: Record<string, string>; delayMs?: number }
  | 'destroy';

/** Decides the answer to request number `n` (1-based). */
export type Handler = (request: Recorded, n: number) => Reply | Promise<Reply>;

export interface TestServer {
  baseUrl: string;
  requests: Recorded[];
  /** Replace the handler (and keep the request log). */
  handle(handler: Handler): void;
  close(): Promise<void>;
}

/** A plausible answer for any endpoint: an envelope for lists, an object named after the id otherwise. */
export const defaultHandler: Handler = (request) => {
  const segments = request.path.split('/').filter(Boolean);
  if (segments.length === 2 || segments[2] === 'user') {
    const page = Number(request.query.get('page') ?? 1);
    const pageSize = Number(request.query.get('limit') ?? 10);
    return {
      body: { data: [{ id: `${segments[1]}-1`, serverId: 's1' }], page, pageSize, total: 1, totalPages: 1 },
    };
  }
  return {
    body: { id: decodeURIComponent(segments.at(-1) ?? ''), serverId: 's1', memberId: 'm1', userId: 'u1' },
  };
};

/** Start a server on an ephemeral port. */
export async function startServer(handler: Handler = defaultHandler): Promise<TestServer> {
  let current = handler;
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    const url = req.url ?? '';
    const [pathPart = '', search = ''] = url.split('?');
    const recorded: Recorded = {
      url,
      path: pathPart.startsWith(PREFIX) ? pathPart.slice(PREFIX.length) : pathPart,
      query: new URLSearchParams(search),
      headers: req.headers,
      at: Date.now(),
    };
    requests.push(recorded);
    Promise.resolve(current(recorded, requests.length)).then(
      (reply) => respond(req.socket.destroy.bind(req.socket), res, reply),
      () =>
        respond(req.socket.destroy.bind(req.socket), res, { status: 599, body: { error: 'handler threw' } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${PREFIX}`,
    requests,
    handle(next) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function respond(destroy: () => void, res: ServerResponse, reply: Reply): void {
  if (reply === 'destroy') {
    destroy();
    return;
  }
  const send = () => {
    if (res.destroyed) return;
    const text = reply.raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
    res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
    res.end(text);
  };
  if (reply.delayMs) setTimeout(send, reply.delayMs);
  else send();
}

/** A directory of its own under the system's temporary directory (a fresh DATA_DIR). */
export function freshDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'rollcall-test-data-'));
}

/**
 * A valid configuration for `baseUrl`, with test-friendly limits (a paid tier's: no monthly
 * allowance, so no pacing) and a DATA_DIR of its own (a fresh install); `overrides` win.
 */
export function testConfig(baseUrl: string, overrides: Partial<Config> = {}): Config {
  const result = loadConfig({
    DISCORD_TOKEN: 'discord-test-token',
    DISCORD_APPLICATION_ID: '123456789012345678',
    DISCORD_GUILD_ID: '223456789012345678',
    API_BASE_URL: baseUrl,
    API_TOKEN: TOKEN,
    API_TIMEOUT_MS: '2000',
    API_RETRIES: '2',
    API_LIMITS: '1000/1s',
    API_QUEUE_MAX_WAIT_MS: '8000',
    DATA_DIR: freshDataDir(),
  });
  if (!result.ok) throw new Error(result.errors.join('; '));
  return { ...result.config, ...overrides };
}

export const silentLogger: Logger = createLogger({ level: 'silent', format: 'json' });

/** A debug-level logger whose JSON lines land in `lines`. */
export function captureLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const logger = createLogger({
    level: 'debug',
    format: 'json',
    destination: { write: (line: string) => void lines.push(line) },
  });
  return { logger, lines };
}

/** A controllable clock for cache ages. */
export function fakeClock(start = Date.now()): { now: () => number; advance: (ms: number) => void } {
  let t = start;
  return {
    now: () => t,
    advance: (ms) => {
      t += ms;
    },
  };
}

/** The rejection of `promise` (fails the test when it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

/** Fast retries for tests. */
export const fastDeps = { retryBaseMs: 1 } as const;

/**
 * Limits of `text` (API_LIMITS syntax) over `store` (default: a file store in a fresh directory),
 * logging nowhere; the caller closes them.
 */
export function limitsOf(text: string, store?: LimitStore, extra: Partial<LimitsOptions> = {}): Limits {
  const parsed = parseLimits(text);
  if (!parsed.ok) throw new Error(limitsProblemText(parsed.problem));
  return new ApiLimits({
    specs: parsed.limits,
    store: store ?? fileLimitStore(freshDataDir(), 'h', silentLogger),
    logger: silentLogger,
    ...extra,
  });
}

/** Limits that never hold anything back. */
export const OPEN_LIMITS: Limits = {
  acquire: async () => ({ probe: false }),
  hold: async () => {},
  release: async () => {},
  observe: async () => {},
  pace: async () => ({ ok: true }),
  status: async () => [],
  holdMonth: async () => ({ statuses: [], spent: async () => {}, release: async () => {} }),
  room: async () => ({ ok: true }),
  remaining: () => 1,
  close: async () => {},
  takeAccess: async () => ({ ok: true }),
};
