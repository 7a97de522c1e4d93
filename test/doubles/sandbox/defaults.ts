/**
 * Every decision the sandbox makes where the API description is silent, in one place.
 * Tests, the CLI and the benchmark read these instead of repeating literals.
 */

/** The token accepted by a sandbox started without `tokens` (it has permission for everything). */
export const DEFAULT_TOKEN = 'sandbox-token';

/** Error messages. The first six are the contract's (section 7), word for word. */
export const ERROR_MESSAGES = {
  badRequest: 'invalid request parameters',
  noAuthorization: 'authorization header is required',
  invalidToken: 'invalid or expired token',
  forbidden: 'insufficient permissions for this operation',
  notFound: 'the requested resource could not be found on this server',
  internal: 'internal server error',
  /** 429: the contract gives no message; openapi.yaml's example is this one. */
  rateLimited: 'rate limit exceeded',
  /** 405: the contract shows GET only and no other method; sandbox's own message. */
  methodNotAllowed: 'method not allowed',
} as const;

/** Sandbox behaviour where the contract is silent. */
export const SANDBOX_DEFAULTS = {
  /** Base path: the contract's base address ends in /api/v1; every route is below `${basePath}/server`. */
  basePath: '/api/v1',
  /** Host the sandbox binds to. */
  host: '127.0.0.1',
  /** Port when none is given (0 = any free port); the CLI uses `cliPort`. */
  port: 0,
  /** Port of `npm run sandbox` when SANDBOX_PORT is not set. */
  cliPort: 8787,
  /** Dataset seed when none is given. */
  seed: 1,
  /** `page` when omitted. */
  page: 1,
  /**
   * Items per page when `limit` is omitted. The query parameter is `limit` (as the public API is
   * used); `pageSize` is accepted as an alias. Both given with different values -> 400.
   */
  pageSize: 25,
  /** Largest `limit` (contract: 1 to 100). */
  maxPageSize: 100,
  /** Query parameter names for the page size, in order of precedence. */
  pageSizeParams: ['limit', 'pageSize'] as const,
  /**
   * A page past the end answers 200 with an empty `data` and the real `total`/`totalPages`.
   * `totalPages` is ceil(total / pageSize), so 0 for an empty list.
   */
  pastEnd: 'empty-page',
  /**
   * Lists are ordered newest first: by `createdAt` (audit logs: `timestamp`), ties by `id` descending.
   * Filtered lists (`/loas/user/..`, `/logs/user/..`) keep that order.
   */
  order: 'newest-first',
  /**
   * A server id in the path (`/server/<id>/loas`) equal to the token's server is accepted; any other
   * id answers 403 `insufficient permissions for this operation` (403 is declared for every path).
   */
  foreignServerStatus: 403,
  /** Non-GET methods answer 405 with `Allow: GET` and a JSON error (after authentication). */
  methodNotAllowedStatus: 405,
  /** Longest accepted path id (decoded); longer, blank or containing control characters -> 400. */
  maxIdLength: 200,
  /** A 'timeout' fault holds the request this long, then destroys the socket without answering. */
  timeoutHoldMs: 30_000,
  /** Items in the `data` of an 'enormous' list answer (whatever `limit` asked for). */
  enormousItems: 5_000,
  /** Characters of padding added to a string field of an 'enormous' single-item answer. */
  enormousPadChars: 2_000_000,
  /**
   * Order of checks: path under basePath (else 404) -> Authorization (401) -> rate limit (429) ->
   * fault injection -> route (404 unknown path, 405 method) -> permission (403) -> server id (403) ->
   * parameters (400) -> lookup (404/200). A handler that throws answers 500.
   */
  checkOrder: 'auth-rate-fault-route-permission-params',
} as const;
