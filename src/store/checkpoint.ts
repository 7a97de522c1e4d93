/**
 * The SQLite store's checkpoints, off the event loop. The store's own connection commits with
 * `synchronous = NORMAL` and `wal_autocheckpoint = 0`: a commit appends to the WAL and never waits
 * for the disk. Moving the WAL's pages into the database file (a checkpoint, where SQLite fsyncs
 * the WAL, then the file) is done by a second connection to the same file in a thread of its own:
 * every CHECKPOINT_EVERY_MS a PASSIVE checkpoint (it never waits for a lock and never holds up a
 * writer), TRUNCATE once the store's connection is closed (the WAL emptied, then removed as the
 * last connection closes). See docs/store.md, "Durability".
 *
 * The thread is never stopped from outside (`Worker.terminate`, or the termination Node applies to
 * every thread still running when the process exits): the driver (libsql, built with neon) asserts
 * that each of its calls into JavaScript succeeds, and a thread stopped in the middle of one aborts
 * the whole process (exit code 134: "neon … external.rs … PendingException"). So the thread ends
 * only by itself: asked to, it finishes the call it is in, closes its connection and its port, and
 * its event loop runs out. On every path:
 * - `close()` (the store closed): a last TRUNCATE checkpoint, then the thread ends; awaited.
 * - The process exiting with the thread still running (`process.exit` after a shutdown step ran out
 *   of time, a start that failed, an uncaught error, the event loop running out): the process's
 *   `exit` listener asks every thread still running to end and waits for each (`Atomics.wait` on
 *   memory shared with it, at most EXIT_PATIENCE_MS) before Node goes on to stop threads.
 * - A failed checkpoint or a driver that does not load: the thread closes what it opened and ends.
 * SIGKILL stops the process with no teardown at all (nothing runs, nothing aborts); SQLite's WAL
 * makes that a crash it recovers from at the next open.
 *
 * The thread never keeps the process alive: it is unref'd, except while a caller awaits an answer.
 *
 * The thread's code is the small script below, run with `eval` (plain JavaScript, CommonJS): it
 * starts in tens of milliseconds, with no loader, from the sources as from the build. It loads the
 * same driver (the process loads the native library once, so both connections share SQLite's
 * locks). A thread that fails is said once through `onFailure`, which turns SQLite's own
 * checkpoints back on for the store's connection: commits go on, checkpointed on the loop again.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the thread checkpoints (ms): the most a power loss can roll back (docs/store.md). */
export const CHECKPOINT_EVERY_MS = 2_000;

/** How long a closing store waits for the thread's last checkpoint before leaving it to end (ms). */
const CLOSE_PATIENCE_MS = 5_000;

/**
 * How long the exiting process waits for a thread to end (ms): the checkpoint it is in, then its
 * connection's close. Past it the process exits anyway (and may abort, as before this wait).
 */
const EXIT_PATIENCE_MS = 5_000;

/** What SQLite's `PRAGMA wal_checkpoint` answered: pages of the WAL, and of them in the file. */
export interface CheckpointCounts {
  /** 1 when the checkpoint could not finish (a reader or writer held it up), else 0. */
  busy: number;
  /** Pages in the WAL. */
  log: number;
  /** Of them, pages now in the database file. */
  checkpointed: number;
}

interface Job {
  id: number;
  mode: 'PASSIVE' | 'TRUNCATE';
  /** The last job: the thread closes its connection after it, and ends. */
  last?: boolean;
}

type Answer =
  | { kind: 'ready' }
  | { kind: 'done'; id: number; counts: CheckpointCounts }
  | { kind: 'failed'; id: number; message: string };

/** Slots of the memory shared with the thread (Int32Array). */
const ENDED = 0; // 1 once the thread closed its connection and will make no more driver calls
const STOP = 1; // 1 once the process asked it to end (it then opens nothing and ends)

// The thread's driver calls are each one short synchronous call; between them it waits in its event
// loop, where a message ('end') reaches it. `end()` is the only way out, and every path reaches it.
const SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
const shared = new Int32Array(workerData.shared);
let db;
let timer;
let ended = false;
function end() {
  if (ended) return;
  ended = true;
  clearInterval(timer);
  try { if (db) db.close(); } catch {}
  db = undefined;
  Atomics.store(shared, ${ENDED}, 1);
  Atomics.notify(shared, ${ENDED});
  parentPort.close();
}
const message = (error) => String((error && error.message) || error);
const checkpoint = (mode) => db.pragma('wal_checkpoint(' + mode + ')')[0];
function start() {
  if (Atomics.load(shared, ${STOP}) === 1) return end();
  try {
    const Database = require(workerData.driver);
    db = new Database(workerData.file);
    db.pragma('busy_timeout = ' + workerData.busyTimeoutMs);
    db.pragma('synchronous = NORMAL');
  } catch (error) {
    parentPort.postMessage({ kind: 'failed', id: 0, message: message(error) });
    return end();
  }
  timer = setInterval(() => {
    if (Atomics.load(shared, ${STOP}) === 1) return end();
    try {
      checkpoint('PASSIVE');
    } catch (error) {
      parentPort.postMessage({ kind: 'failed', id: 0, message: message(error) });
      end();
    }
  }, workerData.everyMs);
  parentPort.on('message', (job) => {
    if (ended) return;
    if (job.end || Atomics.load(shared, ${STOP}) === 1) return end();
    let answer;
    try {
      answer = { kind: 'done', id: job.id, counts: checkpoint(job.mode) };
    } catch (error) {
      answer = { kind: 'failed', id: job.id, message: message(error) };
    }
    parentPort.postMessage(answer);
    if (job.last || answer.kind === 'failed') end();
  });
  parentPort.postMessage({ kind: 'ready' });
}
start();
`;

/** Every thread started and not yet ended, for the process's exit listener. */
const running = new Set<Checkpointer>();
let exitListening = false;

/** Checkpoint threads running in this process now (started and not yet ended). */
export function checkpointThreads(): number {
  return running.size;
}

/**
 * Before Node stops the threads still running at exit, each is asked to end and waited for (see the
 * module's comment). Synchronous, as an `exit` listener must be; the process is ending, so blocking
 * its event loop meanwhile costs nothing.
 */
function endAllAtExit(): void {
  const deadline = Date.now() + EXIT_PATIENCE_MS;
  for (const thread of running) thread.endNow(deadline);
}

interface CheckpointerOptions {
  file: string;
  everyMs: number;
  /** How long the thread's TRUNCATE at close waits for another connection's lock (ms). */
  busyTimeoutMs: number;
  /** The module the thread loads the driver from; default libsql (tests name one that fails). */
  driver?: string;
  /** Said once, when the thread fails or stops unasked. */
  onFailure: (reason: string) => void;
}

/** One store's checkpoint thread. */
export class Checkpointer {
  /** Whether the thread came up (false: it failed first). */
  private readonly ready: Promise<boolean>;
  private readonly worker: Worker;
  private readonly shared = new Int32Array(new SharedArrayBuffer(8));
  private readonly waiting = new Map<number, (counts: CheckpointCounts | undefined) => void>();
  private nextId = 1;
  /** Callers waiting for the thread now (it is ref'd while there are any). */
  private holders = 0;
  /** False once the thread failed, was asked for its last checkpoint, or ended. */
  private usable = true;
  private readonly ended: Promise<void>;

  constructor(private readonly options: CheckpointerOptions) {
    const driver = options.driver ?? createRequire(import.meta.url).resolve('libsql');
    const { file, everyMs, busyTimeoutMs } = options;
    if (!exitListening) {
      exitListening = true;
      process.on('exit', endAllAtExit);
    }
    // No resourceLimits: a thread over its heap limit is stopped by Node from outside, the abort above.
    const worker = new Worker(SCRIPT, {
      eval: true,
      // None of the process's flags: `--input-type=module` would make the script ESM (no require).
      execArgv: [],
      workerData: { driver, file, everyMs, busyTimeoutMs, shared: this.shared.buffer },
    });
    this.worker = worker;
    running.add(this);
    this.ended = new Promise((resolve) =>
      worker.once('exit', () => {
        running.delete(this);
        resolve();
      }),
    );
    this.ready = new Promise((resolve) => {
      worker.on('message', (answer: Answer) => {
        if (answer.kind === 'ready') resolve(true);
        else this.answered(answer);
        if (answer.kind === 'failed') resolve(false);
      });
      worker.on('error', (error) => {
        resolve(false);
        this.fail(error.message);
      });
      worker.on('exit', (code) => {
        resolve(false);
        this.fail(`the thread stopped (exit code ${code})`);
      });
    });
    // After the listeners: adding a 'message' listener refs the thread's port again.
    worker.unref();
  }

  /** Checkpoint now (PASSIVE) and wait for it; undefined when the thread is not running. */
  async checkpoint(): Promise<CheckpointCounts | undefined> {
    this.hold();
    try {
      if (!(await this.ready)) return undefined;
      return await this.send({ mode: 'PASSIVE' });
    } finally {
      this.release();
    }
  }

  /**
   * After the store's connection closed: a last TRUNCATE checkpoint, the thread's connection closed
   * (the WAL removed), the thread ended by itself. Past CLOSE_PATIENCE_MS it is left to end (never
   * stopped from outside); the process's exit listener still waits for it.
   */
  async close(): Promise<void> {
    this.hold();
    try {
      await this.closing();
    } finally {
      this.release();
    }
  }

  private async closing(): Promise<void> {
    const up = await this.ready;
    if (up && this.usable) {
      const last = this.send({ mode: 'TRUNCATE', last: true });
      this.usable = false; // closing is not a failure
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, CLOSE_PATIENCE_MS);
        timer.unref();
      });
      await Promise.race([last.then(() => this.ended), late]);
      clearTimeout(timer);
      return;
    }
    this.usable = false;
    this.askToEnd();
    await this.ended;
  }

  /**
   * At process exit, synchronously: ask the thread to end and wait until it has closed its
   * connection (it finishes the driver call it may be in first), or until `deadline`.
   */
  endNow(deadline: number): void {
    Atomics.store(this.shared, STOP, 1);
    this.askToEnd();
    while (Atomics.load(this.shared, ENDED) !== 1) {
      const left = deadline - Date.now();
      if (left <= 0) return;
      Atomics.wait(this.shared, ENDED, 0, left);
    }
  }

  private askToEnd(): void {
    try {
      this.worker.postMessage({ end: true });
    } catch {
      // its port is closed: it ended already
    }
  }

  private send(job: Omit<Job, 'id'>): Promise<CheckpointCounts | undefined> {
    if (!this.usable) return Promise.resolve(undefined);
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.worker.postMessage({ ...job, id } satisfies Job);
    });
  }

  /** A caller waits for the thread (its start, an answer): the process waits with it. */
  private hold(): void {
    if (this.holders++ === 0) this.worker.ref();
  }

  private release(): void {
    if (--this.holders === 0) this.worker.unref();
  }

  private answered(answer: Exclude<Answer, { kind: 'ready' }>): void {
    const resolve = this.waiting.get(answer.id);
    this.waiting.delete(answer.id);
    if (answer.kind === 'done') resolve?.(answer.counts);
    else {
      resolve?.(undefined);
      this.fail(answer.message); // the thread ends by itself after a failure
    }
  }

  private fail(reason: string): void {
    for (const resolve of this.waiting.values()) resolve(undefined);
    this.waiting.clear();
    if (!this.usable) return;
    this.usable = false;
    this.options.onFailure(reason);
  }
}
