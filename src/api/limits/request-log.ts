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
 * Kept in memory here (`MemoryLog`, also what the counters file saves); in Redis by store.ts, with
 * a memory log as its insurance, seeded with what Redis last held.
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

export interface RequestLog {
  /**
   * When every window has room at `now`, write one request in each and answer 0; otherwise write
   * nothing and answer how long (ms, at least 1) until the fullest has room. Atomic across windows.
   */
  take(key: string, windows: readonly LogWindow[], now: number): Promise<number>;
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
  /** Called after every change (the counters file marks itself to be written). */
  onChange: (() => void) | undefined;

  async take(key: string, windows: readonly LogWindow[], now: number): Promise<number> {
    return this.takeNow(key, windows, now);
  }

  /** `take`, synchronously (a step of Redis's insurance). */
  takeNow(key: string, windows: readonly LogWindow[], now: number): number {
    let wait = 0;
    const list = this.trimmed(key, windows, now);
    for (const window of windows) {
      if (within(list, window, now).length < window.points) continue;
      const oldest = Math.min(list[list.length - window.points] as number, now);
      wait = Math.max(wait, oldest + window.ms - now, 1);
    }
    if (wait > 0) return wait;
    let at = list.length;
    while (at > 0 && (list[at - 1] as number) > now) at--;
    list.splice(at, 0, now);
    this.onChange?.();
    return 0;
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
 * The same in Redis, atomically: KEYS[1] is the key's sorted set (scores: request times), ARGV
 * now, a member unique to this request, then each window's length and requests. Answers the wait
 * (0: written), then how many entries follow and the newest of them (as many as the largest
 * window's requests), for the insurance.
 */
export const REDIS_TAKE = `
local key = KEYS[1]
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
if wait == 0 then
  redis.call('ZADD', key, now, ARGV[2])
  redis.call('PEXPIRE', key, longest + 1000)
end
local times = redis.call('ZRANGE', key, -most, -1, 'WITHSCORES')
local out = { wait, #times / 2 }
for j = 2, #times, 2 do table.insert(out, times[j]) end
return out
`;

/**
 * Requests sent while Redis did not answer, written to it once it does: KEYS[1] the key's sorted
 * set, ARGV its life (ms, the longest window and a second), then each request's time and member.
 */
export const REDIS_ADD = `
for i = 2, #ARGV, 2 do redis.call('ZADD', KEYS[1], ARGV[i], ARGV[i + 1]) end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
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

/** Where each window stands at `now`, from the key's entries (ascending). */
export function standings(
  times: readonly number[],
  windows: readonly LogWindow[],
  now: number,
): LogStanding[] {
  return windows.map((window) => standing(within(times, window, now), window, now));
}
