/**
 * The health listener of a real Rollcall between the doubles, asked over real HTTP: liveness and
 * readiness through start, serving and shutdown; /metrics counting a real slash command and the
 * API requests it made, with no token, user id or guild id anywhere; the container's healthcheck.
 */

import { createServer } from 'node:http';
import { networkInterfaces } from 'node:os';
import { PermissionFlagsBits } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/discord/replies.js';
import { check, readyzUrl } from '../../src/ops/healthcheck.js';
import { credentialLabel, Metrics } from '../../src/ops/metrics.js';
import type { World } from '../e2e/world.js';
import { hasRedisServer, OwnRedis } from '../support/redis.js';
import { createOpsWorld, parsePrometheus, probe, sampleValue, until } from './support.js';

const withRedis = hasRedisServer || process.env.CI === 'true';
let world: World | undefined;

afterEach(async () => {
  await world?.close();
  world = undefined;
});

function urlOf(w: World): string {
  const url = w.app.health?.url;
  if (!url) throw new Error('the health listener is not listening');
  return url;
}

describe('readiness and liveness', () => {
  it('/readyz is 503 while connecting and 200 once the client is ready; /healthz 200 throughout', async () => {
    world = await createOpsWorld();
    const w = world;
    // Discord answers GET /gateway/bot late: the client cannot be ready for 1.5 s.
    w.double.delayNext({ route: 'gateway', ms: 1_500 });
    const starting = w.app.start();
    await until(() => w.app.health?.url !== undefined, 5_000, 'listening');
    const base = urlOf(w);
    expect(await probe(base, '/healthz')).toEqual({ status: 200, body: 'ok\n' });
    expect((await probe(base, '/readyz')).status).toBe(503);
    await starting;
    expect(await probe(base, '/readyz')).toEqual({ status: 200, body: 'ready\n' });
    expect(await probe(base, '/healthz')).toEqual({ status: 200, body: 'ok\n' });
    expect((await probe(base, '/nothing-here')).status).toBe(404);
    const post = await fetch(`${base}/readyz`, { method: 'POST' });
    expect(post.status).toBe(405);
  });

  it('/readyz is 503 while the gateway is down and reconnecting, and 200 again once it resumes', async () => {
    world = await createOpsWorld();
    const w = world;
    await w.app.start();
    const base = urlOf(w);
    expect((await probe(base, '/readyz')).status).toBe(200);
    // A gateway outage: the connection dropped (resumable) and new connections refused.
    w.double.refuseGateway(true);
    w.double.dropGateway();
    await until(
      async () => (await probe(base, '/readyz')).status === 503,
      5_000,
      'readyz 503 while reconnecting',
    );
    expect(await probe(base, '/healthz')).toEqual({ status: 200, body: 'ok\n' });
    w.double.refuseGateway(false);
    await until(
      async () => (await probe(base, '/readyz')).status === 200,
      20_000,
      'readyz 200 after the resume',
    );
    expect(w.double.gatewayStats.resumes).toBeGreaterThanOrEqual(1);
  }, 30_000);

  it('binds 127.0.0.1 by default: not reachable on other interfaces', async () => {
    world = await createOpsWorld();
    await world.app.start();
    const base = urlOf(world);
    expect(world.config.HEALTH_HOST).toBe('127.0.0.1');
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const port = new URL(base).port;
    const external = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal);
    if (external) expect((await probe(`http://${external.address}:${port}`, '/healthz')).status).toBe(0);
  });

  it('/readyz turns 503 the moment shutdown starts, while in-flight work finishes; then the listener closes', async () => {
    world = await createOpsWorld({ API_TIMEOUT_MS: '5000' });
    const w = world;
    await w.app.start();
    const base = urlOf(w);
    expect((await probe(base, '/readyz')).status).toBe(200);
    w.sandbox.set({ latency: { minMs: 1_800, maxMs: 2_000 } });
    const handle = await w.double.slash(w.mod, 'loa', {
      subcommand: 'view',
      options: { id: w.sandbox.dataset.loas[2]!.id },
    });
    await handle.acknowledged(); // deferred: the API read is in flight
    const stopping = w.app.stop(10_000);
    const during = await probe(base, '/readyz');
    const alive = await probe(base, '/healthz');
    const answer = await handle.response();
    await stopping;
    expect(during.status).toBe(503);
    expect(alive.status).toBe(200); // alive while draining: not a reason to kill it
    expect(answer.message?.embeds?.length).toBe(1); // the in-flight command still got its answer
    expect((await probe(base, '/healthz')).status).toBe(0); // closed after the drain
  });

  it('no listener when HEALTH_PORT is unset', async () => {
    world = await createOpsWorld({ HEALTH_PORT: '' });
    await world.app.start();
    expect(world.config.HEALTH_PORT).toBeUndefined();
    expect(world.app.health).toBeUndefined();
  });

  it('a port already taken stops start with a sentence naming the settings', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      world = await createOpsWorld({ HEALTH_PORT: String(port) });
      await expect(world.app.start()).rejects.toThrow(
        `the health listener cannot listen on 127.0.0.1:${port} (EADDRINUSE); check HEALTH_HOST and HEALTH_PORT`,
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

describe('the container healthcheck (dist/src/ops/healthcheck.js)', () => {
  it('exits 0 only while /readyz answers 200', async () => {
    world = await createOpsWorld();
    const w = world;
    w.double.delayNext({ route: 'gateway', ms: 1_000 });
    const starting = w.app.start();
    await until(() => w.app.health?.url !== undefined, 5_000, 'listening');
    const env = { HEALTH_PORT: new URL(urlOf(w)).port };
    expect(await check(env)).toBe(1); // connecting
    await starting;
    expect(await check(env)).toBe(0);
    expect(await check({ ...env, HEALTH_HOST: '0.0.0.0' })).toBe(0); // asks loopback for "every interface"
    await w.app.stop(1_000);
    expect(await check(env)).toBe(1); // gone
    expect(await check({})).toBe(1); // nothing to ask
  });

  it('asks loopback when the listener is bound to every interface', () => {
    expect(readyzUrl({ HEALTH_PORT: '8080' })).toBe('http://127.0.0.1:8080/readyz');
    expect(readyzUrl({ HEALTH_PORT: '8080', HEALTH_HOST: '0.0.0.0' })).toBe('http://127.0.0.1:8080/readyz');
    expect(readyzUrl({ HEALTH_PORT: '8080', HEALTH_HOST: '::' })).toBe('http://[::1]:8080/readyz');
    expect(readyzUrl({ HEALTH_PORT: '8080', HEALTH_HOST: '10.1.2.3' })).toBe('http://10.1.2.3:8080/readyz');
    expect(readyzUrl({})).toBeUndefined();
  });
});

/** The custom_id of a list's page button ("1 / N"), which opens the page-jump modal. */
function pageJump(message: { components?: unknown[] } | null | undefined): string {
  const rows = (message?.components ?? []) as Array<{
    components?: Array<{ label?: string; custom_id?: string }>;
  }>;
  const button = rows.flatMap((r) => r.components ?? []).find((c) => c.label?.startsWith('1 /'));
  if (!button?.custom_id) throw new Error('no page button');
  return button.custom_id;
}

describe('/metrics', () => {
  it('counts a real slash command and its API requests by status, and names no secret or id', async () => {
    // a monthly allowance: the gauge follows the month's count, so what the command spent shows
    world = await createOpsWorld({ API_LIMITS: '1000/month' });
    const w = world;
    await w.app.start();
    const base = urlOf(w);
    const loa = w.sandbox.dataset.loas[1]!;
    const found = await (
      await w.double.slash(w.mod, 'loa', { subcommand: 'view', options: { id: loa.id } })
    ).response();
    expect(found.message?.embeds?.length).toBe(1);
    const missing = await (
      await w.double.slash(w.mod, 'loa', {
        subcommand: 'view',
        options: { id: w.sandbox.dataset.samples.unknownId },
      })
    ).response();
    expect(missing.message?.content).toBeTruthy();
    // the same record again: answered from the cache
    await (await w.double.slash(w.mod, 'loa', { subcommand: 'view', options: { id: loa.id } })).response();

    const scraped = await fetch(`${base}/metrics`);
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await scraped.text();
    const samples = parsePrometheus(text);

    // interactions, by command and outcome
    const interactions = { command: 'loa', type: 'command' };
    expect(sampleValue(samples, 'rollcall_interactions_total', { ...interactions, outcome: 'ok' })).toBe(2);
    expect(
      sampleValue(samples, 'rollcall_interactions_total', { ...interactions, outcome: 'user_error' }),
    ).toBe(1); // "No LOA with that id…"
    expect(sampleValue(samples, 'rollcall_interaction_first_response_seconds_count', interactions)).toBe(3);
    expect(
      sampleValue(samples, 'rollcall_interaction_final_seconds_count', { ...interactions, outcome: 'ok' }),
    ).toBe(2);

    // API requests by operationId and status, as the API saw them
    const sawApi = (op: string, status: number) =>
      w.sandbox.requests.filter((r) => r.operationId === op && r.status === status).length;
    expect(sawApi('getLoa', 200)).toBe(1);
    expect(sawApi('getLoa', 404)).toBe(1);
    expect(sampleValue(samples, 'rollcall_api_requests_total', { endpoint: 'getLoa', status: '200' })).toBe(
      1,
    );
    expect(sampleValue(samples, 'rollcall_api_requests_total', { endpoint: 'getLoa', status: '404' })).toBe(
      1,
    );
    const total = samples
      .filter((s) => s.name === 'rollcall_api_requests_total')
      .reduce((sum, s) => sum + s.value, 0);
    expect(total).toBe(w.sandbox.requests.length);

    // cache and limit figures, by credential hash only
    const credential = credentialLabel(w.config.API_TOKEN);
    expect(sampleValue(samples, 'rollcall_cache_hits_total', { credential })).toBe(
      w.app.api.stats().cacheHits,
    );
    expect(sampleValue(samples, 'rollcall_cache_hits_total', { credential })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(samples, 'rollcall_cache_misses_total', { credential })).toBe(2);
    expect(sampleValue(samples, 'rollcall_cache_stale_total', { credential })).toBe(0);
    const remaining = sampleValue(samples, 'rollcall_api_limit_remaining', { credential });
    expect(remaining).toBeLessThan(Math.min(...w.config.API_LIMITS.map((limit) => limit.points)));
    expect(remaining).toBeGreaterThan(0);
    expect(sampleValue(samples, 'rollcall_redis_up')).toBeUndefined(); // no CACHE_URL, no Redis to report

    // default process metrics
    expect(sampleValue(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sampleValue(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);

    // no secret, user id, guild id or interaction id/token anywhere in the output
    const forbidden = [
      w.config.DISCORD_TOKEN,
      w.config.API_TOKEN,
      w.mod.id,
      w.double.guildId,
      w.double.bot.id,
      w.double.applicationId,
      loa.id,
      w.sandbox.dataset.samples.unknownId,
      ...w.double.calls
        .filter((c) => c.route === 'callback' || c.route === 'webhook')
        .flatMap((c) => c.path.split('/').filter((part) => part.length >= 17)),
    ];
    expect(forbidden.length).toBeGreaterThan(8);
    for (const value of forbidden) expect(text.includes(value), `metrics contain ${value}`).toBe(false);
    for (const sample of samples)
      for (const value of Object.values(sample.labels)) expect(value).not.toMatch(/\d{17,}/);
  });

  it('counts refusals (elsewhere, restarting) and autocomplete in interactions_total', async () => {
    world = await createOpsWorld();
    const w = world;
    await w.app.start();
    const base = urlOf(w);
    const count = async (labels: Record<string, string>) =>
      sampleValue(
        parsePrometheus((await probe(base, '/metrics')).body),
        'rollcall_interactions_total',
        labels,
      );
    // a DM is refused with one sentence
    const dm = await (await w.double.slash(w.mod, 'loa', { subcommand: 'list', dm: true })).response();
    expect(dm.message?.content).toBeTruthy();
    expect(await count({ command: 'loa', type: 'command', outcome: 'user_error' })).toBe(1);
    // autocomplete: counted once, with its outcome
    const choices = await (await w.double.autocomplete(w.mod, 'role', 'view', 'role', 'a')).response();
    expect(choices.kind).toBe('autocomplete');
    expect(await count({ command: 'role', type: 'autocomplete', outcome: 'ok' })).toBe(1);
    // a modal (the page jump) answers a button: counted like any answer
    const list = await (await w.double.slash(w.mod, 'audit-log', { subcommand: 'list' })).response();
    const jump = await (await w.double.click(w.mod, list.message!, pageJump(list.message))).response();
    expect(jump.kind).toBe('modal');
    expect(await count({ command: 'audit-log', type: 'component', outcome: 'ok' })).toBe(1);
    // while stopping (one read in flight), newcomers get the restarting notice: counted too
    w.sandbox.set({ latency: { minMs: 1_500, maxMs: 1_600 } });
    const slow = await w.double.slash(w.mod, 'loa', {
      subcommand: 'view',
      options: { id: w.sandbox.dataset.loas[2]!.id },
    });
    await slow.acknowledged();
    const stopping = w.app.stop(5_000);
    const late = await (await w.double.slash(w.mod, 'loa', { subcommand: 'list' })).response();
    expect(late.message?.content).toBe(MESSAGES.restarting);
    const samples = parsePrometheus(await w.app.metrics!.text());
    expect(
      sampleValue(samples, 'rollcall_interactions_total', { command: 'loa', outcome: 'user_error' }),
    ).toBe(2);
    await stopping;
  });

  it('reports the store up in hosted mode, and down when it does not answer', async () => {
    world = await createOpsWorld({
      API_TOKEN: '',
      ROLLCALL_SECRET_KEY: Buffer.alloc(32, 7).toString('base64'),
    });
    const w = world;
    await w.app.start();
    const up = async () =>
      sampleValue(parsePrometheus((await probe(urlOf(w), '/metrics')).body), 'rollcall_database_up');
    expect(await up()).toBe(1);
    // the admins' command is counted under its own name, not as an unknown one
    const admin = w.double.user({ username: 'admin', permissions: PermissionFlagsBits.ManageGuild });
    await (
      await w.double.slash(admin, 'rollcall-admin', {
        subcommand: 'settings',
        options: { show: true } as never,
      })
    ).response();
    const counted = parsePrometheus((await probe(urlOf(w), '/metrics')).body).filter(
      (s) => s.name === 'rollcall_interactions_total',
    );
    expect(counted.map((s) => s.labels.command)).toEqual(['rollcall-admin']);
    // the same gauge over a store that fails, and one that hangs
    const failing = new Metrics();
    failing.watchStore(() => Promise.reject(new Error('connection refused')));
    expect(sampleValue(parsePrometheus(await failing.text()), 'rollcall_database_up')).toBe(0);
    const hanging = new Metrics();
    hanging.watchStore(() => new Promise(() => undefined));
    expect(sampleValue(parsePrometheus(await hanging.text()), 'rollcall_database_up')).toBe(0);
    // closed under it: down
    await w.app.store()?.close();
    expect(await up()).toBe(0);
  });

  it('has no store gauge in single-community mode', async () => {
    world = await createOpsWorld();
    await world.app.start();
    const samples = parsePrometheus((await probe(urlOf(world), '/metrics')).body);
    expect(sampleValue(samples, 'rollcall_database_up')).toBeUndefined();
  });

  it.runIf(withRedis)('reports Redis up while it answers, and down once it is gone', async () => {
    const redis = await OwnRedis.create();
    await redis.start();
    try {
      world = await createOpsWorld({ CACHE_URL: redis.url });
      const w = world;
      await w.app.start();
      const base = urlOf(w);
      const redisUp = async () =>
        sampleValue(parsePrometheus((await probe(base, '/metrics')).body), 'rollcall_redis_up');
      await until(async () => (await redisUp()) === 1, 5_000, 'Redis reported up');
      await redis.kill();
      await until(async () => (await redisUp()) === 0, 10_000, 'Redis reported down');
    } finally {
      await redis.stop();
    }
  });
});
