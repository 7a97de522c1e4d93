/**
 * Several processes: with SHARDS (or SHARD_IDS and SHARD_COUNT) `main.ts` runs this manager, which
 * starts one process per shard through discord.js's ShardingManager (each process runs `main.ts`
 * again, as a shard, with the same settings). Every process shares the cache, the request limits,
 * the stored paging arguments (Redis, CACHE_URL) and the store (the database), so any process can
 * answer any button.
 *
 * The manager holds the health listener (HEALTH_PORT): /readyz is 200 only while every shard of this
 * host reported ready, /metrics adds up the shards' metrics (asked over the IPC channel). SIGTERM or
 * SIGINT stops respawning and passes SIGTERM to every shard, each of which does the bounded
 * shutdown of a single process; the manager exits 0 when all of them did. A shard process that dies
 * otherwise is started again, at once the first time and after a growing wait while it keeps dying.
 */
import type { ChildProcess } from 'node:child_process';
import { REST, type RESTGetAPIGatewayBotResult, Routes, type Shard, ShardingManager } from 'discord.js';
import type * as PromClient from 'prom-client';
import type { Registry } from 'prom-client';
import { within } from '../api/abort.js';
import { type Config, isHosted } from '../base/config.js';
import { lazily } from '../base/lazy.js';
import type { Logger } from '../base/log.js';
import { createHealthServer, type HealthServer } from './health.js';

/** A shard's metrics as prom-client's `getMetricsAsJSON` gives them (what the aggregator adds up). */
type ShardMetrics = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;
/** prom-client, loaded when the manager first serves /metrics (src/base/lazy.ts). */
const prom = lazily<typeof PromClient>('prom-client');

/** What a shard process tells the manager over the IPC channel, and what the manager asks. */
export type ShardMessage =
  | { rollcall: 'ready' }
  | { rollcall: 'reconnecting' }
  | { rollcall: 'stopping' }
  | { rollcall: 'metrics?'; nonce: number }
  | { rollcall: 'metrics'; nonce: number; metrics: ShardMetrics };

/** How long the manager waits for a shard's metrics before leaving them out of a scrape. */
const METRICS_WAIT_MS = 2_000;
/** How long a shard may take to connect before its start counts as failed. */
const SPAWN_TIMEOUT_MS = 60_000;
/** Deaths of one shard within this window make the next start wait longer (a crash loop slows down). */
const RESPAWN_WINDOW_MS = 60_000;
/** The longest wait before starting a dead shard again. */
const RESPAWN_MAX_MS = 30_000;
/** Beyond the grace period, what a shard gets to exit before it is killed. */
const EXIT_MARGIN_MS = 1_500;

/** The environment names discord.js gives each shard process (they mean something else there). */
export const SHARD_ENV = ['SHARDS', 'SHARD_COUNT', 'SHARD_IDS'] as const;

/**
 * Names discord.js reads from the environment by itself when a client is made (`SHARDS` and
 * `SHARD_COUNT` are parsed as JSON there). An empty line such as `SHARDS=` from .env.example would
 * make that parse fail with a raw stack trace, so empty values are removed before any client exists:
 * an empty value is an unset one, as for every setting.
 */
const CLIENT_ENV = ['SHARDS', 'SHARD_COUNT', 'SHARD_LIST'] as const;

export function dropEmptyClientEnv(env: NodeJS.ProcessEnv = process.env): void {
  for (const name of CLIENT_ENV) if (env[name] !== undefined && env[name].trim() === '') delete env[name];
}

export function isShardProcess(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.SHARDING_MANAGER === 'true' && typeof process.send === 'function';
}

/**
 * The number of shards across every host: SHARD_COUNT, SHARDS, or for `auto` Discord's
 * recommendation, asked at DISCORD_API_URL when set (discord.js's own `auto` always asks discord.com).
 */
export async function shardCount(config: Config): Promise<number> {
  if (config.SHARD_COUNT !== undefined) return config.SHARD_COUNT;
  if (typeof config.SHARDS === 'number') return config.SHARDS;
  const rest = new REST(config.DISCORD_API_URL ? { api: config.DISCORD_API_URL } : {}).setToken(
    config.DISCORD_TOKEN,
  );
  let answer: RESTGetAPIGatewayBotResult;
  try {
    answer = (await rest.get(Routes.gatewayBot())) as RESTGetAPIGatewayBotResult;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `SHARDS=auto: Discord did not say how many shards to run (${reason}); set SHARDS to a number`,
    );
  }
  if (!Number.isInteger(answer.shards) || answer.shards < 1)
    throw new Error('SHARDS=auto: Discord answered no shard count; set SHARDS to a number');
  return answer.shards;
}

/** The shards this host runs: SHARD_IDS, or all of them. */
export function shardIds(config: Config, count: number): number[] {
  return config.SHARD_IDS.length > 0 ? config.SHARD_IDS.map(Number) : [...Array(count).keys()];
}

/**
 * Why these settings cannot run in several processes, or undefined. Several processes must share
 * the cache and limits (Redis) and, in hosted mode across hosts, the store (PostgreSQL): SQLite
 * (WAL, a busy timeout) is safe for the processes of one host on a local disk, not across hosts.
 */
export function shardingProblem(config: Config, count: number): string | undefined {
  if (count <= 1) return undefined;
  if (!config.CACHE_URL)
    return `${count} shards run in several processes, which must share the cache, the request limits and the paging state: set CACHE_URL (Redis)`;
  if (isHosted(config) && !config.DATABASE_URL && config.SHARD_IDS.length > 0)
    return 'shards on several hosts (SHARD_IDS) cannot share the SQLite store under DATA_DIR: set DATABASE_URL (PostgreSQL)';
  return undefined;
}

interface Manager {
  manager: ShardingManager;
  health: HealthServer | undefined;
  /** Whether every shard of this host is ready and nothing is stopping. */
  ready(): boolean;
  /** Resolves once every shard has connected (rejects when one could not). */
  start(): Promise<void>;
  /** Stop respawning, SIGTERM every shard, wait for them (bounded); true when all exited 0. */
  stop(): Promise<boolean>;
}

/** What the manager knows of this host's shards, kept up to date by their processes' events. */
interface ShardStates {
  ids: readonly number[];
  ready: Set<number>;
  /** Shards that connected once: from then on, a death is answered by starting them again. */
  connected: Set<number>;
  /** When each shard died lately (for the respawn delay). */
  deaths: Map<number, number[]>;
  /** Respawns waiting for their delay (cleared on stop). */
  timers: Set<NodeJS.Timeout>;
  stopping: boolean;
}

/** At once for the first death in RESPAWN_WINDOW_MS; then 1 s, 2 s, 4 s … up to RESPAWN_MAX_MS. */
function respawnDelay(deaths: Map<number, number[]>, id: number): number {
  const now = Date.now();
  const recent = (deaths.get(id) ?? []).filter((at) => now - at < RESPAWN_WINDOW_MS);
  recent.push(now);
  deaths.set(id, recent);
  return recent.length <= 1 ? 0 : Math.min(RESPAWN_MAX_MS, 1_000 * 2 ** (recent.length - 2));
}

/**
 * Follow one shard process: log its start, start it again when it dies after having connected
 * (after `respawnDelay`), and keep `states` as its messages say; metrics answers go to `metrics`.
 */
function watchShard(shard: Shard, states: ShardStates, metrics: ShardMetricsAsker, logger: Logger): void {
  const { ready, connected, timers } = states;
  shard.on('spawn', (child) =>
    logger.info({ shard: shard.id, processId: (child as ChildProcess).pid }, 'shard process started'),
  );
  shard.on('death', (process) => {
    const child = process as ChildProcess; // mode 'process'
    ready.delete(shard.id);
    const exit = { shard: shard.id, code: child.exitCode, signal: child.signalCode };
    // A shard that never connected fails the start instead (see start()).
    if (states.stopping || !connected.has(shard.id)) return void logger.info(exit, 'shard process exited');
    const delayMs = respawnDelay(states.deaths, shard.id);
    logger.warn({ ...exit, delayMs }, 'shard process died; starting it again');
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (states.stopping) return;
      shard
        .spawn(SPAWN_TIMEOUT_MS)
        .catch((error: Error) =>
          logger.error({ err: error, shard: shard.id }, 'shard process did not connect'),
        );
    }, delayMs);
    timers.add(timer);
  });
  shard.on('error', (error: Error) => logger.error({ err: error, shard: shard.id }, 'shard process error'));
  shard.on('message', (message: ShardMessage) => {
    if (!message || typeof message !== 'object') return;
    if (message.rollcall === 'ready') {
      ready.add(shard.id);
      connected.add(shard.id);
      logger.info({ shard: shard.id, ready: ready.size, of: states.ids.length }, 'shard ready');
    } else if (message.rollcall === 'stopping') {
      ready.delete(shard.id);
    } else if (message.rollcall === 'reconnecting') {
      if (ready.delete(shard.id)) logger.warn({ shard: shard.id }, 'shard reconnecting to the gateway');
    } else if (message.rollcall === 'metrics') {
      metrics.answered(message.nonce, message.metrics);
    }
  });
}

/** Asks shards for their metrics over the IPC channel and matches their answers to the questions. */
interface ShardMetricsAsker {
  /** One shard's metrics, or undefined when it does not answer in time. */
  ask(shard: Shard): Promise<ShardMetrics | undefined>;
  answered(nonce: number, metrics: ShardMetrics): void;
}

function shardMetricsAsker(): ShardMetricsAsker {
  let nonce = 0;
  const waiting = new Map<number, (metrics: ShardMetrics) => void>();
  return {
    async ask(shard) {
      if (!shard.process) return undefined;
      const id = ++nonce;
      let timer: NodeJS.Timeout | undefined;
      try {
        return await new Promise<ShardMetrics | undefined>((resolve) => {
          waiting.set(id, resolve);
          timer = setTimeout(() => resolve(undefined), METRICS_WAIT_MS);
          shard
            .send({ rollcall: 'metrics?', nonce: id } satisfies ShardMessage)
            .catch(() => resolve(undefined));
        });
      } finally {
        clearTimeout(timer);
        waiting.delete(id);
      }
    },
    answered: (id, metrics) => waiting.get(id)?.(metrics),
  };
}

/** SIGTERM one shard and wait for it (`boundMs`, then SIGKILL); true when it exited 0. */
async function stopShard(shard: Shard, boundMs: number, logger: Logger): Promise<boolean> {
  const child = shard.process;
  if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode === 0;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  const code = await within(exited, boundMs, () => 'late' as const, true);
  if (code === 'late') {
    logger.error({ shard: shard.id }, 'shard process did not exit within the grace period; killing it');
    child.kill('SIGKILL');
    await exited;
    return false;
  }
  return code === 0;
}

export function createManager(options: {
  config: Config;
  logger: Logger;
  /** The file each shard process runs (main.js, or main.ts under tsx). */
  file: string;
  count: number;
}): Manager {
  const { config, logger, count } = options;
  const ids = shardIds(config, count);
  const manager = new ShardingManager(options.file, {
    totalShards: count,
    shardList: ids,
    mode: 'process',
    // Dead shards are started again here (respawnDelay), not by discord.js (which does so at once, forever).
    respawn: false,
    token: config.DISCORD_TOKEN,
    // The shard runs with the same Node flags (a TypeScript loader in development, source maps).
    execArgv: process.execArgv,
  });
  const states: ShardStates = {
    ids,
    ready: new Set(),
    connected: new Set(),
    deaths: new Map(),
    timers: new Set(),
    stopping: false,
  };
  const metrics = shardMetricsAsker();
  manager.on('shardCreate', (shard: Shard) => watchShard(shard, states, metrics, logger));

  const isReady = () => !states.stopping && ids.every((id) => states.ready.has(id));
  const health =
    config.HEALTH_PORT === undefined
      ? undefined
      : createHealthServer({
          host: config.HEALTH_HOST,
          port: config.HEALTH_PORT,
          ready: isReady,
          metrics: {
            contentType: prom().AggregatorRegistry.PROMETHEUS_CONTENT_TYPE,
            async text() {
              const all = await Promise.all([...manager.shards.values()].map((shard) => metrics.ask(shard)));
              const answered = all.filter((m): m is ShardMetrics => m !== undefined);
              return prom().AggregatorRegistry.aggregate(answered).metrics();
            },
          },
          logger,
        });

  return {
    manager,
    health,
    ready: isReady,
    async start() {
      await health?.start();
      logger.info({ shards: ids, of: count }, 'starting shard processes');
      // Discord takes one IDENTIFY per 5 s (max_concurrency 1): the manager's default spacing.
      await manager.spawn({ amount: count, timeout: SPAWN_TIMEOUT_MS });
    },
    async stop() {
      if (states.stopping) return false;
      states.stopping = true;
      for (const timer of states.timers) clearTimeout(timer);
      const bound = config.SHUTDOWN_GRACE_MS + EXIT_MARGIN_MS;
      const results = await Promise.all(
        [...manager.shards.values()].map((shard) => stopShard(shard, bound, logger)),
      );
      await health?.stop();
      return results.every(Boolean);
    },
  };
}
