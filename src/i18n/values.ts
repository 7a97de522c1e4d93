/** The shapes of the values some sentences of src/i18n/en.ts are given (what they describe). */

/** A server's link to its community (`/rollcall-admin setup` with no token). */
export interface LinkState {
  fingerprint: string;
  communityId: string | undefined;
  linkedBy: string;
  linkedAt: Date;
  invalidAt: Date | undefined;
}

/** A server's settings as `/rollcall-admin settings` shows them. */
export interface SettingsState {
  visibility: 'private' | 'public';
  accessRoles: string[];
  /**
   * The bot's ACCESS_REQUIRE_MEMBER (every server's): only members of the community server pass;
   * a holder of an access role is one by holding it.
   */
  requireMember: boolean;
  limits: string | undefined;
  /** Discord roles (as role mentions, which ping nobody: replies allow no mentions). */
  discordRoles?: string[];
}

/** Each code table's labels (`/rollcall-admin labels`). */
export type LabelTables = Array<{ name: string; labels: Array<[string, string]> }>;

/** A server's digest, as `/rollcall-admin reports` shows it. */
export interface DigestState {
  channelId: string;
  when: string;
  reports: string[];
  problem?: string;
}

/** What an export sent. */
export interface ExportDone {
  rows: number;
  total: number;
  files: number;
  requests: number;
  fetchedAtSeconds: number;
  /** The most rows an export reads, when the list had more. */
  capped: number | undefined;
}
