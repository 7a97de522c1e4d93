/**
 * The one builder of a `Community`, for both modes: the credential's reads, its access rules and the
 * guard that keeps them. The adapters add the server, its reports and its paging arguments.
 */
import type { Api, Resources } from '../api/types.js';
import type { Config } from '../base/config.js';
import type { Logger } from '../base/log.js';
import { AccessGuard, type AccessRules } from '../discord/access.js';
import type { Community, Directory } from '../discord/community.js';
import type { CodeLabels } from '../render/labels.js';

type CredentialCommunity = Omit<Community, 'guildId' | 'reports' | 'state'>;

interface CommunityParts {
  key: string;
  /** The credential's Api: its stats and limits for /rollcall status, its month's holds for whole-list reads. */
  api: Api;
  /** Its reads, feeding `directory` (the access checks' member lookups included). */
  resources: Resources;
  directory: Directory;
  /** Who may read, but ACCESS_REQUIRE_MEMBER, which both modes take from the configuration. */
  rules: Omit<AccessRules, 'requireMember'>;
  defaultPublic: boolean;
  labels?: CodeLabels | undefined;
}

export function buildCommunity(parts: CommunityParts, config: Config, logger: Logger): CredentialCommunity {
  const { key, api, resources, directory, defaultPublic, labels } = parts;
  const access: AccessRules = { requireMember: config.ACCESS_REQUIRE_MEMBER, ...parts.rules };
  const guard = new AccessGuard({
    ...access,
    community: key,
    maxAgeMs: config.ACCESS_MAX_AGE_SECONDS * 1000,
    graceMs: config.ACCESS_GRACE_SECONDS * 1000,
    resources,
    logger,
  });
  return {
    key,
    resources,
    directory,
    allowance: api,
    defaultPublic,
    ...(labels !== undefined ? { labels } : {}),
    access,
    guard: guard.check,
    logger,
    firstCheck: guard.firstCheck,
  };
}
