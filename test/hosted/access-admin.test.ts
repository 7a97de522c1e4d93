/**
 * Access an admin can see and fix (issue 35, item 5), through the real bot in hosted mode: a role
 * linked in the community panel after setup counts from the next settings (with the roles list's
 * read time shown); a role past the first 100 can be chosen, is offered by autocomplete and is shown
 * as linked; an admin who holds no access role still runs /rollcall status, which lists the rules and
 * why the last refusals happened.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/discord/replies.js';
import type { DoubleUser } from '../doubles/discord/double.js';
import { embedOf, type World } from '../e2e/world.js';
import { startHostedWorld } from './world.js';

const A = '1330000000000000001';
const TOKEN_A = 'access-admin-community-a-token-9d2e'; // the sandbox's token, not a secret

let world: World;
let admin: DoubleUser;

beforeAll(async () => {
  ({ world, admin } = await startHostedWorld({
    servers: [{ guildId: A, token: TOKEN_A, seed: 35, label: 'access-admin' }],
    keyByte: 7,
  }));
  // 151 community roles: the last ones on page 2 of the roles list, one linked to the Moderator role.
  const moderatorRole = world.double.role('Moderator', A).id;
  for (let n = roles().length; n < 150; n++)
    roles().push({ id: `extra-role-${n}`, serverId: 's', name: `Extra ${n}` });
  roles().push({
    id: 'page-two-role',
    serverId: 's',
    name: 'Night Shift',
    linkedChatRoleId: moderatorRole,
  });
}, 60_000);
afterAll(async () => {
  await world?.close();
});

type Role = { id: string; serverId: string; name?: string; linkedChatRoleId?: string };
const roles = () => world.sandbox.datasetOf(TOKEN_A).roles as unknown as Role[];
const settings = async (options: Record<string, string> = {}) =>
  (
    await world.double.slash(admin, 'rollcall-admin', { subcommand: 'settings', options, guildId: A })
  ).response();
const lookups = () => world.sandbox.requests.filter((r) => r.path.includes('/server/members/chat/')).length;

describe('access an admin can see and fix', () => {
  it('a role linked after setup counts from the next settings, with the read time shown', async () => {
    const role = roles().find((r) => !r.linkedChatRoleId) as Role;
    const saved = await settings({ 'access-roles': role.id });
    expect(saved.message?.content).toContain(`Cost a member lookup: ${role.name} (no linked Discord role)`);
    expect(saved.message?.content).toMatch(/Roles list \(\d+ roles\) read <t:\d+:f>/);

    // The admin links it in the community panel; the next settings reads the list again.
    role.linkedChatRoleId = world.double.role('Moderator', A).id;
    const before = Math.floor(Date.now() / 1000) - 1;
    const shown = (await settings({ show: true } as never)).message?.content ?? '';
    expect(shown).toContain(`Checked free (linked Discord role): ${role.name}`);
    const readAt = Number(/Roles list \(\d+ roles\) read <t:(\d+):f>/.exec(shown)?.[1]);
    expect(readAt).toBeGreaterThanOrEqual(before);

    // A moderator holding the Discord role is let in with no lookup.
    world.sandbox.resetLog();
    const moderator = world.double.user({ username: 'linked-mod', roles: ['Moderator'] });
    const answer = await (
      await world.double.slash(moderator, 'loa', { subcommand: 'list', guildId: A })
    ).response();
    expect(embedOf(answer.message).title).toBe('Leaves of absence');
    expect(lookups()).toBe(0);
    role.linkedChatRoleId = '';
  }, 60_000);

  it('a role on page 2 can be chosen, is offered by autocomplete and is shown as linked', async () => {
    const choices = await (
      await world.double.autocomplete(admin, 'rollcall-admin', 'settings', 'access-roles', 'Night', {
        guildId: A,
      })
    ).response();
    expect(choices.choices?.map((c) => c.value)).toContain('page-two-role');

    const saved = (await settings({ 'access-roles': 'night shift' })).message?.content ?? '';
    expect(saved).toContain('holders of the community role(s) Night Shift');
    expect(saved).toContain('Checked free (linked Discord role): Night Shift');
    expect(saved).toMatch(/Roles list \(151 roles\) read/);
  }, 60_000);

  it('a Discord role given as an access role is refused with the setting to use', async () => {
    const discordRole = world.double.role('Moderator', A);
    const refused = await settings({ 'access-roles': discordRole.id });
    expect(refused.message?.content).toBe(MESSAGES.accessRoleIsDiscord([discordRole.id], 'discord-roles'));
  });

  it('an admin holding no access role runs /rollcall status: the rules, their cost and the last refusals', async () => {
    await settings({ 'access-roles': 'extra-role-149' }); // unlinked: a lookup per check
    const stranger = world.double.user({ username: 'status-stranger', roles: ['Moderator'] });
    const refused = await (
      await world.double.slash(stranger, 'loa', { subcommand: 'list', guildId: A })
    ).response();
    expect(refused.message?.content).toBe(MESSAGES.accessNotMember);
    // The admin holds no Discord role there that the community links, nor did a lookup let them in:
    // refused the records with no lookup (no first check is spent on them), shown the status.
    expect(
      (await (await world.double.slash(admin, 'loa', { subcommand: 'list', guildId: A })).response()).message
        ?.content,
    ).toBe(MESSAGES.accessNotSpender('discord-roles'));
    const status = await (
      await world.double.slash(admin, 'rollcall', { subcommand: 'status', guildId: A })
    ).response();
    expect(status.ephemeral).toBe(true);
    const fields = Object.fromEntries((embedOf(status.message).fields ?? []).map((f) => [f.name, f.value]));
    expect(fields['Access rules']).toContain('Community roles (access-roles):');
    expect(fields['Access rules']).toContain('Cost a member lookup: Extra 149 (no linked Discord role)');
    expect(fields['Access rules']).toMatch(/Roles list \(151 roles\) read <t:\d+:f>/);
    expect(fields['Last refusals (this process)']).toMatch(
      /^no Discord role linked to a community role \(not looked up\): 1 \(last <t:\d+:f>.*\nno community member linked to their Discord account: 1 \(last <t:\d+:f>/,
    );
    // A moderator without Manage Server is still refused the status.
    const notAdmin = await (
      await world.double.slash(stranger, 'rollcall', { subcommand: 'status', guildId: A })
    ).response();
    expect(notAdmin.message?.content).toBe(MESSAGES.accessNotMember);
  }, 60_000);
});
