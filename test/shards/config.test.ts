/**
 * The shard settings: SHARDS, SHARD_IDS and SHARD_COUNT parsed and checked together; the count
 * (`auto` asks the Discord double at DISCORD_API_URL, never discord.com); what several processes
 * refuse to run without.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type Config, isSharded, loadConfig } from '../../src/base/config.js';
import { shardCount, shardIds, shardingProblem } from '../../src/ops/shards.js';
import { type DiscordDouble, startDiscordDouble } from '../doubles/discord/double.js';
import { freePort } from '../support/redis.js';

const BASE = {
  DISCORD_TOKEN: 'discord-token-config',
  DISCORD_APPLICATION_ID: '123456789012345678',
  DISCORD_GUILD_ID: '223456789012345678',
  API_BASE_URL: 'http://127.0.0.1:9/api/v1',
  API_TOKEN: 'api-token-config',
};
const HOSTED = {
  DISCORD_TOKEN: 'discord-token-config',
  DISCORD_APPLICATION_ID: '123456789012345678',
  API_BASE_URL: 'http://127.0.0.1:9/api/v1',
  ROLLCALL_SECRET_KEY: Buffer.alloc(32, 5).toString('base64'),
};

function config(env: Record<string, string>): Config {
  const loaded = loadConfig(env);
  if (!loaded.ok) throw new Error(loaded.errors.join('; '));
  return loaded.config;
}

function errors(env: Record<string, string>): string[] {
  const loaded = loadConfig(env);
  return loaded.ok ? [] : loaded.errors;
}

let double: DiscordDouble | undefined;
afterEach(async () => {
  await double?.close();
  double = undefined;
});

describe('shard settings', () => {
  it('unset: one process, no manager', () => {
    const c = config(BASE);
    expect(isSharded(c)).toBe(false);
    expect([c.SHARDS, c.SHARD_IDS, c.SHARD_COUNT]).toEqual([undefined, [], undefined]);
  });

  it('SHARDS is auto or a whole number from 1', () => {
    expect(config({ ...BASE, SHARDS: 'auto' }).SHARDS).toBe('auto');
    expect(config({ ...BASE, SHARDS: '3' }).SHARDS).toBe(3);
    expect(isSharded(config({ ...BASE, SHARDS: '1' }))).toBe(true);
    for (const bad of ['0', '-1', '2.5', 'many', '1e2', '5000'])
      expect(errors({ ...BASE, SHARDS: bad }), bad).toEqual([
        'SHARDS must be auto or a whole number from 1 to 4096',
      ]);
  });

  it('SHARD_IDS and SHARD_COUNT go together, ids below the count, SHARDS equal to it if set', () => {
    const c = config({ ...BASE, SHARD_IDS: '2, 3', SHARD_COUNT: '4' });
    expect(isSharded(c)).toBe(true);
    expect(shardIds(c, 4)).toEqual([2, 3]);
    expect(errors({ ...BASE, SHARD_IDS: '0' })).toEqual([
      'SHARD_COUNT is required with SHARD_IDS: the number of shards across every host',
    ]);
    expect(errors({ ...BASE, SHARD_COUNT: '2' })).toEqual([
      'SHARD_IDS is required with SHARD_COUNT: the shards this host runs (e.g. 0,1)',
    ]);
    expect(errors({ ...BASE, SHARD_IDS: '1,2', SHARD_COUNT: '2' })).toEqual([
      'SHARD_IDS must be below SHARD_COUNT (2): shards are numbered from 0',
    ]);
    expect(errors({ ...BASE, SHARD_IDS: '0', SHARD_COUNT: '2', SHARDS: '3' })).toEqual([
      'SHARDS must be unset or equal to SHARD_COUNT when SHARD_IDS is set',
    ]);
    expect(errors({ ...BASE, SHARD_IDS: 'a,b', SHARD_COUNT: '2' })).toEqual([
      'SHARD_IDS must be shard numbers (0, 1, ...) separated by commas',
    ]);
    expect(shardIds(config({ ...BASE, SHARDS: '3' }), 3)).toEqual([0, 1, 2]);
  });
});

describe('the shard count', () => {
  it('is SHARD_COUNT or SHARDS when given, asking nobody', async () => {
    expect(await shardCount(config({ ...BASE, SHARDS: '3' }))).toBe(3);
    expect(await shardCount(config({ ...BASE, SHARD_IDS: '0', SHARD_COUNT: '5' }))).toBe(5);
  });

  it('auto: what GET /gateway/bot at DISCORD_API_URL recommends', async () => {
    double = await startDiscordDouble({ recommendedShards: 3 });
    const c = config({ ...BASE, SHARDS: 'auto', DISCORD_API_URL: double.restUrl });
    expect(await shardCount(c)).toBe(3);
    expect(double.calls.filter((call) => call.path.endsWith('/gateway/bot'))).toHaveLength(1);
  });

  it('auto with Discord unreachable: one sentence naming SHARDS, no token', async () => {
    const port = await freePort();
    const c = config({ ...BASE, SHARDS: 'auto', DISCORD_API_URL: `http://127.0.0.1:${port}/api` });
    const failure = await shardCount(c).then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(failure).toMatch(
      /^SHARDS=auto: Discord did not say how many shards to run \(.+\); set SHARDS to a number$/,
    );
    expect(failure).not.toContain(BASE.DISCORD_TOKEN);
  }, 30_000);
});

describe('what several processes need', () => {
  const redis = { CACHE_URL: 'redis://127.0.0.1:6379' };

  it('one shard needs nothing more', () => {
    expect(shardingProblem(config({ ...BASE, SHARDS: '1' }), 1)).toBeUndefined();
  });

  it('more than one shard needs CACHE_URL', () => {
    expect(shardingProblem(config({ ...BASE, SHARDS: '2' }), 2)).toMatch(/set CACHE_URL \(Redis\)$/);
    expect(shardingProblem(config({ ...BASE, SHARDS: '2', ...redis }), 2)).toBeUndefined();
  });

  it('hosted mode: SQLite serves the processes of one host, not several hosts', () => {
    expect(shardingProblem(config({ ...HOSTED, SHARDS: '2', ...redis }), 2)).toBeUndefined();
    expect(shardingProblem(config({ ...HOSTED, SHARD_IDS: '0', SHARD_COUNT: '2', ...redis }), 2)).toBe(
      'shards on several hosts (SHARD_IDS) cannot share the SQLite store under DATA_DIR: set DATABASE_URL (PostgreSQL)',
    );
    expect(
      shardingProblem(
        config({
          ...HOSTED,
          SHARD_IDS: '0',
          SHARD_COUNT: '2',
          ...redis,
          DATABASE_URL: 'postgres://rollcall@127.0.0.1:5432/test',
        }),
        2,
      ),
    ).toBeUndefined();
  });
});
