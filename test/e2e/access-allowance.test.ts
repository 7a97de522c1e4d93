/**
 * Strangers cannot spend the monthly allowance through the access check, through the real bot: with
 * ACCESS_REQUIRE_MEMBER and a 20/month allowance, 30 Discord users who are not members of the
 * community run `/rollcall help`; their lookups spend at most the first checks' part of the access
 * checks' share (1 of 2), which the moderator took, and the
 * moderator still gets in and reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextMonthStart } from '../../src/base/limits-spec.js';
import { MESSAGES } from '../../src/discord/replies.js';
import { embedOf, startWorld, type World } from './world.js';

let world: World;

beforeAll(async () => {
  world = await startWorld({ env: { API_LIMITS: '20/month,1000/1s', ACCESS_REQUIRE_MEMBER: 'true' } });
}, 60_000);
afterAll(async () => {
  await world?.close();
});

const lookups = () => world.sandbox.requests.filter((r) => r.path.includes('/server/members/chat/')).length;

describe('30 strangers against a 20/month allowance', () => {
  it('spend at most the access checks share; the moderator still reads', async () => {
    const ds = world.sandbox.dataset;
    const moderator = world.double.user({ id: ds.chatIdOf(ds.members[0]!.id)!, roles: ['Moderator'] });
    world.sandbox.resetLog();
    const list = async () => (await world.double.slash(moderator, 'loa', { subcommand: 'list' })).response();
    expect(embedOf((await list()).message).title).toBe('Leaves of absence');
    expect(lookups()).toBe(1);

    const answers: (string | undefined)[] = [];
    for (let n = 0; n < 30; n++) {
      const stranger = world.double.user({ username: `stranger-${n}`, roles: ['Moderator'] });
      const answer = await (
        await world.double.slash(stranger, 'rollcall', { subcommand: 'help' })
      ).response();
      expect(answer.ephemeral).toBe(true);
      answers.push(answer.message?.content);
    }
    // The moderator's check was the first checks' part (1 of the share of 2): strangers spend nothing,
    // and the other 1 is kept for re-checks of the moderator.
    expect(lookups()).toBe(1);
    const reset = Math.floor(nextMonthStart(Date.now()) / 1000);
    // The first checks' part is spent (the moderator's): strangers are told so, and the remedy.
    expect(new Set(answers)).toEqual(
      new Set([MESSAGES.accessFirstChecksSpent(reset, 'ACCESS_DISCORD_ROLE_IDS')]),
    );

    // The moderator was checked within ACCESS_MAX_AGE_SECONDS: in, and the month still has room.
    const before = world.sandbox.requests.length;
    const shifts = await (await world.double.slash(moderator, 'shift', { subcommand: 'list' })).response();
    expect(embedOf(shifts.message).title).toBeDefined();
    expect(shifts.message?.content ?? '').not.toContain('Rollcall cannot');
    expect(world.sandbox.requests.length).toBe(before + 1);
    expect(lookups()).toBe(1);
  }, 60_000);
});
