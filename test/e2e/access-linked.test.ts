/**
 * Access by a community role linked to a Discord role, through the real bot (issue 26's scenario):
 * on a 20/month plan, 12 moderators who hold the linked Discord role are answered 36 times out of 36
 * with no member lookup; 30 strangers are refused with none either; a moderator still reads after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/discord/replies.js';
import { generateDataset, SANDBOX_DEFAULTS } from '../doubles/sandbox/index.js';
import { embedOf, startWorld, type World } from './world.js';

const dataset = generateDataset({ seed: SANDBOX_DEFAULTS.seed });
const staffRole = dataset.roles[0] as (typeof dataset.roles)[number];
let world: World;

beforeAll(async () => {
  world = await startWorld({
    sandbox: { dataset },
    env: { API_LIMITS: '20/month,1000/1s', ACCESS_ROLE_IDS: staffRole.id },
  });
  // The community server keeps its role in step with the Discord server's "Moderator" role.
  staffRole.linkedChatRoleId = world.double.role('Moderator').id;
}, 60_000);
afterAll(async () => {
  await world?.close();
});

const lookups = () => world.sandbox.requests.filter((r) => r.path.includes('/server/members/chat/')).length;

describe('access roles linked to a Discord role', () => {
  it('12 moderators answered 36 of 36 with no member lookup; 30 strangers refused with none', async () => {
    world.sandbox.resetLog();
    const moderators = Array.from({ length: 12 }, (_, n) =>
      world.double.user({ username: `mod-${n}`, roles: ['Moderator'] }),
    );
    let answered = 0;
    for (let round = 0; round < 3; round++)
      for (const moderator of moderators) {
        const answer = await (await world.double.slash(moderator, 'loa', { subcommand: 'list' })).response();
        if (embedOf(answer.message).title === 'Leaves of absence') answered++;
      }
    expect(answered).toBe(36);
    expect(lookups()).toBe(0);

    for (let n = 0; n < 30; n++) {
      const stranger = world.double.user({ username: `stranger-${n}` });
      // (the command made visible to everyone, as a server may: only the access roles keep them out)
      const answer = await (
        await world.double.slash(stranger, 'loa', { subcommand: 'list', bypassPermissions: true })
      ).response();
      expect(answer.ephemeral).toBe(true);
      expect(answer.message?.content).toBe(MESSAGES.accessNoLinkedRole([staffRole.name!]));
    }
    expect(lookups()).toBe(0);

    const after = await (
      await world.double.slash(moderators[0]!, 'shift', { subcommand: 'list' })
    ).response();
    expect(embedOf(after.message).title).toBeDefined();
    expect(after.message?.content ?? '').not.toContain('Rollcall cannot');
  }, 120_000);
});
