/**
 * Access roles picked by name with autocomplete in /rollcall-admin settings: `discord-roles` offers
 * the server's own Discord roles (value: the role id) and the pick limits Rollcall on that server
 * to their holders; `access-roles` offers the community's roles the same way. Through the real bot,
 * the Discord double's autocomplete interactions, and a sandbox of two communities.
 */
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_IDS } from '../../commands/admin/index.js';
import { MESSAGES } from '../../src/discord/replies.js';
import type { Store } from '../../src/store/index.js';
import type { DoubleUser } from '../doubles/discord/double.js';
import { embedOf, type World } from '../e2e/world.js';
import { startHostedWorld } from './world.js';

const A = '1320000000000000001';
const B = '1320000000000000002';
const TOKEN_A = 'roles-community-a-token-3c7a'; // the sandbox's tokens, not secrets
const TOKEN_B = 'roles-community-b-token-6f1b';

let world: World;
let admin: DoubleUser;
let holder: DoubleUser;
let other: DoubleUser;
let store: Store;

beforeAll(async () => {
  ({ world, admin, store } = await startHostedWorld({
    servers: [
      { guildId: A, token: TOKEN_A, seed: 31, label: 'roles-a' },
      { guildId: B, token: TOKEN_B, seed: 32, label: 'roles-b' },
    ],
    keyByte: 6,
  }));
  const moderate = PermissionFlagsBits.ModerateMembers;
  holder = world.double.user({ username: 'holder', roles: ['Moderator'], permissions: moderate });
  other = world.double.user({ username: 'other', roles: ['Member'], permissions: moderate });
}, 60_000);

afterAll(async () => {
  await world?.close();
});

async function complete(option: string, typed: string, guildId = A, user = admin) {
  const answer = await (
    await world.double.autocomplete(user, 'rollcall-admin', 'settings', option, typed, { guildId })
  ).response();
  expect(answer.kind).toBe('autocomplete');
  return answer.choices ?? [];
}

async function settings(options: Record<string, string>, guildId = A) {
  return (
    await world.double.slash(admin, 'rollcall-admin', { subcommand: 'settings', options, guildId })
  ).response();
}

async function loaList(user: DoubleUser, guildId: string) {
  return (await world.double.slash(user, 'loa', { subcommand: 'list', guildId })).response();
}

describe("access roles picked by name: the server's Discord roles", () => {
  it("offers the server's roles by name, valued by id, never @everyone or the bot's role", async () => {
    const moderator = world.double.role('Moderator', A);
    const member = world.double.role('Member', A);
    expect(await complete('discord-roles', 'mod')).toEqual([{ name: 'Moderator', value: moderator.id }]);
    const all = await complete('discord-roles', '');
    expect(all[0]?.value).toBe('none');
    expect(all.slice(1).map((c) => c.value)).toEqual(expect.arrayContaining([moderator.id, member.id]));
    expect(all).toHaveLength(3);
    // After a comma: the next role, the earlier pick kept (by id in the value, by name in the label).
    expect(await complete('discord-roles', `${moderator.id}, me`)).toEqual([
      { name: 'Moderator, Member', value: `${moderator.id},${member.id}` },
    ]);
    // Each server offers its own roles.
    const inB = await complete('discord-roles', 'mod', B);
    expect(inB).toEqual([{ name: 'Moderator', value: world.double.role('Moderator', B).id }]);
  });

  it('a pick limits Rollcall on that server to holders of the role, with no API read to refuse', async () => {
    const moderator = world.double.role('Moderator', A);
    const [pick] = await complete('discord-roles', 'Moder');
    const saved = await settings({ 'discord-roles': pick!.value as string });
    expect(saved.ephemeral).toBe(true);
    expect(saved.message?.content).toContain(`only holders of <@&${moderator.id}> on this server`);
    expect((await store.getSettings(A)).accessDiscordRoleIds).toEqual([moderator.id]);

    expect(embedOf((await loaList(holder, A)).message).title).toBeDefined();
    world.sandbox.resetLog();
    const refused = await loaList(other, A);
    expect(refused.ephemeral).toBe(true);
    expect(refused.message?.content).toBe(MESSAGES.accessNoDiscordRole);
    expect(world.sandbox.requests).toEqual([]);
    // Server B chose no Discord role: the same user is served there.
    expect(embedOf((await loaList(other, B)).message).title).toBeDefined();
    expect(world.double.allowedMentionsViolations()).toEqual([]);
  });

  it('accepts a role typed by name, refuses an unknown one with one sentence, and clears with none', async () => {
    const member = world.double.role('Member', A);
    const unknown = await settings({ 'discord-roles': 'Nobody' });
    expect(unknown.message?.content).toBe(MESSAGES.unknownDiscordRoles(['Nobody']));
    expect((await store.getSettings(A)).accessDiscordRoleIds).toHaveLength(1);
    await settings({ 'discord-roles': 'member' });
    expect((await store.getSettings(A)).accessDiscordRoleIds).toEqual([member.id]);
    expect(embedOf((await loaList(other, A)).message).title).toBeDefined();
    await settings({ 'discord-roles': 'none' });
    expect((await store.getSettings(A)).accessDiscordRoleIds).toEqual([]);
    expect(embedOf((await loaList(holder, A)).message).title).toBeDefined();
  });

  it("refuses the bot's managed role and @everyone as roles no member can be given, saving nothing", async () => {
    const member = world.double.role('Member', A);
    await settings({ 'discord-roles': member.id });
    const botRole = world.double.role(world.double.guild(A).botRoleId, A);
    expect(botRole.managed).toBe(true);
    const everyone = world.double.role('@everyone', A);
    // By id (as a pick sends it), by name, and among roles members can be given.
    for (const typed of [botRole.id, botRole.name.toUpperCase(), `${member.id}, ${botRole.name}`]) {
      const refused = await settings({ 'discord-roles': typed });
      expect(refused.message?.content, typed).toBe(MESSAGES.botDiscordRoles([botRole.name]));
    }
    // @everyone by its id (the server's) and by its name: shown as text, pinging nobody.
    for (const typed of [everyone.id, '@everyone']) {
      const refused = await settings({ 'discord-roles': typed });
      expect(refused.message?.content, typed).toBe(MESSAGES.everyoneDiscordRole('@everyone'));
      expect(refused.message?.content).not.toMatch(/@everyone/);
    }
    expect(world.double.allowedMentionsViolations()).toEqual([]);
    expect((await store.getSettings(A)).accessDiscordRoleIds).toEqual([member.id]);
    // A name no role has still gets the sentence that says so.
    expect((await settings({ 'discord-roles': 'Rollcal' })).message?.content).toBe(
      MESSAGES.unknownDiscordRoles(['Rollcal']),
    );
    await settings({ 'discord-roles': 'none' });
  });

  it('offers nothing to a member without Manage Server', async () => {
    const answer = await (
      await world.double.autocomplete(holder, 'rollcall-admin', 'settings', 'discord-roles', 'mod', {
        guildId: A,
        bypassPermissions: true,
      })
    ).response();
    expect(answer.choices ?? []).toEqual([]);
  });

  it('accepts a role Server Boosting manages (members hold it), by name and as offered', async () => {
    const booster = world.double.addRole(
      'Server Booster',
      { managed: true, tags: { premium_subscriber: null } },
      A,
    );
    expect(await complete('discord-roles', 'server b')).toEqual([
      { name: 'Server Booster', value: booster.id },
    ]);
    const saved = await settings({ 'discord-roles': 'server booster' });
    expect(saved.message?.content).toContain(`only holders of <@&${booster.id}> on this server`);
    expect((await store.getSettings(A)).accessDiscordRoleIds).toEqual([booster.id]);
    await settings({ 'discord-roles': 'none' });
  });
});

describe("access roles picked by name: the community's roles", () => {
  it("offers the community's roles by name, valued by id, and saves the pick", async () => {
    const role = world.sandbox.datasetOf(TOKEN_A).roles[1]!;
    const typed = String(role.name).slice(0, 4);
    const choices = await complete('access-roles', typed);
    expect(choices).toContainEqual({ name: role.name, value: role.id });
    const ofB = world.sandbox.datasetOf(TOKEN_B).roles.map((r) => r.id);
    expect(choices.filter((c) => ofB.includes(c.value as string))).toEqual([]);
    const saved = await settings({ 'access-roles': role.id });
    expect(saved.message?.content).toContain(`holders of the community role(s) ${role.name}`);
    // Not linked to a Discord role of this server: the answer says it costs a lookup, and why, and
    // suggests linking it (or the free Discord roles).
    const why = role.linkedChatRoleId
      ? 'its linked Discord role is no longer on this server'
      : 'no linked Discord role';
    expect(saved.message?.content).toContain(MESSAGES.accessRolesChecked([], [`${role.name} (${why})`]));
    expect(saved.message?.content).toContain(MESSAGES.accessRolesTip);
    expect((await store.getSettings(A)).accessRoleIds).toEqual([role.id]);
    const cleared = await settings({ 'access-roles': 'none' });
    expect(cleared.message?.content).not.toContain(MESSAGES.accessRolesTip);
  });
});

describe('access roles no Discord role of the server is linked to', () => {
  type Role = { id: string; name?: string; linkedChatRoleId?: string };
  const rolesOfA = () => world.sandbox.datasetOf(TOKEN_A).roles as unknown as Role[];
  /** Replace A's token with itself, as an admin does: setup's Replace button, then the token modal. */
  const relink = async () => {
    const shown = await (
      await world.double.slash(admin, 'rollcall-admin', { subcommand: 'setup', guildId: A })
    ).response();
    await (await world.double.click(admin, shown.message!, ADMIN_IDS.replace)).response();
    return (
      await world.double.submitModal(admin, ADMIN_IDS.modal, { [ADMIN_IDS.tokenField]: TOKEN_A })
    ).response();
  };

  it('settings and setup warn that nobody new passes until a role is linked here, and only then', async () => {
    // The sandbox links its roles to Discord ids of no server here: the spending rule spends no first check.
    const unlinked = rolesOfA().find((r) => !r.linkedChatRoleId) as Role;
    const saved = (await settings({ 'access-roles': unlinked.id })).message?.content ?? '';
    expect(saved).toContain(MESSAGES.accessRolesChecked([], [`${unlinked.name} (no linked Discord role)`]));
    expect(saved).toContain(MESSAGES.accessNobodyPasses);
    // A replaced token keeps the access roles: its answer says so too.
    const replaced = (await relink()).message?.content ?? '';
    expect(replaced).toMatch(/^Linked: /);
    expect(replaced).toContain(MESSAGES.accessNobodyPasses);

    // Another community role linked to a Discord role here: its holders get a first check (a lookup
    // may let them in), so the warning is not true and not said, though the access role costs lookups.
    const other = rolesOfA().find((r) => r.id !== unlinked.id) as Role;
    const before = other.linkedChatRoleId;
    other.linkedChatRoleId = world.double.role('Member', A).id;
    try {
      const shown = (await settings({ show: true } as never)).message?.content ?? '';
      expect(shown).toContain(MESSAGES.accessRolesChecked([], [`${unlinked.name} (no linked Discord role)`]));
      expect(shown).not.toContain(MESSAGES.accessNobodyPasses);
      expect((await relink()).message?.content).not.toContain(MESSAGES.accessNobodyPasses);
    } finally {
      if (before === undefined) delete other.linkedChatRoleId;
      else other.linkedChatRoleId = before;
    }

    // No access role: nothing to warn of, though nothing is linked.
    expect((await settings({ 'access-roles': 'none' })).message?.content).not.toContain(
      MESSAGES.accessNobodyPasses,
    );
    expect((await relink()).message?.content).not.toContain(MESSAGES.accessNobodyPasses);
  }, 60_000);
});
