/**
 * Hosted mode's communities: which community each Discord server reads, from the store.
 *
 * The community of an interaction comes only from its server id: the server's stored credential,
 * and the Api built for that credential's token (`api-pool.ts`: one per token, under the strictest
 * limits of the servers linked to it). A 401 from the API makes the token suspect (`rejections.ts`).
 * The admin command's links and settings are `links.ts`, its token check `token-check.ts`. The store
 * failing never falls back to anything: moderators are told the database is unreachable.
 */
import type { Links } from '../../commands/admin/command.js';
import { within } from '../api/abort.js';
import type { ApiCache } from '../api/cache.js';
import { readRoles } from '../api/roles.js';
import type { Config } from '../base/config.js';
import type { Logger } from '../base/log.js';
import { ADMIN_SETTING_NAMES, forgetRolesUnread } from '../discord/access.js';
import type { Community } from '../discord/community.js';
import { say, UserError } from '../discord/replies.js';
import type { Metrics } from '../ops/metrics.js';
// Values from the store's own modules, not its index: the index loads kysely and the database drivers.
import { tokenHash } from '../store/crypto.js';
import { StoreError } from '../store/errors.js';
import type { Store } from '../store/index.js';
import { ApiPool } from './api-pool.js';
import { buildCommunity } from './build-community.js';
import { createDirectory, DirectoryMemory, remembering } from './directory.js';
import { type LinkStore, linkStore } from './links.js';
import { Rejections } from './rejections.js';
import { checkToken } from './token-check.js';

/** How long a credential lookup may take before moderators are told the database is not answering. */
const LOOKUP_TIMEOUT_MS = 2_000;

/**
 * What the store says a server reads: its credential's reads, allowance and the server's settings
 * (the hosted adapter, src/community/communities.ts, adds its reports and paging arguments).
 */
type LinkedCommunity = Omit<Community, 'reports' | 'state'>;

/** Hosted mode's communities, and what the admin command keeps and checks (`Links`). */
export interface HostedCommunities extends Omit<Links, keyof LinkStore>, LinkStore {
  /** The server's community; a UserError with the sentence refusing the server when it has none. */
  resolve(guildId: string): Promise<LinkedCommunity>;
  close(): Promise<void>;
}

interface HostedOptions {
  config: Config;
  logger: Logger;
  /** The store: asked for at each use, and open by the time anything is served (the adapter opens it at start). */
  store: () => Store;
  cache: ApiCache;
  metrics?: Metrics;
  /** As the communities' (communities.ts). */
  stop?: AbortSignal;
  drain?: AbortSignal;
  maxApis?: number;
  /** The clock of the 401 rule (tests; default Date.now). */
  now?: () => number;
  /** A community forgotten (its last server deleted): what this process keeps of it goes too. */
  onForgotten?: (community: string) => void;
}

/**
 * A server's credential, settings and the limits of every server linked to its token (one
 * statement: `Store.lookup`), within LOOKUP_TIMEOUT_MS.
 */
function lookup(store: Store, guildId: string) {
  return within(store.lookup(guildId), LOOKUP_TIMEOUT_MS, () => {
    throw new StoreError('unavailable', 'the credential lookup timed out');
  });
}

/** The sentence refusing a server whose lookup failed (logged without the token). */
function refusal(error: unknown, guildId: string, logger: Logger): UserError {
  if (error instanceof StoreError && error.code === 'settings') {
    logger.warn({ guild: guildId, err: error }, "this server's stored settings do not validate");
    return new UserError(say.settingsUnreadable);
  }
  if (error instanceof StoreError && error.code === 'unreadable') {
    logger.warn({ guild: guildId, err: error }, "this server's stored token does not open");
    return new UserError(say.tokenUnreadable);
  }
  logger.warn({ guild: guildId, err: error }, 'the store did not answer');
  return new UserError(say.storeUnavailable);
}

export function createHostedCommunities(options: HostedOptions): HostedCommunities {
  const { config, logger, store } = options;
  const apis = new ApiPool(options);
  const rejections = new Rejections({
    logger,
    store,
    drop: (token) => apis.drop(token),
    now: options.now ?? Date.now,
  });
  /** What this process saw of every community's directory. */
  const directoryMemory = new DirectoryMemory();

  async function resolve(guildId: string): Promise<LinkedCommunity> {
    let found: Awaited<ReturnType<typeof lookup>>;
    try {
      found = await lookup(store(), guildId);
    } catch (error) {
      throw refusal(error, guildId, logger);
    }
    const { credential, settings, tokenLimits } = found;
    if (!credential) throw new UserError(say.notLinked);
    if (credential.invalidAt) throw new UserError(say.tokenRejected);
    const api = apis.apiFor(credential.token, tokenLimits);
    const key = tokenHash(credential.token);
    // Who is who in this community, kept under the token's hash like its snapshot; every member read
    // for a Discord user (the access checks' included) feeds it.
    const directory = createDirectory({
      community: key,
      store: async () => store().directory,
      memory: directoryMemory,
      logger,
    });
    const resources = remembering(rejections.guarded(guildId, credential.token, api), directory);
    const rules = {
      roleIds: settings.accessRoleIds,
      discordRoleIds: settings.accessDiscordRoleIds,
      settingNames: ADMIN_SETTING_NAMES,
    };
    const defaultPublic = settings.defaultVisibility === 'public';
    const parts = { key, api, resources, directory, rules, defaultPublic, labels: settings.labels };
    return { ...buildCommunity(parts, config, logger), guildId };
  }

  const links = linkStore(store, async (community) => {
    // The store fences the community's writes; this process's own copies go, its Api's reads
    // still in flight write nothing more to the cache, and the cache's entries of it go.
    directoryMemory.forget(community);
    options.onForgotten?.(community);
    await apis.forget(community);
  });

  return {
    resolve,
    check: (token, guildId) => checkToken(token, guildId, { store, apis, logger }),
    ...links,
    // A roles list the old token could not read says nothing of the new one's (nor, unlinked, of
    // a token linked later): the guard's next check reads it at once.
    async link(guildId, token, linkedBy, communityId) {
      const linked = await links.link(guildId, token, linkedBy, communityId);
      forgetRolesUnread(guildId);
      return linked;
    },
    async forget(guildId) {
      await links.forget(guildId);
      forgetRolesUnread(guildId);
    },
    async roles(guildId, options) {
      const community = await resolve(guildId);
      // The one roles reader (every page), shared with the guard, pickers and /rollcall status.
      const list = await readRoles(community.resources, {
        purpose: options?.refresh === 'now' ? 'link-check' : options?.refresh ? 'refresh' : 'ask',
      });
      return {
        roles: list.roles.map((role) => ({
          id: role.id,
          name: role.name ?? role.id,
          linkedChatRoleId: role.linkedChatRoleId,
        })),
        list,
      };
    },
    requireMember: config.ACCESS_REQUIRE_MEMBER,
    close: () => apis.close(),
  };
}
