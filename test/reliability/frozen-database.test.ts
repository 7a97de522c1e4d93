/**
 * Single-community mode with DATABASE_URL, the database behind a link that stops passing anything
 * (connections stay open, nothing comes back; new ones are accepted and get nothing either). The
 * month's count, the directory, the saved answers and the reports' snapshot live there, and every
 * read asks one of them: the first call that finds the database silent waits once (the query
 * timeout), the circuit opens, and every later read is answered without going near the database
 * (no connection made), the warning said once. The real PostgreSQL, through a TCP relay.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { embedOf } from '../e2e/world.js';
import { PG_URL, postgres } from '../store/places.js';
import { pgRelay } from '../support/pg-relay.js';
import { ask, logRecords, startReliableWorld, until } from './support.js';

describe.runIf(postgres.run)('single-community mode: a database that goes silent', () => {
  const cleanup: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const step of cleanup.splice(0).reverse()) await step().catch(() => undefined);
  });

  it('costs one wait, then every read is answered without it, the warning said once', async () => {
    const place = await postgres.fresh();
    cleanup.push(() => place.remove());
    await place.query(`create schema if not exists "${place.options.schema}"`);
    const relay = await pgRelay(5432);
    cleanup.push(() => relay.close());
    const url = new URL(PG_URL.replace(':5432/', `:${relay.port}/`));
    url.searchParams.set('options', `-c search_path=${place.options.schema}`);
    const world = await startReliableWorld({
      // A month's allowance: each request is counted in the database before it goes out.
      env: { API_LIMITS: '1000/month,1000/1s', DATABASE_URL: url.toString() },
    });
    cleanup.push(() => world.close());

    const before = await ask(world, 'loa', { subcommand: 'list' });
    expect(embedOf(before.message).title).toBe('Leaves of absence');
    // The month's count reached the database through the relay.
    await until(
      async () => (await place.query('select count(*)::int as n from month_counts'))[0]?.n === 1,
      5_000,
      'the month counted in the database',
    );

    relay.freeze();
    // The first read after: its count waits for the silent database once (the query timeout).
    const first = await ask(world, 'shift', { subcommand: 'list' });
    expect(embedOf(first.message).title).toBe('Shifts');
    const connections = relay.connections;

    // Every read after it, of every kind, answered through the API without the database: no
    // connection is even tried while the circuit is open.
    const later = [
      await ask(world, 'member', { subcommand: 'list' }),
      await ask(world, 'audit-log', { subcommand: 'list' }),
      await ask(world, 'loa', { subcommand: 'list' }),
      await ask(world, 'shift', { subcommand: 'list' }),
    ];
    for (const answer of later) expect(embedOf(answer.message).title).toBeTruthy();
    expect(relay.connections).toBe(connections);

    const warnings = logRecords(world).filter((r) => /is not answering/.test(String(r.msg)));
    expect(warnings).toHaveLength(1);
    console.log(
      `frozen database: 1 wait, ${later.length} reads after it answered with ${relay.connections - connections} new connection(s)`,
    );
  });

  it('silent from the start: the open waits once, then reads are answered without trying it again', async () => {
    const place = await postgres.fresh();
    cleanup.push(() => place.remove());
    const relay = await pgRelay(5432);
    cleanup.push(() => relay.close());
    relay.freeze();
    const url = new URL(PG_URL.replace(':5432/', `:${relay.port}/`));
    url.searchParams.set('options', `-c search_path=${place.options.schema}`);
    const world = await startReliableWorld({
      env: { API_LIMITS: '1000/month,1000/1s', DATABASE_URL: url.toString() },
    });
    cleanup.push(() => world.close());
    // The start tried to open it once (and said so); nothing after that goes near it.
    const connections = relay.connections;
    expect(connections).toBeGreaterThanOrEqual(1);
    for (const [name, subcommand] of [
      ['loa', 'list'],
      ['shift', 'list'],
      ['member', 'list'],
      ['loa', 'list'],
    ] as const) {
      const answer = await ask(world, name, { subcommand });
      expect(embedOf(answer.message).title).toBeTruthy();
    }
    expect(relay.connections).toBe(connections);
    expect(logRecords(world).filter((r) => /the store did not open/.test(String(r.msg)))).toHaveLength(1);
  });
});
