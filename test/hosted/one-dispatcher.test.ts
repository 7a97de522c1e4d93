/**
 * The admin command on the router's one path: its subcommands are commands that need no community
 * (they run on a server with none linked), and its buttons and token modal are controls parsed from
 * their custom_id; Manage Server is the router's check, from what each declares, for all of them.
 */
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_IDS } from '../../commands/admin/index.js';
import { MESSAGES } from '../../src/discord/replies.js';
import type { Store } from '../../src/store/index.js';
import type { DoubleUser } from '../doubles/discord/double.js';
import type { World } from '../e2e/world.js';
import { startHostedWorld } from './world.js';

const A = '1330000000000000001';
const U = '1330000000000000002';
const TOKEN_A = 'dispatcher-community-a-token-41c7'; // the sandbox's tokens, not secrets
const TOKEN_U = 'dispatcher-community-u-token-9b02';

let world: World;
let admin: DoubleUser;
let store: Store;

beforeAll(async () => {
  ({ world, admin, store } = await startHostedWorld({
    servers: [
      { guildId: A, token: TOKEN_A, seed: 13, label: 'dispatcher-a' },
      { guildId: U, token: TOKEN_U, seed: 31, label: 'dispatcher-u', linked: false },
    ],
    keyByte: 8,
  }));
}, 60_000);

afterAll(async () => {
  await world?.close();
});

describe('admin controls: Manage Server checked by the router', () => {
  it('refuses the buttons under setup to someone who lost Manage Server since, and does nothing', async () => {
    // Manage Server through a role, as a server gives it; the role loses it once setup has answered.
    const lapsed = world.double.user({ username: 'lapsed-admin', roles: ['Member'] });
    const role = world.double.role('Member', A);
    const before = role.permissions;
    role.permissions = String(BigInt(before) | PermissionFlagsBits.ManageGuild);
    const shown = await (
      await world.double.slash(lapsed, 'rollcall-admin', { subcommand: 'setup', guildId: A }).finally(() => {
        role.permissions = before;
      })
    ).response();
    expect(shown.message?.content).toMatch(/^Linked/);
    world.sandbox.resetLog();
    for (const button of [ADMIN_IDS.unlink, ADMIN_IDS.replace]) {
      const pressed = await (await world.double.click(lapsed, shown.message!, button)).response();
      expect(pressed.ephemeral).toBe(true);
      expect(pressed.message?.content).toBe(MESSAGES.adminOnly);
      expect(pressed.modal).toBeNull();
    }
    expect(await store.describeCredential(A)).toBeDefined();
    expect(world.sandbox.requests).toEqual([]);
  });

  it('refuses a token modal sent by a moderator without Manage Server, and saves nothing', async () => {
    world.sandbox.resetLog();
    const sent = await (
      await world.double.submitModal(
        world.mod,
        ADMIN_IDS.modal,
        { [ADMIN_IDS.tokenField]: TOKEN_U },
        { unsolicited: true, guildId: U },
      )
    ).response();
    expect(sent.message?.content).toBe(MESSAGES.adminOnly);
    expect(world.sandbox.requests).toEqual([]);
    expect(await store.describeCredential(U)).toBeUndefined();
  });

  it('answers an admin control its custom_id does not name as out of date', async () => {
    const sent = await (
      await world.double.submitModal(admin, 'rca:gone', {}, { unsolicited: true, guildId: A })
    ).response();
    expect(sent.message?.content).toBe(MESSAGES.expired);
    expect(await store.describeCredential(A)).toBeDefined();
  });
});

describe('admin subcommands need no community', () => {
  it('run on a server with none linked, where a moderator command is refused as not linked', async () => {
    const read = await (
      await world.double.slash(world.mod, 'loa', { subcommand: 'list', guildId: U })
    ).response();
    expect(read.message?.content).toBe(MESSAGES.notLinked);

    const unlinked = await (
      await world.double.slash(admin, 'rollcall-admin', { subcommand: 'unlink', guildId: U })
    ).response();
    expect(unlinked.ephemeral).toBe(true);
    expect(unlinked.message?.content).toBe(MESSAGES.nothingToUnlink);

    const setup = await (
      await world.double.slash(admin, 'rollcall-admin', { subcommand: 'setup', guildId: U })
    ).response();
    expect(setup.modal?.custom_id).toBe(ADMIN_IDS.modal);
  });

  it('offers autocomplete choices on a server with none linked, and none to a member without Manage Server', async () => {
    const typed = (user: DoubleUser) =>
      world.double.autocomplete(user, 'rollcall-admin', 'settings', 'discord-roles', 'mem', {
        guildId: U,
        bypassPermissions: true,
      });
    const offered = await (await typed(admin)).response();
    expect(offered.choices).toEqual([{ name: 'Member', value: world.double.role('Member', U).id }]);
    const refused = await (await typed(world.mod)).response();
    expect(refused.choices ?? []).toEqual([]);
  });
});
