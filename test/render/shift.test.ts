import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { Shift } from '../../generated/api.js';
import type { Source } from '../../src/api/pages.js';
import { ENGLISH } from '../../src/i18n/words.js';
import {
  renderShift,
  renderShiftList,
  shiftRow,
  shiftState,
  shiftTiming,
  summariseBreaks,
} from '../../src/render/shift.js';
import { readBreak } from '../../src/reports/time.js';
import {
  anyValue,
  idLike,
  maybe,
  nastyString,
  nastyTimestamp,
  openEntries,
  PROPS,
  pageInfoArb,
  record,
  snowflake,
  sourceArb,
} from './arbitraries.js';
import {
  assertEmbedWithinLimits,
  assertNoPings,
  assertShownFields,
  pingProblems,
  snowflakesIn,
} from './limits.js';

const T = 1_700_000_000;
const NOW = (T + 4 * 3600) * 1000;
const source = (fetchedAt = NOW): Source => ({ fetchedAt, fromCache: false, stale: false });

const breakArb = fc.oneof(
  fc.record({ startedAt: nastyTimestamp, endedAt: nastyTimestamp }, { requiredKeys: [] }),
  fc
    .tuple(fc.integer({ min: T - 3600, max: T + 3600 }), fc.integer({ min: 0, max: 7200 }))
    .map(([start, len]) => ({ start, end: start + len })),
  fc.tuple(nastyTimestamp, nastyTimestamp),
  anyValue,
);

const shiftArb = record({
  id: maybe(idLike),
  serverId: maybe(idLike),
  memberId: maybe(idLike),
  type: maybe(nastyString),
  wave: maybe(fc.oneof(fc.integer({ min: 0, max: 10 }), nastyTimestamp)),
  autoEnd: maybe(fc.boolean()),
  breakTimestamps: fc.oneof(fc.array(breakArb, { maxLength: 8 }), openEntries),
  createdAt: maybe(fc.oneof(fc.integer({ min: T - 86_400, max: T }), nastyTimestamp)),
  endedAt: maybe(fc.oneof(fc.constant(0), fc.integer({ min: T, max: T + 86_400 }), nastyTimestamp)),
  endedBy: maybe(fc.oneof(snowflake, idLike)),
}).map((s) => s as unknown as Shift);

const DETAIL_FIELDS = [
  'Member',
  'Type',
  'Wave',
  'Auto end',
  'Started',
  'Ended',
  'Ended by',
  'Length',
  'Breaks',
  'Net time on duty',
  'Break entries',
];

describe('shift renderers (properties)', () => {
  it('a list row is one bounded line that shows no mention', () => {
    fc.assert(
      fc.property(shiftArb, sourceArb, (shift, src) => {
        const row = shiftRow(shift, src.fetchedAt, undefined, ENGLISH);
        expect(row).not.toContain('\n');
        expect(Array.from(row).length).toBeLessThanOrEqual(400);
        expect(pingProblems('row', row, new Set())).toEqual([]);
      }),
      PROPS,
    );
  });

  it('a list page fits Discord and shows no mention', () => {
    fc.assert(
      fc.property(fc.array(shiftArb, { maxLength: 10 }), pageInfoArb, sourceArb, (items, info, src) => {
        const embed = renderShiftList(items, info, { ...src, t: ENGLISH });
        assertEmbedWithinLimits(embed);
        assertNoPings(embed);
      }),
      PROPS,
    );
  });

  it('a detail fits Discord, shows every field with a value and mentions only endedBy', () => {
    fc.assert(
      fc.property(shiftArb, sourceArb, (shift, src) => {
        const embed = renderShift(shift, { ...src, t: ENGLISH });
        assertEmbedWithinLimits(embed);
        assertNoPings(embed, snowflakesIn(shift, ['endedBy']));
        assertShownFields(embed, DETAIL_FIELDS);
      }),
      PROPS,
    );
  });

  it('times are never negative and breaks never exceed the shift', () => {
    fc.assert(
      fc.property(shiftArb, sourceArb, (shift, src) => {
        const t = shiftTiming(shift, src.fetchedAt);
        expect(t.breaks.readable).toBeLessThanOrEqual(t.breaks.count);
        if (t.length !== undefined) {
          expect(t.length).toBeGreaterThanOrEqual(0);
          expect(t.breaks.seconds).toBeLessThanOrEqual(t.length);
          expect(t.net).toBe(t.length - t.breaks.seconds);
        } else {
          expect(t.net).toBeUndefined();
        }
      }),
      PROPS,
    );
  });
});

describe('shift state', () => {
  it('is active when endedAt is 0 or absent, ended when it is a timestamp', () => {
    const start = T - 3_600;
    expect(shiftState({ createdAt: start, endedAt: 0 })).toBe('Active');
    expect(shiftState({ createdAt: start })).toBe('Active');
    expect(shiftState({ createdAt: start, endedAt: null } as unknown as Shift)).toBe('Active');
    expect(shiftState({ createdAt: start, endedAt: T })).toBe('Ended');
    expect(shiftState({ createdAt: start, endedAt: -5 })).toBe('Unknown');
    expect(shiftState({ createdAt: start, endedAt: 1.5 })).toBe('Unknown');
    expect(shiftState({ createdAt: start, endedAt: 'soon' } as unknown as Shift)).toBe('Unknown');
  });

  it('is unknown, not active, when it has no end and its start is no date (as /shift active leaves it out)', () => {
    for (const createdAt of [0, undefined, -5, 2 ** 53 - 1, 'noon'])
      expect(shiftState({ createdAt, endedAt: 0 } as unknown as Shift)).toBe('Unknown');
    // An end that is a date says the shift ended, whatever its start.
    expect(shiftState({ createdAt: 0, endedAt: T })).toBe('Ended');
  });
});

describe('breaks', () => {
  it('reads the usual key spellings and [start, end] pairs', () => {
    expect(readBreak({ startedAt: T, endedAt: T + 60 })).toEqual({ start: T, end: T + 60 });
    expect(readBreak({ start: T, end: T + 60 })).toEqual({ start: T, end: T + 60 });
    expect(readBreak({ startAt: T, endAt: T + 60 })).toEqual({ start: T, end: T + 60 });
    expect(readBreak({ breakStart: T, breakEnd: T + 60 })).toEqual({ start: T, end: T + 60 });
    expect(readBreak({ start_time: T, end_time: T + 60 })).toEqual({ start: T, end: T + 60 });
    expect(readBreak({ started_at: T, resumed_at: T + 60 })).toEqual({ start: T, end: T + 60 });
    expect(readBreak([T, T + 60])).toEqual({ start: T, end: T + 60 });
    expect(readBreak({ ended: true, end: T + 60, start: T })).toEqual({ start: T, end: T + 60 });
  });

  it('treats a missing or zero end as a running break', () => {
    expect(readBreak({ startedAt: T, endedAt: 0 })).toEqual({ start: T });
    expect(readBreak({ startedAt: T })).toEqual({ start: T });
    expect(readBreak([T])).toEqual({ start: T });
  });

  it('refuses what it cannot read', () => {
    expect(readBreak({ foo: T })).toBeUndefined();
    expect(readBreak({ startedAt: 0, endedAt: T })).toBeUndefined();
    expect(readBreak({ startedAt: T, endedAt: T - 1 })).toBeUndefined();
    expect(readBreak({ startedAt: T, endedAt: 'later' })).toBeUndefined();
    expect(readBreak({ startedAt: String(T) })).toBeUndefined();
    expect(readBreak(T)).toBeUndefined();
    expect(readBreak([T, T + 1, T + 2])).toBeUndefined();
  });

  it('adds breaks once each, clipped to the shift, and runs open ones to its end', () => {
    const breaks = [
      { startedAt: T + 100, endedAt: T + 200 },
      { startedAt: T + 150, endedAt: T + 300 }, // overlaps the first: 100..300 counts 200
      { startedAt: T - 50, endedAt: T + 10 }, // starts before the shift: counts 10
      { startedAt: T + 900 }, // still running: until the shift end at T + 1000
    ];
    expect(summariseBreaks(breaks, T, T + 1000)).toEqual({ count: 4, readable: 4, seconds: 310, open: true });
    expect(summariseBreaks(breaks, T, undefined).seconds).toBe(210);
    expect(summariseBreaks('nonsense', T, T + 1)).toEqual({ count: 0, readable: 0, seconds: 0, open: false });
    expect(summariseBreaks([{ x: 1 }, { start: T, end: T + 5 }], T, T + 10)).toEqual({
      count: 2,
      readable: 1,
      seconds: 5,
      open: false,
    });
  });
});

describe('shift timing', () => {
  it('measures an ended shift from createdAt to endedAt, less its breaks', () => {
    const t = shiftTiming(
      { createdAt: T, endedAt: T + 7200, breakTimestamps: [{ startedAt: T + 600, endedAt: T + 1200 }] },
      NOW,
    );
    expect(t).toEqual({
      state: 'Ended',
      length: 7200,
      breaks: { count: 1, readable: 1, seconds: 600, open: false },
      net: 6600,
      netExact: true,
    });
  });

  it('measures an active shift up to the data time, with a break in progress', () => {
    const nowS = NOW / 1000;
    const t = shiftTiming({ createdAt: T, endedAt: 0, breakTimestamps: [{ startedAt: nowS - 300 }] }, NOW);
    expect(t.state).toBe('Active');
    expect(t.length).toBe(nowS - T);
    expect(t.breaks.seconds).toBe(300);
    expect(t.breaks.open).toBe(true);
    expect(t.net).toBe(nowS - T - 300);
  });

  it('has no length without a start, or when the data time is before the start', () => {
    expect(shiftTiming({ endedAt: T }, NOW).length).toBeUndefined();
    expect(shiftTiming({ createdAt: T, endedAt: 0 }, (T - 10) * 1000).length).toBeUndefined();
    expect(shiftTiming({ createdAt: T, endedAt: T - 10 }, NOW).length).toBeUndefined();
  });

  it('marks net time as an upper bound when some breaks are unreadable', () => {
    const t = shiftTiming({ createdAt: T, endedAt: T + 3600, breakTimestamps: [{ what: 'lunch' }] }, NOW);
    expect(t.netExact).toBe(false);
    expect(t.net).toBe(3600);
  });
});

describe('shift detail', () => {
  const value = (shift: Partial<Shift>, name: string, src = source()) =>
    renderShift(shift as Shift, { ...src, t: ENGLISH }).fields?.find((f) => f.name === name)?.value;

  it('shows an active shift with its running length and current break', () => {
    const nowS = NOW / 1000;
    const shift = {
      id: 's1',
      serverId: 'srv',
      memberId: 'm_1',
      type: 'patrol',
      wave: 2,
      autoEnd: false,
      createdAt: nowS - 7200,
      endedAt: 0,
      endedBy: '',
      breakTimestamps: [{ startedAt: nowS - 600, endedAt: 0 }],
    };
    const embed = renderShift(shift as Shift, { ...source(), t: ENGLISH });
    expect(embed.title).toBe('🟢 Shift s1 · Active');
    expect(value(shift, 'Member')).toBe('`m_1`');
    expect(value(shift, 'Type')).toBe('patrol');
    expect(value(shift, 'Wave')).toBe('2');
    expect(value(shift, 'Auto end')).toBe('No');
    expect(value(shift, 'Started')).toBe(`<t:${nowS - 7200}:f> (<t:${nowS - 7200}:R>)`);
    expect(value(shift, 'Ended')).toBe('Still on duty');
    expect(value(shift, 'Ended by')).toBeUndefined();
    expect(value(shift, 'Length')).toBe('2h so far');
    expect(value(shift, 'Breaks')).toBe('1 break · 10m · on break now');
    expect(value(shift, 'Net time on duty')).toBe('1h 50m');
    expect(value(shift, 'Break entries')).toContain('1 entry');
  });

  it('shows an ended shift, and unreadable breaks as such', () => {
    const shift = {
      id: 's2',
      memberId: 'm',
      createdAt: T,
      endedAt: T + 5400,
      endedBy: '223456789012345678',
      breakTimestamps: [{ startedAt: T + 60, endedAt: T + 660 }, { note: 'coffee' }],
    };
    expect(value(shift, 'Ended')).toBe(`<t:${T + 5400}:f> (<t:${T + 5400}:R>)`);
    expect(value(shift, 'Ended by')).toBe('<@223456789012345678>');
    expect(value(shift, 'Length')).toBe('1h 30m');
    expect(value(shift, 'Breaks')).toBe('2 breaks · 10m · 1 unreadable');
    expect(value(shift, 'Net time on duty')).toBe('at most 1h 20m');
    // No break: nothing to say, the field is left out (as is the list of break entries).
    expect(value({ ...shift, breakTimestamps: [] }, 'Breaks')).toBeUndefined();
    expect(value({ ...shift, breakTimestamps: [] }, 'Break entries')).toBeUndefined();
    expect(value({ ...shift, breakTimestamps: [{ a: 1 }] }, 'Breaks')).toBe('1 break (times unreadable)');
  });

  it('does not read the clock: the same data renders the same way whatever the time is', () => {
    const shift = { id: 's', memberId: 'm', createdAt: T, endedAt: 0 } as Shift;
    // The system clock is moved by days between the two renders: a renderer that read it (rather
    // than the source's fetchedAt) would show a running shift's length differently.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(NOW);
      const first = renderShift(shift, { ...source(), t: ENGLISH });
      vi.setSystemTime(NOW + 5 * 86_400_000);
      expect(renderShift(shift, { ...source(), t: ENGLISH })).toEqual(first);
    } finally {
      vi.useRealTimers();
    }
    expect(value(shift, 'Length', source((T + 60) * 1000))).toBe('1m so far');
  });
});
