/**
 * /me end to end on the free tier (100/month: the access checks' share 10, its first checks' part
 * 5), through the real bot and the Discord double, with an access gate (a Discord role nobody holds)
 * that refuses every other command, and a community role linked to the Discord role "Moderator": a
 * member holding it sees their own record privately and pages their LOAs past the gate; five members
 * holding only a plain Discord role ("Member", linked to no community role) spend no lookup, so a
 * moderator never looked up is still shown theirs; a non-member, a stranger and anyone past the
 * spent first checks get one sentence each, and no refusal is looked up twice in the month.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextMonthStart } from '../../src/base/limits-spec.js';
import { MESSAGES } from '../../src/discord/replies.js';
import type { DoubleUser } from '../doubles/discord/double.js';
import { control, embedOf, startWorld, type World } from './world.js';

let world: World;
let member: DoubleUser;
let memberId: string;

beforeAll(async () => {
  world = await startWorld({
    env: { API_LIMITS: '100/month,1000/1s', ACCESS_DISCORD_ROLE_IDS: '1400000000000000099' },
  });
  const ds = world.sandbox.dataset;
  memberId = ds.samples.busyMemberIds[0]!;
  member = world.double.user({ id: ds.samples.busyChatIds[0]!, username: 'staff', roles: ['Moderator'] });
  // The community server keeps one of its roles in step with the Discord server's "Moderator".
  ds.roles[0]!.linkedChatRoleId = world.double.role('Moderator').id;
}, 60_000);
afterAll(async () => {
  await world?.close();
});

const lookups = () => world.sandbox.requests.filter((r) => r.path.includes('/server/members/chat/')).length;
const me = async (user: DoubleUser) => (await world.double.slash(user, 'me')).response();

describe('/me', () => {
  it('is registered for everyone (no default permission), with no options', () => {
    const registered = world.double.registeredCommands(world.double.guildId).find((c) => c.name === 'me');
    expect(registered?.default_member_permissions ?? null).toBeNull();
    expect(registered?.options ?? []).toEqual([]);
  });

  it('spends nothing on five holders of an unlinked Discord role, then shows a moderator never looked up their record', async () => {
    world.sandbox.resetLog();
    const ds = world.sandbox.dataset;
    // Members of the community, even: were they looked up, they would spend the 5 first checks.
    const plain = ds.samples.busyChatIds
      .slice(1, 6)
      .map((id, n) => world.double.user({ id, username: `plain-${n}`, roles: ['Member'] }));
    expect(plain).toHaveLength(5);
    for (const user of plain) {
      const answer = await me(user);
      expect(answer.ephemeral).toBe(true);
      expect(answer.message?.content).toBe(MESSAGES.meNotSpender);
    }
    expect(lookups()).toBe(0);
    // Each refusal is logged for the operator with its cause (once per user and cause an hour).
    const refused = world.logLines
      .map((line) => JSON.parse(line) as { level: number; msg: string; rule?: string; via?: string })
      .filter((line) => line.level === 40 && line.msg === 'access refused' && line.rule === 'unlinked-user');
    expect(refused).toHaveLength(5);
    expect(refused[0]?.via).toBe('me');
  });

  it('shows a member their own record privately, past the access gate, with one lookup a month', async () => {
    world.sandbox.resetLog();
    const answer = await me(member);
    expect(answer.ephemeral).toBe(true);
    expect(embedOf(answer.message).title).toContain(memberId);
    expect(lookups()).toBe(1);
    const again = await me(member);
    expect(embedOf(again.message).title).toContain(memberId);
    expect(lookups()).toBe(1);
    // Every other command stays behind the gate.
    const refused = await (
      await world.double.slash(member, 'member', { subcommand: 'view', options: { user: member } })
    ).response();
    expect(refused.message?.content).toBe(MESSAGES.accessNoDiscordRole);
    // Their LOAs, from the snapshot, past the gate too.
    const loas = await (
      await world.double.click(member, answer.message!, control(answer.message, 'LOAs'))
    ).response();
    // (The snapshot is read a page at a time on the free tier: the list says how far it has come.)
    expect(loas.ephemeral).toBe(true);
    expect(embedOf(loas.message).title).toBe(`Leaves of absence of member ${memberId}`);
    expect(lookups()).toBe(1);
  });

  it('tells a non-member so, and spends no second lookup on the same refusal', async () => {
    world.sandbox.resetLog();
    const nobody = world.double.user({ username: 'not-staff', roles: ['Moderator'] });
    expect((await me(nobody)).message?.content).toBe(MESSAGES.meNotMember);
    expect(lookups()).toBe(1);
    const again = await me(nobody);
    expect(again.message?.content).toBe(MESSAGES.meNotMember);
    expect(again.ephemeral).toBe(true);
    expect(lookups()).toBe(1);
  });

  it('spends no lookup on a stranger (no role of this server)', async () => {
    world.sandbox.resetLog();
    const stranger = world.double.user({ username: 'stranger', roles: [] });
    expect((await me(stranger)).message?.content).toBe(MESSAGES.meNotSpender);
    expect(world.sandbox.requests).toHaveLength(0);
  });

  it('says when the first lookups are spent, and then spends none', async () => {
    // The member and the non-member took 2 of the 5; three more non-members take the rest.
    for (let n = 0; n < 3; n++) await me(world.double.user({ username: `other-${n}`, roles: ['Moderator'] }));
    world.sandbox.resetLog();
    const late = world.double.user({ username: 'late', roles: ['Moderator'] });
    const reset = Math.floor(nextMonthStart(Date.now()) / 1000);
    expect((await me(late)).message?.content).toBe(MESSAGES.meSpent(reset));
    expect(lookups()).toBe(0);
    // The member is still shown from their answer of this month.
    expect(embedOf((await me(member)).message).title).toContain(memberId);
    expect(lookups()).toBe(0);
  });
});
