/**
 * Every date Rollcall writes comes from here: Discord timestamps, plain days for labels, ISO 8601
 * for CSV and embeds. Each function first asks `timestampState` (src/base) what the number is and
 * formats only a date that exists (1970 to year 9999), so a contract-valid integer such as 2^53-1
 * or a millisecond value never reaches a formatter that throws or writes "1 Jan 10000". What is
 * not a valid date is `undefined` here; `Formats` (formats.ts) says it in the reader's words.
 */
import { TimestampStyles, type TimestampStylesString, time } from 'discord.js';
import { MAX_TIMESTAMP_SECONDS, timestampState } from '../base/discord-limits.js';

export { isSetTimestamp, timestampState } from '../base/discord-limits.js';

/** A Discord timestamp (`<t:S:f>`, `<t:S:R>`…) of Unix seconds that are a date; else undefined. */
export function discordTime(seconds: unknown, style: TimestampStylesString): string | undefined {
  return timestampState(seconds) === 'date' ? time(seconds as number, style) : undefined;
}

/** Date and time, then how long ago: `<t:S:f> (<t:S:R>)`; undefined when no date. */
export function discordMoment(seconds: unknown): string | undefined {
  const at = discordTime(seconds, TimestampStyles.ShortDateTime);
  return at === undefined ? undefined : `${at} (${discordTime(seconds, TimestampStyles.RelativeTime)})`;
}

/** The day of Unix seconds through an Intl format (its locale and zone); undefined when no date. */
export function dayWith(format: Intl.DateTimeFormat, seconds: unknown): string | undefined {
  return timestampState(seconds) === 'date' ? format.format((seconds as number) * 1000) : undefined;
}

/** The year (UTC) of Unix seconds that are a date; else undefined. */
export function utcYear(seconds: unknown): number | undefined {
  return timestampState(seconds) === 'date'
    ? new Date((seconds as number) * 1000).getUTCFullYear()
    : undefined;
}

/** Unix seconds as ISO 8601 UTC ("2026-11-23T21:11:19Z"); undefined when no date. */
export function isoSeconds(seconds: unknown): string | undefined {
  return timestampState(seconds) === 'date'
    ? new Date((seconds as number) * 1000).toISOString().replace('.000Z', 'Z')
    : undefined;
}

/** Milliseconds of Rollcall's own clock as ISO 8601 UTC; undefined when they are no date. */
export function isoMs(ms: unknown): string | undefined {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0 || ms / 1000 > MAX_TIMESTAMP_SECONDS)
    return undefined;
  return new Date(ms).toISOString();
}

/** Unix seconds of a Date or of seconds given as a number (Rollcall's own instants in sentences). */
export function secondsOf(at: number | Date): number {
  return at instanceof Date ? Math.floor(at.getTime() / 1000) : at;
}
