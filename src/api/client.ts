/**
 * The API client: `Resources`, one method per row of OPERATIONS (operations.ts), each a GET through
 * openapi-fetch over the generated `paths`, the cache policy (reader.ts) and the custom fetch (http.ts).
 */
import createClient from 'openapi-fetch';
import type { paths } from '../../generated/api.js';
import type { Config } from '../base/config.js';
import type { Logger } from '../base/log.js';
import { tokenHash } from '../store/crypto.js';
import { readItemBody, readPageBody } from './body.js';
import { type ApiCache, createCache } from './cache.js';
import { httpError } from './errors.js';
import { ApiHttp, bodyBytes } from './http.js';
import { type AllowanceMark, ApiLimits, type Limits, type MonthLedger } from './limits/limits.js';
import { fileLimitStore, redisLimitStore } from './limits/store.js';
import {
  type ItemOperation,
  OPERATION_LIST,
  OPERATIONS,
  type Operation,
  type OperationId,
  paramNames,
} from './operations.js';
import { API_PAGE_SIZE, apiPagesFor, echoedSize, mergeSources, viewPageOf } from './pages.js';
import { createReader, type Reader, type Related } from './reader.js';
import { type AnswerArchive, SavedAnswers } from './saved.js';
import type { Api, Fetched, PageQuery, ReadOptions, Resources } from './types.js';
import { checkPageQuery, checkPathParams, isSendableSegment, type PageBody } from './validate.js';

interface ApiDeps {
  /** The transport under the retries and the budget (tests; defaults to global fetch). */
  fetch?: typeof fetch;
  /** A cache to use instead of the one CACHE_URL / CACHE_MAX_ENTRIES would build; the caller closes it. */
  cache?: ApiCache;
  /** Limits to use instead of the ones API_LIMITS would build (tests; the caller closes them). */
  limits?: Limits;
  /** Told when the monthly allowance passes 80% and 100% (QUOTA_ALERT_CHANNEL_ID). */
  onAllowanceMark?: (mark: AllowanceMark) => void;
  /** Where the month's count is kept beyond the counters (the database; see MonthLedger). */
  ledger?: MonthLedger;
  /** Where the answers requests bought are also kept (src/api/saved.ts); unset: the cache alone. */
  answers?: AnswerArchive;
  /** Clock for cache ages, `fetchedAt`, calendar months and pacing (ms since epoch). */
  now?: () => number;
  /** How retries wait out their backoff (the budget queue always waits in real time). */
  sleep?: (ms: number) => Promise<void>;
  // As HttpOptions (http.ts) says.
  retryBaseMs?: number;
  stop?: AbortSignal;
  drain?: AbortSignal;
}

type Send = (request: Request) => Promise<Response>;
/** What one API page is read with: the page number and the same size under both names. */
type ApiPageQuery = { page: number; limit: number; pageSize: number };
/**
 * openapi-fetch's GET over any path of the table, asked not to read a 2xx body: its bytes, as the
 * sender read them (`bodyBytes`), are parsed and checked by us (src/api/body.ts).
 */
type Get = (
  path: string,
  init: {
    params: { path: Record<string, string>; query?: ApiPageQuery };
    parseAs: 'stream';
    fetch: Send;
  },
) => Promise<{ error?: unknown; response: Response }>;

/** Build the API layer for `config.API_TOKEN`. */
export function createApi(config: Config, logger: Logger, deps: ApiDeps = {}): Api {
  const token = config.API_TOKEN;
  if (token === '') throw new TypeError('createApi needs a token (config.API_TOKEN)');
  const hash = tokenHash(token);
  const now = deps.now ?? Date.now;
  const limits = deps.limits ?? limitsFor(config, logger, deps, hash, now);
  const http = new ApiHttp({
    key: hash,
    limits,
    logger,
    timeoutMs: config.API_TIMEOUT_MS,
    retries: config.API_RETRIES,
    maxWaitMs: config.API_QUEUE_MAX_WAIT_MS,
    maxBodyBytes: config.API_MAX_RESPONSE_BYTES,
    fetch: deps.fetch,
    sleep: deps.sleep,
    retryBaseMs: deps.retryBaseMs,
    stop: deps.stop,
    drain: deps.drain,
  });
  const cache = deps.cache ?? createCache(config, logger);
  const reader = readerFor(config, logger, deps, { cache, hash, now, limits });
  // Every call passes its own `fetch` (openapi-fetch's per-request option) so that each attempt's
  // log line names the operation; the Authorization header is added here and nowhere else.
  const client = createClient<paths>({
    baseUrl: config.API_BASE_URL,
    headers: { Authorization: `Bearer ${token}` },
  });
  const get = client.GET as unknown as Get;
  const send: SendOp = async (op, path, query) => {
    const { error, response } = await get(op.path, {
      params: query ? { path, query } : { path },
      parseAs: 'stream',
      fetch: (request) => http.send(request, op.id),
    });
    if (response.status >= 200 && response.status < 300) return bodyBytes(response);
    throw httpError(response.status, error, token);
  };

  let closing: Promise<void> | undefined;
  return {
    resources: resourcesOf(reader, send),
    stats: () => ({
      requests: http.counters.requests,
      ...reader.counters,
      rateLimited: http.counters.rateLimited,
      budgetRemaining: limits.remaining(hash),
      cacheBackend: cache.backend,
      cacheHealthy: cache.healthy(),
    }),
    limitStatus: () => limits.status(hash),
    holdMonth: (requests) => limits.holdMonth(hash, requests),
    close() {
      closing ??= reader
        .drain()
        .then(() =>
          Promise.all([deps.cache ? undefined : cache.close(), deps.limits ? undefined : limits.close()]),
        )
        .then(() => undefined);
      return closing;
    },
  };
}

/** The limits API_LIMITS describes, counted in Redis (CACHE_URL) or under DATA_DIR. */
function limitsFor(config: Config, logger: Logger, deps: ApiDeps, hash: string, now: () => number): Limits {
  return new ApiLimits({
    specs: config.API_LIMITS,
    store: config.CACHE_URL
      ? redisLimitStore(config.CACHE_URL, logger, { token: hash })
      : fileLimitStore(config.DATA_DIR, hash, logger),
    logger,
    ...(deps.onAllowanceMark ? { onAllowanceMark: deps.onAllowanceMark } : {}),
    ...(deps.ledger ? { ledger: deps.ledger } : {}),
    monthSeconds: config.API_MONTH_SECONDS,
    now, // waits are on real timers (the counters keep real time), cut short when a caller gives up
  });
}

/** The cache policy over `cache`, paced and allowed by `limits`. */
function readerFor(
  config: Config,
  logger: Logger,
  deps: ApiDeps,
  { cache, hash, now, limits }: { cache: ApiCache; hash: string; now: () => number; limits: Limits },
): Reader {
  return createReader({
    cache,
    hash,
    logger,
    now,
    pace: () => limits.pace(hash),
    takeAccess: (kind) => limits.takeAccess(hash, kind),
    room: () => limits.room(hash),
    ...(deps.answers
      ? { saved: new SavedAnswers({ archive: deps.answers, community: hash, logger, now }) }
      : {}),
    coalesce: config.API_COALESCE,
    ttl: {
      list: config.CACHE_TTL_LIST_SECONDS,
      item: config.CACHE_TTL_ITEM_SECONDS,
      stable: config.CACHE_TTL_STABLE_SECONDS,
      notFound: config.CACHE_TTL_NOT_FOUND_SECONDS,
      stale: config.CACHE_STALE_SECONDS,
    },
  });
}

/** One request for `op` (its checked path parameters, and for a list one API page): the body's bytes. */
type SendOp = (
  op: Operation,
  path: Record<string, string>,
  query?: ApiPageQuery,
) => Promise<ArrayBuffer | undefined>;

function resourcesOf(reader: Reader, send: SendOp): Resources {
  /** API page sizes as the API echoes them, per list operation (100 unless it answers otherwise). */
  const apiPageSizes = new Map<OperationId, number>();
  const method =
    (op: Operation) =>
    (...args: unknown[]) => {
      const path = Object.fromEntries(op.params.map((name, i) => [name, args[i]])) as Record<string, string>;
      const rest = args.slice(op.params.length);
      if (op.kind === 'item') return readItem(reader, send, op, path, rest[0] as ReadOptions | undefined);
      const [query, options] = rest as [PageQuery, ReadOptions | undefined];
      return readList({ reader, send, apiPageSizes }, op, path, query, options);
    };
  return Object.fromEntries(OPERATION_LIST.map((op) => [op.id, method(op)])) as Resources;
}

function readItem(
  reader: Reader,
  send: SendOp,
  op: Operation,
  path: Record<string, string>,
  options: ReadOptions | undefined,
): Promise<Fetched<unknown>> {
  return reader.read({ op: op.id, cacheClass: op.cache, params: { path } }, options, async () =>
    readItemBody(await send(op, checkPathParams(path))),
  );
}

/**
 * One view page of a list, cut from the API page(s) that hold it (pages.ts); each API page read also
 * fills the cache entries of its records (`op.items`), so opening one of them needs no request.
 */
async function readList(
  { reader, send, apiPageSizes }: { reader: Reader; send: SendOp; apiPageSizes: Map<OperationId, number> },
  op: Operation,
  path: Record<string, string>,
  query: PageQuery,
  options: ReadOptions | undefined,
): Promise<Fetched<unknown>> {
  const view = checkPageQuery(query);
  const related = op.items && relatedItems(op.items);
  const readApiPage = (page: number) =>
    reader.read(
      { op: op.id, cacheClass: op.cache, params: { path, query: { page, limit: API_PAGE_SIZE } }, related },
      options,
      async () => {
        const apiQuery = { page, limit: API_PAGE_SIZE, pageSize: API_PAGE_SIZE };
        return readPageBody(await send(op, checkPathParams(path), apiQuery), apiQuery);
      },
    );
  const readView = (size: number) => Promise.all(apiPagesFor(view, size).map(readApiPage));
  const assumed = apiPageSizes.get(op.id) ?? API_PAGE_SIZE;
  let pages = await readView(assumed);
  const echoed = echoedSize(pages[0]?.data as PageBody);
  if (echoed !== assumed) {
    apiPageSizes.set(op.id, echoed);
    pages = await readView(echoed);
  }
  const body = viewPageOf(
    view,
    pages.map((p) => p.data as PageBody),
  );
  return { ...mergeSources(pages), data: body };
}

/** Cache entries for the records of a list page, under the keys their own reads use. */
function relatedItems(itemOp: ItemOperation): (data: unknown) => Related[] {
  const { cache, path } = OPERATIONS[itemOp];
  const [param = 'id'] = paramNames(path);
  return (data) =>
    // At most one API page's worth: an over-long answer is not worth caching record by record.
    (data as PageBody).data.slice(0, API_PAGE_SIZE).flatMap((record) => {
      const id = record.id;
      if (typeof id !== 'string' || !isSendableSegment(id)) return [];
      return [{ op: itemOp, cacheClass: cache, params: { path: { [param]: id } }, data: record }];
    });
}
