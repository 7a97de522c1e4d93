/**
 * "Export CSV" of a report: every row comes from the report's first fetch (its view's `everyRow`),
 * so a report over a large snapshot is computed once, not once per page of 100 (and twice for each
 * page while the export counts what is saved). The real `/quota check` view, its snapshot given.
 */
import { describe, expect, it } from 'vitest';
import { quotaCheckView } from '../../commands/quota.js';
import type { Community } from '../../src/discord/community.js';
import { exportList } from '../../src/discord/paging/export.js';
import type { ShowContext } from '../../src/discord/paging/views.js';
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
