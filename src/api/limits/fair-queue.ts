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

/**
 * A request slot granted; `probe` when it is a probe through a long hold; `seq` its number among
 * the token's requests (for Limits.observe: those numbered after it are in flight when it is answered).
 */
export interface Grant {
  probe: boolean;
  seq?: number;
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

interface FairQueueOptions {
  /** Estimated wait (ms) of the waiter at `position` (1 = being served) of `key`'s line, behind a head ready in `headMs`. */
  etaAt(key: string, position: number, headMs: number): number;
  /** Take a slot for the head of `key`'s line, waiting through `turn` as the limits say. */
  serve(key: string, turn: Turn): Promise<Grant>;
  /** Wait `ms`, cut short by `signal` (rejecting with its reason). */
  pause(ms: number, signal?: AbortSignal): Promise<void>;
}

/** One caller waiting for a request slot. */
interface Waiter extends Pick<Turn, 'started' | 'maxWaitMs' | 'signal'> {
  who: string;
  context: WaitContext | undefined;
  resolve: (granted: Grant) => void;
  reject: (error: unknown) => void;
  onAbort: () => void;
  /** What the waiter was last told, and when (ms since epoch). */
  told?: { position: number; etaMs: number; at: number };
}

/** The wait for a slot would be longer than the caller may wait: try again in `waitMs`. */
export function busy(waitMs: number): ApiError {
  const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new ApiError('busy', `Request limit reached; retry in ${retryAfterSeconds}s`, { retryAfterSeconds });
}

/** The lines, one per key, made as callers come and dropped once empty. */
export class FairQueue {
  private readonly etaAt: FairQueueOptions['etaAt'];
  private readonly serveHead: FairQueueOptions['serve'];
  private readonly pause: FairQueueOptions['pause'];
  private readonly lines = new Map<string, Line>();

  constructor(options: FairQueueOptions) {
    this.etaAt = options.etaAt;
    this.serveHead = options.serve;
    this.pause = options.pause;
  }

  /** Join `key`'s line; settles when served. Rejects with `signal`'s reason as soon as it aborts. */
  enter(key: string, maxWaitMs: number, signal?: AbortSignal): Promise<Grant> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const context = currentWait();
    const who = context?.who ?? '';
    const existing = this.lines.get(key);
    if (existing) {
      const eta = this.etaAt(key, 1 + (existing.serving ? 1 : 0) + existing.placeOf(who), existing.headMs());
      if (eta > maxWaitMs) return Promise.reject(busy(eta));
    }
    const line = existing ?? new Line(key);
    if (!existing) this.lines.set(key, line);
    return new Promise<Grant>((resolve, reject) => {
      const onAbort = () => {
        // A waiter still in line leaves it at once; the one being served stops its own wait.
        if (!line.remove(waiter)) return;
        reject(signal?.reason);
        this.report(line);
      };
      const waiter: Waiter = {
        who,
        context,
        started: Date.now(),
        maxWaitMs,
        signal,
        resolve,
        reject,
        onAbort,
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      line.add(waiter);
      if (existing) this.report(line);
      else void this.serve(key, line);
    });
  }

  /** Tell every waiter of `line` its place (1 = being served) and estimated wait, when it changed. */
  private report(line: Line): void {
    const headMs = line.headMs();
    const now = Date.now();
    const waiters = line.serving ? [line.serving, ...line.inServiceOrder()] : line.inServiceOrder();
    waiters.forEach((waiter, i) => {
      const position = i + 1;
      const eta = this.etaAt(line.key, position, headMs);
      // Retell when the place changes, or the estimate moves by half a second or more from what
      // the last one, counted down, says now.
      const told = waiter.told;
      if (told?.position === position && Math.abs(told.etaMs - (now - told.at) - eta) < 500) return;
      waiter.told = { position, etaMs: eta, at: now };
      safely(() => waiter.context?.onWait(position, eta));
    });
  }

  private turnOf(line: Line, waiter: Waiter): Turn {
    const { started, maxWaitMs, signal } = waiter;
    return {
      started,
      maxWaitMs,
      signal,
      wait: async (ms) => {
        line.readyAt = Date.now() + ms;
        this.report(line);
        await this.pause(ms, signal);
      },
      ready() {
        line.readyAt = 0;
      },
    };
  }

  /** Serve the waiters of `key`'s line one at a time, round-robin between who they are for. */
  private async serve(key: string, line: Line): Promise<void> {
    for (;;) {
      const waiter = line.next();
      if (!waiter) break;
      line.serving = waiter;
      line.readyAt = 0;
      if (line.order.length > 0) this.report(line); // everyone behind moved up one place
      try {
        const granted = await this.serveHead(key, this.turnOf(line, waiter));
        if (waiter.told) safely(() => waiter.context?.onWait(0, 0));
        waiter.resolve(granted);
      } catch (error) {
        waiter.reject(error);
      } finally {
        waiter.signal?.removeEventListener('abort', waiter.onAbort);
        line.serving = undefined;
      }
    }
    this.lines.delete(key);
  }
}

/**
 * The callers of one key: each person's requests in arrival order (`byWho`), and the people with
 * requests waiting in the order they take turns (`order`, the next first).
 */
class Line {
  constructor(readonly key: string) {}
  readonly byWho = new Map<string, Waiter[]>();
  order: string[] = [];
  serving: Waiter | undefined;
  /** When the caller being served may go (ms since epoch; 0 when it is not waiting). */
  readyAt = 0;

  headMs(): number {
    return Math.max(0, this.readyAt - Date.now());
  }

  /** Where a newcomer's turn goes in `order`: before the next turn of the person being served (their turn is now). */
  private newcomerAt(): number {
    const last = this.order.length - 1;
    return last >= 0 && this.order[last] === this.serving?.who ? last : this.order.length;
  }

  add(waiter: Waiter): void {
    const queue = this.byWho.get(waiter.who);
    if (queue) queue.push(waiter);
    else {
      this.byWho.set(waiter.who, [waiter]);
      this.order.splice(this.newcomerAt(), 0, waiter.who);
    }
  }

  /** Take `waiter` out of line; false when it is not in it (being served, or served). */
  remove(waiter: Waiter): boolean {
    const queue = this.byWho.get(waiter.who);
    const at = queue?.indexOf(waiter) ?? -1;
    if (!queue || at < 0) return false;
    queue.splice(at, 1);
    if (queue.length === 0) {
      this.byWho.delete(waiter.who);
      this.order = this.order.filter((w) => w !== waiter.who);
    }
    return true;
  }

  /** Take the next waiter: the first request of the person whose turn it is, who then goes last. */
  next(): Waiter | undefined {
    for (;;) {
      const who = this.order.shift();
      if (who === undefined) return undefined;
      const queue = this.byWho.get(who) ?? [];
      const waiter = queue.shift();
      if (queue.length > 0) this.order.push(who);
      else this.byWho.delete(who);
      if (waiter) return waiter;
    }
  }

  /** The waiters in the order they will be served (round after round of turns). */
  inServiceOrder(): Waiter[] {
    const out: Waiter[] = [];
    const queues = this.order.map((who) => this.byWho.get(who) ?? []);
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
  placeOf(who: string): number {
    const own = this.byWho.get(who)?.length ?? 0;
    // A newcomer takes the next turn after one request of each person already in line (as `add`
    // places it), however many each has queued.
    if (own === 0) return this.newcomerAt();
    // It joins `who`'s own requests: everyone's first `own` requests go before it, plus one more of
    // each person whose turn comes before `who`'s in that round.
    const at = this.order.indexOf(who);
    let ahead = 0;
    this.order.forEach((other, i) => {
      ahead += Math.min(this.byWho.get(other)?.length ?? 0, i < at ? own + 1 : own);
    });
    return ahead;
  }
}

/** Call a listener that must not throw; ignore it if it does. */
function safely(call: () => void): void {
  try {
    call();
  } catch {
    // a listener's failure is not the limits' concern
  }
}
