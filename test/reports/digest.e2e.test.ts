/**
 * Scheduled digests end to end in hosted mode: the real bot, the Discord double and the sandbox
 * API. An admin sets a weekly digest with /rollcall-admin reports; when it is due the scheduler
 * posts the report embeds as one channel message, without pings, each footer saying how old its
 * data is; it is not posted twice; in a channel where the bot may not send, nothing is posted and
 * the admins' settings view says why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextInstant, readDigestSettings } from '../../src/community/digest-scheduler.js';
import { MESSAGES } from '../../src/discord/replies.js';
import { ENGLISH } from '../../src/i18n/words.js';
import { tokenHash } from '../../src/store/crypto.js';
import type { Store } from '../../src/store/index.js';
import type { DoubleUser } from '../doubles/discord/double.js';
import type { World } from '../e2e/world.js';
import { type HostedWorld, lockedChannel, startHostedWorld } from './hosted-world.js';

const GUILD = '1300000000000000081';
const TOKEN = 'digest-community-token-7a8b9c';

let hosted: HostedWorld;
let world: World;
let admin: DoubleUser;

beforeAll(async () => {
  hosted = await startHostedWorld({
    guildId: GUILD,
    sandbox: { communities: { [TOKEN]: { seed: 81, label: 'digests' } } },
    token: TOKEN,
    guild: {
      channels: [{ name: 'general' }, { name: 'staff-digest' }, lockedChannel(GUILD, 'announcements')],
    },
    keyByte: 8,
  });
  ({ world, admin } = hosted);
}, 60_000);

afterAll(async () => {
  await hosted?.close();
});

const adminReports = (options: Record<string, unknown>) => hosted.adminReports(options);

/** Make the saved digest's latest instant due, as if saved long ago and never posted. */
const savedLongAgo = () => hosted.digestDueAgain();

describe('scheduled digests', () => {
  it('refuses a digest without a channel or an hour with one sentence, saving nothing', async () => {
    expect(await adminReports({ digest: 'weekly', 'digest-hour': 9 })).toBe(MESSAGES.digestNeedsChannel);
    expect(await adminReports({ digest: 'daily', 'digest-channel': 'general' })).toBe(
      MESSAGES.digestNeedsChannel,
    );
    expect(await (world.app.store() as Store).digests.get(GUILD)).toBeUndefined();
  });

  it('posts a due digest once in the chosen channel, with no pings and the data age in each footer', async () => {
    const channel = world.double.channel('staff-digest');
    const set = await adminReports({
      digest: 'weekly',
      'digest-channel': 'staff-digest',
      'digest-day': 'monday',
      'digest-hour': 9,
    });
    expect(set).toContain(
      `Digest: every Monday at 09:00 UTC in <#${channel.id}>: time on duty, quota results, on leave now.`,
    );
    // Saved just now: the latest Monday 09:00 is before that, so nothing is due yet.
    expect(await world.app.digests?.tick()).toBe(0);
    expect(world.double.channelMessages).toHaveLength(0);

    await savedLongAgo();
    const before = world.sandbox.requests.length;
    expect(await world.app.digests?.tick()).toBe(1);
    // The digest read the community's snapshot: list pages of 100, each at most once.
    const reads = world.sandbox.requests.slice(before);
    expect(reads.length).toBeGreaterThan(0);
    const pages = reads.map((r) => `${r.path}?page=${r.query.page}&limit=${r.query.limit}`);
    expect(new Set(pages).size).toBe(pages.length);
    for (const r of reads) expect(r.query.limit).toBe('100');
    const posted = world.double.channelMessages;
    expect(posted).toHaveLength(1);
    const [message] = posted;
    expect(message?.channel_id).toBe(channel.id);
    expect(message?.embeds.map((e) => e.title?.split(' · ')[0])).toEqual([
      'Time on duty',
      'Quota check',
      'On leave now',
      'Returning this week',
      'Starting this week',
      'Waiting for review',
    ]);
    for (const embed of message?.embeds ?? []) {
      // Where the data came from and its age, said once; Discord shows the time of the read after it.
      expect(embed.footer?.text).toMatch(/(^| · )(Data as of|Saved data \(.+ old\) as of)$/);
      expect(embed.timestamp).toBeDefined();
    }
    expect(message?.mentions).toEqual([]);
    expect(message?.mention_roles).toEqual([]);
    expect(message?.mention_everyone).toBe(false);
    const call = world.double.calls.find(
      (c) => c.method === 'POST' && c.path === `/channels/${channel.id}/messages`,
    );
    expect(call).toBeDefined();
    expect((call?.body as { allowed_mentions?: unknown } | undefined)?.allowed_mentions).toMatchObject({
      parse: [],
    });

    // The next minute's round (and a second process's) finds the run claimed.
    expect(await world.app.digests?.tick()).toBe(0);
    expect(world.double.channelMessages).toHaveLength(1);
    // A moderator's report right after reads the same snapshot: no request.
    const settled = world.sandbox.requests.length;
    const handle = await world.double.slash(world.mod, 'loa', { subcommand: 'active', guildId: GUILD });
    expect((await handle.response()).message?.embeds[0]?.title).toBe('On leave now');
    expect(world.sandbox.requests.length).toBe(settled);
  });

  it('a channel the bot may not send in: nothing is posted and the settings view says why', async () => {
    const channel = world.double.channel('announcements');
    const saved = await (world.app.store() as Store).digests.get(GUILD);
    // Chosen while the bot may not send there: refused in one sentence, nothing saved.
    expect(await adminReports({ 'digest-channel': 'announcements' })).toBe(
      MESSAGES.cannotPostIn(channel.id, ['Send Messages']),
    );
    expect(await (world.app.store() as Store).digests.get(GUILD)).toEqual(saved);
    // Chosen while it could, and locked since (Discord tells the bot: CHANNEL_UPDATE).
    const locked = channel.permission_overwrites ?? [];
    world.double.setChannelOverwrites(channel.id, []);
    expect(await adminReports({ 'digest-channel': 'announcements' })).toContain(MESSAGES.settingsSaved);
    world.double.setChannelOverwrites(channel.id, locked);
    await adminReports({}); // after the update, as Discord delivers events in order
    await savedLongAgo();
    expect(await world.app.digests?.tick()).toBe(0);
    expect(world.double.channelMessages).toHaveLength(1);
    const shown = await adminReports({});
    expect(shown).toContain(`Rollcall cannot post the digest in <#${channel.id}>: missing Send Messages.`);
  });

  it('a new report time zone reschedules the digest: its next instant is worked out in that zone', async () => {
    const store = world.app.store() as Store;
    /** The digest's next_at after a round, and what it should be in `zone` (around the round). */
    const afterRound = async (zone: string) => {
      const before = Date.now();
      expect(await world.app.digests?.tick()).toBe(0); // saved just now: nothing due, next instant set
      const saved = await store.digests.get(GUILD);
      const settings = readDigestSettings(saved?.settings);
      if (!settings) throw new Error('no digest saved');
      const expected = [before, Date.now()].map((t) => nextInstant(settings, zone, t));
      return { nextAt: saved?.nextAt, expected };
    };
    await adminReports({ 'digest-channel': 'staff-digest' });
    const utc = await afterRound('UTC');
    expect(utc.expected).toContain(utc.nextAt);
    await adminReports({ 'time-zone': 'America/New_York' });
    expect((await store.digests.get(GUILD))?.nextAt).toBe(0);
    const moved = await afterRound('America/New_York');
    expect(moved.expected).toContain(moved.nextAt);
    expect(moved.nextAt).not.toBe(utc.nextAt);
  });

  it('ends with "Waiting for review": how many, the oldest and its wait, and how many waited past the threshold', async () => {
    expect(await adminReports({ 'review-after-hours': 24 })).toContain(ENGLISH.admin.reviewAfter(24));
    await savedLongAgo();
    const before = world.double.channelMessages.length;
    expect(await world.app.digests?.tick()).toBe(1);
    const embeds = world.double.channelMessages.slice(before).flatMap((m) => m.embeds);
    const queue = embeds.at(-1);
    expect(queue?.title).toBe(ENGLISH.loa.queueTitle);
    const [oldest, overdue, ...rows] = queue?.description?.split('\n') ?? [];
    expect(oldest).toMatch(/^Oldest( of those read)?: .+, waiting .+\.$/);
    expect(overdue).toMatch(/^⏰ \d+( of those read)? waited longer than 24 h\.$/);
    expect(rows.filter((row) => row.includes(' · waiting ')).length).toBeGreaterThan(0);
    expect(queue?.footer?.text).toMatch(/LOAs · |shown · \/loa list status:pending for all/);
    expect(await adminReports({ 'review-after-hours': 0 })).toContain(ENGLISH.admin.reviewAfter(undefined));
  });

  it("unlinking the server deletes its digest and its community's snapshot", async () => {
    const store = world.app.store() as Store;
    expect((await store.snapshots.pageTimes(tokenHash(TOKEN))).length).toBeGreaterThan(0);
    await (
      await world.double.slash(admin, 'rollcall-admin', { subcommand: 'unlink', guildId: GUILD })
    ).response();
    expect(await store.digests.get(GUILD)).toBeUndefined();
    expect(await store.snapshots.pageTimes(tokenHash(TOKEN))).toEqual([]);
  });
});
