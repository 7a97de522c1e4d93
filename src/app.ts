/**
 * Wires Rollcall together: config → logger → cache → API → views and commands → Discord client.
 * `main.ts` runs it as a process; end-to-end tests run it in-process against the local doubles.
 */
import { readFileSync } from 'node:fs';
import { withRollcall } from '../commands/index.js';
import { type ApiCache, createCache } from './api/cache.js';
import { createApi } from './api/client.js';
import type { AllowanceMark, Api } from './api/types.js';
import type { Config } from './config.js';
import { createAccessGuard } from './discord/access.js';
import { allowanceAlerts } from './discord/alerts.js';
import { type Bot, createBot } from './discord/bot.js';
import type { Command } from './discord/command.js';
import { type KeyValue, StateStore } from './discord/paging/state.js';
import { ViewRegistry } from './discord/paging/views.js';
import type { Logger } from './log.js';
import { createHealthServer, type HealthServer } from './ops/health.js';
import { Metrics } from './ops/metrics.js';

export interface App {
  bot: Bot;
  api: Api;
  commands: Command[];
  /** The health and metrics listener, when HEALTH_PORT is set. */
  health: HealthServer | undefined;
  start(): Promise<void>;
  /** Finish in-flight interactions (bounded), disconnect from Discord, close the cache. */
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

export function createApp(config: Config, logger: Logger): App {
  const cache = createCache(config, logger);
  const metrics = config.HEALTH_PORT === undefined ? undefined : new Metrics();
  // Allowance alerts go out through the bot, which is built after the API.
  let alert: ((mark: AllowanceMark) => void) | undefined;
  const api = createApi(config, logger, {
    cache,
    fetch: metrics?.apiFetch(config.API_BASE_URL),
    onAllowanceMark: (mark) => alert?.(mark),
  });
  const startedAt = Date.now();
  const commands = withRollcall(() => ({
    version: VERSION,
    stats: api.stats(),
    limits: api.limitStatus,
    startedAt,
  }));
  const views = new ViewRegistry();
  for (const command of commands) views.register(...command.views);
  const bot = createBot({
    token: config.DISCORD_TOKEN,
    restApiUrl: config.DISCORD_API_URL,
    commands,
    views,
    resources: api.resources,
    state: new StateStore(stateKeyValue(cache)),
    logger,
    guildIds: config.DISCORD_GUILD_ID,
    guard: createAccessGuard({
      requireMember: config.ACCESS_REQUIRE_MEMBER,
      roleIds: config.ACCESS_ROLE_IDS,
      discordRoleIds: config.ACCESS_DISCORD_ROLE_IDS,
      maxAgeMs: config.ACCESS_MAX_AGE_SECONDS * 1000,
      resources: api.resources,
      logger,
    }),
    onOutcome: metrics?.interaction,
  });
  if (config.QUOTA_ALERT_CHANNEL_ID)
    alert = allowanceAlerts(bot.client, config.QUOTA_ALERT_CHANNEL_ID, logger);
  let serving = false;
  let stopped = false; // readiness turns 503 the moment this is set
  metrics?.watchApi(api, config.API_TOKEN);
  metrics?.watchCommands(commands);
  metrics?.watchClient(bot.client);
  const health =
    metrics && config.HEALTH_PORT !== undefined
      ? createHealthServer({
          host: config.HEALTH_HOST,
          port: config.HEALTH_PORT,
          ready: () => serving && !stopped,
          metrics,
          logger,
        })
      : undefined;
  return {
    bot,
    api,
    commands,
    health,
    async start() {
      await health?.start();
      await bot.start();
      serving = true;
    },
    async stop(graceMs) {
      if (stopped) return;
      stopped = true;
      await bot.stop(graceMs);
      await api.close();
      await cache.close();
      await health?.stop();
    },
  };
}
