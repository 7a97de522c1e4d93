/**
 * Per-token request limits, as an API may count them. A short limit (`requests` per `windowSeconds`)
 * in one of four modes, and a quota (`requests` per calendar month in UTC, or per a clock-aligned
 * window of seconds, e.g. a month compressed into 600 s). Refused requests do not count.
 *
 * Modes of the short limit:
 * - `fixed`: a token's window opens at its first request and lasts `windowSeconds` (the default).
 * - `clock`: windows aligned to wall-clock multiples of `windowSeconds` (10:00:00, 10:00:10, ...).
 * - `sliding`: at most `requests` in any `windowSeconds` ending now (a log of request times).
 * - `token-bucket`: a bucket of `requests` tokens refilled continuously at requests/windowSeconds.
 */

export const WINDOW_MODES = ['fixed', 'clock', 'sliding', 'token-bucket'] as const;
export type WindowMode = (typeof WINDOW_MODES)[number];

/** The short limit per token. */
export interface RateLimitOptions {
  requests: number;
  windowSeconds: number;
  /** How windows are counted (default `fixed`). */
  mode?: WindowMode;
  /** Send X-RateLimit-Limit/-Remaining/-Reset on every answer (default true; Retry-After always on 429). */
  headers?: boolean;
}

/** The long allowance per token: per calendar month (UTC) or per clock-aligned window of seconds. */
export interface QuotaOptions {
  requests: number;
  window: 'month' | { seconds: number };
  /** Send X-RateLimit-* for the quota (default true); they win over the short limit's on a 200. */
  headers?: boolean;
}

/** The verdict for one request, with the values for the rate-limit headers. */
export interface RateLimitVerdict {
  allowed: boolean;
  limit: number;
  /** Requests left after this one. */
  remaining: number;
  /** When a request will be allowed again / the window ends, in ms since the epoch. */
  resetAtMs: number;
  /** Whole seconds to wait before retrying (>= 1); meaningful when refused. */
  retryAfterSeconds: number;
  /** Whether the X-RateLimit-* headers are sent for this limit. */
  headers: boolean;
}

/** A limiter keeping state per key. */
export interface RateLimiter {
  /** The verdict for a request now; it counts when allowed, unless `peek` (then nothing changes). */
  check(key: string, nowMs: number, peek?: boolean): RateLimitVerdict;
}

const verdict = (
  allowed: boolean,
  limit: number,
  remaining: number,
  resetAtMs: number,
  retryAtMs: number,
  nowMs: number,
  headers: boolean,
): RateLimitVerdict => ({
  allowed,
  limit,
  remaining: Math.max(0, remaining),
  resetAtMs,
  retryAfterSeconds: Math.max(1, Math.ceil((retryAtMs - nowMs) / 1000)),
  headers,
});

/** Creates the short limiter. */
export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  const { requests } = options;
  const windowMs = options.windowSeconds * 1000;
  const headers = options.headers !== false;
  const mode = options.mode ?? 'fixed';
  if (mode === 'sliding') {
    const logs = new Map<string, number[]>();
    return {
      check(key, nowMs) {
        const log = (logs.get(key) ?? []).filter((t) => t > nowMs - windowMs);
        logs.set(key, log);
        const allowed = log.length < requests;
        if (allowed) log.push(nowMs);
        const oldest = log[0] ?? nowMs;
        return verdict(
          allowed,
          requests,
          requests - log.length,
          oldest + windowMs,
          oldest + windowMs,
          nowMs,
          headers,
        );
      },
    };
  }
  if (mode === 'token-bucket') {
    const rate = requests / windowMs; // tokens per ms
    const buckets = new Map<string, { tokens: number; at: number }>();
    return {
      check(key, nowMs) {
        const bucket = buckets.get(key) ?? { tokens: requests, at: nowMs };
        bucket.tokens = Math.min(requests, bucket.tokens + (nowMs - bucket.at) * rate);
        bucket.at = nowMs;
        buckets.set(key, bucket);
        const allowed = bucket.tokens >= 1;
        if (allowed) bucket.tokens -= 1;
        const nextAt = nowMs + Math.max(0, (1 - bucket.tokens) / rate);
        const fullAt = nowMs + (requests - bucket.tokens) / rate;
        return verdict(allowed, requests, Math.floor(bucket.tokens), fullAt, nextAt, nowMs, headers);
      },
    };
  }
  const windows = new Map<string, { start: number; count: number }>();
  return {
    check(key, nowMs) {
      let window = windows.get(key);
      if (!window || nowMs >= window.start + windowMs) {
        const start = mode === 'clock' ? Math.floor(nowMs / windowMs) * windowMs : nowMs;
        window = { start, count: 0 };
        windows.set(key, window);
      }
      const resetAtMs = window.start + windowMs;
      const allowed = window.count < requests;
      if (allowed) window.count++;
      return verdict(allowed, requests, requests - window.count, resetAtMs, resetAtMs, nowMs, headers);
    },
  };
}

/** Creates the quota: one count per token per calendar month (UTC) or per clock-aligned window. */
export function createQuota(options: QuotaOptions): RateLimiter {
  const headers = options.headers !== false;
  const counts = new Map<string, { period: number; count: number }>();
  const periodOf = (nowMs: number): { start: number; end: number } => {
    if (options.window === 'month') {
      const d = new Date(nowMs);
      return {
        start: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1),
        end: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1),
      };
    }
    const ms = options.window.seconds * 1000;
    const start = Math.floor(nowMs / ms) * ms;
    return { start, end: start + ms };
  };
  return {
    check(key, nowMs, peek = false) {
      const { start, end } = periodOf(nowMs);
      let entry = counts.get(key);
      if (!entry || entry.period !== start) {
        entry = { period: start, count: 0 };
        if (!peek) counts.set(key, entry);
      }
      const allowed = entry.count < options.requests;
      if (allowed && !peek) entry.count++;
      return verdict(allowed, options.requests, options.requests - entry.count, end, end, nowMs, headers);
    },
  };
}

/** The headers sent with an answer to a limited token (429 adds Retry-After). */
export function rateLimitHeaders(verdict: RateLimitVerdict): Record<string, string> {
  const headers: Record<string, string> = verdict.headers
    ? {
        'X-RateLimit-Limit': String(verdict.limit),
        'X-RateLimit-Remaining': String(verdict.remaining),
        'X-RateLimit-Reset': String(Math.ceil(verdict.resetAtMs / 1000)),
      }
    : {};
  if (!verdict.allowed) headers['Retry-After'] = String(verdict.retryAfterSeconds);
  return headers;
}
