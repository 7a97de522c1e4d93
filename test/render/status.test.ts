import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApiStats, LimitStatus } from '../../src/api/types.js';
import { ENGLISH } from '../../src/i18n/words.js';
import { hitRate, renderStatus, type StatusReport } from '../../src/render/status.js';
import { nastyString, numberish, PROPS } from './arbitraries.js';
import { assertEmbedWithinLimits, assertNoPings } from './limits.js';

const stats: ApiStats = {
  requests: 42,
  cacheHits: 35,
  cacheMisses: 5,
  staleServed: 1,
  coalesced: 3,
  rateLimited: 0,
  budgetRemaining: 57,
  cacheBackend: 'redis',
  cacheHealthy: true,
};

function fields(report: StatusReport): Record<string, string> {
  return Object.fromEntries((renderStatus(report, ENGLISH).fields ?? []).map((f) => [f.name, f.value]));
}

describe('status renderer', () => {
  it('says which access roles are checked free (linked) and which cost a lookup, and why', () => {
    const report: StatusReport = {
      probe: { ok: true, roundTripMs: 1 },
      stats,
      version: '0.1.0',
      uptimeSeconds: 1,
      now: 1_700_000_000_000,
      access: {
        links: [
          { id: 'r1', name: 'Staff', discordRoleId: '700000000000000011' },
          { id: 'r2', name: 'Helper', problem: 'unlinked' },
          { id: 'r3', name: '**Gone**', problem: 'gone', linkedTo: '700000000000000012' },
          { id: 'r4', name: 'Odd', problem: 'bad-id' },
        ],
      },
    };
    expect(fields(report)['Access roles']).toBe(
      [
        'Checked free (linked Discord role): Staff (Discord role `700000000000000011`)',
        'Cost a member lookup: Helper (no linked Discord role), \\*\\*Gone\\*\\* (its linked Discord role `700000000000000012` is not a role of this server (it must exist on every server Rollcall serves)), Odd (its linked Discord role is not a role id)',
        'Link these to a Discord role in the community server to check them free.',
      ].join('\n'),
    );
    assertNoPings(renderStatus(report, ENGLISH));
    const allLinked = { ...report, access: { links: report.access?.links.slice(0, 1) ?? [] } };
    expect(fields(allLinked)['Access roles']).toBe(
      'Checked free (linked Discord role): Staff (Discord role `700000000000000011`)',
    );
    expect(fields({ ...report, access: { links: [] } })['Access roles']).toBeUndefined();
  });

  it('lists each access rule with its cost, when the roles list was read and is read again, and the last refusals', () => {
    const now = Date.now();
    const s = (ms: number) => Math.floor(ms / 1000);
    const report: StatusReport = {
      probe: { ok: true, roundTripMs: 1 },
      stats,
      version: '0.1.0',
      uptimeSeconds: 1,
      now,
      rules: {
        requireMember: true,
        discordRoleIds: ['700000000000000001'],
        settingNames: { roles: 'ACCESS_ROLE_IDS', discordRoles: 'ACCESS_DISCORD_ROLE_IDS' },
      },
      access: {
        links: [{ id: '700000000000000099', name: '700000000000000099', problem: 'discord-id' }],
        list: { readAt: now - 60_000, nextReadAt: now + 3_600_000, complete: true, count: 150 },
      },
      refusals: [
        { cause: 'misconfigured', at: now - 1_000, userId: '1' },
        { cause: 'not-member', at: now - 5_000, userId: '2' },
        { cause: 'misconfigured', at: now - 9_000, userId: '3' },
      ],
    };
    const rules = fields(report)['Access rules'] ?? '';
    expect(rules).toContain('Discord roles (ACCESS_DISCORD_ROLE_IDS): `700000000000000001`: checked free');
    expect(rules).toContain('Community roles (ACCESS_ROLE_IDS):');
    expect(rules).toContain('a Discord role id, not a community role');
    expect(rules).toContain(`Roles list (150 roles) read <t:${s(now - 60_000)}:f>`);
    expect(rules).toContain(`read again at the latest <t:${s(now + 3_600_000)}:f>`);
    expect(fields(report)['Last refusals (this process)']).toBe(
      [
        `the access setting names no community role: 2 (last <t:${s(now - 1_000)}:f> (<t:${s(now - 1_000)}:R>))`,
        `no community member linked to their Discord account: 1 (last <t:${s(now - 5_000)}:f> (<t:${s(now - 5_000)}:R>))`,
      ].join('\n'),
    );
    // A roles list that could not be read: said, with when it is tried again.
    const unread: StatusReport = {
      ...report,
      access: {
        links: [{ id: 'r1', name: 'r1', problem: 'unread' }],
        unread: { retryAt: now + 600_000, reason: () => 'The community server API is not answering.' },
      },
      refusals: [],
    };
    expect(fields(unread)['Access rules']).toContain(
      `The community roles could not be read, so every access role costs a member lookup: The community server API is not answering. Tried again <t:${s(now + 600_000)}:f>`,
    );
    expect(fields(unread)['Last refusals (this process)']).toBe('None since this process started.');
    const none = {
      ...report,
      rules: { ...report.rules!, requireMember: false, discordRoleIds: [] },
      access: { links: [] },
    };
    expect(fields(none)['Access rules']).toBe('None: everyone the command permissions allow.');
  });

  it('shows reachability, round trip, cache, hit rate, requests, budget, version and uptime', () => {
    const report: StatusReport = {
      probe: { ok: true, roundTripMs: 123.4 },
      stats,
      version: '0.1.0',
      uptimeSeconds: 90_061,
      now: 1_700_000_000_000,
    };
    const f = fields(report);
    expect(f.API).toBe('🟢 Reachable');
    expect(f['Round trip']).toBe('123 ms');
    expect(f.Cache).toBe('Redis · healthy');
    expect(f['Cache hit rate']).toBe('87.5% (35 of 40 reads)');
    expect(f['API requests made']).toBe('42');
    // No reading of the limits: the API layer's last count, said as such.
    expect(f['Requests left (as last counted here)']).toBe('57');
    expect(f['Left this month']).toBeUndefined();
    expect(f.Version).toBe('`0.1.0`');
    expect(f.Uptime).toBe('1d 1h');
    expect(f.Problem).toBeUndefined();
    expect(renderStatus(report, ENGLISH).color).toBe(0x57f287);
  });

  it('names the problem when the API is not reachable', () => {
    const report: StatusReport = {
      probe: {
        ok: false,
        roundTripMs: 5_000,
        problem: 'The community server API is not answering right now.',
      },
      stats: { ...stats, cacheBackend: 'none', cacheHits: 0, cacheMisses: 0 },
      version: '0.1.0',
      uptimeSeconds: 5,
      now: 1_700_000_000_000,
    };
    const f = fields(report);
    expect(f.API).toBe('🔴 Not reachable');
    expect(f.Problem).toContain('not answering');
    expect(f.Cache).toBe('Off');
    expect(f['Cache hit rate']).toBe('— (no reads yet)');
  });

  it('says what is left this month and what is allowed now from the shared counts, never a second count beside them', () => {
    const now = Date.parse('2026-11-21T00:00:00Z');
    const reset = Date.parse('2026-12-01T00:00:00Z');
    const limits: LimitStatus[] = [
      {
        text: '1000/month',
        kind: 'month',
        points: 1000,
        used: 717,
        left: 283,
        resetAt: reset,
        pace: { intervalMs: 3 * 3_600_000, nextAt: now + 600_000 },
      },
      {
        text: '300/1h',
        kind: 'span',
        points: 300,
        used: 5,
        left: 20,
        resetAt: now + 60_000,
        bucket: { perBucket: 25, seconds: 300 },
      },
    ];
    // This process last counted 1,000 left (before any request of its own): not shown beside 283.
    const f = fields({
      probe: { ok: true, roundTripMs: 1 },
      stats: { ...stats, budgetRemaining: 1000 },
      version: '1',
      uptimeSeconds: 1,
      now,
      limits,
    });
    expect(f['Left this month']).toBe('283 of 1,000');
    expect(f['Allowed now']).toBe(
      `Up to 20 new reads; refresh of saved data: next <t:${(now + 600_000) / 1000}:f> (<t:${(now + 600_000) / 1000}:R>)`,
    );
    expect(f['API allowance (1000/month)']).toMatch(/^283 of 1,000 left this month · 717 used · resets /);
    expect(f['Request limit (300/1h)']).toMatch(/^20 of 25 left in this 5m window · 5 used · refills /);
    const text = Object.values(f).join('\n');
    expect(text.replace(/of 1,000/g, '')).not.toContain('1,000');
    expect(text).not.toContain('left now');
    expect(Object.keys(f)).not.toContain('Requests left (as last counted here)');

    const spent = fields({
      probe: { ok: true, roundTripMs: 1 },
      stats,
      version: '1',
      uptimeSeconds: 1,
      now,
      limits: [{ ...limits[0], used: 1000, left: 0, pace: { spent: true } } as LimitStatus],
    });
    expect(spent['Left this month']).toBe('0 of 1,000');
    expect(spent['Allowed now']).toBe(`Saved data only, until <t:${reset / 1000}:f> (<t:${reset / 1000}:R>)`);
  });

  it('hitRate tolerates nonsense', () => {
    expect(hitRate({ cacheHits: Number.NaN, cacheMisses: 1 }, ENGLISH)).toBe('—');
    expect(hitRate({}, ENGLISH)).toBe('—');
  });

  it('any report renders within limits and never throws (property)', () => {
    const statsArb = fc.record({
      requests: numberish,
      cacheHits: numberish,
      cacheMisses: numberish,
      staleServed: numberish,
      coalesced: numberish,
      rateLimited: numberish,
      budgetRemaining: numberish,
      cacheBackend: fc.oneof(fc.constantFrom('memory', 'redis', 'none'), nastyString),
      cacheHealthy: fc.anything(),
    });
    const reportArb = fc.record({
      probe: fc.record(
        { ok: fc.boolean(), roundTripMs: fc.double(), problem: nastyString },
        { requiredKeys: ['ok', 'roundTripMs'] },
      ),
      stats: statsArb,
      version: nastyString,
      uptimeSeconds: fc.double(),
      now: fc.oneof(fc.integer({ min: 0, max: 4_102_444_800_000 }), fc.double()),
    });
    fc.assert(
      fc.property(reportArb, (report) => {
        const embed = renderStatus(report as unknown as StatusReport, ENGLISH);
        assertEmbedWithinLimits(embed);
        assertNoPings(embed);
      }),
      PROPS,
    );
  });
});
