/**
 * A newcomer copies .env.example to .env and fills in the five required values: that must start.
 * Optional settings are commented out there, so none of them is set empty (an empty SHARDS, for
 * one, is read by discord.js itself).
 */
import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

const REQUIRED = {
  DISCORD_TOKEN: 'MTA.bot.token',
  DISCORD_APPLICATION_ID: '100000000000000001',
  DISCORD_GUILD_ID: '100000000000000002',
  API_BASE_URL: 'https://api.example.test/api/v1',
  API_TOKEN: 'community-token',
};

const example = parseEnv(readFileSync('.env.example', 'utf8')) as Record<string, string>;

describe('.env.example as a newcomer uses it', () => {
  it('sets nothing but the five required settings, all left for the user to fill in', () => {
    expect(Object.keys(example).sort()).toEqual(Object.keys(REQUIRED).sort());
    expect(Object.values(example).every((value) => value === '')).toBe(true);
  });

  it('with the five required values filled in, is a valid configuration', () => {
    const loaded = loadConfig({ ...example, ...REQUIRED });
    expect(loaded.ok ? [] : loaded.errors).toEqual([]);
  });
});
