/**
 * Two shards in two processes under the manager, against the Discord double (which routes each
 * server to its shard's session) and a Redis of the test's own: servers on both shards answered, a
 * button answered by a process that did not draw it, SIGKILL of one shard (respawned, its servers
 * answer again, the other shard loses nothing), readiness and summed metrics on the manager's
 * listener, and SIGTERM to the manager stopping every shard with exit 0 within the bound.
 */
import { InteractionResponseType } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoubleUser } from '../doubles/discord/double.js';
import { shardOf } from '../doubles/discord/snowflake.js';
import { control, embedOf } from '../e2e/world.js';
import { parsePrometheus, probe, sampleValue, until } from '../ops/support.js';
import { EVENT_LIMIT_MS, START_LIMIT_MS } from '../support/hang.js';
import { alive, createShardedWorld, type LogLine, type ShardedWorld } from './world.js';

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

describe('refusals', () => {
  it('several shards without CACHE_URL: one line, exit 1, nothing started', async () => {
    const child = world.start({ CACHE_URL: '' });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    const stderr = world.output.text.split('\n').filter((l) => l.startsWith('Rollcall could not start'));
    expect(stderr).toEqual([
      'Rollcall could not start: 2 shards run in several processes, which must share the cache, the request limits and the paging state: set CACHE_URL (Redis)',
    ]);
    expect(world.double.gateway.stats.connections).toBe(0);
    world.output.text = '';
  }, 240_000);

  it('a shard that cannot start stops the manager: one line, exit 1, no process left', async () => {
    const child = world.start({
      API_TOKEN: '',
      DISCORD_GUILD_ID: '',
      ROLLCALL_SECRET_KEY: Buffer.alloc(32, 9).toString('base64'),
      DATABASE_URL: 'postgres://rollcall:db-password-shards@127.0.0.1:1/rollcall',
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    const stderr = world.output.text.split('\n').filter((l) => l.startsWith('Rollcall could not start'));
    expect(stderr.at(-1)).toMatch(/^Rollcall could not start: a shard could not connect \(.+\)$/);
    expect(world.output.text).not.toContain('db-password-shards');
    // nothing of its process group is left (a shard being started again included)
    await until(
      () => {
        try {
          process.kill(-(child.pid as number), 0);
          return false;
        } catch {
          return true;
        }
      },
      EVENT_LIMIT_MS,
      'process group gone',
    );
    world.output.text = '';
  }, 240_000);
});

describe('SHARDS=auto (Discord recommends 2) under the manager', () => {
  it('places the servers on both shards', () => {
    expect(world.guilds.map((ids) => ids.map((id) => shardOf(id, COUNT)))).toEqual([[0], [1]]);
  });

  it('starts one process per shard; /readyz is 503 until both are ready', async () => {
    world.start();
    await until(
      async () => (await probe(world.healthUrl, '/healthz')).status === 200,
      START_LIMIT_MS,
      'health up',
    );
    // The manager spaces IDENTIFYs 5 s apart: while only shard 0 is in, the host is not ready.
    await until(() => identifies(0) === 1, START_LIMIT_MS, 'shard 0 identified');
    expect(identifies(1)).toBe(0);
    expect((await probe(world.healthUrl, '/readyz')).status).toBe(503);
    await until(
      async () => (await probe(world.healthUrl, '/readyz')).status === 200,
      START_LIMIT_MS,
      'ready',
    );
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
  }, 240_000);

  it('answers /loa list in a server on each shard, and a button on each', async () => {
    for (const [shard, ids] of world.guilds.entries()) {
      const first = await loaList(ids[0] as string);
      expect(embedOf(first.message).title, `shard ${shard}`).toBe('Leaves of absence');
      expect(embedOf(first.message).footer?.text).toMatch(/^Page 1 of/);
      const next = await (
        await world.double.click(mod, first.message!, control(first.message, '▶'))
      ).response();
      expect(embedOf(next.message).footer?.text, `shard ${shard}`).toMatch(/^Page 2 of/);
    }
  }, 30_000);

  it('reads once for both processes: the second server is answered from the shared cache', async () => {
    const reads = () => world.sandbox.requests.filter((r) => r.operationId === 'listRoles').length;
    // /role list on shard 0 reads the roles; the same list on shard 1 (another process) does not.
    const before = reads();
    const a = await (
      await world.double.slash(mod, 'role', { subcommand: 'list', guildId: world.guilds[0]![0]! })
    ).response();
    expect(embedOf(a.message).title).toBeTruthy();
    const afterFirst = reads();
    expect(afterFirst).toBeGreaterThan(before);
    const b = await (
      await world.double.slash(mod, 'role', { subcommand: 'list', guildId: world.guilds[1]![0]! })
    ).response();
    expect(embedOf(b.message).title).toBe(embedOf(a.message).title);
    expect(reads()).toBe(afterFirst);
    // The manager's /metrics adds up both processes' counters.
    const samples = parsePrometheus((await probe(world.healthUrl, '/metrics')).body);
    const answered = samples
      .filter(
        (x) =>
          x.name === 'rollcall_interactions_total' &&
          x.labels.command === 'role' &&
          x.labels.outcome === 'ok',
      )
      .reduce((sum, x) => sum + x.value, 0);
    expect(answered).toBe(2);
    expect(sampleValue(samples, 'rollcall_cache_hits_total')).toBeGreaterThan(0);
  }, 30_000);

  it('a shard killed with SIGKILL is started again and its servers answer; the other loses nothing', async () => {
    const before = shardPids();
    const victim = before.get(1) as number;
    const first = await loaList(world.guilds[1]![0]!);
    process.kill(victim, 'SIGKILL');
    // Every wait is for the event, within a limit for a hang: a shard's start (its sources loaded
    // through tsx) is tens of seconds under half a core beside other work.
    await until(
      async () => (await probe(world.healthUrl, '/readyz')).status === 503,
      EVENT_LIMIT_MS,
      'not ready',
    );
    // While shard 1 is away, shard 0 answers as before.
    const during = await loaList(world.guilds[0]![0]!);
    expect(embedOf(during.message).title).toBe('Leaves of absence');
    await until(() => identifies(1) === 2, START_LIMIT_MS, 'shard 1 identified again');
    await until(
      async () => (await probe(world.healthUrl, '/readyz')).status === 200,
      EVENT_LIMIT_MS,
      'ready again',
    );
    const after = shardPids();
    expect(after.get(1)).not.toBe(victim);
    expect(alive(victim)).toBe(false);
    expect(after.get(0)).toBe(before.get(0));
    expect(identifies(0)).toBe(1); // shard 0 never reconnected
    const again = await loaList(world.guilds[1]![0]!);
    expect(embedOf(again.message).title).toBe('Leaves of absence');
    // A button drawn by the killed process, pressed now: the new process answers it.
    const next = await (
      await world.double.click(mod, first.message!, control(first.message, '▶'))
    ).response();
    expect(embedOf(next.message).footer?.text).toMatch(/^Page 2 of/);
  }, 300_000);

  it('a gateway outage: /readyz is 503 while the shards reconnect and 200 once they resume; no process restarted', async () => {
    await until(
      async () => (await probe(world.healthUrl, '/readyz')).status === 200,
      EVENT_LIMIT_MS,
      'ready',
    );
    const before = shardPids();
    world.double.refuseGateway(true);
    try {
      world.double.dropGateway();
      await until(
        async () => (await probe(world.healthUrl, '/readyz')).status === 503,
        EVENT_LIMIT_MS,
        'not ready',
      );
    } finally {
      world.double.refuseGateway(false);
    }
    await until(
      async () => (await probe(world.healthUrl, '/readyz')).status === 200,
      EVENT_LIMIT_MS,
      'ready again',
    );
    expect(shardPids()).toEqual(before);
  }, 240_000);

  it('a shard that dies again soon is started again after a wait that grows (no crash loop)', async () => {
    const deaths = () =>
      world.lines().filter((l) => l.msg === 'shard process died; starting it again' && l.shard === 1);
    expect(deaths().map((l) => l.delayMs)).toEqual([0]); // the first death: at once
    const victim = shardPids().get(1) as number;
    const killedAt = Date.now();
    process.kill(victim, 'SIGKILL');
    await until(() => shardPids().get(1) !== victim, EVENT_LIMIT_MS, 'shard 1 started again');
    const restarted = world
      .lines()
      .filter((l) => l.msg === 'shard process started' && l.shard === 1)
      .at(-1) as LogLine;
    expect(deaths().map((l) => l.delayMs)).toEqual([0, 1_000]);
    expect(restarted.time - killedAt).toBeGreaterThanOrEqual(1_000);
    await until(
      async () => (await probe(world.healthUrl, '/readyz')).status === 200,
      START_LIMIT_MS,
      'ready again',
    );
    const again = await loaList(world.guilds[1]![0]!);
    expect(embedOf(again.message).title).toBe('Leaves of absence');
  }, 300_000);

  it('SIGTERM to the manager stops every shard cleanly; all exit 0 within the grace period', async () => {
    const manager = world.manager!;
    const pids = [...shardPids().values()];
    const exit = new Promise<number | null>((resolve) => manager.once('exit', (code) => resolve(code)));
    // One read in flight on each shard (deferred: the API takes 1.5 s).
    world.sandbox.set({ latency: { minMs: 1_500, maxMs: 1_600 } });
    const loas = world.sandbox.dataset.loas;
    const inFlight = await Promise.all(
      world.guilds.map((ids, i) =>
        world.double.slash(mod, 'loa', {
          subcommand: 'view',
          options: { id: loas[loas.length - 1 - i]!.id },
          guildId: ids[0]!,
        }),
      ),
    );
    for (const handle of inFlight)
      expect(await handle.acknowledged()).toBe(InteractionResponseType.DeferredChannelMessageWithSource);
    manager.kill('SIGTERM');
    await until(
      async () => (await probe(world.healthUrl, '/readyz')).status !== 200,
      EVENT_LIMIT_MS,
      'not ready',
    );
    expect((await probe(world.healthUrl, '/readyz')).status).toBe(503);
    const answers = await Promise.all(inFlight.map((handle) => handle.response()));
    for (const answer of answers) expect(embedOf(answer.message).title).toBeTruthy();
    const code = await exit;
    // Within the grace period by the manager's own clock, not the machine's speed: a shard still
    // running at SHUTDOWN_GRACE_MS (and a margin) is killed and logged, and the manager exits 1.
    expect(code).toBe(0);
    expect(world.output.text).not.toContain('did not exit within the grace period');
    for (const pid of pids) expect(alive(pid)).toBe(false);
    const stopped = world.lines().filter((l) => l.msg === 'stopped' && typeof l.shard === 'number');
    expect(stopped.map((l) => l.shard).sort()).toEqual([0, 1]);
    expect(world.lines().find((l) => l.msg === 'every shard stopped')?.clean).toBe(true);
    expect(world.output.text).not.toContain('discord-token-sharded');
    expect(world.output.text).not.toContain(world.sandbox.token);
  }, 180_000);

  it('a manager killed with SIGKILL leaves no shard behind: each stops on its own', async () => {
    world.sandbox.set({ latency: { minMs: 0, maxMs: 0 } });
    world.output.text = '';
    const manager = world.start();
    await until(
      async () => (await probe(world.healthUrl, '/readyz')).status === 200,
      START_LIMIT_MS,
      'ready',
    );
    const pids = [...shardPids().values()];
    expect(pids).toHaveLength(2);
    manager.kill('SIGKILL');
    // Each within its own grace period (its timer exits it), logged as stopped: a shard left behind
    // would never go, so the wait is a limit for a hang.
    await until(() => pids.every((pid) => !alive(pid)), EVENT_LIMIT_MS, 'every shard gone');
    const stopped = world.lines().filter((l) => l.msg === 'stopped' && typeof l.shard === 'number');
    expect(stopped.map((l) => l.shard).sort()).toEqual([0, 1]);
  }, 240_000);
});
