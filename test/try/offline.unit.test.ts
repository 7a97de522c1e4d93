import { describe, expect, it } from 'vitest';
import { offlineWorld } from '../../tools/try/offline.js';

describe('the world npm run try starts', () => {
  it('has its data around now: shifts running for hours, leave ending tomorrow, staff idle for weeks', () => {
    const before = Math.floor(Date.now() / 1000);
    const ds = offlineWorld().sandbox?.dataset;
    const after = Math.floor(Date.now() / 1000);
    expect(ds?.baseTime).toBeGreaterThanOrEqual(before);
    expect(ds?.baseTime).toBeLessThanOrEqual(after);
    const running = ds?.shifts.filter((s) => !s.endedAt) ?? [];
    expect(running.length).toBeGreaterThan(0);
    for (const s of running) expect(after - (s.createdAt ?? 0)).toBeLessThan(86_400);
    expect(ds?.samples.loasEndingTomorrow.length).toBeGreaterThan(0);
    expect(ds?.samples.idleStaffMemberIds.length).toBeGreaterThan(0);
  });
});
