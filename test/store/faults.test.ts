/**
 * The store under a database that holds it up, against real databases (no driver mocked):
 * - SQLite: another process holds the write lock (BEGIN IMMEDIATE) on the store's file. The event
 *   loop keeps turning (the synchronous driver waits only a short busy_timeout per attempt), reads
 *   do not wait at all (WAL), writes land once the lock is released, and a lock held past the
 *   store's patience is a StoreError 'unavailable'.
 * - PostgreSQL: a relay that stops forwarding without closing (a peer gone silent, no RST). A query
 *   on such a connection fails within the query timeout, and the connection is dropped, so the
 *   next query gets a fresh one: the pool is never stuck.
 */
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, SQLITE_FILE, type Store, StoreError } from '../../src/store/index.js';
import { pgRelay } from '../support/pg-relay.js';
import { PG_URL, type Place, postgres, sqlite } from './places.js';

const GUILD_A = '1300000000000000001';
const GUILD_B = '1300000000000000002';
const key = () => randomBytes(32);

/** The error `work` rejects with (fails the test when it resolves). */
async function failure(work: Promise<unknown>): Promise<StoreError> {
  const outcome = await work.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(StoreError);
  return outcome as StoreError;
}

/** When `work` settled, in ms of performance.now(). */
function settledAt(work: Promise<unknown>): Promise<number> {
  return work.then(
    () => performance.now(),
    () => performance.now(),
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `work`, or a rejection after `ms` (so a call that hangs fails the test, which then cleans up). */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Another process holding the write lock of the SQLite file: it begins an IMMEDIATE transaction,
 * writes a row, and commits only when told to.
 */
async function lockHolder(file: string) {
  const script = `
    const Database = require('libsql');
    const db = new Database(process.argv[1]);
    db.exec('BEGIN IMMEDIATE');
    db.prepare("insert into guild_settings (guild_id, settings, updated_at) values ('holder', '{}', 0)").run();
    console.log('locked');
    process.stdin.on('data', () => { db.exec('COMMIT'); db.close(); console.log('released'); process.exit(0); });
  `;
  const child: ChildProcessByStdio<Writable, Readable, null> = spawn(process.execPath, ['-e', script, file], {
    cwd: process.cwd(),
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const said = (word: string) =>
    new Promise<void>((resolve, reject) => {
      lines.on('line', (line) => line === word && resolve());
      child.once('exit', () => reject(new Error(`the lock holder exited before saying ${word}`)));
    });
  await said('locked');
  return {
    async release(): Promise<void> {
      const released = said('released');
      child.stdin.write('commit\n');
      await released;
    },
    kill: () => child.kill(),
  };
}

describe('store: SQLite file locked by another process', () => {
  const places: Place[] = [];
  const stores: Store[] = [];
  const cleanups: Array<() => void> = [];

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) cleanup();
    await Promise.all(stores.splice(0).map((s) => s.close().catch(() => {})));
    await Promise.all(places.splice(0).map((p) => p.remove()));
  });

  async function freshStore(lockPatienceMs?: number) {
    const place = await sqlite.fresh();
    places.push(place);
    const store = await openStore({ ...place.options, secretKey: key(), lockPatienceMs });
    stores.push(store);
    const file = join(place.options.dataDir as string, SQLITE_FILE);
    return { place, store, file };
  }

  it('keeps the event loop turning, reads at once, and writes (whole transactions) once the lock is released', async () => {
    const { place, store, file } = await freshStore();
    await store.saveSettings(GUILD_A, { defaultVisibility: 'public' });
    await store.saveCredential(GUILD_B, { token: 'rc_locked_token', linkedBy: '42' });
    await store.saveSettings(GUILD_B, {});
    const holder = await lockHolder(file);
    cleanups.push(holder.kill);

    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const started = performance.now();
    // Reads need no write lock (WAL): answered while it is held.
    expect((await store.getSettings(GUILD_A)).defaultVisibility).toBe('public');
    expect(await store.describeCredential(GUILD_B)).toBeDefined();
    const readIn = performance.now() - started;
    // Writes wait: a statement, and a transaction (deleting a server is five deletes).
    const save = store.saveSettings(GUILD_A, { defaultVisibility: 'private' });
    const remove = store.deleteGuild(GUILD_B);
    // Many writes at once (digest runs of many servers claimed at the same minute).
    const claims = Array.from({ length: 12 }, (_, i) =>
      store.digests.claim(`1300000000000000${100 + i}`, 1_000),
    );
    const savedAt = settledAt(save);
    const removedAt = settledAt(remove);
    await sleep(1_500);
    const releasedAt = performance.now();
    await holder.release();
    await Promise.all([save, remove]);
    expect(await Promise.all(claims)).toEqual(claims.map(() => true));
    delay.disable();

    const maxDelayMs = delay.max / 1e6;
    console.log(
      `SQLite lock held 1.5 s: reads in ${readIn.toFixed(0)} ms, writes done ${((await savedAt) - releasedAt).toFixed(0)} ms after the release, event loop delay max ${maxDelayMs.toFixed(1)} ms (p99 ${(delay.percentile(99) / 1e6).toFixed(1)})`,
    );
    expect(readIn).toBeLessThan(500);
    // 14 writes each blocking for the busy_timeout in turn would be 350 ms.
    expect(maxDelayMs).toBeLessThan(200);
    expect(await savedAt).toBeGreaterThanOrEqual(releasedAt);
    expect(await removedAt).toBeGreaterThanOrEqual(releasedAt);
    expect((await store.getSettings(GUILD_A)).defaultVisibility).toBe('private');
    // Committed, as another connection sees (not merely visible to the store's own connection).
    const [row] = await place.query('select settings from guild_settings where guild_id = ?', [GUILD_A]);
    expect(JSON.parse(String(row?.settings)).defaultVisibility).toBe('private');
    // The transaction was redone whole: nothing of the server is left.
    expect(await store.describeCredential(GUILD_B)).toBeUndefined();
    expect(await place.query('select guild_id from guild_settings where guild_id = ?', [GUILD_B])).toEqual(
      [],
    );
    // And the other process's write is there too.
    expect(await place.query("select guild_id from guild_settings where guild_id = 'holder'")).toHaveLength(
      1,
    );
  });

  it("gives up with StoreError 'unavailable' when the lock is held past its patience, and works once released", async () => {
    const { store, file } = await freshStore(300);
    const holder = await lockHolder(file);
    cleanups.push(holder.kill);
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const started = performance.now();
    const error = await failure(store.saveSettings(GUILD_A, { defaultVisibility: 'public' }));
    const elapsed = performance.now() - started;
    delay.disable();
    expect(error.code).toBe('unavailable');
    expect(error.message).toMatch(/is not answering \(SQLITE_BUSY\)/);
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(2_000);
    expect(delay.max / 1e6).toBeLessThan(250);
    await holder.release();
    await store.saveSettings(GUILD_A, { defaultVisibility: 'public' });
    expect((await store.getSettings(GUILD_A)).defaultVisibility).toBe('public');
  });

  it('opens (migrating) while another process holds the lock, once it is released, without blocking the event loop', async () => {
    const { place, file, store: first } = await freshStore();
    await first.close();
    const holder = await lockHolder(file);
    cleanups.push(holder.kill);
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const opening = openStore({ ...place.options, secretKey: key() });
    const openedAt = settledAt(opening);
    await sleep(500);
    const releasedAt = performance.now();
    await holder.release();
    const store = await opening;
    stores.push(store);
    delay.disable();
    expect(await openedAt).toBeGreaterThanOrEqual(releasedAt);
    expect(delay.max / 1e6).toBeLessThan(250);
    expect(await store.getSettings(GUILD_A)).toBeDefined();
  });
});

/**
 * A store (statement_timeout 400 ms: two thirds of a 600 ms query timeout; a call's deadline 850 ms;
 * 4 connections) whose GUILD_A settings row another connection holds locked while `work` runs;
 * `work` is given the store and a clock of the circuit's pause to move. Resolves with the "not
 * answering" warnings the store wrote; then checks that the row saves once the lock is released.
 */
async function whileRowLocked(
  work: (store: Store, moveClock: () => void) => Promise<void>,
): Promise<string[]> {
  const place = await postgres.fresh();
  const schema = place.options.schema as string;
  const warnings: string[] = [];
  let clock = 0;
  const store = await openStore({
    ...place.options,
    queryTimeoutMs: 600,
    circuitPauseMs: 30_000,
    circuitClock: () => clock,
    logger: { warn: (_: unknown, message: string) => warnings.push(message), info: () => {} } as never,
    secretKey: key(),
  });
  const holder = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${schema}` });
  await holder.connect();
  try {
    await store.saveSettings(GUILD_A, { defaultVisibility: 'public' });
    await holder.query('begin');
    await holder.query('select * from guild_settings where guild_id = $1 for update', [GUILD_A]);
    await work(store, () => {
      clock++;
    });
    await holder.query('rollback');
    await store.saveSettings(GUILD_A, { defaultVisibility: 'private' });
    expect((await store.getSettings(GUILD_A)).defaultVisibility).toBe('private');
    return warnings.filter((w) => /is not answering/.test(w));
  } finally {
    await holder.end();
    await store.close();
    await place.remove();
  }
}

describe.runIf(postgres.run)('store: a statement the PostgreSQL server cancels', () => {
  it('fails that call alone (its statement_timeout, waiting for a row lock): the circuit stays closed and the next call is answered', async () => {
    const warnings = await whileRowLocked(async (store, moveClock) => {
      // The save waits for the row's lock until the server cancels it.
      const failure = await store.saveSettings(GUILD_A, { defaultVisibility: 'private' }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(StoreError);
      expect(((failure as StoreError).cause as { code?: string }).code).toBe('57014');
      // The database answered (it cancelled one statement): nothing is refused for the pause.
      moveClock();
      expect((await store.getSettings(GUILD_B)).defaultVisibility).toBeDefined();
    });
    expect(warnings).toEqual([]);
  });
});

describe.runIf(postgres.run)(
  'store: calls queued for a connection behind statements waiting for a row lock',
  () => {
    it('fail as the server cancels them, one by one: the circuit stays closed though the last waited past the deadline for a connection', async () => {
      const warnings = await whileRowLocked(async (store, moveClock) => {
        // Twelve saves at once: four at a time wait for the lock until the server cancels them, so the
        // last four wait two turns (800 ms) for a connection first, past the deadline, while the
        // database answers every statement it is given.
        const saves = Array.from({ length: 12 }, () =>
          store.saveSettings(GUILD_A, { defaultVisibility: 'private' }).then(
            () => undefined,
            (error: unknown) => error,
          ),
        );
        const failures = await within(10_000, Promise.all(saves));
        expect(failures.every((f) => f instanceof StoreError)).toBe(true);
        moveClock();
      });
      // The database answered throughout: nothing is refused for the pause.
      expect(warnings).toEqual([]);
    });
  },
);

describe.runIf(postgres.run)('store: PostgreSQL connections that go silent', () => {
  it('a query on a silent connection fails within the query timeout; the calls after it are refused at once, until one after the pause finds a fresh connection', async () => {
    const place = await postgres.fresh();
    const link = await pgRelay(5432);
    const queryTimeoutMs = 500;
    const warnings: string[] = [];
    const infos: string[] = [];
    let clock = 0;
    const store = await openStore({
      ...place.options,
      databaseUrl: PG_URL.replace(':5432/', `:${link.port}/`),
      connectTimeoutMs: 1_000,
      queryTimeoutMs,
      circuitPauseMs: 30_000,
      circuitClock: () => clock,
      logger: {
        warn: (_: unknown, message: string) => warnings.push(message),
        info: (_: unknown, message: string) => infos.push(message),
      } as never,
      secretKey: key(),
    });
    try {
      await store.saveSettings(GUILD_A, { defaultVisibility: 'public' });
      // Fill the pool (4) with connections, then make them all silent.
      await Promise.all([1, 2, 3, 4].map(() => store.getSettings(GUILD_A)));
      const silent = link.silence();
      expect(silent).toBeGreaterThanOrEqual(1);

      // Four calls at once: each one given a silent connection fails within the timeout
      // (a transaction too, without waiting a second timeout for its rollback).
      const started = performance.now();
      const calls: Array<Promise<unknown>> = [
        store.getSettings(GUILD_A),
        store.getCredential(GUILD_A),
        store.saveSettings(GUILD_B, {}),
        store.deleteGuild(GUILD_B),
      ];
      const outcomes = await Promise.allSettled(calls.map((c) => within(3_000, c)));
      const elapsed = performance.now() - started;
      const failed = outcomes.filter((o) => o.status === 'rejected');
      expect(failed).toHaveLength(silent);
      for (const outcome of failed) {
        const error = (outcome as PromiseRejectedResult).reason;
        expect(error).toBeInstanceOf(StoreError);
        expect((error as StoreError).code).toBe('unavailable');
        expect((error as StoreError).message).toMatch(/is not answering \(Query read timeout\)/);
      }
      expect(elapsed).toBeGreaterThanOrEqual(queryTimeoutMs - 10);
      expect(elapsed).toBeLessThan(2_500);

      // The circuit is open: the calls that follow are refused at once, without touching the
      // database (no connection made), with the database sentence's error.
      const connections = link.connections;
      const refused = await Promise.allSettled([1, 2, 3, 4, 5, 6].map(() => store.getSettings(GUILD_A)));
      for (const outcome of refused) {
        expect(outcome.status).toBe('rejected');
        const error = (outcome as PromiseRejectedResult).reason as StoreError;
        expect(error.code).toBe('unavailable');
        expect(error.message).toMatch(/is not answering \(no answer a moment ago/);
      }
      expect(link.connections).toBe(connections);
      expect(warnings.filter((w) => /is not answering/.test(w))).toHaveLength(1);

      // After the pause (the circuit's clock moved on), one call goes: the silent connections were dropped, not pooled again, so
      // it is answered on a fresh one (while they are still silent), and so is every call after it.
      clock = 30_000;
      const answers = await within(
        3_000,
        Promise.all([1, 2, 3, 4, 5, 6].map(() => store.getSettings(GUILD_A))),
      );
      for (const answer of answers) expect(answer.defaultVisibility).toBe('public');
      expect(infos).toEqual([expect.stringMatching(/is answering again$/)]);

      // Once the relay forwards again, all is well too.
      link.speak();
      await store.saveSettings(GUILD_A, { defaultVisibility: 'private' });
      expect((await store.getSettings(GUILD_A)).defaultVisibility).toBe('private');
      console.log(
        `PostgreSQL: ${silent} silent connection(s) failed in ${elapsed.toFixed(0)} ms (query timeout ${queryTimeoutMs} ms); the next 6 refused at once, then answered after the pause`,
      );
    } finally {
      // The relay first: its sockets closing end whatever is still waiting on them.
      await link.close();
      await within(3_000, store.close()).catch(() => {});
      await place.remove();
    }
  });
});
