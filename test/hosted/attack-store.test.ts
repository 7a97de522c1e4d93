/**
 * A community API whose roles carry an odd `serverId` (longer than any id, or not text): linking
 * still works, on SQLite and on PostgreSQL, and the link shows no community id it cannot keep.
 * Through the real bot, the Discord double and the sandbox.
 */
import { randomBytes } from 'node:crypto';
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_IDS } from '../../commands/admin/index.js';
import { MESSAGES } from '../../src/discord/replies.js';
import type { Store } from '../../src/store/index.js';
import type { DoubleUser } from '../doubles/discord/double.js';
import { startWorld, type World } from '../e2e/world.js';
import { type Backend, backends, PG_URL, type Place } from '../store/places.js';

const A = '1350000000000000001';
const B = '1350000000000000002';
const TOKEN_A = `attack-store-a-${randomBytes(12).toString('hex')}`;
const TOKEN_B = `attack-store-b-${randomBytes(12).toString('hex')}`;

function oddIds(backend: Backend): void {
  let world: World;
  let admin: DoubleUser;
  let place: Place;

  beforeAll(async () => {
    place = await backend.fresh();
    const schema = place.options.schema;
    if (schema) await place.query(`create schema if not exists "${schema}"`);
    const url = new URL(PG_URL);
    url.searchParams.set('options', `-c search_path=${schema}`);
    world = await startWorld({
      sandbox: {
        communities: {
          [TOKEN_A]: { seed: 61, label: 'store-a' },
          [TOKEN_B]: { seed: 62, label: 'store-b' },
        },
      },
      double: { guildId: A, extraGuilds: [{ id: B, name: 'Community B' }] },
      env: {
        API_TOKEN: '',
        DISCORD_GUILD_ID: '',
        ROLLCALL_SECRET_KEY: Buffer.alloc(32, 11).toString('base64'),
        API_RETRIES: '0',
        API_LIMITS: '100000/month',
        ...(schema ? { DATABASE_URL: url.toString() } : { DATA_DIR: place.options.dataDir as string }),
      },
    });
    admin = world.double.user({
      username: 'admin',
      permissions: PermissionFlagsBits.ManageGuild | PermissionFlagsBits.ModerateMembers,
    });
  }, 60_000);

  afterAll(async () => {
    await world?.close();
    await place?.remove();
  });

  async function setup(guildId: string, token: string) {
    await (await world.double.slash(admin, 'rollcall-admin', { subcommand: 'setup', guildId })).response();
    return (
      await world.double.submitModal(admin, ADMIN_IDS.modal, { [ADMIN_IDS.tokenField]: token }, { guildId })
    ).response();
  }

  it('links a community whose serverId is too long to be an id, or a number', async () => {
    expect((world.app.store() as Store).kind).toBe(backend.name);
    for (const role of world.sandbox.datasetOf(TOKEN_A).roles) role.serverId = 'x'.repeat(200);
    for (const role of world.sandbox.datasetOf(TOKEN_B).roles)
      (role as Record<string, unknown>).serverId = 12345;
    for (const [guildId, token] of [
      [A, TOKEN_A],
      [B, TOKEN_B],
    ] as const) {
      const linked = await setup(guildId, token);
      expect(linked.message?.content, guildId).toMatch(
        /^Linked: this server now reads community server \(unknown\) \(\d+ roles\)\.$/m,
      );
      const stored = await (world.app.store() as Store).describeCredential(guildId);
      expect(stored?.communityId).toBeUndefined();
    }
  });

  it('settings that do not read back refuse moderators until an admin saves them again', async () => {
    const moderator = world.double.role('Moderator', A);
    const other = world.double.user({
      username: 'other',
      roles: ['Member'],
      permissions: PermissionFlagsBits.ModerateMembers,
    });
    const settings = async (options: Record<string, string>) =>
      (
        await world.double.slash(admin, 'rollcall-admin', { subcommand: 'settings', options, guildId: A })
      ).response();
    const loaList = async (user: DoubleUser) =>
      (await world.double.slash(user, 'loa', { subcommand: 'list', guildId: A })).response();
    await settings({ 'discord-roles': moderator.id });
    expect((await loaList(other)).message?.content).toBe(MESSAGES.accessNoDiscordRole);
    // The row as another version (or a damaged database) left it: it no longer validates.
    const [row] = await place.query(
      'select settings from guild_settings where guild_id = $1'.replace(
        '$1',
        backend.name === 'sqlite' ? '?' : '$1',
      ),
      [A],
    );
    const written = JSON.parse(String(row?.settings));
    expect(written.accessDiscordRoleIds).toEqual([moderator.id]);
    await place.query(
      `update guild_settings set settings = ${backend.name === 'sqlite' ? '?' : '$1'} where guild_id = ${backend.name === 'sqlite' ? '?' : '$2'}`,
      [JSON.stringify({ ...written, defaultVisibility: 'staff' }), A],
    );
    world.sandbox.resetLog();
    for (const user of [other, world.mod]) {
      const refused = await loaList(user);
      expect(refused.ephemeral).toBe(true);
      expect(refused.message?.content).toBe(MESSAGES.settingsUnreadable);
    }
    expect(world.sandbox.requests).toEqual([]);
    // An admin saving the settings again writes a valid row.
    const saved = await settings({ 'discord-roles': moderator.id });
    expect(saved.message?.content).toContain(MESSAGES.settingsSaved);
    expect((await loaList(other)).message?.content).toBe(MESSAGES.accessNoDiscordRole);
    expect((await loaList(world.mod)).message?.embeds).toHaveLength(1);
  });
}

for (const backend of backends)
  describe.skipIf(!backend.run)(`odd community ids on ${backend.title}`, () => oddIds(backend));
