/**
 * Rollcall under the shard manager, as shipped (`node src/main.ts` with SHARDS set, one process per
 * shard), between the two doubles and a Redis of its own; servers placed on chosen shards.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/base/config.js';
import { registerCommands } from '../../src/deploy-commands.js';
import { type DiscordDouble, startDiscordDouble } from '../doubles/discord/double.js';
import { snowflakeOnShard } from '../doubles/discord/snowflake.js';
import { type Sandbox, startSandbox } from '../doubles/sandbox/server.js';
import { freePort, OwnRedis } from '../support/redis.js';

const cwd = new URL('../..', import.meta.url).pathname;

/** One line of the processes' JSON logs. */
export interface LogLine {
  level: number;
  time: number;
  msg: string;
  pid: number;
  role?: string;
  shard?: number;
  [key: string]: unknown;
}

export interface ShardedWorld {
  sandbox: Sandbox;
  double: DiscordDouble;
  redis: OwnRedis;
  /** Server ids, by the shard that serves them. */
  guilds: string[][];
  env: NodeJS.ProcessEnv;
  healthUrl: string;
  manager: ChildProcess | undefined;
  output: { text: string };
  /** Parsed JSON log lines written so far. */
  lines(): LogLine[];
  /** Start the manager (node --import tsx src/main.ts) in a process group of its own. */
  start(extra?: Record<string, string>): ChildProcess;
  close(): Promise<void>;
}

export async function createShardedWorld(options: {
  count: number;
  guildsPerShard?: number;
  env?: Record<string, string>;
}): Promise<ShardedWorld> {
  const perShard = options.guildsPerShard ?? 1;
  const guilds = [...Array(options.count).keys()].map((shard) =>
    [...Array(perShard).keys()].map((i) => snowflakeOnShard(shard, options.count, shard * 16 + i + 1)),
  );
  const all = guilds.flat();
  const sandbox = await startSandbox();
  const double = await startDiscordDouble({
    guildId: all[0] as string,
    extraGuilds: all.slice(1).map((id, i) => ({ id, name: `Server ${i + 2}` })),
    recommendedShards: options.count,
  });
  const redis = await OwnRedis.create();
  await redis.start();
  const healthPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DISCORD_TOKEN: 'discord-token-sharded',
    DISCORD_APPLICATION_ID: double.applicationId,
    DISCORD_GUILD_ID: all.join(','),
    DISCORD_API_URL: double.restUrl,
    API_BASE_URL: sandbox.url,
    API_TOKEN: sandbox.token,
    API_LIMITS: '1000/1s',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'rollcall-shards-')),
    CACHE_URL: redis.url,
    HEALTH_PORT: String(healthPort),
    SHUTDOWN_GRACE_MS: '4000',
    LOG_LEVEL: 'info',
    // `auto`: the count the double's GET /gateway/bot recommends (options.count).
    SHARDS: 'auto',
    ...options.env,
  };
  const loaded = loadConfig(env);
  if (!loaded.ok) throw new Error(loaded.errors.join('; '));
  await registerCommands(loaded.config);
  const output = { text: '' };
  const started: ChildProcess[] = [];
  const world: ShardedWorld = {
    sandbox,
    double,
    redis,
    guilds,
    env,
    healthUrl: `http://127.0.0.1:${healthPort}`,
    manager: undefined,
    output,
    lines() {
      return output.text
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as LogLine);
    },
    start(extra = {}) {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd,
        env: { ...env, ...extra },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      child.stdout?.on('data', (chunk) => {
        output.text += String(chunk);
      });
      child.stderr?.on('data', (chunk) => {
        output.text += String(chunk);
      });
      world.manager = child;
      started.push(child);
      return child;
    },
    async close() {
      // Every process group started (a manager and its shards), whatever state the test left them in.
      for (const child of started) {
        if (!child.pid) continue;
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      await double.close();
      await sandbox.close();
      await redis.kill();
    },
  };
  return world;
}

/** Whether a process with this id is alive. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
