/** The review queue's words: a pending row's wait, and the digest's "Waiting for review" whole and partial. */
import { describe, expect, it } from 'vitest';
import type { Loa } from '../../generated/api.js';
import { ENGLISH, wordsFor } from '../../src/i18n/words.js';
import { loaRow, renderReviewQueue } from '../../src/render/loa.js';
import type { ReportFacts } from '../../src/render/reports.js';
import { reviewQueue } from '../../src/reports/review.js';

const H = 3600;
const D = 86_400;
const T0 = 1_790_000_000;
const source = { fetchedAt: T0 * 1000, fromCache: false, stale: false, t: ENGLISH };
const pending = (id: string, createdAt: number): Partial<Loa> => ({
  id,
  memberId: `member-${id}`,
  createdAt,
  startAt: T0 + 7 * D,
  endAt: T0 + 9 * D,
});
const whole: ReportFacts = { servedAt: T0 * 1000, complete: true };
const partial: ReportFacts = {
  servedAt: T0 * 1000,
  complete: false,
  coverage: { complete: false, pagesRead: 1, pagesTotal: 3 },
};

describe('a pending row says how long it has waited', () => {
  const asked = pending('a', T0 - 3 * D);
  it('waiting since its request, to the clock given', () => {
    expect(loaRow(asked, 'Pending review', undefined, ENGLISH, { now: T0 })).toContain(
      ENGLISH.loa.waiting(ENGLISH.f.duration(3 * D)),
    );
  });
  it('marks a wait past the threshold, not one within it', () => {
    expect(loaRow(asked, 'Pending review', undefined, ENGLISH, { now: T0, afterHours: 48 })).toContain(
      ENGLISH.loa.overdue(48),
    );
    expect(loaRow(asked, 'Pending review', undefined, ENGLISH, { now: T0, afterHours: 72 })).not.toContain(
      '⏰',
    );
  });
  it('says the wait is not known for a request dated a year ahead or with no request time, never "waiting 0"', () => {
    for (const loa of [pending('ahead', T0 + 365 * D), { ...pending('none', 0), createdAt: undefined }]) {
      const row = loaRow(loa, 'Pending review', undefined, ENGLISH, { now: T0, afterHours: 1 });
      expect(row).toContain(` · ${ENGLISH.loa.waitNotKnown} · `);
      expect(row).not.toMatch(/waiting|⏰/);
    }
  });
  it('says no wait for another state, nor without a clock', () => {
    expect(loaRow(asked, 'Approved', undefined, ENGLISH, { now: T0 })).not.toContain('waiting');
    expect(loaRow(asked, 'Pending review', undefined, ENGLISH)).not.toContain('waiting');
  });
});

describe("the digest's Waiting for review", () => {
  const loas = [pending('new', T0 - 2 * H), pending('old', T0 - 4 * D), pending('mid', T0 - 2 * D)];
  const clock = { now: T0, afterHours: 24 };
  const queue = reviewQueue(loas, new Map(), T0, 24);

  it('counts them, names the oldest with its wait, and how many waited past the threshold', () => {
    const embed = renderReviewQueue(queue, clock, source, whole, 10);
    expect(embed.title).toBe('Waiting for review');
    const [first, second, ...rows] = embed.description?.split('\n') ?? [];
    expect(first).toBe(ENGLISH.loa.queueOldest('`member-old`', ENGLISH.f.duration(4 * D), false));
    expect(second).toBe(ENGLISH.loa.queueOverdue(2, 24, false));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain('member-old');
    expect(rows[2]).toContain('member-new');
    expect(embed.footer?.text).toContain(ENGLISH.loa.count(3));
  });

  it('without a threshold, no overdue line', () => {
    const embed = renderReviewQueue(reviewQueue(loas, new Map(), T0), { now: T0 }, source, whole, 10);
    expect(embed.description).not.toContain('⏰');
  });

  it('says nothing waits only from a whole snapshot', () => {
    const empty = reviewQueue([], new Map(), T0, 24);
    expect(renderReviewQueue(empty, clock, source, whole, 10).description).toBe(ENGLISH.loa.queueEmpty);
    const unread = renderReviewQueue(empty, clock, source, partial, 10).description ?? '';
    expect(unread).not.toContain(ENGLISH.loa.queueEmpty);
    expect(unread).toMatch(/^Not known yet/);
  });

  it('from a partial snapshot, its count and oldest are of what was read', () => {
    const embed = renderReviewQueue(queue, clock, source, partial, 10);
    expect(embed.description).toContain(
      ENGLISH.loa.queueOldest('`member-old`', ENGLISH.f.duration(4 * D), true),
    );
    expect(embed.description).toContain(ENGLISH.loa.queueOverdue(2, 24, true));
    expect(embed.description).toContain('Partial');
    expect(embed.footer?.text).toContain(ENGLISH.reports.soFar(ENGLISH.loa.count(3)));
  });

  it("in the digest's language", () => {
    const de = wordsFor('de');
    const embed = renderReviewQueue(queue, clock, { ...source, t: de }, whole, 10);
    expect(embed.title).toBe(de.loa.queueTitle);
    expect(embed.description).toContain(de.loa.queueOverdue(2, 24, false));
  });
});
