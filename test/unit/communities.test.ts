/**
 * Single-community mode's communities: the one credential, in DISCORD_GUILD_ID's servers only, with
 * its reports and its (unscoped) paging arguments; nothing is read and the store stays closed until
 * something needs it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCache } from '../../src/api/cache.js';
import { loadConfig } from '../../src/base/config.js';
import { createLogger } from '../../src/base/log.js';
import { type Communities, createCommunities } from '../../src/community/communities.js';
import { StateStore } from '../../src/discord/paging/state.js';
import { MESSAGES, UserError } from '../../src/discord/replies.js';
import { tokenHash } from '../../src/store/crypto.js';

const GUILD = '223456789012345678';
const OTHER = '323456789012345678';

const loaded = loadConfig({
  DISCORD_TOKEN: 'discord-token',
  DISCORD_APPLICATION_ID: '123456789012345678',
  API_BASE_URL: 'http://127.0.0.1:9/api/v1',
  API_TOKEN: 'token-single',
  DISCORD_GUILD_ID: GUILD,
  DATA_DIR: mkdtempSync(join(tmpdir(), 'rollcall-communities-')),
  LOG_LEVEL: 'silent',
});
if (!loaded.ok) throw new Error(loaded.errors.join('; '));
const logger = createLogger({ level: 'silent', format: 'json' });
const cache = createCache(loaded.config, logger);
const state = new StateStore({ get: async () => undefined, set: async () => undefined });
const communities: Communities = createCommunities({
  config: loaded.config,
  logger,
  cache,
  stop: new AbortController().signal,
  state,
});

afterAll(async () => {
  await communities.close();
  await cache.close();
  communities.release();
});

describe('single-community mode', () => {
  it('refuses a server not in DISCORD_GUILD_ID', async () => {
    await expect(communities.of(OTHER)).rejects.toThrow(new UserError(MESSAGES.wrongGuild));
  });

  it("gives a listed server the one Api's reads, allowance and reports, without opening the store", async () => {
    const community = await communities.of(GUILD);
    expect(community.guildId).toBe(GUILD);
    expect(community.key).toBe(tokenHash('token-single'));
    // The one Api's reads, its member-by-Discord-user lookup wrapped to feed the directory.
    expect(community.resources.listLoas).toBe(communities.api?.resources.listLoas);
    expect(community.resources.getMemberByChatId).not.toBe(communities.api?.resources.getMemberByChatId);
    expect(community.allowance).toBe(communities.api);
    expect(community.defaultPublic).toBe(false);
    // The environment sets the reports' settings: there is nothing to save them to.
    expect(community.reports).toBeDefined();
    expect(community.reports?.saveSettings).toBeUndefined();
    // The one community's paging arguments are kept unscoped, as they always were.
    expect(community.state).toBe(state);
    expect(communities.store()).toBeUndefined();
    expect(communities.hosted).toBeUndefined();
  });
});
