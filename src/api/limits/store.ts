/**
 * Where the limit counters live, so they survive a restart: Redis when CACHE_URL is set (shared by
 * every process on it), otherwise a file under DATA_DIR (one process).
 *
 * Both hand out rate-limiter-flexible limiters; the atomic counting is theirs.
 * - Redis: RateLimiterRedis (a Lua increment, atomic across processes), bounded by our own timeout
 *   (RLWrapperTimeouts) and insured by an in-memory limiter that the limits keep seeded with the last
 *   count Redis gave, so an outage continues from that count instead of from zero.
 * - File: RateLimiterMemory, whose state (its own dump()) is written to `limits-<token hash>.json`
 *   after every change and before the request it allows is sent: written to a temporary file,
 *   flushed to disk (fsync), then renamed over the old one, so a crash leaves the old or the new
 *   state, never a torn one. restore() reads it back at start. Every write holds every window the
 *   file had, known here or not. One process per DATA_DIR (a lock file, lockDataDir): several
 *   processes must share Redis instead.
 */
import {
  accessSync,
  constants,
  mkdirSync,
  readFileSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  RLWrapperTimeouts,
} from 'rate-limiter-flexible';
import type { Logger } from '../../base/log.js';
import { within } from '../abort.js';
import { keyvRedis } from '../cache-redis.js';
import {
  type LogDump,
  type LogWindow,
  MemoryLog,
  REDIS_ADD,
  REDIS_COUNT,
  REDIS_LOOK,
  REDIS_TAKE,
  type RequestLog,
  readRedisCount,
  readRedisGrant,
  readRedisTake,
  standings,
} from './request-log.js';

/** The limiter type every backend hands out (all share rate-limiter-flexible's interface). */
export type Counter = RateLimiterAbstract;

export interface LimitStore {
  readonly backend: 'redis' | 'file';
  /** A limiter of `points` per `durationSeconds` (0: never expires) under `prefix`. */
  counter(prefix: string, points: number, durationSeconds: number): Counter;
  /** The log of the short limits' requests under `prefix` (request-log.ts): shared, atomic. */
  log(prefix: string): RequestLog;
  /** The in-memory limiter that stands in for `counter` when Redis fails (Redis only). */
  insurance(counter: Counter): RateLimiterMemory | undefined;
  /**
   * Whether the counts read now are every process's: the file always (one process); Redis while it
   * answers, not when the insurance limiters did within the last REDIS_RETRY_MS.
   */
  shared(): boolean;
  /** Settles once the store answers (Redis connected; at once for the file). */
  ready(): Promise<void>;
  /** Make every change so far durable (file); a no-op for Redis, whose writes are. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** A Redis command slower than this counts as failed and the insurance limiter answers. */
const REDIS_TIMEOUT_MS = 300;
const CONNECT_TIMEOUT_MS = 400;
/**
 * After Redis failed or answered too slowly, the insurance limiters answer alone for this long
 * before Redis is tried again: a request makes several counter calls, and a frozen Redis would
 * otherwise cost each of them the full timeout.
 */
const REDIS_RETRY_MS = 5_000;
/** The limiter methods that count or read counts (all of them exist on RateLimiterMemory too). */
const COUNTING_METHODS = new Set<PropertyKey>([
  'consume',
  'penalty',
  'reward',
  'block',
  'get',
  'set',
  'delete',
]);

/** When Redis was last failed over (ms since epoch), and when the insurance last answered. */
interface Health {
  downUntil: number;
  insuredAt: number;
}

/**
 * A call's arguments for the insurance, without a caller's `customDuration`: the insurance keeps a
 * count as long as its limiter's own duration says (none for the month's). A month key's custom
 * duration runs to the month's end, more than a Node timer holds (2^31 − 1 ms) early in a month, and
 * such a timer fires after 1 ms, dropping the count. Month keys name their month, so a count kept
 * without a timer is never read in another.
 */
function forInsurance(args: unknown[]): unknown[] {
  const [key, points, options, ...rest] = args;
  if (options === null || typeof options !== 'object' || !('customDuration' in options)) return args;
  const { customDuration: _dropped, ...kept } = options as Record<string, unknown>;
  return [key, points, kept, ...rest];
}

/**
 * `insurance` as the Redis limiter's timeout wrapper calls it (when Redis errs or is slow): every
 * answer it gives is marked in `health`, so the store knows its counts were not shared.
 */
function marked(insurance: RateLimiterMemory, health: Health): RateLimiterMemory {
  return new Proxy(insurance, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || !COUNTING_METHODS.has(property)) return value;
      return (...args: unknown[]) => {
        health.insuredAt = Date.now();
        return (value as (...a: unknown[]) => unknown).apply(target, forInsurance(args));
      };
    },
  });
}

/**
 * `primary` (Redis behind a timeout), falling over to `insurance` whenever Redis fails in any way
 * (an error of the client, not a refusal) or is slow, and staying there for REDIS_RETRY_MS.
 */
function withFailover(
  primary: Counter,
  insurance: RateLimiterMemory,
  health: Health,
  timeoutMs: number,
): Counter {
  return new Proxy(primary, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || !COUNTING_METHODS.has(property)) return value;
      const fallback = (args: unknown[]) => {
        health.insuredAt = Date.now();
        return (Reflect.get(insurance, property) as (...a: unknown[]) => Promise<unknown>).apply(
          insurance,
          forInsurance(args),
        );
      };
      return async (...args: unknown[]) => {
        if (Date.now() < health.downUntil) return fallback(args);
        const started = Date.now();
        const slow = () => {
          if (Date.now() - started >= timeoutMs) health.downUntil = Date.now() + REDIS_RETRY_MS;
        };
        try {
          const result = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          slow();
          return result;
        } catch (error) {
          slow();
          if (error instanceof RateLimiterRes) throw error; // a refusal is an answer, not a failure
          health.downUntil = Date.now() + REDIS_RETRY_MS;
          return fallback(args);
        }
      };
    },
  });
}

/** How slow Redis may be before the counters count it as failed (ms), and whose counters they are. */
interface RedisPatience {
  /** A command (REDIS_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Connecting (CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
  /**
   * The token the store counts for (its hash): the stores of one token share their memory
   * (RedisShare); those of other tokens on the URL do not, as each has limits of its own.
   */
  token?: string;
}

/** A short limits' log's state in memory beside Redis (redisLog): its insurance and what it owes Redis. */
interface LogInsurance {
  memory: MemoryLog;
  /** What this process sent while Redis did not answer, per key, not yet written there. */
  unsent: Map<string, number[]>;
}

/**
 * What every Redis store of one token and URL in this process keeps in memory, shared: a change of
 * a token's limits (`settings limits:`) builds a new Api, and so a new store, while the old one is
 * retired; with Redis not answering, the new one goes on from this process's counts and request
 * times (and the API's count), never from nothing. Per token: in hosted mode every token's Api has
 * a store on the one CACHE_URL, each under its own limits (the insurance limiter's points are the
 * token's), and what a token kept is dropped once its last store closes (an Api evicted or
 * forgotten), not held for the process's life. Redis's health is the URL's.
 */
interface RedisShare {
  users: number;
  health: Health;
  /** The counters' insurance limiters, by prefix. */
  insurances: Map<string, RateLimiterMemory>;
  /** The logs' insurance, by prefix. */
  logs: Map<string, LogInsurance>;
}

/** Redis's health by URL, kept while any store of the URL is open. */
const redisHealth = new Map<string, { users: number; health: Health }>();
/** The shares by URL and token. */
const redisShares = new Map<string, RedisShare>();

function openShare(url: string, token: string): { share: RedisShare; close: () => void } {
  const kept = redisHealth.get(url) ?? { users: 0, health: { downUntil: 0, insuredAt: 0 } };
  kept.users++;
  redisHealth.set(url, kept);
  const name = `${url}\n${token}`;
  const share = redisShares.get(name) ?? {
    users: 0,
    health: kept.health,
    insurances: new Map(),
    logs: new Map(),
  };
  share.users++;
  redisShares.set(name, share);
  return {
    share,
    close() {
      if (--share.users === 0 && redisShares.get(name) === share) redisShares.delete(name);
      if (--kept.users === 0 && redisHealth.get(url) === kept) redisHealth.delete(url);
    },
  };
}

/**
 * Counters in Redis at `url`, on a connection of their own. The bot keeps the default patience; a
 * test of what two processes share on a healthy Redis sets limits for a hang instead, so a starved
 * CPU is not taken for a slow Redis.
 */
export function redisLimitStore(
  url: string,
  logger: Logger,
  { timeoutMs = REDIS_TIMEOUT_MS, connectTimeoutMs = CONNECT_TIMEOUT_MS, token = '' }: RedisPatience = {},
): LimitStore {
  const client = keyvRedis().createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: connectTimeoutMs,
      reconnectStrategy: (n: number) => Math.min(100 * 2 ** n, 2_000),
    },
  });
  let warned = false;
  client.on('error', (error: unknown) => {
    if (warned) return;
    warned = true;
    logger.warn(
      { kind: 'limits', err: error instanceof Error ? error.message : String(error) },
      'limit counters: Redis not answering; counting in memory from the last known counts',
    );
  });
  client.on('ready', () => {
    warned = false;
  });
  const connected = client.connect().then(
    () => undefined,
    () => undefined,
  );
  const insurances = new Map<Counter, RateLimiterMemory>();
  const { share, close: closeShare } = openShare(url, token);
  const { health } = share;
  let closed = false;
  return {
    backend: 'redis',
    counter(prefix, points, durationSeconds) {
      // Another store of the token counts the window in memory already (an Api replaced by one with
      // other limits): one count, shared. The prefix names the window, so only points differ.
      let insuranceLimiter = share.insurances.get(prefix);
      if (insuranceLimiter) insuranceLimiter.points = points;
      else {
        insuranceLimiter = new RateLimiterMemory({ keyPrefix: prefix, points, duration: durationSeconds });
        share.insurances.set(prefix, insuranceLimiter);
      }
      const timed = new RLWrapperTimeouts({
        limiter: new RateLimiterRedis({
          storeClient: client,
          useRedisPackage: true,
          rejectIfRedisNotReady: true,
          keyPrefix: prefix,
          points,
          duration: durationSeconds,
        }),
        insuranceLimiter: marked(insuranceLimiter, health),
        timeoutMs,
      });
      const limiter = withFailover(timed, insuranceLimiter, health, timeoutMs);
      insurances.set(limiter, insuranceLimiter);
      return limiter;
    },
    log(prefix) {
      let insurance = share.logs.get(prefix);
      if (!insurance) {
        insurance = { memory: new MemoryLog(), unsent: new Map() };
        share.logs.set(prefix, insurance);
      }
      return redisLog(client, prefix, health, timeoutMs, insurance);
    },
    insurance: (counter) => insurances.get(counter),
    shared: () =>
      client.isReady && Date.now() >= health.downUntil && Date.now() - health.insuredAt >= REDIS_RETRY_MS,
    ready: () => connected,
    flush: async () => {},
    async close() {
      if (!closed) {
        closed = true;
        closeShare();
      }
      if (!client.isOpen) return;
      if (!client.isReady) {
        client.destroy();
        return;
      }
      await within(client.close(), 1_000, () => undefined);
      if (client.isOpen) client.destroy();
    },
  };
}

/** What the log needs of the Redis client: scripts. */
interface EvalClient {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

/** `reply`, or an error once Redis has not answered within `timeoutMs`. */
function answeredWithin(reply: Promise<unknown>, timeoutMs: number): Promise<unknown> {
  return within(reply, timeoutMs, () => {
    throw new Error(`Redis answered no log in ${timeoutMs} ms`);
  });
}

/**
 * The short limits' log in Redis (request-log.ts's REDIS_TAKE, one atomic script per request), with
 * a memory log as its insurance: seeded with what Redis held after each answer, so when Redis fails
 * or is slow (as for the counters: REDIS_TIMEOUT_MS, then REDIS_RETRY_MS alone) this process goes on
 * from the last state it saw, its own requests written on top; what it sent meanwhile is written to
 * Redis before its next take there, so once Redis answers again those requests still count (for
 * every process, and for this one, whose memory the answer replaces). The API's count of a short
 * window (REDIS_COUNT) is kept in both alike. The memory and what is owed are the token's
 * (RedisShare): a store built after this one, for other limits, goes on from them.
 */
function redisLog(
  client: EvalClient,
  prefix: string,
  health: Health,
  timeoutMs: number,
  { memory, unsent }: LogInsurance,
): RequestLog {
  /** One sorted set per key, whatever its windows (a limit changed keeps it). */
  const keyOf = (key: string) => `${prefix}:{${key}}`;
  /** The key's requests granted and the API's count (same slot as its log). */
  const countOf = (key: string) => `${prefix}:{${key}}:api`;
  const memberOf = (t: number) => `${t}:${process.pid}:${Math.random().toString(36).slice(2)}`;
  const insuredGrant = (key: string, windows: readonly LogWindow[], now: number) => {
    health.insuredAt = Date.now();
    const granted = memory.grantNow(key, windows, now);
    if (granted.wait === 0) {
      const longest = Math.max(0, ...windows.map((window) => window.ms));
      unsent.set(key, [...(unsent.get(key) ?? []).filter((t) => t > now - longest), now]);
    }
    return granted;
  };
  /** `script` over `key`'s windows: ARGV is `first`, then each window's length and requests. */
  const run = (script: string, keys: string[], windows: readonly LogWindow[], first: string[]) =>
    timed(
      client.eval(script, {
        keys,
        arguments: [...first, ...windows.flatMap((window) => [String(window.ms), String(window.points)])],
      }),
    );
  const timed = (reply: Promise<unknown>) => answeredWithin(reply, timeoutMs);
  const grant = async (key: string, windows: readonly LogWindow[], now: number) => {
    if (Date.now() < health.downUntil) return insuredGrant(key, windows, now);
    const started = Date.now();
    try {
      const owed = unsent.get(key);
      if (owed) {
        const longest = Math.max(0, ...windows.map((window) => window.ms));
        const kept = memory.liveCount(key, now);
        await timed(
          client.eval(REDIS_ADD, {
            keys: [keyOf(key), countOf(key)],
            arguments: [
              String(longest + 1000),
              String(now),
              ...[kept?.resetAt, kept?.ceiling, kept?.window].map((v) => String(v ?? 0)),
              ...owed.flatMap((t) => [String(t), memberOf(t)]),
            ],
          }),
        );
        if (unsent.get(key) === owed) unsent.delete(key);
      }
      const reply = await run(REDIS_TAKE, [keyOf(key), countOf(key)], windows, [String(now), memberOf(now)]);
      const { wait, sent, count, times } = readRedisGrant(reply);
      memory.seed(key, times);
      memory.seedCount(key, sent, count);
      if (Date.now() - started >= timeoutMs) health.downUntil = Date.now() + REDIS_RETRY_MS;
      return { wait, seq: wait === 0 ? sent : 0 };
    } catch {
      health.downUntil = Date.now() + REDIS_RETRY_MS;
      return insuredGrant(key, windows, now);
    }
  };
  return {
    grant,
    take: async (key, windows, now) => (await grant(key, windows, now)).wait,
    async count(key, resetAt, remaining, seq, now, window = resetAt) {
      // Kept here too: an outage goes on from it (and it is written to Redis after one).
      await memory.count(key, resetAt, remaining, seq, now, window);
      if (Date.now() < health.downUntil) return;
      try {
        const reply = await timed(
          client.eval(REDIS_COUNT, {
            keys: [countOf(key)],
            arguments: [
              String(now),
              String(resetAt),
              String(remaining),
              seq === undefined ? '' : String(seq),
              String(window),
            ],
          }),
        );
        const { sent, count } = readRedisCount(reply);
        memory.seedCount(key, sent, count);
      } catch {
        health.downUntil = Date.now() + REDIS_RETRY_MS;
      }
    },
    times: (key) => memory.times(key),
    async look(key, windows, now) {
      if (windows.length === 0 || Date.now() < health.downUntil) return memory.look(key, windows, now);
      try {
        const reply = await run(REDIS_LOOK, [keyOf(key)], windows, [String(now)]);
        return standings(readRedisTake(reply).times, windows, now);
      } catch {
        return memory.look(key, windows, now);
      }
    },
  };
}

interface FileState {
  version: 1;
  limiters: Record<string, ReturnType<RateLimiterMemory['dump']>>;
  /** The short limits' logs (request-log.ts), by prefix; absent in files of older versions. */
  logs?: Record<string, LogDump>;
}

/**
 * One counters file as this process has it open: every limiter of every store on it (all the Apis of
 * one token, as a change of limits replaces one with another), and the windows the file held that no
 * limiter here has asked for. Every write is of all of them: a writer that does not know a window
 * never drops it (an Api of a token without a monthly limit keeps another's month).
 */
interface OpenFile {
  path: string;
  dataDir: string;
  /** The file's windows as read when first opened (kept until a limiter here takes one over). */
  saved: FileState['limiters'];
  limiters: Map<string, RateLimiterMemory>;
  /** The short limits' logs by prefix (restored from the file's). */
  logs: Map<string, MemoryLog>;
  /** The file's logs as read when first opened. */
  savedLogs: NonNullable<FileState['logs']>;
  users: number;
  dirty: boolean;
  writing: Promise<void>;
}

const openFiles = new Map<string, OpenFile>();

function openFile(dataDir: string, path: string, logger: Logger): OpenFile {
  const open = openFiles.get(path);
  if (open) {
    open.users++;
    return open;
  }
  const state = readState(path, logger);
  const file: OpenFile = {
    path,
    dataDir,
    saved: state?.limiters ?? {},
    limiters: new Map(),
    logs: new Map(),
    savedLogs: state?.logs ?? {},
    users: 1,
    dirty: false,
    writing: Promise.resolve(),
  };
  openFiles.set(path, file);
  return file;
}

/** Write every window of `file` (temporary file, fsync, rename, fsync of the directory). */
async function writeFile(file: OpenFile): Promise<void> {
  file.dirty = false;
  const state: FileState = { version: 1, limiters: { ...file.saved } };
  for (const [prefix, limiter] of file.limiters) state.limiters[prefix] = limiter.dump();
  state.logs = { ...file.savedLogs };
  for (const [prefix, log] of file.logs) state.logs[prefix] = log.dump();
  const temporary = `${file.path}.${process.pid}.tmp`;
  const handle = await open(temporary, 'w');
  try {
    await handle.writeFile(JSON.stringify(state));
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file.path);
  const dir = await open(file.dataDir, 'r');
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}

/**
 * Counters in memory, kept in `<dataDir>/limits-<hash>.json` (the directory is created). The
 * directory is this process's alone (lockDataDir): a second process on it refuses to start.
 */
export function fileLimitStore(dataDir: string, hash: string, logger: Logger): LimitStore {
  const unlock = lockDataDir(dataDir);
  const file = openFile(dataDir, join(dataDir, `limits-${hash}.json`), logger);
  let closed = false;

  return {
    backend: 'file',
    counter(prefix, points, durationSeconds) {
      // Another store of the token on this file counts the window already (an Api replaced by one
      // with other limits): one count, shared. The prefix names the window, so only points differ.
      const shared = file.limiters.get(prefix);
      if (shared) {
        shared.points = points;
        return shared;
      }
      const limiter = new RateLimiterMemory({ keyPrefix: prefix, points, duration: durationSeconds });
      const dump = file.saved[prefix];
      if (dump) limiter.restore(dump);
      file.limiters.set(prefix, limiter);
      // Every change is written before the caller goes on (see flush); mark it.
      for (const method of ['consume', 'penalty', 'reward', 'set', 'block', 'delete'] as const) {
        const original = limiter[method].bind(limiter) as (...args: unknown[]) => Promise<unknown>;
        (limiter as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
          file.dirty = true;
          return original(...args);
        };
      }
      return limiter;
    },
    log(prefix) {
      const shared = file.logs.get(prefix);
      if (shared) return shared;
      const log = new MemoryLog();
      const dump = file.savedLogs[prefix];
      if (dump) log.restore(dump);
      log.onChange = () => {
        file.dirty = true;
      };
      file.logs.set(prefix, log);
      return log;
    },
    insurance: () => undefined,
    shared: () => true,
    ready: async () => {},
    flush() {
      if (!file.dirty) return file.writing;
      // One write at a time, each with the latest state; a failed write fails its callers (their
      // requests are not sent) but not the writes after it.
      file.writing = file.writing
        .catch(() => undefined)
        .then(() => (file.dirty ? writeFile(file) : undefined));
      return file.writing;
    },
    async close() {
      if (closed) return;
      closed = true;
      await file.writing.catch(() => undefined);
      if (--file.users === 0 && openFiles.get(file.path) === file) openFiles.delete(file.path);
      unlock();
    },
  };
}

/** A lock not renewed for this long is a stopped process's (another host's: its pid cannot be asked). */
export const LOCK_STALE_MS = 30_000;
/** How often the owner renews its lock. */
const LOCK_RENEW_MS = 10_000;

interface LockOwner {
  pid: number;
  host: string;
}

interface DirLock {
  users: number;
  timer: NodeJS.Timeout;
  path: string;
}

const dirLocks = new Map<string, DirLock>();

/** Whether `owner` (read from a lock renewed `ageMs` ago) is a process other than this one, still running. */
function ownerLive(owner: LockOwner, ageMs: number): boolean {
  if (owner.host !== hostname()) return ageMs < LOCK_STALE_MS;
  if (owner.pid === process.pid) return false; // an earlier run of ours (a container restarted as pid 1)
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, someone else's
  }
}

/**
 * Make `dataDir`'s counters this process's: `limits.lock` holds the owner's pid and host, renewed
 * every LOCK_RENEW_MS. A live owner elsewhere makes this throw one sentence (a second process would
 * count the same month from its own copy, spending it twice); a stopped one's lock is taken over.
 * Returns the release (the lock is removed when every store of the directory has closed).
 */
export function lockDataDir(dataDir: string): () => void {
  try {
    mkdirSync(dataDir, { recursive: true });
    accessSync(dataDir, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new Error(
      `DATA_DIR ${dataDir} cannot be created or written (${code}); set DATA_DIR to a directory Rollcall may write, or CACHE_URL to keep the request counts in Redis`,
    );
  }
  const path = join(dataDir, 'limits.lock');
  const held = dirLocks.get(path);
  if (held) {
    held.users++;
    return once(() => release(path));
  }
  const mine = JSON.stringify({ pid: process.pid, host: hostname() } satisfies LockOwner);
  try {
    writeFileSync(path, mine, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const owner = readOwner(path);
    if (owner && ownerLive(owner.owner, owner.ageMs)) {
      throw new Error(
        `DATA_DIR ${dataDir} is in use by Rollcall process ${owner.owner.pid} on ${owner.owner.host}: run one process per DATA_DIR, or set CACHE_URL (Redis) so processes share the request counts`,
      );
    }
    writeFileSync(path, mine);
  }
  const timer = setInterval(() => {
    const now = new Date();
    try {
      utimesSync(path, now, now);
    } catch {
      // removed under us: the next start takes it again
    }
  }, LOCK_RENEW_MS);
  timer.unref();
  dirLocks.set(path, { users: 1, timer, path });
  return once(() => release(path));
}

function release(path: string): void {
  const lock = dirLocks.get(path);
  if (!lock || --lock.users > 0) return;
  clearInterval(lock.timer);
  dirLocks.delete(path);
  try {
    if (readOwner(path)?.owner.pid === process.pid) unlinkSync(path);
  } catch {
    // gone already
  }
}

function once(call: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    call();
  };
}

function readOwner(path: string): { owner: LockOwner; ageMs: number } | undefined {
  try {
    const owner = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockOwner>;
    const ageMs = Date.now() - statSync(path).mtimeMs;
    if (typeof owner?.pid !== 'number' || typeof owner.host !== 'string') return undefined;
    return { owner: { pid: owner.pid, host: owner.host }, ageMs };
  } catch {
    return undefined; // unreadable or torn: nobody's
  }
}

function readState(path: string, logger: Logger): FileState | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return undefined;
  }
  try {
    const state = JSON.parse(text) as FileState;
    if (state?.version === 1 && typeof state.limiters === 'object' && state.limiters !== null) return state;
  } catch {
    // unreadable: said below
  }
  // A torn or foreign file cannot be trusted to hold the counts; start counting again, loudly.
  logger.warn({ kind: 'limits', path }, 'limit counters file unreadable; counting from zero');
  return undefined;
}
