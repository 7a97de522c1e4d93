/**
 * Stopping with work in flight, and a stray rejection: in-process (`app.stop`) and as a child process
 * (`node src/main.ts` receiving SIGTERM / SIGINT). Interactions in flight finish or get an answer,
 * interactions arriving while Rollcall stops are told so, then the Discord client is destroyed and
 * Redis closed, and the process exits 0. An unhandled rejection is logged and the bot keeps serving.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/discord/replies.js';
import { type DiscordDouble, startDiscordDouble } from '../doubles/discord/double.js';
import { type Sandbox, startSandbox } from '../doubles/sandbox/server.js';
import { embedOf } from '../e2e/world.js';
import { EVENT_LIMIT_MS, START_LIMIT_MS } from '../support/hang.js';
import { hasRedisServer, OwnRedis } from '../support/redis.js';
import {
  auditEverything,
  logRecords,
  recordSecrets,
  recordText,
  secret,
  startReliableWorld,
  until,
} from './support.js';

const cwd = new URL('../..', import.meta.url).pathname;
const withRedis = hasRedisServer || process.env.CI === 'true';

/** Connections the Redis on `redis` has, not counting the redis-cli asking. */
const redisClients = (redis: OwnRedis) => redis.cli('CLIENT', 'LIST').split('\n').filter(Boolean).length - 1;

describe('app.stop() with interactions in flight', () => {
  it('lets them finish, answers newcomers, then destroys the client and closes Redis', async () => {
    const redis = withRedis ? await OwnRedis.create() : undefined;
    await redis?.start();
    const world = await startReliableWorld({
      env: { API_TIMEOUT_MS: '5000', ...(redis ? { CACHE_URL: redis.url } : {}) },
    });
    try {
      if (redis) await until(() => world.app.api.stats().cacheHealthy, 5_000, 'Redis ready');
      world.sandbox.set({ latency: { minMs: 1_800, maxMs: 2_000 } });
      const loas = world.sandbox.dataset.loas.slice(0, 4);
      const handles = await Promise.all(
        loas.map((loa) =>
          world.double.slash(world.mod, 'loa', { subcommand: 'view', options: { id: loa.id } }),
        ),
      );
      await Promise.all(handles.map((h) => h.acknowledged())); // deferred: work is in flight
      const stopping = world.app.stop(10_000);
      const late = await (await world.double.slash(world.mod, 'loa', { subcommand: 'list' })).response();
      expect(late.ephemeral).toBe(true);
      expect(late.message?.content).toBe(MESSAGES.restarting);
      const answers = await Promise.all(handles.map((h) => h.response()));
      answers.forEach((answer, i) => {
        expect(embedOf(answer.message).title).toContain(loas[i]!.id);
      });
      await stopping;
      expect(world.double.gatewayStats.closes.some((c) => c.by === 'client' && c.code === 1000)).toBe(true);
      if (redis) expect(redisClients(redis)).toBe(0);
      expect(logRecords(world, 50)).toEqual([]);
    } finally {
      await world.close();
      await redis?.stop();
    }
  }, 30_000);

  it('interactions still running when the grace period ends are aborted and told Rollcall is restarting', async () => {
    const hung = await hungApi();
    const world = await startReliableWorld({
      env: { API_BASE_URL: hung.url, API_TIMEOUT_MS: '60000', API_RETRIES: '5' },
    });
    try {
      const command = await world.double.slash(world.mod, 'loa', {
        subcommand: 'view',
        options: { id: world.sandbox.dataset.loas[7]!.id },
      });
      await command.acknowledged();
      await until(() => hung.requests() > 0, 5_000, 'the API call on the wire');
      const started = performance.now();
      await world.app.stop(4_000);
      const ms = performance.now() - started;
      const answer = await command.response();
      expect(answer.kind).toBe('deferred-reply');
      expect(answer.message?.content).toBe(MESSAGES.restarting);
      expect(ms).toBeLessThan(4_000);
      // on the wire until the abort, 2 s before the end (1 s to answer, 1 s to close)
      expect(ms).toBeGreaterThan(1_900);
      expect(hung.requests()).toBe(1);
      expect(logRecords(world, 50)).toEqual([]);
    } finally {
      await world.close();
      await hung.close();
    }
  }, 30_000);
});

/** The `content` of a recorded REST body, or ''. */
function bodyContent(body: unknown): string {
  return typeof body === 'object' && body !== null && 'content' in body ? String(body.content) : '';
}

/** An API that accepts connections and never answers (nor hangs up). */
async function hungApi(): Promise<{ url: string; requests: () => number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  let requests = 0;
  const server = createServer(() => {
    requests++; // held: no answer, ever
  });
  server.on('connection', (socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`,
    requests: () => requests,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Run `node --import tsx src/main.ts` (plus `preload` modules) against the doubles, in its own process group. */
function startBot(
  env: NodeJS.ProcessEnv,
  preload: string[] = [],
): { child: ChildProcess; output: () => string } {
  let output = '';
  const args = ['--import', 'tsx', ...preload.flatMap((p) => ['--import', p]), 'src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  return { child, output: () => output };
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: string | null }> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

describe('the process', () => {
  let sandbox: Sandbox;
  let double: DiscordDouble;
  let redis: OwnRedis | undefined;
  const children: ChildProcess[] = [];
  const apiToken = secret('rc-api-token-child');
  const discordToken = secret('rc-discord-token-child');
  recordSecrets(apiToken, `Bearer ${apiToken}`, discordToken, `Bot ${discordToken}`);

  beforeAll(async () => {
    sandbox = await startSandbox({ tokens: { [apiToken]: { permission: 'all' } } });
    double = await startDiscordDouble();
    redis = withRedis ? await OwnRedis.create() : undefined;
    await redis?.start();
    const { registerCommands } = await import('../../src/deploy-commands.js');
    const { loadDeployConfig } = await import('../../src/base/config.js');
    const deploy = loadDeployConfig(env());
    if (!deploy.ok) throw new Error(deploy.errors.join('; '));
    await registerCommands(deploy.config);
  });
  afterAll(async () => {
    for (const child of children) {
      if (child.pid && child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // gone already
        }
      }
    }
    await double?.close();
    await sandbox?.close();
    await redis?.stop();
  });

  function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
    return {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DISCORD_TOKEN: discordToken,
      DISCORD_APPLICATION_ID: double.applicationId,
      DISCORD_GUILD_ID: double.guildId,
      DISCORD_API_URL: double.restUrl,
      API_BASE_URL: sandbox.url,
      API_TOKEN: apiToken,
      API_LIMITS: '1000/1s',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'rollcall-shutdown-')),
      LOG_LEVEL: 'debug',
      ...(redis ? { CACHE_URL: redis.url } : {}),
      ...extra,
    };
  }

  /**
   * Wait for the child to connect: the event, within a limit for a hang (loading the sources through
   * tsx takes tens of seconds under half a core beside other work). A test of the child has that
   * limit and a minute more (240 s).
   */
  async function connected(output: () => string): Promise<void> {
    await until(() => output().includes('connected to Discord'), START_LIMIT_MS, 'the bot connected');
    const own = redis;
    if (own) await until(() => redisClients(own) >= 1, EVENT_LIMIT_MS, 'connected to Redis');
  }

  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s with interactions in flight: they finish, then a clean exit (client destroyed, Redis closed)',
    async (signal) => {
      const bot = startBot(env());
      children.push(bot.child);
      await connected(bot.output);
      const closesBefore = double.gatewayStats.closes.length;
      const mod = double.user({ username: `mod-${signal}`, roles: ['Moderator'] });
      sandbox.set({ latency: { minMs: 1_700, maxMs: 1_900 } });
      const loas = sandbox.dataset.loas.slice(signal === 'SIGTERM' ? 10 : 20).slice(0, 3);
      const handles = await Promise.all(
        loas.map((loa) => double.slash(mod, 'loa', { subcommand: 'view', options: { id: loa.id } })),
      );
      await Promise.all(handles.map((h) => h.acknowledged()));
      const exit = exited(bot.child);
      process.kill(bot.child.pid!, signal);
      const answers = await Promise.all(handles.map((h) => h.response()));
      answers.forEach((answer, i) => {
        expect(embedOf(answer.message).title).toContain(loas[i]!.id);
      });
      const { code } = await exit;
      sandbox.set({ latency: null });
      recordText(`child output (${signal})`, bot.output());
      expect(code).toBe(0);
      expect(bot.output()).toContain(`"signal":"${signal}"`);
      expect(bot.output()).toContain('"msg":"stopped"');
      expect(bot.output()).not.toContain('"level":50');
      const shutdownLog = bot.output().slice(bot.output().indexOf('"msg":"shutting down"'));
      expect(shutdownLog).not.toContain('gateway reconnecting');
      const closes = double.gatewayStats.closes.slice(closesBefore);
      expect(closes.some((c) => c.by === 'client' && c.code === 1000)).toBe(true);
      if (redis) expect(redisClients(redis)).toBe(0);
    },
    240_000,
  );

  it('SIGTERM against an API that never answers (60 s timeout, 5 retries): exit 0 within the 8 s default grace, every interaction told Rollcall is restarting', async () => {
    const hung = await hungApi();
    try {
      const bot = startBot(env({ API_BASE_URL: hung.url, API_TIMEOUT_MS: '60000', API_RETRIES: '5' }));
      children.push(bot.child);
      await connected(bot.output);
      const mod = double.user({ username: 'mod-hung-api', roles: ['Moderator'] });
      const loas = sandbox.dataset.loas.slice(30, 33);
      const handles = await Promise.all(
        loas.map((loa) => double.slash(mod, 'loa', { subcommand: 'view', options: { id: loa.id } })),
      );
      await Promise.all(handles.map((h) => h.acknowledged()));
      await until(() => hung.requests() >= 3, EVENT_LIMIT_MS, 'three API calls on the wire');
      const exit = exited(bot.child);
      const signalled = performance.now();
      process.kill(bot.child.pid!, 'SIGTERM');
      const { code } = await exit;
      const ms = performance.now() - signalled;
      const answers = await Promise.all(handles.map((h) => h.response()));
      recordText('child output (hung API)', bot.output());
      console.info(`SIGTERM with 3 calls to a hung API: exited ${code} after ${Math.round(ms)} ms`);
      // Within the grace by the child's own clock: past it, its grace timer exits 1 ("grace period
      // over"); and long before the API's 60 s timeout, which it did not wait for. Both are the
      // configured times, not the machine's speed.
      expect(code).toBe(0);
      expect(bot.output()).not.toContain('grace period over');
      expect(bot.output()).toContain('aborting the API calls in flight');
      expect(ms).toBeLessThan(60_000);
      for (const answer of answers) {
        expect(answer.ephemeral).toBe(true);
        expect(answer.message?.content).toBe(MESSAGES.restarting);
      }
      const lines = bot.output().split('\n');
      const from = lines.findIndex((line) => line.includes('"msg":"shutting down"'));
      expect(from).toBeGreaterThan(-1);
      expect(lines.slice(from).join('\n')).toContain('"msg":"stopped"');
      expect(lines.slice(from).join('\n')).not.toContain('gateway reconnecting');
      expect(bot.output()).not.toContain('"level":50');
    } finally {
      await hung.close();
    }
  }, 240_000);

  it('SIGTERM while a moderator waits in line, a place-in-line notice on its way: the last word is "restarting"', async () => {
    // One request per 42 s (1/40s, and the short limits' margin): the second read waits in line, and is told so after 3 s and
    // every 5 s after. The next notice is held by Discord from the moment it arrives until the
    // grace period (3 s) has aborted the wait, so the abort surely falls while that edit is in
    // flight, whatever the machine's load: the answer must wait for it, never land before it.
    const bot = startBot(env({ API_LIMITS: '1/40s', SHUTDOWN_GRACE_MS: '3000' }));
    children.push(bot.child);
    await connected(bot.output);
    const mod = double.user({ username: 'mod-in-line', roles: ['Moderator'] });
    const [first, second] = sandbox.dataset.loas.slice(40, 42);
    const view = (id: string) => double.slash(mod, 'loa', { subcommand: 'view', options: { id } });
    expect(embedOf((await (await view(first!.id)).response()).message).title).toContain(first!.id);
    const waiting = await view(second!.id);
    const notices = () =>
      waiting.calls.filter(
        (c) => c.method === 'PATCH' && /^Waiting for the API allowance/.test(bodyContent(c.body)),
      );
    await until(() => notices().length > 0, EVENT_LIMIT_MS, 'the first notice');
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    double.delayNext({
      route: /^PATCH \/webhooks\/.*\/messages\/@original$/,
      ms: 0,
      until: released,
      times: 1,
    });
    try {
      await until(() => notices().length >= 2, EVENT_LIMIT_MS, 'the next notice, held in flight');
      const exit = exited(bot.child);
      process.kill(bot.child.pid!, 'SIGTERM');
      await until(
        () => bot.output().includes('aborting the API calls in flight'),
        EVENT_LIMIT_MS,
        'the wait aborted',
      );
      release();
      expect((await exit).code).toBe(0);
    } finally {
      release();
    }
    recordText('child output (notice in flight)', bot.output());
    const patches = waiting.calls.filter((c) => c.method === 'PATCH');
    // A second notice was on its way when the wait was aborted (else this test proves nothing).
    expect(notices().length).toBeGreaterThanOrEqual(2);
    expect(bodyContent(patches.at(-1)?.body)).toBe(MESSAGES.restarting);
    expect(waiting.message()?.content).toBe(MESSAGES.restarting);
    expect(bot.output()).not.toContain('"level":50');
  }, 240_000);

  it('an unhandled rejection is logged, and the bot keeps serving', async () => {
    const bot = startBot(env({ STRAY_REJECTION_AFTER_MS: '300' }), ['./test/reliability/stray-rejection.ts']);
    children.push(bot.child);
    await connected(bot.output);
    await until(
      () => bot.output().includes('"msg":"unhandled rejection"'),
      EVENT_LIMIT_MS,
      'the rejection logged',
    );
    const mod = double.user({ username: 'mod-after-rejection', roles: ['Moderator'] });
    const answer = await (await double.slash(mod, 'loa', { subcommand: 'list' })).response();
    expect(embedOf(answer.message).title).toBe('Leaves of absence');
    expect(bot.child.exitCode).toBeNull();
    const exit = exited(bot.child);
    process.kill(bot.child.pid!, 'SIGTERM');
    expect((await exit).code).toBe(0);
    recordText('child output (rejection)', bot.output());
    expect(bot.output()).toContain('stray rejection injected by the reliability suite');
  }, 240_000);

  it('never showed a token in its output or to Discord', () => {
    recordText('double REST bodies (child)', JSON.stringify(double.calls.map((c) => c.body)));
    expect(double.allowedMentionsViolations()).toEqual([]);
  });
});

auditEverything();
