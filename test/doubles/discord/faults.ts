import type { DiscordErrorBody } from './http.js';

/**
 * The family of a REST route: `callback` (POST /interactions/{id}/{token}/callback), `webhook`
 * (/webhooks/{app}/{token}...), `commands`, `gateway`, `user` (/users/...), `other`.
 */
export type RouteFamily = 'gateway' | 'commands' | 'callback' | 'webhook' | 'user' | 'other';

/** Which REST calls a fault applies to: a route family, or a RegExp tested on `"METHOD /path"` (decoded). */
export type FaultRoute = RouteFamily | RegExp;

/** A failure to answer instead of processing a request. */
export interface FailSpec {
  route: FaultRoute;
  /** HTTP status, or `'reset'` to destroy the connection without an answer. */
  status: 400 | 401 | 403 | 404 | 429 | 500 | 502 | 503 | 'reset';
  /** Discord error code of the JSON body (defaults: 0, 50035 for 400, 50013 for 403). */
  code?: number;
  message?: string;
  /** Seconds to wait for 429 (`Retry-After`, `retry_after`); default 0.2. */
  retryAfter?: number;
  /** A global 429 (`X-RateLimit-Global: true`, `global: true`). */
  global?: boolean;
  /** How many matching calls fail; default 1. */
  times?: number;
}

/** A delay before processing a request normally (slow Discord). */
export interface DelaySpec {
  route: FaultRoute;
  ms: number;
  /**
   * Held until this settles as well (and at least `ms`): a test that must know a call is in flight
   * at some moment holds it until it has seen that moment, instead of guessing a duration.
   */
  until?: Promise<unknown>;
  times?: number;
}

/** What the router must do with a call a fault matched. */
export type FaultAction =
  | { kind: 'fail'; status: number | 'reset'; body: DiscordErrorBody; headers: Record<string, string> }
  | { kind: 'delay'; ms: number; until?: Promise<unknown> };

interface Rule {
  route: FaultRoute;
  left: number;
  action: () => FaultAction;
}

const MESSAGES: Record<number, string> = {
  10008: 'Unknown Message',
  10015: 'Unknown Webhook',
  10062: 'Unknown interaction',
  40060: 'Interaction has already been acknowledged.',
  50013: 'Missing Permissions',
  50027: 'Invalid Webhook Token',
  50035: 'Invalid Form Body',
};
const STATUS_TEXT: Record<number, string> = {
  400: '400: Bad Request',
  401: '401: Unauthorized',
  403: '403: Forbidden',
  404: '404: Not Found',
  500: '500: Internal Server Error',
  502: '502: Bad Gateway',
  503: '503: Service Unavailable',
};
const DEFAULT_CODES: Record<number, number> = { 400: 50035, 403: 50013 };

function failure(spec: FailSpec): FaultAction {
  if (spec.status === 'reset')
    return { kind: 'fail', status: 'reset', body: { message: '', code: 0 }, headers: {} };
  if (spec.status === 429) {
    const retryAfter = spec.retryAfter ?? 0.2;
    const global = spec.global === true;
    return {
      kind: 'fail',
      status: 429,
      body: {
        message: spec.message ?? 'You are being rate limited.',
        retry_after: retryAfter,
        global,
        code: spec.code ?? 0,
      },
      headers: {
        'Retry-After': String(retryAfter),
        'X-RateLimit-Limit': '5',
        'X-RateLimit-Remaining': '0',
        'X-RateLimit-Reset': String((Date.now() / 1000 + retryAfter).toFixed(3)),
        'X-RateLimit-Reset-After': String(retryAfter),
        'X-RateLimit-Bucket': 'double-bucket',
        'X-RateLimit-Scope': global ? 'global' : 'user',
        ...(global ? { 'X-RateLimit-Global': 'true' } : {}),
      },
    };
  }
  const code = spec.code ?? DEFAULT_CODES[spec.status] ?? 0;
  const message = spec.message ?? MESSAGES[code] ?? STATUS_TEXT[spec.status] ?? `${spec.status}`;
  return { kind: 'fail', status: spec.status, body: { message, code }, headers: {} };
}

/** Rules that make the next matching REST calls fail or wait, consumed in the order they were added. */
export class FaultInjector {
  readonly #rules: Rule[] = [];

  /** Makes the next `times` calls on `route` fail. */
  fail(spec: FailSpec): void {
    this.#rules.push({ route: spec.route, left: spec.times ?? 1, action: () => failure(spec) });
  }

  /** Makes the next `times` calls on `route` wait `ms` before being processed. */
  delay(spec: DelaySpec): void {
    this.#rules.push({
      route: spec.route,
      left: spec.times ?? 1,
      action: () => ({ kind: 'delay', ms: spec.ms, until: spec.until }),
    });
  }

  /** The action for a call, consuming one use of the first matching rule. */
  take(method: string, path: string, family: string): FaultAction | null {
    const rule = this.#rules.find((r) =>
      r.route instanceof RegExp ? r.route.test(`${method} ${path}`) : r.route === family,
    );
    if (!rule) return null;
    rule.left--;
    if (rule.left <= 0) this.#rules.splice(this.#rules.indexOf(rule), 1);
    return rule.action();
  }

  /** How many uses are left across all rules. */
  pending(): number {
    return this.#rules.reduce((sum, r) => sum + r.left, 0);
  }

  /** Drops every rule. */
  clear(): void {
    this.#rules.length = 0;
  }
}
