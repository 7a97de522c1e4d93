/**
 * QUOTA_ALERT_CHANNEL_ID: one message in a staff channel when the monthly API allowance passes 80%
 * and 100%, pinging nobody. A message that cannot be sent is logged, never retried.
 */
import { type Client, Routes } from 'discord.js';
import type { AllowanceMark } from '../api/types.js';
import type { Logger } from '../log.js';
import { MESSAGES } from './replies.js';

/** A sender of allowance alerts to `channelId` through `client`'s REST. */
export function allowanceAlerts(client: Client, channelId: string, logger: Logger) {
  return (mark: AllowanceMark): void => {
    const content = MESSAGES.allowanceMark(mark.used, mark.points, Math.floor(mark.resetAt / 1000));
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
