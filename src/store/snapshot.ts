/**
 * The reports' snapshot in the store: each community's lists as the API pages of 100 they were
 * read in, with when each page was read, and each server's report settings. The store keeps API
 * records as opaque JSON (it knows nothing of the API); the community is the credential's hash, never
 * the token. Reports read every page of a list and refresh the oldest page first, as the monthly
 * allowance's pace allows (src/community/snapshots.ts).
 */

import type { Kysely } from 'kysely';
import { heldBytes } from '../base/held-bytes.js';
import { mayWrite } from './fence.js';
import { COMMUNITY_COLUMN, type Run, type Tables } from './migrations.js';

export const SNAPSHOT_RESOURCES = ['shifts', 'loas', 'members', 'roles'] as const;
export type SnapshotResource = (typeof SNAPSHOT_RESOURCES)[number];

export interface SnapshotPage {
  /** 1-based API page number. */
  page: number;
  items: unknown[];
  /** The list's page count as the API said when this page was read. */
  totalPages: number;
  /** When the API produced it (ms since epoch). */
  fetchedAt: number;
  /**
   * What its records take in memory as JSON text (`heldBytes`), when known: the store gives it for a
   * page it read (the stored text is that JSON), so the snapshot memory need not serialise it again.
   */
  bytes?: number;
}

interface PageTime {
  resource: SnapshotResource;
  page: number;
  totalPages: number;
  fetchedAt: number;
}

export interface SnapshotStore {
  /** Saved pages of one list (all, or only those numbered in `only`), in page order. */
  pages(community: string, resource: SnapshotResource, only?: readonly number[]): Promise<SnapshotPage[]>;
  /** Which pages a community's snapshot holds and when each was read, without their records. */
  pageTimes(community: string): Promise<PageTime[]>;
  /**
   * Save (or replace) one page, setting its `bytes`; pages past its `totalPages` are dropped (the list
   * shrank). Nothing lands once the community is forgotten (src/store/fence.ts).
   */
  savePage(community: string, resource: SnapshotResource, page: SnapshotPage): Promise<void>;
  forget(community: string): Promise<void>;
  /** A server's report settings as saved (JSON), or undefined. */
  reportSettings(guildId: string): Promise<unknown>;
  saveReportSettings(guildId: string, settings: unknown): Promise<void>;
}

export class SqlSnapshots implements SnapshotStore {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly run: Run,
    private readonly now: () => number,
  ) {}

  async pages(
    community: string,
    resource: SnapshotResource,
    only?: readonly number[],
  ): Promise<SnapshotPage[]> {
    if (only && only.length === 0) return [];
    const rows = await this.run(() => {
      let query = this.db
        .selectFrom('snapshot_pages')
        .select(['page', 'items', 'total_pages', 'fetched_at'])
        .where(COMMUNITY_COLUMN, '=', community)
        .where('resource', '=', resource);
      if (only) query = query.where('page', 'in', [...only]);
      return query.orderBy('page').execute();
    });
    return rows.map((r) => ({
      page: Number(r.page),
      items: parseItems(r.items),
      totalPages: Number(r.total_pages),
      fetchedAt: Number(r.fetched_at),
      bytes: heldBytes(r.items),
    }));
  }

  async pageTimes(community: string): Promise<PageTime[]> {
    const rows = await this.run(() =>
      this.db
        .selectFrom('snapshot_pages')
        .select(['resource', 'page', 'total_pages', 'fetched_at'])
        .where(COMMUNITY_COLUMN, '=', community)
        .execute(),
    );
    return rows.map((r) => ({
      resource: r.resource as SnapshotResource,
      page: Number(r.page),
      totalPages: Number(r.total_pages),
      fetchedAt: Number(r.fetched_at),
    }));
  }

  async savePage(community: string, resource: SnapshotResource, page: SnapshotPage): Promise<void> {
    const row = {
      [COMMUNITY_COLUMN]: community,
      resource,
      page: page.page,
      items: JSON.stringify(page.items),
      total_pages: page.totalPages,
      fetched_at: page.fetchedAt,
    };
    page.bytes = heldBytes(row.items);
    await this.run(() =>
      this.db.transaction().execute(async (trx) => {
        // A community forgotten (its last server deleted) keeps no page, even one read before.
        if (!(await mayWrite(trx, community))) return;
        await trx
          .insertInto('snapshot_pages')
          .values(row)
          .onConflict((oc) =>
            oc.columns([COMMUNITY_COLUMN, 'resource', 'page']).doUpdateSet({
              items: row.items,
              total_pages: row.total_pages,
              fetched_at: row.fetched_at,
            }),
          )
          .execute();
        await trx
          .deleteFrom('snapshot_pages')
          .where(COMMUNITY_COLUMN, '=', community)
          .where('resource', '=', resource)
          .where('page', '>', Math.max(1, page.totalPages))
          .execute();
      }),
    );
  }

  async forget(community: string): Promise<void> {
    await this.run(() =>
      this.db.deleteFrom('snapshot_pages').where(COMMUNITY_COLUMN, '=', community).execute(),
    );
  }

  async reportSettings(guildId: string): Promise<unknown> {
    const row = await this.run(() =>
      this.db
        .selectFrom('report_settings')
        .select('settings')
        .where('guild_id', '=', guildId)
        .executeTakeFirst(),
    );
    if (!row) return undefined;
    try {
      return JSON.parse(row.settings) as unknown;
    } catch {
      return undefined;
    }
  }

  async saveReportSettings(guildId: string, settings: unknown): Promise<void> {
    const json = JSON.stringify(settings);
    const now = this.now();
    await this.run(() =>
      this.db
        .insertInto('report_settings')
        .values({ guild_id: guildId, settings: json, updated_at: now })
        .onConflict((oc) => oc.column('guild_id').doUpdateSet({ settings: json, updated_at: now }))
        .execute(),
    );
  }
}

function parseItems(text: string): unknown[] {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}
