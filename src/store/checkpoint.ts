/**
 * The SQLite store's checkpoints, off the event loop. The store's own connection commits with
 * `synchronous = NORMAL` and `wal_autocheckpoint = 0`: a commit appends to the WAL and never waits
 * for the disk. Moving the WAL's pages into the database file (a checkpoint, where SQLite fsyncs
 * the WAL, then the file) is done by a second connection to the same file in a thread of its own:
 * every CHECKPOINT_EVERY_MS a PASSIVE checkpoint (it never waits for a lock and never holds up a
 * writer), TRUNCATE once the store's connection is closed (the WAL emptied, then removed as the
 * last connection closes). See docs/store.md, "Durability".
 *
 * The thread's code is the small script below, run with `eval` (plain JavaScript, CommonJS): it
 * starts in tens of milliseconds, with no loader, from the sources as from the build. It loads the
 * same driver (the process loads the native library once, so both connections share SQLite's
 * locks). A thread that fails (the driver does not load in a thread, the file does not open, a
 * checkpoint throws, the thread stops) is said once through `onFailure`, which turns SQLite's own
 * checkpoints back on for the store's connection: commits go on, checkpointed on the loop again.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the thread checkpoints (ms): the most a power loss can roll back (docs/store.md). */
export const CHECKPOINT_EVERY_MS = 2_000;

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

const SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = ' + workerData.busyTimeoutMs);
db.pragma('synchronous = NORMAL');
const checkpoint = (mode) => db.pragma('wal_checkpoint(' + mode + ')')[0];
const timer = setInterval(() => checkpoint('PASSIVE'), workerData.everyMs);
parentPort.on('message', (job) => {
  let answer;
  try {
    answer = { kind: 'done', id: job.id, counts: checkpoint(job.mode) };
  } catch (error) {
    answer = { kind: 'failed', id: job.id, message: String(error && error.message) };
  }
  if (job.last) {
    clearInterval(timer);
    db.close();
  }
  parentPort.postMessage(answer);
  if (job.last) parentPort.close();
});
parentPort.postMessage({ kind: 'ready' });
`;

/** How long closing waits for the thread's last checkpoint before stopping it (ms). */
const CLOSE_PATIENCE_MS = 5_000;

let running = 0;

/** Checkpoint threads running in this process now (started and not yet ended). */
export function checkpointThreads(): number {
  return running;
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
  private worker: Worker | undefined;
  private readonly waiting = new Map<number, (counts: CheckpointCounts | undefined) => void>();
  private nextId = 1;
  private ended: Promise<void>;

  constructor(private readonly options: CheckpointerOptions) {
    const driver = options.driver ?? createRequire(import.meta.url).resolve('libsql');
    const { file, everyMs, busyTimeoutMs } = options;
    const worker = new Worker(SCRIPT, {
      eval: true,
      // None of the process's flags: `--input-type=module` would make the script ESM (no require).
      execArgv: [],
      workerData: { driver, file, everyMs, busyTimeoutMs },
      resourceLimits: { maxOldGenerationSizeMb: 32 },
    });
    running++;
    worker.unref();
    this.worker = worker;
    this.ended = new Promise((resolve) => worker.once('exit', () => resolve()));
    this.ready = new Promise((resolve) => {
      worker.on('message', (answer: Answer) => {
        if (answer.kind === 'ready') resolve(true);
        else this.answered(answer);
      });
      const failed = (reason: string) => {
        resolve(false);
        this.fail(worker, reason);
      };
      worker.on('error', (error) => failed(error.message));
      worker.on('exit', (code) => {
        running--;
        failed(`the thread stopped (exit code ${code})`);
      });
    });
  }

  /** Checkpoint now (PASSIVE) and wait for it; undefined when the thread is not running. */
  async checkpoint(): Promise<CheckpointCounts | undefined> {
    if (!(await this.ready)) return undefined;
    return this.send({ mode: 'PASSIVE' });
  }

  /**
   * After the store's connection closed: a last TRUNCATE checkpoint, the thread's connection closed
   * (the WAL removed), the thread ended; stopped at once past CLOSE_PATIENCE_MS.
   */
  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return this.ended; // failed: stopped already, or stopping
    if (await this.ready) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, CLOSE_PATIENCE_MS);
      });
      const last = this.send({ mode: 'TRUNCATE', last: true });
      this.worker = undefined; // closing is not a failure
      await Promise.race([last.then(() => this.ended), late]);
      clearTimeout(timer);
    }
    this.worker = undefined;
    await worker.terminate();
    await this.ended;
  }

  private send(job: Omit<Job, 'id'>): Promise<CheckpointCounts | undefined> {
    const worker = this.worker;
    if (!worker) return Promise.resolve(undefined);
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      worker.ref();
      worker.postMessage({ ...job, id } satisfies Job);
    });
  }

  private answered(answer: Exclude<Answer, { kind: 'ready' }>): void {
    const resolve = this.waiting.get(answer.id);
    this.waiting.delete(answer.id);
    if (this.waiting.size === 0) this.worker?.unref();
    if (answer.kind === 'done') resolve?.(answer.counts);
    else {
      resolve?.(undefined);
      if (this.worker) this.fail(this.worker, answer.message);
    }
  }

  private fail(worker: Worker, reason: string): void {
    for (const resolve of this.waiting.values()) resolve(undefined);
    this.waiting.clear();
    if (this.worker !== worker) return;
    this.worker = undefined;
    void worker.terminate().catch(() => undefined);
    this.options.onFailure(reason);
  }
}
