/**
 * The staff record's standing reads the whole community's shifts (for the rank and the quota): in
 * slices, giving the event loop back after every slice, never in one piece (at 100,000 shifts one
 * piece held the loop over 200 ms in the bench's reports-large).
 */
import { describe, expect, it } from 'vitest';
import type { Shift } from '../../generated/api.js';
import type { Slicing } from '../../src/base/slices.js';
import { scorecardOf } from '../../src/reports/scorecard.js';

const NOW = Date.UTC(2026, 5, 10, 12) / 1000;

describe('the staff record standing', () => {
  it('pauses after every slice of the community shifts', async () => {
    const shifts = Array.from({ length: 2_000 }, (_, i) => ({
      id: `s${i}`,
      memberId: `m${i % 50}`,
      createdAt: NOW - 3_600 - i,
      endedAt: NOW - 60 - i,
    })) as Shift[];
    let pauses = 0;
    const slicing: Slicing = { every: 100, pause: async () => void pauses++ };
    const card = await scorecardOf(
      'm1',
      { shifts, loas: [], members: [{ id: 'm1', roles: [] }] },
      {},
      { start: NOW - 86_400, end: NOW + 86_400 },
      NOW,
      slicing,
    );
    expect(card.shifts).toBe(40);
    // the rank's pass and the quota's pass over 2,000 shifts, 100 at a time
    expect(pauses).toBeGreaterThanOrEqual(2 * (2_000 / 100) - 2);
  });
});
