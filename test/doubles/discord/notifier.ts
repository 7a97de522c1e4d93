/**
 * How long the double waits by default for what a test expects (an answer, a call, a gateway state):
 * long enough for a bot starved of CPU (the suite passes under half a core), as a limit for a hang,
 * never a measure of speed (the bench measures that; Discord's 3-second window is checked apart).
 */
export const DOUBLE_WAIT_MS = 30_000;

/** Wakes waiters whenever the double's state changes, so tests can wait for a condition without polling. */
export class Notifier {
  readonly #waiters = new Set<() => void>();

  /** Tells every waiter to look again. */
  notify(): void {
    for (const waiter of [...this.#waiters]) waiter();
  }

  /**
   * Resolves with the first truthy value `check` returns (checked now and after every `notify()`);
   * rejects after `timeoutMs` with `describe()` in the message, or with what `check` throws.
   */
  until<T>(check: () => T | undefined | null | false, timeoutMs: number, describe: () => string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const finish = (outcome: () => void): void => {
        clearTimeout(timer);
        this.#waiters.delete(look);
        outcome();
      };
      const look = (): void => {
        try {
          const value = check();
          if (value) finish(() => resolve(value));
        } catch (error) {
          finish(() => reject(error));
        }
      };
      const timer = setTimeout(
        () => finish(() => reject(new Error(`timed out after ${timeoutMs} ms waiting for ${describe()}`))),
        timeoutMs,
      );
      this.#waiters.add(look);
      look();
    });
  }
}
