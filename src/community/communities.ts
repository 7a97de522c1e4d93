/**
 * Communities: the community each Discord server reads, in one of two modes.
 *
 * - single (API_TOKEN set): one Api, answering in DISCORD_GUILD_ID's servers only; the store (the
 *   reports' snapshots, the month's count, the environment's digest and leave reminders) is opened
 *   at its first use.
 * - hosted (no API_TOKEN): each server's admin links a token with /rollcall-admin setup; the store
 *   keeps it sealed, opened by `open` before anything is served, and each server reads with the Api
 *   of its own token (src/community/hosted.ts).
 *
 * Everything that differs between the modes is here, so the wiring (src/app.ts) only composes.
 */
import type { Client } from 'discord.js';
import { Routes } from 'discord.js';
import { createAdmin } from '../../commands/admin/index.js';
import type { ApiCache } from '../api/cache.js';
import { createApi } from '../api/client.js';
import { lockDataDir } from '../api/limits/store.js';
import type { AllowanceMark, Api, Resources } from '../api/types.js';
import { Circuit } from '../base/circuit.js';
import { type Config, isHosted } from '../base/config.js';
import type { Logger } from '../base/log.js';
import { createAccessGuard, ENV_SETTING_NAMES } from '../discord/access.js';
import { allowanceAlerts } from '../discord/alerts.js';
import type { BotOptions } from '../discord/bot.js';
import type { ServerCommand, ServerControls } from '../discord/command.js';
import type { Community } from '../discord/community.js';
import type { StateStore } from '../discord/paging/state.js';
import { say, UserError } from '../discord/replies.js';
import type { Metrics } from '../ops/metrics.js';
import {
  type ReportData,
  type ReportSettings,
  type ReportSource,
  readReportSettings,
} from '../reports/source.js';
import { tokenHash } from '../store/crypto.js';
// The store (kysely with the PostgreSQL and SQLite drivers) loads when first opened: single-community
// mode opens it at start (the directory of who is who lives there), without holding the start up
// when it cannot be opened.
import type { Store } from '../store/index.js';
import { answerArchive, keepsAnswers } from './api-pool.js';
import {
  createDigestScheduler,
  type DigestScheduler,
  type DigestSchedulerOptions,
  environmentDigest,
  readDigestSettings,
} from './digest-scheduler.js';
import { createDirectory, DirectoryMemory, remembering } from './directory.js';
import { createHostedCommunities, type HostedCommunities } from './hosted.js';
import {
  createReminderScheduler,
  environmentReminders,
  type ReminderScheduler,
  type ReminderSchedulerOptions,
} from './reminder-scheduler.js';
import { SnapshotMemory, snapshotSource } from './snapshots.js';

export interface Communities {
  /** The community of a Discord server; a UserError with the sentence refusing the server otherwise. */
  of(guildId: string): Promise<Community>;
  /** The one Api of single-community mode (hosted mode has one per server: undefined). */
  api: Api | undefined;
  /** Hosted mode: each server's linked community (undefined in single-community mode). */
  hosted: HostedCommunities | undefined;
  /** The store, once open (hosted: by `open`; single: at the first report, month's count or digest). */
  store(): Store | undefined;
  /**
   * The admin command's subcommands and controls, which the router dispatches with every other, and
   * what leaving a server deletes (hosted mode; none in single-community mode).
   */
  admin: { commands: ServerCommand[]; controls: ServerControls[]; onGuildLeft?: BotOptions['onGuildLeft'] };
  /**
   * With the bot's client: the allowance alerts (QUOTA_ALERT_CHANNEL_ID) and the scheduler of the
   * scheduled digests, when the mode has any (hosted: the admins'; single: DIGEST_CHANNEL_ID's).
   */
  attach(client: Client, scheduling: Scheduling): DigestScheduler | undefined;
  /**
   * With the bot's client: the leave reminders' scheduler, when the mode has any (hosted: the
   * admins'; single: REMINDER_CHANNEL_ID's).
   */
  reminders(client: Client, scheduling: ReminderScheduling): ReminderScheduler | undefined;
  /** What must be open before anything is served. */
  open(): Promise<void>;
  /** Close the Apis (the store is closed after them, through `store()`). */
  close(): Promise<void>;
  /** Give back what `open` took for this process (DATA_DIR's lock), once everything is closed. */
  release(): void;
}

/** What the leave reminders' scheduler is built with. */
export type ReminderScheduling = Omit<ReminderSchedulerOptions, 'reminders'>;

/** What every digest scheduler is built with, whichever the mode. */
export type Scheduling = Omit<DigestSchedulerOptions, 'digests' | 'timeZone'>;

export interface CommunitiesOptions {
  config: Config;
  logger: Logger;
  /** The shared cache (API data of every token, keyed by the token's hash). */
  cache: ApiCache;
  metrics?: Metrics | undefined;
  /** Aborted when Rollcall stops: the API calls still running end with its reason. */
  stop: AbortSignal;
  /** Aborted when Rollcall begins to stop: reads waiting in line with a saved answer get it. */
  drain?: AbortSignal;
  /** The paging arguments kept aside; each community sees its own share. */
  state: StateStore;
}

/** The communities of the configured mode. */
export function createCommunities(options: CommunitiesOptions): Communities {
  return isHosted(options.config) ? hosted(options) : single(options);
}

/** After single-community mode's store failed to open, how long calls fail at once before it is tried again (ms). */
export const STORE_REOPEN_PAUSE_MS = 30_000;

/** `openStore`, its module (and the database drivers) loaded at the first call. */
const openStoreLazily: typeof import('../store/index.js').openStore = async (options) =>
  (await import('../store/index.js')).openStore(options);

/** Where the store is, by the configuration: DATABASE_URL, else SQLite under DATA_DIR. */
function storeLocation(config: Config) {
  return config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.DATA_DIR };
}

/**
 * The report sources of one process: each community's snapshot, its refreshes shared by the reports
 * asked for at once and what was last read kept in memory (REPORTS_MEMORY_MAX_BYTES).
 */
function reportSources(
  { config, logger }: CommunitiesOptions,
  snapshots: () => Promise<Store['snapshots']>,
  defaults: ReportSettings,
  remembered = new SnapshotMemory(config.REPORTS_MEMORY_MAX_BYTES),
) {
  const refreshing = new Map<string, Promise<ReportData>>();
  return (key: string, resources: Resources, guildId?: string): ReportSource =>
    snapshotSource(
      {
        community: key,
        resources,
        store: snapshots,
        freshMs: config.CACHE_TTL_LIST_SECONDS * 1000,
        logger,
        defaults,
        ...(guildId !== undefined ? { guildId } : {}),
      },
      refreshing,
      remembered,
    );
}

/**
 * Single-community mode's store, opened at its first use. After an open failed, nothing waits for
 * the next: calls fail at once for STORE_REOPEN_PAUSE_MS, then the next call tries to open it again
 * (the calls arriving meanwhile wait for that one try), so a database that does not answer costs one
 * wait, not one per read. Once open, the store's own circuit does the same for each call.
 */
function lazyStore({ config, logger }: CommunitiesOptions) {
  let store: Store | undefined;
  const opener = new Circuit({
    name: 'the database',
    pauseMs: STORE_REOPEN_PAUSE_MS,
    logger,
  });
  const open = (): Promise<Store> => {
    if (store) return Promise.resolve(store);
    opening ??= opener
      .run(
        () => openStoreLazily({ ...storeLocation(config), logger, onBackgroundError }),
        () => new Error('the store did not open; it is tried again shortly'),
      )
      .then(
        (opened) => {
          store = opened;
          return opened;
        },
        (error: unknown) => {
          opening = undefined;
          throw error;
        },
      );
    return opening;
  };
  let opening: Promise<Store> | undefined;
  const onBackgroundError = (error: unknown) => logger.warn({ err: error }, 'database connection lost');
  return { current: () => store, open };
}

/** Single-community mode: the one Api of API_TOKEN, in DISCORD_GUILD_ID's servers only. */
function single(options: CommunitiesOptions): Communities {
  const { config, logger, metrics } = options;
  const store = lazyStore(options);
  // Allowance alerts go out through the bot's client, which is built after the Api (`attach`).
  let alert: ((mark: AllowanceMark) => void) | undefined;
  // Answers bought with the month's allowance are kept in the store too: opened at start for them.
  const keeping = keepsAnswers(config, config.API_LIMITS);
  const api = createApi(config, logger, {
    cache: options.cache,
    fetch: metrics?.apiFetch(config.API_BASE_URL),
    stop: options.stop,
    ...(options.drain ? { drain: options.drain } : {}),
    onAllowanceMark: (mark) => alert?.(mark),
    // The reports' store keeps the month's count too (a lost counters file or an emptied Redis
    // then does not start the month again): opened at the first request if nothing opened it.
    ledger: {
      used: async (key, month) => (await store.open()).allowance.used(key, month),
      raise: async (key, month, used) => (await store.open()).allowance.raise(key, month, used),
    },
    ...(keeping ? { answers: answerArchive(config.SAVED_ANSWERS_MAX_BYTES, store.current, store.open) } : {}),
  });
  metrics?.watchApi(api, config.API_TOKEN);
  const key = tokenHash(config.API_TOKEN);
  // Who is who, in the same store (one that did not open is tried again after STORE_REOPEN_PAUSE_MS).
  const directory = createDirectory({
    community: key,
    store: async () => (await store.open()).directory,
    memory: new DirectoryMemory(),
    logger,
  });
  const resources = remembering(api.resources, directory);
  const reports = reportSources(options, async () => (await store.open()).snapshots, {
    timeZone: config.REPORTS_TIME_ZONE,
    weekStart: config.REPORTS_WEEK_START,
    quotas: config.REPORTS_QUOTAS,
  });
  // Quota roles are checked against the community's roles wherever the roles list is read.
  const access = {
    requireMember: config.ACCESS_REQUIRE_MEMBER,
    roleIds: config.ACCESS_ROLE_IDS,
    discordRoleIds: config.ACCESS_DISCORD_ROLE_IDS,
    settingNames: ENV_SETTING_NAMES,
    quotaRoles: { setting: 'REPORTS_QUOTAS', ids: Object.keys(config.REPORTS_QUOTAS) },
  };
  const community: Omit<Community, 'guildId'> = {
    key,
    resources,
    allowance: api,
    reports: reports(key, api.resources),
    defaultPublic: false,
    access,
    // The access checks' member lookups feed the directory too.
    guard: createAccessGuard({
      ...access,
      maxAgeMs: config.ACCESS_MAX_AGE_SECONDS * 1000,
      graceMs: config.ACCESS_GRACE_SECONDS * 1000,
      resources,
      logger,
    }),
    directory,
    // The one community's paging arguments are kept unscoped, as they always were.
    state: options.state,
  };
  return {
    async of(guildId) {
      if (!config.DISCORD_GUILD_ID.includes(guildId)) throw new UserError(say.wrongGuild);
      return { ...community, guildId };
    },
    api,
    hosted: undefined,
    store: store.current,
    admin: { commands: [], controls: [] },
    attach(client, scheduling) {
      if (config.QUOTA_ALERT_CHANNEL_ID)
        alert = allowanceAlerts(client, config.QUOTA_ALERT_CHANNEL_ID, logger);
      if (!config.DIGEST_CHANNEL_ID) return undefined;
      return environmentScheduler(config, config.DIGEST_CHANNEL_ID, logger, client, scheduling, store.open);
    },
    reminders: (client, scheduling) => reminderScheduler(config, logger, client, scheduling, store.open),
    async open() {
      // The directory, the digest's claims and the saved answers need the store: open it now rather
      // than at the first page (after a restart, the first reads find what was saved before). One that
      // does not open is tried again later; pages show ids meanwhile.
      try {
        const opened = await store.open();
        logger.info({ store: opened.kind, location: opened.location }, 'store open');
      } catch (error) {
        logger.warn(
          { err: error },
          'the store did not open; the directory, the digest and saved answers wait for it',
        );
      }
    },
    close: () => api.close(),
    release: () => undefined,
  };
}

/** Leave reminders in REMINDER_CHANNEL_ID, claimed in the store reports use (as the digest's runs). */
function reminderScheduler(
  config: Config,
  logger: CommunitiesOptions['logger'],
  client: Parameters<Communities['reminders']>[0],
  scheduling: Parameters<Communities['reminders']>[1],
  openStore: () => Promise<Store>,
) {
  if (!config.REMINDER_CHANNEL_ID) return undefined;
  const fromEnvironment = environmentReminders({
    settings: { channelId: config.REMINDER_CHANNEL_ID, pings: config.REMINDER_PINGS },
    guildIds: config.DISCORD_GUILD_ID,
    guildOf: channelGuild(client),
    logger,
  });
  return createReminderScheduler({
    ...scheduling,
    reminders: async () => fromEnvironment((await openStore()).reminders),
  });
}

/** What the admin command is given to find and keep a server's digest. */
type DigestPlace = NonNullable<NonNullable<Parameters<typeof createAdmin>[1]>['digest']>;

/** Where the admins' /rollcall-admin reports finds and keeps their server's digest (hosted mode). */
function digestPlace(digests: () => Store['digests']): DigestPlace {
  return {
    async get(guildId) {
      const saved = await digests().get(guildId);
      return { settings: readDigestSettings(saved?.settings), problem: saved?.problem };
    },
    save: async (guildId, settings) =>
      settings === undefined ? digests().remove(guildId) : digests().save(guildId, settings),
  };
}

/**
 * The server of a channel set in the environment (DIGEST_CHANNEL_ID, REMINDER_CHANNEL_ID), asked of
 * Discord's REST API, not the client's cache: a shard process does not hold the servers of other
 * shards, whose channels discord.js would not build (a false "channel gone"). A server not on this
 * shard is then skipped by `owns`, as in hosted mode.
 */
function channelGuild(client: Client): (channelId: string) => Promise<string | undefined> {
  return async (channelId) => {
    const raw = (await client.rest.get(Routes.channel(channelId)).catch(() => null)) as {
      guild_id?: unknown;
    } | null;
    return typeof raw?.guild_id === 'string' ? raw.guild_id : undefined;
  };
}

/**
 * The scheduler of single-community mode's one digest (DIGEST_CHANNEL_ID), its runs claimed in the
 * store that reports open.
 */
function environmentScheduler(
  config: Config,
  channelId: string,
  logger: Logger,
  client: Client,
  scheduling: Scheduling,
  openStore: () => Promise<Store>,
): DigestScheduler {
  const fromEnvironment = environmentDigest({
    settings: { channelId, ...config.DIGEST_SCHEDULE, reports: config.DIGEST_REPORTS },
    guildIds: config.DISCORD_GUILD_ID,
    guildOf: channelGuild(client),
    logger,
    ...(scheduling.now ? { now: scheduling.now } : {}),
  });
  return createDigestScheduler({
    ...scheduling,
    digests: async () => fromEnvironment((await openStore()).digests),
    timeZone: async () => config.REPORTS_TIME_ZONE,
  });
}

/** Hosted mode: each server reads with the token its admins linked, kept in the store. */
function hosted(options: CommunitiesOptions): Communities {
  const { config, logger, metrics } = options;
  let store: Store | undefined;
  let unlockDataDir: (() => void) | undefined;
  /** The store, open once `open` resolved (nothing is served before). */
  const opened = (): Store => {
    if (!store) throw new Error('the store is not open yet');
    return store;
  };
  /** The snapshots this process keeps in memory, by community. */
  const remembered = new SnapshotMemory(config.REPORTS_MEMORY_MAX_BYTES);
  const linked = createHostedCommunities({
    config,
    logger,
    store: opened,
    cache: options.cache,
    stop: options.stop,
    ...(options.drain ? { drain: options.drain } : {}),
    ...(metrics ? { metrics } : {}),
    onForgotten: (community) => remembered.delete(community),
  });
  const defaults: ReportSettings = {
    timeZone: config.REPORTS_TIME_ZONE,
    weekStart: config.REPORTS_WEEK_START,
    quotas: {},
  };
  const reports = reportSources(options, async () => opened().snapshots, defaults, remembered);
  const reportSettings = async (guildId: string) =>
    readReportSettings(await opened().snapshots.reportSettings(guildId), defaults);
  const admin = createAdmin(linked, {
    get: reportSettings,
    save: async (guildId, settings) => {
      await opened().snapshots.saveReportSettings(guildId, settings);
      // The digest's next instant was worked out in the old time zone: due at the next round.
      await opened().digests.schedule(guildId, 0);
    },
    roles: async (guildId, options) => (await linked.roles(guildId, options)).roles,
    digest: digestPlace(() => opened().digests),
    reminders: {
      get: async (guildId) => {
        const saved = await opened().reminders.get(guildId);
        return saved && { channelId: saved.channelId, pings: saved.pings, problem: saved.problem };
      },
      save: async (guildId, settings) =>
        settings === undefined
          ? opened().reminders.remove(guildId)
          : opened().reminders.save(guildId, settings),
    },
  });
  return {
    async of(guildId) {
      const community = await linked.resolve(guildId);
      return {
        ...community,
        reports: reports(community.key, community.resources, guildId),
        state: options.state.forCommunity(community.key),
      };
    },
    api: undefined,
    hosted: linked,
    store: () => store,
    admin: {
      commands: admin.commands,
      controls: [admin.controls],
      onGuildLeft: async (guildId: string) => {
        try {
          await linked.forget(guildId);
          logger.info({ guild: guildId }, 'removed from a server; its token and settings are deleted');
        } catch (error) {
          logger.error({ err: error, guild: guildId }, 'could not delete the token of a server left');
        }
      },
    },
    attach: (_client, scheduling) =>
      createDigestScheduler({
        ...scheduling,
        digests: () => store?.digests,
        timeZone: async (guildId) => (await reportSettings(guildId)).timeZone,
      }),
    reminders: (_client, scheduling) =>
      createReminderScheduler({ ...scheduling, reminders: () => store?.reminders }),
    async open() {
      // Each token is counted in DATA_DIR (without CACHE_URL) from its first read on: the directory
      // is made this process's before anything is served (single-community mode's Api does it).
      if (!config.CACHE_URL && !unlockDataDir) unlockDataDir = lockDataDir(config.DATA_DIR);
      if (store) return;
      const opening = await openStoreLazily({
        ...storeLocation(config),
        ...(config.ROLLCALL_SECRET_KEY ? { secretKey: config.ROLLCALL_SECRET_KEY } : {}),
        ...(config.ROLLCALL_SECRET_KEY_PREVIOUS ? { previousKey: config.ROLLCALL_SECRET_KEY_PREVIOUS } : {}),
        onBackgroundError: (error) => logger.warn({ err: error }, 'database connection lost'),
        logger,
      });
      store = opening;
      logger.info({ store: opening.kind, location: opening.location }, 'store open');
      metrics?.watchStore(() => opening.version());
    },
    async close() {
      await linked.close();
    },
    release() {
      unlockDataDir?.();
      unlockDataDir = undefined;
    },
  };
}
