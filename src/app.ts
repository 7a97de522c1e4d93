/**
 * Wires Rollcall together: config → logger → cache → API → views and commands → Discord client.
 * `main.ts` runs it as a process; end-to-end tests run it in-process against the local doubles.
 *
 * Two modes: single-community (API_TOKEN set: one Api, answering in DISCORD_GUILD_ID's servers
 * only) and hosted (no API_TOKEN: each server's admin links a token with /rollcall-admin setup; the
 * store keeps it sealed and each interaction reads with the Api of its own server's token).
 */
import { readFileSync } from 'node:fs';
import { type Client, Routes, Status } from 'discord.js';
import { createAdminHandler } from '../commands/admin/index.js';
import { withRollcall } from '../commands/index.js';
import { userMenus } from '../commands/user-menus.js';
import { type ApiCache, createCache } from './api/cache.js';
import { createApi } from './api/client.js';
import { lockDataDir } from './api/limits/store.js';
import { tokenHash } from './api/token.js';
import type { AllowanceMark, Api } from './api/types.js';
import { createTenants, type Tenants } from './community/hosted.js';
import { type Config, isHosted } from './config.js';
import { createAccessGuard } from './discord/access.js';
import { allowanceAlerts } from './discord/alerts.js';
import { type Bot, createBot } from './discord/bot.js';
import type { Command } from './discord/command.js';
import { type KeyValue, StateStore } from './discord/paging/state.js';
import { ViewRegistry } from './discord/paging/views.js';
import { MESSAGES, UserError } from './discord/replies.js';
import { fixedTenant, type TenantResolver } from './discord/router.js';
import type { Logger } from './log.js';
import { createHealthServer, type HealthServer } from './ops/health.js';
import { Metrics } from './ops/metrics.js';
import {
  createDigestScheduler,
  type DigestScheduler,
  discordPoster,
  environmentDigest,
  readDigestSettings,
} from './reports/digest-scheduler.js';
import { SnapshotMemory, snapshotSource } from './reports/snapshots.js';
import { bindReports, type ReportData, type ReportSettings, readReportSettings } from './reports/source.js';
// The store (kysely with the PostgreSQL and SQLite drivers) loads when first opened: single-community
// mode opens it only for a report, and most processes never make one.
import type { Store } from './store/index.js';

export interface App {
  bot: Bot;
  /** The one Api of single-community mode (hosted mode has one per server: reading this throws). */
  api: Api;
  /** The cache behind the API and the control state (tests read its counters). */
  cache: ApiCache;
  /** Hosted mode: the servers' tenants and the store (the store is open once `start` resolved). */
  tenants: Tenants | undefined;
  store(): Store | undefined;
  commands: Command[];
  /** The health and metrics listener, when HEALTH_PORT is set (and the app serves it itself). */
  health: HealthServer | undefined;
  /** The process's metrics, when HEALTH_PORT is set (a shard hands them to the manager). */
  metrics: Metrics | undefined;
  /**
   * The scheduled digests' scheduler (started by `start`, stopped by `stop`): hosted mode, or
   * single-community mode with DIGEST_CHANNEL_ID.
   */
  digests: DigestScheduler | undefined;
  start(): Promise<void>;
  /**
   * Finish in-flight interactions, disconnect from Discord and close the cache, all within
   * `graceMs` (default SHUTDOWN_GRACE_MS): API calls still running near its end are aborted and their
   * interactions answered with the restarting sentence.
   */
  stop(graceMs?: number): Promise<void>;
}

/** The package version, read once (from src/ when run by tsx, from dist/src/ when built). */
export const VERSION = readVersion();

function readVersion(): string {
  for (const path of ['../package.json', '../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === 'rollcall' && pkg.version) return pkg.version;
    } catch {
      // not at this level; try the next
    }
  }
  return 'unknown';
}

/** Short-lived control state kept in the same cache as API data (Redis when configured). */
function stateKeyValue(cache: ApiCache): KeyValue {
  return {
    async get(key) {
      const entry = await cache.get(`rollcall:v1:${key}`);
      return entry && 'data' in entry ? entry.data : undefined;
    },
    set: (key, value, ttlMs) =>
      cache.set(`rollcall:v1:${key}`, { data: value, fetchedAt: Date.now() }, ttlMs),
  };
}

/** `openStore`, its module (and the database drivers) loaded at the first call. */
const openStoreLazily: typeof import('./store/index.js').openStore = async (options) =>
  (await import('./store/index.js')).openStore(options);

/** Of the grace period, what is kept after the bot's part for closing the API layer and the cache. */
const CLOSE_RESERVE_MS = 1_000;

/** `work`, or nothing once `ms` have passed. */
async function within(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, ms))))]);
  clearTimeout(timer);
}

export interface AppOptions {
  /**
   * Whether the app listens on HEALTH_PORT itself (default true). A shard process under the
   * manager does not: the manager listens and asks each shard for its readiness and metrics.
   */
  serveHealth?: boolean;
  /** The clock of the scheduled digests (tests; default Date.now). */
  now?: () => number;
}

export function createApp(config: Config, logger: Logger, options: AppOptions = {}): App {
  const hosted = isHosted(config);
  const cache = createCache(config, logger);
  const metrics = config.HEALTH_PORT === undefined ? undefined : new Metrics();
  // Aborted when stopping: the API calls still running end with the restarting sentence.
  const stopping = new AbortController();
  const abortApi = () => stopping.abort(new UserError(MESSAGES.restarting));
  // Allowance alerts go out through the bot, which is built after the API.
  let alert: ((mark: AllowanceMark) => void) | undefined;
  // Hosted mode: the store is opened by start(); nothing is served before.
  let store: Store | undefined;
  let unlockDataDir: (() => void) | undefined;
  const api = hosted
    ? undefined
    : createApi(config, logger, {
        cache,
        fetch: metrics?.apiFetch(config.API_BASE_URL),
        stop: stopping.signal,
        onAllowanceMark: (mark) => alert?.(mark),
        // The reports' store keeps the month's count too (a lost counters file or an emptied Redis
        // then does not start the month again): opened at the first request if nothing opened it.
        ledger: {
          used: async (key, month) => (await ledgerStore()).allowance.used(key, month),
          raise: async (key, month, used) => (await ledgerStore()).allowance.raise(key, month, used),
        },
      });
  const tenants = hosted
    ? createTenants({
        config,
        logger,
        store: new Proxy({} as Store, {
          get(_target, name) {
            if (!store) throw new Error('the store is not open yet');
            const value = store[name as keyof Store];
            return typeof value === 'function' ? value.bind(store) : value;
          },
        }),
        cache,
        stop: stopping.signal,
        ...(metrics ? { metrics } : {}),
      })
    : undefined;
  const startedAt = Date.now();
  const commands = withRollcall((resources) => {
    const serving = api ?? tenants?.apiOf(resources);
    if (!serving) throw new Error('/rollcall status: no Api behind these reads');
    return { version: VERSION, stats: serving.stats(), limits: serving.limitStatus, startedAt };
  });
  const views = new ViewRegistry();
  for (const command of commands) views.register(...command.views);
  const tenant: TenantResolver = api
    ? fixedTenant(config.DISCORD_GUILD_ID, {
        key: '',
        resources: api.resources,
        holdMonth: api.holdMonth,
        guard: createAccessGuard({
          requireMember: config.ACCESS_REQUIRE_MEMBER,
          roleIds: config.ACCESS_ROLE_IDS,
          discordRoleIds: config.ACCESS_DISCORD_ROLE_IDS,
          maxAgeMs: config.ACCESS_MAX_AGE_SECONDS * 1000,
          resources: api.resources,
          logger,
        }),
      })
    : (guildId) => (tenants as Tenants).resolve(guildId);
  // Reports: each resolved tenant's reads are bound to its community's snapshot in the store (in
  // single-community mode the store is opened at the first report: SQLite under DATA_DIR, or
  // DATABASE_URL).
  let reportStore: Promise<Store> | undefined;
  const snapshotStore = async () => {
    if (store) return store.snapshots;
    if (hosted) throw new Error('the store is not open yet');
    reportStore ??= openStoreLazily({
      ...(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.DATA_DIR }),
      onBackgroundError: (error) => logger.warn({ err: error }, 'database connection lost'),
    }).then(
      (opened) => {
        store = opened;
        return opened;
      },
      (error: unknown) => {
        reportStore = undefined;
        throw error;
      },
    );
    return (await reportStore).snapshots;
  };
  /** The store for the month's count (single-community mode); a failed open is not retried for a minute. */
  let ledgerRetryAt = 0;
  const ledgerStore = async (): Promise<Store> => {
    if (store) return store;
    if (Date.now() < ledgerRetryAt) throw new Error('the store did not open');
    try {
      await snapshotStore();
    } catch (error) {
      ledgerRetryAt = Date.now() + 60_000;
      throw error;
    }
    if (!store) throw new Error('the store did not open');
    return store;
  };
  const refreshing = new Map<string, Promise<ReportData>>();
  const remembered = new SnapshotMemory(config.REPORTS_MEMORY_MAX_BYTES);
  const reportDefaults: ReportSettings = {
    timeZone: config.REPORTS_TIME_ZONE,
    weekStart: config.REPORTS_WEEK_START,
    quotas: hosted ? {} : config.REPORTS_QUOTAS,
  };
  const reportTenant: TenantResolver = async (guildId) => {
    const resolved = await tenant(guildId);
    if (typeof resolved === 'string') return resolved;
    bindReports(
      resolved.resources,
      snapshotSource(
        {
          tenant: resolved.key || tokenHash(config.API_TOKEN),
          resources: resolved.resources,
          store: snapshotStore,
          freshMs: config.CACHE_TTL_LIST_SECONDS * 1000,
          logger,
          defaults: reportDefaults,
          ...(hosted ? { guildId } : {}),
        },
        refreshing,
        remembered,
      ),
    );
    return resolved;
  };
  const bot = createBot({
    token: config.DISCORD_TOKEN,
    restApiUrl: config.DISCORD_API_URL,
    commands,
    userMenus,
    views,
    state: new StateStore(stateKeyValue(cache)),
    logger,
    tenant: reportTenant,
    ...(tenants
      ? {
          admin: createAdminHandler(tenants, logger, {
            get: async (guildId) =>
              readReportSettings(await (await snapshotStore()).reportSettings(guildId), reportDefaults),
            save: async (guildId, settings) => {
              await (await snapshotStore()).saveReportSettings(guildId, settings);
              // The digest's next instant was worked out in the old time zone: due at the next round.
              await (store as Store).digests.schedule(guildId, 0);
            },
            roles: (guildId) => tenants.roles(guildId),
            digest: {
              async get(guildId) {
                const saved = await (store as Store).digests.get(guildId);
                return { settings: readDigestSettings(saved?.settings), problem: saved?.problem };
              },
              save: async (guildId, settings) =>
                settings === undefined
                  ? (store as Store).digests.remove(guildId)
                  : (store as Store).digests.save(guildId, settings),
            },
          }),
          onGuildLeft: async (guildId: string) => {
            try {
              await tenants.forget(guildId);
              logger.info({ guild: guildId }, 'removed from a server; its token and settings are deleted');
            } catch (error) {
              logger.error({ err: error, guild: guildId }, 'could not delete the token of a server left');
            }
          },
        }
      : {}),
    onOutcome: metrics?.interaction,
  });
  // Scheduled digests (see src/reports/digest-scheduler.ts): hosted mode, each server's admins set theirs; single-
  // community mode, the environment's one (DIGEST_CHANNEL_ID), its runs claimed in the store that
  // reports open (start opens it).
  const fromEnvironment =
    !hosted && config.DIGEST_CHANNEL_ID
      ? environmentDigest({
          settings: {
            channelId: config.DIGEST_CHANNEL_ID,
            ...config.DIGEST_SCHEDULE,
            reports: config.DIGEST_REPORTS,
          },
          guildIds: config.DISCORD_GUILD_ID,
          // Asked of Discord's REST API, not the client's cache: a shard process does not hold the
          // servers of other shards, whose channels discord.js would not build (a false "channel
          // gone"). A server not on this shard is then skipped by `owns`, as in hosted mode.
          guildOf: async (channelId) => {
            const raw = (await bot.client.rest.get(Routes.channel(channelId)).catch(() => null)) as {
              guild_id?: unknown;
            } | null;
            return typeof raw?.guild_id === 'string' ? raw.guild_id : undefined;
          },
          logger,
          ...(options.now ? { now: options.now } : {}),
        })
      : undefined;
  const scheduled = {
    poster: discordPoster(bot.client, reportTenant),
    owns: (guildId: string) => bot.client.guilds.cache.has(guildId),
    logger,
    monthSeconds: config.API_MONTH_SECONDS,
    ...(options.now ? { now: options.now } : {}),
  };
  const digests = hosted
    ? createDigestScheduler({
        ...scheduled,
        digests: () => store?.digests,
        timeZone: async (guildId) =>
          readReportSettings(await (await snapshotStore()).reportSettings(guildId), reportDefaults).timeZone,
      })
    : fromEnvironment
      ? createDigestScheduler({
          ...scheduled,
          digests: async () => {
            await snapshotStore();
            return store && fromEnvironment(store.digests);
          },
          timeZone: async () => config.REPORTS_TIME_ZONE,
        })
      : undefined;
  if (config.QUOTA_ALERT_CHANNEL_ID && api)
    alert = allowanceAlerts(bot.client, config.QUOTA_ALERT_CHANNEL_ID, logger);
  let serving = false;
  let stopped = false; // readiness turns 503 the moment this is set
  if (api) metrics?.watchApi(api, config.API_TOKEN);
  metrics?.watchCommands(commands, userMenus);
  metrics?.watchClient(bot.client);
  const health =
    metrics && config.HEALTH_PORT !== undefined && options.serveHealth !== false
      ? createHealthServer({
          host: config.HEALTH_HOST,
          port: config.HEALTH_PORT,
          ready: () => serving && !stopped && gatewayReady(bot.client),
          metrics,
          logger,
        })
      : undefined;
  return {
    bot,
    get api(): Api {
      if (!api) throw new Error('hosted mode has one Api per server (see tenants)');
      return api;
    },
    cache,
    tenants,
    store: () => store,
    commands,
    health,
    metrics,
    digests,
    async start() {
      // Hosted mode counts each token in DATA_DIR (without CACHE_URL) from its first read on: the
      // directory is made this process's before anything is served (single-community mode's Api did).
      if (hosted && !config.CACHE_URL && !unlockDataDir) unlockDataDir = lockDataDir(config.DATA_DIR);
      if (hosted && !store) {
        store = await openStoreLazily({
          ...(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.DATA_DIR }),
          ...(config.ROLLCALL_SECRET_KEY ? { secretKey: config.ROLLCALL_SECRET_KEY } : {}),
          ...(config.ROLLCALL_SECRET_KEY_PREVIOUS
            ? { previousKey: config.ROLLCALL_SECRET_KEY_PREVIOUS }
            : {}),
          onBackgroundError: (error) => logger.warn({ err: error }, 'database connection lost'),
        });
        logger.info({ store: store.kind, location: store.location }, 'store open');
        const opened = store;
        metrics?.watchStore(() => opened.version());
      }
      if (fromEnvironment) {
        // The digest's claims need the store: open it now rather than at the first report.
        try {
          await snapshotStore();
          logger.info({ store: store?.kind, location: store?.location }, 'store open');
        } catch (error) {
          logger.warn({ err: error }, 'the store did not open; the digest waits for it');
        }
      }
      await health?.start();
      await bot.start();
      digests?.start();
      serving = true;
    },
    async stop(graceMs = config.SHUTDOWN_GRACE_MS) {
      if (stopped) return;
      stopped = true; // readiness turns 503 from here
      const deadline = Date.now() + graceMs;
      // No new digest from here; one being posted finishes within the grace (or is cut with the rest).
      await within(digests?.stop() ?? Promise.resolve(), graceMs / 4);
      await bot.stop(Math.max(0, graceMs - CLOSE_RESERVE_MS), abortApi);
      abortApi(); // nothing needs the API any more (background refreshes included)
      await within(
        Promise.all([api?.close(), tenants?.close()]).then(() => undefined),
        deadline - Date.now() - 500,
      );
      await within(store?.close() ?? Promise.resolve(), deadline - Date.now() - 250);
      await within(cache.close(), deadline - Date.now());
      await within(health?.stop() ?? Promise.resolve(), deadline - Date.now());
      unlockDataDir?.();
    },
  };
}

/**
 * Whether every gateway shard of this client is connected and ready: while one reconnects or
 * resumes, interactions do not reach this process, so readiness is 503.
 */
export function gatewayReady(client: Client): boolean {
  const shards = [...client.ws.shards.values()];
  return shards.length > 0 && shards.every((shard) => shard.status === Status.Ready);
}
