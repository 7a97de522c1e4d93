/**
 * In hosted mode (a guard built for each interaction, the server's own limits and access roles),
 * strangers running `/rollcall help` spend at most the access checks' share of the server's month,
 * and a stranger refused again and again costs no lookup.
 */
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextMonthStart } from '../../src/base/limits-spec.js';
import { MESSAGES } from '../../src/discord/replies.js';
import { embedOf, type World } from '../e2e/world.js';
import { startHostedWorld } from './world.js';

const A = '1330000000000000001';
const TOKEN = 'share-community-token-8d2e'; // the sandbox's token, not a secret

let world: World;

beforeAll(async () => {
  ({ world } = await startHostedWorld({
    servers: [{ guildId: A, token: TOKEN, seed: 41, label: 'share' }],
    keyByte: 7,
    env: { API_LIMITS: '20/month,1000/1s' },
  }));
  // The community links a role (not the access role, roles[0]) to the Discord role "Moderator": a
  // first check may be spent on its holders.
  world.sandbox.datasetOf(TOKEN).roles[1]!.linkedChatRoleId = world.double.role('Moderator', A).id;
}, 60_000);
afterAll(async () => {
  await world?.close();
});

const lookups = () => world.sandbox.requests.filter((r) => r.path.includes('/server/members/chat/')).length;

describe('the access checks share in hosted mode', () => {
  it("30 strangers spend at most a tenth of the server's month; the moderator still reads", async () => {
    const admin = world.double.user({
      username: 'share-admin',
      permissions: PermissionFlagsBits.ManageGuild | PermissionFlagsBits.ModerateMembers,
    });
    const ds = world.sandbox.datasetOf(TOKEN);
    const staff = ds.members.find((m) => (m.roles as string[]).includes(ds.roles[0]!.id))!;
    const saved = await (
      await world.double.slash(admin, 'rollcall-admin', {
        subcommand: 'settings',
        options: { 'access-roles': ds.roles[0]!.id },
        guildId: A,
      })
    ).response();
    expect(saved.message?.content).toContain(MESSAGES.accessRolesTip);

    world.sandbox.resetLog();
    const moderator = world.double.user({ id: ds.chatIdOf(staff.id)!, roles: ['Moderator'] });
    const list = await (
      await world.double.slash(moderator, 'loa', { subcommand: 'list', guildId: A })
    ).response();
    expect(embedOf(list.message).title).toBe('Leaves of absence');
    expect(lookups()).toBe(1);

    const answers: (string | undefined)[] = [];
    for (let n = 0; n < 30; n++) {
      const stranger = world.double.user({ username: `hosted-stranger-${n}`, roles: ['Moderator'] });
      answers.push(
        (
          await (
            await world.double.slash(stranger, 'rollcall', { subcommand: 'help', guildId: A })
          ).response()
        ).message?.content,
      );
    }
    // The moderator's check was the first checks' part (1 of the share of 2): strangers spend nothing,
    // and the other 1 is kept for re-checks of the moderator.
    expect(lookups()).toBe(1);
    const reset = Math.floor(nextMonthStart(Date.now()) / 1000);
    // The first checks' part is spent (the moderator's): strangers are told so, and the remedy.
    expect(new Set(answers)).toEqual(new Set([MESSAGES.accessFirstChecksSpent(reset, 'discord-roles')]));

    const before = world.sandbox.requests.length;
    const shifts = await (
      await world.double.slash(moderator, 'shift', { subcommand: 'list', guildId: A })
    ).response();
    expect(embedOf(shifts.message).title).toBeDefined();
    expect(world.sandbox.requests.length).toBe(before + 1);
  }, 60_000);
});
