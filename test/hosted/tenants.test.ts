/**
 * The tenants' map of Apis: one per token, a replaced token gets a new one, the least recently
 * used is closed when the map is full. A real SQLite store in a temporary DATA_DIR; no request is
 * made (resolving a tenant reads nothing from the API).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCache } from '../../src/api/cache.js';
import { loadConfig } from '../../src/config.js';
import type { Tenant } from '../../src/discord/router.js';
import { createTenants, type Tenants } from '../../src/hosted.js';
import { createLogger } from '../../src/log.js';
import { openStore, type Store } from '../../src/store/index.js';

const G1 = '1400000000000000001';
const G2 = '1400000000000000002';
const key = Buffer.alloc(32, 5);

let store: Store;
let tenants: Tenants;
let cache: ReturnType<typeof createCache>;

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rollcall-tenants-'));
  const loaded = loadConfig({
    DISCORD_TOKEN: 'discord-token',
    DISCORD_APPLICATION_ID: '123456789012345678',
    API_BASE_URL: 'http://127.0.0.1:9/api/v1',
    ROLLCALL_SECRET_KEY: key.toString('base64'),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
  });
  if (!loaded.ok) throw new Error(loaded.errors.join('; '));
  const logger = createLogger({ level: 'silent', format: 'json' });
  cache = createCache(loaded.config, logger);
  store = await openStore({ dataDir, secretKey: key });
  tenants = createTenants({ config: loaded.config, logger, store, cache, maxApis: 1 });
});

afterAll(async () => {
  await tenants?.close();
  await store?.close();
  await cache?.close();
});

async function apiOf(guildId: string) {
  const tenant = (await tenants.resolve(guildId)) as Tenant;
  expect(typeof tenant).toBe('object');
  return { api: tenants.apiOf(tenant.resources), key: tenant.key };
}

describe('hosted tenants', () => {
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
});
