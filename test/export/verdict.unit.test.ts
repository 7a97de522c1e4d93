/** The export's decision on spending requests for pages never read, from the limits' status. */
import { describe, expect, it } from 'vitest';
import type { LimitStatus } from '../../src/api/limits/limits.js';
import { exportVerdict } from '../../src/discord/paging/export.js';

const RESET = Date.UTC(2026, 11, 1);
const month = (points: number, used: number): LimitStatus => ({
  text: `${points}/month`,
  kind: 'month',
  points,
  used,
  left: points - used,
  resetAt: RESET,
  pace: { intervalMs: 3_600_000, nextAt: 0 },
});
const span: LimitStatus = {
  text: '30/60s',
  kind: 'span',
  points: 30,
  used: 30,
  left: 0,
  resetAt: Date.UTC(2026, 10, 23, 12, 1),
  bucket: { perBucket: 3, seconds: 7 },
};

describe('exportVerdict', () => {
  it('spends only what is left above the 20% reserve, and names the reset otherwise', () => {
    // 100 a month, 10 used: 90 left, 20 kept in reserve, 70 may go to an export.
    expect(exportVerdict(70, [month(100, 10)])).toEqual({ ok: true });
    expect(exportVerdict(71, [month(100, 10)])).toEqual({ ok: false, spare: 70, possibleAt: RESET });
    // Inside the reserve already: nothing may go.
    expect(exportVerdict(1, [month(100, 85)])).toEqual({ ok: false, spare: 0, possibleAt: RESET });
  });

  it('nothing to read is always fine, even with the month spent', () => {
    expect(exportVerdict(0, [month(100, 100)])).toEqual({ ok: true });
  });

  it('short limits are waited for, never refused; no month (a paid tier) never refuses', () => {
    expect(exportVerdict(500, [span])).toEqual({ ok: true });
    expect(exportVerdict(500, [])).toEqual({ ok: true });
  });
});
