/**
 * Hosted mode's Apis: one per linked token, kept in a bounded map (a replaced token gets a new Api,
 * an evicted or replaced one is closed). The API's limits are the token's: servers linked to the
 * same token share one Api and one set of counters, kept to the strictest of the limits every
 * server linked to it chose, as the store has them (see `strictest`): every process applies them
 * from its first read, whichever server reads first. The month's count is kept in the store too
 * (its allowance ledger), so losing Redis or the counters file does not restart the month.
 */
import { type ApiCache, communityPrefix } from '../api/cache.js';
import { createApi } from '../api/client.js';
import type { MonthLedger } from '../api/limits/limits.js';
import type { AnswerArchive } from '../api/saved.js';
import type { Api } from '../api/types.js';
import type { Config } from '../base/config.js';
import { type LimitSpec, parseLimits } from '../base/limits-spec.js';
import type { Logger } from '../base/log.js';
import type { Metrics } from '../ops/metrics.js';
// Values from the store's own modules, not its index: the index loads kysely and the database drivers.
import { tokenHash } from '../store/crypto.js';
import type { Store } from '../store/index.js';

/** Apis kept at once (one per linked token in use); the least recently used is closed first. */
const MAX_APIS = 200;

/**
 * The limits that keep every list at once: for each window (the month, or a span length) the
 * fewest requests any list allows; windows only some lists have are kept too. Month first, then
 * spans by length.
 */
export function strictest(lists: ReadonlyArray<readonly LimitSpec[]>): LimitSpec[] {
  const byWindow = new Map<number, LimitSpec>();
  for (const list of lists) {
    for (const spec of list) {
      const window = spec.window.kind === 'month' ? 0 : spec.window.seconds;
      const kept = byWindow.get(window);
      if (!kept || spec.points < kept.points) byWindow.set(window, spec);
    }
  }
  return [...byWindow.entries()].sort(([a], [b]) => a - b).map(([, spec]) => spec);
}

/**
 * Whether a token's answers are also kept in the store (src/api/saved.ts): those its limits have a
 * monthly allowance for, unless SAVED_ANSWERS_MAX_BYTES is 0.
 */
export function keepsAnswers(
  config: Pick<Config, 'SAVED_ANSWERS_MAX_BYTES'>,
  limits: readonly LimitSpec[],
): boolean {
  return config.SAVED_ANSWERS_MAX_BYTES > 0 && limits.some((spec) => spec.window.kind === 'month');
}

/**
 * The saved answers over the store, each community within `maxBytes`. `current` is the store when
 * open: a read never waits for it to open (it asks `open` to, and finds nothing this time); a write
 * waits for `open`.
 */
export function answerArchive(
  maxBytes: number,
  current: () => Store | undefined,
  open: () => Promise<Store>,
): AnswerArchive {
  return {
    async get(community, key, now) {
      const store = current();
      if (store) return store.answers.get(community, key, now);
      open().catch(() => undefined);
      return undefined;
    },
    save: async (community, answers) => (await open()).answers.save(community, answers, maxBytes),
  };
}

interface ApiPoolOptions {
  config: Config;
  logger: Logger;
  /** The store: asked for at each use, and open by the time anything is served. */
  store: () => Store;
  /** The shared cache (API data of every token, keyed by the token's hash). */
  cache: ApiCache;
  metrics?: Metrics | undefined;
  /** Aborted when Rollcall stops: every Api's calls still running end with its reason. */
  stop?: AbortSignal | undefined;
  /** Aborted when Rollcall begins to stop: reads waiting in line with a saved answer get it. */
  drain?: AbortSignal | undefined;
  maxApis?: number | undefined;
}

interface Entry {
  api: Api;
  /** Stops its reads' writes to the shared cache (its community forgotten): see `forget`. */
  fence: () => void;
  unwatch: () => void;
  /** The limits it keeps, as text (a change of the token's limits builds a new Api). */
  limits: string;
}

/** The Apis of the linked tokens, the least recently used closed beyond `maxApis`. */
export class ApiPool {
  /** By token hash; Map order is use order (a use moves the entry to the end). */
  private readonly apis = new Map<string, Entry>();
  /** The month's count of every token, in the store (see MonthLedger). */
  private readonly ledger: MonthLedger;
  /** The answers of every token with a monthly allowance, kept in the store too (see keepsAnswers). */
  private readonly answers: AnswerArchive;

  constructor(private readonly options: ApiPoolOptions) {
    const { store } = options;
    this.ledger = {
      used: (key, month) => store().allowance.used(key, month),
      raise: (key, month, used) => store().allowance.raise(key, month, used),
    };
    this.answers = answerArchive(options.config.SAVED_ANSWERS_MAX_BYTES, store, async () => store());
  }

  /**
   * The Api of a token, under the limits chosen by the servers linked to it (`limitsTexts`, API_LIMITS
   * form; the bot's own where one chose none). One per token: the limits are the strictest of them; a
   * change of them rebuilds the Api, which reads the same counters.
   */
  apiFor(token: string, limitsTexts: ReadonlyArray<string | undefined>): Api {
    const { config, logger, metrics } = this.options;
    const hash = tokenHash(token);
    const chosen = limitsTexts.map((text) => {
      const parsed = text === undefined ? undefined : parseLimits(text);
      return parsed?.ok ? parsed.limits : config.API_LIMITS;
    });
    const limits = strictest(chosen.length > 0 ? chosen : [config.API_LIMITS]);
    const limitsKey = limits.map((spec) => spec.text).join(',');
    const kept = this.apis.get(hash);
    if (kept) {
      this.apis.delete(hash);
      if (kept.limits === limitsKey) {
        this.apis.set(hash, kept);
        return kept.api;
      }
      void this.retire(kept);
    }
    const cache = fencedCache(this.options.cache);
    const api = createApi({ ...config, API_TOKEN: token, API_LIMITS: limits }, logger, {
      cache: cache.cache,
      ledger: this.ledger,
      ...(keepsAnswers(config, limits) ? { answers: this.answers } : {}),
      fetch: metrics?.apiFetch(config.API_BASE_URL),
      ...(this.options.stop ? { stop: this.options.stop } : {}),
      ...(this.options.drain ? { drain: this.options.drain } : {}),
    });
    const unwatch = metrics?.watchApi(api, token) ?? (() => undefined);
    this.apis.set(hash, { api, unwatch, fence: cache.fence, limits: limitsKey });
    const maxApis = this.options.maxApis ?? MAX_APIS;
    while (this.apis.size > maxApis) {
      const [oldest, entry] = this.apis.entries().next().value as [string, Entry];
      this.apis.delete(oldest);
      void this.retire(entry);
    }
    return api;
  }

  /** Drop the Api of a token (rejected by the API), so nothing keeps using it. */
  drop(token: string): void {
    const hash = tokenHash(token);
    const entry = this.apis.get(hash);
    if (!entry) return;
    this.apis.delete(hash);
    void this.retire(entry);
  }

  /**
   * The community (token hash) is forgotten (its last server deleted): its Api is closed, the reads
   * still in flight on it write nothing more to the cache, and the cache's entries of the token are
   * deleted (the store fences its own writes).
   */
  async forget(hash: string): Promise<void> {
    const entry = this.apis.get(hash);
    if (entry) {
      this.apis.delete(hash);
      entry.fence();
      void this.retire(entry);
    }
    await this.options.cache.forget?.(communityPrefix(hash));
  }

  async close(): Promise<void> {
    const entries = [...this.apis.values()];
    this.apis.clear();
    await Promise.all(entries.map((entry) => this.retire(entry)));
  }

  private async retire(entry: Entry): Promise<void> {
    entry.unwatch();
    await entry.api
      .close()
      .catch((error: unknown) => this.options.logger.warn({ err: error }, 'closing an Api failed'));
  }
}

/** The shared cache as one Api sees it, until `fence()`: then it reads and writes nothing. */
function fencedCache(shared: ApiCache): { cache: ApiCache; fence: () => void } {
  let fenced = false;
  const cache: ApiCache = {
    get backend() {
      return shared.backend;
    },
    healthy: () => shared.healthy(),
    get: async (key) => (fenced ? undefined : shared.get(key)),
    set: async (key, entry, ttlMs) => {
      if (!fenced) await shared.set(key, entry, ttlMs);
    },
    // The cache is shared: only the pool's owner closes it.
    close: async () => undefined,
  };
  return {
    cache,
    fence: () => {
      fenced = true;
    },
  };
}
