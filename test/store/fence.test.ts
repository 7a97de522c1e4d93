/**
 * The fence of forgotten communities against both databases (SQLite always; PostgreSQL at
 * 127.0.0.1:5432 when it listens, always in CI): once a token's last server is deleted, no write of
 * its community lands (saved answers, directory, snapshot pages), another community's still do, and
 * linking the token again lets them land again. On PostgreSQL, a write that meets the deletion's
 * transaction still open waits for it and then writes nothing.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { tokenHash } from '../../src/store/crypto.js';
import { openStore, type Store } from '../../src/store/index.js';
import { backends, PG_URL, type Place, postgres } from './places.js';

const GUILD = '1300000000000000021';
const OTHER_GUILD = '1300000000000000022';
const NOW = Date.now();

const token = () => `rc_fence_${randomBytes(8).toString('hex')}`;

/** One of each write a community's data gets, for `community`. */
async function writeAll(store: Store, community: string, n: number): Promise<void> {
  await store.answers.save(
    community,
    [
      {
        key: `rollcall:v1:${community}:listLoas:{"page":${n}}`,
        entry: JSON.stringify({ data: [n], fetchedAt: NOW }),
        fetchedAt: NOW,
        expiresAt: NOW + 3_600_000,
      },
    ],
    1_000_000,
  );
  await store.directory.remember(community, `member-${n}`, `10000000000000000${n}`);
  await store.snapshots.savePage(community, 'loas', {
    page: 1,
    items: [{ id: n }],
    totalPages: 1,
    fetchedAt: NOW,
  });
}

/** How many rows of `community` each table of its data holds. */
async function rowsOf(place: Place, community: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ['saved_answers', 'saved_answer_totals', 'directory', 'snapshot_pages']) {
    const rows = await place.query(
      `select count(*) as n from ${table} where tenant = ${placeholder(place)}`,
      [community],
    );
    counts[table] = Number(rows[0]?.n);
  }
  return counts;
}

const placeholder = (place: Place) => (place.options.databaseUrl ? '$1' : '?');
const NONE = { saved_answers: 0, saved_answer_totals: 0, directory: 0, snapshot_pages: 0 };
const ONE_EACH = { saved_answers: 1, saved_answer_totals: 1, directory: 1, snapshot_pages: 1 };

describe.each(backends)('the fence of forgotten communities: $title', (backend) => {
  const places: Place[] = [];
  const stores: Store[] = [];

  async function open(): Promise<{ store: Store; place: Place }> {
    const place = await backend.fresh();
    places.push(place);
    const store = await openStore({ ...place.options, secretKey: Buffer.alloc(32, 7) });
    stores.push(store);
    return { store, place };
  }

  afterEach(async () => {
    await Promise.all(stores.splice(0).map((s) => s.close().catch(() => {})));
    await Promise.all(places.splice(0).map((p) => p.remove()));
  });

  describe.runIf(backend.run)('', () => {
    it('lands no write of a community after its last server is deleted, until its token is linked again', async () => {
      const { store, place } = await open();
      const [mine, theirs] = [token(), token()];
      await store.saveCredential(GUILD, { token: mine, linkedBy: '42' });
      await store.saveCredential(OTHER_GUILD, { token: theirs, linkedBy: '42' });
      const [a, b] = [tokenHash(mine), tokenHash(theirs)];
      await writeAll(store, a, 1);
      await writeAll(store, b, 1);
      expect(await rowsOf(place, a)).toEqual(ONE_EACH);

      expect(await store.deleteGuild(GUILD)).toBe(a);
      expect(await rowsOf(place, a)).toEqual(NONE);
      // What was read before the deletion arrives after it: none of it lands.
      await writeAll(store, a, 2);
      expect(await rowsOf(place, a)).toEqual(NONE);
      // Another community is not touched, and still writes.
      await writeAll(store, b, 2);
      expect(await rowsOf(place, b)).toEqual({ ...ONE_EACH, saved_answers: 2, directory: 2 });

      // Linked again: its writes land again.
      await store.saveCredential(GUILD, { token: mine, linkedBy: '42' });
      await writeAll(store, a, 3);
      expect(await rowsOf(place, a)).toEqual(ONE_EACH);
    });

    it('forgets nothing while another server reads the same token', async () => {
      const { store, place } = await open();
      const shared = token();
      await store.saveCredential(GUILD, { token: shared, linkedBy: '42' });
      await store.saveCredential(OTHER_GUILD, { token: shared, linkedBy: '42' });
      expect(await store.deleteGuild(GUILD)).toBeUndefined();
      await writeAll(store, tokenHash(shared), 1);
      expect(await rowsOf(place, tokenHash(shared))).toEqual(ONE_EACH);
    });
  });
});

describe.runIf(postgres.run)('the fence on PostgreSQL, with the deletion still open', () => {
  it('holds a write that meets it until it commits, and then lands nothing', async () => {
    const place = await postgres.fresh();
    const store = await openStore({ ...place.options, secretKey: Buffer.alloc(32, 7) });
    const schema = place.options.schema as string;
    const client = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${schema}` });
    // Another session watches: inside a transaction, pg_stat_activity keeps its first snapshot.
    const watcher = new pg.Client({ connectionString: PG_URL });
    await Promise.all([client.connect(), watcher.connect()]);
    try {
      const community = tokenHash(token());
      await writeAll(store, community, 1);
      // The deletion's transaction as deleteGuild runs it: the mark first, then the rows.
      await client.query('begin');
      await client.query(
        'insert into community_fences (tenant, forgotten_at) values ($1, $2) on conflict (tenant) do update set forgotten_at = $2',
        [community, NOW],
      );
      let settled = false;
      const late = writeAll(store, community, 2).finally(() => {
        settled = true;
      });
      // The write waits on the fence's row (it would have landed by now otherwise).
      await expect
        .poll(async () => (await lockWaits(watcher)) > 0, { timeout: 2_000, interval: 20 })
        .toBe(true);
      expect(settled).toBe(false);
      for (const table of ['snapshot_pages', 'directory', 'saved_answers', 'saved_answer_totals']) {
        await client.query(`delete from ${table} where tenant = $1`, [community]);
      }
      await client.query('commit');
      await late;
      expect(await rowsOf(place, community)).toEqual(NONE);
    } finally {
      await Promise.all([client.end(), watcher.end()]);
      await store.close();
      await place.remove();
    }
  });
});

/** Sessions waiting for a lock on a fence's row (their statement names the table). */
async function lockWaits(client: pg.Client): Promise<number> {
  const { rows } = await client.query(
    "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%community_fences%' and pid <> pg_backend_pid()",
  );
  return Number(rows[0]?.n ?? 0);
}
