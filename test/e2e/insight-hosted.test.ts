/**
 * The insight views of issue 29 in hosted mode (one bot, each Discord server linked to its own
 * community), end to end through the real bot, the sandbox API and the Discord double: `/shift
 * active`, `/quota inactive`, the staff record's scorecard (`/member view`, right-click → Staff
 * record) and "Check player" (right-click a message → Apps). Two communities with different data:
 * each server sees its own community's records, never the other's. Answers are private unless
 * `public:True` (the right-click commands have no such option and stay private even where answers
 * are public by default), and Check player reads exactly one request per player, from the server's
 * own community.
 */
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/discord/replies.js';
import type { DoubleUser, InteractionResponse, PostedMessage } from '../doubles/discord/double.js';
import type { Dataset } from '../doubles/sandbox/data.js';
import { startHostedWorld } from '../hosted/world.js';
import { control, controls, embedOf, settled, type World } from './world.js';

const A = '1360000000000000001';
const B = '1360000000000000002';
const TOKEN_A = 'insight-community-a-token-7f21'; // the sandbox's tokens, not secrets
const TOKEN_B = 'insight-community-b-token-93c4';

let world: World;
let admin: DoubleUser;
let mod: DoubleUser;
let ofA: Dataset;
let ofB: Dataset;

beforeAll(async () => {
  ({ world, admin } = await startHostedWorld({
    servers: [
      { guildId: A, token: TOKEN_A, seed: 71, label: 'insight-a' },
      { guildId: B, token: TOKEN_B, seed: 72, label: 'insight-b' },
    ],
    keyByte: 11,
    // A paid tier's pace: every page of a snapshot is read at once (under a monthly allowance a report
    // reads the pages the pace allows, over several calls: test/reports/hosted.e2e.test.ts).
    env: { API_LIMITS: '1000/1s' },
  }));
  mod = world.double.user({
    username: 'insight-mod',
    roles: ['Moderator'],
    permissions: PermissionFlagsBits.ModerateMembers,
  });
  ofA = world.sandbox.datasetOf(TOKEN_A);
  ofB = world.sandbox.datasetOf(TOKEN_B);
}, 60_000);
afterAll(async () => {
  await world?.close();
});

type Message = NonNullable<InteractionResponse['message']>;

const titled = (title: string | RegExp) => (m: Message) => {
  const t = (m.embeds?.[0] as { title?: string } | undefined)?.title ?? '';
  return typeof title === 'string' ? t.startsWith(title) : title.test(t);
};

async function slash(
  guildId: string,
  name: string,
  subcommand: string,
  options: Record<string, string | number | boolean | DoubleUser> = {},
) {
  return (await world.double.slash(mod, name, { subcommand, options, guildId })).response();
}

/** The values of the "Open…" menu of a message. */
function openValues(message: Message | null | undefined): string[] {
  for (const row of (message?.components ?? []) as Array<{ components?: Array<Record<string, unknown>> }>)
    for (const c of row.components ?? [])
      if (c.type === 3 && String(c.placeholder ?? '').startsWith('Open'))
        return ((c.options ?? []) as Array<{ value: string }>).map((o) => o.value);
  return [];
}

/** The custom_id of the control whose label contains `text`. */
function labelled(message: Message | null | undefined, text: string): string {
  for (const [label, id] of controls(message)) if (label.includes(text)) return id;
  throw new Error(`no control labelled …${text}…`);
}

/** Everything a message shows, as text (ids in the Open… menu too). */
const shown = (message: Message | null | undefined) => JSON.stringify([message?.embeds, message?.components]);

const runningShiftIds = (ds: Dataset) => new Set(ds.shifts.filter((s) => !s.endedAt).map((s) => s.id));

describe('/shift active in hosted mode', () => {
  it("each server lists its own community's running shifts, privately", async () => {
    for (const [guild, mine, theirs] of [
      [A, ofA, ofB],
      [B, ofB, ofA],
    ] as const) {
      const answer = await slash(guild, 'shift', 'active');
      expect(answer.ephemeral).toBe(true);
      const message = await settled(world, answer, titled('On duty now'));
      const footer = embedOf(message).footer?.text ?? '';
      expect(footer).toContain(`${runningShiftIds(mine).size} shifts`);
      const values = openValues(message);
      expect(values.length).toBeGreaterThan(0);
      for (const value of values) {
        expect(runningShiftIds(mine).has(value), value).toBe(true);
        expect(runningShiftIds(theirs).has(value), value).toBe(false);
      }
    }
  });

  it('public:True answers in the channel', async () => {
    const answer = await slash(A, 'shift', 'active', { public: true });
    expect(answer.ephemeral).toBe(false);
    const message = await settled(world, answer, titled('On duty now'));
    expect(openValues(message).every((v) => runningShiftIds(ofA).has(v))).toBe(true);
  });
});

describe('/quota inactive in hosted mode', () => {
  /** Members of `ds` whose last shift started more than `days` days before now, or who never had one. */
  const idleIds = (ds: Dataset, days: number) => {
    const last = new Map<string, number>();
    for (const s of ds.shifts)
      if (s.memberId) last.set(s.memberId, Math.max(last.get(s.memberId) ?? 0, s.createdAt ?? 0));
    const before = Date.now() / 1000 - days * 86_400;
    return new Set(ds.members.map((m) => m.id).filter((id) => (last.get(id) ?? 0) < before));
  };

  it("each server lists its own community's idle members, privately", async () => {
    for (const [guild, mine, theirs] of [
      [A, ofA, ofB],
      [B, ofB, ofA],
    ] as const) {
      // A community of more pages than one report reads (MAX_NEW_PAGES) is read over several: until
      // then the answer lists nobody and says how far reading is.
      let message: Message | undefined;
      for (let i = 0; i < 6; i++) {
        const answer = await slash(guild, 'quota', 'inactive', { days: 30 });
        expect(answer.ephemeral).toBe(true);
        message = await settled(world, answer, titled(/inactive|idle|no shift/i));
        const embed = embedOf(message);
        if (!/not every page read yet/.test(embed.footer?.text ?? '')) break;
        expect(embed.description).toMatch(/^Who went quiet needs every page .* has read \d+/);
        expect(openValues(message)).toEqual([]);
      }
      expect(embedOf(message).footer?.text).not.toMatch(/not every page read yet/);
      const values = openValues(message);
      expect(values.length).toBeGreaterThan(0);
      const theirIds = new Set(theirs.members.map((m) => m.id));
      const candidates = idleIds(mine, 30);
      for (const value of values) {
        expect(theirIds.has(value), value).toBe(false);
        expect(mine.byId.members.has(value), value).toBe(true);
        expect(candidates.has(value), value).toBe(true);
      }
    }
  });

  it('public:True answers in the channel', async () => {
    const answer = await slash(B, 'quota', 'inactive', { days: 30, public: true });
    expect(answer.ephemeral).toBe(false);
    const message = await settled(world, answer, titled(/inactive|idle|no shift/i));
    expect(openValues(message).every((v) => ofB.byId.members.has(v))).toBe(true);
  });
});

describe('the staff record scorecard in hosted mode', () => {
  /** A staff member of `ds` with a running shift, as a Discord user. */
  const staffOf = (ds: Dataset, name: string) => {
    const memberId = ds.shifts.find((s) => !s.endedAt && s.memberId)?.memberId as string;
    return { memberId, user: world.double.user({ id: ds.chatIdOf(memberId) as string, username: name }) };
  };

  it('shows the member of its own community with the scorecard; the other server does not know them', async () => {
    for (const [guild, other, ds, name] of [
      [A, B, ofA, 'staff-a'],
      [B, A, ofB, 'staff-b'],
    ] as const) {
      const { memberId, user } = staffOf(ds, name);
      const bySlash = await slash(guild, 'member', 'view', { user });
      expect(bySlash.ephemeral).toBe(true);
      const record = await settled(world, bySlash, titled(`Member ${memberId}`));
      const fields = (embedOf(record).fields ?? []).map((f) => f.name);
      expect(
        fields.some((n) => /^This week/.test(n)),
        JSON.stringify(fields),
      ).toBe(true);
      expect(shown(record)).toContain('Shifts');
      const byMenu = await (
        await world.double.userCommand(mod, 'Staff record', user, { guildId: guild })
      ).response();
      expect(byMenu.ephemeral).toBe(true);
      expect(embedOf(await settled(world, byMenu, titled(`Member ${memberId}`))).title).toContain(memberId);
      const elsewhere = await slash(other, 'member', 'view', { user });
      expect(elsewhere.message?.content).toBe(MESSAGES.memberNotFound);
    }
  });

  it('public:True answers in the channel; the right-click stays private where answers are public by default', async () => {
    const { memberId, user } = staffOf(ofA, 'staff-a2');
    const answer = await slash(A, 'member', 'view', { user, public: true });
    expect(answer.ephemeral).toBe(false);
    expect(embedOf(await settled(world, answer, titled(`Member ${memberId}`))).title).toContain(memberId);
    await setVisibility(A, 'public');
    try {
      const byMenu = await (
        await world.double.userCommand(mod, 'Staff record', user, { guildId: A })
      ).response();
      expect(byMenu.ephemeral).toBe(true);
    } finally {
      await setVisibility(A, 'private');
    }
  });
});

async function setVisibility(guildId: string, visibility: 'public' | 'private'): Promise<void> {
  const saved = await (
    await world.double.slash(admin, 'rollcall-admin', {
      subcommand: 'settings',
      options: { visibility },
      guildId,
    })
  ).response();
  expect(saved.message?.content).toMatch(new RegExp(visibility, 'i'));
}

describe('Check player in hosted mode', () => {
  /** Requests for a player's logs under a community's token, since the log was last reset. */
  const playerReads = (label: string) =>
    world.sandbox.requests
      .filter((r) => r.token === label && r.path.includes('/logs/user/'))
      .map((r) => r.path);

  const report = (ds: Dataset, guildId: string): PostedMessage => {
    const sample = ds.samples.playerMessages.find((m) => m.names.length >= 2);
    if (!sample) throw new Error('the community has no report naming two players');
    const author = world.double.user({ id: sample.authorChatId, username: `author-${guildId.slice(-1)}` });
    return world.double.post(author, { content: sample.content, embeds: sample.embeds }, { guildId });
  };

  it("offers the names of a report from the community's channel, then reads each page of each player once, from its own community", async () => {
    for (const [guild, ds, label, otherLabel] of [
      [A, ofA, 'insight-a', 'insight-b'],
      [B, ofB, 'insight-b', 'insight-a'],
    ] as const) {
      const posted = report(ds, guild);
      const names = ds.samples.playerMessages.find((m) => m.names.length >= 2)?.names ?? [];
      world.sandbox.resetLog();
      const picked = await (
        await world.double.messageCommand(mod, 'Check player', posted, { guildId: guild })
      ).response();
      expect(picked.ephemeral).toBe(true);
      expect(openValues(picked.message)).toEqual(names);
      expect(world.sandbox.requests).toEqual([]); // the names came with the message
      for (const name of names) {
        const record = await (
          await world.double.select(mod, picked.message!, control(picked.message, 'Open…'), [name])
        ).response();
        const embed = embedOf(record.message);
        expect(embed.title?.replaceAll('\\', '')).toContain(`Player ${name}`); // markdown escapes aside
        const entries = embed.fields?.find((f) => f.name === 'Entries')?.value ?? '';
        const expected = ds.logsByUsername.get(name)?.length ?? 0;
        expect(entries, `${entries} vs ${expected}`).toBe(expected.toLocaleString('en-US'));
        // back to the names for the next one
        await (await world.double.click(mod, record.message!, labelled(record.message, 'Back'))).response();
      }
      // one request per page of each player's logs (every page: the API gives no order), all to the
      // server's own community
      const pagesOf = (n: string) => Math.ceil((ds.logsByUsername.get(n)?.length ?? 0) / 100);
      expect(playerReads(label).sort()).toEqual(
        names
          .flatMap((n) =>
            Array.from({ length: pagesOf(n) }, () => `/api/v1/server/logs/user/${encodeURIComponent(n)}`),
          )
          .sort(),
      );
      expect(playerReads(otherLabel)).toEqual([]);
    }
  });

  it('a player of the other community is not found here: one sentence', async () => {
    const name = ofB.samples.playerMessages[0]?.names[0] as string;
    expect(ofA.logsByUsername.has(name)).toBe(false);
    const posted = world.double.post(
      world.double.user({ username: 'reporter-x' }),
      { content: `Player: ${name}` },
      { guildId: A },
    );
    const picked = await (
      await world.double.messageCommand(mod, 'Check player', posted, { guildId: A })
    ).response();
    const answer = await (
      await world.double.select(mod, picked.message!, control(picked.message, 'Open…'), [name])
    ).response();
    expect(answer.message?.content).toBe(MESSAGES.noPlayerLogs);
  });

  it('stays private where answers are public by default', async () => {
    await setVisibility(B, 'public');
    try {
      const picked = await (
        await world.double.messageCommand(mod, 'Check player', report(ofB, B), { guildId: B })
      ).response();
      expect(picked.ephemeral).toBe(true);
    } finally {
      await setVisibility(B, 'private');
    }
    expect(world.double.allowedMentionsViolations()).toEqual([]);
  });
});
