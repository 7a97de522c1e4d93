/**
 * The digests' places, by token: how many digests one process runs at once, shared so that no
 * community's API can take the others' turns. Pure (no I/O); the scheduler (digest-scheduler.ts)
 * asks for a turn before each digest and says when it ends.
 *
 * - A token has one turn at a time: the servers that share it (one API token linked on several
 *   servers) take turns behind each other, in the order their digests came due, and never hold two
 *   places at once.
 * - A turn starts with a place (at most `concurrency` at once, first come first served between
 *   tokens). A digest that waits for its token's API (a Retry-After, a limit, a read that does not
 *   answer) gives its place back (`release`) and finishes in its turn: its token's other servers
 *   still wait behind it, every other token's digest gets the place.
 *
 * So a held token holds at most one place, and only until it gives it back; four held tokens (or
 * one token on four servers) leave the places to everyone else.
 */

/** A turn of one token: its digest runs while it lasts. */
export interface DigestTurn {
  /** Give the place back (the digest waits for its API); the token keeps its turn. Idempotent. */
  release(): void;
  /** Whether the turn still holds its place. */
  readonly placed: boolean;
  /** End the turn: its place (if still held) and the token's turn go to whoever waits. Idempotent. */
  end(): void;
}

export interface DigestPlaces {
  /** Wait for `token`'s turn and a place; undefined when the places were closed first. */
  take(token: string): Promise<DigestTurn | undefined>;
  /** Drop everyone waiting (their `take` resolves undefined), and every later `take`. */
  close(): void;
  /** Places held now, and tokens whose turn is under way (placed or not): for tests and logs. */
  readonly counts: { placed: number; turns: number; waiting: number };
}

interface Waiter {
  token: string;
  resolve: (turn: DigestTurn | undefined) => void;
}

export function createDigestPlaces(concurrency: number): DigestPlaces {
  const size = Math.max(1, Math.floor(concurrency));
  /** Tokens whose turn is under way. */
  const turns = new Set<string>();
  /** Waiting for a turn, in the order they came. */
  const waiting: Waiter[] = [];
  let placed = 0;
  let closed = false;

  function turnOf(token: string): DigestTurn {
    let holds = true;
    let ended = false;
    return {
      get placed() {
        return holds;
      },
      release() {
        if (!holds) return;
        holds = false;
        placed--;
        dispatch();
      },
      end() {
        if (ended) return;
        ended = true;
        if (holds) {
          holds = false;
          placed--;
        }
        turns.delete(token);
        dispatch();
      },
    };
  }

  /** Give free places to the first waiters whose token has no turn under way. */
  function dispatch() {
    for (let i = 0; i < waiting.length && placed < size; ) {
      const waiter = waiting[i] as Waiter;
      if (turns.has(waiter.token)) {
        i++;
        continue;
      }
      waiting.splice(i, 1);
      turns.add(waiter.token);
      placed++;
      waiter.resolve(turnOf(waiter.token));
    }
  }

  return {
    take(token) {
      if (closed) return Promise.resolve(undefined);
      return new Promise((resolve) => {
        waiting.push({ token, resolve });
        dispatch();
      });
    },
    close() {
      closed = true;
      for (const waiter of waiting.splice(0)) waiter.resolve(undefined);
    },
    get counts() {
      return { placed, turns: turns.size, waiting: waiting.length };
    },
  };
}

/** The timers a scheduler runs on: real ones by default, a test's own clock in tests. */
export interface DigestTimer {
  /** Call `fn` once, `ms` from now; the function returned cancels it. */
  after(ms: number, fn: () => void): () => void;
  /** Call `fn` every `ms`; the function returned stops it. */
  every(ms: number, fn: () => void): () => void;
}

/** Real timers that never keep the process alive on their own. */
export const realTimer: DigestTimer = {
  after(ms, fn) {
    const timeout = setTimeout(fn, ms);
    timeout.unref();
    return () => clearTimeout(timeout);
  },
  every(ms, fn) {
    const interval = setInterval(fn, ms);
    interval.unref();
    return () => clearInterval(interval);
  },
};
