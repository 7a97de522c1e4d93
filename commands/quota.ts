/**
 * /quota check: each member holding a role with a quota, required vs done in a period, pass or fail,
 * or on leave. /quota inactive: who had no shift in a number of days.
 */
import { ApplicationCommandOptionType } from 'discord.js';
import { mapSliced } from '../src/base/slices.js';
import { argumentsOf, type Command, defineCommand, publicOption } from '../src/discord/command.js';
import { showList } from '../src/discord/paging/show.js';
import type { ListView } from '../src/discord/paging/views.js';
import { say, UserError } from '../src/discord/replies.js';
import { warmCharts } from '../src/render/charts/index.js';
import { isoTime } from '../src/render/csv.js';
import { plainText } from '../src/render/format.js';
import { displayNameOf } from '../src/render/people.js';
import {
  type InactiveHeading,
  periodText,
  renderInactive,
  renderQuota,
  type SettingsFrom,
} from '../src/render/reports.js';
import {
  INACTIVE_NEEDS,
  type InactiveRow,
  inactiveMembers,
  inactiveReading,
  listWhole,
  type Reading,
} from '../src/reports/activity.js';
import { type QuotaRow, quotaCheckSliced } from '../src/reports/leave.js';
import type { Period } from '../src/reports/period.js';
import {
  allRows,
  joinArg,
  pageChart,
  parsePeriod,
  periodChoices,
  periodFor,
  type ReportPage,
  reportInput,
  reportPage,
  splitArg,
} from './report-data.js';
import { VIEW } from './view-ids.js';

type Row = QuotaRow & { open: string };

/** The lists a quota check is made from: who holds a quota role, their shifts, their leave. */
const QUOTA_NEEDS = ['shifts', 'loas', 'members'] as const;

interface QuotaFacts {
  period: Period;
  timeZone: string;
  settingsFrom: SettingsFrom;
  roleNames: Map<string, string>;
  counts: { pass: number; fail: number; leave: number };
}

export const quotaCheckView: ListView<Row, unknown, ReportPage<Row> & { quota: QuotaFacts }> = {
  kind: 'list',
  id: 'quota.check',
  takesArg: true,
  everyRow: allRows,
  async fetch(community, arg, query, options) {
    const kind = parsePeriod(arg);
    // The chart's thread loads while the snapshot is read (a cold one takes about a second).
    warmCharts();
    const input = await reportInput(community, options);
    const period = periodFor(kind, input);
    const { shifts, loas, members, roles } = input.data;
    const checked = await quotaCheckSliced(members, input.settings.quotas, shifts, loas, period, input.now);
    const rows = await mapSliced(checked, (r) => ({
      ...r,
      open: joinArg([kind, undefined, undefined, r.memberId]),
    }));
    const roleNames = new Map<string, string>();
    for (const role of roles) if (typeof role.name === 'string') roleNames.set(role.id, role.name);
    const count = (status: QuotaRow['status']) => rows.filter((r) => r.status === status).length;
    const quota: QuotaFacts = {
      period,
      timeZone: input.calendar.timeZone,
      settingsFrom: input.settingsFrom,
      roleNames,
      counts: { pass: count('pass'), fail: count('fail'), leave: count('on leave') },
    };
    return { ...reportPage(rows, query, input, QUOTA_NEEDS), quota };
  },
  render({ items, info, source }) {
    const facts = source.quota;
    return renderQuota(items, info, source, facts, source.report, facts.roleNames, facts.counts);
  },
  chart: pageChart('quota', ({ quota }, t) => periodText(quota.period, quota.timeZone, t)),
  people: (row) => [row.memberId],
  open: {
    detailView: VIEW.shiftMemberPeriod,
    option: ({ item: row, who }) => {
      const t = who.t;
      return {
        label:
          displayNameOf(row.memberId, who.people, who.names, 80) ??
          t.reports.memberOption(plainText(row.memberId, 80)),
        value: row.open,
        description: t.reports.theirShifts,
      };
    },
    canOpen: (value) => value.split('|').length === 4,
  },
};

/** The inactive report's argument: days, the role as typed ('' for any), whether leave is kept. */
interface InactiveArg {
  days: number;
  role: string;
  includeLeave: boolean;
}

const INACTIVE_DAYS = { min: 1, max: 365, default: 14 } as const;

function readInactiveArg(arg: string): InactiveArg {
  const [days = '', role = '', leave = ''] = splitArg(arg, 3);
  const n = Number(days);
  if (!/^\d{1,3}$/.test(days) || n < INACTIVE_DAYS.min || n > INACTIVE_DAYS.max || !/^[01]$/.test(leave))
    throw new UserError(say.badReport);
  return { days: n, role, includeLeave: leave === '1' };
}

/** A community role by its id or its name (any case), from the snapshot's roles; undefined for none. */
function findRole(roles: readonly { id: string; name?: unknown }[], typed: string) {
  const wanted = typed.trim().toLowerCase();
  return (
    roles.find((r) => r.id === typed.trim()) ??
    roles.find((r) => typeof r.name === 'string' && r.name.trim().toLowerCase() === wanted)
  );
}

type InactivePage = ReportPage<InactiveRow> & {
  heading: InactiveHeading;
  roleNames: Map<string, string>;
  /** Set while the shifts, LOAs or members are not read whole: no row then, how far reading is instead. */
  reading?: Reading;
};

/**
 * Members with no shift in `days` days (or never), from the snapshot; those on leave left out unless
 * asked. Only from a snapshot whose shifts, LOAs and members are read whole: on a partial read no row
 * is certain, so none is listed and the report says how far reading is.
 */
export const quotaInactiveView: ListView<InactiveRow, unknown, InactivePage> = {
  kind: 'list',
  id: 'quota.inactive',
  takesArg: true,
  async fetch(community, arg, query, options) {
    const a = readInactiveArg(arg);
    const input = await reportInput(community, options);
    const { shifts, loas, members, roles } = input.data;
    const role = a.role === '' ? undefined : findRole(roles, a.role);
    // A role not found is unknown only once every page of the roles is read; till then, it may be on one not read.
    const roleMissing = a.role !== '' && !role;
    if (roleMissing && listWhole(input.data, 'roles')) throw new UserError(say.reportRoleUnknown);
    const reading = inactiveReading(input.data, roleMissing);
    const rows = reading
      ? []
      : inactiveMembers(members, shifts, loas, input.now, {
          days: a.days,
          includeLeave: a.includeLeave,
          ...(role ? { roleId: role.id } : {}),
        });
    const roleNames = new Map<string, string>();
    for (const r of roles) if (typeof r.name === 'string') roleNames.set(r.id, r.name);
    const heading: InactiveHeading = {
      days: a.days,
      includeLeave: a.includeLeave,
      ...(role && typeof role.name === 'string' ? { roleName: role.name } : {}),
    };
    return {
      ...reportPage(rows, query, input, roleMissing ? [...INACTIVE_NEEDS, 'roles'] : INACTIVE_NEEDS),
      heading,
      roleNames,
      ...(reading ? { reading } : {}),
    };
  },
  render: ({ items, info, source }) =>
    renderInactive(items, info, source, source.heading, source.report, source.roleNames, source.reading),
  // The export takes the report's rows; while reading, there are none to take, and it says why.
  everyRow(page) {
    const r = page.reading;
    if (r) throw new UserError(say.inactiveExportReading(r.read, r.total, r.roles === true));
    return allRows(page);
  },
  people: (row) => [row.memberId],
  open: {
    detailView: VIEW.member,
    option: ({ item: row, who }) => {
      const t = who.t;
      return {
        label: t.reports.memberOption(plainText(row.memberId, 80)),
        value: row.memberId,
        description: row.lastShift === undefined ? t.reports.neverOnDutyOption : t.reports.theirRecord,
      };
    },
  },
  csv: [
    { header: 'member_id', value: (r) => r.memberId },
    { header: 'last_shift_at', value: (r) => isoTime(r.lastShift) },
    { header: 'roles', value: (r) => r.roles.join(' ') },
    {
      header: 'on_leave_until',
      value: (r) =>
        r.onLeaveUntil === undefined
          ? ''
          : r.onLeaveUntil === Infinity
            ? 'open-ended'
            : isoTime(r.onLeaveUntil),
    },
  ],
};

const data = defineCommand({
  name: 'quota',
  description: 'Activity quotas of the community server',
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'check',
      description: 'Required vs done for each member holding a role with a quota, with those on leave exempt',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'period',
          description: "The period, in the server's time zone",
          required: true,
          max_length: 64,
          choices: periodChoices,
        },
        publicOption,
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'inactive',
      description: 'Members with no shift in a number of days, or never; those on leave left out',
      options: [
        {
          type: ApplicationCommandOptionType.Integer,
          name: 'days',
          description: 'Idle for more than this many days (default 14)',
          required: false,
          min_value: INACTIVE_DAYS.min,
          max_value: INACTIVE_DAYS.max,
        },
        {
          type: ApplicationCommandOptionType.String,
          name: 'role',
          description: 'Only members holding this community role (its name or id)',
          required: false,
          max_length: 64,
        },
        {
          type: ApplicationCommandOptionType.Boolean,
          name: 'include-leave',
          description: 'Also list members on leave now, marked with their return (default: left out)',
          required: false,
        },
        publicOption,
      ],
    },
  ],
});

export const quota = {
  data,
  views: [quotaCheckView, quotaInactiveView],
  async execute({ interaction, show }) {
    const args = argumentsOf(interaction, data);
    if (args.subcommand() === 'inactive') {
      const days = args.integer('days') ?? INACTIVE_DAYS.default;
      const role = args.string('role')?.trim() ?? '';
      const arg = joinArg([days, role, args.boolean('include-leave') ? 1 : 0]);
      readInactiveArg(arg);
      return showList(quotaInactiveView, show, { arg });
    }
    return showList(quotaCheckView, show, { arg: parsePeriod(args.string('period') ?? undefined) });
  },
} satisfies Command;
