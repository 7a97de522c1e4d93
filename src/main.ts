/**
 * `npm start`: read the settings, connect, serve until SIGINT/SIGTERM, then shut down cleanly
 * within SHUTDOWN_GRACE_MS whatever the API does. A bad configuration prints one message naming
 * every problem and exits with code 1.
 *
 * With SHARDS (or SHARD_IDS and SHARD_COUNT) this process is the shard manager (`shards.ts`): it
 * starts one process per shard, each running this file again as a shard.
 */
import { accessSync, constants, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Events } from 'discord.js';
import { type App, createApp, gatewayReady } from './app.js';
import {
  type Config,
  formatConfigErrors,
  isSharded,
  loadConfig,
  loadEnvFile,
  resembledSentence,
  resembledSettings,
} from './base/config.js';
import { createLogger, redactUrlCredentials } from './base/log.js';
import {
  createManager,
  dropEmptyClientEnv,
  isShardProcess,
  SHARD_ENV,
  type ShardMessage,
  shardCount,
  shardingProblem,
} from './ops/shards.js';

// `npm start` reads ./.env when there is one (settings already in the environment win), quietly when
// there is none, as in the image. Node's parser: the same values as `set -a; . ./.env` (.env.example).
// One that cannot be read (a directory, no permission, not UTF-8) is one sentence and exit 1.
const envFile = loadEnvFile('.env');
if (!envFile.ok) {
  process.stderr.write(`Rollcall could not start: ${envFile.problem}\n`);
  process.exit(1);
}
// A shard process: discord.js gives it SHARDS (its id) and SHARD_COUNT; they are the client's, not settings.
dropEmptyClientEnv();
const asShard = isShardProcess();
const env = { ...process.env };
if (asShard) for (const name of SHARD_ENV) delete env[name];
// Misspelt settings (API_LIMIT, LOGLEVEL) are ignored by the parse: named once, by the first process.
const resembled = asShard ? [] : resembledSettings(env, envFile.names).map(resembledSentence);
const loaded = loadConfig(env);
if (!loaded.ok) {
  const errors = [...loaded.errors, ...resembled];
  process.stderr.write(`${redactUrlCredentials(formatConfigErrors(errors))}\n`);
  process.exit(1);
}
const config = loaded.config;
const rootLogger = createLogger({ level: config.LOG_LEVEL, format: config.LOG_FORMAT });
for (const sentence of resembled) rootLogger.warn(sentence);

// Handlers never let a rejection escape; should one slip through, log it and keep serving.
process.on('unhandledRejection', (reason) => rootLogger.error({ err: reason }, 'unhandled rejection'));

/**
 * Say why Rollcall cannot start, once: in one line on stderr (the log's fatal line points to it, so a
 * terminal showing both says the reason once), and exit 1.
 */
function refuse(reason: string): never {
  rootLogger.fatal('could not start; the reason is the line on stderr');
  process.stderr.write(`Rollcall could not start: ${redactUrlCredentials(reason)}\n`);
  process.exit(1);
}

/** Why a start failed, in one sentence: a host not found or not answering says so, with what to check. */
function startProblem(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { code, hostname } = error as NodeJS.ErrnoException & { hostname?: string };
  if (hostname && (code === 'ENOTFOUND' || code === 'EAI_AGAIN'))
    return `${hostname} cannot be found (${error.message}); check this machine's network and DNS`;
  return error.message;
}

const dataProblem = dataDirProblem(config);
if (dataProblem) refuse(dataProblem);

if (!asShard && isSharded(config)) await runManager();
else await runProcess();

/**
 * DATA_DIR holds the limit counters (without CACHE_URL) and the SQLite store (without DATABASE_URL),
 * created and written from the start or at the first report: a folder this process may not write
 * is said now, in one sentence, rather than met as an error thrown at the first write.
 */
function dataDirProblem(settings: Config): string | undefined {
  if (settings.CACHE_URL && settings.DATABASE_URL) return undefined;
  const dir = resolve(settings.DATA_DIR);
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    return `DATA_DIR ${dir} cannot be created or written (${code}); set DATA_DIR to a folder this user may write (the image's is /data: mount a volume there)`;
  }
}

async function runManager(): Promise<void> {
  const logger = rootLogger.child({ role: 'manager' });
  let count: number;
  try {
    count = await shardCount(config);
  } catch (error) {
    refuse(error instanceof Error ? error.message : String(error));
  }
  const problem = shardingProblem(config, count);
  if (problem) refuse(problem);
  const manager = createManager({ config, logger, file: fileURLToPath(import.meta.url), count });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, graceMs: config.SHUTDOWN_GRACE_MS }, 'stopping every shard');
    const clean = await manager.stop();
    logger.info({ clean }, 'every shard stopped');
    process.exitCode = clean ? 0 : 1;
    setTimeout(() => process.exit(), 200).unref();
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  try {
    await manager.start();
    logger.info({ shards: manager.manager.shards.size }, 'every shard connected');
  } catch (error) {
    if (stopping) return;
    const reason = error instanceof Error ? error.message : String(error);
    await manager.stop();
    refuse(`a shard could not connect (${reason})`);
  }
}

async function runProcess(): Promise<void> {
  const logger = asShard ? rootLogger.child({ shard: Number(process.env.SHARDS) }) : rootLogger;
  // Under the manager, the manager listens on HEALTH_PORT; this process tells it how it is.
  let app: App;
  try {
    app = createApp(config, logger, { serveHealth: !asShard });
  } catch (error) {
    refuse(error instanceof Error ? error.message : String(error));
  }
  const tell = (message: ShardMessage) => {
    if (asShard && process.connected) process.send?.(message);
  };
  if (asShard) {
    process.on('message', (message: ShardMessage) => {
      if (message?.rollcall !== 'metrics?') return;
      void (app.metrics?.registry.getMetricsAsJSON() ?? Promise.resolve([])).then(
        (metrics) => tell({ rollcall: 'metrics', nonce: message.nonce, metrics }),
        () => undefined,
      );
    });
    // The manager is gone (killed): nobody will respawn or stop this shard; stop on its own.
    process.once('disconnect', () => void shutdown('manager gone'));
    // discord.js's shard utility still tells the manager of each gateway event (the disconnect as
    // the client is destroyed), without a callback: a send on the closed channel is an 'error' event
    // on the process, which would crash the shutdown midway. The manager is gone; nothing to tell.
    process.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ERR_IPC_CHANNEL_CLOSED') logger.error({ err: error }, 'shard channel error');
    });
  }
  let stopping = false;
  async function shutdown(signal: string): Promise<void> {
    if (stopping) return;
    stopping = true;
    tell({ rollcall: 'stopping' });
    logger.info({ signal, graceMs: config.SHUTDOWN_GRACE_MS }, 'shutting down');
    // app.stop() keeps within the grace period; should anything still hang, go when it ends.
    setTimeout(() => {
      logger.error('grace period over while stopping; exiting now');
      process.exit(1);
    }, config.SHUTDOWN_GRACE_MS).unref();
    try {
      await app.stop(config.SHUTDOWN_GRACE_MS - 400);
      logger.info('stopped');
      process.exitCode = 0;
    } catch (error) {
      logger.error({ err: error }, 'error while shutting down');
      process.exitCode = 1;
    }
    // Leave time for the last log lines to flush, then go even if a handle lingers.
    setTimeout(() => process.exit(), 200).unref();
  }
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.start();
    tell({ rollcall: 'ready' });
    // The manager's readiness follows this shard's gateway: down while it reconnects or resumes.
    const client = app.bot.client;
    const follow = () => {
      if (!stopping) tell({ rollcall: gatewayReady(client) ? 'ready' : 'reconnecting' });
    };
    client.on(Events.ShardReconnecting, follow);
    client.on(Events.ShardDisconnect, follow);
    client.on(Events.ShardResume, follow);
    client.on(Events.ShardReady, follow);
  } catch (error) {
    await app.stop(0).catch(() => undefined);
    refuse(startProblem(error));
  }
}
