/**
 * Hosted mode's Apis (src/community/api-pool.ts): one per token, a replaced token gets a new one, the least recently
 * used is closed when the map is full. A real SQLite store in a temporary DATA_DIR; no request is
 * made (resolving a community reads nothing from the API).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCache } from '../../src/api/cache.js';
import { loadConfig } from '../../src/base/config.js';
import { limitsProblemText, parseLimits } from '../../src/base/limits-spec.js';
import { createLogger } from '../../src/base/log.js';
import { strictest } from '../../src/community/api-pool.js';
import { createHostedCommunities, type HostedCommunities } from '../../src/community/hosted.js';
import { openStore, type Store } from '../../src/store/index.js';

const G1 = '1400000000000000001';
const G2 = '1400000000000000002';
const G3 = '1400000000000000003';
const G4 = '1400000000000000004';
const key = Buffer.alloc(32, 5);

let store: Store;
let hosted: HostedCommunities;
let cache: ReturnType<typeof createCache>;

const baseEnv = {
  DISCORD_TOKEN: 'discord-token',
  DISCORD_APPLICATION_ID: '123456789012345678',
  API_BASE_URL: 'http://127.0.0.1:9/api/v1',
  ROLLCALL_SECRET_KEY: key.toString('base64'),
  LOG_LEVEL: 'silent',
};
let storeDir: string;
/** The store's statements since the last reset (its own onStatement hook). */
let statements: string[] = [];

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rollcall-hosted-'));
  storeDir = dataDir;
  const loaded = loadConfig({ ...baseEnv, DATA_DIR: dataDir });
  if (!loaded.ok) throw new Error(loaded.errors.join('; '));
  const logger = createLogger({ level: 'silent', format: 'json' });
  cache = createCache(loaded.config, logger);
  store = await openStore({ dataDir, secretKey: key, onStatement: (text) => statements.push(text) });
  hosted = createHostedCommunities({ config: loaded.config, logger, store: () => store, cache, maxApis: 1 });
});

afterAll(async () => {
  await hosted?.close();
  await store?.close();
  await cache?.close();
});

async function apiOf(guildId: string) {
  const community = await hosted.resolve(guildId);
  expect(typeof community).toBe('object');
  return { api: community.allowance, key: community.key };
}

describe("hosted mode's communities and their Apis", () => {
  it('resolving a server asks the store one statement: its credential, settings and token limits at once', async () => {
    await store.saveCredential(G3, { token: 'token-three', linkedBy: '1' });
    await store.saveCredential(G4, { token: 'token-three', linkedBy: '1' });
    await store.saveSettings(G4, { apiLimits: '40/month' });
    statements = [];
    const community = await hosted.resolve(G3);
    expect(statements).toHaveLength(1);
    expect((await community.allowance.limitStatus())[0]?.text).toMatch(/^40\//);
    statements = [];
    await expect(hosted.resolve('1400000000000000099')).rejects.toThrow();
    expect(statements).toHaveLength(1);
    await store.deleteGuild(G3);
    await store.deleteGuild(G4);
  });

  it('keeps one Api per token, a new one for a replaced token, and evicts the least recently used', async () => {
    await store.saveCredential(G1, { token: 'token-one', linkedBy: '1' });
    await store.saveCredential(G2, { token: 'token-two', linkedBy: '1' });
    const first = await apiOf(G1);
    expect(first.api).toBeDefined();
    expect((await apiOf(G1)).api).toBe(first.api); // kept while in use
    const second = await apiOf(G2);
    expect(second.api).not.toBe(first.api);
    expect(second.key).not.toBe(first.key);
    // The map holds one: G1's Api was closed and G1 gets a new one.
    const again = await apiOf(G1);
    expect(again.api).not.toBe(first.api);
    expect(again.key).toBe(first.key);
    await store.saveCredential(G1, { token: 'token-one-replaced', linkedBy: '1' });
    const replaced = await apiOf(G1);
    expect(replaced.api).not.toBe(again.api);
    expect(replaced.key).not.toBe(first.key);
  });

  it('gives servers linked to one token one Api, kept to the strictest of their limits', async () => {
    await store.saveCredential(G3, { token: 'token-shared', linkedBy: '1' });
    await store.saveCredential(G4, { token: 'token-shared', linkedBy: '1' });
    await store.saveSettings(G3, { apiLimits: '100/month,30/1m' });
    await store.saveSettings(G4, { apiLimits: '777/month,60/1m,1000/1h' });
    const texts = async (guildId: string) =>
      (await (await apiOf(guildId)).api.limitStatus()).map((s) => s.text);
    // G4 looser on month and minute, but adds an hourly limit: every window at its tightest, from
    // the first read of either server (the store knows both).
    expect(await texts(G3)).toEqual(['100/month', '30/60s', '1000/3600s'].map(normal));
    const shared = await apiOf(G4);
    expect(await texts(G4)).toEqual(['100/month', '30/60s', '1000/3600s'].map(normal));
    const again = await apiOf(G3);
    expect(again.api).toBe(shared.api); // one Api, one set of counters
    expect(again.key).toBe(shared.key);
    // G3 unlinked: the token is kept to G4's limits alone from then on.
    await hosted.forget(G3);
    expect(await texts(G4)).toEqual(['777/month', '60/60s', '1000/3600s'].map(normal));
  });

  it("after a restart, in another process, the server without a limit setting reading first reads under the other's month", async () => {
    const G5 = '1400000000000000005';
    const G6 = '1400000000000000006';
    await store.saveCredential(G5, { token: 'token-restart', linkedBy: '1' });
    await store.saveCredential(G6, { token: 'token-restart', linkedBy: '1' });
    await store.saveSettings(G5, { apiLimits: '10/month,100/1m' });
    // A second process (its own store connection and hosted, nothing of this one's memory).
    const dataDir = mkdtempSync(join(tmpdir(), 'rollcall-hosted-other-'));
    const other = await openStore({ dataDir: storeDir, secretKey: key });
    const config = loadConfig({ ...baseEnv, DATA_DIR: dataDir });
    if (!config.ok) throw new Error(config.errors.join('; '));
    const logger = createLogger({ level: 'silent', format: 'json' });
    const otherHosted = createHostedCommunities({ config: config.config, logger, store: () => other, cache });
    try {
      const community = await otherHosted.resolve(G6);
      const status = await community.allowance.limitStatus();
      // G6 chose nothing (the bot's default, 30 a minute): G5's month, the default's minute.
      expect(status.map((s) => s.text)).toEqual(['10/month', '30/60s'].map(normal));
    } finally {
      await otherHosted.close();
      await other.close();
    }
  });

  it('strictest: the fewest requests per window, every window kept', () => {
    const lists = ['100/month,30/1m', '50/month,10/10s', '60/1m'].map((t) => {
      const parsed = parseLimits(t);
      if (!parsed.ok) throw new Error(limitsProblemText(parsed.problem));
      return parsed.limits;
    });
    expect(strictest(lists).map((s) => s.text)).toEqual(['50/month', '10/10s', '30/60s'].map(normal));
    expect(strictest([])).toEqual([]);
  });
});

/** A limit as parseLimits writes it. */
function normal(text: string): string {
  const parsed = parseLimits(text);
  if (!parsed.ok) throw new Error(limitsProblemText(parsed.problem));
  return parsed.limits[0]?.text as string;
}
