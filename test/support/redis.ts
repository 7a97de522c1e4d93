/**
 * A redis-server of a test's own, on a free port and without persistence, to kill, freeze and
 * restart without touching the shared Redis at 127.0.0.1:6379.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { type LimitStore, redisLimitStore } from '../../src/api/limits/store.js';
import { silentLogger } from '../api/helpers.js';
import { EVENT_LIMIT_MS } from './hang.js';

export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

/** True when something accepts TCP connections on 127.0.0.1:`port`. */
export function reachable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** The patience of sharedLimitStore, for a test that opens its stores without waiting for them. */
export const HANG_PATIENCE = { timeoutMs: EVENT_LIMIT_MS, connectTimeoutMs: EVENT_LIMIT_MS };

/**
 * Limit counters on the Redis at `url`, connected, for a test of what processes share on a healthy
 * Redis: connecting and each command count as failed only after EVENT_LIMIT_MS (a limit for a
 * hang), not the bot's 400 / 300 ms, so a starved CPU is not taken for a slow Redis and the counts
 * stay shared. The bot's timeouts and failover are tested with a Redis that does not answer
 * (limits-insurance, month-holds' "Redis not answering", the reliability tests).
 */
export async function sharedLimitStore(url = 'redis://127.0.0.1:6379'): Promise<LimitStore> {
  const store = redisLimitStore(url, silentLogger, HANG_PATIENCE);
  await store.ready();
  if (!store.shared()) throw new Error(`Redis at ${url} is not answering`);
  return store;
}

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A redis-server child on a port of its own, without persistence, that tests kill and restart. */
export class OwnRedis {
  #child: ChildProcess | undefined;

  private constructor(
    readonly port: number,
    /** Started with `--requirepass` this password when set (the URL then carries it). */
    readonly password?: string,
  ) {}

  static async create(options: { password?: string } = {}): Promise<OwnRedis> {
    return new OwnRedis(await freePort(), options.password);
  }

  get url(): string {
    const auth = this.password === undefined ? '' : `:${encodeURIComponent(this.password)}@`;
    return `redis://${auth}127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.#child !== undefined && this.#child.exitCode === null && this.#child.signalCode === null;
  }

  /** Start it and wait until it accepts connections. */
  async start(): Promise<void> {
    if (this.running) return;
    const child = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        ...(this.password === undefined ? [] : ['--requirepass', this.password]),
      ],
      { stdio: 'ignore' },
    );
    this.#child = child;
    const deadline = Date.now() + 10_000;
    while (!(await reachable(this.port))) {
      if (Date.now() > deadline) throw new Error(`redis-server on ${this.port} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Kill it without warning (SIGKILL) and wait until it is gone. */
  async kill(): Promise<void> {
    const child = this.#child;
    if (!child || !this.running) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  /** Freeze it (SIGSTOP): connections stay open, nothing is answered. */
  freeze(): void {
    this.#child?.kill('SIGSTOP');
  }

  thaw(): void {
    this.#child?.kill('SIGCONT');
  }

  /** Run redis-cli against it. */
  cli(...args: string[]): string {
    const auth = this.password === undefined ? [] : ['--no-auth-warning', '-a', this.password];
    const result = spawnSync('redis-cli', ['-p', String(this.port), ...auth, ...args], { encoding: 'utf8' });
    return result.stdout;
  }

  async stop(): Promise<void> {
    this.thaw();
    await this.kill();
  }
}
