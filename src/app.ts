/**
 * Wires Rollcall together: config → logger → cache → communities → views and commands → Discord
 * client. `main.ts` runs it as a process; end-to-end tests run it in-process against the local doubles.
 *
 * Which community each server reads, in either mode (single-community with API_TOKEN, or hosted),
 * is src/community/communities.ts's business: this module only composes.
 */
import { readFileSync } from 'node:fs';
import { type Client, Status } from 'discord.js';
import { withRollcall } from '../commands/index.js';
import { messageMenus, userMenus } from '../commands/user-menus.js';
import { within } from './api/abort.js';
import { type ApiCache, createCache } from './api/cache.js';
import type { Api } from './api/types.js';
import type { Config } from './base/config.js';
import type { Logger } from './base/log.js';
import { type Communities, createCommunities } from './community/communities.js';
import { type DigestScheduler, discordPoster } from './community/digest-scheduler.js';
import type { HostedCommunities } from './community/hosted.js';
import { discordReminderPoster, type ReminderScheduler } from './community/reminder-scheduler.js';
import { type Bot, createBot } from './discord/bot.js';
import type { Command } from './discord/command.js';
import type { Community } from './discord/community.js';
import { type KeyValue, StateStore } from './discord/paging/state.js';
import { ViewRegistry } from './discord/paging/views.js';
import { say, UserError } from './discord/replies.js';
import { createHealthServer, type HealthServer } from './ops/health.js';
import { Metrics } from './ops/metrics.js';
import { closeCharts, configureCharts } from './render/charts/index.js';
import type { Store } from './store/index.js';

export interface App {
  bot: Bot;
  /** The one Api of single-community mode (hosted mode has one per server: reading this throws). */
  api: Api;
  /** The cache behind the API and the control state (tests read its counters). */
  cache: ApiCache;
  /** Hosted mode: each server's linked community, and the store (open once `start` resolved). */
  hosted: HostedCommunities | undefined;
  store(): Store | undefined;
  /** The community a Discord server reads, as its interactions do (tests and tools). */
  community(guildId: string): Promise<Community>;
  commands: Command[];
  /** The health and metrics listener, when HEALTH_PORT is set (and the app serves it itself). */
  health: HealthServer | undefined;
  /** The process's metrics, when HEALTH_PORT is set (a shard hands them to the manager). */
  metrics: Metrics | undefined;
  /** Hosted mode, or single-community mode with DIGEST_CHANNEL_ID (started by `start`). */
  digests: DigestScheduler | undefined;
  /** Hosted mode, or single-community mode with REMINDER_CHANNEL_ID (started by `start`). */
  reminders: ReminderScheduler | undefined;
  start(): Promise<void>;
  /**
   * Finish in-flight interactions, disconnect from Discord and close the cache, all within
   * `graceMs` (default SHUTDOWN_GRACE_MS): API calls still running near its end are aborted and their
   * interactions answered with their saved answer, or with none the restarting sentence.
   */
  stop(graceMs?: number): Promise<void>;
}

/** The package version, read once (from src/ when run by tsx, from dist/src/ when built). */
const VERSION = readVersion();

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

/** Of the grace period, what is kept after the bot's part for closing the API layer and the cache. */
const CLOSE_RESERVE_MS = 1_000;

/** A step of the shutdown: `work`, or nothing once `ms` have passed (the process lives until then). */
const step = (work: Promise<unknown>, ms: number) => within(work, ms, () => undefined, true);

interface AppOptions {
  /**
   * Whether the app listens on HEALTH_PORT itself (default true). A shard process under the
   * manager does not: the manager listens and asks each shard for its readiness and metrics.
   */
  serveHealth?: boolean;
  /** The clock of the scheduled digests and leave reminders (tests; default Date.now). */
  now?: () => number;
}

export function createApp(config: Config, logger: Logger, options: AppOptions = {}): App {
  configureCharts({ enabled: config.REPORTS_CHARTS, log: logger });
  const cache = createCache(config, logger);
  const metrics = config.HEALTH_PORT === undefined ? undefined : new Metrics();
  // Aborted when stopping: the API calls still running end (with their saved answer, else the
  // restarting sentence).
  const stopping = new AbortController();
  const abortApi = () => stopping.abort(new UserError(say.restarting));
  // Aborted when stopping begins: reads waiting in line with a saved answer are answered with it.
  const draining = new AbortController();
  const communities = createCommunities({
    config,
    logger,
    cache,
    metrics,
    stop: stopping.signal,
    drain: draining.signal,
    state: new StateStore(stateKeyValue(cache)),
  });
  const startedAt = Date.now();
  const commands = withRollcall(({ allowance }) => ({
    version: VERSION,
    stats: allowance.stats(),
    limits: () => allowance.limitStatus(),
    startedAt,
    logger,
  }));
  const views = new ViewRegistry();
  for (const command of commands) views.register(...command.views);
  const bot = createBot({
    appEmojis: config.APP_EMOJIS,
    token: config.DISCORD_TOKEN,
    restApiUrl: config.DISCORD_API_URL,
    userMenus,
    messageMenus,
    views,
    logger,
    community: (guildId) => communities.of(guildId),
    // The admin command (hosted mode): subcommands and controls that need no community.
    commands: [...commands, ...communities.admin.commands],
    controls: communities.admin.controls,
    onGuildLeft: communities.admin.onGuildLeft,
    onOutcome: metrics?.interaction,
  });
  const { digests, reminders } = schedulers(config, logger, communities, bot.client, options.now);
  let serving = false;
  let stopped = false; // readiness turns 503 the moment this is set
  metrics?.watchCommands([...commands, ...communities.admin.commands], [...userMenus, ...messageMenus]);
  metrics?.watchClient(bot.client);
  const ready = () => serving && !stopped && gatewayReady(bot.client);
  const health = options.serveHealth !== false ? healthServer(config, logger, metrics, ready) : undefined;
  return {
    bot,
    get api(): Api {
      if (!communities.api) throw new Error('hosted mode has one Api per server (see hosted)');
      return communities.api;
    },
    cache,
    hosted: communities.hosted,
    store: () => communities.store(),
    community: (guildId) => communities.of(guildId),
    commands,
    health,
    metrics,
    digests,
    reminders,
    async start() {
      await communities.open();
      await health?.start();
      await bot.start();
      digests?.start();
      reminders?.start();
      serving = true;
    },
    async stop(graceMs = config.SHUTDOWN_GRACE_MS) {
      if (stopped) return;
      stopped = true; // readiness turns 503 from here
      draining.abort(new UserError(say.restarting));
      const deadline = Date.now() + graceMs;
      // No new digest from here; one being posted finishes within the grace (or is cut with the rest).
      await step(
        Promise.all([digests?.stop(), reminders?.stop()]).then(() => undefined),
        graceMs / 4,
      );
      await bot.stop(Math.max(0, graceMs - CLOSE_RESERVE_MS), abortApi);
      abortApi(); // nothing needs the API any more (background refreshes included)
      await step(communities.close(), deadline - Date.now() - 500);
      await step(communities.store()?.close() ?? Promise.resolve(), deadline - Date.now() - 250);
      await step(cache.close(), deadline - Date.now());
      await step(health?.stop() ?? Promise.resolve(), deadline - Date.now());
      await step(closeCharts(), deadline - Date.now());
      communities.release();
    },
  };
}

function schedulers(
  config: Config,
  logger: Logger,
  communities: Communities,
  client: Client,
  now: (() => number) | undefined,
) {
  const common = {
    owns: (guildId: string) => client.guilds.cache.has(guildId),
    logger,
    ...(now ? { now } : {}),
  };
  const communityOf = (guildId: string) => communities.of(guildId);
  return {
    digests: communities.attach(client, {
      ...common,
      poster: discordPoster(client, communityOf, logger),
      monthSeconds: config.API_MONTH_SECONDS,
    }),
    reminders: communities.reminders(client, {
      ...common,
      poster: discordReminderPoster(client, communityOf),
    }),
  };
}

/** The health and metrics listener, when HEALTH_PORT is set. */
function healthServer(config: Config, logger: Logger, metrics: Metrics | undefined, ready: () => boolean) {
  if (!metrics || config.HEALTH_PORT === undefined) return undefined;
  return createHealthServer({ host: config.HEALTH_HOST, port: config.HEALTH_PORT, ready, metrics, logger });
}

/**
 * Whether every gateway shard of this client is connected and ready: while one reconnects or
 * resumes, interactions do not reach this process, so readiness is 503.
 */
export function gatewayReady(client: Client): boolean {
  const shards = [...client.ws.shards.values()];
  return shards.length > 0 && shards.every((shard) => shard.status === Status.Ready);
}
