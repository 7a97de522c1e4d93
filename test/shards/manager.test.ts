/**
 * Two shards in two processes under the manager, against the Discord double (which routes each
 * server to its shard's session) and a Redis of the test's own: servers on both shards answered, a
 * button answered by a process that did not draw it, SIGKILL of one shard (respawned, its servers
 * answer again, the other shard loses nothing), readiness and summed metrics on the manager's
 * listener, and SIGTERM to the manager stopping every shard with exit 0 within the bound.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoubleUser } from '../discord/double.js';
import { control, embedOf } from '../e2e/world.js';
import { parsePrometheus, probe, sampleValue, until } from '../ops/support.js';
import { alive, createShardedWorld, type ShardedWorld, shardOf } from './world.js';

const COUNT = 2;
let world: ShardedWorld;
let mod: DoubleUser;

/** The pids of the shard processes the manager started, by shard (the latest of each). */
function shardPids(): Map<number, number> {
  const pids = new Map<number, number>();
  for (const line of world.lines())
    if (line.msg === 'shard process started' && typeof line.shard === 'number')
      pids.set(line.shard, line.processId as number);
  return pids;
}

/** IDENTIFY payloads the double received, by shard id. */
function identifies(shard: number): number {
  return world.double.gateway.received.filter(
    (r) => r.op === 2 && (r.d as { shard?: [number, number] }).shard?.[0] === shard,
  ).length;
}

async function loaList(guildId: string) {
  const handle = await world.double.slash(mod, 'loa', { subcommand: 'list', guildId });
  return handle.response();
}

beforeAll(async () => {
  world = await createShardedWorld({ count: COUNT });
  mod = world.double.user({ username: 'moderator', roles: ['Moderator'] });
}, 60_000);

afterAll(async () => {
  await world?.close();
});

describe('SHARDS=2 under the manager', () => {
  it('places the servers on both shards', () => {
    expect(world.guilds.map((ids) => ids.map((id) => shardOf(id, COUNT)))).toEqual([[0], [1]]);
  });

  it('starts one process per shard; /readyz is 503 until both are ready', async () => {
    world.start();
    await until(async () => (await probe(world.healthUrl, '/healthz')).status === 200, 60_000, 'health up');
    // The manager spaces IDENTIFYs 5 s apart: while only shard 0 is in, the host is not ready.
    await until(() => identifies(0) === 1, 60_000, 'shard 0 identified');
    expect(identifies(1)).toBe(0);
    expect((await probe(world.healthUrl, '/readyz')).status).toBe(503);
    await until(async () => (await probe(world.healthUrl, '/readyz')).status === 200, 60_000, 'ready');
    expect(identifies(1)).toBe(1);
    const shards = world.double.gateway.received
      .filter((r) => r.op === 2)
      .map((r) => (r.d as { shard: [number, number] }).shard);
    expect(shards).toEqual([
      [0, 2],
      [1, 2],
    ]);
    const pids = shardPids();
    expect(pids.size).toBe(2);
    expect(pids.get(0)).not.toBe(pids.get(1));
    expect(pids.get(0)).not.toBe(world.manager?.pid);
  }, 90_000);
});
