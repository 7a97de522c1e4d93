/**
 * Redis as the cache, end to end: the real Redis at 127.0.0.1:6379 (keys carry a token hash, never the
 * token), and a redis-server of our own that is unreachable at start, killed mid-run, frozen, and back
 * again. The bot keeps answering (without the cache if it must), no call waits more than a fraction of
 * a second on the cache, and it reconnects. The shared Redis is never killed or flushed: only the keys
 * this file created are deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/discord/replies.js';
import { tokenHash } from '../../src/store/crypto.js';
import { control, embedOf } from '../e2e/world.js';
import { hasRedisServer, OwnRedis, reachable } from '../support/redis.js';
import {
  ask,
  auditEverything,
  logRecords,
  type ReliableWorld,
  recordText,
  startReliableWorld,
  until,
} from './support.js';

const SHARED_PORT = 6379;
const sharedUp = await reachable(SHARED_PORT);

/** Every key matching `pattern` in the Redis on `port` (redis-cli --scan, no KEYS). */
async function scanKeys(redis: OwnRedis | number, pattern: string): Promise<string[]> {
  const port = typeof redis === 'number' ? redis : redis.port;
  const { spawnSync } = await import('node:child_process');
  const out = spawnSync('redis-cli', ['-p', String(port), '--scan', '--pattern', pattern], {
    encoding: 'utf8',
  });
  return out.stdout.split('\n').filter(Boolean);
}

/** Time one API read through the bot's API layer (the cache first), in ms. */
/** Longer than any read that did not wait on Redis, on any machine; shorter than the phases that hold it. */
const NO_HANG_MS = 5_000;

async function timedRead(world: ReliableWorld, page: number): Promise<number> {
  const started = performance.now();
  await world.app.api.resources.listLoas({ page, limit: 10 });
  return performance.now() - started;
}

/** Exercise reads, a stored custom_id argument and paging, so both API data and state keys exist. */
async function exercise(world: ReliableWorld): Promise<void> {
  const list = await ask(world, 'loa', { subcommand: 'list' });
  await (await world.double.click(world.mod, list.message!, control(list.message, '▶'))).response();
  const long = await ask(world, 'log', { subcommand: 'user', options: { username: 'é'.repeat(60) } });
  expect(embedOf(long.message).title).toBeDefined();
  await ask(world, 'loa', { subcommand: 'view', options: { id: world.sandbox.dataset.loas[0]!.id } });
}

describe.runIf(sharedUp || process.env.CI === 'true')('the real Redis at 127.0.0.1:6379', () => {
  let world: ReliableWorld;
  let stateBefore: Set<string>;

  beforeAll(async () => {
    stateBefore = new Set(await scanKeys(SHARED_PORT, 'rollcall:v1:state:*'));
    world = await startReliableWorld({ env: { CACHE_URL: `redis://127.0.0.1:${SHARED_PORT}` } });
    await until(() => world.app.api.stats().cacheHealthy, 5_000, 'Redis ready');
  });
  afterAll(async () => {
    await world?.close();
    const hash = tokenHash(world.config.API_TOKEN);
    const ours = [
      ...(await scanKeys(SHARED_PORT, `rollcall:v1:${hash}:*`)),
      ...(await scanKeys(SHARED_PORT, 'rollcall:v1:state:*')).filter((k) => !stateBefore.has(k)),
    ];
    const { spawnSync } = await import('node:child_process');
    for (const key of ours) spawnSync('redis-cli', ['-p', String(SHARED_PORT), 'DEL', key]);
  });

  it('keeps answers and stored custom_id arguments under keys that carry a token hash, never the token', async () => {
    await exercise(world);
    const hash = tokenHash(world.config.API_TOKEN);
    const ours = await scanKeys(SHARED_PORT, `rollcall:v1:${hash}:*`);
    const state = (await scanKeys(SHARED_PORT, 'rollcall:v1:state:*')).filter((k) => !stateBefore.has(k));
    for (const key of [...ours, ...state]) recordText('shared Redis key', key);
    for (const key of await scanKeys(SHARED_PORT, 'rollcall:*')) recordText('shared Redis key (any)', key);
    expect(ours.length).toBeGreaterThanOrEqual(3);
    expect(state.length + (await scanKeys(SHARED_PORT, 'rollcall:v1:state:*')).length).toBeGreaterThan(0);
    // a second read of the same page comes from Redis
    world.sandbox.resetLog();
    const again = await ask(world, 'loa', { subcommand: 'list' });
    expect(embedOf(again.message).footer?.text).toMatch(/Saved data as of$/);
    expect(world.sandbox.requests).toHaveLength(0);
  });
});

/** The API's latency while Redis is killed, and the API timeout's multiple of it (see beforeAll). */
const KILL_LATENCY = { minMs: 150, maxMs: 300 };
const API_TIMEOUT_MARGIN = 10;

describe.runIf(hasRedisServer || process.env.CI === 'true')(
  'a Redis of our own that dies and comes back',
  () => {
    let redis: OwnRedis;
    let world: ReliableWorld;
    const readTimes: Record<string, number[]> = {};

    beforeAll(async () => {
      redis = await OwnRedis.create(); // not started: unreachable at start
      world = await startReliableWorld({
        // The API's timeout well above its latency in the kill test (16 reads in flight on a loaded
        // machine stretch each one): what is proven is that the cache's loss fails no answer, so an
        // answer cut by the API's timeout would prove nothing. Cache calls keep their own 250 ms guard.
        env: { CACHE_URL: redis.url, API_TIMEOUT_MS: String(API_TIMEOUT_MARGIN * KILL_LATENCY.maxMs) },
      });
    });
    afterAll(async () => {
      await world?.close();
      await redis?.stop();
      console.info(
        `cache-bound read times (ms, API on loopback): ${Object.entries(readTimes)
          .map(([phase, ms]) => `${phase} max ${Math.round(Math.max(...ms))}`)
          .join(', ')}`,
      );
    });

    /**
     * Reads through the API layer never wait on Redis: each cache call is cut by the cache's 250 ms
     * guard. A read that waited would wait until the test brings Redis back, so the bound here is
     * far above the guard (a loaded machine stretches every read) and far below a hang.
     */
    async function readsStayQuick(phase: string): Promise<void> {
      const times: number[] = [];
      for (let page = 1; page <= 5; page++) times.push(await timedRead(world, page));
      readTimes[phase] = times;
      for (const ms of times) expect(ms).toBeLessThan(NO_HANG_MS);
    }

    it('unreachable at start: the bot answers at once, without the cache', async () => {
      expect(world.app.api.stats()).toEqual(
        expect.objectContaining({ cacheBackend: 'redis', cacheHealthy: false }),
      );
      const answer = await ask(world, 'loa', { subcommand: 'list' });
      expect(answer.kind).toBe('reply'); // no "thinking…": nothing waited on the cache
      expect(embedOf(answer.message).footer?.text).toMatch(/Data as of$/);
      await readsStayQuick('unreachable');
    });

    it('started later: the bot connects and uses it', async () => {
      await redis.start();
      await until(() => world.app.api.stats().cacheHealthy, 5_000, 'reconnected');
      await exercise(world);
      const keys = await scanKeys(redis, '*');
      for (const key of keys) recordText('own Redis key', key);
      expect(keys.length).toBeGreaterThan(0);
      world.sandbox.resetLog();
      const again = await ask(world, 'loa', { subcommand: 'list' });
      expect(embedOf(again.message).footer?.text).toMatch(/Saved data as of$/);
      expect(world.sandbox.requests).toHaveLength(0);
    });

    it('killed mid-run with interactions in flight: every one is answered', async () => {
      world.sandbox.set({ latency: KILL_LATENCY });
      // records no list page has held, so each one is a cache miss, an API read (150–300 ms) and a cache write
      const loas = world.sandbox.dataset.loas.slice(1200, 1216);
      const handles = await Promise.all(
        loas.map((loa) =>
          world.double.slash(world.mod, 'loa', { subcommand: 'view', options: { id: loa.id } }),
        ),
      );
      const operations = world.app.cache.operations!;
      const before = { ...operations };
      let answered = 0;
      const responses = handles.map((h) => h.response().finally(() => answered++));
      // Killed once Redis has answered some of these interactions' cache calls, not after a fixed
      // time (a loaded machine may not have made one yet): their API reads are then still waiting.
      await until(() => operations.ok > before.ok, 10_000, 'a cache call of the run answered');
      await redis.kill();
      const atKill = { ...operations, answered };
      const answers = await Promise.all(responses);
      answers.forEach((answer, i) => {
        expect(embedOf(answer.message).title).toContain(loas[i]!.id);
      });
      // The kill landed mid-run: these interactions' cache calls had been answered by Redis before it,
      // some interactions were still running at it, and cache calls made after it failed.
      expect(atKill.ok).toBeGreaterThan(before.ok);
      expect(atKill.answered).toBeLessThan(loas.length);
      expect(operations.failed).toBeGreaterThan(atKill.failed);
      console.info(
        `cache calls: before ${JSON.stringify(before)}, at the kill ${JSON.stringify(atKill)}, after ${JSON.stringify(operations)}`,
      );
      world.sandbox.set({ latency: null });
      await until(() => !world.app.api.stats().cacheHealthy, 3_000, 'noticed the loss');
      const after = await ask(world, 'loa', { subcommand: 'view', options: { id: loas[0]!.id } });
      expect(after.kind).toBe('reply');
      await readsStayQuick('killed');
    });

    it('while it is down, a list whose argument is kept aside (a long username) still pages', async () => {
      const username = 'ü'.repeat(50); // too long for a custom_id once encoded: kept under a short key
      const first = await ask(world, 'log', { subcommand: 'user', options: { username } });
      const refresh = control(first.message, '🔄');
      expect(refresh).toMatch(/:~[A-Za-z0-9_-]+$/);
      const again = await (await world.double.click(world.mod, first.message!, refresh)).response();
      expect(again.message?.content).not.toBe(MESSAGES.expired);
      expect(embedOf(again.message).title).toContain(username);
    });

    it('back again: reconnects by itself and caches again', async () => {
      await redis.start();
      await until(() => world.app.api.stats().cacheHealthy, 5_000, 'reconnected');
      await ask(world, 'loa', { subcommand: 'list' });
      world.sandbox.resetLog();
      const again = await ask(world, 'loa', { subcommand: 'list' });
      expect(embedOf(again.message).footer?.text).toMatch(/Saved data as of$/);
      expect(world.sandbox.requests).toHaveLength(0);
      for (const key of await scanKeys(redis, '*')) recordText('own Redis key', key);
    });

    it('frozen (connection open, no answers): every cache call gives up quickly; thawed, it serves again', async () => {
      redis.freeze();
      try {
        const answer = await ask(world, 'loa', {
          subcommand: 'view',
          options: { id: world.sandbox.dataset.loas[90]!.id },
        });
        // Answered (the cache's calls gave up, the API answered; deferred or not, readsStayQuick times it).
        expect(['reply', 'deferred-reply']).toContain(answer.kind);
        expect(embedOf(answer.message).title).toContain(world.sandbox.dataset.loas[90]!.id);
        await readsStayQuick('frozen');
      } finally {
        redis.thaw();
      }
      // healthy again as soon as a cache call succeeds
      await until(
        async () => {
          await timedRead(world, 1);
          return world.app.api.stats().cacheHealthy;
        },
        5_000,
        'healthy after thaw',
      );
      const again = await ask(world, 'loa', { subcommand: 'list' });
      expect(embedOf(again.message).title).toBe('Leaves of absence');
    });

    it('said so in the logs without flooding them, and never as an error', () => {
      const records = logRecords(world);
      const warnings = records.filter((r) => r.msg === 'cache unavailable; reading through to the API');
      expect(warnings.length).toBeGreaterThanOrEqual(1);
      expect(warnings.length).toBeLessThanOrEqual(5);
      expect(records.filter((r) => r.msg === 'cache available again').length).toBeGreaterThanOrEqual(2);
      expect(logRecords(world, 50)).toEqual([]);
    });

    it('closes its Redis connection on shutdown', async () => {
      const clientsBefore = redis.cli('CLIENT', 'LIST').split('\n').filter(Boolean).length;
      expect(clientsBefore).toBeGreaterThanOrEqual(2); // the bot and this redis-cli
      await world.close();
      await until(
        () => redis.cli('CLIENT', 'LIST').split('\n').filter(Boolean).length === 1,
        3_000,
        'closed',
      );
    });
  },
);

auditEverything();
