/**
 * Persisted names stay as existing databases hold them: the column naming a community is still
 * `tenant` in the four tables the migrations created it in (the code says community around it,
 * through COMMUNITY_COLUMN), on both databases, and a community's rows are written under it.
 */

import { Kysely } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/index.js';
import { COMMUNITY_COLUMN } from '../../src/store/migrations.js';
import { postgresPool, StoreDialect } from '../../src/store/postgres.js';
import { backends, PG_URL, type Place, postgres } from './places.js';

const POOL = { max: 1, connectTimeoutMs: 2_000, queryTimeoutMs: 3_000 };
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

describe.runIf(postgres.run)('the schema: PostgreSQL shared with other schemas', () => {
  it("the migrator is told only of the store's own tables, never resolving another schema's", async () => {
    // Kysely's own introspection resolved every table of every schema by name: a schema another
    // program (or test) dropped meanwhile failed opening the store now and then (3F000).
    const other = await postgres.fresh();
    const place = await postgres.fresh();
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    const { kysely } = postgresPool({
      ...POOL,
      connectionString: PG_URL,
      schema: place.options.schema,
    });
    const db = new Kysely<unknown>({ dialect: new StoreDialect({ pool: kysely }) });
    try {
      for (const schema of [other.options.schema, place.options.schema])
        await admin.query(`create schema ${schema}`);
      await admin.query(`create table ${other.options.schema}.elsewhere (id serial primary key)`);
      await admin.query(`create table ${place.options.schema}.here (id serial primary key)`);
      await admin.query(
        `create view ${place.options.schema}.here_view as select id from ${place.options.schema}.here`,
      );
      const tables = await db.introspection.getTables();
      expect(tables.map(({ schema, name, isView }) => ({ schema, name, isView }))).toEqual([
        { schema: place.options.schema, name: 'here', isView: false },
        { schema: place.options.schema, name: 'here_view', isView: true },
      ]);
      const schemas = (await db.introspection.getSchemas()).map(({ name }) => name);
      expect(schemas).toContain(place.options.schema);
    } finally {
      await db.destroy();
      await admin.end();
      await Promise.all([other.remove(), place.remove()]);
    }
  });
});
