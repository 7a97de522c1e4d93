/**
 * Persisted names stay as existing databases hold them: the column naming a community is still
 * `tenant` in the four tables the migrations created it in (the code says community around it,
 * through COMMUNITY_COLUMN), on both databases, and a community's rows are written under it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/index.js';
import { COMMUNITY_COLUMN } from '../../src/store/migrations.js';
import { backends, type Place } from './places.js';

const TABLES = ['snapshot_pages', 'directory', 'saved_answers', 'saved_answer_totals'] as const;

/** The column names of `table` at `place`. */
async function columnsOf(place: Place, kind: 'sqlite' | 'postgres', table: string): Promise<string[]> {
  const rows =
    kind === 'sqlite'
      ? await place.query('select name from pragma_table_info(?)', [table])
      : await place.query(
          'select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ?',
          [table],
        );
  return rows.map((row) => String(row.name)).sort();
}

describe.each(backends)('the schema: $title', (backend) => {
  const places: Place[] = [];
  const stores: Store[] = [];
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
    await Promise.all(places.splice(0).map((place) => place.remove()));
  });

  it.runIf(backend.run)('keeps the community column under its persisted name, tenant', async () => {
    expect(COMMUNITY_COLUMN).toBe('tenant');
    const place = await backend.fresh();
    places.push(place);
    const store = await openStore(place.options);
    stores.push(store);
    for (const table of TABLES) expect(await columnsOf(place, backend.name, table)).toContain('tenant');
    await store.directory.remember('a-community', 'member-1', '310000000000000001');
    expect(await place.query('select tenant, member_id from directory')).toEqual([
      { tenant: 'a-community', member_id: 'member-1' },
    ]);
  });

  it.runIf(backend.run && backend.name === 'sqlite')(
    "reads the reports' page times from an index alone, never through the pages' records",
    async () => {
      const place = await backend.fresh();
      places.push(place);
      const store = await openStore(place.options);
      stores.push(store);
      // The query of `SqlSnapshots.pageTimes` (src/store/snapshot.ts), asked at every report.
      const plan = await place.query(
        `explain query plan select resource, page, total_pages, fetched_at from snapshot_pages where ${COMMUNITY_COLUMN} = ?`,
        ['a-community'],
      );
      expect(plan.map((row) => String(row.detail)).join('\n')).toMatch(
        /USING COVERING INDEX snapshot_pages_times\b/,
      );
    },
  );
});
