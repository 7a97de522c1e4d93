/**
 * The admin's token check (/rollcall-admin setup): one read with the token, under the limits its
 * reads will have once linked, saying whether it works and which community it reads.
 */
import type { TokenCheck } from '../../commands/admin/command.js';
import { isApiError, NoRoomError } from '../api/errors.js';
import type { Api } from '../api/types.js';
import type { Logger } from '../base/log.js';
import { UserError } from '../discord/replies.js';
import { tokenFingerprint } from '../store/crypto.js';
import type { Store } from '../store/index.js';
import type { ApiPool } from './api-pool.js';

/** The longest community id kept with a link (the store's column holds 64 characters). */
const MAX_COMMUNITY_ID = 64;

/** What is left of `api`'s month (none when it has no monthly limit), with when room comes back. */
async function monthLeft(api: Api, nextFreshAt: number) {
  const month = (await api.limitStatus()).find((status) => status.kind === 'month');
  return { nextFreshAt, left: month?.left ?? 0, points: month?.points ?? 0 };
}

interface TokenCheckOptions {
  store: () => Store;
  apis: ApiPool;
  logger: Logger;
}

/** One read (roles, page 1, 100 a page, never from the cache; no retry on 401/403) with `token` for `guildId`. */
export async function checkToken(
  token: string,
  guildId: string,
  options: TokenCheckOptions,
): Promise<TokenCheck> {
  const { store, apis } = options;
  // Under the limits its reads will have once linked: the server's own and those of every server
  // already linked to the token, so the check counts where the later reads do. A store that cannot
  // say which they are refuses the check (its StoreError is the admin's "store unavailable"): a read
  // under the bot's defaults could spend past a stricter month another server set.
  const [own, linked] = await Promise.all([
    store().getSettings(guildId),
    store().allowance.tokenLimits({ fingerprint: tokenFingerprint(token) }),
  ]);
  const api = apis.apiFor(token, [own?.apiLimits, ...linked]);
  try {
    // Spent from the month like any read, whatever the pace: only the API can say whether the
    // token works now. Refused (NoRoomError) only when nothing is left above the reserve.
    const roles = await api.resources.listRoles({ page: 1, limit: 100 }, { purpose: 'link-check' });
    if (roles.stale) return { ok: false, reason: 'unavailable' };
    // A saved answer (the month spent meanwhile) says nothing of the token now.
    if (roles.saving)
      return { ok: false, reason: 'saving', ...(await monthLeft(api, roles.saving.nextFreshAt)) };
    if (roles.fromCache) return { ok: false, reason: 'unavailable' };
    const serverId: unknown = roles.data.data[0]?.serverId;
    return {
      ok: true,
      // Only an id the store can keep (an odd one is API data: the link does not depend on it).
      communityId:
        typeof serverId === 'string' && serverId !== '' && serverId.length <= MAX_COMMUNITY_ID
          ? serverId
          : undefined,
      roleCount: roles.data.total ?? roles.data.data.length,
      roles: {
        linked: roles.data.data.map((role) => ({ linkedChatRoleId: role.linkedChatRoleId })),
        complete: (roles.data.total ?? roles.data.data.length) <= roles.data.data.length,
      },
    };
  } catch (error) {
    return failedCheck(error, token, options);
  }
}

/** What a check that threw says to the admin. */
function failedCheck(error: unknown, token: string, { apis, logger }: TokenCheckOptions): TokenCheck {
  // Rollcall is stopping (no request while it drains): the admin is told so.
  if (error instanceof UserError) throw error;
  if (error instanceof NoRoomError) {
    return { ok: false, reason: 'saving', nextFreshAt: error.nextAt, left: error.left, points: error.points };
  }
  if (isApiError(error) && error.kind === 'http' && error.status === 401) {
    apis.drop(token);
    return { ok: false, reason: 'rejected' };
  }
  if (isApiError(error) && error.kind === 'http' && error.status === 403) {
    return { ok: false, reason: 'forbidden' };
  }
  logger.warn({ err: error }, 'checking a token failed');
  return { ok: false, reason: 'unavailable' };
}
