/**
 * The links and settings a server's admins keep in hosted mode (/rollcall-admin): which token the
 * server reads with, and its settings, in the store.
 */
import type { Links } from '../../commands/admin/command.js';
import { parseLimits } from '../base/limits-spec.js';
import { say, UserError } from '../discord/replies.js';
import { StoreError } from '../store/errors.js';
import type { CredentialInfo, Store } from '../store/index.js';
import { defaultSettings, type GuildSettings } from '../store/settings.js';

/** What the admin command keeps in the store: everything of `Links` but what needs the API. */
export interface LinkStore extends Pick<Links, 'settings' | 'saveSettings'> {
  /** The server's linked credential, without its token. */
  describe(guildId: string): Promise<CredentialInfo | undefined>;
  /** Save the token for the server (after the check); resolves once the store committed it. */
  link(
    guildId: string,
    token: string,
    linkedBy: string,
    communityId: string | undefined,
  ): Promise<CredentialInfo>;
  /**
   * Forget the server: its credential and settings, and its community's data when no other server
   * reads it (`forgotten` is then told that community, the token's hash, once the store committed).
   */
  forget(guildId: string): Promise<void>;
}

/**
 * The settings an admin sees and changes: when the stored ones do not validate, the defaults, so
 * that saving writes a valid row (moderators are refused until then).
 */
async function adminSettings(store: Store, guildId: string): Promise<GuildSettings> {
  try {
    return await store.getSettings(guildId);
  } catch (error) {
    if (error instanceof StoreError && error.code === 'settings') return defaultSettings();
    throw error;
  }
}

/** The links and settings over `store` (asked for at each use). */
export function linkStore(
  store: () => Store,
  forgotten: (community: string) => Promise<void> = async () => undefined,
): LinkStore {
  return {
    describe: (guildId) => store().describeCredential(guildId),
    settings: async (guildId) => adminSettings(store(), guildId),
    async saveSettings(guildId, change) {
      if (change.apiLimits !== undefined) {
        const parsed = parseLimits(change.apiLimits);
        // The problem names the limit at fault by its place, quoting it only when it is no secret.
        if (!parsed.ok) throw new UserError(say.badLimits(parsed.problem));
      }
      const current = await adminSettings(store(), guildId);
      const next = { ...current, ...change };
      if (next.apiLimits === undefined) delete next.apiLimits;
      return store().saveSettings(guildId, next);
    },
    link(guildId, token, linkedBy, communityId) {
      // The server's limits count for its new token from its next read on (the store says so).
      return store().saveCredential(guildId, { token, linkedBy, ...(communityId ? { communityId } : {}) });
    },
    async forget(guildId) {
      const community = await store().deleteGuild(guildId);
      if (community !== undefined) await forgotten(community);
    },
  };
}
