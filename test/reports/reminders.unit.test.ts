/**
 * Leave ahead, pure: the digests' "Returning this week" and "Starting this week" and the reminders'
 * "ends tomorrow", each a span of days of the server's time zone (a DST day has 23 or 25 hours), by
 * the same leave rules as /loa active; and the reminder message, which pings nobody unless pings are on.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Loa } from '../../generated/api.js';
import { ENGLISH, wordsFor } from '../../src/i18n/words.js';
import { renderLeaveAhead, renderReminder } from '../../src/render/reminders.js';

const REMINDER_TEXT = ENGLISH.reminders;

import {
  dayStart,
  remindersDue,
  returningThisWeek,
  startingThisWeek,
  weekAhead,
} from '../../src/reports/reminders.js';

const H = 3600;
const D = 86_400;
const at = (iso: string) => Date.parse(iso) / 1000;
/** An approved (reviewed) LOA over [start, end). */
const leave = (
  id: string,
  start: number,
  end: number | undefined,
  over: Partial<Loa> = {},
): Partial<Loa> => ({
  id,
  memberId: `m-${id}`,
  startAt: start,
  ...(end === undefined ? {} : { endAt: end }),
  reviewedAt: start - 2 * D,
  ...over,
});
const ids = (rows: Array<{ loa: Partial<Loa> }>) => rows.map((r) => r.loa.id);

describe('the week ahead: today and the six days after it, in the server time zone', () => {
  it('ends at a local midnight, not 168 hours on: across the end of summer time it is 169 hours', () => {
    const now = at('2026-10-20T11:00:00Z'); // 12:00 in London (BST)
    const week = weekAhead(now, 'Europe/London');
    expect(week.end).toBe(at('2026-10-27T00:00:00Z')); // midnight GMT, after the change on the 25th
    expect(weekAhead(now, 'UTC').end).toBe(at('2026-10-27T00:00:00Z'));
    // Spring forward in New York (8 March 2026): the 7 local days from the 5th have 167 hours.
    const ny = at('2026-03-05T05:00:00Z'); // midnight EST
    expect(weekAhead(ny, 'America/New_York').end - ny).toBe(7 * 24 * H - H);
  });

  it('returning: leave ending after now and before the week ends, started or not, soonest first', () => {
    const now = at('2026-10-20T11:00:00Z');
    const loas = [
      leave('later', now - 5 * D, at('2026-10-26T23:59:59Z')), // the last second of the week
      leave('edge', now - 5 * D, at('2026-10-27T00:00:00Z')), // next week
      leave('soon', now + H, now + 2 * H), // starts and ends this week
      leave('gone', now - 5 * D, now), // ended at now
      leave('open', now - D, undefined), // no return date
      leave('pending', now - D, now + D, { reviewedAt: 0 }),
      leave('denied', now - D, now + D, { denyReason: 'no' }),
      leave('cut', now - D, now + 5 * D, { cancelledAt: now + D }), // back at the cancellation
    ];
    const rows = returningThisWeek(loas, now, 'Europe/London');
    expect(ids(rows)).toEqual(['soon', 'cut', 'later']);
    expect(rows[1]?.end).toBe(now + D);
  });

  it('starting: leave starting after now and before the week ends, open-ended too', () => {
    const now = at('2026-10-20T11:00:00Z');
    const loas = [
      leave('now', now, now + D), // started at now: on leave now, not starting
      leave('open', now + 2 * D, undefined),
      leave('last', at('2026-10-26T23:00:00Z'), at('2026-11-02T00:00:00Z')),
      leave('edge', at('2026-10-27T00:00:00Z'), at('2026-11-02T00:00:00Z')),
      leave('pending', now + D, now + 2 * D, { reviewedAt: 0 }),
      leave('withdrawn', now + D, now + 2 * D, { cancelledAt: now - H }),
    ];
    expect(ids(startingThisWeek(loas, now, 'Europe/London'))).toEqual(['open', 'last']);
  });

  it('the same instant is in one zone’s week and not in another’s', () => {
    const now = at('2026-03-10T23:30:00Z'); // the 10th in UTC, already the 11th in Tokyo
    const loas = [leave('a', now - D, at('2026-03-17T10:00:00Z'))];
    expect(ids(returningThisWeek(loas, now, 'UTC'))).toEqual([]);
    expect(ids(returningThisWeek(loas, now, 'Asia/Tokyo'))).toEqual(['a']);
  });
});

describe('reminders due: leave ending tomorrow, a day of the server time zone', () => {
  it('across spring forward (a 23-hour tomorrow) and at both its midnights', () => {
    const zone = 'America/New_York';
    const now = at('2026-03-07T17:00:00Z'); // noon EST on the 7th; the 8th has 23 hours
    const loas = [
      leave('first', now - D, at('2026-03-08T05:00:00Z')), // 00:00 EST on the 8th
      leave('last', now - D, at('2026-03-09T03:59:59Z')), // 23:59:59 EDT on the 8th
      leave('after', now - D, at('2026-03-09T04:00:00Z')), // 00:00 EDT on the 9th
      leave('today', now - D, at('2026-03-08T04:59:59Z')), // still the 7th in New York
      leave('open', now - D, undefined),
      leave('pending', now - D, at('2026-03-08T12:00:00Z'), { reviewedAt: 0 }),
      leave('noid', now - D, at('2026-03-08T12:00:00Z'), { id: '' }),
    ];
    expect(remindersDue(loas, now, zone)).toEqual([
      { loaId: 'first', memberId: 'm-first', endAt: at('2026-03-08T05:00:00Z') },
      { loaId: 'last', memberId: 'm-last', endAt: at('2026-03-09T03:59:59Z') },
    ]);
    // In UTC "tomorrow" is the 8th from 00:00Z: 'today' is due there and 'last' is not.
    expect(remindersDue(loas, now, 'UTC').map((r) => r.loaId)).toEqual(['today', 'first']);
  });

  it('a leave cut short is reminded of at its new end; one not started yet that ends tomorrow too', () => {
    const now = at('2026-06-01T10:00:00Z');
    const loas = [
      leave('cut', now - 3 * D, now + 10 * D, { cancelledAt: at('2026-06-02T09:00:00Z') }),
      leave('short', at('2026-06-01T20:00:00Z'), at('2026-06-02T08:00:00Z')),
    ];
    expect(remindersDue(loas, now, 'UTC')).toEqual([
      { loaId: 'short', memberId: 'm-short', endAt: at('2026-06-02T08:00:00Z') },
      { loaId: 'cut', memberId: 'm-cut', endAt: at('2026-06-02T09:00:00Z') },
    ]);
  });

  it('agrees with the calendar date of the end being the day after today’s (any zone, any time)', () => {
    const zones = [
      'UTC',
      'Europe/London',
      'America/New_York',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
      'Asia/Kolkata',
    ];
    /** The local calendar date, independently: Intl's parts, not luxon. */
    const dateIn = (seconds: number, zone: string) =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(seconds * 1000);
    const dayAfter = (date: string) => {
      const [y, m, d] = date.split('-').map(Number) as [number, number, number];
      return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
    };
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: at('2026-01-01T00:00:00Z'), max: at('2027-12-31T00:00:00Z') }),
        fc.integer({ min: -D, max: 3 * D }),
        (zone, now, ahead) => {
          const end = now + ahead;
          const due = remindersDue([leave('x', now - D, end)], now, zone).length === 1;
          const expected = end > now && dateIn(end, zone) === dayAfter(dateIn(now, zone));
          expect(due).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('an unknown time zone is read as UTC', () => {
    const now = at('2026-06-01T10:00:00Z');
    expect(dayStart(now, 'Not/AZone', 1)).toBe(at('2026-06-02T00:00:00Z'));
  });
});

describe('the reminder message and the sections', () => {
  const reminder = { memberId: 'member-1', endAt: at('2026-06-02T09:00:00Z') };
  const people = new Map([['member-1', '1300000000000000042']]);

  it('names a known member with a mention that pings nobody unless pings are on, then only them', () => {
    const quiet = renderReminder(reminder, people, false, ENGLISH);
    expect(quiet.content).toContain('<@1300000000000000042>');
    expect(quiet.allowedMentions).toEqual({ parse: [], users: [] });
    expect(renderReminder(reminder, people, true, ENGLISH).allowedMentions).toEqual({
      parse: [],
      users: ['1300000000000000042'],
    });
  });

  it('names an unknown member by their member id, in code, with no mention to ping', () => {
    const message = renderReminder({ ...reminder, memberId: '<@&1> @everyone' }, people, true, ENGLISH);
    expect(message.content).toContain('`<@&1> @everyone`');
    expect(message.allowedMentions).toEqual({ parse: [], users: [] });
    expect(message.content).toContain(`<t:${reminder.endAt}:`);
  });

  it('titles each section and says when it is empty', () => {
    const source = { fetchedAt: 1_780_000_000_000, fromCache: true, stale: false };
    const facts = { servedAt: 1_780_000_000_000, complete: true };
    const empty = { page: 1, totalPages: 1, total: 0 };
    const returning = renderLeaveAhead([], empty, source, 'returning', facts, ENGLISH);
    expect(returning.title).toBe(REMINDER_TEXT.returningTitle);
    expect(returning.description).toBe(REMINDER_TEXT.returningEmpty);
    const row = { loa: leave('a', 100, undefined), start: at('2026-06-02T09:00:00Z'), end: Infinity };
    const starting = renderLeaveAhead([row], { ...empty, total: 1 }, source, 'starting', facts, ENGLISH);
    expect(starting.title).toBe(REMINDER_TEXT.startingTitle);
    expect(starting.description).toContain(REMINDER_TEXT.noReturnDate);
    expect(starting.footer?.text).toMatch(/^Page 1 of 1 · 1 LOA · /);
  });

  it('says the reminder and the sections in the words it is given (German), none of the English', () => {
    const de = wordsFor('de');
    const message = renderReminder(reminder, people, false, de);
    expect(message.content).toBe(
      `🌴 Abwesenheit endet morgen: <@1300000000000000042> ist <t:${reminder.endAt}:f> (<t:${reminder.endAt}:R>) zurück.`,
    );
    const source = { fetchedAt: 1_780_000_000_000, fromCache: true, stale: false };
    const facts = { servedAt: 1_780_000_000_000, complete: true };
    const row = { loa: leave('a', 100, undefined), start: at('2026-06-02T09:00:00Z'), end: Infinity };
    const starting = renderLeaveAhead(
      [row],
      { page: 1, totalPages: 1, total: 2 },
      source,
      'starting',
      facts,
      de,
    );
    expect(starting.title).toBe('Beginn diese Woche');
    expect(starting.description).toContain('kein Rückkehrdatum');
    expect(starting.footer?.text).toMatch(/^Seite 1 von 1 · 2 LOAs · /);
    const returning = renderLeaveAhead(
      [],
      { page: 1, totalPages: 1, total: 0 },
      source,
      'returning',
      facts,
      de,
    );
    expect(returning.description).toBe('Diese Woche kehrt niemand aus einer Abwesenheit zurück.');
    const all = [
      message.content,
      starting.title,
      starting.description,
      starting.footer?.text,
      returning.title,
    ].join('\n');
    expect(all).not.toMatch(/Leave ends|back|from|no return date|Returning|Starting|Page|Data as of/);
  });
});
