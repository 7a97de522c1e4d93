/**
 * Reading a 2xx body: a small one on the event loop, a large one (over OFF_LOOP_BYTES) in a worker
 * thread (src/api/parse-worker.ts), so that decoding, the depth check, JSON.parse and bounding each
 * record (src/api/keep.ts) of a page of many megabytes never hold the loop; the loop then receives
 * only what is kept. Both paths run the same functions (src/api/validate.ts) and fail the same
 * way: ApiError 'malformed'; a body the worker runs out of memory on is ApiError 'too-large'.
 *
 * One worker per process, shared by every token, started at the first large body, its jobs taken
 * in turn (as many as the API's requests in flight, each holding its body's bytes until read);
 * it keeps the process alive only while a job is waiting. A worker that dies fails its jobs and is
 * started again at the next large body.
 */
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ApiError } from './errors.js';
import type { PageBody } from './pages.js';
import type { ParseAnswer, ParseJob } from './parse-worker.js';
import type { PageQuery } from './types.js';
import { parseItemBody, parsePageBody } from './validate.js';

/** Bodies larger than this are read in the worker: below it, reading takes a few milliseconds. */
export const OFF_LOOP_BYTES = 512 * 1024;
/** The worker's heap: far above a page at the largest API_MAX_RESPONSE_BYTES; past it, 'too-large'. */
const WORKER_HEAP_MB = 512;

const decoder = new TextDecoder();

type JsonObject = Record<string, unknown>;

/** A single item's body (bytes as received; undefined when empty). */
export function readItemBody(
  bytes: ArrayBuffer | undefined,
  offLoopBytes = OFF_LOOP_BYTES,
): Promise<JsonObject> {
  if (!bytes || bytes.byteLength <= offLoopBytes)
    return Promise.resolve().then(() => parseItemBody(text(bytes)));
  return parser().read(bytes) as Promise<JsonObject>;
}

/** An API page's body (bytes as received; undefined when empty). */
export function readPageBody(
  bytes: ArrayBuffer | undefined,
  query: PageQuery,
  offLoopBytes = OFF_LOOP_BYTES,
): Promise<PageBody> {
  if (!bytes || bytes.byteLength <= offLoopBytes)
    return Promise.resolve().then(() => parsePageBody(text(bytes), query));
  return parser().read(bytes, { page: query.page, limit: query.limit }) as Promise<PageBody>;
}

function text(bytes: ArrayBuffer | undefined): string | undefined {
  return bytes && bytes.byteLength > 0 ? decoder.decode(bytes) : undefined;
}

/** The worker and its jobs waiting for an answer. */
class OffLoopParser {
  private worker: Worker | undefined;
  private readonly waiting = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: unknown) => void }
  >();
  private nextId = 1;
  /** Workers started (tests read it). */
  started = 0;

  read(bytes: ArrayBuffer, query?: PageQuery): Promise<unknown> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    const job: ParseJob = query ? { id, bytes, query } : { id, bytes };
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      if (this.waiting.size === 1) worker.ref();
      // Handed over, not copied: the loop no longer holds the body once it is sent.
      worker.postMessage(job, [bytes]);
    });
  }

  private start(): Worker {
    const resourceLimits = { maxOldGenerationSizeMb: WORKER_HEAP_MB };
    // Built, the worker is JavaScript beside this file; run from the sources (the tests, tsx) it is
    // TypeScript, loaded through tsx's loader.
    const typescript = extname(fileURLToPath(import.meta.url)) === '.ts';
    const entry = new URL(`./parse-worker${typescript ? '.ts' : '.js'}`, import.meta.url);
    const worker = typescript
      ? new Worker(
          `import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(import.meta.url)}));`,
          { eval: true, resourceLimits },
        )
      : new Worker(entry, { resourceLimits });
    this.started++;
    worker.unref();
    worker.on('message', (answer: ParseAnswer) => this.answered(answer));
    const failed = (error: unknown) => this.failAll(worker, error);
    worker.on('error', failed);
    worker.on('exit', (code) => failed(new Error(`the reading thread stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private answered(answer: ParseAnswer): void {
    const job = this.waiting.get(answer.id);
    if (!job) return;
    this.waiting.delete(answer.id);
    if (this.waiting.size === 0) this.worker?.unref();
    if (answer.ok) job.resolve(answer.value);
    else job.reject(new ApiError('malformed', answer.message));
  }

  private failAll(worker: Worker, cause: unknown): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    void worker.terminate().catch(() => undefined);
    const outOfMemory = (cause as { code?: unknown } | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
    const error = outOfMemory
      ? new ApiError('too-large', 'API answer too large to read', { cause })
      : new ApiError('malformed', 'API answer could not be read', { cause });
    for (const job of this.waiting.values()) job.reject(error);
    this.waiting.clear();
  }
}

let shared: OffLoopParser | undefined;

/** The process's reading thread (started at its first job). */
export function parser(): OffLoopParser {
  shared ??= new OffLoopParser();
  return shared;
}
