/**
 * "Say only what was read" (issue #35, items 1 and 4): every view made from the report snapshot
 * (the staff record, /loa active, /quota check, /shift totals, the digest and its leave sections)
 * states absence only from a read that covers it, and says how far reading is otherwise; a digest
 * lists no one twice and, being a post, names the command for all instead of "Page 1 of N". A fake
 * clock throughout: the snapshot's `servedAt` is the views' now, and every date is made around it.
 */
import type { APIEmbed } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { loaActiveView, loaByStatusView } from '../../commands/loa.js';
import { quotaCheckView } from '../../commands/quota.js';
import { shiftTotalsView } from '../../commands/shift.js';
import type { Loa, Member, Shift } from '../../generated/api.js';
import type { Community } from '../../src/discord/community.js';
import type { ListView } from '../../src/discord/paging/views.js';
import { ENGLISH } from '../../src/i18n/words.js';
import { renderMember } from '../../src/render/member.js';
import { renderLeaveAhead } from '../../src/render/reminders.js';
import { coverageOf } from '../../src/reports/coverage.js';
import { type Period, periodOf } from '../../src/reports/period.js';
import { digestLeave, type LeaveAhead } from '../../src/reports/reminders.js';
import { scorecardOf } from '../../src/reports/scorecard.js';
import { DEFAULT_REPORT_SETTINGS, type ReportData } from '../../src/reports/source.js';

/** The test's clock (Unix seconds): a Friday, so "this week" holds the days before it. */
const NOW = 1_800_000_000;
const H = 3600;
const D = 86_400;
const whole = (n: number) => ({ read: n, total: n });
const PARTIAL = { read: 3, total: 87 };
/** When the pace allows the next read: in ten minutes. */
const NEXT = (NOW + 600) * 1000;

function data(over: Partial<ReportData>, partial: boolean): ReportData {
  const list = partial ? PARTIAL : whole(1);
  return {
    shifts: [],
    loas: [],
    members: [],
    roles: [],
    source: { fetchedAt: NOW * 1000, fromCache: true, stale: false },
    servedAt: NOW * 1000,
    complete: !partial,
    pages: { shifts: list, loas: list, members: list, roles: whole(1) },
    ...(partial ? { nextReadAt: NEXT } : {}),
    requests: 0,
    ...over,
  };
}

const community = (d: ReportData, quotas: Record<string, number> = {}) =>
  ({
    reports: {
      data: async () => d,
      settings: async () => ({ ...DEFAULT_REPORT_SETTINGS, quotas }),
    },
  }) as unknown as Community;

/** A report view as a moderator sees it: fetched from the snapshot, its first page rendered. */
async function shown<T>(view: ListView<T>, c: Community, arg: string): Promise<APIEmbed> {
  const page = await view.fetch(c, arg, { page: 1, limit: 10 }, { purpose: 'ask' });
  const rows = (page.data.data ?? []) as T[];
  const total = page.data.total ?? rows.length;
  const info = { page: 1, totalPages: Math.max(1, Math.ceil(total / 10)), total };
  return view.render({ items: rows, info, source: { ...page, t: ENGLISH }, arg, context: undefined });
}

const text = (e: APIEmbed) =>
  [e.title, e.description, ...(e.fields ?? []).map((f) => `${f.name}: ${f.value}`), e.footer?.text].join(
    '\n',
  );

/** What every partial answer says: how far reading is, and when to ask again. */
const READ_SO_FAR = /Rollcall has read \d+ of \d+ pages so far .*: ask again after <t:1800000600:R>\./;

const loa = (id: string, memberId: string, start: number, end: number | undefined): Loa =>
  ({
    id,
    memberId,
    startAt: start,
    ...(end === undefined ? {} : { endAt: end }),
    reviewedAt: start - 2 * D,
    startedAt: start <= NOW ? start : undefined,
  }) as Loa;

describe('/loa active', () => {
  it('on a partial read states nobody absent and says how far reading is', async () => {
    const embed = await shown(loaActiveView, community(data({}, true)), '');
    expect(text(embed)).not.toMatch(/Nobody is on leave/);
    expect(text(embed)).not.toMatch(/\b0 LOAs\b/);
    expect(embed.description).toMatch(/^Not known yet: /);
    expect(embed.description).toMatch(READ_SO_FAR);
  });

  it('on a partial read shows the leave read so far, marked partial, with its total "so far"', async () => {
    const d = data({ loas: [loa('l1', 'm1', NOW - D, NOW + 3 * D)] }, true);
    const embed = await shown(loaActiveView, community(d), '');
    expect(embed.description).toMatch(/^⚠️ Partial: more may be on pages not read yet\./);
    expect(embed.description).toContain('m1');
    expect(embed.footer?.text).toContain('1 LOA so far');
  });

  it('on a complete read says nobody is on leave', async () => {
    const embed = await shown(loaActiveView, community(data({}, false)), '');
    expect(embed.description).toBe('Nobody is on leave now.');
    expect(text(embed)).not.toMatch(/Partial|so far/);
  });
});

describe('/loa list status: (from the snapshot)', () => {
  it('on a partial read says nothing of "no LOAs found"', async () => {
    const embed = await shown(loaByStatusView, community(data({}, true)), 'active');
    expect(text(embed)).not.toMatch(/No leaves of absence found/);
    expect(embed.description).toMatch(READ_SO_FAR);
  });

  it('on a complete read says none was found', async () => {
    const embed = await shown(loaByStatusView, community(data({}, false)), 'active');
    expect(embed.description).toBe('No leaves of absence found.');
  });
});

describe('/quota check', () => {
  const members = [{ id: 'm1', roles: ['staff'] }] as Member[];
  const quotas = { staff: 5 };

  it('on a partial read never says no member holds a quota role', async () => {
    const embed = await shown(quotaCheckView, community(data({}, true), quotas), 'this-week');
    expect(text(embed)).not.toMatch(/No member holds|REPORTS_QUOTAS|0 pass/);
    expect(embed.description).toMatch(READ_SO_FAR);
  });

  it('on a partial read a member short of their quota has "not met so far", not "fail"', async () => {
    const embed = await shown(quotaCheckView, community(data({ members }, true), quotas), 'this-week');
    expect(embed.description).toContain('❔ not met so far');
    expect(embed.description).not.toContain('❌ fail');
    expect(embed.description).toMatch(/^0 pass · 1 not met so far · 0 on leave/);
  });

  it('on a complete read says no member holds a role with a quota, and a short member fails', async () => {
    const none = await shown(quotaCheckView, community(data({}, false), quotas), 'this-week');
    expect(none.description).toContain('No member holds a role with a quota');
    const one = await shown(quotaCheckView, community(data({ members }, false), quotas), 'this-week');
    expect(one.description).toContain('❌ fail');
  });
});

describe('/shift totals', () => {
  const arg = 'this-week||';

  it('on a partial read never says "No shifts in this period"', async () => {
    const embed = await shown(shiftTotalsView, community(data({}, true)), arg);
    expect(text(embed)).not.toMatch(/No shifts/);
    expect(embed.description).toMatch(READ_SO_FAR);
  });

  it('on a complete read says there are no shifts', async () => {
    const embed = await shown(shiftTotalsView, community(data({}, false)), arg);
    expect(embed.description).toBe('No shifts in this period.');
  });
});

describe('the staff record', () => {
  const member = { id: 'm1', serverId: 's1', roles: ['staff'], createdAt: NOW - 90 * D } as Member;
  const week: Period = periodOf('this-week', NOW, DEFAULT_REPORT_SETTINGS);
  /** Ten shifts of 50 minutes this week (8h 20m), and a leave now. */
  const shifts = Array.from({ length: 10 }, (_, i) => ({
    id: `s${i}`,
    memberId: 'm1',
    createdAt: NOW - (i + 1) * H,
    endedAt: NOW - (i + 1) * H + 50 * 60,
  })) as Shift[];

  async function record(d: ReportData): Promise<APIEmbed> {
    const card = await scorecardOf('m1', d, { staff: 10 }, week, NOW);
    const standing = {
      card,
      period: 'This week',
      ageMs: 0,
      coverage: coverageOf(d, ['shifts', 'loas', 'members']),
    };
    const source = { fetchedAt: NOW * 1000, fromCache: false, stale: false };
    return renderMember(member, { ...source, t: ENGLISH }, new Map(), standing);
  }

  it('on a partial read with their shifts not read yet says nothing of "no time", no leave, no quota', async () => {
    const embed = await record(data({}, true));
    const all = text(embed);
    expect(all).not.toMatch(/no time on duty|\b0 in 0 shifts|❌ not met/);
    expect(all).toContain('This week: not known yet · rank not known yet');
    expect(all).toContain('On leave: not known yet');
    expect(all).toContain('Quota: not known yet');
    expect(all).toMatch(READ_SO_FAR);
    expect(embed.footer?.text).toContain('not every page read yet');
  });

  it('on a partial read shows what was read as "at least … so far"', async () => {
    const embed = await record(
      data({ shifts, members: [member], loas: [loa('l1', 'm1', NOW - D, NOW + D)] }, true),
    );
    const all = text(embed);
    expect(all).toContain('at least 8h 20m in 10 shifts so far');
    expect(all).toContain('Quota: 🌴 exempt (on leave)');
    expect(all).toMatch(/On leave: until <t:/);
  });

  it('on a complete read states no time on duty and no leave field', async () => {
    const embed = await record(data({ members: [member] }, false));
    const all = text(embed);
    expect(all).toContain('0 in 0 shifts · no time on duty');
    expect(all).toContain('Quota: ❌ not met');
    expect(all).not.toMatch(/not known yet|so far|not every page/);
  });
});

describe('the digest', () => {
  const source = { fetchedAt: NOW * 1000, fromCache: false, stale: false };
  const facts = (partial: boolean) => {
    const coverage = coverageOf(data({}, partial), ['loas']);
    return { servedAt: NOW * 1000, complete: coverage.complete, coverage };
  };
  const ids = (rows: LeaveAhead<Loa>[]) => rows.map((r) => r.loa.memberId);

  it("lists a member's three overlapping leaves as one line, in one section", () => {
    const loas = [
      loa('a', 'm1', NOW - 3 * D, NOW + D),
      loa('b', 'm1', NOW - D, NOW + 2 * D),
      loa('c', 'm1', NOW + 2 * D, NOW + 3 * D),
      loa('d', 'm2', NOW - D, NOW + 30 * D),
      loa('e', 'm3', NOW + D, NOW + 2 * D),
    ];
    const s = digestLeave(loas, NOW, 'UTC');
    expect(ids(s.returning)).toEqual(['m1']);
    expect(s.returning[0]?.end).toBe(NOW + 3 * D);
    expect(ids(s.onLeave)).toEqual(['m2']);
    expect(ids(s.starting)).toEqual(['m3']);
  });

  it('"On leave now" names who is under "Returning this week" instead of saying nobody', () => {
    const embed = renderLeaveAhead(
      [],
      { page: 1, totalPages: 1, total: 0 },
      source,
      'onLeave',
      facts(false),
      ENGLISH,
      3,
    );
    expect(embed.description).toBe('+ 3 on leave now and back this week: see "Returning this week".');
    const none = renderLeaveAhead(
      [],
      { page: 1, totalPages: 1, total: 0 },
      source,
      'onLeave',
      facts(false),
      ENGLISH,
    );
    expect(none.description).toBe('Nobody is on leave now.');
  });

  it('a post says how many it shows and the command for all, never "Page 1 of 16"', () => {
    const rows = Array.from({ length: 10 }, (_, i) => ({
      loa: loa(`l${i}`, `m${i}`, NOW - D, NOW + 30 * D),
      start: NOW - D,
      end: NOW + 30 * D,
    }));
    const info = { page: 1, totalPages: 16, total: 156 };
    const post = { ...source, post: '/loa active' };
    const embed = renderLeaveAhead(rows, info, post, 'onLeave', facts(false), ENGLISH);
    expect(embed.footer?.text).toMatch(/^10 of 156 shown · \/loa active for all · /);
    expect(embed.footer?.text).not.toMatch(/Page \d+ of/);
    // All of it shown: its total alone.
    const few = renderLeaveAhead(
      rows.slice(0, 2),
      { page: 1, totalPages: 1, total: 2 },
      post,
      'onLeave',
      facts(false),
      ENGLISH,
    );
    expect(few.footer?.text).toMatch(/^2 LOAs · /);
  });
});

describe('the leave-ahead sections', () => {
  const source = { fetchedAt: NOW * 1000, fromCache: false, stale: false };
  const empty = { page: 1, totalPages: 1, total: 0 };
  const factsOf = (partial: boolean) => {
    const coverage = coverageOf(data({}, partial), ['loas']);
    return { servedAt: NOW * 1000, complete: coverage.complete, coverage };
  };

  it('on a partial read state no one returning and no leave starting', () => {
    for (const kind of ['returning', 'starting'] as const) {
      const embed = renderLeaveAhead([], empty, source, kind, factsOf(true), ENGLISH);
      expect(text(embed)).not.toMatch(/Nobody comes back|No leave starts|\b0 LOAs\b/);
      expect(embed.description).toMatch(READ_SO_FAR);
    }
  });

  it('on a complete read say so', () => {
    expect(renderLeaveAhead([], empty, source, 'returning', factsOf(false), ENGLISH).description).toBe(
      'Nobody comes back from leave this week.',
    );
    expect(renderLeaveAhead([], empty, source, 'starting', factsOf(false), ENGLISH).description).toBe(
      'No leave starts this week.',
    );
  });
});
