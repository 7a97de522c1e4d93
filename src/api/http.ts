/**
 * The custom `fetch` behind openapi-fetch: per-attempt timeout, bounded retries with exponential
 * backoff and full jitter, every limit of API_LIMITS for each attempt, the API's X-RateLimit-*
 * headers fed back to the limits, and a shared hold on 429 (with one probe through a long hold).
 *
 * Outcomes: a Response for any final HTTP answer except 429 (the caller maps statuses);
 * ApiError 'timeout' / 'network' once retries are spent; ApiError 'busy' (with retryAfterSeconds)
 * when a short limit or the API's Retry-After would make the caller wait longer than
 * API_QUEUE_MAX_WAIT_MS, or when the last attempt is still answered 429; ApiError 'quota' when the
 * monthly allowance is spent.
 */
import type { Logger } from '../base/log.js';
import { SLICING, Slicer, type Slicing } from '../base/slices.js';
import { pause, untilAborted } from './abort.js';
import { ApiError, LeftLineError } from './errors.js';
import { rateLimitResetMs } from './headers.js';
import type { Limits } from './limits/types.js';
import { currentPurpose, currentWait, hasSavedFallback } from './wait.js';

export interface HttpOptions {
  /** Limits key for this token (its hash, never the token). */
  key: string;
  limits: Limits;
  logger: Logger;
  /** Per-attempt timeout (API_TIMEOUT_MS). */
  timeoutMs: number;
  /** Extra attempts after the first (API_RETRIES). */
  retries: number;
  /** Longest wait a 429's Retry-After may impose before giving up with 'busy' (API_QUEUE_MAX_WAIT_MS). */
  maxWaitMs: number;
  /** Largest response body read (API_MAX_RESPONSE_BYTES); a larger one is ApiError 'too-large'. */
  maxBodyBytes?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** The backoff's base (default 250 ms; see ApiHttp.backoff). */
  retryBaseMs?: number;
  /** Aborted when Rollcall stops: every send ends at once with its reason, wherever it waits. */
  stop?: AbortSignal;
  /** Aborted when Rollcall begins to stop: see `placeInLine`. */
  drain?: AbortSignal;
  /** What reading a body waits for after each BODY_SLICE_BYTES (default one turn of the loop; tests count it). */
  bodyPause?: Slicing['pause'];
}

const RETRY_MAX_MS = 4_000;
/**
 * Longest wait a 429 can impose: a larger Retry-After (86400, 1e20, a date in 2099) is read as this,
 * both for the hold and in the sentence the moderator sees, so one bad header cannot shut Rollcall
 * out, and a recovered API is tried again within this time.
 */
const MAX_RETRY_AFTER_MS = 300_000;
/** Default of API_MAX_RESPONSE_BYTES: far above any real page of 100 records. */
const DEFAULT_MAX_BODY_BYTES = 5 * 1024 * 1024;
/**
 * Bytes of a body read between two turns of the event loop. The chunks of a large answer that
 * arrived while the loop was busy wait in the body's queue, and reading them one after another
 * takes only microtasks: a 20 MB page held the loop for over 100 ms in one turn.
 */
export const BODY_SLICE_BYTES = 1024 * 1024;
/** Hold used for a 429 that names no wait (no Retry-After, no X-RateLimit-Reset). */
const DEFAULT_RATE_LIMIT_WAIT_MS = 1_000;

/** The sender, one per token: the limits for `key` are shared by every call. */
export class ApiHttp {
  /** Attempts put on the wire, and 429 answers received. */
  readonly counters = { requests: 0, rateLimited: 0 };
  private readonly key: string;
  private readonly limits: Limits;
  private readonly logger: Logger;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly maxWaitMs: number;
  private readonly maxBodyBytes: number;
  private readonly fetch: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly retryBaseMs: number;
  private readonly stop: AbortSignal | undefined;
  private readonly drain: AbortSignal | undefined;
  private readonly bodySlicing: Slicing;

  constructor(options: HttpOptions) {
    this.key = options.key;
    this.limits = options.limits;
    this.logger = options.logger;
    this.timeoutMs = options.timeoutMs;
    this.retries = options.retries;
    this.maxWaitMs = options.maxWaitMs;
    this.maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    this.fetch = options.fetch ?? globalThis.fetch;
    this.sleep = options.sleep ?? ((ms) => pause(ms));
    this.retryBaseMs = options.retryBaseMs ?? 250;
    this.stop = options.stop;
    this.drain = options.drain;
    this.bodySlicing = { every: BODY_SLICE_BYTES, pause: options.bodyPause ?? SLICING.pause };
  }

  /**
   * Send `request` (a GET built by openapi-fetch; `op` labels the log lines) within the wait
   * context's deadline (a scheduled digest's), if it has one: once that aborts, the request ends
   * where it is (in the limits' line, backing off, on the wire) as ApiError 'timeout', so a report
   * sharing the read is answered as when the API does not answer in time.
   */
  async send(original: Request, op: string): Promise<Response> {
    try {
      return await this.sendWithin(original, op);
    } catch (error) {
      // Cut by the stop (the grace period's end) with a saved answer to fall back on: the read gets
      // that answer, as one that left the line does (reader.ts), not the restarting sentence.
      if (this.stop?.aborted && error === this.stop.reason && hasSavedFallback()) {
        throw new LeftLineError(error);
      }
      throw error;
    }
  }

  private async sendWithin(original: Request, op: string): Promise<Response> {
    const deadline = currentWait()?.signal;
    if (!deadline) return this.attempts(original, op);
    // Held in this frame until the answer is read (see the attempt's signal below).
    const signal = AbortSignal.any([original.signal, deadline]);
    try {
      return await this.attempts(new Request(original, { signal }), op);
    } catch (error) {
      if (!deadline.aborted || original.signal.aborted) throw error;
      throw new ApiError('timeout', "API request abandoned at its caller's deadline", { cause: error });
    }
  }

  private async attempts(request: Request, op: string): Promise<Response> {
    const log = { op, path: new URL(request.url).pathname };
    for (let attempt = 1; ; attempt++) {
      const final = attempt > this.retries;
      this.stop?.throwIfAborted();
      const grant = await this.unlessStopped(this.placeInLine(request.signal));
      const response = await this.attempt(request, log, attempt, final);
      if (!response) {
        await this.backoff(attempt, request.signal);
        continue;
      }
      await this.limits.observe(this.key, response.headers, grant);
      if (response.status === 429) {
        await this.rateLimited(response, final);
        continue; // the next acquire() waits out the hold, together with every other caller
      }
      if (grant.probe) {
        this.logger.info(
          { ...log, status: response.status },
          'api answered a probe during a rate-limit hold; hold ended',
        );
        await this.limits.release(this.key);
      }
      if (response.status >= 500 && !final) {
        await this.backoff(attempt, request.signal);
        continue;
      }
      return response;
    }
  }

  /** One attempt on the wire: its answer, read whole, or undefined when it failed and may be tried again. */
  private async attempt(
    request: Request,
    log: { op: string; path: string },
    attempt: number,
    final: boolean,
  ): Promise<Response | undefined> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    // The signal and the Request carrying it are held in this frame until the body is read (each in
    // a variable): a combined signal that nothing references can be garbage-collected mid-request,
    // and its abort then never reaches fetch (nodejs/node#55428; test/reliability/api-timeout.test.ts).
    const signal = AbortSignal.any(
      this.stop ? [request.signal, timeout, this.stop] : [request.signal, timeout],
    );
    const started = Date.now();
    const took = () => ({ ms: Date.now() - started, attempt, purpose: currentPurpose() });
    this.counters.requests++;
    try {
      const attemptRequest = new Request(request, { signal });
      const response = await untilAborted(
        buffered(await this.fetch(attemptRequest), this.maxBodyBytes, this.bodySlicing),
        signal,
      );
      this.logger.debug({ ...log, status: response.status, ...took() }, 'api request');
      return response;
    } catch (cause) {
      if (request.signal.aborted) throw cause; // the caller gave up: not ours to retry or relabel
      if (this.stop?.aborted) throw this.stop.reason;
      if (cause instanceof ApiError && cause.kind === 'too-large') {
        this.logger.warn(
          { ...log, error: cause.kind, limit: this.maxBodyBytes },
          'api answer too large; not read',
        );
        throw cause; // asking again would bring the same answer
      }
      const kind = timeout.aborted ? 'timeout' : 'network';
      this.logger.debug({ ...log, error: kind, ...took() }, 'api request failed');
      if (!final) return undefined;
      const what = kind === 'timeout' ? `no answer within ${this.timeoutMs} ms` : 'network error';
      throw new ApiError(kind, `API request failed (${what}) after ${attempt} attempt(s)`, { cause });
    }
  }

  /** Hold every caller for the 429's wait; 'busy' when it is the last attempt or the wait is too long. */
  private async rateLimited(response: Response, final: boolean): Promise<void> {
    this.counters.rateLimited++;
    const waitMs = Math.min(
      MAX_RETRY_AFTER_MS,
      retryAfterMs(response.headers, Date.now()) ?? DEFAULT_RATE_LIMIT_WAIT_MS,
    );
    await this.limits.hold(this.key, waitMs);
    if (!final && waitMs <= this.maxWaitMs) return;
    const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
    throw new ApiError('busy', `API rate limit reached; retry in ${retryAfterSeconds}s`, {
      retryAfterSeconds,
    });
  }

  /** Backoff before retry n: uniform in [0, min(RETRY_MAX_MS, retryBaseMs * 2^(n-1))). */
  private backoff(attempt: number, signal: AbortSignal): Promise<void> {
    const ms = Math.floor(Math.random() * Math.min(RETRY_MAX_MS, this.retryBaseMs * 2 ** (attempt - 1)));
    return this.unlessStopped(untilAborted(this.sleep(ms), signal));
  }

  /** `work`, or the stop signal's reason as soon as it aborts. */
  private unlessStopped<T>(work: Promise<T>): Promise<T> {
    if (!this.stop) return work;
    work.catch(() => undefined); // settles unobserved once stopped
    return untilAborted(work, this.stop);
  }

  /**
   * A place in the limits' line; a send with a saved answer to fall back on leaves it (or does not
   * join it) once Rollcall begins to stop (`drain`), so the drain answers it with that answer.
   */
  private async placeInLine(signal: AbortSignal): Promise<{ probe: boolean; seq?: number }> {
    const leave = this.drain && hasSavedFallback() ? this.drain : undefined;
    if (!leave) return this.limits.acquire(this.key, this.maxWaitMs, signal);
    if (leave.aborted) throw new LeftLineError(leave.reason);
    try {
      return await this.limits.acquire(this.key, this.maxWaitMs, AbortSignal.any([signal, leave]));
    } catch (error) {
      if (leave.aborted && !signal.aborted) throw new LeftLineError(leave.reason);
      throw error;
    }
  }
}

/**
 * How long a 429 asks us to wait, in ms: `Retry-After` as seconds or an HTTP date, else
 * `X-RateLimit-Reset` as Unix seconds (a value below 1e9 is read as seconds from now).
 * Undefined when neither header is usable; never negative.
 */
export function retryAfterMs(headers: Headers, nowMs: number): number | undefined {
  const retryAfter = headers.get('retry-after')?.trim();
  if (retryAfter) {
    if (/^\d+(\.\d+)?$/.test(retryAfter)) return Math.min(Number(retryAfter) * 1000, Number.MAX_SAFE_INTEGER);
    const at = Date.parse(retryAfter);
    if (!Number.isNaN(at)) return Math.max(0, at - nowMs);
  }
  return rateLimitResetMs(headers, nowMs);
}

/** The bytes of each answer `buffered` read, for the client to parse (src/api/body.ts) without copying them again. */
const bodies = new WeakMap<Response, ArrayBuffer>();

/**
 * The body of an answer this sender returned, as one buffer of its own (undefined when empty). The
 * caller may hand it over to another thread; the Response's own body is then no longer readable.
 */
export function bodyBytes(response: Response): ArrayBuffer | undefined {
  return bodies.get(response);
}

/**
 * Read the whole body inside the attempt, so the timeout and retries cover it too, and never more
 * than `maxBytes` of it: a larger body (by its Content-Length, or as it streams in) is cancelled and
 * becomes ApiError 'too-large' without being held in memory. Counted as the chunks arrive, then
 * copied once into one buffer (`bodyBytes`): a Response built on a buffer copies it again, and
 * reading it a third time, which for a page of 20 MB held the event loop for hundreds of
 * milliseconds; this one's body streams that same buffer, read only if someone asks. The chunks are
 * taken, and copied, BODY_SLICE_BYTES at a time, the loop given back between two slices (`slicing`).
 */
async function buffered(response: Response, maxBytes: number, slicing: Slicing): Promise<Response> {
  const tooLarge = () => {
    void response.body?.cancel().catch(() => undefined);
    return new ApiError('too-large', `API answer larger than ${maxBytes} bytes; not read`);
  };
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const slicer = new Slicer(slicing);
  if (response.body) {
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > maxBytes) throw tooLarge();
      chunks.push(chunk);
      await slicer.step(chunk.byteLength);
    }
  }
  const init = { status: response.status, statusText: response.statusText, headers: response.headers };
  if (size === 0) return new Response(null, init);
  const bytes = new Uint8Array(size);
  let at = 0;
  // Copied in slices too: writing 20 MB into a fresh buffer (its pages faulted in one by one) took
  // tens of milliseconds in one piece.
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
    await slicer.step(chunk.byteLength);
  }
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  const read = new Response(body, init);
  bodies.set(read, bytes.buffer);
  return read;
}
