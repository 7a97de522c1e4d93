import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApiStats } from '../../src/api/types.js';
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
  return Object.fromEntries((renderStatus(report).fields ?? []).map((f) => [f.name, f.value]));
}

describe('status renderer', () => {
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
    expect(f['Requests left (tightest limit)']).toBe('57');
    expect(f.Version).toBe('`0.1.0`');
    expect(f.Uptime).toBe('1d 1h');
    expect(f.Problem).toBeUndefined();
    expect(renderStatus(report).color).toBe(0x57f287);
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

  it('hitRate tolerates nonsense', () => {
    expect(hitRate({ cacheHits: Number.NaN, cacheMisses: 1 })).toBe('—');
    expect(hitRate({})).toBe('—');
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
        const embed = renderStatus(report as unknown as StatusReport);
        assertEmbedWithinLimits(embed);
        assertNoPings(embed);
      }),
      PROPS,
    );
  });
});
