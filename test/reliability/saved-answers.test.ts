/**
 * Saved answers against a real Redis (a redis-server of the test's own) and a real store (SQLite
 * under DATA_DIR; PostgreSQL at 127.0.0.1:5432 in a schema of its own when it listens, always in CI):
 * an answer bought with the month's allowance survives a Redis FLUSHALL (it is read back from the
 * store, with no request), and during the shutdown's drain a newcomer whose answer is saved gets it
 * while one that needs the API is told Rollcall is restarting (without a request).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/discord/replies.js';
import { tokenHash } from '../../src/store/crypto.js';
import { embedOf } from '../e2e/world.js';
import { type Backend, backends, PG_URL, type Place } from '../store/places.js';
import { hasRedisServer, OwnRedis } from '../support/redis.js';
import { ask, auditEverything, gate, type ReliableWorld, startReliableWorld, until } from './support.js';

const withRedis = hasRedisServer || process.env.CI === 'true';

/** The world's store settings: a DATA_DIR for SQLite, DATABASE_URL with a schema of its own for PostgreSQL. */
async function storeEnv(place: Place): Promise<Record<string, string>> {
  const schema = place.options.schema;
  if (!schema) return { DATA_DIR: place.options.dataDir as string };
  await place.query(`create schema if not exists "${schema}"`);
  return { DATABASE_URL: `${PG_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}` };
}

/** Requests the sandbox answered for `path` (e.g. /server/loas). */
const requestsTo = (world: ReliableWorld, path: string) =>
  world.sandbox.requests.filter((r) => r.path.endsWith(path)).length;

/** The saved answers the store holds: their keys. */
async function savedKeys(place: Place): Promise<string[]> {
  const rows = await place.query('select key from saved_answers');
  return rows.map((r) => String(r.key));
}

describe.each(backends)('saved answers: $title', (backend: Backend) => {
  const cleanup: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const step of cleanup.splice(0).reverse()) await step().catch(() => undefined);
  });

  /** A world with a month's allowance, a Redis of its own and a store at a fresh place. */
  async function start(env: Record<string, string> = {}) {
    const place = await backend.fresh();
    cleanup.push(() => place.remove());
    const redis = await OwnRedis.create();
    await redis.start();
    cleanup.push(() => redis.stop());
    const world = await startReliableWorld({
      env: { API_LIMITS: '1000/month,1000/1s', CACHE_URL: redis.url, ...(await storeEnv(place)), ...env },
    });
    cleanup.push(() => world.close());
    await until(() => world.app.api.stats().cacheHealthy, 5_000, 'Redis ready');
    return { place, redis, world };
  }

  describe.runIf(backend.run && withRedis)('', () => {
    it('a list read before a FLUSHALL is answered after it from the store, without a request', async () => {
      const { place, redis, world } = await start();
      const first = await ask(world, 'loa', { subcommand: 'list' });
      expect(embedOf(first.message).title).toBe('Leaves of absence');
      expect(requestsTo(world, '/server/loas')).toBe(1);
      // Written after the answer: wait for the store to have it (the list page and its records).
      await until(
        async () => (await savedKeys(place)).some((k) => k.includes(':listLoas:')),
        10_000,
        'saved',
      );
      const keys = await savedKeys(place);
      const hash = tokenHash(world.config.API_TOKEN);
      expect(keys.every((k) => k.includes(`:${hash}:`) && !k.includes(world.config.API_TOKEN))).toBe(true);
      expect(await place.dump()).not.toContain(world.config.API_TOKEN);

      expect(redis.cli('FLUSHALL').trim()).toBe('OK');
      expect(redis.cli('DBSIZE').trim()).toBe('0');
      const again = await ask(world, 'loa', { subcommand: 'list' });
      expect(embedOf(again.message).description).toBe(embedOf(first.message).description);
      expect(requestsTo(world, '/server/loas')).toBe(1);
      // A record of that page too (seeded by the list): opened without a request.
      // (list lines name people, not record ids: the ids are the values of its Open… menu)
      const rows = (first.message?.components ?? []) as Array<{
        components?: Array<{ options?: Array<{ value: string }> }>;
      }>;
      const opened = rows
        .flatMap((r) => r.components ?? [])
        .flatMap((c) => c.options ?? [])
        .map((o) => o.value);
      const loa = world.sandbox.dataset.loas.find((l) => opened.includes(l.id));
      expect(loa).toBeDefined();
      const view = await ask(world, 'loa', { subcommand: 'view', options: { id: loa?.id as string } });
      expect(embedOf(view.message).title).toContain(loa?.id);
      expect(world.sandbox.requests.filter((r) => r.path.includes('/server/loas')).length).toBe(1);
      // And the cache has it back.
      expect(Number(redis.cli('DBSIZE').trim())).toBeGreaterThan(0);
    }, 60_000);

    it('during the drain, a newcomer whose answer is saved gets it; one that needs the API is told Rollcall is restarting', async () => {
      // Lists never fresh: the second /loa list would need a request, but what is saved answers it.
      const { place, redis, world } = await start({ CACHE_TTL_LIST_SECONDS: '0', API_TIMEOUT_MS: '30000' });
      const first = await ask(world, 'loa', { subcommand: 'list' });
      await until(
        async () => (await savedKeys(place)).some((k) => k.includes(':listLoas:')),
        10_000,
        'saved',
      );
      redis.cli('FLUSHALL');
      // One interaction in flight holds the drain open: its roles page is held until the newcomers are
      // answered (a gate, not a latency: on a starved CPU the newcomers could come after a fixed wait).
      const held = gate(world, (entry) => entry.path.endsWith('/server/roles'));
      const slow = await world.double.slash(world.mod, 'role', { subcommand: 'list' });
      await slow.acknowledged();
      const stopping = world.app.stop(30_000);
      const saved = await ask(world, 'loa', { subcommand: 'list' });
      expect(saved.message?.content ?? '').toBe('');
      expect(embedOf(saved.message).description).toBe(embedOf(first.message).description);
      const unsaved = await ask(world, 'shift', { subcommand: 'list' });
      expect(unsaved.ephemeral).toBe(true);
      expect(unsaved.message?.content).toBe(MESSAGES.restarting);
      held.release();
      const slowAnswer = await slow.response();
      expect(slowAnswer.message?.content ?? '').toBe('');
      expect(embedOf(slowAnswer.message).title).toMatch(/role/i);
      await stopping;
      // Only the interaction in flight before the drain made a request (its roles page).
      expect(world.sandbox.requests.map((r) => r.path).sort()).toEqual([
        '/api/v1/server/loas',
        '/api/v1/server/roles',
      ]);
      expect(requestsTo(world, '/server/shifts')).toBe(0);
    }, 60_000);
  });
});

auditEverything();
