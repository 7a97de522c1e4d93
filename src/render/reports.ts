/**
 * Report renderers: shift totals, a member's shifts in a period, who is on leave, quota checks.
 * Pure: rows come computed (src/reports), and the report's own facts (period, when the snapshot
 * was served, whether every page of it was read) come with them, and every report's footer says how
 * old its data is (page.ts footerText).
 */
import { type APIEmbed, TimestampStyles, time } from 'discord.js';
import type { Loa, Shift } from '../../generated/api.js';
import type { PageInfo, Source } from '../api/pages.js';
import type { InactiveRow, OnDutyRow } from '../reports/activity.js';
import type { QuotaRow } from '../reports/leave.js';
import { PERIOD_LABELS, type Period } from '../reports/period.js';
import type { MemberTotal } from '../reports/time.js';
import { clampEmbed, code, duration, formatCount, LIMITS, safeLine, timestamp } from './format.js';
import type { Labelled } from './labels.js';
import { detailEmbed, listEmbed } from './page.js';
import { type People, person } from './people.js';

export { ageText } from './page.js';

import { shiftRow } from './shift.js';

/** What a report says about itself besides its rows. */
export interface ReportFacts {
  /** When the snapshot was served (ms): its age is servedAt − source.fetchedAt. */
  servedAt: number;
  /** False when some page of a list was not read yet. */
  complete: boolean;
}

export function periodText(period: Period, timeZone: string): string {
  // Titles are plain text in Discord (a <t:…> timestamp is not rendered there): dates are written out
  // in the community's time zone, which the period is cut in.
  return `${PERIOD_LABELS[period.kind]} (${zoneDate(period.start, timeZone)} – ${zoneDate(period.end - 1, timeZone)}, ${safeLine(timeZone, 64)})`;
}

/** "1 Oct 2026": the day of `seconds` in the time zone `timeZone` (UTC when the runtime does not know it). */
function zoneDate(seconds: number, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
  try {
    return new Intl.DateTimeFormat('en-GB', { ...options, timeZone }).format(seconds * 1000);
  } catch {
    return new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(seconds * 1000);
  }
}

export interface TotalsHeading {
  period: Period;
  timeZone: string;
  type?: string;
  wave?: number;
}

function filterText(h: TotalsHeading): string {
  const parts: string[] = [];
  if (h.type !== undefined) parts.push(`type ${safeLine(h.type, 40)}`);
  if (h.wave !== undefined) parts.push(`wave ${h.wave}`);
  return parts.length > 0 ? ` · ${parts.join(', ')}` : '';
}

export function totalsRow(row: MemberTotal, rank: number, people?: People): string {
  const approx = row.approximate ? 'at most ' : '';
  const active = row.active > 0 ? ` · ${formatCount(row.active)} on duty now` : '';
  return `**${formatCount(rank)}.** ${person(row.memberId, people)} · ${approx}${duration(row.seconds)} · ${formatCount(row.shifts)} ${row.shifts === 1 ? 'shift' : 'shifts'} · longest ${duration(row.longest)}${active}`;
}

export function renderTotals(
  rows: MemberTotal[],
  info: PageInfo,
  source: Source & Labelled,
  heading: TotalsHeading,
  facts: ReportFacts,
  firstRank: number,
): APIEmbed {
  return listEmbed({
    title: `Time on duty · ${periodText(heading.period, heading.timeZone)}${filterText(heading)}`,
    rows: rows.map((r, i) => totalsRow(r, firstRank + i, source.people)),
    info,
    noun: info.total === 1 ? 'member' : 'members',
    source,
    emptyText: 'No shifts in this period.',
    colour: 0x5865f2,
    facts,
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
  const lines = shifts.map((s) => shiftRow(s, facts.servedAt, source.people));
  const shown: string[] = [];
  let length = 0;
  for (const line of lines) {
    if (length + line.length + 1 > LIMITS.description - 120) break;
    shown.push(line);
    length += line.length + 1;
  }
  if (shown.length < lines.length) shown.push(`… and ${formatCount(lines.length - shown.length)} more`);
  const summary = `${person(memberId, source.people)}: ${
    total
      ? `${total.approximate ? 'At most ' : ''}${duration(total.seconds)} on duty in ${formatCount(total.shifts)} ${total.shifts === 1 ? 'shift' : 'shifts'} (longest ${duration(total.longest)}).`
      : 'No shifts in this period.'
  }`;
  return detailEmbed(
    {
      title: `Member ${safeLine(memberId, 64)} · ${periodText(heading.period, heading.timeZone)}${filterText(heading)}`,
      description: [summary, ...shown].join('\n'),
      color: 0x5865f2,
    },
    source,
    undefined,
    facts,
  );
}

export type LeaveReportKind = 'active' | 'upcoming';

/** One row: who, then when they leave or come back (the LOA's own id is in its detail). */
export function leaveRow(loa: Partial<Loa>, kind: LeaveReportKind, people?: People): string {
  const returns = loa.endAt ? timestamp(loa.endAt) : 'no return date';
  const lead = kind === 'active' ? `back ${returns}` : `from ${timestamp(loa.startAt)} · back ${returns}`;
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
  return listEmbed({
    title:
      kind === 'active'
        ? 'On leave now'
        : `Leave starting within ${formatCount(days)} ${days === 1 ? 'day' : 'days'}`,
    rows: items.map((l) => leaveRow(l, kind, source.people)),
    info,
    noun: info.total === 1 ? 'LOA' : 'LOAs',
    source,
    emptyText: kind === 'active' ? 'Nobody is on leave now.' : 'No leave starts in that time.',
    colour: 0x3498db,
    facts,
  });
}

const QUOTA_MARK: Record<QuotaRow['status'], string> = {
  pass: '✅ pass',
  fail: '❌ fail',
  'on leave': '🌴 on leave',
};

export function quotaRow(row: QuotaRow, roleName: string | undefined, people?: People): string {
  const role = roleName ? safeLine(roleName, 40) : code(row.roleId, 40);
  return `${person(row.memberId, people)} · ${QUOTA_MARK[row.status]} · ${duration(row.done)} of ${duration(row.required)} (${role})`;
}

/** Where a community's report settings are set: by its server's admins, or in the environment. */
export type SettingsFrom = 'admins' | 'environment';

/** Where quotas are set, for a list with no member to check (the only place that works in each mode). */
const QUOTAS_SET_IN: Record<SettingsFrom, string> = {
  admins: 'admins set quotas with /rollcall-admin reports',
  environment: "quotas are set in Rollcall's environment (REPORTS_QUOTAS)",
};

export function renderQuota(
  rows: QuotaRow[],
  info: PageInfo,
  source: Source & Labelled,
  heading: { period: Period; timeZone: string; settingsFrom: SettingsFrom },
  facts: ReportFacts,
  roleNames: ReadonlyMap<string, string>,
  counts: { pass: number; fail: number; leave: number },
): APIEmbed {
  const embed = listEmbed({
    title: `Quota check · ${periodText(heading.period, heading.timeZone)}`,
    rows: rows.map((r) => quotaRow(r, roleNames.get(r.roleId), source.people)),
    info,
    noun: info.total === 1 ? 'member' : 'members',
    source,
    emptyText: `No member holds a role with a quota (${QUOTAS_SET_IN[heading.settingsFrom]}).`,
    colour: counts.fail > 0 ? 0xed4245 : 0x57f287,
    facts,
  });
  const summary = `${formatCount(counts.pass)} pass · ${formatCount(counts.fail)} fail · ${formatCount(counts.leave)} on leave`;
  return clampEmbed({ ...embed, description: `${summary}\n${embed.description ?? ''}` });
}

/** One running shift: member, type and wave, when it started, time on duty so far. */
export function onDutyRow(row: OnDutyRow, people?: People): string {
  const { shift } = row;
  const parts = [person(shift.memberId, people)];
  if (typeof shift.type === 'string' && shift.type.trim() !== '') parts.push(safeLine(shift.type, 40));
  if (typeof shift.wave === 'number' && Number.isFinite(shift.wave))
    parts.push(`wave ${formatCount(shift.wave)}`);
  parts.push(`since ${time(row.start, TimestampStyles.RelativeTime)}`, `${duration(row.net)} on duty`);
  return parts.join(' · ');
}

export function renderOnDuty(
  rows: OnDutyRow[],
  info: PageInfo,
  source: Source & Labelled,
  facts: ReportFacts,
): APIEmbed {
  return listEmbed({
    title: 'On duty now',
    rows: rows.map((r) => onDutyRow(r, source.people)),
    info,
    noun: info.total === 1 ? 'shift' : 'shifts',
    source,
    emptyText: 'Nobody is on duty now.',
    colour: 0x57f287,
    facts,
  });
}

/** What /quota inactive was asked, for its title. */
export interface InactiveHeading {
  days: number;
  roleName?: string;
  includeLeave: boolean;
}

export function inactiveRow(
  row: InactiveRow,
  roleNames: ReadonlyMap<string, string>,
  people?: People,
): string {
  const last =
    row.lastShift === undefined
      ? 'never on duty'
      : `last shift ${time(row.lastShift, TimestampStyles.RelativeTime)}`;
  const names = row.roles.map((id) => roleNames.get(id)).filter((n): n is string => n !== undefined);
  const roles = names.length > 0 ? ` · ${safeLine(names.slice(0, 3).join(', '), 80)}` : '';
  const extra = names.length > 3 ? ` +${formatCount(names.length - 3)}` : '';
  const leave =
    row.onLeaveUntil === undefined
      ? ''
      : row.onLeaveUntil === Infinity
        ? ' · 🌴 on leave, no return date'
        : ` · 🌴 on leave until ${timestamp(row.onLeaveUntil)}`;
  return `${person(row.memberId, people)} · ${last}${roles}${extra}${leave}`;
}

export function renderInactive(
  rows: InactiveRow[],
  info: PageInfo,
  source: Source & Labelled,
  heading: InactiveHeading,
  facts: ReportFacts,
  roleNames: ReadonlyMap<string, string>,
): APIEmbed {
  const role = heading.roleName === undefined ? '' : ` · ${safeLine(heading.roleName, 60)}`;
  const leave = heading.includeLeave ? '' : ' · on leave left out';
  return listEmbed({
    title: `No shift in over ${formatCount(heading.days)} ${heading.days === 1 ? 'day' : 'days'}${role}${leave}`,
    rows: rows.map((r) => inactiveRow(r, roleNames, source.people)),
    info,
    noun: info.total === 1 ? 'member' : 'members',
    source,
    emptyText: 'Every member had a shift in that time.',
    colour: 0xfee75c,
    facts,
  });
}
