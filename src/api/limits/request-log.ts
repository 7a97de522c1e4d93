/**
 * The short limits of API_LIMITS (N per W) kept exactly: a log of when the last requests went, per
 * key and window. A request may go at `now` when every window holds fewer than its N requests in
 * (now - W - margin, now]; then it is written in all of them at once, so no stretch of W (plus the
 * margin, for the delay between sending and the API counting) starting at any instant ever holds more
 * than N, whatever the API's windows are (fixed, sliding, aligned to the clock), and up to N go at
 * once when the window is empty: no request waits while every limit has room.
 *
 * An entry later than `now` (the clock stepped back) counts as made now, so it still holds its place
 * for a whole window from now, never less.
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
}

/** The saved form of a memory log: entries (ms) by `<window ms>:<key>`. */
export type LogDump = Record<string, number[]>;

export class MemoryLog implements RequestLog {
  /** Ascending request times per window and key. */
  private readonly entries = new Map<string, number[]>();
  /** Called after every change (the counters file marks itself to be written). */
  onChange: (() => void) | undefined;

  async take(key: string, windows: readonly LogWindow[], now: number): Promise<number> {
    return this.takeNow(key, windows, now);
  }

  /** `take`, synchronously (a step of Redis's insurance). */
  takeNow(key: string, windows: readonly LogWindow[], now: number): number {
    let wait = 0;
    const lists = windows.map((window) => this.trimmed(key, window, now));
    windows.forEach((window, i) => {
      const list = lists[i] as number[];
      if (list.length < window.points) return;
      const oldest = list[list.length - window.points] as number;
      wait = Math.max(wait, oldest + window.ms - now, 1);
    });
    if (wait > 0) return wait;
    for (const list of lists) list.push(now);
    this.onChange?.();
    return 0;
  }

  async look(key: string, windows: readonly LogWindow[], now: number): Promise<LogStanding[]> {
    return windows.map((window) => standing(this.trimmed(key, window, now), window));
  }

  /** Put what Redis holds for `key` in `window` in place of what is here. */
  seed(key: string, window: LogWindow, times: readonly number[]): void {
    this.entries.set(
      slot(window, key),
      [...times].sort((a, b) => a - b),
    );
  }

  dump(): LogDump {
    const out: LogDump = {};
    for (const [name, list] of this.entries) if (list.length > 0) out[name] = [...list];
    return out;
  }

  restore(dump: LogDump): void {
    for (const [name, list] of Object.entries(dump)) {
      if (Array.isArray(list) && list.every((t) => Number.isFinite(t)))
        this.entries.set(
          name,
          [...list].sort((a, b) => a - b),
        );
    }
  }

  /** The window's entries at `now`: later ones as now, those out of the window dropped. */
  private trimmed(key: string, window: LogWindow, now: number): number[] {
    const name = slot(window, key);
    let list = this.entries.get(name);
    if (!list) {
      list = [];
      this.entries.set(name, list);
    }
    for (let i = list.length - 1; i >= 0 && (list[i] as number) > now; i--) list[i] = now;
    let stale = 0;
    while (stale < list.length && (list[stale] as number) <= now - window.ms) stale++;
    if (stale > 0) {
      list.splice(0, stale);
      this.onChange?.();
    }
    return list;
  }
}

/** Where a window stands, from its entries (ascending, all within it). */
export function standing(list: readonly number[], window: LogWindow): LogStanding {
  const first = list[0];
  return { used: list.length, freesAt: first === undefined ? undefined : first + window.ms };
}

function slot(window: LogWindow, key: string): string {
  return `${window.ms}:${key}`;
}

/**
 * The same in Redis, atomically: KEYS are the windows' sorted sets (scores: request times),
 * ARGV now, a member unique to this request, then each window's length and requests. Answers the
 * wait (0: written in every window), then for each window how many entries it holds and the newest
 * of them (at most its requests), for the insurance.
 */
export const REDIS_TAKE = `
local now = tonumber(ARGV[1])
local wait = 0
for i, key in ipairs(KEYS) do
  local ms = tonumber(ARGV[1 + 2 * i])
  local points = tonumber(ARGV[2 + 2 * i])
  for _, member in ipairs(redis.call('ZRANGEBYSCORE', key, '(' .. now, '+inf')) do
    redis.call('ZADD', key, now, member)
  end
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - ms)
  local used = redis.call('ZCARD', key)
  if used >= points then
    local oldest = redis.call('ZRANGE', key, used - points, used - points, 'WITHSCORES')
    wait = math.max(wait, tonumber(oldest[2]) + ms - now, 1)
  end
end
if wait == 0 then
  for i, key in ipairs(KEYS) do
    redis.call('ZADD', key, now, ARGV[2])
    redis.call('PEXPIRE', key, tonumber(ARGV[1 + 2 * i]) + 1000)
  end
end
local out = { wait }
for i, key in ipairs(KEYS) do
  local points = tonumber(ARGV[2 + 2 * i])
  local times = redis.call('ZRANGE', key, -points, -1, 'WITHSCORES')
  table.insert(out, #times / 2)
  for j = 2, #times, 2 do table.insert(out, times[j]) end
end
return out
`;

/**
 * Where each window stands, in Redis: KEYS and ARGV as REDIS_TAKE's (the member left out), the
 * window brought to `now` as a take does (later entries as now, those out of it dropped); answers 0,
 * then for each window how many entries it holds and all of them.
 */
export const REDIS_LOOK = `
local now = tonumber(ARGV[1])
local out = { 0 }
for i, key in ipairs(KEYS) do
  local ms = tonumber(ARGV[2 * i])
  for _, member in ipairs(redis.call('ZRANGEBYSCORE', key, '(' .. now, '+inf')) do
    redis.call('ZADD', key, now, member)
  end
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - ms)
  local times = redis.call('ZRANGE', key, 0, -1, 'WITHSCORES')
  table.insert(out, #times / 2)
  for j = 2, #times, 2 do table.insert(out, times[j]) end
end
return out
`;

/** Read REDIS_TAKE's (or REDIS_LOOK's) answer: the wait and each window's entries. */
export function readRedisTake(reply: unknown, windows: number): { wait: number; times: number[][] } {
  if (!Array.isArray(reply)) throw new Error('unexpected answer from Redis');
  const values = reply.map((v) => Number(v));
  const wait = values[0] ?? Number.NaN;
  const times: number[][] = [];
  let at = 1;
  for (let i = 0; i < windows; i++) {
    const n = values[at] ?? 0;
    times.push(values.slice(at + 1, at + 1 + n));
    at += 1 + n;
  }
  if (!Number.isFinite(wait) || times.some((list) => list.some((t) => !Number.isFinite(t))))
    throw new Error('unexpected answer from Redis');
  return { wait, times };
}
