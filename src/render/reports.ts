/**
 * Report renderers: shift totals, a member's shifts in a period, who is on leave, quota checks.
 * Pure: rows come computed (src/reports), and the report's own facts (period, when the snapshot
 * was served, whether every page of it was read) come with them, and every report's footer says how
 * old its data is (page.ts footerText). Every word is the reader's (`source.t`, English when not
 * given; a digest's are its server's): the renderers take them from the source and pass them down.
 */
import type { APIEmbed } from 'discord.js';
import type { Loa, Shift } from '../../generated/api.js';
import type { PageInfo, Source } from '../api/pages.js';
import type { Words } from '../i18n/words.js';
import type { InactiveRow, OnDutyRow, Reading } from '../reports/activity.js';
import type { Coverage } from '../reports/coverage.js';
import type { QuotaRow } from '../reports/leave.js';
import type { Period, PeriodKind } from '../reports/period.js';
import type { MemberTotal } from '../reports/time.js';
import { clampEmbed, code, LIMITS, safeLine } from './format.js';
import type { Labelled } from './labels.js';
import { mark } from './marks.js';
import { detailEmbed, type ListEmbedInput, listEmbed } from './page.js';
import { type People, person } from './people.js';

export { ageText } from './page.js';

import { shiftRow } from './shift.js';

/** What a report says about itself besides its rows. */
export interface ReportFacts {
  /** When the snapshot was served (ms): its age is servedAt − source.fetchedAt. */
  servedAt: number;
  /** False when some page of a list the report needs was not read yet. */
  complete: boolean;
  /**
   * What the read covers (src/reports/coverage.ts): while partial, the report states no absence
   * and says how far reading is. Absent where the caller does not say (then `complete` alone).
   */
  coverage?: Coverage;
  /** Shifts left out of its time: their start or end is no date (said in the footer). */
  shiftsLeftOut?: number;
}

/** The coverage of a read that is partial, or undefined when it is whole (or not said). */
export function partialOf(facts: { coverage?: Coverage | undefined } | undefined): Coverage | undefined {
  const c = facts?.coverage;
  return c && !c.complete ? c : undefined;
}

/** How far a partial read is, and when to ask again, in the reader's words. */
export function readSoFar(c: Coverage, t: Words): string {
  const next =
    c.nextReadAt !== undefined && Number.isFinite(c.nextReadAt)
      ? t.f.ago(Math.ceil(c.nextReadAt / 1000))
      : undefined;
  return t.reports.readSoFar(c.pagesRead, c.pagesTotal, next);
}

/**
 * Every report list's frame (listEmbed) over its coverage: from a partial read it states no absence
 * (no empty text, no bare total): the rows read, under a line saying more may come, the total "so
 * far", or, with no row, that it is not known yet; each with how far reading is.
 */
export function reportList(input: ListEmbedInput & { facts: ReportFacts; t: Words }): APIEmbed {
  const partial = partialOf(input.facts);
  if (!partial) return listEmbed(input);
  const { t } = input;
  const soFar = readSoFar(partial, t);
  return listEmbed({
    ...input,
    rows: input.rows.length > 0 ? [t.reports.partialRows(soFar), ...input.rows] : [],
    shown: input.shown ?? input.rows.length,
    // With no row read, no count either: "0 LOAs so far" would read as "none".
    ...(input.total !== undefined && input.total !== ''
      ? { total: input.rows.length > 0 ? t.reports.soFar(input.total) : '' }
      : {}),
    emptyText: t.reports.notKnownYet(soFar),
  });
}

/** A period's name in the reader's words. */
function periodName(kind: PeriodKind, t: Words): string {
  const names = t.reports.period;
  switch (kind) {
    case 'this-week':
      return names.thisWeek;
    case 'last-week':
      return names.lastWeek;
    case '7-days':
      return names.last7Days;
    case '30-days':
      return names.last30Days;
    case 'this-month':
      return names.thisMonth;
    case 'last-month':
      return names.lastMonth;
  }
}

/** "Last month (1 Oct 2026 – 31 Oct 2026, Europe/London)", in the reader's words and dates. */
export function periodText(period: Period, timeZone: string, t: Words): string {
  // Titles are plain text in Discord (a <t:…> timestamp is not rendered there): dates are written out
  // in the community's time zone, which the period is cut in, the reader's way.
  return t.reports.periodSpan(
    periodName(period.kind, t),
    t.f.dayIn(period.start, timeZone),
    t.f.dayIn(period.end - 1, timeZone),
    safeLine(timeZone, 64),
  );
}

export interface TotalsHeading {
  period: Period;
  timeZone: string;
  type?: string;
  wave?: number;
}

function filterText(h: TotalsHeading, t: Words): string {
  const parts: string[] = [];
  if (h.type !== undefined) parts.push(t.reports.filterType(safeLine(h.type, 40)));
  if (h.wave !== undefined) parts.push(t.reports.filterWave(h.wave));
  return parts.length > 0 ? ` · ${parts.join(', ')}` : '';
}

export function totalsRow(row: MemberTotal, rank: number, people: People | undefined, t: Words): string {
  const time = t.f.duration(row.seconds);
  const total = row.approximate ? t.reports.atMost(time) : time;
  const active = row.active > 0 ? ` · ${t.reports.onDutyNowCount(row.active)}` : '';
  return `**${t.f.count(rank)}.** ${person(row.memberId, people)} · ${total} · ${t.reports.shifts(row.shifts)} · ${t.reports.longest(t.f.duration(row.longest))}${active}`;
}

export function renderTotals(
  rows: MemberTotal[],
  info: PageInfo,
  source: Source & Labelled,
  heading: TotalsHeading,
  facts: ReportFacts,
  firstRank: number,
): APIEmbed {
  const t = source.t;
  return reportList({
    title: t.reports.totalsTitle(
      `${periodText(heading.period, heading.timeZone, t)}${filterText(heading, t)}`,
    ),
    rows: rows.map((r, i) => totalsRow(r, firstRank + i, source.people, t)),
    info,
    total: t.reports.members(info.total),
    source,
    emptyText: t.reports.noShifts,
    colour: 0x5865f2,
    facts,
    t,
  });
}

/** One member's shifts in a period: their total, then the shifts (newest first, as many as fit). */
export function renderMemberPeriod(
  memberId: string,
  total: MemberTotal | undefined,
  shifts: Shift[],
  source: Source & Labelled,
  heading: TotalsHeading,
  facts: ReportFacts,
): APIEmbed {
  const t = source.t;
  const lines = shifts.map((s) => shiftRow(s, facts.servedAt, source.people, t));
  const shown: string[] = [];
  let length = 0;
  for (const line of lines) {
    if (length + line.length + 1 > LIMITS.description - 120) break;
    shown.push(line);
    length += line.length + 1;
  }
  if (shown.length < lines.length) shown.push(t.reports.andMore(lines.length - shown.length));
  // From a partial read: what was read, then how far reading is; never "no shifts".
  const partial = partialOf(facts);
  const said = total
    ? t.reports.memberTotal(
        t.f.duration(total.seconds),
        total.shifts,
        t.f.duration(total.longest),
        total.approximate,
      )
    : partial
      ? t.reports.notKnownYet(readSoFar(partial, t))
      : t.reports.noShifts;
  const summary = `${person(memberId, source.people)}: ${said}${
    total && partial ? `\n${t.reports.partialRows(readSoFar(partial, t))}` : ''
  }`;
  return detailEmbed(
    {
      title: t.reports.memberTitle(
        safeLine(memberId, 64),
        `${periodText(heading.period, heading.timeZone, t)}${filterText(heading, t)}`,
      ),
      description: [summary, ...shown].join('\n'),
      color: 0x5865f2,
    },
    source,
    undefined,
    facts,
    t,
  );
}

type LeaveReportKind = 'active' | 'upcoming';

/** One row: who, then when they leave or come back (the LOA's own id is in its detail). */
function leaveRow(loa: Partial<Loa>, kind: LeaveReportKind, people: People | undefined, t: Words): string {
  const returns = loa.endAt ? t.f.when(loa.endAt) : t.reports.noReturnDate;
  const lead =
    kind === 'active' ? t.reports.back(returns) : t.reports.fromBack(t.f.when(loa.startAt), returns);
  return `${person(loa.memberId, people)} · ${lead}`;
}

export function renderLeave(
  items: Loa[],
  info: PageInfo,
  source: Source & Labelled,
  kind: LeaveReportKind,
  days: number,
  facts: ReportFacts,
): APIEmbed {
  const t = source.t;
  return reportList({
    title: kind === 'active' ? t.reports.onLeaveTitle : t.reports.leaveStartingTitle(days),
    rows: items.map((l) => leaveRow(l, kind, source.people, t)),
    info,
    total: t.reports.loas(info.total),
    source,
    emptyText: kind === 'active' ? t.reports.nobodyOnLeave : t.reports.noLeaveStarts,
    colour: 0x3498db,
    facts,
    t,
  });
}

function quotaMark(status: QuotaRow['status'], t: Words): string {
  if (status === 'pass') return `${mark('pass')} ${t.reports.pass}`;
  return status === 'fail' ? `${mark('fail')} ${t.reports.fail}` : `${mark('onLeave')} ${t.reports.onLeave}`;
}

/** `partial`: from a partial read, where "fail" is only "not met so far" (a shift may be on a page not read). */
export function quotaRow(
  row: QuotaRow,
  roleName: string | undefined,
  people: People | undefined,
  t: Words,
  partial = false,
): string {
  const role = roleName ? safeLine(roleName, 40) : code(row.roleId, 40);
  const said =
    partial && row.status === 'fail' ? `${mark('unknown')} ${t.reports.failSoFar}` : quotaMark(row.status, t);
  return `${person(row.memberId, people)} · ${said} · ${t.reports.doneOf(t.f.duration(row.done), t.f.duration(row.required))} (${role})`;
}

/** Where a community's report settings are set: by its server's admins, or in the environment. */
export type SettingsFrom = 'admins' | 'environment';

/** Where quotas are set, for a list with no member to check (the only place that works in each mode). */
function quotasSetIn(from: SettingsFrom, t: Words): string {
  return from === 'admins' ? t.reports.quotasSetByAdmins : t.reports.quotasSetInEnvironment;
}

export function renderQuota(
  rows: QuotaRow[],
  info: PageInfo,
  source: Source & Labelled,
  heading: { period: Period; timeZone: string; settingsFrom: SettingsFrom },
  facts: ReportFacts,
  roleNames: ReadonlyMap<string, string>,
  counts: { pass: number; fail: number; leave: number },
): APIEmbed {
  const t = source.t;
  const partial = partialOf(facts) !== undefined;
  const embed = reportList({
    title: t.reports.quotaTitle(periodText(heading.period, heading.timeZone, t)),
    rows: rows.map((r) => quotaRow(r, roleNames.get(r.roleId), source.people, t, partial)),
    info,
    total: t.reports.members(info.total),
    source,
    emptyText: t.reports.noQuotaRoles(quotasSetIn(heading.settingsFrom, t)),
    colour: counts.fail > 0 ? 0xed4245 : 0x57f287,
    facts,
    t,
  });
  // From a partial read with nothing found, no count either: "0 pass" would be a claim too.
  if (partial && info.total === 0) return embed;
  const summary = (partial ? t.reports.quotaSummarySoFar : t.reports.quotaSummary)(
    counts.pass,
    counts.fail,
    counts.leave,
  );
  return clampEmbed({ ...embed, description: `${summary}\n${embed.description ?? ''}` });
}

/** A running shift started longer ago than this (seconds) is marked: its auto-end may have failed. */
const LONG_RUNNING_SECONDS = 7 * 86_400;

/**
 * One running shift: member, type and wave, when it started, time on duty so far; one started more
 * than 7 days before `now` (Unix seconds, the view's: the snapshot's time) is marked, never hidden.
 */
function onDutyRow(row: OnDutyRow, now: number, people: People | undefined, t: Words): string {
  const { shift } = row;
  const parts = [person(shift.memberId, people)];
  if (typeof shift.type === 'string' && shift.type.trim() !== '') parts.push(safeLine(shift.type, 40));
  if (typeof shift.wave === 'number' && Number.isFinite(shift.wave))
    parts.push(t.reports.filterWave(shift.wave));
  parts.push(t.reports.startedAgo(t.f.ago(row.start)), t.reports.onDutyFor(t.f.duration(row.net)));
  const running = now - row.start;
  if (running > LONG_RUNNING_SECONDS) parts.push(t.reports.runningLong(Math.floor(running / 86_400)));
  return parts.join(' · ');
}

/** `now`: the view's time (Unix seconds; the snapshot's, which the rows were counted to). */
export function renderOnDuty(
  rows: OnDutyRow[],
  info: PageInfo,
  source: Source & Labelled,
  facts: ReportFacts,
  now: number,
): APIEmbed {
  const t = source.t;
  return reportList({
    title: t.reports.onDutyTitle,
    rows: rows.map((r) => onDutyRow(r, now, source.people, t)),
    info,
    total: t.reports.shifts(info.total),
    source,
    emptyText: t.reports.nobodyOnDuty,
    colour: 0x57f287,
    facts,
    t,
  });
}

/** What /quota inactive was asked, for its title. */
export interface InactiveHeading {
  days: number;
  roleName?: string;
  includeLeave: boolean;
}

function inactiveRow(
  row: InactiveRow,
  roleNames: ReadonlyMap<string, string>,
  people: People | undefined,
  t: Words,
): string {
  const last =
    row.lastShift === undefined ? t.reports.neverOnDuty : t.reports.lastShift(t.f.ago(row.lastShift));
  const names = row.roles.map((id) => roleNames.get(id)).filter((n): n is string => n !== undefined);
  const roles = names.length > 0 ? ` · ${safeLine(names.slice(0, 3).join(', '), 80)}` : '';
  const extra = names.length > 3 ? ` +${t.f.count(names.length - 3)}` : '';
  const leave =
    row.onLeaveUntil === undefined
      ? ''
      : row.onLeaveUntil === Infinity
        ? ` · ${mark('onLeave')} ${t.reports.onLeaveNoReturn}`
        : ` · ${mark('onLeave')} ${t.reports.onLeaveUntil(t.f.when(row.onLeaveUntil))}`;
  return `${person(row.memberId, people)} · ${last}${roles}${extra}${leave}`;
}

export function renderInactive(
  rows: InactiveRow[],
  info: PageInfo,
  source: Source & Labelled,
  heading: InactiveHeading,
  facts: ReportFacts,
  roleNames: ReadonlyMap<string, string>,
  /** Set while the lists it needs are not read whole: no rows, and how far reading is, instead. */
  reading?: Reading,
): APIEmbed {
  const t = source.t;
  const role = heading.roleName === undefined ? '' : ` · ${safeLine(heading.roleName, 60)}`;
  const leave = heading.includeLeave ? '' : ` · ${t.reports.leaveLeftOut}`;
  return listEmbed({
    title: `${t.reports.inactiveTitle(heading.days)}${role}${leave}`,
    rows: reading ? [] : rows.map((r) => inactiveRow(r, roleNames, source.people, t)),
    info,
    // While reading, no count: "0 members" would be a claim too.
    total: reading ? '' : t.reports.members(info.total),
    source,
    emptyText: reading
      ? t.reports.inactiveNeedsEveryPage(reading.read, reading.total, reading.roles === true)
      : t.reports.everyoneActive,
    colour: 0xfee75c,
    facts,
    t,
  });
}
