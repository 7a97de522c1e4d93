/** The API's rate-limit headers, read one way wherever they are read. */

/** A header holding a whole number (at most 12 digits), else undefined. */
export function wholeHeader(headers: Headers, name: string): number | undefined {
  const value = headers.get(name)?.trim();
  return value && /^\d{1,12}$/.test(value) ? Number(value) : undefined;
}

/** X-RateLimit-Reset as ms from now: Unix seconds (>= 1e9) or seconds from now; never negative. */
export function rateLimitResetMs(headers: Headers, nowMs: number): number | undefined {
  const value = headers.get('x-ratelimit-reset')?.trim();
  if (!value || !/^\d{1,12}(\.\d+)?$/.test(value)) return undefined;
  const seconds = Number(value);
  return Math.max(0, seconds >= 1e9 ? seconds * 1000 - nowMs : seconds * 1000);
}
