/**
 * What every process of a token must agree on before it reads, kept where a cache flush or a lost
 * file cannot take it:
 * - the month's request count per token (by its hash) and month, only ever raised (a writer that saw
 *   less never lowers it), written before each request goes out;
 * - the API limits chosen by every server linked to one token (their settings' apiLimits), so the
 *   strictest of them apply from the first read after a restart, in every process.
 */
import { type Kysely, sql } from 'kysely';
import type { Run, Tables } from './migrations.js';

export interface AllowanceStore {
  /** Requests counted for `token` (its hash) in `month` (the limits' name of it); 0 when none. */
  used(token: string, month: string): Promise<number>;
  /** Count at least `used` for `token` in `month` (never lowers what is kept). */
  raise(token: string, month: string, used: number): Promise<void>;
  /**
   * The API limits (settings' apiLimits, API_LIMITS form; undefined where a server chose none) of
   * every server linked to the token of `guildId`, or to the token with `fingerprint`.
   */
  tokenLimits(by: { guildId: string } | { fingerprint: string }): Promise<(string | undefined)[]>;
}

export class SqlAllowance implements AllowanceStore {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly run: Run,
    private readonly now: () => number,
  ) {}

  async used(token: string, month: string): Promise<number> {
    const row = await this.run(() =>
      this.db
        .selectFrom('month_counts')
        .select('used')
        .where('token', '=', token)
        .where('month', '=', month)
        .executeTakeFirst(),
    );
    return row ? Number(row.used) : 0;
  }

  async raise(token: string, month: string, used: number): Promise<void> {
    const now = this.now();
    await this.run(() =>
      this.db
        .insertInto('month_counts')
        .values({ token, month, used, updated_at: now })
        .onConflict((oc) =>
          oc.columns(['token', 'month']).doUpdateSet({
            used: sql<number>`case when excluded.used > month_counts.used then excluded.used else month_counts.used end`,
            updated_at: now,
          }),
        )
        .execute(),
    );
  }

  async tokenLimits(by: { guildId: string } | { fingerprint: string }): Promise<(string | undefined)[]> {
    const rows = await this.run(() => {
      let query = this.db
        .selectFrom('credentials as linked')
        .leftJoin('guild_settings', 'guild_settings.guild_id', 'linked.guild_id')
        .select('guild_settings.settings');
      query =
        'fingerprint' in by
          ? query.where('linked.fingerprint', '=', by.fingerprint)
          : query.where('linked.fingerprint', 'in', (sub) =>
              sub.selectFrom('credentials').select('fingerprint').where('guild_id', '=', by.guildId),
            );
      return query.execute();
    });
    return rows.map((row) => apiLimitsOf(row.settings));
  }
}

/** The apiLimits of stored settings JSON; undefined when unset or unreadable (the bot's own apply). */
export function apiLimitsOf(settings: string | null): string | undefined {
  if (settings === null) return undefined;
  try {
    const value: unknown = (JSON.parse(settings) as { apiLimits?: unknown })?.apiLimits;
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}
