/**
 * The community a Discord server reads: everything an interaction in that server needs, in one
 * object. The router asks `Communities` (src/community/communities.ts) for the community of the
 * interaction's server, and only of that server: never from a custom_id or an option. Commands,
 * views, reports and digests are given it; nothing travels beside it.
 */
import type { Interaction } from 'discord.js';
import type { Api, Resources } from '../api/types.js';
import type { Logger } from '../base/log.js';
import type { Text } from '../i18n/words.js';
import type { CodeLabels } from '../render/labels.js';
import type { People } from '../render/people.js';
import type { ReportSource } from '../reports/source.js';
import type { AccessRules, SpendRefusal } from './access.js';
import type { HoldMonth } from './paging/allowance.js';
import type { StateStore } from './paging/state.js';

/**
 * The community's directory of who is who (member id ↔ Discord user id), filled by every member
 * read for a Discord user and read by the renderers (src/community/directory.ts).
 */
export interface Directory {
  /**
   * The Discord users of those of `memberIds` the directory knows. Never fails and never waits long:
   * when the store does not answer within `waitMs` (default: a page's short wait), what this process
   * last saw (possibly nothing).
   */
  lookup(memberIds: readonly string[], waitMs?: number): Promise<People>;
  /** Remember that `memberId` is the Discord user `userId` (in the background; never fails). */
  remember(memberId: string, userId: string): void;
}

/** A check before a read; returns a refusal sentence, or undefined to allow. */
type Guard = (interaction: Interaction) => Promise<Text | undefined>;

/**
 * The credential's monthly allowance as the bot sees it: where its limits stand and the API layer's
 * counters (for /rollcall status), and the holds whole-list reads plan with (without `holdMonth`
 * nothing is limited).
 */
type Allowance = Pick<Api, 'stats' | 'limitStatus'> & { holdMonth?: HoldMonth };

export interface Community {
  /**
   * Names the credential (its token's hash) without revealing it: the reports' snapshot is kept
   * under it, and in hosted mode the stored paging arguments too.
   */
  key: string;
  /** The Discord server the interaction came from. */
  guildId: string;
  /** The credential's reads. */
  resources: Resources;
  allowance: Allowance;
  /** The reports' snapshot and settings of this community; none: reports are unavailable. */
  reports?: ReportSource;
  /** Answers are posted for everyone unless `public:false` (the server's setting); default private. */
  defaultPublic: boolean;
  /** The server's names for integer codes, shown beside the numbers (hosted mode's settings). */
  labels?: CodeLabels;
  /**
   * The access rules the guard keeps (ACCESS_* in single-community mode; the server's access-roles
   * and discord-roles in hosted mode), for /rollcall status; none: no rule.
   */
  access?: AccessRules;
  /** The access guard (run within the answer time, so it may be slow); none: everyone may read. */
  guard?: Guard;
  /**
   * Whether a first check (a lookup no saved answer allowed) may be spent on the user outside the
   * guard (/me): the guard's spending rule, undefined when it may, else why not (journaled and logged
   * as the guard's refusals); none: no first check is spent on anyone.
   */
  firstCheck?: (interaction: Interaction) => Promise<SpendRefusal | undefined>;
  /** Who is who in this community; none: members are shown by their ids. */
  directory?: Directory;
  /** This community's share of the stored paging arguments (no other community's are seen). */
  state: StateStore;
  /**
   * Where a view that shows the rest of its answer despite a failure of one part (a staff record's
   * standing) logs that failure for the operator; none: it is not logged.
   */
  logger?: Pick<Logger, 'warn'>;
}

/**
 * The community of a Discord server, or a UserError whose sentence refuses the server (not linked,
 * another server than the configured ones, the store not answering...).
 */
export type CommunityOf = (guildId: string) => Promise<Community>;
