/**
 * `.env.example` leaves SHARDS= and SHARD_COUNT= empty. discord.js reads both from the environment
 * itself when a client is made; empty values must be removed first, or the client's JSON parse of
 * them fails before any setting is checked.
 */
import { Client } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { dropEmptyClientEnv } from '../../src/ops/shards.js';

const NAMES = ['SHARDS', 'SHARD_COUNT', 'SHARD_LIST'] as const;
const saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));

afterEach(() => {
  for (const name of NAMES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe('empty values that discord.js reads itself', () => {
  it('are removed, and a client can then be made', async () => {
    process.env.SHARDS = '';
    process.env.SHARD_COUNT = '  ';
    dropEmptyClientEnv();
    expect(NAMES.filter((name) => name in process.env)).toEqual([]);
    const client = new Client({ intents: [] });
    expect(client.options.shards).toEqual([0]);
    await client.destroy();
  });

  it('keeps values that are set', () => {
    const env: NodeJS.ProcessEnv = { SHARDS: '2', SHARD_COUNT: '', OTHER: '' };
    dropEmptyClientEnv(env);
    expect(env).toEqual({ SHARDS: '2', OTHER: '' });
  });
});
