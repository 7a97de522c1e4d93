/**
 * Right-click a member, Apps: "Staff record", "LOAs" and "Join request", end to end (the real bot
 * through discord.js, the sandbox API and the Discord double, commands registered by the real
 * deploy code). Each answers privately what its slash command answers for the same user (embeds
 * and controls compared), behind the same access guard (here ACCESS_REQUIRE_MEMBER), with the
 * same paging (only the moderator who right-clicked may page), deferral and sentences.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/discord/replies.js';
import type { DoubleUser, InteractionResponse } from '../doubles/discord/double.js';
import { parsePrometheus, sampleValue } from '../ops/support.js';
import { control, embedOf, startWorld, type World } from './world.js';

let world: World;
/** A moderator who is a member of the community (the guard asks for one). */
let mod: DoubleUser;
/** The Discord user of a member with many LOAs (more than a page). */
let busy: DoubleUser;
let busyMemberId: string;

beforeAll(async () => {
  // HEALTH_PORT=0: the metrics are kept (the listener on a free port of 127.0.0.1).
  world = await startWorld({ env: { ACCESS_REQUIRE_MEMBER: 'true', HEALTH_PORT: '0' } });
  const ds = world.sandbox.dataset;
  mod = world.double.user({ id: ds.chatIdOf(ds.members[0]!.id)!, username: 'staff', roles: ['Moderator'] });
  busyMemberId = ds.samples.busyMemberIds[1]!;
  busy = world.double.user({ id: ds.samples.busyChatIds[1]!, username: 'busy' });
}, 60_000);
afterAll(async () => {
  await world?.close();
});

const menu = async (name: string, target: DoubleUser, as = mod) =>
  (await world.double.userCommand(as, name, target)).response();
const slash = async (name: string, subcommand: string, user: DoubleUser) =>
  (await world.double.slash(mod, name, { subcommand, options: { user } })).response();

/** What a moderator sees of an answer: its text, embeds and controls. */
const seen = (answer: InteractionResponse) => ({
  content: answer.message?.content,
  embeds: answer.message?.embeds,
  components: answer.message?.components,
});

/**
 * The menu's answer and the slash command's for the same user, both from the same saved read (the
 * slash command runs once first), so even the "Cached data from" footer and its time agree.
 */
async function both(menuName: string, command: string, subcommand: string, target: DoubleUser) {
  await slash(command, subcommand, target);
  const byMenu = await menu(menuName, target);
  const bySlash = await slash(command, subcommand, target);
  return { byMenu, bySlash };
}

describe('registered with the slash commands', () => {
  it('as USER commands, guild-only, with the slash commands’ default permission', () => {
    const registered = world.double.registeredCommands(world.double.guildId);
    const menus = registered.filter((c) => c.type === 2);
    expect(menus.map((c) => c.name)).toEqual(['Staff record', 'LOAs', 'Join request']);
    const member = registered.find((c) => c.name === 'member');
    for (const m of menus) {
      expect(m.default_member_permissions).toBe(member?.default_member_permissions);
      expect(m.contexts).toEqual([0]);
    }
  });
});

describe('a user command Rollcall no longer has', () => {
  it('(still registered, e.g. before deploy-commands ran) gets the unknown command sentence, privately', async () => {
    const { double } = world;
    const created = await fetch(
      `${double.restUrl}/v10/applications/${double.applicationId}/guilds/${double.guildId}/commands`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bot test' },
        body: JSON.stringify({ type: 2, name: 'Old record' }),
      },
    );
    expect(created.status).toBe(201);
    const answer = await menu('Old record', busy);
    expect(answer.message?.content).toBe(MESSAGES.unknownCommand);
    expect(answer.ephemeral).toBe(true);
  });
});

describe('Staff record', () => {
  it('answers privately what /member view user: answers, with its LOAs button', async () => {
    const { byMenu, bySlash } = await both('Staff record', 'member', 'view', busy);
    expect(byMenu.ephemeral).toBe(true);
    expect(byMenu.kind).toBe('reply');
    expect(seen(byMenu)).toEqual(seen(bySlash));
    expect(embedOf(byMenu.message).title).toContain(busyMemberId);
    const loas = await (
      await world.double.click(mod, byMenu.message!, control(byMenu.message, 'LOAs'))
    ).response();
    expect(embedOf(loas.message).title).toContain(busyMemberId);
  });

  it('says what the slash command says of a user who is not a member', async () => {
    const nobody = world.double.user({ username: 'nobody' });
    const answer = await menu('Staff record', nobody);
    expect(answer.message?.content).toBe(MESSAGES.memberNotFound);
    expect(answer.ephemeral).toBe(true);
    expect(seen(answer)).toEqual(seen(await slash('member', 'view', nobody)));
  });
});

describe('LOAs', () => {
  it('answers privately what /loa member user: answers, and pages for the moderator alone', async () => {
    const total = world.sandbox.dataset.loasByMember.get(busyMemberId)!.length;
    expect(total).toBeGreaterThan(10);
    const { byMenu, bySlash } = await both('LOAs', 'loa', 'member', busy);
    expect(byMenu.ephemeral).toBe(true);
    expect(seen(byMenu)).toEqual(seen(bySlash));
    expect(embedOf(byMenu.message).footer?.text).toMatch(/^Page 1 of /);
    const next = await (
      await world.double.click(mod, byMenu.message!, control(byMenu.message, '▶'))
    ).response();
    expect(next.kind).toBe('update');
    expect(embedOf(next.message).footer?.text).toMatch(/^Page 2 of /);
    // Discord shows a private answer to nobody else; should another moderator click its buttons
    // anyway (a forged interaction: the double is told to show it), the bot refuses them itself.
    const other = world.double.user({
      id: world.sandbox.dataset.samples.busyChatIds[2]!,
      username: 'other-mod',
      roles: ['Moderator'],
    });
    world.double.ledger.messages.get(next.message!.id)!.visibleTo = null;
    const refused = await (
      await world.double.click(other, next.message!, control(next.message, '◀'))
    ).response();
    expect(refused.message?.content).toBe(MESSAGES.notYours);
    expect(refused.ephemeral).toBe(true);
  });

  it('says what the slash command says of a user who is not a member', async () => {
    const nobody = world.double.user({ username: 'nobody-loas' });
    const answer = await menu('LOAs', nobody);
    expect(answer.message?.content).toBe(MESSAGES.memberNotFound);
    expect(seen(answer)).toEqual(seen(await slash('loa', 'member', nobody)));
  });
});

describe('Join request', () => {
  it('answers privately what /join-request view user: answers, with its Member record button', async () => {
    const applicant = world.double.user({
      id: world.sandbox.dataset.samples.joinRequestUserIds[0]!,
      username: 'applicant',
    });
    const { byMenu, bySlash } = await both('Join request', 'join-request', 'view', applicant);
    expect(byMenu.ephemeral).toBe(true);
    expect(seen(byMenu)).toEqual(seen(bySlash));
    expect(embedOf(byMenu.message).title).toBe('Join request');
  });

  it('says what the slash command says of a user who never asked to join', async () => {
    const answer = await menu('Join request', busy);
    expect(answer.message?.content).toBe(MESSAGES.joinRequestNotFound);
    expect(seen(answer)).toEqual(seen(await slash('join-request', 'view', busy)));
  });
});

describe('the access guard', () => {
  it('refuses a moderator who is not staff of the community, before reading anything about the target', async () => {
    const stranger = world.double.user({ username: 'stranger', roles: ['Moderator'] });
    world.sandbox.resetLog();
    for (const name of ['Staff record', 'LOAs', 'Join request']) {
      const answer = await menu(name, busy, stranger);
      expect(answer.message?.content, name).toBe(MESSAGES.accessNotMember);
      expect(answer.ephemeral).toBe(true);
      expect(answer.message?.embeds ?? []).toEqual([]);
    }
    // Only the guard's own lookup of the stranger (saved after the first): nothing of the target.
    const paths = world.sandbox.requests.map((r) => r.path);
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.every((p) => p.endsWith(`/members/chat/${stranger.id}`))).toBe(true);
  });
});

describe('deferral', () => {
  it('defers when the API is slow, privately, and still delivers the record', async () => {
    const ds = world.sandbox.dataset;
    const target = world.double.user({ id: ds.samples.busyChatIds[4]!, username: 'slow' });
    world.sandbox.set({ latency: { minMs: 2_000, maxMs: 2_100 } });
    try {
      const answer = await menu('Staff record', target);
      expect(answer.kind).toBe('deferred-reply');
      expect(answer.msToFirstCallback).toBeLessThan(3_000);
      expect(answer.ephemeral).toBe(true);
      expect(embedOf(answer.message).title).toContain(ds.samples.busyMemberIds[4]!);
    } finally {
      world.sandbox.set({ latency: null });
    }
  });
});

describe('metrics and pings', () => {
  it('counts each user command under its own name', async () => {
    const samples = parsePrometheus(await world.app.metrics!.text());
    const count = (command: string, outcome: string) =>
      sampleValue(samples, 'rollcall_interactions_total', { command, type: 'command', outcome });
    expect(count('Staff record', 'ok')).toBeGreaterThanOrEqual(2);
    expect(count('LOAs', 'user_error')).toBeGreaterThanOrEqual(2); // not a member, not staff
    expect(count('Join request', 'ok')).toBeGreaterThanOrEqual(1);
    expect(count('unknown', 'ok') ?? 0).toBe(0);
  });

  it('never allowed a ping', () => {
    expect(world.double.allowedMentionsViolations()).toEqual([]);
  });
});
