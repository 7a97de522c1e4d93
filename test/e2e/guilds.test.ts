/**
 * Single-community mode is closed: API_TOKEN serves only the Discord servers listed in
 * DISCORD_GUILD_ID. A listed second server (a staff server) is served like the first; any other
 * server the bot was added to gets one private sentence and nothing is read from the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/discord/replies.js';
import type { InteractionResponse } from '../doubles/discord/handle.js';
import { controls, embedOf, startWorld, type World } from './world.js';

const MAIN = '1200000000000000001';
const STAFF = '1200000000000000002';
const STRANGER = '1200000000000000003';

let world: World;

beforeAll(async () => {
  world = await startWorld({
    double: {
      guildId: MAIN,
      extraGuilds: [
        { id: STAFF, name: 'Staff server' },
        { id: STRANGER, name: 'Someone else’s server' },
      ],
    },
    env: { DISCORD_GUILD_ID: `${MAIN}, ${STAFF}` },
  });
}, 60_000);

afterAll(async () => {
  await world?.close();
});

function expectRefused(answer: InteractionResponse) {
  expect(answer.ephemeral).toBe(true);
  expect(answer.message?.embeds ?? []).toEqual([]);
  expect(answer.message?.content).toBe(MESSAGES.wrongGuild);
  expect(answer.message?.components ?? []).toEqual([]);
}

describe('DISCORD_GUILD_ID with two servers', () => {
  it('registers the commands in each listed server and nowhere else', () => {
    const names = (guildId: string | null) => world.double.registeredCommands(guildId).map((c) => c.name);
    expect(names(MAIN)).toContain('loa');
    expect(names(STAFF)).toEqual(names(MAIN));
    expect(names(STRANGER)).toEqual([]);
    expect(names(null)).toEqual([]);
  });

  it('serves both listed servers (one community, so one shared cache)', async () => {
    const titles: string[] = [];
    for (const guildId of [STAFF, MAIN]) {
      const answer = await (
        await world.double.slash(world.mod, 'loa', { subcommand: 'list', guildId })
      ).response();
      expect(answer.message?.content ?? '').not.toBe(MESSAGES.wrongGuild);
      titles.push(String(embedOf(answer.message).title));
    }
    expect(titles[1]).toBe(titles[0]);
    expect(world.sandbox.requests.length).toBeGreaterThan(0);
  });

  it('refuses another server with one private sentence and reads nothing', async () => {
    world.sandbox.resetLog();
    const member = world.sandbox.dataset.members[0]!;
    for (const [name, input] of [
      ['loa', { subcommand: 'list' }],
      ['member', { subcommand: 'view', options: { 'member-id': member.id } }],
      ['rollcall', { subcommand: 'status' }],
    ] as const) {
      const answer = await (
        await world.double.slash(world.mod, name, { ...input, guildId: STRANGER })
      ).response();
      expectRefused(answer);
    }
    const choices = await (
      await world.double.autocomplete(world.mod, 'role', 'view', 'role', 'a', { guildId: STRANGER })
    ).response();
    expect(choices.choices).toEqual([]);
    expect(world.sandbox.requests).toEqual([]);
  });

  it('refuses a control copied from a served server into another one', async () => {
    const listed = await (await world.double.slash(world.mod, 'loa', { subcommand: 'list' })).response();
    const ids = [...controls(listed.message).values()];
    expect(ids.length).toBeGreaterThan(0);
    world.sandbox.resetLog();
    const forged = await (
      await world.double.submitModal(
        world.mod,
        ids[0]!,
        { page: '2' },
        { unsolicited: true, guildId: STRANGER },
      )
    ).response();
    expectRefused(forged);
    expect(world.sandbox.requests).toEqual([]);
  });
});
