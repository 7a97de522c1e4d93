/**
 * What an interaction needs of the store about its server, in one statement: the server's
 * credential row, its settings, and the settings of every server linked to the same token (their
 * API limits). Three statements before (credential, settings, the token's limits), sent at once on
 * every interaction: at thousands of communities on PostgreSQL's few pooled connections that was
 * most of the pool's work (bench/README.md, "communities, round 7").
 *
 * The server's own row comes first from a one-row table of the asked id, so a server with settings
 * but no credential still has its settings read (and refused when they do not validate, as before).
 */
import { type Kysely, sql } from 'kysely';
import type { Run, Tables } from './migrations.js';

type CredentialRow = Tables['credentials'];

/** One row per server linked to the asked server's token (one row, its `linked_guild` null, when none). */
interface LookupRow {
  own_settings: string | null;
  guild_id: string | null;
  sealed: string | null;
  key_id: string | null;
  fingerprint: string | null;
  community_id: string | null;
  linked_by: string | null;
  linked_at: number | string | null;
  invalid_at: number | string | null;
  updated_at: number | string | null;
  linked_guild: string | null;
  linked_settings: string | null;
}

interface LookupRows {
  /** The server's credential row; undefined when none is linked. */
  credential: CredentialRow | undefined;
  /** The server's stored settings JSON; undefined when none were saved. */
  settings: string | undefined;
  /** The stored settings JSON of every server linked to the token (the server's own included); null where none. */
  linkedSettings: (string | null)[];
}

/** The rows of the server's lookup, in one statement (see the file's comment). */
export async function lookupRows(db: Kysely<Tables>, run: Run, guildId: string): Promise<LookupRows> {
  const { rows } = await run(() =>
    sql<LookupRow>`
      select own.settings as own_settings,
        c.guild_id, c.sealed, c.key_id, c.fingerprint, c.community_id, c.linked_by, c.linked_at,
        c.invalid_at, c.updated_at,
        linked.guild_id as linked_guild, theirs.settings as linked_settings
      from (select cast(${guildId} as varchar(32)) as guild_id) asked
      left join guild_settings own on own.guild_id = asked.guild_id
      left join credentials c on c.guild_id = asked.guild_id
      left join credentials linked on linked.fingerprint = c.fingerprint
      left join guild_settings theirs on theirs.guild_id = linked.guild_id
    `.execute(db),
  );
  const first = rows[0];
  return {
    credential: first?.guild_id ? credentialOf(first) : undefined,
    settings: first?.own_settings ?? undefined,
    linkedSettings: rows.filter((row) => row.linked_guild !== null).map((row) => row.linked_settings),
  };
}

function credentialOf(row: LookupRow): CredentialRow {
  return {
    guild_id: row.guild_id as string,
    sealed: row.sealed as string,
    key_id: row.key_id as string,
    fingerprint: row.fingerprint as string,
    community_id: row.community_id,
    linked_by: row.linked_by as string,
    linked_at: row.linked_at as number | string,
    invalid_at: row.invalid_at,
    updated_at: row.updated_at as number | string,
  };
}
