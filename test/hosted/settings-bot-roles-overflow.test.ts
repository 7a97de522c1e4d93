/**
 * /rollcall-admin settings' refusal of bots' own roles names at most five of them: picked by id (as
 * the settings form's role select or autocomplete sends them, 20 characters each within the option's
 * 500), 24 roles of 100-character names made a sentence past Discord's 2,000 characters, which
 * Discord refused, and the admin saw no reply at all.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MESSAGES } from '../../src/discord/replies.js';
import type { DoubleUser } from '../doubles/discord/double.js';
import type { World } from '../e2e/world.js';
import { startHostedWorld } from './world.js';

const A = '1390000000000000001';
const TOKEN_A = 'overflow-community-a-token-9z1q'; // the sandbox's token, not a secret

let world: World;
let admin: DoubleUser;

beforeAll(async () => {
  ({ world, admin } = await startHostedWorld({
    servers: [{ guildId: A, token: TOKEN_A, seed: 41, label: 'overflow-a' }],
    keyByte: 9,
  }));
}, 60_000);

afterAll(async () => {
  await world?.close();
});

it('bots’ roles of long names picked at once are refused in an answer Discord takes', async () => {
  // Admins may rename a bot's role (up to 100 characters).
  const roles = Array.from({ length: 24 }, (_, n) =>
    world.double.addRole(
      `${String(n).padStart(2, '0')}${'y'.repeat(98)}`,
      { managed: true, tags: { bot_id: `139000000000000${200 + n}0` } },
      A,
    ),
  );
  const typed = roles.map((r) => r.id).join(',');
  expect(typed.length).toBeLessThanOrEqual(500);
  const answer = await (
    await world.double.slash(admin, 'rollcall-admin', {
      subcommand: 'settings',
      options: { 'discord-roles': typed },
      guildId: A,
    })
  ).response();
  expect(answer.message?.content).toBe(MESSAGES.botDiscordRoles(roles.slice(0, 5).map((r) => r.name)));
  expect(answer.message?.content?.length).toBeLessThanOrEqual(2_000);
}, 60_000);
