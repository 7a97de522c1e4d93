/**
 * Discord markup and typed text inside sentences, the same in every language: a catalogue's
 * sentence writes a timestamp or quotes what someone typed through these, as English does, so no
 * translation can turn typed text into markup or a mention.
 */
import { channelMention, TimestampStyles, userMention } from 'discord.js';
import { safeLine } from '../base/safe-text.js';
import { discordTime, secondsOf } from './dates.js';

/**
 * What a moderator or admin typed, quoted back in a sentence: text, never markup or a mention (a
 * typed `<@&id>` or `@everyone` shows as typed and pings nobody). Every sentence that quotes typed
 * text passes it through here, so callers give the text as typed.
 */
export function typed(text: string, max = 100): string {
  return safeLine(text, max);
}

/**
 * Unix seconds (or a Date) of Rollcall's own clock as a Discord timestamp: the date and time in the
 * reader's own time zone. Guarded as every date (src/i18n/dates.ts): a number that is no date is
 * written as the number. API timestamps go through `Formats` (`f.when`), which says so in words.
 */
export const dateTime = (at: number | Date): string =>
  discordTime(secondsOf(at), TimestampStyles.ShortDateTime) ?? String(secondsOf(at));
/** Unix seconds (or a Date) as a Discord timestamp relative to the reader's now ("in 3 days"). */
export const fromNow = (at: number | Date): string =>
  discordTime(secondsOf(at), TimestampStyles.RelativeTime) ?? String(secondsOf(at));

export { channelMention, userMention };
