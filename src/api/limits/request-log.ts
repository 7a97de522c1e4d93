/**
 * The short limits of API_LIMITS (N per W) kept exactly: a log of when the last requests went, per
 * key (one for all its windows). A request may go at `now` when every window holds fewer than its N requests in
 * (now - W - margin, now]; then it is written in all of them at once, so no stretch of W (plus the
 * margin, for the delay between sending and the API counting) starting at any instant ever holds more
 * than N, whatever the API's windows are (fixed, sliding, aligned to the clock), and up to N go at
 * once when the window is empty: no request waits while every limit has room.
 *
 * An entry later than `now` (the clock stepped back, or written by a process whose clock is ahead)
 * counts as made now at every reading, so it holds its place for a whole window from now, never
 * less; it keeps its own time, so a clock stepped back and then forward again still finds it where
 * it was, and a process ahead keeps counting its own requests however often others read them (an
 * entry moved to the reader's now was, to the process ahead, a window old: it sent a full burst on
 * every round). Only a clock stepped forward, or one behind another's by more than the margin, sees
 * entries older than they are: keep the clocks in sync.
 *
 * Beside the log, per key: how many requests it has granted in all (`sent`, each request's number
 * among them), and the API's own count of a short window when it has sent one (`ApiCount`: the
 * X-RateLimit-Remaining of an answer until its -Reset). A request goes only while both have room,
 * checked and written in the same step (in Redis, the same script).
 *
 * Kept in memory here (`MemoryLog`, also what the counters file saves; the API's count and `sent`
 * are memory only); in Redis by store.ts, with a memory log as its insurance, seeded with what Redis
 * last held.
 */

/** One short limit as the log keeps it: its length with the margin (ms) and its requests. */
export interface LogWindow {
  ms: number;
  points: number;
}

/** Where one window of one key stands. */
interface LogStanding {
  /** Requests in the window now. */
  used: number;
  /** When the oldest of them leaves it (ms), making room for one; undefined when it holds none. */
  freesAt: number | undefined;
}

/**
 * The API's count of a short window for a key: of its requests, those numbered up to `ceiling` may
 * have gone before `resetAt` (ms), and no more; forgotten at `resetAt`. `window` is the API's own
 * reset (ms), which tells its windows apart: `resetAt` is at most MAX_HOLD_MS after the answer
 * (limits.ts), so for a window longer than that it moves on with every answer.
 */
interface ApiCount {
  resetAt: number;
  ceiling: number;
  window: number;
}

/** What a take answers: the wait (0: granted) and, when granted, the request's number among the key's. */
export interface LogGrant {
  wait: number;
  seq: number;
}

/**
 * Two answers of the API whose resets are this close (ms) are of the same window: a reset given in
 * seconds from now moves by up to a second from one answer to the next.
 */
const SAME_WINDOW_MS = 1_000;
/** How long the count of a key's requests is kept after its last (ms): longer than any request lasts. */
const SENT_LIFE_MS = 86_400_000;

/**
 * The API's count once an answer says `remaining` are left until `resetAt`, the answer being to the
 * request numbered `seq` (every request numbered after it, in flight or not, counts against what
 * remains: the API had not counted them when it answered). In the same window (resets within
 * SAME_WINDOW_MS) the stricter count stays, whichever answer came last: each bounds what may go, so
 * a stale answer (a larger count, from a request answered late) never loosens a newer one; a later
 * reset is the API's next window and replaces it; an earlier one is of a window over already.
 */
function mergedCount(current: ApiCount | undefined, next: ApiCount, now: number): ApiCount {
  if (!current || current.resetAt <= now) return next;
  if (next.window > current.window + SAME_WINDOW_MS) return next;
  if (next.window < current.window - SAME_WINDOW_MS) return current;
  return {
    resetAt: Math.max(current.resetAt, next.resetAt),
    ceiling: Math.min(current.ceiling, next.ceiling),
    window: Math.max(current.window, next.window),
  };
}

export interface RequestLog {
  /**
   * When every window has room at `now`, and the API's count too, write one request in each and
   * answer 0; otherwise write nothing and answer how long (ms, at least 1) until the fullest has
   * room (the API's count: until its reset). Atomic across windows.
   */
  take(key: string, windows: readonly LogWindow[], now: number): Promise<number>;
  /** `take`, with the request's number when granted (for `count`). */
  grant(key: string, windows: readonly LogWindow[], now: number): Promise<LogGrant>;
  /**
   * The API says `remaining` requests of the key are left until `resetAt` (ms), in its answer to the
   * request numbered `seq` (undefined: none in flight), of its window ending at `window` (ms; the
   * default, `resetAt`); merged as mergedCount says.
   */
  count(
    key: string,
    resetAt: number,
    remaining: number,
    seq: number | undefined,
    now: number,
    window?: number,
  ): Promise<void>;
  look(key: string, windows: readonly LogWindow[], now: number): Promise<LogStanding[]>;
  /** The key's entries as last seen here (ascending; synchronous, for the line's estimates). */
  times(key: string): readonly number[];
}

/** The saved form of a memory log: entries (ms) by key. */
export type LogDump = Record<string, number[]>;

/**
 * One log per key, whatever its windows: each window counts the entries within its length, so a
 * limit changed mid-window (`settings limits:`), to another count or another length, counts at once
 * every request still in its window. Entries are kept as long as the longest window asked for.
 */
export class MemoryLog implements RequestLog {
  /** Ascending request times per key. */
  private readonly entries = new Map<string, number[]>();
  /** Requests granted per key, in all (the last one's number). */
  private readonly sent = new Map<string, number>();
  /** The API's count per key, while its window lasts. */
  private readonly counts = new Map<string, ApiCount>();
  /** Called after every change (the counters file marks itself to be written). */
  onChange: (() => void) | undefined;

  async take(key: string, windows: readonly LogWindow[], now: number): Promise<number> {
    return this.grantNow(key, windows, now).wait;
  }

  async grant(key: string, windows: readonly LogWindow[], now: number): Promise<LogGrant> {
    return this.grantNow(key, windows, now);
  }

  /** `grant`, synchronously (a step of Redis's insurance). */
  grantNow(key: string, windows: readonly LogWindow[], now: number): LogGrant {
    let wait = 0;
    const list = this.trimmed(key, windows, now);
    for (const window of windows) {
      if (within(list, window, now).length < window.points) continue;
      const oldest = Math.min(list[list.length - window.points] as number, now);
      wait = Math.max(wait, oldest + window.ms - now, 1);
    }
    const sent = this.sent.get(key) ?? 0;
    const count = this.liveCount(key, now);
    if (count && sent >= count.ceiling) wait = Math.max(wait, count.resetAt - now, 1);
    if (wait > 0) return { wait, seq: 0 };
    let at = list.length;
    while (at > 0 && (list[at - 1] as number) > now) at--;
    list.splice(at, 0, now);
    this.sent.set(key, sent + 1);
    this.onChange?.();
    return { wait: 0, seq: sent + 1 };
  }

  async count(
    key: string,
    resetAt: number,
    remaining: number,
    seq: number | undefined,
    now: number,
    window = resetAt,
  ) {
    const sent = this.sent.get(key) ?? 0;
    const ceiling = Math.min(seq ?? sent, sent) + remaining;
    this.counts.set(key, mergedCount(this.liveCount(key, now), { resetAt, ceiling, window }, now));
  }

  /** The API's count of `key` at `now`, forgotten once its window has reset. */
  liveCount(key: string, now: number): ApiCount | undefined {
    const count = this.counts.get(key);
    if (count && count.resetAt <= now) this.counts.delete(key);
    return count && count.resetAt > now ? count : undefined;
  }

  /** Put what Redis holds of `key`'s requests granted and the API's count in place of what is here. */
  seedCount(key: string, sent: number, count: ApiCount | undefined): void {
    this.sent.set(key, sent);
    if (count) this.counts.set(key, count);
    else this.counts.delete(key);
  }

  /** How many requests of `key` were granted here (the last one's number). */
  sentOf(key: string): number {
    return this.sent.get(key) ?? 0;
  }

  async look(key: string, windows: readonly LogWindow[], now: number): Promise<LogStanding[]> {
    const list = this.trimmed(key, windows, now);
    return standings(list, windows, now);
  }

  times(key: string): readonly number[] {
    return this.entries.get(key) ?? [];
  }

  /** Put what Redis holds for `key` in place of what is here. */
  seed(key: string, times: readonly number[]): void {
    this.entries.set(
      key,
      [...times].sort((a, b) => a - b),
    );
  }

  dump(): LogDump {
    const out: LogDump = {};
    for (const [key, list] of this.entries) if (list.length > 0) out[key] = [...list];
    return out;
  }

  restore(dump: LogDump): void {
    for (const [key, list] of Object.entries(dump)) {
      if (Array.isArray(list) && list.every((t) => Number.isFinite(t)))
        this.entries.set(
          key,
          [...list].sort((a, b) => a - b),
        );
    }
  }

  /** The key's entries at `now`: those out of the longest window dropped. */
  private trimmed(key: string, windows: readonly LogWindow[], now: number): number[] {
    let list = this.entries.get(key);
    if (!list) {
      list = [];
      this.entries.set(key, list);
    }
    const longest = Math.max(0, ...windows.map((window) => window.ms));
    let stale = 0;
    while (stale < list.length && (list[stale] as number) <= now - longest) stale++;
    if (stale > 0) {
      list.splice(0, stale);
      this.onChange?.();
    }
    return list;
  }
}

/** The entries of `list` (ascending) within `window` at `now`, those later than `now` among them. */
function within(list: readonly number[], window: LogWindow, now: number): readonly number[] {
  let first = list.length;
  while (first > 0 && (list[first - 1] as number) > now - window.ms) first--;
  return list.slice(first);
}

/** Where a window stands at `now`, from its entries (ascending, all within it; a later one as now). */
function standing(list: readonly number[], window: LogWindow, now: number): LogStanding {
  const first = list[0];
  return { used: list.length, freesAt: first === undefined ? undefined : Math.min(first, now) + window.ms };
}

/**
 * mergedCount in Lua: the API's count in the hash `api` (fields `reset`, `ceiling`, `window`; a hash
 * without `window` has its `reset`) merged with one ending at `nextReset` with `nextCeiling`, of the
 * API's window `nextWindow`, at `now`, `same` being SAME_WINDOW_MS.
 */
const REDIS_MERGE = `
local function merge(api, now, nextReset, nextCeiling, nextWindow, same)
  local reset = tonumber(redis.call('HGET', api, 'reset'))
  local ceiling = tonumber(redis.call('HGET', api, 'ceiling'))
  local window = tonumber(redis.call('HGET', api, 'window')) or reset
  if reset and ceiling and reset > now and nextWindow <= window + same then
    if nextWindow < window - same then return end
    nextReset = math.max(reset, nextReset)
    nextCeiling = math.min(ceiling, nextCeiling)
    nextWindow = math.max(window, nextWindow)
  end
  redis.call('HSET', api, 'reset', nextReset, 'ceiling', nextCeiling, 'window', nextWindow)
end
`;

/**
 * The same in Redis, atomically: KEYS[1] is the key's sorted set (scores: request times), KEYS[2]
 * its hash of the requests granted (`sent`) and the API's count (`reset`, `ceiling`, `window`); ARGV
 * now, a member unique to this request, then each window's length and requests. Answers the wait (0:
 * written), the requests granted (this one's number when written), the API's count (its reset,
 * ceiling and window; 0, 0, 0 when none), then how many entries follow and the newest of them (as
 * many as the largest window's requests), for the insurance.
 */
export const REDIS_TAKE = `
local key = KEYS[1]
local api = KEYS[2]
local now = tonumber(ARGV[1])
local longest, most = 0, 0
for i = 1, (#ARGV - 2) / 2 do
  longest = math.max(longest, tonumber(ARGV[1 + 2 * i]))
  most = math.max(most, tonumber(ARGV[2 + 2 * i]))
end
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - longest)
local total = redis.call('ZCARD', key)
local wait = 0
for i = 1, (#ARGV - 2) / 2 do
  local ms = tonumber(ARGV[1 + 2 * i])
  local points = tonumber(ARGV[2 + 2 * i])
  if redis.call('ZCOUNT', key, '(' .. (now - ms), '+inf') >= points then
    local oldest = redis.call('ZRANGE', key, total - points, total - points, 'WITHSCORES')
    wait = math.max(wait, math.min(tonumber(oldest[2]), now) + ms - now, 1)
  end
end
local sent = tonumber(redis.call('HGET', api, 'sent')) or 0
local reset = tonumber(redis.call('HGET', api, 'reset'))
local ceiling = tonumber(redis.call('HGET', api, 'ceiling'))
local window = tonumber(redis.call('HGET', api, 'window')) or reset
if reset and reset <= now then
  redis.call('HDEL', api, 'reset', 'ceiling', 'window')
  reset, ceiling, window = nil, nil, nil
end
if reset and ceiling and sent >= ceiling then wait = math.max(wait, reset - now, 1) end
if wait == 0 then
  redis.call('ZADD', key, now, ARGV[2])
  redis.call('PEXPIRE', key, longest + 1000)
  sent = sent + 1
  redis.call('HSET', api, 'sent', sent)
  redis.call('PEXPIRE', api, ${SENT_LIFE_MS})
end
local times = most > 0 and redis.call('ZRANGE', key, -most, -1, 'WITHSCORES') or {}
local out = { wait, sent, reset or 0, ceiling or 0, window or 0, #times / 2 }
for j = 2, #times, 2 do table.insert(out, times[j]) end
return out
`;

/**
 * The API's count of a key in Redis (RequestLog.count): KEYS[1] the key's hash (as REDIS_TAKE's
 * KEYS[2]), ARGV now, the reset (ms), the requests remaining, the answered request's number (empty:
 * none in flight), the API's window (ms). Answers the requests granted and the count as it stands
 * (its reset, ceiling and window; for the insurance).
 */
export const REDIS_COUNT = `${REDIS_MERGE}
local api = KEYS[1]
local now = tonumber(ARGV[1])
local sent = tonumber(redis.call('HGET', api, 'sent')) or 0
local seq = math.min(tonumber(ARGV[4]) or sent, sent)
merge(api, now, tonumber(ARGV[2]), seq + tonumber(ARGV[3]), tonumber(ARGV[5]), ${SAME_WINDOW_MS})
redis.call('HSET', api, 'sent', sent)
redis.call('PEXPIRE', api, ${SENT_LIFE_MS})
return {
  sent,
  tonumber(redis.call('HGET', api, 'reset')),
  tonumber(redis.call('HGET', api, 'ceiling')),
  tonumber(redis.call('HGET', api, 'window')),
}
`;

/**
 * Requests sent while Redis did not answer, written to it once it does: KEYS[1] the key's sorted
 * set, KEYS[2] its hash (REDIS_TAKE's); ARGV its life (ms, the longest window and a second), now,
 * the API's count this process kept meanwhile (its reset, ceiling and window; 0, 0, 0 when none),
 * then each request's time and member. They are counted among the requests granted, and the count kept here
 * is merged with Redis's.
 */
export const REDIS_ADD = `${REDIS_MERGE}
local now = tonumber(ARGV[2])
local n = 0
for i = 6, #ARGV, 2 do
  redis.call('ZADD', KEYS[1], ARGV[i], ARGV[i + 1])
  n = n + 1
end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
redis.call('HINCRBY', KEYS[2], 'sent', n)
local reset = tonumber(ARGV[3])
if reset > now then merge(KEYS[2], now, reset, tonumber(ARGV[4]), tonumber(ARGV[5]), ${SAME_WINDOW_MS}) end
redis.call('PEXPIRE', KEYS[2], ${SENT_LIFE_MS})
return 0
`;

/**
 * Every entry of the key in Redis: KEYS and ARGV as REDIS_TAKE's (the member left out), brought to
 * `now` as a take does (those out of the longest window dropped; later ones kept, counted as now); answers 0,
 * then how many entries follow and all of them.
 */
export const REDIS_LOOK = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local longest = 0
for i = 1, (#ARGV - 1) / 2 do longest = math.max(longest, tonumber(ARGV[2 * i])) end
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - longest)
local times = redis.call('ZRANGE', key, 0, -1, 'WITHSCORES')
local out = { 0, #times / 2 }
for j = 2, #times, 2 do table.insert(out, times[j]) end
return out
`;

/** Read REDIS_TAKE's (or REDIS_LOOK's) answer: the wait and the entries (ascending). */
export function readRedisTake(reply: unknown): { wait: number; times: number[] } {
  if (!Array.isArray(reply)) throw new Error('unexpected answer from Redis');
  const values = reply.map((v) => Number(v));
  const wait = values[0] ?? Number.NaN;
  const n = values[1] ?? 0;
  const times = values.slice(2, 2 + n);
  if (!Number.isFinite(wait) || times.length !== n || times.some((t) => !Number.isFinite(t)))
    throw new Error('unexpected answer from Redis');
  return { wait, times };
}

/** Read REDIS_TAKE's answer: the wait, the requests granted, the API's count and the entries (ascending). */
export function readRedisGrant(reply: unknown): {
  wait: number;
  sent: number;
  count: ApiCount | undefined;
  times: number[];
} {
  if (!Array.isArray(reply)) throw new Error('unexpected answer from Redis');
  const [wait, sent, resetAt, ceiling, window] = reply.slice(0, 5).map((v) => Number(v));
  const { times } = readRedisTake([0, ...reply.slice(5)]);
  if (
    wait === undefined ||
    sent === undefined ||
    resetAt === undefined ||
    ceiling === undefined ||
    window === undefined ||
    ![wait, sent, resetAt, ceiling, window].every(Number.isFinite)
  )
    throw new Error('unexpected answer from Redis');
  return { wait, sent, count: resetAt > 0 ? { resetAt, ceiling, window } : undefined, times };
}

/** Read REDIS_COUNT's answer: the requests granted and the API's count as it stands. */
export function readRedisCount(reply: unknown): { sent: number; count: ApiCount | undefined } {
  if (!Array.isArray(reply)) throw new Error('unexpected answer from Redis');
  const [sent, resetAt, ceiling, window = resetAt] = reply.map((v) => Number(v));
  if (sent === undefined || !Number.isFinite(sent)) throw new Error('unexpected answer from Redis');
  const count =
    resetAt !== undefined &&
    ceiling !== undefined &&
    window !== undefined &&
    [resetAt, ceiling, window].every(Number.isFinite)
      ? { resetAt, ceiling, window }
      : undefined;
  return { sent, count };
}

/** Where each window stands at `now`, from the key's entries (ascending). */
export function standings(
  times: readonly number[],
  windows: readonly LogWindow[],
  now: number,
): LogStanding[] {
  return windows.map((window) => standing(within(times, window, now), window, now));
}
