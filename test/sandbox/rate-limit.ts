/**
 * A per-token fixed-window rate limiter. A token's window opens at its first request and lasts
 * `windowSeconds`; the `requests`+1-th request inside it is refused. Refused requests do not count.
 */

/** Limit per token. */
export interface RateLimitOptions {
  requests: number;
  windowSeconds: number;
}

/** The verdict for one request, with the values for the rate-limit headers. */
export interface RateLimitVerdict {
  allowed: boolean;
  limit: number;
  /** Requests left in the window after this one. */
  remaining: number;
  /** When the window ends, in ms since the epoch. */
  resetAtMs: number;
  /** Whole seconds to wait before retrying (>= 1); meaningful when refused. */
  retryAfterSeconds: number;
}

/** A limiter keeping one window per key. */
export interface RateLimiter {
  check(key: string, nowMs: number): RateLimitVerdict;
}

/** Creates a limiter. */
export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  const windowMs = options.windowSeconds * 1000;
  const windows = new Map<string, { start: number; count: number }>();
  return {
    check(key, nowMs) {
      let window = windows.get(key);
      if (!window || nowMs >= window.start + windowMs) {
        window = { start: nowMs, count: 0 };
        windows.set(key, window);
      }
      const resetAtMs = window.start + windowMs;
      const allowed = window.count < options.requests;
      if (allowed) window.count++;
      return {
        allowed,
        limit: options.requests,
        remaining: Math.max(0, options.requests - window.count),
        resetAtMs,
        retryAfterSeconds: Math.max(1, Math.ceil((resetAtMs - nowMs) / 1000)),
      };
    },
  };
}

/** The headers sent with every answer to a rate-limited token (429 adds Retry-After). */
export function rateLimitHeaders(verdict: RateLimitVerdict): Record<string, string> {
  const headers: Record<string, string> = {
    'X-RateLimit-Limit': String(verdict.limit),
    'X-RateLimit-Remaining': String(verdict.remaining),
    'X-RateLimit-Reset': String(Math.ceil(verdict.resetAtMs / 1000)),
  };
  if (!verdict.allowed) headers['Retry-After'] = String(verdict.retryAfterSeconds);
  return headers;
}
