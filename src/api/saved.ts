/**
 * Saved answers: every answer a request bought is also kept in the store (SQLite under DATA_DIR, or
 * PostgreSQL), beside the cache, so that emptying the cache (a Redis FLUSHALL, a Redis or process
 * restart) costs no answer the month's allowance paid for. The reader keeps each answer it loaded
 * here and, when the cache has nothing under a key, asks here before the API (src/api/reader.ts).
 *
 * The store and the API import nothing of each other: the wiring builds the `AnswerArchive` over the
 * store's `answers` (src/store/answers.ts), as it builds the month's ledger.
 *
 * Never in an answer's way:
 * - writes are queued and written together a moment later (one transaction for the answers of
 *   WRITE_DELAY_MS), never awaited by a read; what is queued is bounded (MAX_QUEUED_BYTES, oldest
 *   dropped) and answered from the queue until written;
 * - a read waits at most READ_TIMEOUT_MS; a failed or late read or write leaves the store alone for
 *   RETRY_AFTER_MS (reads then answer "nothing saved" at once), and a warning is logged at most once
 *   every WARN_INTERVAL_MS. The store down only means more requests, never a failed answer.
 */
import type { Logger } from '../base/log.js';
import { within } from './abort.js';
import { type CacheEntry, isCacheEntry } from './cache.js';

/** One saved answer as the store keeps it: its cache key, the entry as JSON, its dates (ms). */
export interface ArchivedAnswer {
  key: string;
  entry: string;
  fetchedAt: number;
  expiresAt: number;
}

/** Where saved answers are kept, by token hash (`community`): the store's, built by the wiring. */
export interface AnswerArchive {
  /** The answer saved under `key`, unless none is or it expired at `now`. */
  get(community: string, key: string, now: number): Promise<ArchivedAnswer | undefined>;
  /** Save these answers (one transaction), keeping the community within its bound (newest kept). */
  save(community: string, answers: ArchivedAnswer[]): Promise<void>;
}

export interface SavedAnswers {
  /**
   * The entry saved under `key` and until when it may be used (ms), or undefined (none, expired,
   * unreadable, store slow or down). Never throws.
   */
  get(key: string): Promise<{ entry: CacheEntry; expiresAt: number } | undefined>;
  /** Keep `entry` for `ttlMs` from now: queued, written a moment later. Never throws, never waits. */
  keep(key: string, entry: CacheEntry, ttlMs: number): void;
  /** Write what is queued now (resolves when written or given up on). Never rejects. */
  flush(): Promise<void>;
  readonly counters: {
    /** Entries written to the store. */
    written: number;
    /** Entries dropped unwritten (the queue's bound, or a failed write). */
    dropped: number;
  };
}

/** How long answers wait in the queue, to be written together, after the first of them. */
export const WRITE_DELAY_MS = 200;
/** The longest a read waits for the store. */
export const READ_TIMEOUT_MS = 250;
/** After a failed or late read or write, the store is left alone this long. */
export const RETRY_AFTER_MS = 5_000;
/** Bytes of answers queued at most (key and JSON, as JavaScript counts characters); oldest dropped. */
export const MAX_QUEUED_BYTES = 8 * 1024 * 1024;
const WARN_INTERVAL_MS = 30_000;

export interface SavedAnswersOptions {
  archive: AnswerArchive;
  /** The token's hash. */
  community: string;
  logger: Logger;
  /** The reader's clock: answers' dates and expiry (ms since epoch). */
  now: () => number;
}

export function createSavedAnswers(options: SavedAnswersOptions): SavedAnswers {
  const { archive, community, logger, now } = options;
  const counters = { written: 0, dropped: 0 };
  const queue = new Map<string, ArchivedAnswer>();
  let queuedBytes = 0;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;
  // Backoff and warnings on the monotonic clock: the reader's `now` may be a test's frozen one.
  let leftAloneUntil = Number.NEGATIVE_INFINITY;
  let lastWarnAt = Number.NEGATIVE_INFINITY;

  const down = () => performance.now() < leftAloneUntil;
  const failed = (what: 'read' | 'write', error: unknown) => {
    leftAloneUntil = performance.now() + RETRY_AFTER_MS;
    if (performance.now() - lastWarnAt < WARN_INTERVAL_MS) return;
    lastWarnAt = performance.now();
    logger.warn(
      { kind: 'saved-answers', what, err: error instanceof Error ? error.message : String(error) },
      'saved answers unavailable; reading through to the API',
    );
  };

  function unqueue(key: string): void {
    const queued = queue.get(key);
    if (!queued) return;
    queue.delete(key);
    queuedBytes -= queued.key.length + queued.entry.length;
  }

  function schedule(delayMs: number): void {
    if (timer || queue.size === 0) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, delayMs);
    timer.unref();
  }

  async function write(): Promise<void> {
    if (down()) {
      schedule(Math.max(WRITE_DELAY_MS, leftAloneUntil - performance.now()));
      return;
    }
    const batch = [...queue.values()];
    queue.clear();
    queuedBytes = 0;
    if (batch.length === 0) return;
    try {
      await archive.save(community, batch);
      counters.written += batch.length;
    } catch (error) {
      counters.dropped += batch.length;
      failed('write', error);
    }
  }

  function flush(): Promise<void> {
    if (timer) {
      clearTimeout(timer);
      timer = undefined;
    }
    // One write at a time; what arrives meanwhile goes in the next.
    const next = (writing ?? Promise.resolve()).then(write);
    const current = next.finally(() => {
      if (writing === current) writing = undefined;
      schedule(WRITE_DELAY_MS);
    });
    writing = current;
    return current;
  }

  return {
    counters,
    async get(key) {
      const queued = queue.get(key);
      const found =
        queued ??
        (down()
          ? undefined
          : await within(archive.get(community, key, now()), READ_TIMEOUT_MS, () => {
              throw new Error(`reading a saved answer took over ${READ_TIMEOUT_MS} ms`);
            }).catch((error: unknown) => {
              failed('read', error);
              return undefined;
            }));
      if (!found || found.expiresAt <= now()) return undefined;
      const entry = parse(found.entry);
      if (!entry) return undefined;
      return { entry, expiresAt: found.expiresAt };
    },
    keep(key, entry, ttlMs) {
      if (!(ttlMs > 0)) return;
      const answer = {
        key,
        entry: JSON.stringify(entry),
        fetchedAt: entry.fetchedAt,
        expiresAt: now() + ttlMs,
      };
      unqueue(key);
      queue.set(key, answer);
      queuedBytes += answer.key.length + answer.entry.length;
      for (const [oldest] of queue) {
        if (queuedBytes <= MAX_QUEUED_BYTES || oldest === key) break;
        unqueue(oldest);
        counters.dropped++;
      }
      schedule(WRITE_DELAY_MS);
    },
    flush,
  };
}

function parse(text: string): CacheEntry | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isCacheEntry(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
