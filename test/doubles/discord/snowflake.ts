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

/** The shard Discord routes a server to: `(guild_id >> 22) % count`. */
export function shardOf(guildId: string, count: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(count));
}

/**
 * A snowflake (a day old, give or take) that lands on `shard` of `count`; `seed` (0-4095) tells
 * several apart.
 */
export function snowflakeOnShard(shard: number, count: number, seed = 0): string {
  let at = Date.now() - 86_400_000 - seed * 1_000;
  while (Number(BigInt(at - DISCORD_EPOCH) % BigInt(count)) !== shard) at--;
  return ((BigInt(at - DISCORD_EPOCH) << 22n) | (1n << 17n) | BigInt(seed & 0xfff)).toString();
}
