/**
 * /me in hosted mode on the free tier (100/month), through the real bot: each server reads its own
 * community for the caller, so a member of B's community is shown their record in B, privately even
 * where answers are public by default, and told in A that A's community has no member linked to
 * them; a stranger spends no lookup, and no refusal is looked up twice in the month. In C, whose
 * community links none of its roles to a Discord role, nobody is looked up, and /rollcall status's
 * last refusals say why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/discord/replies.js';
import type { DoubleUser } from '../doubles/discord/double.js';
import { link, startHostedWorld } from '../hosted/world.js';
import { control, embedOf, type World } from './world.js';

const A = '1360000000000000001';
const B = '1360000000000000002';
const TOKEN_A = 'me-community-a-token-7d21'; // the sandbox's tokens, not secrets
const TOKEN_B = 'me-community-b-token-90ce';
const C = '1360000000000000003';
const TOKEN_C = 'me-community-c-token-41ab';

let world: World;
let admin: DoubleUser;
/** A member of community B (with many LOAs), holding a role in both servers. */
let staff: DoubleUser;
let staffMemberId: string;

beforeAll(async () => {
  ({ world, admin } = await startHostedWorld({
    servers: [
      { guildId: A, token: TOKEN_A, seed: 61, label: 'me-a', linked: false },
      { guildId: B, token: TOKEN_B, seed: 62, label: 'me-b', linked: false },
      { guildId: C, token: TOKEN_C, seed: 63, label: 'me-c', linked: false },
    ],
    keyByte: 11,
    env: { API_LIMITS: '100/month,1000/1s' },
  }));
  // A's and B's communities link one of their roles to their server's Discord role "Member"; C's
  // links none. (Before each server is linked: the roles list read then is kept for a day.)
  for (const [guildId, token] of [
    [A, TOKEN_A],
    [B, TOKEN_B],
  ] as const)
    world.sandbox.datasetOf(token).roles[0]!.linkedChatRoleId = world.double.role('Member', guildId).id;
  for (const role of world.sandbox.datasetOf(TOKEN_C).roles) role.linkedChatRoleId = '';
  for (const [guildId, token] of [
    [A, TOKEN_A],
    [B, TOKEN_B],
    [C, TOKEN_C],
  ] as const)
    await link(world, admin, guildId, token);
  const ofB = world.sandbox.datasetOf(TOKEN_B);
  staffMemberId = ofB.samples.busyMemberIds[0]!;
  staff = world.double.user({ id: ofB.samples.busyChatIds[0]!, username: 'b-staff', roles: ['Member'] });
}, 60_000);
afterAll(async () => {
  await world?.close();
});

const lookups = () => world.sandbox.requests.filter((r) => r.path.includes('/server/members/chat/')).length;
const me = async (user: DoubleUser, guildId: string) =>
  (await world.double.slash(user, 'me', { guildId })).response();

describe('/me in hosted mode', () => {
  it("shows B's member their record in B, privately where answers are public by default", async () => {
    await (
      await world.double.slash(admin, 'rollcall-admin', {
        subcommand: 'settings',
        options: { visibility: 'public' },
        guildId: B,
      })
    ).response();
    world.sandbox.resetLog();
    const answer = await me(staff, B);
    expect(answer.ephemeral).toBe(true);
    expect(embedOf(answer.message).title).toContain(staffMemberId);
    const loas = await (
      await world.double.click(staff, answer.message!, control(answer.message, 'LOAs'))
    ).response();
    expect(loas.ephemeral).toBe(true);
    expect(embedOf(loas.message).title).toBe(`Leaves of absence of member ${staffMemberId}`);
    expect(lookups()).toBe(1);
  });

  it("tells a member of B's community in A that A's has no member linked to them, once a month", async () => {
    world.sandbox.resetLog();
    const inA = await me(staff, A);
    expect(inA.message?.content).toBe(MESSAGES.meNotMember);
    expect(inA.ephemeral).toBe(true);
    expect(lookups()).toBe(1);
    expect((await me(staff, A)).message?.content).toBe(MESSAGES.meNotMember);
    expect(lookups()).toBe(1);
    // B's answer is B's own: still their record there, with no lookup.
    expect(embedOf((await me(staff, B)).message).title).toContain(staffMemberId);
    expect(lookups()).toBe(1);
  });

  it('spends no lookup on a stranger', async () => {
    world.sandbox.resetLog();
    const stranger = world.double.user({ username: 'me-stranger', roles: [] });
    for (const guildId of [A, B]) {
      expect((await me(stranger, guildId)).message?.content).toBe(MESSAGES.meNotSpender);
    }
    expect(lookups()).toBe(0);
  });

  it('in a community that links none of its roles to a Discord role, looks nobody up, and /rollcall status says why', async () => {
    world.sandbox.resetLog();
    const answer = await me(staff, C);
    expect(answer.message?.content).toBe(MESSAGES.meNoLinks);
    expect(answer.ephemeral).toBe(true);
    expect(lookups()).toBe(0);
    const status = await (
      await world.double.slash(admin, 'rollcall', { subcommand: 'status', guildId: C })
    ).response();
    const fields = Object.fromEntries((embedOf(status.message).fields ?? []).map((f) => [f.name, f.value]));
    expect(fields['Last refusals (this process)']).toMatch(
      /^no community role linked to a Discord role of this server \(nobody new looked up\): 1 \(last <t:\d+:f>/,
    );
  });
});
