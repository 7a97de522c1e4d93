/** The review queue's arithmetic, around a held clock: dated data made around T0, never the real date. */
import { describe, expect, it } from 'vitest';
import type { Loa } from '../../generated/api.js';
import { readStatusCodes } from '../../src/reports/leave.js';
import { isOverdue, oldestFirst, reviewQueue, waitedSeconds } from '../../src/reports/review.js';

const H = 3600;
const D = 86_400;
const T0 = 1_790_000_000;
const loa = (id: string, over: Partial<Loa>): Partial<Loa> => ({
  id,
  memberId: `m-${id}`,
  startAt: T0 + 7 * D,
  endAt: T0 + 9 * D,
  ...over,
});

describe('review queue: how long a pending LOA has waited', () => {
  it('counts from the request to the clock; not known without a request time or with one ahead', () => {
    expect(waitedSeconds(loa('a', { createdAt: T0 - 3 * D }), T0)).toBe(3 * D);
    expect(waitedSeconds(loa('a', { createdAt: T0 }), T0)).toBe(0);
    // A request dated ahead (an hour, a year) has waited no knowable time: not 0.
    expect(waitedSeconds(loa('a', { createdAt: T0 + H }), T0)).toBeUndefined();
    expect(waitedSeconds(loa('a', { createdAt: T0 + 365 * D }), T0)).toBeUndefined();
    expect(waitedSeconds(loa('a', {}), T0)).toBeUndefined();
    expect(waitedSeconds(loa('a', { createdAt: 0 }), T0)).toBeUndefined();
  });

  it('is overdue only past the threshold, and never without one', () => {
    const asked = loa('a', { createdAt: T0 - 48 * H });
    expect(isOverdue(asked, T0, 48)).toBe(false);
    expect(isOverdue(asked, T0 + 1, 48)).toBe(true);
    expect(isOverdue(asked, T0 + D, undefined)).toBe(false);
    expect(isOverdue(loa('b', {}), T0 + D, 1)).toBe(false);
  });

  it('puts the oldest request first and those with no request time last', () => {
    const rows = [
      loa('new', { createdAt: T0 - H }),
      loa('none', {}),
      loa('old', { createdAt: T0 - 5 * D }),
      loa('mid', { createdAt: T0 - D }),
    ];
    expect(oldestFirst(rows).map((r) => r.id)).toEqual(['old', 'mid', 'new', 'none']);
  });

  it('counts only what is pending review, names the oldest and how many waited past the threshold', () => {
    const loas = [
      loa('p1', { createdAt: T0 - 4 * D }),
      loa('p2', { createdAt: T0 - 30 * H }),
      loa('p3', { createdAt: T0 - H }),
      loa('approved', { createdAt: T0 - 9 * D, reviewedAt: T0 - 8 * D }),
      loa('denied', { createdAt: T0 - 9 * D, denyReason: 'no' }),
      loa('cancelled', { createdAt: T0 - 9 * D, cancelledAt: T0 - 8 * D }),
    ];
    const queue = reviewQueue(loas, readStatusCodes(loas), T0, 24);
    expect(queue.pending.map((l) => l.id)).toEqual(['p1', 'p2', 'p3']);
    expect(queue.oldest).toEqual({ loa: loas[0], waited: 4 * D });
    expect(queue.overdue).toBe(2);
    expect(reviewQueue(loas, readStatusCodes(loas), T0).overdue).toBe(0);
    // Held a day later, the same LOAs have waited a day longer: the newest is past 24 h too.
    expect(reviewQueue(loas, readStatusCodes(loas), T0 + D, 24)).toMatchObject({
      oldest: { waited: 5 * D },
      overdue: 3,
    });
  });

  it('names as the oldest only a request whose wait is known', () => {
    const ahead = loa('ahead', { createdAt: T0 + 365 * D });
    expect(reviewQueue([ahead], new Map(), T0, 24)).toEqual({ pending: [ahead], overdue: 0 });
    const past = loa('past', { createdAt: T0 - D });
    expect(reviewQueue([ahead, past], new Map(), T0, 24).oldest).toEqual({ loa: past, waited: D });
  });

  it('an empty queue has no oldest', () => {
    expect(reviewQueue([], new Map(), T0, 24)).toEqual({ pending: [], overdue: 0 });
  });
});
