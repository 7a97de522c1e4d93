/**
 * The one error type the API layer throws. Messages are written here or by the client from
 * status codes and the API's own `error` string; they never carry the token, a header or a URL
 * with credentials.
 */

/** Why a read failed. `status` is set for HTTP answers; the other kinds have none. */
export type ApiErrorKind =
  | 'http' // the API answered non-2xx; see status and apiMessage
  | 'timeout' // no answer within API_TIMEOUT_MS (after retries)
  | 'network' // connection refused/reset, DNS, ... (after retries)
  | 'malformed' // 2xx whose body is not JSON or not the described shape
  | 'busy' // a short limit of API_LIMITS or the API's Retry-After would exceed API_QUEUE_MAX_WAIT_MS
  | 'quota' // the monthly allowance (API_LIMITS) is spent; resetAt says when it starts again
  | 'too-large'; // the answer's body is over API_MAX_RESPONSE_BYTES (not read further, never retried)

interface ApiErrorDetails {
  /** HTTP status, only for kind 'http'. */
  status?: number;
  /** The `error` string of a JSON error body, when the API sent one. */
  apiMessage?: string;
  /** How long to wait before asking again (kinds 'busy' and 'quota'). */
  retryAfterSeconds?: number;
  /** When the monthly allowance starts again, ms since epoch (kind 'quota'). */
  resetAt?: number;
  cause?: unknown;
}

/** The longest API error string kept; the rest is cut (it ends up in logs and replies). */
const MAX_API_MESSAGE = 300;

export class ApiError extends Error {
  override name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status?: number;
  readonly apiMessage?: string;
  readonly retryAfterSeconds?: number;
  readonly resetAt?: number;

  constructor(kind: ApiErrorKind, message: string, details: ApiErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = kind;
    if (details.status !== undefined) this.status = details.status;
    if (details.apiMessage !== undefined) this.apiMessage = details.apiMessage;
    if (details.retryAfterSeconds !== undefined) this.retryAfterSeconds = details.retryAfterSeconds;
    if (details.resetAt !== undefined) this.resetAt = details.resetAt;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/**
 * An ApiError of kind 'http' for a non-2xx answer. `body` is what openapi-fetch parsed from the
 * error response (an object when it was JSON, a string otherwise, undefined when empty); only a
 * string `error` field is kept. `secret` is scrubbed from that string in case the API echoes it.
 */
export function httpError(status: number, body: unknown, secret: string): ApiError {
  const raw =
    typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string'
      ? body.error
      : undefined;
  const apiMessage = raw === undefined ? undefined : scrub(raw, secret).slice(0, MAX_API_MESSAGE);
  const message = apiMessage ? `API answered ${status}: ${apiMessage}` : `API answered ${status}`;
  return new ApiError('http', message, apiMessage === undefined ? { status } : { status, apiMessage });
}

/** The local stand-in for the API's 400, for parameters that must not be sent at all. */
export function invalidParams(reason: string): ApiError {
  return new ApiError('http', `Invalid request parameters (not sent): ${reason}`, {
    status: 400,
    apiMessage: 'invalid request parameters',
  });
}

/** `text` with every occurrence of `secret` replaced (no-op for an empty secret). */
function scrub(text: string, secret: string): string {
  return secret ? text.split(secret).join('[REDACTED]') : text;
}

/**
 * A read with a saved answer to fall back on left the limits' line (Rollcall began to stop), or its
 * request was cut at the grace period's end (`reason` says so): the saved answer is given.
 */
export class LeftLineError extends Error {
  override name = 'LeftLineError';
  constructor(readonly reason: unknown) {
    super('left the line: Rollcall is stopping');
  }
}

/** A 'saved-only' read found no saved copy (no request was made). */
export class NotSavedError extends Error {
  override name = 'NotSavedError';
}

/** A 'snapshot' read with nothing saved that the pace does not allow now: `nextAt` (ms) is when it does. */
export class PacedError extends NotSavedError {
  override name = 'PacedError';
  constructor(
    message: string,
    readonly nextAt: number,
  ) {
    super(message);
  }
}

/** An access lookup's share of the month is spent ('access-lookup', ReadOptions): `nextAt` (ms) is when it is not. */
export class AccessSpentError extends Error {
  override name = 'AccessSpentError';
  constructor(
    message: string,
    readonly nextAt: number,
    /** Which part was spent: the first checks' (a user no saved answer allowed), or the whole share. */
    readonly kind: 'first' | 'recheck' = 'recheck',
  ) {
    super(message);
  }
}

/** A first check of a user the guard knows for a stranger (`noFirstCheck`): no request, nothing spent. */
export class FirstCheckSkippedError extends Error {
  override name = 'FirstCheckSkippedError';
}

/**
 * A 'link-check' read found no room in the month (Limits.room; no request was made): `left` of
 * `points` remain, all of it the reserve or held, and room comes back at `nextAt` (ms).
 */
export class NoRoomError extends Error {
  override name = 'NoRoomError';
  constructor(
    message: string,
    readonly nextAt: number,
    readonly left: number,
    readonly points: number,
  ) {
    super(message);
  }
}

export function isNotSaved(error: unknown): error is NotSavedError {
  return error instanceof NotSavedError;
}
