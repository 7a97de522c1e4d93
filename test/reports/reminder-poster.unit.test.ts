/**
 * The leave reminders' poster through the bot's client: a post Discord refuses with 403 is recorded
 * for the admins as what it means (the permission Rollcall lacks in that channel, named), not as
 * "Discord did not answer"; any other failure is left to the scheduler's generic sentence.
 */
import { type Client, DiscordAPIError, RESTJSONErrorCodes } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { discordReminderPoster } from '../../src/community/reminder-scheduler.js';
import { UserError } from '../../src/discord/replies.js';
import { ENGLISH } from '../../src/i18n/words.js';

const CHANNEL = '1300000000000000393';

/** A client whose one channel fails every post with `error`. */
function clientFailingWith(error: unknown): Client {
  const channel = {
    isSendable: () => true,
    send: async () => Promise.reject(error),
  };
  return {
    channels: { cache: new Map([[CHANNEL, channel]]), fetch: async () => null },
  } as unknown as Client;
}

const refusal = (code: number, status = 403) =>
  new DiscordAPIError(
    { code, message: 'Missing' },
    code,
    status,
    'POST',
    `/channels/${CHANNEL}/messages`,
    {},
  );

async function failureOf(error: unknown): Promise<unknown> {
  const poster = discordReminderPoster(clientFailingWith(error), async () => {
    throw new Error('no community');
  });
  return poster
    .send(CHANNEL, { content: 'Leave ends tomorrow', allowedMentions: { parse: [], users: [] } })
    .then(
      () => 'posted',
      (failure: unknown) => failure,
    );
}

describe('a reminder Discord refuses', () => {
  it.each([
    [RESTJSONErrorCodes.MissingPermissions, ['Send Messages']],
    [RESTJSONErrorCodes.MissingAccess, ['View Channel']],
    [RESTJSONErrorCodes.CannotSendMessagesToThisUser, ['View Channel', 'Send Messages']],
  ])('with 403 (code %s) names the permission it lacks there', async (code, permissions) => {
    const failure = await failureOf(refusal(code));
    expect(failure).toBeInstanceOf(UserError);
    const sentence = (failure as UserError).message;
    expect(sentence).toBe(ENGLISH.reminders.refused(CHANNEL, permissions));
    expect(sentence).toContain(`<#${CHANNEL}>`);
    for (const name of permissions) expect(sentence).toContain(name);
    expect(sentence).not.toMatch(/did not answer/);
    // The admins' settings view shows it as recorded.
    expect(ENGLISH.reminders.state({ channelId: CHANNEL, pings: false, problem: sentence })).toContain(
      `Rollcall lacks ${permissions.join(' or ')}`,
    );
  });

  it('for any other reason is thrown as it came (the scheduler records its generic sentence)', async () => {
    const outage = refusal(0, 503);
    expect(await failureOf(outage)).toBe(outage);
    const reset = new Error('socket hang up');
    expect(await failureOf(reset)).toBe(reset);
  });
});
