/**
 * A large snapshot is read from the store and merged in slices: the store is asked for at most
 * LOAD_CHUNK_PAGES pages per query (SQLite's driver reads a query's rows, and their JSON is parsed,
 * without giving the event loop back), and the work pauses (the injected pause) after every slice
 * of records, while reading and while merging. A real SQLite store; no request is made (every page
 * is saved and fresh).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Resources } from '../../src/api/types.js';
import type { Slicing } from '../../src/base/slices.js';
import { LOAD_CHUNK_PAGES, SnapshotMemory, snapshotSource } from '../../src/community/snapshots.js';
import { openStore } from '../../src/store/index.js';
import type { SnapshotStore } from '../../src/store/snapshot.js';
import { silentLogger } from '../api/helpers.js';
import { backends } from '../store/places.js';

const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const done of cleanup.splice(0).reverse()) await done();
});

const SHIFT_PAGES = 23;

describe('snapshot read in slices (SQLite)', () => {
  it('asks the store for a few pages per query and pauses after every slice of records', async () => {
    const place = await backends[0]?.fresh();
    if (!place) throw new Error('no sqlite');
    cleanup.push(() => place.remove());
    const store = await openStore(place.options);
    cleanup.push(() => store.close());
    const fetchedAt = Date.now();
    for (let page = 1; page <= SHIFT_PAGES; page++) {
      const items = Array.from({ length: 100 }, (_, i) => ({ id: `s${page}-${i}`, memberId: 'm1' }));
      await store.snapshots.savePage('t', 'shifts', { page, items, totalPages: SHIFT_PAGES, fetchedAt });
    }
    for (const resource of ['loas', 'members', 'roles'] as const)
      await store.snapshots.savePage('t', resource, {
        page: 1,
        items: [{ id: `${resource}-1` }],
        totalPages: 1,
        fetchedAt,
      });

    const asked: number[] = [];
    const counted: SnapshotStore = {
      ...store.snapshots,
      pageTimes: (community) => store.snapshots.pageTimes(community),
      savePage: (...a) => store.snapshots.savePage(...a),
      pages: (community, resource, only) => {
        asked.push(only?.length ?? Number.POSITIVE_INFINITY);
        return store.snapshots.pages(community, resource, only);
      },
    };
    let pauses = 0;
    const slicing: Slicing = {
      every: 100,
      pause: async () => {
        pauses++;
      },
    };
    const resources = new Proxy({} as Resources, {
      get: () => () => Promise.reject(new Error('no request expected: every page is saved and fresh')),
    });
    const data = await snapshotSource(
      {
        community: 't',
        resources,
        store: async () => counted,
        freshMs: 3_600_000,
        logger: silentLogger,
        slicing,
      },
      new Map(),
      new SnapshotMemory(),
    ).data();

    expect(data.shifts).toHaveLength(SHIFT_PAGES * 100);
    expect(data.complete).toBe(true);
    expect(data.requests).toBe(0);
    expect(Math.max(...asked)).toBeLessThanOrEqual(LOAD_CHUNK_PAGES);
    expect(asked.filter((n) => n > 0).reduce((a, b) => a + b, 0)).toBe(SHIFT_PAGES + 3);
    // A pause after each page of 100 shifts, reading (23) and merging (23).
    expect(pauses).toBeGreaterThanOrEqual(2 * SHIFT_PAGES);
  });
});
