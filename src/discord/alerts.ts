/**
 * QUOTA_ALERT_CHANNEL_ID: one message in a staff channel when the monthly API allowance passes 80%
 * and 100%, pinging nobody, in the language of the channel's server (its preferred locale; English
 * where Rollcall has no catalogue for it). A message that cannot be sent is logged, never retried (a
 * send that timed out may have been posted all the same); an alert whose channel check fails waits for it
 * (src/community/environment-channel.ts).
 */
import { type Client, Routes } from 'discord.js';
import type { AllowanceMark } from '../api/types.js';
import type { Logger } from '../base/log.js';
import { type Words, wordsFor } from '../i18n/words.js';
import { type DigestLanguage, digestLocale } from '../reports/digest.js';

/**
 * The words of a post to a channel (an alert, a digest, a reminder): the admins' choice of language,
 * else its server's preferred locale, else English. Every channel post chooses its words here.
 */
export function audienceWords(
  guild: { preferredLocale: string } | undefined,
  language?: DigestLanguage | undefined,
): Words {
  return wordsFor(digestLocale(language, guild?.preferredLocale));
}

/** The words of the server `channelId` is in, as far as the client's cache knows it. */
function wordsOfChannel(client: Client, channelId: string): Words {
  const channel = client.channels.cache.get(channelId);
  return audienceWords(channel && !channel.isDMBased() ? channel.guild : undefined);
}

/** The alert for a mark: how much of the month's allowance is spent, and when it starts again. */
export function allowanceAlertText(mark: AllowanceMark, t: Words): string {
  const reset = Math.floor(mark.resetAt / 1000);
  return mark.used >= mark.points
    ? t.digest.allowanceSpent(mark.points, reset)
    : t.digest.allowanceMark(mark.used, mark.points, reset);
}

/** A sender of allowance alerts to `channelId` through `client`'s REST. */
export function allowanceAlerts(client: Client, channelId: string, logger: Logger) {
  return (mark: AllowanceMark): void => {
    const content = allowanceAlertText(mark, wordsOfChannel(client, channelId));
    client.rest
      .post(Routes.channelMessages(channelId), { body: { content, allowed_mentions: { parse: [] } } })
      .catch((error: unknown) =>
        logger.warn(
          { kind: 'alert', channelId, err: error instanceof Error ? error.message : String(error) },
          'allowance alert not sent',
        ),
      );
  };
}
