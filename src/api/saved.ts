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
interface ArchivedAnswer {
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

/** How long answers wait in the queue, to be written together, after the first of them. */
const WRITE_DELAY_MS = 200;
/** The longest a read waits for the store. */
const READ_TIMEOUT_MS = 250;
/** After a failed or late read or write, the store is left alone this long. */
const RETRY_AFTER_MS = 5_000;
/** Bytes of answers queued at most (key and JSON, as JavaScript counts characters); oldest dropped. */
const MAX_QUEUED_BYTES = 8 * 1024 * 1024;
const WARN_INTERVAL_MS = 30_000;

interface SavedAnswersOptions {
  archive: AnswerArchive;
  /** The token's hash. */
  community: string;
  logger: Logger;
  /** The reader's clock: answers' dates and expiry (ms since epoch). */
  now: () => number;
}

/** The saved answers of one community, over its archive. */
export class SavedAnswers {
  readonly counters = {
    /** Entries written to the store. */
    written: 0,
    /** Entries dropped unwritten (the queue's bound, or a failed write). */
    dropped: 0,
  };
  private readonly archive: AnswerArchive;
  private readonly community: string;
  private readonly logger: Logger;
  private readonly now: () => number;
  private readonly queue = new Map<string, ArchivedAnswer>();
  private queuedBytes = 0;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  // Backoff and warnings on the monotonic clock: the reader's `now` may be a test's frozen one.
  private leftAloneUntil = Number.NEGATIVE_INFINITY;
  private lastWarnAt = Number.NEGATIVE_INFINITY;

  constructor(options: SavedAnswersOptions) {
    this.archive = options.archive;
    this.community = options.community;
    this.logger = options.logger;
    this.now = options.now;
  }

  /**
   * The entry saved under `key` and until when it may be used (ms), or undefined (none, expired,
   * unreadable, store slow or down). Never throws.
   */
  async get(key: string): Promise<{ entry: CacheEntry; expiresAt: number } | undefined> {
    const found = this.queue.get(key) ?? (this.down() ? undefined : await this.read(key));
    if (!found || found.expiresAt <= this.now()) return undefined;
    const entry = parse(found.entry);
    return entry && { entry, expiresAt: found.expiresAt };
  }

  /** Keep `entry` for `ttlMs` from now: queued, written a moment later. Never throws, never waits. */
  keep(key: string, entry: CacheEntry, ttlMs: number): void {
    if (!(ttlMs > 0)) return;
    const answer = {
      key,
      entry: JSON.stringify(entry),
      fetchedAt: entry.fetchedAt,
      expiresAt: this.now() + ttlMs,
    };
    this.unqueue(key);
    this.queue.set(key, answer);
    this.queuedBytes += answer.key.length + answer.entry.length;
    for (const [oldest] of this.queue) {
      if (this.queuedBytes <= MAX_QUEUED_BYTES || oldest === key) break;
      this.unqueue(oldest);
      this.counters.dropped++;
    }
    this.schedule(WRITE_DELAY_MS);
  }

  /** Write what is queued now (resolves when written or given up on). Never rejects. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    // One write at a time; what arrives meanwhile goes in the next.
    const next = (this.writing ?? Promise.resolve()).then(() => this.write());
    const current = next.finally(() => {
      if (this.writing === current) this.writing = undefined;
      this.schedule(WRITE_DELAY_MS);
    });
    this.writing = current;
    return current;
  }

  private read(key: string): Promise<ArchivedAnswer | undefined> {
    return within(this.archive.get(this.community, key, this.now()), READ_TIMEOUT_MS, () => {
      throw new Error(`reading a saved answer took over ${READ_TIMEOUT_MS} ms`);
    }).catch((error: unknown) => {
      this.failed('read', error);
      return undefined;
    });
  }

  private async write(): Promise<void> {
    if (this.down()) {
      this.schedule(Math.max(WRITE_DELAY_MS, this.leftAloneUntil - performance.now()));
      return;
    }
    const batch = [...this.queue.values()];
    this.queue.clear();
    this.queuedBytes = 0;
    if (batch.length === 0) return;
    try {
      await this.archive.save(this.community, batch);
      this.counters.written += batch.length;
    } catch (error) {
      this.counters.dropped += batch.length;
      this.failed('write', error);
    }
  }

  private unqueue(key: string): void {
    const queued = this.queue.get(key);
    if (!queued) return;
    this.queue.delete(key);
    this.queuedBytes -= queued.key.length + queued.entry.length;
  }

  private schedule(delayMs: number): void {
    if (this.timer || this.queue.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, delayMs);
    this.timer.unref();
  }

  private down(): boolean {
    return performance.now() < this.leftAloneUntil;
  }

  private failed(what: 'read' | 'write', error: unknown): void {
    this.leftAloneUntil = performance.now() + RETRY_AFTER_MS;
    if (performance.now() - this.lastWarnAt < WARN_INTERVAL_MS) return;
    this.lastWarnAt = performance.now();
    this.logger.warn(
      { kind: 'saved-answers', what, err: error instanceof Error ? error.message : String(error) },
      'saved answers unavailable; reading through to the API',
    );
  }
}

function parse(text: string): CacheEntry | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isCacheEntry(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
