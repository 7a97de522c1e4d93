/**
 * A circuit breaker for what a read depends on but can do without (the database behind the month's
 * count, the directory, the saved answers and the snapshots): a database that stops answering
 * costs one short wait, not one per read.
 *
 * - Closed: each call runs, bounded by `deadlineMs` when one is given (the work itself goes on,
 *   unheeded). A call that fails as an outage (`isOutage`) opens the circuit, and so does one that
 *   passes its deadline with no other call answered meanwhile (one that waited its turn behind slow
 *   calls the dependency did answer, success or refusal, met no outage).
 * - Open: calls are refused at once (`refused()`, which the callers already handle as the
 *   dependency being down) for `pauseMs`; then the next call is the one probe: calls arriving while
 *   it runs wait for it (one wait for them all), and run once it succeeded, or are refused when it
 *   failed, which opens the circuit for another pause.
 */
import type { Logger } from './log.js';

interface CircuitOptions {
  /** What depends on it, as the log lines name it ("the database at …"). */
  name: string;
  /** The longest one call may take before it counts as an outage (ms); undefined: no deadline. */
  deadlineMs?: number;
  /** How long calls are refused at once after an outage, before the next probe (ms). */
  pauseMs: number;
  /** Whether a call's failure means the dependency is down (default: every failure does). */
  isOutage?: (error: unknown) => boolean;
  /** The error a call past its deadline fails with. */
  late?: (deadlineMs: number) => Error;
  logger?: Pick<Logger, 'warn' | 'info'>;
  clock?: () => number;
}

export class CircuitDeadlineError extends Error {
  constructor(readonly deadlineMs: number) {
    super(`no answer within ${deadlineMs} ms`);
    this.name = 'CircuitDeadlineError';
  }
}

export class Circuit {
  private readonly name: string;
  private readonly deadlineMs: number | undefined;
  private readonly pauseMs: number;
  private readonly isOutage: (error: unknown) => boolean;
  private readonly late: (deadlineMs: number) => Error;
  private readonly logger: Pick<Logger, 'warn' | 'info'> | undefined;
  private readonly clock: () => number;
  /** Undefined while closed; else until when calls are refused without a probe. */
  private openUntil: number | undefined;
  /** The probe under way while open: resolves once it has ended, either way. */
  private probe: Promise<void> | undefined;
  private refusedCalls = 0;
  /** Calls the dependency answered (a success, or a failure that is no outage), ever. */
  private answers = 0;

  constructor(options: CircuitOptions) {
    this.name = options.name;
    this.deadlineMs = options.deadlineMs;
    this.pauseMs = options.pauseMs;
    this.isOutage = options.isOutage ?? (() => true);
    this.late = options.late ?? ((ms) => new CircuitDeadlineError(ms));
    this.logger = options.logger;
    this.clock = options.clock ?? (() => performance.now());
  }

  get isOpen(): boolean {
    return this.openUntil !== undefined;
  }

  /** Run `work` through the circuit; `refused` makes the error of a call refused while it is open. */
  async run<T>(work: () => Promise<T>, refused: () => Error): Promise<T> {
    while (this.openUntil !== undefined) {
      if (this.probe) {
        await this.probe;
        continue; // closed now (run), or open for another pause (refused): look again
      }
      if (this.clock() < this.openUntil) throw this.refuse(refused);
      return this.probeWith(work);
    }
    const before = this.answers;
    try {
      const result = await this.bounded(work);
      this.answers++;
      return result;
    } catch (error) {
      if (this.counts(error, before)) this.open(error);
      throw this.shown(error);
    }
  }

  private async probeWith<T>(work: () => Promise<T>): Promise<T> {
    let settle: () => void = () => undefined;
    this.probe = new Promise<void>((resolve) => {
      settle = resolve;
    });
    const before = this.answers;
    try {
      const result = await this.bounded(work);
      this.answers++;
      this.close();
      return result;
    } catch (error) {
      // A failure that is no outage still shows the dependency answering.
      if (this.counts(error, before)) this.openUntil = this.clock() + this.pauseMs;
      else this.close();
      throw this.shown(error);
    } finally {
      this.probe = undefined;
      settle();
    }
  }

  /** Whether a call begun when `before` calls had been answered failed as an outage. */
  private counts(error: unknown, before: number): boolean {
    if (error instanceof CircuitDeadlineError) return this.answers === before;
    if (this.isOutage(error)) return true;
    this.answers++;
    return false;
  }

  private shown(error: unknown): unknown {
    return error instanceof CircuitDeadlineError ? this.late(error.deadlineMs) : error;
  }

  private refuse(refused: () => Error): Error {
    this.refusedCalls++;
    return refused();
  }

  private open(error: unknown): void {
    if (this.openUntil !== undefined) return;
    this.openUntil = this.clock() + this.pauseMs;
    this.refusedCalls = 0;
    this.logger?.warn(
      { kind: 'circuit', err: error instanceof Error ? error.message : String(error), pauseMs: this.pauseMs },
      `${this.name} is not answering; Rollcall counts on without it and asks again every ${Math.round(this.pauseMs / 1000)} s`,
    );
  }

  private close(): void {
    if (this.openUntil === undefined) return;
    this.openUntil = undefined;
    this.logger?.info({ kind: 'circuit', refused: this.refusedCalls }, `${this.name} is answering again`);
  }

  private async bounded<T>(work: () => Promise<T>): Promise<T> {
    const deadlineMs = this.deadlineMs;
    if (deadlineMs === undefined) return work();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new CircuitDeadlineError(deadlineMs)), deadlineMs);
      timer.unref();
    });
    const running = work();
    running.catch(() => undefined); // past the deadline its outcome is no one's
    try {
      return await Promise.race([running, late]);
    } finally {
      clearTimeout(timer);
    }
  }
}
