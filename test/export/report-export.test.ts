/**
 * "Export CSV" of a report: every row comes from the report's first fetch (its view's `everyRow`),
 * so a report over a large snapshot is computed once, not once per page of 100 (and twice for each
 * page while the export counts what is saved). The real `/quota check` and `/quota inactive` views,
 * their snapshot given; `/quota inactive` on a snapshot not read whole exports nothing and says why.
 */
import { describe, expect, it } from 'vitest';
import { quotaCheckView, quotaInactiveView } from '../../commands/quota.js';
import type { Community } from '../../src/discord/community.js';
import { exportList } from '../../src/discord/paging/export.js';
import type { ShowContext } from '../../src/discord/paging/views.js';
import { UserError } from '../../src/discord/replies.js';
import { ENGLISH, wordsFor } from '../../src/i18n/words.js';
import type { ReportData, ReportSource } from '../../src/reports/source.js';

const H = 3600;

describe('export of a report', () => {
  it('computes the report once and writes all of its rows', async () => {
    const now = Date.UTC(2026, 10, 20) / 1000;
    const members = Array.from({ length: 250 }, (_, i) => ({ id: `m${i}`, roles: ['r1'], serverId: 'x' }));
    const shifts = members.map((m, i) => ({
      id: `s${i}`,
      memberId: m.id,
      serverId: 'x',
      createdAt: now - 2 * 24 * H,
      endedAt: now - 2 * 24 * H + (i % 7) * H,
    }));
    let reads = 0;
    const reports: ReportSource = {
      async data(): Promise<ReportData> {
        reads++;
        return {
          shifts,
          loas: [],
          members,
          roles: [{ id: 'r1', name: 'Staff', serverId: 'x' }],
          source: { fetchedAt: now * 1000, fromCache: true, stale: false },
          servedAt: now * 1000,
          complete: true,
          requests: 0,
        } as unknown as ReportData;
      },
      settings: async () => ({ timeZone: 'UTC', weekStart: 'monday', quotas: { r1: 3 } }),
    };
    const ctx = {
      community: { reports, allowance: { holdMonth: async () => ({ ok: true }) } } as unknown as Community,
      views: {},
      owner: 'u',
      t: ENGLISH,
    } as unknown as ShowContext;
    const payload = await exportList(quotaCheckView, '30-days', ctx);
    expect(reads).toBe(1);
    const file = payload.files?.[0]?.attachment as Buffer;
    const lines = file.toString('utf8').trim().split('\r\n');
    expect(lines).toHaveLength(1 + 250);
    expect(
      lines.filter((l) => l.includes(',pass,')).length + lines.filter((l) => l.includes(',fail,')).length,
    ).toBe(250);
  });
});

describe('export of /quota inactive', () => {
  const now = Date.UTC(2026, 10, 20) / 1000;
  const members = Array.from({ length: 250 }, (_, i) => ({ id: `m${i}`, roles: ['r1'], serverId: 'x' }));
  // Every other member's last shift was 40 days ago; the rest had one yesterday.
  const shifts = members.map((m, i) => ({
    id: `s${i}`,
    memberId: m.id,
    serverId: 'x',
    createdAt: now - (i % 2 === 0 ? 40 : 1) * 24 * H,
    endedAt: now - (i % 2 === 0 ? 40 : 1) * 24 * H + H,
  }));

  /** The export's context over a snapshot read this far (pages of the shifts), counting its reads. */
  function exporting(shiftPages: { read: number; total: number | undefined }) {
    const whole = { read: 3, total: 3 };
    const counted = { reads: 0 };
    const reports: ReportSource = {
      async data(): Promise<ReportData> {
        counted.reads++;
        return {
          shifts,
          loas: [],
          members,
          roles: [{ id: 'r1', name: 'Staff', serverId: 'x' }],
          source: { fetchedAt: now * 1000, fromCache: true, stale: false },
          servedAt: now * 1000,
          complete: shiftPages.read === shiftPages.total,
          pages: { shifts: shiftPages, loas: whole, members: whole, roles: whole },
          requests: 0,
        } as unknown as ReportData;
      },
      settings: async () => ({ timeZone: 'UTC', weekStart: 'monday', quotas: {} }),
    };
    const ctx = {
      community: { reports, allowance: { holdMonth: async () => ({ ok: true }) } } as unknown as Community,
      views: {},
      owner: 'u',
      t: ENGLISH,
    } as unknown as ShowContext;
    return { ctx, counted };
  }

  it('on a snapshot read whole: the report computed once, every idle member a row', async () => {
    const { ctx, counted } = exporting({ read: 3, total: 3 });
    const payload = await exportList(quotaInactiveView, '14||0', ctx);
    expect(counted.reads).toBe(1);
    const file = payload.files?.[0]?.attachment as Buffer;
    const lines = file.toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe('member_id,last_shift_at,roles,on_leave_until,discord_user_id');
    expect(lines).toHaveLength(1 + 125);
  });

  it('on a snapshot not read whole: no file of headers only, one sentence saying how far reading is', async () => {
    for (const [pages, read, total] of [
      [{ read: 1, total: 3 }, 7, 9],
      [{ read: 0, total: undefined }, 6, undefined],
    ] as const) {
      const { ctx } = exporting(pages);
      const refused = await exportList(quotaInactiveView, '14||0', ctx).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(UserError);
      const text = (refused as UserError).text;
      expect(text(ENGLISH)).toBe(ENGLISH.sentences.inactiveExportReading(read, total, false));
      expect(text(ENGLISH)).toMatch(/^There is nothing to export yet: who went quiet needs every page/);
      expect(text(wordsFor('de'))).toMatch(/^Noch gibt es nichts zu exportieren/);
    }
  });
});
