/**
 * The line of callers waiting for a request slot, per key, fair between the people asking (the `who`
 * of the wait context, wait.ts): they take turns, one request each, and each person's own requests
 * keep their arrival order; so one moderator's 20 reads do not starve another's 1. One caller, the
 * head, is served at a time (FairQueueOptions.serve decides its slot); each waiter is told its place
 * and an estimated wait through the context's `onWait`. A caller whose place in line already says the
 * wait would be longer than it may wait gets ApiError 'busy' at once.
 */
import { ApiError } from '../errors.js';
import { currentWait, type WaitContext } from '../wait.js';

/** A request slot granted; `probe` when it is a probe through a long hold. */
export interface Grant {
  probe: boolean;
}

/** The head of a line, being served: how long it may wait, and how it waits. */
export interface Turn {
  /** When it asked (ms since epoch). */
  readonly started: number;
  readonly maxWaitMs: number;
  readonly signal: AbortSignal | undefined;
  /** Wait `ms` for a slot, telling everyone in line the new estimate; rejects when `signal` aborts. */
  wait(ms: number): Promise<void>;
  /** It waits no more (its slot is being taken): those behind it wait only for their place. */
  ready(): void;
}

export interface FairQueueOptions {
  /** Estimated wait (ms) of the waiter at `position` (1 = being served) behind a head ready in `headMs`. */
  etaAt(position: number, headMs: number): number;
  /** Take a slot for the head of `key`'s line, waiting through `turn` as the limits say. */
  serve(key: string, turn: Turn): Promise<Grant>;
  /** Wait `ms`, cut short by `signal` (rejecting with its reason). */
  pause(ms: number, signal?: AbortSignal): Promise<void>;
}

export interface FairQueue {
  /** Join `key`'s line; settles when served. Rejects with `signal`'s reason as soon as it aborts. */
  enter(key: string, maxWaitMs: number, signal?: AbortSignal): Promise<Grant>;
}

/** One caller waiting for a request slot. */
interface Waiter {
  who: string;
  context: WaitContext | undefined;
  started: number;
  maxWaitMs: number;
  signal: AbortSignal | undefined;
  resolve: (granted: Grant) => void;
  reject: (error: unknown) => void;
  onAbort: () => void;
  /** What the waiter was last told, and when (ms since epoch). */
  told?: { position: number; etaMs: number; at: number };
}

/**
 * The callers of one key: each person's requests in arrival order (`byWho`), and the people with
 * requests waiting in the order they take turns (`order`, the next first).
 */
interface Line {
  byWho: Map<string, Waiter[]>;
  order: string[];
  serving?: Waiter;
  /** When the caller being served may go (ms since epoch; 0 when it is not waiting). */
  readyAt: number;
}

/** The wait for a slot would be longer than the caller may wait: try again in `waitMs`. */
export function busy(waitMs: number): ApiError {
  const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new ApiError('busy', `Request limit reached; retry in ${retryAfterSeconds}s`, { retryAfterSeconds });
}

/** Build the lines (one per key, made as callers come and dropped once empty). */
export function createFairQueue(options: FairQueueOptions): FairQueue {
  const { etaAt, serve: serveHead, pause } = options;
  /** Callers in line per key. */
  const lines = new Map<string, Line>();

  /** Tell every waiter of `line` its place (1 = being served) and estimated wait, when it changed. */
  function report(line: Line) {
    const headMs = Math.max(0, line.readyAt - Date.now());
    let position = 0;
    const tell = (waiter: Waiter) => {
      position++;
      const eta = etaAt(position, headMs);
      // Retell when the place changes, or the estimate moves by half a second or more from what
      // the last one, counted down, says now.
      const told = waiter.told;
      const now = Date.now();
      if (told?.position === position && Math.abs(told.etaMs - (now - told.at) - eta) < 500) return;
      waiter.told = { position, etaMs: eta, at: now };
      const at = position;
      safely(() => waiter.context?.onWait(at, eta));
    };
    if (line.serving) tell(line.serving);
    for (const waiter of serviceOrder(line)) tell(waiter);
  }

  /** The turn of `waiter`, the head of `line`. */
  function turnOf(line: Line, waiter: Waiter): Turn {
    const { started, maxWaitMs, signal } = waiter;
    return {
      started,
      maxWaitMs,
      signal,
      async wait(ms) {
        line.readyAt = Date.now() + ms;
        report(line);
        await pause(ms, signal);
      },
      ready() {
        line.readyAt = 0;
      },
    };
  }

  /** Serve the waiters of `key`'s line one at a time, round-robin between who they are for. */
  async function serve(key: string, line: Line) {
    for (;;) {
      const waiter = next(line);
      if (!waiter) break;
      line.serving = waiter;
      line.readyAt = 0;
      if (line.order.length > 0) report(line); // everyone behind moved up one place
      try {
        const granted = await serveHead(key, turnOf(line, waiter));
        if (waiter.told) safely(() => waiter.context?.onWait(0, 0));
        waiter.resolve(granted);
      } catch (error) {
        waiter.reject(error);
      } finally {
        waiter.signal?.removeEventListener('abort', waiter.onAbort);
        line.serving = undefined;
      }
    }
    lines.delete(key);
  }

  return {
    enter(key, maxWaitMs, signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      const context = currentWait();
      const who = context?.who ?? '';
      const existing = lines.get(key);
      const line: Line = existing ?? { byWho: new Map(), order: [], readyAt: 0 };
      if (existing) {
        // A wait longer than allowed is known at once when the place in line already says so.
        const position = 1 + (line.serving ? 1 : 0) + placeOf(line, who);
        const eta = etaAt(position, Math.max(0, line.readyAt - Date.now()));
        if (eta > maxWaitMs) return Promise.reject(busy(eta));
      } else lines.set(key, line);
      return new Promise<Grant>((resolve, reject) => {
        const waiter: Waiter = {
          who,
          context,
          started: Date.now(),
          maxWaitMs,
          signal,
          resolve,
          reject,
          onAbort: () => {
            // A waiter still in line leaves it at once; the one being served stops its own wait.
            const queue = line.byWho.get(who);
            const at = queue?.indexOf(waiter) ?? -1;
            if (!queue || at < 0) return;
            queue.splice(at, 1);
            if (queue.length === 0) {
              line.byWho.delete(who);
              line.order = line.order.filter((w) => w !== who);
            }
            reject(signal?.reason);
            report(line);
          },
        };
        signal?.addEventListener('abort', waiter.onAbort, { once: true });
        const queue = line.byWho.get(who);
        if (queue) queue.push(waiter);
        else {
          line.byWho.set(who, [waiter]);
          // A newcomer goes before the next turn of the person being served (their turn is now).
          const last = line.order.length - 1;
          if (last >= 0 && line.order[last] === line.serving?.who) line.order.splice(last, 0, who);
          else line.order.push(who);
        }
        if (existing) report(line);
        else void serve(key, line);
      });
    },
  };
}

/** Take the next waiter: the first request of the person whose turn it is, who then goes last. */
function next(line: Line): Waiter | undefined {
  for (;;) {
    const who = line.order.shift();
    if (who === undefined) return undefined;
    const queue = line.byWho.get(who) ?? [];
    const waiter = queue.shift();
    if (queue.length > 0) line.order.push(who);
    else line.byWho.delete(who);
    if (waiter) return waiter;
  }
}

/** The waiters of `line` in the order they will be served (round after round of turns). */
function serviceOrder(line: Line): Waiter[] {
  const out: Waiter[] = [];
  const queues = line.order.map((who) => line.byWho.get(who) ?? []);
  const rounds = Math.max(0, ...queues.map((q) => q.length));
  for (let round = 0; round < rounds; round++) {
    for (const queue of queues) {
      const waiter = queue[round];
      if (waiter) out.push(waiter);
    }
  }
  return out;
}

/** How many waiters in line (not counting the one being served) go before a new request of `who`. */
function placeOf(line: Line, who: string): number {
  const own = line.byWho.get(who)?.length ?? 0;
  let ahead = 0;
  if (own === 0) {
    // A newcomer takes the next turn after one request of each person already in line (before the
    // next turn of the person being served, as enter places it), however many each has queued.
    const last = line.order.length - 1;
    return last >= 0 && line.order[last] === line.serving?.who ? last : line.order.length;
  }
  // It joins `who`'s own requests: everyone's first `own` requests go before it, plus one more of
  // each person whose turn comes before `who`'s in that round.
  const at = line.order.indexOf(who);
  line.order.forEach((other, i) => {
    const n = line.byWho.get(other)?.length ?? 0;
    ahead += Math.min(n, i < at ? own + 1 : own);
  });
  return ahead;
}

/** Call a listener that must not throw; ignore it if it does. */
function safely(call: () => void): void {
  try {
    call();
  } catch {
    // a listener's failure is not the limits' concern
  }
}
