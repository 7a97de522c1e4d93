/**
 * Access settings that cannot lock moderators out unseen (issue 35), through the real bot in
 * single-community mode: a Discord role id in ACCESS_ROLE_IDS gets the sentence naming
 * ACCESS_DISCORD_ROLE_IDS, costs no lookup, and is named in a warn line; with an access role that is
 * not linked, strangers who spent the month's first checks do not lock out a moderator let in before
 * (whose saved answer would otherwise be gone: nothing else is kept here), and users holding no
 * Discord role that the community links to one of its roles (only unlinked ones, or none) spend no
 * first check and no request, so a moderator never looked up this month gets in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextMonthStart } from '../../src/base/limits-spec.js';
import { MESSAGES } from '../../src/discord/replies.js';
import { generateDataset, SANDBOX_DEFAULTS } from '../doubles/sandbox/index.js';
import { embedOf, startWorld, type World } from './world.js';

const lookups = (world: World) =>
  world.sandbox.requests.filter((r) => r.path.includes('/server/members/chat/')).length;

/**
 * The community server links one of its roles (not the access role `except`) to the Discord server's
 * "Moderator" role: a first check may be spent on its holders.
 */
function linkModerator(world: World, dataset: ReturnType<typeof generateDataset>, except?: { id: string }) {
  const other = dataset.roles.find((r) => r.id !== except?.id);
  if (other) other.linkedChatRoleId = world.double.role('Moderator').id;
}

describe('a Discord role id in ACCESS_ROLE_IDS', () => {
  const DISCORD_ROLE_ID = '1234567890123456789';
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ env: { ACCESS_ROLE_IDS: DISCORD_ROLE_ID } });
  }, 60_000);
  afterAll(async () => {
    await world?.close();
  });

  it('refuses with the sentence naming ACCESS_DISCORD_ROLE_IDS, no lookup, and one warn line', async () => {
    world.sandbox.resetLog();
    for (let n = 0; n < 2; n++) {
      const answer = await (await world.double.slash(world.mod, 'loa', { subcommand: 'list' })).response();
      expect(answer.ephemeral).toBe(true);
      expect(answer.message?.content).toBe(
        MESSAGES.accessMisconfigured('ACCESS_ROLE_IDS', DISCORD_ROLE_ID, true, 'ACCESS_DISCORD_ROLE_IDS'),
      );
    }
    expect(lookups(world)).toBe(0);
    const warned = world.logLines
      .map((line) => JSON.parse(line) as { level: number; msg: string; value?: string })
      .filter((line) => line.level === 40 && line.msg.includes('ACCESS_ROLE_IDS names a Discord role id'));
    expect(warned).toHaveLength(1);
    expect(warned[0]?.msg).toContain('ACCESS_DISCORD_ROLE_IDS');
    expect(warned[0]?.value).toBe(DISCORD_ROLE_ID);
  }, 60_000);
});

describe('strangers against a moderator holding an unlinked access role', () => {
  const dataset = generateDataset({ seed: SANDBOX_DEFAULTS.seed });
  const role = dataset.roles.find(
    (r) =>
      !r.linkedChatRoleId &&
      dataset.members.filter((m) => m.roles?.includes(r.id) && dataset.chatIdOf(m.id)).length >= 3,
  );
  let world: World;
  beforeAll(async () => {
    world = await startWorld({
      sandbox: { dataset },
      env: {
        // 100 a month: a share of 10 for access checks, 5 of them for first checks.
        API_LIMITS: '100/month,1000/1s',
        ACCESS_ROLE_IDS: role?.id ?? 'none',
        // Every check a lookup, and nothing kept by the cache's own times: as if a day had passed.
        ACCESS_MAX_AGE_SECONDS: '0',
        ACCESS_GRACE_SECONDS: '0',
        CACHE_TTL_ITEM_SECONDS: '0',
        CACHE_STALE_SECONDS: '0',
      },
    });
    linkModerator(world, dataset, role);
  }, 60_000);
  afterAll(async () => {
    await world?.close();
  });

  it('2 moderators and 3 strangers spend the first checks; the moderator let in before them still gets in', async () => {
    expect(role).toBeDefined();
    const staff = dataset.members.filter((m) => m.roles?.includes(role!.id) && dataset.chatIdOf(m.id));
    const moderators = staff
      .slice(0, 3)
      .map((m, n) =>
        world.double.user({ id: dataset.chatIdOf(m.id)!, username: `mod-${n}`, roles: ['Moderator'] }),
      );
    const help = async (user: (typeof moderators)[number]) =>
      (await world.double.slash(user, 'rollcall', { subcommand: 'help' })).response();
    world.sandbox.resetLog();
    // The third moderator is let in first (a first check), then two more moderators and 2 strangers.
    for (const moderator of [moderators[2]!, moderators[0]!, moderators[1]!])
      expect(embedOf((await help(moderator)).message).title).toBeDefined();
    const reset = Math.floor(nextMonthStart(Date.now()) / 1000);
    const strangers = [0, 1, 2].map((n) =>
      world.double.user({ username: `stranger-${n}`, roles: ['Moderator'] }),
    );
    expect((await help(strangers[0]!)).message?.content).toBe(MESSAGES.accessNotMember);
    expect((await help(strangers[1]!)).message?.content).toBe(MESSAGES.accessNotMember);
    // The 5 first checks are spent: the third stranger is told so, with the remedy.
    expect((await help(strangers[2]!)).message?.content).toBe(
      MESSAGES.accessFirstChecksSpent(reset, 'ACCESS_DISCORD_ROLE_IDS'),
    );
    expect(lookups(world)).toBe(5);
    // The moderator let in this month is re-checked from the part strangers cannot spend.
    const again = await help(moderators[2]!);
    expect(again.message?.content ?? '').not.toContain('Rollcall cannot');
    expect(embedOf(again.message).title).toBeDefined();
    expect(lookups(world)).toBe(6);
  }, 60_000);
});

describe('holders of no linked Discord role against a moderator never looked up this month', () => {
  const dataset = generateDataset({ seed: SANDBOX_DEFAULTS.seed });
  const role = dataset.roles.find(
    (r) =>
      !r.linkedChatRoleId &&
      dataset.members.filter((m) => m.roles?.includes(r.id) && dataset.chatIdOf(m.id)).length >= 3,
  );
  let world: World;
  beforeAll(async () => {
    world = await startWorld({
      sandbox: { dataset },
      env: {
        // 100 a month: a share of 10 for access checks, 5 of them for first checks.
        API_LIMITS: '100/month,1000/1s',
        ACCESS_ROLE_IDS: role?.id ?? 'none',
        // The commands shown to everyone (as for staff roles without Timeout Members).
        COMMAND_PERMISSIONS: 'none',
        ACCESS_MAX_AGE_SECONDS: '0',
        ACCESS_GRACE_SECONDS: '0',
        CACHE_TTL_ITEM_SECONDS: '0',
        CACHE_STALE_SECONDS: '0',
      },
    });
    linkModerator(world, dataset, role);
  }, 60_000);
  afterAll(async () => {
    await world?.close();
  });

  it('5 holders of an unlinked Discord role (or none) are refused with no request, then the third moderator is looked up and let in', async () => {
    expect(role).toBeDefined();
    const staff = dataset.members.filter((m) => m.roles?.includes(role!.id) && dataset.chatIdOf(m.id));
    const moderators = staff
      .slice(0, 3)
      .map((m, n) =>
        world.double.user({ id: dataset.chatIdOf(m.id)!, username: `mod-${n}`, roles: ['Moderator'] }),
      );
    const help = async (user: (typeof moderators)[number]) =>
      (await world.double.slash(user, 'rollcall', { subcommand: 'help' })).response();
    world.sandbox.resetLog();
    // Two moderators spend 2 of the 5 first checks.
    for (const moderator of [moderators[0]!, moderators[1]!])
      expect(embedOf((await help(moderator)).message).title).toBeDefined();
    expect(lookups(world)).toBe(2);
    // Five users holding only a plain Discord role no community role is linked to (one holding none):
    // a first check each, were they looked up, which would spend the 3 left.
    const before = world.sandbox.requests.length;
    const answers = [];
    for (let n = 0; n < 5; n++)
      answers.push(
        await help(world.double.user({ username: `plain-${n}`, roles: n === 4 ? [] : ['Member'] })),
      );
    expect(world.sandbox.requests.length).toBe(before);
    // The moderator never looked up this month: a first check, from the part the others left.
    const first = await help(moderators[2]!);
    expect(first.message?.content ?? '').not.toContain('Rollcall cannot');
    expect(embedOf(first.message).title).toBeDefined();
    expect(lookups(world)).toBe(3);
    for (const answer of answers) {
      expect(answer.ephemeral).toBe(true);
      expect(answer.message?.content).toBe(MESSAGES.accessNotSpender('ACCESS_DISCORD_ROLE_IDS'));
    }
    const refused = world.logLines
      .map((line) => JSON.parse(line) as { level: number; msg: string; rule?: string; letsIn?: string })
      .filter((line) => line.level === 40 && line.msg === 'access refused' && line.rule === 'unlinked-user');
    expect(refused).toHaveLength(5);
    expect(refused[0]?.letsIn).toContain('ACCESS_DISCORD_ROLE_IDS');
  }, 60_000);
});

describe('REPORTS_QUOTAS naming roles that are no community role', () => {
  const dataset = generateDataset({ seed: SANDBOX_DEFAULTS.seed });
  const real = dataset.roles[0];
  const named = dataset.roles.find((r) => r.id !== real?.id && /^[A-Za-z0-9_-]{1,64}$/.test(r.name ?? ''));
  const DISCORD_ROLE_ID = '1234567890123456789';
  let world: World;
  beforeAll(async () => {
    world = await startWorld({
      sandbox: { dataset },
      env: { REPORTS_QUOTAS: `${real?.id}=5,${DISCORD_ROLE_ID}=4,${named?.name ?? 'none'}=3` },
    });
  }, 60_000);
  afterAll(async () => {
    await world?.close();
  });

  it('/rollcall status names each with what it looks like, and the log warns once of each', async () => {
    expect(real && named).toBeTruthy();
    const status = async () =>
      embedOf(
        (await (await world.double.slash(world.mod, 'rollcall', { subcommand: 'status' })).response())
          .message,
      );
    const quotaLines = (embed: ReturnType<typeof embedOf>) =>
      (embed.fields ?? []).flatMap((f) => f.value.split('\n')).filter((l) => l.startsWith('REPORTS_QUOTAS'));
    const warned = () =>
      world.logLines
        .map((line) => JSON.parse(line) as { level: number; msg: string; setting?: string; value?: string })
        .filter((line) => line.level === 40 && line.setting === 'REPORTS_QUOTAS');
    const [line] = quotaLines(await status());
    expect(line).toBeDefined();
    expect(line).toContain(`\`${DISCORD_ROLE_ID}\` (a Discord role id: quotas take community role ids)`);
    expect(line).toContain(
      `\`${named!.name}\` (a role's name, not its id: the community role of that name is \`${named!.id}\`)`,
    );
    expect(line).not.toContain(real!.id);
    expect(
      warned()
        .map((w) => w.value)
        .sort(),
    ).toEqual([DISCORD_ROLE_ID, named!.name].sort());
    expect(warned().find((w) => w.value === DISCORD_ROLE_ID)?.msg).toContain(
      'quotas take community role ids',
    );
    // Asked again: shown again, not logged again.
    expect(quotaLines(await status())).toEqual([line]);
    expect(warned()).toHaveLength(2);
  }, 60_000);
});
