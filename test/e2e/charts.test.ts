/**
 * The charts in the answers (issue 39), end to end: `/shift totals`, `/quota check`, the staff record
 * (`/member view`, right-click "Staff record") and the digest carry their PNG in their embed, sent as
 * Discord takes a file (multipart `files[n]`, listed in payload_json's `attachments`) and shown at
 * `attachment://` (the double gives the embed the attachment's CDN url, as Discord does). Paging
 * replaces the picture with the page's own; REPORTS_CHARTS=false leaves it out.
 */
import { Locale } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureCharts } from '../../src/render/charts/index.js';
import { UNHURRIED } from '../charts/fixtures.js';
import type { DoubleUser, InteractionResponse } from '../doubles/discord/double.js';
import { generateDataset } from '../doubles/sandbox/index.js';
import { control, embedOf, settled, startWorld, type World } from './world.js';

configureCharts(UNHURRIED);

const WAIT = 30_000;
const STAFF = '1370000000000000001';
const clock = { now: Date.parse('2026-03-30T08:00:00Z') };
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

type Message = NonNullable<InteractionResponse['message']>;

let world: World;
let de: DoubleUser;

const titled = (start: string) => (m: Message) => (embedOf(m).title ?? '').startsWith(start);

/** The message's one chart: its embed shows the attachment, whose bytes are a PNG of that name. */
function chartOf(message: Message, name: string): Buffer {
  expect(message.attachments.map((a) => a.filename)).toEqual([name]);
  const [attachment] = message.attachments;
  expect((message.embeds[0] as { image?: { url: string } }).image?.url).toBe(attachment?.url);
  const file = world.double.attachment(attachment?.id ?? '');
  expect(file?.contentType).toBe('image/png');
  expect(file?.data.subarray(0, 4)).toEqual(PNG);
  return file?.data as Buffer;
}

async function slash(
  user: DoubleUser,
  name: string,
  subcommand: string,
  options: Record<string, unknown> = {},
) {
  return (await world.double.slash(user, name, { subcommand, options: options as never })).response({
    timeoutMs: WAIT,
  });
}

describe('charts on', () => {
  beforeAll(async () => {
    const dataset = generateDataset();
    const quotas = dataset.roles.map((r) => `${r.id}=4`).join(',');
    // The server's language is German: the digest is posted in it.
    world = await startWorld({
      sandbox: { dataset },
      env: { REPORTS_QUOTAS: quotas, DIGEST_CHANNEL_ID: STAFF, DIGEST_SCHEDULE: 'weekly monday 9' },
      double: {
        guild: {
          preferredLocale: Locale.German,
          channels: [{ name: 'general' }, { id: STAFF, name: 'staff' }],
        },
      },
      now: () => clock.now,
    });
    de = world.double.user({ username: 'moderatorin', roles: ['Moderator'], locale: Locale.German });
  }, 60_000);
  afterAll(async () => {
    await world?.close();
  });

  it('/shift totals carries its chart in English and in German; paging replaces it with the page’s', async () => {
    const en = await settled(
      world,
      await slash(world.mod, 'shift', 'totals', { period: '30-days' }),
      titled('Time on duty'),
    );
    const first = chartOf(en, 'totals-chart.png');
    const inGerman = await settled(
      world,
      await slash(de, 'shift', 'totals', { period: '30-days' }),
      titled('Dienstzeit'),
    );
    expect(chartOf(inGerman, 'totals-chart.png').equals(first)).toBe(false);

    const next = await (await world.double.click(world.mod, en, control(en, '▶'))).response();
    const page2 = await settled(world, next, (m) => /^Page 2 of/.test(embedOf(m).footer?.text ?? ''));
    expect(page2.id).toBe(en.id);
    const second = chartOf(page2, 'totals-chart.png');
    expect(second.equals(first)).toBe(false);
    expect(page2.attachments[0]?.id).not.toBe(en.attachments[0]?.id);
    // The first page's picture is gone with it, as on Discord.
    expect(world.double.attachment(en.attachments[0]?.id ?? '')).toBeUndefined();
  });

  it('/quota check carries its chart, in both languages', async () => {
    const en = await settled(
      world,
      await slash(world.mod, 'quota', 'check', { period: '30-days' }),
      titled('Quota check'),
    );
    const inGerman = await settled(
      world,
      await slash(de, 'quota', 'check', { period: '30-days' }),
      titled('Quotenprüfung'),
    );
    expect(chartOf(inGerman, 'quota-chart.png').equals(chartOf(en, 'quota-chart.png'))).toBe(false);
  });

  it('the staff record carries its chart, by /member view and by right-click, in both languages', async () => {
    const ds = world.sandbox.dataset;
    const target = world.double.user({ id: ds.samples.busyChatIds[0] as string, username: 'busy' });
    const bySlash = await settled(
      world,
      await slash(world.mod, 'member', 'view', { user: target }),
      titled('Member'),
    );
    const en = chartOf(bySlash, 'member-chart.png');
    const byMenu = await settled(
      world,
      await (await world.double.userCommand(de, 'Staff record', target)).response(),
      () => true,
    );
    expect(chartOf(byMenu, 'member-chart.png').equals(en)).toBe(false);
  });

  it('the digest carries its chart in its first embed, in the server’s language', async () => {
    await world.app.digests?.tick();
    clock.now = Date.parse('2026-03-30T09:00:00Z');
    expect(await world.app.digests?.tick()).toBe(1);
    const [posted] = world.double.channelMessages.filter((m) => m.channel_id === STAFF);
    expect(posted?.embeds[0]?.title).toMatch(/^Dienstzeit/);
    chartOf(posted as Message, 'digest-chart.png');
  });
});

describe('the digest in English', () => {
  const at = { now: Date.parse('2026-03-30T08:00:00Z') };
  beforeAll(async () => {
    const dataset = generateDataset();
    world = await startWorld({
      sandbox: { dataset },
      env: { DIGEST_CHANNEL_ID: STAFF, DIGEST_SCHEDULE: 'weekly monday 9' },
      double: {
        guild: {
          preferredLocale: Locale.EnglishUS,
          channels: [{ name: 'general' }, { id: STAFF, name: 'staff' }],
        },
      },
      now: () => at.now,
    });
  }, 60_000);
  afterAll(async () => {
    await world?.close();
  });

  it('carries its chart in its first embed, in English', async () => {
    await world.app.digests?.tick();
    at.now = Date.parse('2026-03-30T09:00:00Z');
    expect(await world.app.digests?.tick()).toBe(1);
    const posted = world.double.channelMessages.filter((m) => m.channel_id === STAFF);
    expect(posted[0]?.embeds[0]?.title).toMatch(/^Time on duty/);
    chartOf(posted[0] as Message, 'digest-chart.png');
    // One picture, in the first message only.
    expect(posted.slice(1).flatMap((m) => m.attachments)).toEqual([]);
  });
});

describe('charts off', () => {
  beforeAll(async () => {
    world = await startWorld({ env: { REPORTS_CHARTS: 'false' } });
  }, 60_000);
  afterAll(async () => {
    await world?.close();
  });

  it('REPORTS_CHARTS=false: the answers come with their text alone, and no line about it', async () => {
    const totals = await settled(
      world,
      await slash(world.mod, 'shift', 'totals', { period: '30-days' }),
      titled('Time on duty'),
    );
    expect(totals.attachments).toEqual([]);
    expect((totals.embeds[0] as { image?: unknown }).image).toBeUndefined();
    expect(embedOf(totals).description).not.toMatch(/chart/i);
  });
});
