/**
 * The sandbox API: a local HTTP implementation of the contract's 16 endpoints over a generated
 * dataset, with knobs for auth, rate limiting, latency and faults. For tests and local runs only.
 *
 * @example
 * const sandbox = await startSandbox({ seed: 3 });
 * await fetch(`${sandbox.url}/server/loas?page=1&limit=10`, { headers: { Authorization: `Bearer ${sandbox.token}` } });
 * await sandbox.close();
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { type Answer, errorAnswer } from './answer.js';
import { DEFAULT_TOKENS, type TokenConfig } from './auth.js';
import { type Dataset, generateDataset } from './data.js';
import { DEFAULT_TOKEN, ERROR_MESSAGES, SANDBOX_DEFAULTS } from './defaults.js';
import type { FaultKind, FaultOptions } from './faults.js';
import { decide, type PipelineState } from './pipeline.js';
import { createRng } from './random.js';
import {
  createQuota,
  createRateLimiter,
  type QuotaOptions,
  type RateLimiter,
  type RateLimitOptions,
} from './rate-limit.js';
import type { OperationId } from './types.js';

export type { TokenConfig, TokenPermission } from './auth.js';
export type { FaultKind, FaultOptions } from './faults.js';
export type { QuotaOptions, RateLimitOptions, WindowMode } from './rate-limit.js';

/** Added delay before every answer, spread evenly (seeded) between minMs and maxMs. */
export interface LatencyOptions {
  minMs: number;
  maxMs: number;
}

/** Behaviour that can be changed while the sandbox runs (`null` switches a feature off). */
export interface SandboxSettings {
  latency?: LatencyOptions | null;
  /** `null` also drops the faults queued by `failNext`. */
  faults?: FaultOptions | null;
  /** Replacing the limit also resets every token's window. */
  rateLimit?: RateLimitOptions | null;
  /** The allowance per token (per calendar month in UTC, or per window); replacing it resets the counts. */
  quota?: QuotaOptions | null;
  /** Accepted tokens (replaces the whole map). */
  tokens?: Readonly<Record<string, TokenConfig>>;
  /** Each answer held until the gate's promise settles (`SandboxGate`). */
  gate?: SandboxGate | null;
}

/** Options of `startSandbox`. */
export interface SandboxOptions extends SandboxSettings {
  /** The data to serve; generated from `seed` around `now` (its baseTime) when absent. */
  dataset?: Dataset;
  /** Seed of the generated dataset and of the latency/fault draws (default SANDBOX_DEFAULTS.seed). */
  seed?: number;
  /**
   * More communities, one per token: each token (full permission) reads its own dataset generated
   * from its seed. Added to `tokens` (or to the default token); the default dataset is unchanged.
   */
  communities?: Readonly<Record<string, { seed: number; label?: string }>>;
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** How long a 'timeout' fault holds a request before destroying its socket. */
  timeoutHoldMs?: number;
  /**
   * Clock in ms since the epoch for rate-limit windows, log times and the generated data's baseTime
   * (default Date.now); tests can fake it.
   */
  now?: () => number;
  /** Called with each request log entry as it is recorded (the CLI prints them). */
  onRequest?: (entry: Readonly<RequestLogEntry>) => void;
}

/** One handled request. The token is a label or a hash, never the raw token. */
export interface RequestLogEntry {
  /** When the request arrived (ms since the epoch). */
  at: number;
  method: string;
  /** The raw (still %-encoded) pathname. */
  path: string;
  query: Record<string, string>;
  /** Status sent; 0 when no answer was sent (a 'timeout' fault). */
  status: number;
  /** Time from arrival to the answer (or to the start of a hold). */
  ms: number;
  /** The token's label or `sha256:…` hash; 'malformed' for a non-Bearer header; null without header. */
  token: string | null;
  /** The endpoint, when the path matched one. */
  operationId?: OperationId;
  /** The injected fault, if any. */
  fault?: FaultKind;
}

/** A running sandbox. */
export interface Sandbox {
  /** Base URL ending in /api/v1; the client appends `/server/...`. */
  readonly url: string;
  readonly port: number;
  readonly dataset: Dataset;
  /** The dataset a token reads (its community's, or the sandbox's). */
  datasetOf(token: string): Dataset;
  /** A token with full permission (DEFAULT_TOKEN unless `tokens` were given). */
  readonly token: string;
  /** The request log, oldest first (live view). */
  readonly requests: readonly RequestLogEntry[];
  /** Empties the request log. */
  resetLog(): void;
  /** Changes latency, faults, rate limit or tokens at runtime. */
  set(settings: SandboxSettings): void;
  /** Makes the next `n` authorized requests fail with `kind`, before any random fault. */
  failNext(n: number, kind: FaultKind): void;
  /** Stops listening and destroys every open, slow or held socket. Safe to call twice. */
  close(): Promise<void>;
}

export { DEFAULT_TOKEN } from './defaults.js';

interface State {
  tokens: Readonly<Record<string, TokenConfig>>;
  latency: LatencyOptions | null;
  faults: FaultOptions | null;
  limiter: RateLimiter | null;
  quota: RateLimiter | null;
  forced: FaultKind[];
  gate: SandboxGate | null;
}

/**
 * Holds each answer until the promise it returns settles (a test's controllable latency: no real
 * sleep); undefined lets the answer go at once.
 */
export type SandboxGate = (entry: Readonly<RequestLogEntry>) => Promise<void> | undefined;

/** Starts a sandbox on 127.0.0.1 (a free port unless `port` is given). */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const seed = options.seed ?? options.dataset?.seed ?? SANDBOX_DEFAULTS.seed;
  const now = options.now ?? Date.now;
  const dataset = options.dataset ?? generateDataset({ seed, now });
  const holdMs = options.timeoutHoldMs ?? SANDBOX_DEFAULTS.timeoutHoldMs;
  const latencyRng = createRng(seed ^ 0x1a7e);
  const faultRng = createRng(seed ^ 0xfa17);
  const communities: Record<string, TokenConfig> = {};
  for (const [token, community] of Object.entries(options.communities ?? {})) {
    communities[token] = {
      permission: 'all',
      dataset: generateDataset({ seed: community.seed, baseTime: dataset.baseTime }),
      ...(community.label ? { label: community.label } : {}),
    };
  }
  const state: State = {
    tokens: { ...(options.tokens ?? DEFAULT_TOKENS), ...communities },
    latency: options.latency ?? null,
    faults: options.faults ?? null,
    limiter: options.rateLimit ? createRateLimiter(options.rateLimit) : null,
    quota: options.quota ? createQuota(options.quota) : null,
    forced: [],
    gate: options.gate ?? null,
  };
  const log: RequestLogEntry[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<{ timer: NodeJS.Timeout; done: () => void }>();
  let closed = false;

  const wait = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      if (ms <= 0 || closed) return resolve();
      const entry = {
        timer: setTimeout(() => {
          timers.delete(entry);
          resolve();
        }, ms),
        done: resolve,
      };
      timers.add(entry);
    });

  const pipelineState: PipelineState = {
    get tokens() {
      return state.tokens;
    },
    get limiter() {
      return state.limiter;
    },
    get quota() {
      return state.quota;
    },
    drawFault: () => {
      const forced = state.forced.shift();
      if (forced) return forced;
      const faults = state.faults;
      if (!faults || faults.kinds.length === 0 || faults.rate <= 0) return undefined;
      return faultRng.next() < faults.rate ? faultRng.pick(faults.kinds) : undefined;
    },
  };

  const write = (res: ServerResponse, answer: Exclude<Answer, { kind: 'hold' }>): void => {
    const [contentType, text] =
      answer.kind === 'json'
        ? ['application/json', JSON.stringify(answer.body)]
        : [answer.contentType, answer.text];
    res.writeHead(answer.status, {
      'Content-Type': contentType,
      'Content-Length': Buffer.byteLength(text),
      ...answer.headers,
    });
    res.end(text);
  };

  const record = (entry: RequestLogEntry, started: number): void => {
    entry.ms = Math.round(performance.now() - started);
    log.push(entry);
    options.onRequest?.(entry);
  };

  const hold = (res: ServerResponse): void => {
    const entry = {
      timer: setTimeout(() => {
        timers.delete(entry);
        res.destroy();
      }, holdMs),
      done: () => res.destroy(),
    };
    timers.add(entry);
  };

  const onRequest = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    req.resume();
    const started = performance.now();
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const entry: RequestLogEntry = {
      at: now(),
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      status: 0,
      ms: 0,
      token: null,
    };
    const decision = decide(
      { method: entry.method, url, authorization: req.headers.authorization, nowMs: entry.at },
      dataset,
      pipelineState,
    );
    entry.token = decision.token;
    if (decision.operationId) entry.operationId = decision.operationId;
    if (decision.fault) entry.fault = decision.fault;
    const { answer } = decision;
    if (answer.kind === 'hold') {
      record(entry, started);
      hold(res);
      return;
    }
    const latency = state.latency;
    if (latency) await wait(latency.minMs + latencyRng.next() * Math.max(0, latency.maxMs - latency.minMs));
    await state.gate?.(entry)?.catch(() => undefined);
    if (closed || res.destroyed) return;
    write(res, answer);
    entry.status = answer.status;
    record(entry, started);
  };

  const server = createServer((req, res) => {
    onRequest(req, res).catch(() => {
      if (!res.headersSent && !res.destroyed) write(res, errorAnswer(500, ERROR_MESSAGES.internal));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? SANDBOX_DEFAULTS.port, options.host ?? SANDBOX_DEFAULTS.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string')
    throw new Error('sandbox: not listening on a TCP port');
  const host = options.host ?? SANDBOX_DEFAULTS.host;
  let closing: Promise<void> | undefined;
  const fullToken =
    Object.entries(state.tokens).find(([, config]) => config.permission === 'all')?.[0] ??
    Object.keys(state.tokens)[0] ??
    DEFAULT_TOKEN;

  return {
    url: `http://${host}:${address.port}${SANDBOX_DEFAULTS.basePath}`,
    port: address.port,
    dataset,
    datasetOf: (token) =>
      (Object.hasOwn(state.tokens, token) ? state.tokens[token]?.dataset : undefined) ?? dataset,
    token: fullToken,
    get requests() {
      return log;
    },
    resetLog: () => {
      log.length = 0;
    },
    set: (settings) => {
      if (settings.latency !== undefined) state.latency = settings.latency;
      if (settings.gate !== undefined) state.gate = settings.gate;
      if (settings.faults !== undefined) {
        state.faults = settings.faults;
        if (settings.faults === null) state.forced.length = 0;
      }
      if (settings.rateLimit !== undefined) {
        state.limiter = settings.rateLimit ? createRateLimiter(settings.rateLimit) : null;
      }
      if (settings.quota !== undefined) state.quota = settings.quota ? createQuota(settings.quota) : null;
      if (settings.tokens !== undefined) state.tokens = settings.tokens;
    },
    failNext: (n, kind) => {
      for (let i = 0; i < n; i++) state.forced.push(kind);
    },
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        closed = true;
        for (const entry of timers) {
          clearTimeout(entry.timer);
          entry.done();
        }
        timers.clear();
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
