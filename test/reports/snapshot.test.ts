/**
 * The reports' snapshot through the real API layer against the sandbox (real HTTP, generated data)
 * and the real store (SQLite file, and PostgreSQL in a schema of its own): every page read once,
 * kept across a restart, refreshed only as the monthly allowance's pace allows.
 */

import { afterEach, describe, expect, it } from 'vitest';
import { createApi } from '../../src/api/client.js';
import { NotSavedError } from '../../src/api/errors.js';
import type { Api } from '../../src/api/types.js';
import { limitsProblemText, parseLimits } from '../../src/base/limits-spec.js';
import { snapshotSource } from '../../src/community/snapshots.js';
import { UserError } from '../../src/discord/replies.js';
import { ENGLISH } from '../../src/i18n/words.js';
import { footerText } from '../../src/render/page.js';
import { openStore, type Store } from '../../src/store/index.js';
import { fakeClock, fastDeps, silentLogger, testConfig } from '../api/helpers.js';
import { generateDataset, type Sandbox, startSandbox } from '../doubles/sandbox/index.js';
import { backends, type Place } from '../store/places.js';

const dataset = generateDataset({ seed: 7, shifts: 250, loas: 120, members: 60, roles: 6, activeShifts: 5 });
const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const done of cleanup.splice(0).reverse()) await done();
});

async function world(limits = '1000/1s', now?: () => number, monthSeconds = 0) {
  const sandbox: Sandbox = await startSandbox({ dataset });
  cleanup.push(() => sandbox.close());
  const parsed = parseLimits(limits);
  if (!parsed.ok) throw new Error(limitsProblemText(parsed.problem));
  const config = testConfig(sandbox.url, {
    API_TOKEN: sandbox.token,
    API_LIMITS: parsed.limits,
    API_RETRIES: 0,
    API_MONTH_SECONDS: monthSeconds,
  });
  const api = (at = now) => {
    const made: Api = createApi(config, silentLogger, { ...fastDeps, ...(at ? { now: at } : {}) });
    cleanup.push(() => made.close());
    return made;
  };
  return { sandbox, api, config };
}

async function open(place: Place): Promise<Store> {
  const store = await openStore(place.options);
  cleanup.push(() => store.close());
  return store;
}

const ids = (items: ReadonlyArray<{ id?: unknown }>) => items.map((i) => i.id).sort();
const listCalls = (sandbox: Sandbox) => sandbox.requests.filter((r) => r.path.endsWith('s')).length;

for (const backend of backends) {
  describe.runIf(backend.run)(`report snapshot (${backend.title})`, () => {
    it('reads every page once, serves it again without a request, and keeps it across a restart', async () => {
      const { sandbox, api } = await world();
      const place = await backend.fresh();
      cleanup.push(() => place.remove());
      const store = await open(place);
      const source = snapshotSource({
        community: 'community-a',
        resources: api().resources,
        store: async () => store.snapshots,
        freshMs: 60_000,
        logger: silentLogger,
      });
      const first = await source.data();
      // 250 shifts: 3 pages; 120 LOAs: 2; 60 members: 1; 6 roles: 1.
      expect(first.requests).toBe(7);
      expect(listCalls(sandbox)).toBe(7);
      expect(sandbox.requests.every((r) => r.query.limit === '100' || r.query.pageSize === '100')).toBe(true);
      expect(first.complete).toBe(true);
      expect(ids(first.shifts)).toEqual(ids(dataset.shifts));
      expect(ids(first.loas)).toEqual(ids(dataset.loas));
      expect(ids(first.members)).toEqual(ids(dataset.members));
      expect(ids(first.roles)).toEqual(ids(dataset.roles));

      const again = await source.data();
      expect(again.requests).toBe(0);
      expect(listCalls(sandbox)).toBe(7);

      // A restart: a new store connection and a new API layer (empty cache) on the same database.
      await store.close();
      const reopened = await open(place);
      const after = snapshotSource({
        community: 'community-a',
        resources: api().resources,
        store: async () => reopened.snapshots,
        freshMs: 3_600_000,
        logger: silentLogger,
      });
      const kept = await after.data();
      expect(kept.requests).toBe(0);
      expect(listCalls(sandbox)).toBe(7);
      expect(ids(kept.shifts)).toEqual(ids(dataset.shifts));
      expect(kept.source.fetchedAt).toBe(first.source.fetchedAt);
      // Another community's snapshot is its own.
      const other = await reopened.snapshots.pages('community-b', 'shifts');
      expect(other).toEqual([]);
      // No row holds the token.
      expect(await place.dump()).not.toContain(sandbox.token);
    });
  });
}

describe('a saved-only read of the snapshot (the staff record)', () => {
  it('makes no request: none saved is NotSavedError, then the saved pages as they are, however old', async () => {
    const { sandbox, api } = await world();
    const place = await (backends[0] as (typeof backends)[number]).fresh();
    cleanup.push(() => place.remove());
    const store = await open(place);
    const source = snapshotSource({
      community: 'community-s',
      resources: api().resources,
      store: async () => store.snapshots,
      freshMs: 0,
      logger: silentLogger,
    });
    await expect(source.data({ purpose: 'saved-only' })).rejects.toBeInstanceOf(NotSavedError);
    expect(listCalls(sandbox)).toBe(0);
    const full = await source.data();
    expect(full.requests).toBe(7);
    // freshMs 0: every saved page is old, and a report would read each again; a saved-only read does not.
    const saved = await source.data({ purpose: 'saved-only' });
    expect(saved.requests).toBe(0);
    expect(listCalls(sandbox)).toBe(7);
    expect(ids(saved.members)).toEqual(ids(dataset.members));
  });
});

describe('report snapshot kept in memory', () => {
  it('sees pages another process refreshed, and reads only those from the store', async () => {
    const { api } = await world();
    const place = await backends[0]?.fresh();
    if (!place) throw new Error('no sqlite');
    cleanup.push(() => place.remove());
    const store = await open(place);
    const make = () =>
      snapshotSource({
        community: 'community-m',
        resources: api().resources,
        store: async () => store.snapshots,
        freshMs: 3_600_000,
        logger: silentLogger,
      });
    const mine = make();
    const first = await mine.data();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Another process (its own memory) refreshes everything.
    const theirs = await make().data({ purpose: 'refresh' });
    expect(theirs.requests).toBe(7);
    expect(theirs.source.fetchedAt).toBeGreaterThan(first.source.fetchedAt);
    const seen = await mine.data();
    expect(seen.requests).toBe(0);
    expect(seen.source.fetchedAt).toBe(theirs.source.fetchedAt);
    expect(ids(seen.shifts)).toEqual(ids(dataset.shifts));
  });
});

describe('report snapshot refresh and the monthly allowance', () => {
  it('reads pages never read one per turn of the pace, and says so until every page is read', async () => {
    // A month of 120 s: the pace spreads 79 requests (100 less the reserve and the first) over what
    // is left of it, a turn every 1.5 s at most (turns are kept in real time).
    const { sandbox, api } = await world('100/month', undefined, 120);
    const place = await backends[0]?.fresh();
    if (!place) throw new Error('no sqlite');
    cleanup.push(() => place.remove());
    const store = await open(place);
    const source = snapshotSource({
      community: 'community-n',
      resources: api().resources,
      store: async () => store.snapshots,
      freshMs: 600_000,
      logger: silentLogger,
    });
    const first = await source.data();
    expect(first.requests).toBe(1);
    expect(first.complete).toBe(false);
    // How far each list is read: shifts' page 1 first; a list whose page 1 is not read has no total yet.
    expect(first.pages?.shifts).toEqual({ read: 1, total: Math.ceil(dataset.shifts.length / 100) });
    expect(first.pages?.loas).toEqual({ read: 0, total: undefined });
    // The page the pace held back says when it can be read: the coverage's "ask again after".
    expect(first.nextReadAt).toBeGreaterThan(first.servedAt);
    let data = first;
    let calls = 1;
    while (!data.complete && calls < 40) {
      await new Promise((resolve) => setTimeout(resolve, 400));
      data = await source.data();
      expect(data.requests).toBeLessThanOrEqual(1);
      calls++;
    }
    // 7 pages, one per turn: never two in one call, so at least 7 calls.
    expect(calls).toBeGreaterThanOrEqual(7);
    expect(data.complete).toBe(true);
    expect(listCalls(sandbox)).toBe(7);
    for (const list of Object.values(data.pages ?? {})) expect(list.read).toBe(list.total);
    expect(Object.values(data.pages ?? {}).reduce((n, p) => n + p.read, 0)).toBe(7);
    expect(ids(data.shifts)).toEqual(ids(dataset.shifts));
  });

  it('tells the moderator when a first report can start when the pace holds back its first page', async () => {
    const { sandbox, api } = await world('100/month', undefined, 120);
    const made = api();
    const place = await backends[0]?.fresh();
    if (!place) throw new Error('no sqlite');
    cleanup.push(() => place.remove());
    const store = await open(place);
    // A moderator's refresh of a saved list takes this turn of the pace.
    await made.resources.listRoles({ page: 1, limit: 100 });
    await made.resources.listRoles({ page: 1, limit: 100 }, { purpose: 'refresh' });
    expect(sandbox.requests).toHaveLength(2);
    const source = snapshotSource({
      community: 'community-w',
      resources: made.resources,
      store: async () => store.snapshots,
      freshMs: 600_000,
      logger: silentLogger,
    });
    const refused = await source.data().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(UserError);
    const match =
      /^Rollcall has not read this community's records for reports yet: .* can start <t:(\d+):R>\.$/.exec(
        (refused as Error).message,
      );
    expect(match).not.toBeNull();
    const startsIn = Number(match?.[1]) * 1000 - Date.now();
    expect(startsIn).toBeGreaterThan(-1_000);
    expect(startsIn).toBeLessThan(3_000);
    expect(sandbox.requests).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, startsIn) + 1_100));
    await expect(source.data()).resolves.toMatchObject({ requests: 1, complete: false });
  });

  it('refreshes only as the pace allows, oldest page first, and says how old the data is', async () => {
    const clock = fakeClock(Date.parse('2026-11-21T00:00:00Z')); // 10 days left in the month
    const place = await backends[0]?.fresh();
    if (!place) throw new Error('no sqlite');
    cleanup.push(() => place.remove());
    const store = await open(place);
    const sourceOf = (resources: Api['resources']) =>
      snapshotSource({
        community: 'community-p',
        resources,
        store: async () => store.snapshots,
        freshMs: 60_000,
        logger: silentLogger,
        now: clock.now,
      });
    // Built under a short limit only (no monthly allowance), then refreshed under one.
    const built = await world('1000/1s', clock.now);
    const first = await sourceOf(built.api().resources).data();
    expect(first.requests).toBe(7);
    const { sandbox, api } = await world('100/month', clock.now);
    const source = sourceOf(api().resources);
    clock.advance(2 * 3_600_000);
    // Every page is now past its freshness, but the pace grants one request per turn.
    const second = await source.data();
    expect(second.requests).toBe(1);
    expect(listCalls(sandbox)).toBe(1);
    expect(second.source.saving).toBeDefined();
    expect(second.source.fetchedAt).toBe(first.source.fetchedAt);
    expect(footerText([], second.source, undefined, ENGLISH)).toMatch(
      /^saving this server's monthly API allowance: .* · Saved data \(2 h old\) as of$/,
    );
    // The next call refreshes a different page (the oldest), not the one just read.
    const pages = await store.snapshots.pages('community-p', 'shifts');
    const refreshed = [
      ...pages,
      ...(await store.snapshots.pages('community-p', 'loas')),
      ...(await store.snapshots.pages('community-p', 'members')),
      ...(await store.snapshots.pages('community-p', 'roles')),
    ].filter((p) => p.fetchedAt > first.source.fetchedAt);
    expect(refreshed).toHaveLength(1);
    const third = await source.data();
    expect(third.requests).toBe(0); // the pace's next turn is hours away
    expect(listCalls(sandbox)).toBe(1);
  });

  it('serves the saved pages when the API fails, and fails only when nothing was ever saved', async () => {
    const { sandbox, api } = await world();
    const place = await backends[0]?.fresh();
    if (!place) throw new Error('no sqlite');
    cleanup.push(() => place.remove());
    const store = await open(place);
    const make = (community: string, resources = api().resources) =>
      snapshotSource({
        community,
        resources,
        store: async () => store.snapshots,
        freshMs: 0,
        logger: silentLogger,
      });
    const source = make('community-f');
    await source.data();
    sandbox.set({ faults: { rate: 1, kinds: ['500'] } });
    const failed = await source.data();
    expect(failed.source.stale).toBe(true);
    expect(ids(failed.shifts)).toEqual(ids(dataset.shifts));
    // After a restart the cache is empty: the API's failure comes through, the store still answers.
    const restarted = await make('community-f').data();
    expect(restarted.source.stale).toBe(true);
    expect(ids(restarted.loas)).toEqual(ids(dataset.loas));
    await expect(make('community-new').data()).rejects.toThrow();
  });
});
