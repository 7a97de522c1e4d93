/**
 * Hosted mode's tenants: which community each Discord server reads, from the store.
 *
 * The tenant of an interaction comes only from its server id: the server's stored credential, and
 * the Api built for that credential's token (one per token, kept in a bounded map; a replaced token
 * gets a new Api, an evicted or replaced one is closed). The API's limits are the token's: servers
 * linked to the same token share one Api and one set of counters, kept to the strictest of the
 * limits every server linked to it chose, as the store has them (see `strictest`): every process
 * applies them from its first read, whichever server reads first. The month's count is kept in the
 * store too (its allowance ledger), so losing Redis or the counters file does not restart the month.
 * A 401 from the API makes the token suspect: its servers are refused without a read until one read,
 * at least REJECTION_CONFIRM_MS later, confirms it (their credentials are then marked invalid, not
 * used again until an admin links a token anew) or clears it (see `guarded`). Meanwhile they are told
 * when Rollcall tries the token again, and that an admin needs to act only if it is rejected then. The store failing
 * never falls back to anything: moderators are told the database is unreachable.
 */
import type { Links, TokenCheck } from '../../commands/admin/command.js';
import { within } from '../api/abort.js';
import type { ApiCache } from '../api/cache.js';
import { createApi } from '../api/client.js';
import { isApiError, NoRoomError } from '../api/errors.js';
import type { MonthLedger } from '../api/limits/limits.js';
import { type LimitSpec, parseLimits } from '../api/limits/spec.js';
import type { AnswerArchive } from '../api/saved.js';
import { tokenHash } from '../api/token.js';
import type { Api, Fetched, Resources } from '../api/types.js';
import type { Config } from '../config.js';
import { createAccessGuard } from '../discord/access.js';
import { say, UserError } from '../discord/replies.js';
import type { Logger } from '../log.js';
import type { Metrics } from '../ops/metrics.js';
// Values from the store's own modules, not its index: the index loads kysely and the database drivers.
import { tokenFingerprint } from '../store/crypto.js';
import { StoreError } from '../store/errors.js';
import type { CredentialInfo, Store } from '../store/index.js';
import { defaultSettings, type GuildSettings } from '../store/settings.js';
import type { Community } from './community.js';
import { createDirectory, DirectoryMemory, remembering } from './directory.js';

/** Apis kept at once (one per linked token in use); the least recently used is closed first. */
export const MAX_APIS = 200;

/** The longest community id kept with a link (the store's column holds 64 characters). */
export const MAX_COMMUNITY_ID = 64;

/** How long a credential lookup may take before moderators are told the database is not answering. */
export const LOOKUP_TIMEOUT_MS = 2_000;

/**
 * How far apart two rejected reads must start for a token to be marked invalid. The API answers a
 * burst of 401s now and then (and suspends tokens that keep failing), so one burst proves nothing;
 * meanwhile no request goes out for the token, and one read after this long confirms or clears it.
 */
export const REJECTION_CONFIRM_MS = 60_000;

/**
 * What the store says a server reads: its credential's reads, allowance and the server's settings
 * (the hosted adapter, src/community/communities.ts, adds its reports and paging arguments).
 */
export type LinkedCommunity = Omit<Community, 'reports' | 'state'>;

export interface Tenants extends Links {
  /** The server's tenant; a UserError with the sentence refusing the server when it has none. */
  resolve(guildId: string): Promise<LinkedCommunity>;
  /** One read (roles, page 1, 100 a page, never from the cache; no retry on 401/403). */
  check(token: string, guildId: string): Promise<TokenCheck>;
  /** The server's linked credential, without its token. */
  describe(guildId: string): Promise<CredentialInfo | undefined>;
  /** Save the token for the server (after `check`); resolves once the store committed it. */
  link(
    guildId: string,
    token: string,
    linkedBy: string,
    communityId: string | undefined,
  ): Promise<CredentialInfo>;
  /** Forget the server: its credential and settings. */
  forget(guildId: string): Promise<void>;
  close(): Promise<void>;
}

export interface TenantOptions {
  config: Config;
  logger: Logger;
  /** The store: asked for at each use, and open by the time anything is served (the adapter opens it at start). */
  store: () => Store;
  /** The shared cache (API data of every token, keyed by the token's hash). */
  cache: ApiCache;
  metrics?: Metrics;
  /** Aborted when Rollcall stops: every Api's calls still running end with its reason. */
  stop?: AbortSignal;
  maxApis?: number;
  /** The clock of the 401 rule (tests; default Date.now). */
  now?: () => number;
}

interface Entry {
  api: Api;
  unwatch: () => void;
  /** The limits it keeps, as text (a change of the token's limits builds a new Api). */
  limits: string;
}

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

/** What is left of `api`'s month (none when it has no monthly limit), with when room comes back. */
async function monthLeft(api: Api, nextFreshAt: number) {
  const month = (await api.limitStatus()).find((status) => status.kind === 'month');
  return { nextFreshAt, left: month?.left ?? 0, points: month?.points ?? 0 };
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
    async get(tenant, key, now) {
      const store = current();
      if (store) return store.answers.get(tenant, key, now);
      open().catch(() => undefined);
      return undefined;
    },
    save: async (tenant, answers) => (await open()).answers.save(tenant, answers, maxBytes),
  };
}

export function createTenants(options: TenantOptions): Tenants {
  const { config, logger, store } = options;
  const maxApis = options.maxApis ?? MAX_APIS;
  /** By token hash; Map order is use order (a use moves the entry to the end). */
  const apis = new Map<string, Entry>();
  /** What this process saw of every community's directory. */
  const directoryMemory = new DirectoryMemory();
  /** The month's count of every token, in the store (see MonthLedger). */
  const ledger: MonthLedger = {
    used: (key, month) => store().allowance.used(key, month),
    raise: (key, month, used) => store().allowance.raise(key, month, used),
  };
  /** The answers of every token with a monthly allowance, kept in the store too (see keepsAnswers). */
  const answers = answerArchive(config.SAVED_ANSWERS_MAX_BYTES, store, async () => store());

  /**
   * The Api of a token, under the limits chosen by the servers linked to it (`limitsTexts`, API_LIMITS
   * form; the bot's own where one chose none). One per token: the limits are the strictest of them; a
   * change of them rebuilds the Api, which reads the same counters.
   */
  function apiFor(token: string, limitsTexts: ReadonlyArray<string | undefined>): Api {
    const hash = tokenHash(token);
    const chosen = limitsTexts.map((text) => {
      const parsed = text === undefined ? undefined : parseLimits(text);
      return parsed?.ok ? parsed.limits : config.API_LIMITS;
    });
    const limits = strictest(chosen.length > 0 ? chosen : [config.API_LIMITS]);
    const limitsKey = limits.map((spec) => spec.text).join(',');
    const kept = apis.get(hash);
    if (kept) {
      apis.delete(hash);
      if (kept.limits === limitsKey) {
        apis.set(hash, kept);
        return kept.api;
      }
      void retire(kept);
    }
    const api = createApi({ ...config, API_TOKEN: token, API_LIMITS: limits }, logger, {
      cache: options.cache,
      ledger,
      ...(keepsAnswers(config, limits) ? { answers } : {}),
      fetch: options.metrics?.apiFetch(config.API_BASE_URL),
      ...(options.stop ? { stop: options.stop } : {}),
    });
    const unwatch = options.metrics?.watchApi(api, token) ?? (() => undefined);
    apis.set(hash, { api, unwatch, limits: limitsKey });
    while (apis.size > maxApis) {
      const [oldest, entry] = apis.entries().next().value as [string, Entry];
      apis.delete(oldest);
      void retire(entry);
    }
    return api;
  }

  async function retire(entry: Entry): Promise<void> {
    entry.unwatch();
    await entry.api.close().catch((error: unknown) => logger.warn({ err: error }, 'closing an Api failed'));
  }

  /** Drop the Api of a token (rejected by the API), so nothing keeps using it. */
  function dropToken(token: string): void {
    const hash = tokenHash(token);
    const entry = apis.get(hash);
    if (!entry) return;
    apis.delete(hash);
    void retire(entry);
  }

  /**
   * A token the API rejected once (by token hash), not yet confirmed. Kept in this process's memory:
   * another process of the same bot learns of the rejection from its own reads.
   */
  interface Suspicion {
    /** When the first 401 was seen. */
    since: number;
    /** A read is out to confirm or clear it: the others are still refused. */
    probing: boolean;
    /** The servers refused meanwhile: marked invalid with the reading one on confirmation. */
    guilds: Set<string>;
  }
  const suspected = new Map<string, Suspicion>();
  const now = options.now ?? Date.now;

  /**
   * The reads of one server. A 401 makes the token suspect (`rejected`): from then on its servers
   * are told the token was rejected without a request, until REJECTION_CONFIRM_MS have passed; then
   * one read goes out, and a second 401 marks the credentials invalid while an answer clears it.
   */
  function guarded(guildId: string, token: string, api: Api): Resources {
    const hash = tokenHash(token);
    const wrapped = {} as Record<string, unknown>;
    for (const [name, read] of Object.entries(api.resources) as [
      string,
      (...a: unknown[]) => Promise<Fetched<unknown>>,
    ][]) {
      wrapped[name] = async (...args: unknown[]) => {
        const startedAt = now();
        const suspicion = suspected.get(hash);
        if (suspicion) {
          suspicion.guilds.add(guildId);
          // Within the wait, or while the one confirming read is out: no request, so no further strike.
          if (suspicion.probing || startedAt - suspicion.since < REJECTION_CONFIRM_MS) {
            throw held(suspicion, startedAt);
          }
          suspicion.probing = true;
        }
        try {
          const result = await read(...args);
          // Only an answer the API gave now speaks for the token; a saved one leaves it suspect.
          if (suspicion && !result.fromCache && suspected.get(hash) === suspicion) {
            suspected.delete(hash);
            logger.info({ guild: guildId }, "the API accepts this server's token again; no longer suspect");
          }
          return result;
        } catch (error) {
          if (isApiError(error) && error.kind === 'http' && error.status === 401) {
            const stillHeld = await rejected(guildId, token, startedAt);
            throw stillHeld ? held(stillHeld, now()) : new UserError(say.tokenRejected);
          }
          throw error;
        } finally {
          if (suspicion) suspicion.probing = false;
        }
      };
    }
    return wrapped as unknown as Resources;
  }

  /**
   * The sentence for a read refused while `suspicion` holds the token: no admin needs to act yet;
   * Rollcall tries the token again at the end of the wait (or now, when that has passed: the
   * confirming read is out), and only a rejection then asks an admin for a new token.
   */
  function held(suspicion: Suspicion, at: number): UserError {
    const retryAt = Math.max(at, suspicion.since + REJECTION_CONFIRM_MS);
    return new UserError(say.tokenHeld(Math.ceil(retryAt / 1000)));
  }

  /**
   * A 401 to a read of `guildId` started at `startedAt`: the first makes the token suspect; one to a
   * read started REJECTION_CONFIRM_MS or more after that confirms it, and every server refused
   * meanwhile has its credential marked invalid. Reads of the same burst change nothing. Returns the
   * suspicion while the token is only suspect; undefined once it is confirmed (marked invalid).
   */
  async function rejected(guildId: string, token: string, startedAt: number): Promise<Suspicion | undefined> {
    const hash = tokenHash(token);
    const suspicion = suspected.get(hash);
    if (!suspicion) {
      const first = { since: now(), probing: false, guilds: new Set([guildId]) };
      suspected.set(hash, first);
      logger.warn(
        { guild: guildId },
        "the API rejected this server's token (401); refused until a later read confirms it",
      );
      return first;
    }
    suspicion.guilds.add(guildId);
    if (startedAt - suspicion.since < REJECTION_CONFIRM_MS) return suspicion;
    suspected.delete(hash);
    logger.warn({ guild: guildId }, "the API rejected this server's token again (401); it is marked invalid");
    dropToken(token);
    await Promise.all(
      [...suspicion.guilds].map((guild) =>
        store()
          .markInvalid(guild)
          .catch((error: unknown) => {
            logger.error({ err: error, guild }, 'could not mark the rejected token invalid');
          }),
      ),
    );
    return undefined;
  }

  function lookup(guildId: string) {
    return within(
      Promise.all([
        store().getCredential(guildId),
        store().getSettings(guildId),
        store().allowance.tokenLimits({ guildId }),
      ]),
      LOOKUP_TIMEOUT_MS,
      () => {
        throw new StoreError('unavailable', 'the credential lookup timed out');
      },
    );
  }

  /**
   * The settings an admin sees and changes: when the stored ones do not validate, the defaults, so
   * that saving writes a valid row (moderators are refused until then).
   */
  async function adminSettings(guildId: string): Promise<GuildSettings> {
    try {
      return await store().getSettings(guildId);
    } catch (error) {
      if (error instanceof StoreError && error.code === 'settings') return defaultSettings();
      throw error;
    }
  }

  async function resolve(guildId: string): Promise<LinkedCommunity> {
    let credential: Awaited<ReturnType<Store['getCredential']>>;
    let settings: GuildSettings;
    let tokenLimits: (string | undefined)[];
    try {
      [credential, settings, tokenLimits] = await lookup(guildId);
    } catch (error) {
      if (error instanceof StoreError && error.code === 'settings') {
        logger.warn({ guild: guildId, err: error }, "this server's stored settings do not validate");
        throw new UserError(say.settingsUnreadable);
      }
      if (error instanceof StoreError && error.code === 'unreadable') {
        logger.warn({ guild: guildId, err: error }, "this server's stored token does not open");
        throw new UserError(say.tokenUnreadable);
      }
      logger.warn({ guild: guildId, err: error }, 'the store did not answer');
      throw new UserError(say.storeUnavailable);
    }
    if (!credential) throw new UserError(say.notLinked);
    if (credential.invalidAt) throw new UserError(say.tokenRejected);
    const api = apiFor(credential.token, tokenLimits);
    const key = tokenHash(credential.token);
    // Who is who in this community, kept under the token's hash like its snapshot; every member read
    // for a Discord user (the access checks' included) feeds it.
    const directory = createDirectory({
      tenant: key,
      store: async () => store().directory,
      memory: directoryMemory,
      logger,
    });
    const resources = remembering(guarded(guildId, credential.token, api), directory);
    const guard = createAccessGuard({
      requireMember: config.ACCESS_REQUIRE_MEMBER,
      roleIds: settings.accessRoleIds,
      discordRoleIds: settings.accessDiscordRoleIds,
      maxAgeMs: config.ACCESS_MAX_AGE_SECONDS * 1000,
      graceMs: config.ACCESS_GRACE_SECONDS * 1000,
      resources,
      logger,
    });
    return {
      key,
      guildId,
      resources,
      directory,
      // The Api itself: its stats and limits for /rollcall status, its month's holds for whole-list reads.
      allowance: api,
      defaultPublic: settings.defaultVisibility === 'public',
      labels: settings.labels,
      accessRoleIds: settings.accessRoleIds,
      guard: (interaction) => guard(interaction),
    };
  }

  return {
    resolve,
    async check(token, guildId) {
      // Under the limits its reads will have once linked: the server's own and those of every server
      // already linked to the token, so the check counts where the later reads do. A store that cannot
      // say which they are refuses the check (its StoreError is the admin's "store unavailable"): a read
      // under the bot's defaults could spend past a stricter month another server set.
      const [own, linked] = await Promise.all([
        store().getSettings(guildId),
        store().allowance.tokenLimits({ fingerprint: tokenFingerprint(token) }),
      ]);
      const api = apiFor(token, [own?.apiLimits, ...linked]);
      try {
        // Spent from the month like any read, whatever the pace: only the API can say whether the
        // token works now. Refused (NoRoomError) only when nothing is left above the reserve.
        const roles = await api.resources.listRoles({ page: 1, limit: 100 }, { fresh: true, check: true });
        if (roles.stale) return { ok: false, reason: 'unavailable' };
        // A saved answer (the month spent meanwhile) says nothing of the token now.
        if (roles.saving)
          return { ok: false, reason: 'saving', ...(await monthLeft(api, roles.saving.nextFreshAt)) };
        if (roles.fromCache) return { ok: false, reason: 'unavailable' };
        const serverId: unknown = roles.data.data[0]?.serverId;
        return {
          ok: true,
          // Only an id the store can keep (an odd one is API data: the link does not depend on it).
          communityId:
            typeof serverId === 'string' && serverId !== '' && serverId.length <= MAX_COMMUNITY_ID
              ? serverId
              : undefined,
          roleCount: roles.data.total ?? roles.data.data.length,
        };
      } catch (error) {
        // Rollcall is stopping (no request while it drains): the admin is told so.
        if (error instanceof UserError) throw error;
        if (error instanceof NoRoomError) {
          return {
            ok: false,
            reason: 'saving',
            nextFreshAt: error.nextAt,
            left: error.left,
            points: error.points,
          };
        }
        if (isApiError(error) && error.kind === 'http' && error.status === 401) {
          dropToken(token);
          return { ok: false, reason: 'rejected' };
        }
        if (isApiError(error) && error.kind === 'http' && error.status === 403) {
          return { ok: false, reason: 'forbidden' };
        }
        logger.warn({ err: error }, 'checking a token failed');
        return { ok: false, reason: 'unavailable' };
      }
    },
    describe: (guildId) => store().describeCredential(guildId),
    settings: (guildId) => adminSettings(guildId),
    async saveSettings(guildId, change) {
      if (change.apiLimits !== undefined) {
        const parsed = parseLimits(change.apiLimits);
        // The problem quotes what the admin typed: the sentence makes it text, not markup.
        if (!parsed.ok) throw new UserError(say.badLimits(parsed.error));
      }
      const current = await adminSettings(guildId);
      const next = { ...current, ...change };
      if (next.apiLimits === undefined) delete next.apiLimits;
      return store().saveSettings(guildId, next);
    },
    async roles(guildId) {
      const tenant = await resolve(guildId);
      const page = await tenant.resources.listRoles({ page: 1, limit: 100 });
      return page.data.data.map((role) => ({
        id: role.id,
        name: role.name ?? role.id,
        linkedChatRoleId: role.linkedChatRoleId,
      }));
    },
    link(guildId, token, linkedBy, communityId) {
      // The server's limits count for its new token from its next read on (the store says so).
      return store().saveCredential(guildId, { token, linkedBy, ...(communityId ? { communityId } : {}) });
    },
    async forget(guildId) {
      await store().deleteGuild(guildId);
    },
    async close() {
      const entries = [...apis.values()];
      apis.clear();
      await Promise.all(entries.map(retire));
    },
  };
}
