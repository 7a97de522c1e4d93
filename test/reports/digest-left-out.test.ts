/**
 * A digest says how many shifts it left out (their start or end is no date: src/reports/time.ts
 * `unreadableShifts`), as /shift totals does: the shift reports' footers count them, and so does the
 * footer of a leave section carrying the digest's chart, whose time on duty leaves them out too.
 * Through the digest's poster (the real renderers and chart thread, a channel that records what it
 * is sent); the snapshot's `servedAt` is the digest's now, and every date is made around it.
 */
import { type APIEmbed, type Client, DiscordAPIError, RESTJSONErrorCodes } from 'discord.js';
import { afterAll, describe, expect, it } from 'vitest';
import type { Shift } from '../../generated/api.js';
import { createLogger } from '../../src/base/log.js';
import { type DigestSettings, discordPoster } from '../../src/community/digest-scheduler.js';
import type { Community } from '../../src/discord/community.js';
import { closeCharts, configureCharts } from '../../src/render/charts/index.js';
import type { DigestReport } from '../../src/reports/digest.js';
import { DEFAULT_REPORT_SETTINGS, type ReportData } from '../../src/reports/source.js';
import { UNHURRIED } from '../charts/fixtures.js';
import { reportData } from './report-data.js';

configureCharts(UNHURRIED);
afterAll(closeCharts);

const NOW = 1_800_000_000;
const H = 3600;
const CHANNEL = '1300000000000000301';
const LEFT_OUT = '1 shift left out (no valid start or end)';
const shifts = [
  { id: 'ok', memberId: 'm1', createdAt: NOW - 30 * H, endedAt: NOW - 29 * H },
  { id: 'huge-end', memberId: 'm1', createdAt: NOW - 5 * H, endedAt: Number.MAX_SAFE_INTEGER },
] as Shift[];

function data(): ReportData {
  return reportData(NOW, { shifts, members: [{ id: 'm1', serverId: 's', roles: [] }] });
}

interface Sent {
  embeds: APIEmbed[];
  files?: unknown[];
}

/** Post one digest of `reports`; `refuseFiles`: Discord refuses a message with a file (no Attach Files). */
async function digest(reports: DigestReport[], charts = true, refuseFiles = false): Promise<Sent[]> {
  const sent: Sent[] = [];
  const channel = {
    isSendable: () => true,
    isDMBased: () => false,
    guild: { preferredLocale: 'en-US' },
    async send(message: Sent) {
      if (refuseFiles && (message.files ?? []).length > 0) {
        const code = RESTJSONErrorCodes.MissingPermissions;
        throw new DiscordAPIError({ code, message: 'Missing' }, code, 403, 'POST', '/messages', {});
      }
      sent.push(message);
    },
  };
  const client = { channels: { cache: new Map([[CHANNEL, channel]]) } } as unknown as Client;
  const settings = async () => ({ ...DEFAULT_REPORT_SETTINGS, charts });
  const community = { reports: { data: async () => data(), settings } } as unknown as Community;
  const poster = discordPoster(
    client,
    async () => community,
    createLogger({ level: 'silent', format: 'json' }),
  );
  const when: DigestSettings = {
    channelId: CHANNEL,
    cadence: 'daily',
    day: 'monday',
    hour: 9,
    reports,
    since: 0,
  };
  await poster.post('g', when);
  return sent;
}

const footers = (sent: Sent[]) => sent.flatMap((m) => m.embeds.map((e) => e.footer?.text ?? ''));

describe('the shifts a digest leaves out', () => {
  it("the shift reports' footers count them, once each (the chart they carry adds nothing)", async () => {
    const sent = await digest(['totals', 'quota', 'leave']);
    const said = footers(sent).map((footer) => footer.includes(LEFT_OUT));
    expect(said).toEqual([true, true, false, false, false, false]);
    expect(footers(sent)[0]?.split(LEFT_OUT)).toHaveLength(2);
    expect(sent[0]?.embeds[0]?.image?.url).toMatch(/^attachment:\/\//);
  }, 60_000);

  it('a leave digest: the section carrying the chart counts them, the others do not', async () => {
    const sent = await digest(['leave']);
    expect(sent[0]?.embeds[0]?.image?.url).toMatch(/^attachment:\/\//);
    expect(footers(sent).map((footer) => footer.includes(LEFT_OUT))).toEqual([true, false, false, false]);
  }, 60_000);

  it('without the chart (charts off, or its picture refused) a leave digest says nothing of shifts', async () => {
    for (const sent of [await digest(['leave'], false), await digest(['leave'], true, true)]) {
      expect(sent[0]?.embeds[0]?.image).toBeUndefined();
      expect(footers(sent).some((footer) => footer.includes('left out'))).toBe(false);
    }
  }, 60_000);
});
