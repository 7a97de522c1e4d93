/**
 * The 401 rule: a token is marked invalid only when the API rejected it on two reads started at
 * least REJECTION_CONFIRM_MS apart. In between, its servers are told when Rollcall tries it again
 * (an admin needs to act only if it is rejected then; `<t:…:R>` on the injected clock) and no
 * request reaches the API; after the wait one read goes out, and an answer clears the suspicion.
 * Hosted mode's real communities over a real SQLite store, the sandbox (the API double) over HTTP and a fake clock.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCache } from '../../src/api/cache.js';
import { loadConfig } from '../../src/base/config.js';
import { createLogger } from '../../src/base/log.js';
import { createHostedCommunities, type HostedCommunities } from '../../src/community/hosted.js';
import { REJECTION_CONFIRM_MS } from '../../src/community/rejections.js';
import { MESSAGES, UserError } from '../../src/discord/replies.js';
import { openStore, type Store } from '../../src/store/index.js';
import { type Sandbox, startSandbox } from '../doubles/sandbox/server.js';

const key = Buffer.alloc(32, 7);
const PAGE = { page: 1, limit: 100 };

let sandbox: Sandbox;
let store: Store;
let hosted: HostedCommunities;
let cache: ReturnType<typeof createCache>;
let clock = Date.UTC(2026, 0, 5, 12);

beforeAll(async () => {
  sandbox = await startSandbox({ tokens: {} });
  const dataDir = mkdtempSync(join(tmpdir(), 'rollcall-rejection-'));
  const loaded = loadConfig({
    DISCORD_TOKEN: 'discord-token',
    DISCORD_APPLICATION_ID: '123456789012345678',
    API_BASE_URL: sandbox.url,
    API_RETRIES: '0',
    API_LIMITS: '100000/month',
    ROLLCALL_SECRET_KEY: key.toString('base64'),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
  });
  if (!loaded.ok) throw new Error(loaded.errors.join('; '));
  const logger = createLogger({ level: 'silent', format: 'json' });
  cache = createCache(loaded.config, logger);
  store = await openStore({ dataDir, secretKey: key });
  hosted = createHostedCommunities({
    config: loaded.config,
    logger,
    store: () => store,
    cache,
    now: () => clock,
  });
});

afterAll(async () => {
  await hosted?.close();
  await store?.close();
  await cache?.close();
  await sandbox?.close();
});

beforeEach(() => {
  sandbox.set({ tokens: {} }); // every token rejected until a test says otherwise
  sandbox.resetLog();
});

/** The API accepts `token` from now on. */
function accept(token: string): void {
  sandbox.set({ tokens: { [token]: { permission: 'all', label: 'accepted' } } });
}

async function resourcesOf(guildId: string) {
  return (await hosted.resolve(guildId)).resources;
}

/** What a read of `guildId` ends with: 'ok', or the sentence a moderator is told. */
async function outcome(guildId: string, read: 'listShifts' | 'listRoles' | 'listLoas' = 'listShifts') {
  try {
    await (await resourcesOf(guildId))[read](PAGE);
    return 'ok';
  } catch (error) {
    if (error instanceof UserError) return error.message;
    throw error;
  }
}

/**
 * What a server is told while its token is held after a first 401 at `since` (the test's clock):
 * Rollcall tries it again REJECTION_CONFIRM_MS later, and only a rejection then needs an admin.
 */
function heldSince(since: number): string {
  return MESSAGES.tokenHeld(Math.ceil((since + REJECTION_CONFIRM_MS) / 1000));
}

async function invalid(guildId: string): Promise<boolean> {
  return (await store.describeCredential(guildId))?.invalidAt instanceof Date;
}

describe("hosted mode's communities: the 401 rule", () => {
  it('does not mark a server invalid for a burst of 401s; its servers are refused without a request', async () => {
    const [G1, G2] = ['1500000000000000001', '1500000000000000002'];
    await store.saveCredential(G1, { token: 'token-burst', linkedBy: '1' });
    await store.saveCredential(G2, { token: 'token-burst', linkedBy: '1' });
    const first = clock;
    const burst = await Promise.all([
      outcome(G1, 'listShifts'),
      outcome(G1, 'listRoles'),
      outcome(G2, 'listLoas'),
    ]);
    // Held, not rejected for good: no admin needs to act unless the read a minute later is refused.
    expect(burst).toEqual(Array(3).fill(heldSince(first)));
    expect(burst[0]).toContain(`<t:${Math.ceil((first + REJECTION_CONFIRM_MS) / 1000)}:R>`);
    expect(burst[0]).not.toBe(MESSAGES.tokenRejected);
    expect(sandbox.requests.map((r) => r.status)).toEqual([401, 401, 401]);
    sandbox.resetLog();
    // The rest of the burst, up to just before the wait is over: told the sentence, nothing sent.
    for (const after of [1_000, 3_000, REJECTION_CONFIRM_MS - 1]) {
      clock = first + after;
      expect(await outcome(G1)).toBe(heldSince(first));
      expect(await outcome(G2, 'listRoles')).toBe(heldSince(first));
    }
    expect(sandbox.requests).toEqual([]);
    expect(await invalid(G1)).toBe(false);
    expect(await invalid(G2)).toBe(false);
  });

  it('marks the token invalid when a read 60 s after the first 401 is rejected too', async () => {
    const [G1, G2] = ['1500000000000000011', '1500000000000000012'];
    await store.saveCredential(G1, { token: 'token-revoked', linkedBy: '1' });
    await store.saveCredential(G2, { token: 'token-revoked', linkedBy: '1' });
    const first = clock;
    expect(await outcome(G1)).toBe(heldSince(first));
    clock += 10_000;
    expect(await outcome(G2)).toBe(heldSince(first)); // refused meanwhile, without a request
    expect(sandbox.requests).toHaveLength(1);
    clock += REJECTION_CONFIRM_MS - 10_000;
    // One read goes out to confirm; the others at the same moment are still refused.
    const [confirming, meanwhile] = await Promise.all([outcome(G1), outcome(G1, 'listRoles')]);
    // Rejected again a minute later: now an admin must act. The read refused while the confirming
    // one was out was told the token is being tried now.
    expect([confirming, meanwhile]).toEqual([MESSAGES.tokenRejected, heldSince(first)]);
    expect(sandbox.requests.map((r) => r.status)).toEqual([401, 401]);
    expect(await invalid(G1)).toBe(true);
    expect(await invalid(G2)).toBe(true);
    // Both servers are now refused by the store, before any read.
    await expect(hosted.resolve(G1)).rejects.toThrow(new UserError(MESSAGES.tokenRejected));
    await expect(hosted.resolve(G2)).rejects.toThrow(new UserError(MESSAGES.tokenRejected));
    expect(sandbox.requests).toHaveLength(2);
  });

  it('clears the suspicion when a read 60 s after a 401 is answered', async () => {
    const G1 = '1500000000000000021';
    await store.saveCredential(G1, { token: 'token-flaky', linkedBy: '1' });
    const first = clock;
    expect(await outcome(G1)).toBe(heldSince(first));
    accept('token-flaky');
    clock += REJECTION_CONFIRM_MS / 2;
    expect(await outcome(G1)).toBe(heldSince(first)); // still within the wait: nothing sent
    expect(sandbox.requests).toHaveLength(1);
    clock += REJECTION_CONFIRM_MS / 2;
    expect(await outcome(G1)).toBe('ok');
    expect(await outcome(G1, 'listRoles')).toBe('ok');
    expect(sandbox.requests.map((r) => r.status)).toEqual([401, 200, 200]);
    expect(await invalid(G1)).toBe(false);
    // A new 401 starts a new wait: one strike again, not a confirmation.
    sandbox.set({ tokens: {} });
    clock += REJECTION_CONFIRM_MS;
    expect(await outcome(G1, 'listLoas')).toBe(heldSince(clock));
    expect(await invalid(G1)).toBe(false);
  });
});
