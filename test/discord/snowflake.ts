/** Milliseconds of 2015-01-01T00:00:00Z, the epoch of Discord snowflakes. */
export const DISCORD_EPOCH = 1_420_070_400_000;

/**
 * Makes strictly increasing, numeric Discord snowflake strings (timestamp, worker, process, increment),
 * the way Discord does, so that `SnowflakeUtil.timestampFrom(id)` in discord.js gives the creation time.
 */
export class SnowflakeFactory {
  #last = 0n;

  /** A fresh snowflake for `at` (default: now), always greater than the previous one. */
  next(at: number = Date.now()): string {
    const candidate = (BigInt(at - DISCORD_EPOCH) << 22n) | (1n << 17n) | (1n << 12n);
    this.#last = candidate > this.#last ? candidate : this.#last + 1n;
    return this.#last.toString();
  }
}

/** The Unix time in milliseconds encoded in a snowflake. */
export function snowflakeTime(id: string): number {
  return Number(BigInt(id) >> 22n) + DISCORD_EPOCH;
}
