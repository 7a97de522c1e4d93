/**
 * The API client: typed reads of the 16 endpoints (openapi-fetch over the generated `paths`),
 * each through the cache policy (reader.ts) and the custom fetch (http.ts).
 */
import createClient from 'openapi-fetch';
import type { operations, paths } from '../../generated/api.js';
import type { Config } from '../config.js';
import type { Logger } from '../log.js';
import { tokenHash } from '../store/crypto.js';
import { type ApiCache, createCache } from './cache.js';
import { httpError } from './errors.js';
import { createHttp } from './http.js';
import { type AllowanceMark, createLimits, type Limits, type MonthLedger } from './limits/limits.js';
import { fileLimitStore, redisLimitStore } from './limits/store.js';
import { API_PAGE_SIZE, apiPagesFor, echoedSize, mergeSources, viewPageOf } from './pages.js';
import { type CacheClass, createReader, type Related } from './reader.js';
import { type AnswerArchive, createSavedAnswers } from './saved.js';
import type { Api, Fetched, PageQuery, ReadOptions, Resources } from './types.js';
import {
  checkPageQuery,
  checkPathParams,
  isSendableSegment,
  type PageBody,
  parseItemBody,
  parsePageBody,
} from './validate.js';

export interface ApiDeps {
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
  /**
   * Where the answers requests bought are also kept, and read back from when the cache has none
   * (the store's saved answers; see src/api/saved.ts). Unset: the cache alone.
   */
  answers?: AnswerArchive;
  /** Clock for cache ages, `fetchedAt`, calendar months and pacing (ms since epoch). */
  now?: () => number;
  /** How retries wait out their backoff (the budget queue always waits in real time). */
  sleep?: (ms: number) => Promise<void>;
  /** Backoff base for retries (default 250 ms); tests make it tiny. */
  retryBaseMs?: number;
  /** Aborted when Rollcall stops: API calls in flight end at once with its reason. */
  stop?: AbortSignal;
}

type Op = keyof operations;
/** The 200 body of an operation, from the generated types. */
type Ok<O extends Op> = operations[O]['responses'][200]['content']['application/json'];
type Send = (request: Request) => Promise<Response>;
/** One openapi-fetch call, asked for the raw text so we parse and check it ourselves. */
type Call<A> = (fetch: Send, args: A) => Promise<{ data?: string; error?: unknown; response: Response }>;
/** What one API page is read with: the page number and the same size under both names. */
type ApiPageQuery = { page: number; limit: number; pageSize: number };

/** The single-record read each list item can also answer (its cache entry is seeded from the list). */
interface ItemOf {
  op: Op;
  cacheClass: CacheClass;
  param: string;
}

/** Build the API layer for `config.API_TOKEN`. */
export function createApi(config: Config, logger: Logger, deps: ApiDeps = {}): Api {
  const token = config.API_TOKEN;
  if (token === '') throw new TypeError('createApi needs a token (config.API_TOKEN)');
  const hash = tokenHash(token);
  const now = deps.now ?? Date.now;
  const limits =
    deps.limits ??
    createLimits({
      specs: config.API_LIMITS,
      store: config.CACHE_URL
        ? redisLimitStore(config.CACHE_URL, logger)
        : fileLimitStore(config.DATA_DIR, hash, logger),
      logger,
      ...(deps.onAllowanceMark ? { onAllowanceMark: deps.onAllowanceMark } : {}),
      ...(deps.ledger ? { ledger: deps.ledger } : {}),
      monthSeconds: config.API_MONTH_SECONDS,
      now, // waits are on real timers (the counters keep real time), cut short when a caller gives up
    });
  const http = createHttp({
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
  });
  const cache = deps.cache ?? createCache(config, logger);
  const reader = createReader({
    cache,
    hash,
    logger,
    now,
    pace: () => limits.pace(hash),
    takeAccess: (kind) => limits.takeAccess(hash, kind),
    room: () => limits.room(hash),
    ...(deps.answers
      ? { saved: createSavedAnswers({ archive: deps.answers, community: hash, logger, now }) }
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
  // Every call passes its own `fetch` (openapi-fetch's per-request option) so that each attempt's
  // log line names the operation; the Authorization header is added here and nowhere else.
  const client = createClient<paths>({
    baseUrl: config.API_BASE_URL,
    headers: { Authorization: `Bearer ${token}` },
  });

  async function send<A>(op: Op, call: Call<A>, args: A): Promise<string | undefined> {
    const { data, error, response } = await call((request) => http.send(request, op), args);
    if (response.status >= 200 && response.status < 300) return data;
    throw httpError(response.status, error, token);
  }

  function item<O extends Op, P extends Record<string, string>>(
    op: O,
    cacheClass: CacheClass,
    path: P,
    options: ReadOptions | undefined,
    call: Call<P>,
  ): Promise<Fetched<Ok<O>>> {
    return reader.read({ op, cacheClass, params: { path } }, options, async () => {
      const body = parseItemBody(await send(op, call, checkPathParams(path)));
      return body as Ok<O>;
    });
  }

  /** API page sizes as the API echoes them, per list operation (100 unless it answers otherwise). */
  const apiPageSizes = new Map<Op, number>();

  /**
   * One view page of a list (`query.limit` items), cut from the API page(s) of API_PAGE_SIZE items
   * that hold it, so that one request serves many view pages. Each API page read also seeds the
   * cache entries of its records (`items`), so opening one of them needs no request.
   */
  async function list<O extends Op, P extends Record<string, string>>(
    op: O,
    cacheClass: CacheClass,
    path: P,
    query: PageQuery,
    options: ReadOptions | undefined,
    call: Call<{ path: P; query: ApiPageQuery }>,
    items?: ItemOf,
  ): Promise<Fetched<Ok<O>>> {
    const view = checkPageQuery(query);
    const related = items && relatedItems(items);
    const readApiPage = (page: number) =>
      reader.read(
        { op, cacheClass, params: { path, query: { page, limit: API_PAGE_SIZE } }, related },
        options,
        async () => {
          const apiQuery = { page, limit: API_PAGE_SIZE, pageSize: API_PAGE_SIZE };
          const body = await send(op, call, { path: checkPathParams(path), query: apiQuery });
          return parsePageBody(body, apiQuery);
        },
      );
    const readView = (size: number) => Promise.all(apiPagesFor(view, size).map(readApiPage));
    const assumed = apiPageSizes.get(op) ?? API_PAGE_SIZE;
    let pages = await readView(assumed);
    const echoed = echoedSize(pages[0]?.data as PageBody);
    if (echoed !== assumed) {
      apiPageSizes.set(op, echoed);
      pages = await readView(echoed);
    }
    const body = viewPageOf(
      view,
      pages.map((p) => p.data as PageBody),
    );
    return { ...mergeSources(pages), data: body as Ok<O> };
  }

  /** Cache entries for the records of a list page, under the keys their own reads use. */
  function relatedItems(items: ItemOf): (data: unknown) => Related[] {
    return (data) =>
      // At most one API page's worth: an over-long answer is not worth caching record by record.
      (data as PageBody).data.slice(0, API_PAGE_SIZE).flatMap((record) => {
        const id = record.id;
        if (typeof id !== 'string' || !isSendableSegment(id)) return [];
        return [
          {
            op: items.op,
            cacheClass: items.cacheClass,
            params: { path: { [items.param]: id } },
            data: record,
          },
        ];
      });
  }

  const resources: Resources = {
    listLoas: (query, o) =>
      list(
        'listLoas',
        'list',
        {},
        query,
        o,
        (fetch, a) => client.GET('/server/loas', { params: { query: a.query }, parseAs: 'text', fetch }),
        { op: 'getLoa', cacheClass: 'item', param: 'loaId' },
      ),
    getLoa: (loaId, o) =>
      item('getLoa', 'item', { loaId }, o, (fetch, path) =>
        client.GET('/server/loas/{loaId}', { params: { path }, parseAs: 'text', fetch }),
      ),
    listMemberLoas: (memberId, query, o) =>
      list(
        'listMemberLoas',
        'list',
        { memberId },
        query,
        o,
        (fetch, a) => client.GET('/server/loas/user/{memberId}', { params: a, parseAs: 'text', fetch }),
        { op: 'getLoa', cacheClass: 'item', param: 'loaId' },
      ),
    getLog: (logId, o) =>
      item('getLog', 'item', { logId }, o, (fetch, path) =>
        client.GET('/server/logs/{logId}', { params: { path }, parseAs: 'text', fetch }),
      ),
    listUserLogs: (username, query, o) =>
      list(
        'listUserLogs',
        'list',
        { username },
        query,
        o,
        (fetch, a) => client.GET('/server/logs/user/{username}', { params: a, parseAs: 'text', fetch }),
        { op: 'getLog', cacheClass: 'item', param: 'logId' },
      ),
    listAuditLogs: (query, o) =>
      list('listAuditLogs', 'list', {}, query, o, (fetch, a) =>
        client.GET('/server/audit-logs', { params: { query: a.query }, parseAs: 'text', fetch }),
      ),
    listShifts: (query, o) =>
      list(
        'listShifts',
        'list',
        {},
        query,
        o,
        (fetch, a) => client.GET('/server/shifts', { params: { query: a.query }, parseAs: 'text', fetch }),
        { op: 'getShift', cacheClass: 'item', param: 'shiftId' },
      ),
    getShift: (shiftId, o) =>
      item('getShift', 'item', { shiftId }, o, (fetch, path) =>
        client.GET('/server/shifts/{shiftId}', { params: { path }, parseAs: 'text', fetch }),
      ),
    listRoles: (query, o) =>
      list(
        'listRoles',
        'stable',
        {},
        query,
        o,
        (fetch, a) => client.GET('/server/roles', { params: { query: a.query }, parseAs: 'text', fetch }),
        { op: 'getRole', cacheClass: 'stable', param: 'roleId' },
      ),
    getRole: (roleId, o) =>
      item('getRole', 'stable', { roleId }, o, (fetch, path) =>
        client.GET('/server/roles/{roleId}', { params: { path }, parseAs: 'text', fetch }),
      ),
    listMembers: (query, o) =>
      list(
        'listMembers',
        'list',
        {},
        query,
        o,
        (fetch, a) => client.GET('/server/members', { params: { query: a.query }, parseAs: 'text', fetch }),
        { op: 'getMember', cacheClass: 'item', param: 'memberId' },
      ),
    getMember: (memberId, o) =>
      item('getMember', 'item', { memberId }, o, (fetch, path) =>
        client.GET('/server/members/{memberId}', { params: { path }, parseAs: 'text', fetch }),
      ),
    getMemberByChatId: (chatId, o) =>
      item('getMemberByChatId', 'item', { chatId }, o, (fetch, path) =>
        client.GET('/server/members/chat/{chatId}', { params: { path }, parseAs: 'text', fetch }),
      ),
    listApplications: (query, o) =>
      list(
        'listApplications',
        'stable',
        {},
        query,
        o,
        (fetch, a) =>
          client.GET('/server/applications', { params: { query: a.query }, parseAs: 'text', fetch }),
        { op: 'getApplication', cacheClass: 'stable', param: 'applicationId' },
      ),
    getApplication: (applicationId, o) =>
      item('getApplication', 'stable', { applicationId }, o, (fetch, path) =>
        client.GET('/server/applications/{applicationId}', { params: { path }, parseAs: 'text', fetch }),
      ),
    getJoinRequest: (userId, o) =>
      item('getJoinRequest', 'item', { userId }, o, (fetch, path) =>
        client.GET('/server/join-requests/{userId}', { params: { path }, parseAs: 'text', fetch }),
      ),
  };

  let closing: Promise<void> | undefined;
  return {
    resources,
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
