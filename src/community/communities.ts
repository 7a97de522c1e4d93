/**
 * Communities: the community each Discord server reads, in one of two modes. Single (API_TOKEN set):
 * one Api, in DISCORD_GUILD_ID's servers only, its store opened at the first use. Hosted (no
 * API_TOKEN): each server reads with the token its admins linked (hosted.ts), the store opened by
 * `open` before anything is served. Everything that differs between the modes is here.
 */
import { type Client, Events, Routes } from 'discord.js';
import { createAdmin } from '../../commands/admin/index.js';
import type { ApiCache } from '../api/cache.js';
import { createApi } from '../api/client.js';
import { lockDataDir } from '../api/limits/store.js';
import type { AllowanceMark, Api, Resources } from '../api/types.js';
import { Circuit } from '../base/circuit.js';
import { type Config, isHosted } from '../base/config.js';
import type { Logger } from '../base/log.js';
import { ENV_SETTING_NAMES } from '../discord/access.js';
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
import type { Store } from '../store/index.js';
import { answerArchive, keepsAnswers } from './api-pool.js';
import { buildCommunity } from './build-community.js';
import { ChannelPoster } from './channel-post.js';
import {
  createDigestScheduler,
  type DigestScheduler,
  type DigestSchedulerOptions,
  environmentDigest,
  readDigestSettings,
} from './digest-scheduler.js';
import { createDirectory, DirectoryMemory, remembering } from './directory.js';
import { ALERT_PROBLEMS, environmentAlerts } from './environment-channel.js';
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
  /** The admin command's subcommands and controls, and what leaving a server deletes (hosted mode). */
  admin: { commands: ServerCommand[]; controls: ServerControls[]; onGuildLeft?: BotOptions['onGuildLeft'] };
  /** The allowance alerts (QUOTA_ALERT_CHANNEL_ID) and the digests' scheduler, when the mode has any. */
  attach(client: Client, scheduling: Scheduling): DigestScheduler | undefined;
  /** The leave reminders' scheduler, when the mode has any. */
  reminders(client: Client, scheduling: ReminderScheduling): ReminderScheduler | undefined;
  /** What must be open before anything is served. */
  open(): Promise<void>;
  /**
   * Close the Apis (the store is closed after them, through `store()`), and stop trying an allowance
   * alert waiting for its channel.
   */
  close(): Promise<void>;
  /** Give back what `open` took for this process (DATA_DIR's lock), once everything is closed. */
  release(): void;
}

type ReminderScheduling = Omit<ReminderSchedulerOptions, 'reminders'>;

type Scheduling = Omit<DigestSchedulerOptions, 'digests' | 'timeZone'>;

interface CommunitiesOptions {
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

export function createCommunities(options: CommunitiesOptions): Communities {
  return isHosted(options.config) ? new HostedMode(options) : new SingleMode(options);
}

/** After single-community mode's store failed to open, how long calls fail at once before it is tried again (ms). */
const STORE_REOPEN_PAUSE_MS = 30_000;

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
class LazyStore {
  private store: Store | undefined;
  private opening: Promise<Store> | undefined;

  private readonly opener: Circuit;

  constructor(
    private readonly config: Config,
    private readonly logger: Logger,
  ) {
    this.opener = new Circuit({ name: 'the database', pauseMs: STORE_REOPEN_PAUSE_MS, logger });
  }

  readonly current = (): Store | undefined => this.store;

  readonly open = (): Promise<Store> => {
    if (this.store) return Promise.resolve(this.store);
    const { config, logger } = this;
    const onBackgroundError = (error: unknown) => logger.warn({ err: error }, 'database connection lost');
    this.opening ??= this.opener
      .run(
        () => openStoreLazily({ ...storeLocation(config), logger, onBackgroundError }),
        () => new Error('the store did not open; it is tried again shortly'),
      )
      .then(
        (opened) => {
          this.store = opened;
          return opened;
        },
        (error: unknown) => {
          this.opening = undefined;
          throw error;
        },
      );
    return this.opening;
  };
}

/** Single-community mode: the one Api of API_TOKEN, in DISCORD_GUILD_ID's servers only. */
class SingleMode implements Communities {
  readonly api: Api;
  readonly hosted = undefined;
  readonly admin: Communities['admin'] = { commands: [], controls: [] };
  private readonly config: Config;
  private readonly logger: Logger;
  private readonly lazy: LazyStore;
  private readonly community: Omit<Community, 'guildId'>;
  /** The allowance alerts, through the bot's client, which is built after the Api (`attach`). */
  private alert: ((mark: AllowanceMark) => void) | undefined;
  /** Stop trying the alert waiting for its channel (at close). */
  private stopAlerts: (() => void) | undefined;

  constructor(options: CommunitiesOptions) {
    const { config, logger, metrics } = options;
    this.config = config;
    this.logger = logger;
    const store = new LazyStore(config, logger);
    this.lazy = store;
    // Answers bought with the month's allowance are kept in the store too: opened at start for them.
    const keeping = keepsAnswers(config, config.API_LIMITS);
    this.api = createApi(config, logger, {
      cache: options.cache,
      fetch: metrics?.apiFetch(config.API_BASE_URL),
      stop: options.stop,
      ...(options.drain ? { drain: options.drain } : {}),
      onAllowanceMark: (mark) => this.alert?.(mark),
      // The reports' store keeps the month's count too (a lost counters file or an emptied Redis
      // then does not start the month again): opened at the first request if nothing opened it.
      ledger: {
        used: async (key, month) => (await store.open()).allowance.used(key, month),
        raise: async (key, month, used) => (await store.open()).allowance.raise(key, month, used),
      },
      ...(keeping
        ? { answers: answerArchive(config.SAVED_ANSWERS_MAX_BYTES, store.current, store.open) }
        : {}),
    });
    metrics?.watchApi(this.api, config.API_TOKEN);
    const key = tokenHash(config.API_TOKEN);
    const directory = createDirectory({
      community: key,
      store: async () => (await store.open()).directory,
      memory: new DirectoryMemory(),
      logger,
    });
    const resources = remembering(this.api.resources, directory);
    const reports = reportSources(options, async () => (await store.open()).snapshots, {
      timeZone: config.REPORTS_TIME_ZONE,
      weekStart: config.REPORTS_WEEK_START,
      quotas: config.REPORTS_QUOTAS,
      ...(config.REPORTS_REVIEW_AFTER_HOURS ? { reviewAfterHours: config.REPORTS_REVIEW_AFTER_HOURS } : {}),
    });
    const rules = {
      roleIds: config.ACCESS_ROLE_IDS,
      discordRoleIds: config.ACCESS_DISCORD_ROLE_IDS,
      settingNames: ENV_SETTING_NAMES,
      // Quota roles are checked against the community's roles wherever the roles list is read.
      quotaRoles: { setting: 'REPORTS_QUOTAS', ids: Object.keys(config.REPORTS_QUOTAS) },
    };
    const parts = { key, api: this.api, resources, directory, rules, defaultPublic: false };
    this.community = {
      ...buildCommunity(parts, config, logger),
      reports: reports(key, this.api.resources),
      // The one community's paging arguments are kept unscoped, as they always were.
      state: options.state,
    };
  }

  async of(guildId: string): Promise<Community> {
    if (!this.config.DISCORD_GUILD_ID.includes(guildId)) throw new UserError(say.wrongGuild);
    return { ...this.community, guildId };
  }

  store(): Store | undefined {
    return this.lazy.current();
  }

  attach(client: Client, scheduling: Scheduling): DigestScheduler | undefined {
    const { config, logger } = this;
    const alertChannel = config.QUOTA_ALERT_CHANNEL_ID;
    if (alertChannel) {
      const poster = new ChannelPoster(client);
      const alerts = environmentAlerts({
        channelId: alertChannel,
        guildIds: config.DISCORD_GUILD_ID,
        guildOf: channelGuild(client),
        // A shard not holding the server cannot see the channel's permissions (nor build it: a false
        // "gone"); the alert goes through REST all the same.
        check: async (guildId, channelId) =>
          client.guilds.cache.has(guildId)
            ? poster.problem(guildId, channelId, 'alert', ALERT_PROBLEMS)
            : undefined,
        post: allowanceAlerts(client, alertChannel, logger),
        logger,
      });
      this.alert = alerts.alert;
      this.stopAlerts = alerts.stop;
      // At start, as the digest's and the reminders' channels are checked at their first round.
      client.once(Events.ClientReady, () => void alerts.check());
    }
    const channelId = config.DIGEST_CHANNEL_ID;
    if (!channelId) return undefined;
    // Its runs are claimed in the store reports use.
    const fromEnvironment = environmentDigest({
      settings: { channelId, ...config.DIGEST_SCHEDULE, reports: config.DIGEST_REPORTS },
      guildIds: config.DISCORD_GUILD_ID,
      guildOf: channelGuild(client),
      logger,
      ...(scheduling.now ? { now: scheduling.now } : {}),
    });
    return createDigestScheduler({
      ...scheduling,
      digests: async () => fromEnvironment((await this.lazy.open()).digests),
      timeZone: async () => config.REPORTS_TIME_ZONE,
    });
  }

  /** Leave reminders in REMINDER_CHANNEL_ID, claimed in the store reports use (as the digest's runs). */
  reminders(client: Client, scheduling: ReminderScheduling): ReminderScheduler | undefined {
    const { config, logger } = this;
    if (!config.REMINDER_CHANNEL_ID) return undefined;
    const fromEnvironment = environmentReminders({
      settings: { channelId: config.REMINDER_CHANNEL_ID, pings: config.REMINDER_PINGS },
      guildIds: config.DISCORD_GUILD_ID,
      guildOf: channelGuild(client),
      logger,
    });
    return createReminderScheduler({
      ...scheduling,
      reminders: async () => fromEnvironment((await this.lazy.open()).reminders),
    });
  }

  async open(): Promise<void> {
    // The directory, the digest's claims and the saved answers need the store: open it now rather
    // than at the first page (after a restart, the first reads find what was saved before). One that
    // does not open is tried again later; pages show ids meanwhile.
    try {
      const opened = await this.lazy.open();
      this.logger.info({ store: opened.kind, location: opened.location }, 'store open');
    } catch (error) {
      this.logger.warn(
        { err: error },
        'the store did not open; the directory, the digest and saved answers wait for it',
      );
    }
  }

  close(): Promise<void> {
    this.stopAlerts?.();
    return this.api.close();
  }

  release(): void {}
}

/**
 * The server of a channel set in the environment (DIGEST_CHANNEL_ID, REMINDER_CHANNEL_ID,
 * QUOTA_ALERT_CHANNEL_ID), asked of
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

/** Hosted mode: each server reads with the token its admins linked, kept in the store. */
class HostedMode implements Communities {
  readonly api = undefined;
  readonly hosted: HostedCommunities;
  readonly admin: Communities['admin'];
  private readonly config: Config;
  private readonly logger: Logger;
  private readonly state: StateStore;
  private readonly metrics: Metrics | undefined;
  /** Open once `open` resolved (nothing is served before). */
  private opened: Store | undefined;
  private unlockDataDir: (() => void) | undefined;
  private readonly reports: ReturnType<typeof reportSources>;
  private readonly defaults: ReportSettings;

  constructor(options: CommunitiesOptions) {
    const { config, logger, metrics } = options;
    this.config = config;
    this.logger = logger;
    this.state = options.state;
    this.metrics = metrics;
    const remembered = new SnapshotMemory(config.REPORTS_MEMORY_MAX_BYTES);
    this.hosted = createHostedCommunities({
      config,
      logger,
      store: () => this.openStore(),
      cache: options.cache,
      stop: options.stop,
      ...(options.drain ? { drain: options.drain } : {}),
      ...(metrics ? { metrics } : {}),
      onForgotten: (community) => remembered.delete(community),
    });
    this.defaults = { timeZone: config.REPORTS_TIME_ZONE, weekStart: config.REPORTS_WEEK_START, quotas: {} };
    this.reports = reportSources(options, async () => this.openStore().snapshots, this.defaults, remembered);
    const admin = createAdmin(this.hosted, this.adminPlaces());
    this.admin = {
      commands: admin.commands,
      controls: [admin.controls],
      onGuildLeft: (guildId: string) => this.onGuildLeft(guildId),
    };
  }

  private openStore(): Store {
    if (!this.opened) throw new Error('the store is not open yet');
    return this.opened;
  }

  private async reportSettings(guildId: string): Promise<ReportSettings> {
    return readReportSettings(await this.openStore().snapshots.reportSettings(guildId), this.defaults);
  }

  /** Where /rollcall-admin reports finds and keeps a server's report settings, digest and reminders. */
  private adminPlaces(): Parameters<typeof createAdmin>[1] {
    const opened = () => this.openStore();
    return {
      get: (guildId) => this.reportSettings(guildId),
      save: async (guildId, settings) => {
        await opened().snapshots.saveReportSettings(guildId, settings);
        // The digest's next instant was worked out in the old time zone: due at the next round.
        await opened().digests.schedule(guildId, 0);
      },
      roles: async (guildId, options) => (await this.hosted.roles(guildId, options)).roles,
      digest: {
        get: async (guildId) => {
          const saved = await opened().digests.get(guildId);
          return { settings: readDigestSettings(saved?.settings), problem: saved?.problem };
        },
        save: async (guildId, settings) =>
          settings === undefined
            ? opened().digests.remove(guildId)
            : opened().digests.save(guildId, settings),
      },
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
    };
  }

  private async onGuildLeft(guildId: string): Promise<void> {
    try {
      await this.hosted.forget(guildId);
      this.logger.info({ guild: guildId }, 'removed from a server; its token and settings are deleted');
    } catch (error) {
      this.logger.error({ err: error, guild: guildId }, 'could not delete the token of a server left');
    }
  }

  async of(guildId: string): Promise<Community> {
    const community = await this.hosted.resolve(guildId);
    return {
      ...community,
      reports: this.reports(community.key, community.resources, guildId),
      state: this.state.forCommunity(community.key),
    };
  }

  store(): Store | undefined {
    return this.opened;
  }

  attach(_client: Client, scheduling: Scheduling): DigestScheduler {
    return createDigestScheduler({
      ...scheduling,
      digests: () => this.opened?.digests,
      timeZone: async (guildId) => (await this.reportSettings(guildId)).timeZone,
    });
  }

  reminders(_client: Client, scheduling: ReminderScheduling): ReminderScheduler {
    return createReminderScheduler({ ...scheduling, reminders: () => this.opened?.reminders });
  }

  async open(): Promise<void> {
    const { config, logger } = this;
    // Each token is counted in DATA_DIR (without CACHE_URL) from its first read on: the directory
    // is made this process's before anything is served (single-community mode's Api does it).
    if (!config.CACHE_URL && !this.unlockDataDir) this.unlockDataDir = lockDataDir(config.DATA_DIR);
    if (this.opened) return;
    const opening = await openStoreLazily({
      ...storeLocation(config),
      ...(config.ROLLCALL_SECRET_KEY ? { secretKey: config.ROLLCALL_SECRET_KEY } : {}),
      ...(config.ROLLCALL_SECRET_KEY_PREVIOUS ? { previousKey: config.ROLLCALL_SECRET_KEY_PREVIOUS } : {}),
      onBackgroundError: (error) => logger.warn({ err: error }, 'database connection lost'),
      logger,
    });
    this.opened = opening;
    logger.info({ store: opening.kind, location: opening.location }, 'store open');
    this.metrics?.watchStore(() => opening.version());
  }

  async close(): Promise<void> {
    await this.hosted.close();
  }

  release(): void {
    this.unlockDataDir?.();
    this.unlockDataDir = undefined;
  }
}
