/**
 * The SQLite store commits without an fsync on the event loop (synchronous=NORMAL, no automatic
 * checkpoint) and a thread of its own checkpoints the WAL (src/store/checkpoint.ts), against real
 * files under a temporary folder. What reached the database file is seen from a copy of that file
 * alone (without its WAL), so a checkpoint is proven by the rows it moved; the thread's own timer
 * is set to an hour, so only the checkpoints the tests ask for happen.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { checkpointThreads } from '../../src/store/checkpoint.js';
import { openStore, SQLITE_FILE, type Store, type StoreOptions } from '../../src/store/index.js';

const HOUR_MS = 3_600_000;
const GUILD = (n: number) => `13000000000000${String(n).padStart(5, '0')}`;

const dirs: string[] = [];
const stores: Store[] = [];

afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close().catch(() => {})));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rollcall-checkpoint-'));
  dirs.push(dir);
  return dir;
}

async function open(dataDir: string, extra: Partial<StoreOptions> = {}): Promise<Store> {
  const store = await openStore({ dataDir, checkpointEveryMs: HOUR_MS, ...extra });
  stores.push(store);
  return store;
}

async function write(store: Store, rows: number): Promise<void> {
  for (let n = 0; n < rows; n++) await store.saveSettings(GUILD(n), { defaultVisibility: 'public' });
}

/** Settings rows in the database file alone (a copy without its WAL): what checkpoints moved there. */
function rowsInFile(dataDir: string): number {
  const copy = join(folder(), 'copy.sqlite');
  copyFileSync(join(dataDir, SQLITE_FILE), copy);
  const db = new Database(copy);
  try {
    const row = db.prepare('select count(*) as n from guild_settings').get() as { n: number };
    return Number(row.n);
  } finally {
    db.close();
  }
}

/** The WAL's size (0 when emptied, or removed). */
function walBytes(dataDir: string): number {
  const wal = join(dataDir, `${SQLITE_FILE}-wal`);
  return existsSync(wal) ? statSync(wal).size : 0;
}

interface Warned {
  fields: unknown;
  message: string;
}

function recorder(): { logger: NonNullable<StoreOptions['logger']>; warned: Warned[] } {
  const warned: Warned[] = [];
  const logger = {
    warn: (fields: unknown, message: string) => warned.push({ fields, message }),
    info: () => {},
  } as unknown as NonNullable<StoreOptions['logger']>;
  return { logger, warned };
}

describe('store: SQLite checkpoints in a thread of their own', () => {
  it('commits with synchronous NORMAL and no automatic checkpoint; the thread moves the WAL into the file', async () => {
    const dir = folder();
    const store = await open(dir);
    const first = await store.checkpoint();
    expect(first).toMatchObject({ by: 'thread', synchronous: 1, autocheckpoint: 0 });

    await write(store, 40);
    expect(rowsInFile(dir)).toBe(0); // in the WAL only: nobody checkpointed
    const state = await store.checkpoint();
    expect(state?.by).toBe('thread');
    expect(state?.counts?.busy).toBe(0);
    expect(state?.counts?.log).toBeGreaterThan(0);
    expect(state?.counts?.checkpointed).toBe(state?.counts?.log);
    expect(rowsInFile(dir)).toBe(40);
    expect((await store.getSettings(GUILD(39))).defaultVisibility).toBe('public');
  });

  it("each store's close checkpoints its WAL away and ends its own thread", async () => {
    const before = checkpointThreads();
    const dirsOpened = [folder(), folder(), folder()];
    const opened = await Promise.all(dirsOpened.map((dir) => open(dir)));
    for (const store of opened) expect((await store.checkpoint())?.by).toBe('thread');
    expect(checkpointThreads()).toBe(before + 3);
    for (const store of opened) await write(store, 5);

    const [dir0, dir1, dir2] = dirsOpened as [string, string, string];
    await opened[0]?.close();
    expect(checkpointThreads()).toBe(before + 2);
    expect(walBytes(dir0)).toBe(0);
    expect(rowsInFile(dir0)).toBe(5);
    // The others still run, their commits still in their WAL.
    expect(rowsInFile(dir1)).toBe(0);
    expect((await opened[1]?.checkpoint())?.by).toBe('thread');

    await Promise.all([opened[1]?.close(), opened[2]?.close()]);
    expect(checkpointThreads()).toBe(before);
    expect(rowsInFile(dir1)).toBe(5);
    expect(rowsInFile(dir2)).toBe(5);
    expect(walBytes(dir1) + walBytes(dir2)).toBe(0);
    // A store opened again on a closed one's file finds everything.
    const again = await open(dir0);
    expect((await again.getSettings(GUILD(4))).defaultVisibility).toBe('public');
  });

  it('a thread that cannot start is said once, and SQLite checkpoints by itself again', async () => {
    const dir = folder();
    const { logger, warned } = recorder();
    const before = checkpointThreads();
    const store = await open(dir, { logger, checkpointDriver: join(dir, 'no-such-driver.js') });
    const state = await store.checkpoint();
    expect(state).toMatchObject({ by: 'sqlite', synchronous: 1, autocheckpoint: 1000, counts: undefined });
    expect(warned).toHaveLength(1);
    expect(warned[0]?.message).toMatch(/checkpoint thread failed/);

    await write(store, 3);
    expect((await store.getSettings(GUILD(2))).defaultVisibility).toBe('public');
    await store.close();
    expect(checkpointThreads()).toBe(before);
    expect(warned).toHaveLength(1);
  });

  it('a thread whose checkpoint fails later is said once, and SQLite checkpoints by itself again', async () => {
    const dir = folder();
    // The real driver, whose checkpoints fail after the first (as a disk that went bad would).
    const driver = join(dir, 'failing-driver.cjs');
    const libsql = createRequire(import.meta.url).resolve('libsql');
    writeFileSync(
      driver,
      `const Real = require(${JSON.stringify(libsql)});
       let checkpoints = 0;
       module.exports = class extends Real {
         pragma(source, options) {
           if (/wal_checkpoint/.test(source) && ++checkpoints > 1) throw new Error('disk I/O error');
           return super.pragma(source, options);
         }
       };`,
    );
    const { logger, warned } = recorder();
    const store = await open(dir, { logger, checkpointDriver: driver });
    expect(await store.checkpoint()).toMatchObject({ by: 'thread', autocheckpoint: 0 });

    await write(store, 3);
    expect(await store.checkpoint()).toMatchObject({ by: 'sqlite', autocheckpoint: 1000 });
    expect(await store.checkpoint()).toMatchObject({ by: 'sqlite', autocheckpoint: 1000 });
    expect(warned).toHaveLength(1);
    expect(JSON.stringify(warned[0]?.fields)).toMatch(/disk I\/O error/);
    await write(store, 4);
    expect((await store.getSettings(GUILD(3))).defaultVisibility).toBe('public');
  });

  it('never keeps the process alive: a process that opened a store and did not close it ends by itself', async () => {
    // Asked for nothing: the thread's own timer only (the bot's case; 50 ms, so it runs meanwhile).
    const idle = await child(folder(), "console.log('opened');", { checkpointEveryMs: 50 });
    expect(idle).toMatchObject({ code: 0, said: 'opened\n' });
    // After answering a checkpoint asked for.
    const asked = await child(folder(), 'const state = await opened.checkpoint(); console.log(state.by);');
    expect(asked).toMatchObject({ code: 0, said: 'thread\n' });
  });

  // The driver aborts the process when its thread is stopped from outside in the middle of a call
  // (neon's PendingException): exiting while the thread is in a checkpoint must wait for it instead.
  // The thread's last checkpoint (TRUNCATE) is held in SQLite's own busy wait by a reader of the
  // child's, and the child exits while the thread is in that call (its driver marks it in a file).
  for (const [path, exit, expected] of [
    ['process.exit', 'process.exit(7)', 7],
    ['an uncaught error', "throw new Error('left uncaught')", 1],
  ] as const) {
    it(`${path} while the thread is in a driver call waits for it: no abort, the exit code kept`, async () => {
      const dir = folder();
      const marker = join(dir, 'in-call');
      const driver = join(dir, 'marking-driver.cjs');
      const libsql = createRequire(import.meta.url).resolve('libsql');
      writeFileSync(
        driver,
        `const { writeFileSync } = require('node:fs');
         const Real = require(${JSON.stringify(libsql)});
         module.exports = class extends Real {
           pragma(source, options) {
             if (/TRUNCATE/.test(source)) writeFileSync(${JSON.stringify(marker)}, '');
             return super.pragma(source, options);
           }
         };`,
      );
      const { code, said, heard } = await child(
        dir,
        `const { default: Database } = await import('libsql');
         const { existsSync } = await import('node:fs');
         await opened.saveSettings('1300000000000000001', { defaultVisibility: 'public' });
         const reader = new Database(${JSON.stringify(join(dir, SQLITE_FILE))});
         reader.exec('begin');
         reader.prepare('select count(*) from guild_settings').get();
         void opened.close();
         while (!existsSync(${JSON.stringify(marker)})) await new Promise((r) => setTimeout(r, 5));
         console.log('in the call');
         ${exit};`,
        { lockPatienceMs: 1_000, checkpointDriver: driver },
      );
      expect(said.trim()).toBe('in the call');
      expect(heard).not.toMatch(/panicked|PendingException/);
      expect(code).toBe(expected);
      // The store is whole: a new one opens the file and finds the row.
      const again = await open(dir);
      expect((await again.getSettings('1300000000000000001')).defaultVisibility).toBe('public');
    });
  }
});

/**
 * A child process (this Node, the sources through tsx) that opens a store on `dir` as `opened`,
 * then runs `body`; its exit code, stdout and stderr. Nothing ends it but `body` or its event loop
 * running out of work: a thread that keeps it alive hangs the test until its timeout.
 */
async function child(
  dir: string,
  body: string,
  options: Partial<StoreOptions> = {},
): Promise<{ code: number | null; said: string; heard: string }> {
  const store = new URL('../../src/store/index.ts', import.meta.url).href;
  const script = `
    const { openStore } = await import(${JSON.stringify(store)});
    const opened = await openStore({ dataDir: ${JSON.stringify(dir)}, ...${JSON.stringify(options)} });
    ${body}
  `;
  const spawned = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  onTestFinished(() => {
    if (spawned.exitCode === null) spawned.kill('SIGKILL');
  });
  let said = '';
  let heard = '';
  spawned.stdout.on('data', (chunk: Buffer) => {
    said += chunk.toString();
  });
  spawned.stderr.on('data', (chunk: Buffer) => {
    heard += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => spawned.once('close', resolve));
  return { code, said, heard };
}
