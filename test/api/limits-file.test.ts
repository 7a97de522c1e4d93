/**
 * The counters file (no CACHE_URL): every window survives every writer, whatever limits that
 * writer knows, and a DATA_DIR is one process's (limits.lock).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { ApiLimits, type Limits } from '../../src/api/limits/limits.js';
import { fileLimitStore, LOCK_STALE_MS, lockDataDir } from '../../src/api/limits/store.js';
import { limitsProblemText, parseLimits } from '../../src/base/limits-spec.js';
import { freshDataDir, silentLogger } from './helpers.js';

const opened: Limits[] = [];
afterAll(async () => {
  await Promise.all(opened.map((l) => l.close()));
});

function limits(text: string, dir: string): Limits {
  const parsed = parseLimits(text);
  if (!parsed.ok) throw new Error(limitsProblemText(parsed.problem));
  const created = new ApiLimits({
    specs: parsed.limits,
    store: fileLimitStore(dir, 'h', silentLogger),
    logger: silentLogger,
  });
  opened.push(created);
  return created;
}

const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof ApiError ? e.kind : 'other'),
  );

describe('the counters file keeps every window', () => {
  it('a restart whose first reader knows no month keeps the month another set', async () => {
    const dir = freshDataDir();
    const key = `k-${randomBytes(4).toString('hex')}`;
    const withMonth = limits('10/month,1000/1s', dir);
    for (let i = 0; i < 8; i++) await withMonth.acquire(key, 0);
    await withMonth.close();
    // After a restart, a server on the same token without a monthly limit reads first: its request
    // counts in the month too (a month is counted whether or not its limit is known).
    const spanOnly = limits('1000/2s', dir);
    await spanOnly.acquire(key, 0);
    await spanOnly.close();
    const again = limits('10/month,1000/1s', dir);
    expect((await again.status(key))[0]).toMatchObject({ kind: 'month', used: 9, left: 1 });
    const outcomes = [];
    for (let i = 0; i < 5; i++) outcomes.push(await outcome(again.acquire(key, 0)));
    expect(outcomes).toEqual(['ok', 'quota', 'quota', 'quota', 'quota']);
  });

  it('two stores on one file in one process count one month, and the file has it', async () => {
    const dir = freshDataDir();
    const key = `k-${randomBytes(4).toString('hex')}`;
    const strict = limits('5/month,1000/1s', dir);
    const loose = limits('100/month,1000/1s', dir);
    await strict.acquire(key, 0);
    await loose.acquire(key, 0);
    await loose.acquire(key, 0);
    expect((await strict.status(key))[0]).toMatchObject({ used: 3 });
    const spanOnly = limits('1000/2s', dir);
    await spanOnly.acquire(key, 0); // writes the file last, knowing no monthly limit: counted all the same
    const file = JSON.parse(readFileSync(join(dir, 'limits-h.json'), 'utf8')) as {
      limiters: Record<string, { storage: { value: number }[] }>;
    };
    const month = Object.entries(file.limiters).find(([prefix]) => prefix.endsWith(':month'));
    expect(month?.[1].storage.map((r) => r.value)).toEqual([4]);
  });
});

describe('one process per DATA_DIR', () => {
  it("a second process on a live owner's DATA_DIR is refused with one sentence; a dead owner's lock is taken", async () => {
    const dir = freshDataDir();
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import('${new URL('../../src/api/limits/store.ts', import.meta.url).href}').then((m) => { m.lockDataDir(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000); });`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) =>
      child.stdout.on('data', (d) => String(d).includes('locked') && resolve()),
    );
    expect(() => lockDataDir(dir)).toThrow(
      new RegExp(
        `^DATA_DIR .* is in use by Rollcall process ${child.pid} on .*: run one process per DATA_DIR, or set CACHE_URL`,
      ),
    );
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGKILL'); // no chance to remove its lock
    await exited;
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(join(dir, 'limits.lock'), 'utf8'))).toMatchObject({ pid: process.pid });
    release();
  }, 30_000);

  it("another host's lock holds while it is renewed and is taken once it is stale", () => {
    const dir = freshDataDir();
    const lock = join(dir, 'limits.lock');
    writeFileSync(lock, JSON.stringify({ pid: 1, host: 'elsewhere.example' }));
    expect(() => lockDataDir(dir)).toThrow(/in use by Rollcall process 1 on elsewhere\.example/);
    const stale = new Date(Date.now() - LOCK_STALE_MS - 1_000);
    utimesSync(lock, stale, stale);
    const release = lockDataDir(dir);
    release();
    expect(() => readFileSync(lock)).toThrow(/ENOENT/);
  });
});
