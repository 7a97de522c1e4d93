/** /shift: shifts on duty — the whole list, or one shift. */
import { ApplicationCommandOptionType } from 'discord.js';
import type { Shift } from '../generated/api.js';
import { isApiError } from '../src/api/errors.js';
import type { Fetched } from '../src/api/types.js';
import { mapSliced } from '../src/base/slices.js';
import {
  argumentsOf,
  type Command,
  defineCommand,
  publicOption,
  userOrId,
  userOrIdOptions,
} from '../src/discord/command.js';
import { checkedId, parseId } from '../src/discord/input.js';
import { showDetail, showList } from '../src/discord/paging/show.js';
import { type DetailView, type ListView, PAGE_SIZE, type Who } from '../src/discord/paging/views.js';
import { say, UserError } from '../src/discord/replies.js';
import type { Words } from '../src/i18n/words.js';
import { warmCharts } from '../src/render/charts/index.js';
import { isoTime } from '../src/render/csv.js';
import { openLabel, plainText } from '../src/render/format.js';
import { displayNameOf, plainShortId } from '../src/render/people.js';
import {
  periodText,
  renderMemberPeriod,
  renderOnDuty,
  renderTotals,
  type TotalsHeading,
} from '../src/render/reports.js';
import { renderShift, renderShiftList, shiftState, shiftStateText } from '../src/render/shift.js';
import { type OnDutyRow, onDuty } from '../src/reports/activity.js';
import {
  type MemberTotal,
  shiftsInPeriodSliced,
  shiftTotals,
  shiftTotalsSliced,
  type TotalsFilter,
} from '../src/reports/time.js';
import {
  allRows,
  joinArg,
  pageChart,
  parsePeriod,
  parseWave,
  periodChoices,
  periodFor,
  type ReportInput,
  type ReportPage,
  reportInput,
  reportPage,
  splitArg,
} from './report-data.js';
import { VIEW } from './view-ids.js';

/** The totals' argument: period, wave, type (see report-data.ts `joinArg`). */
interface TotalsArg {
  period: ReturnType<typeof parsePeriod>;
  wave: number | undefined;
  type: string | undefined;
}

function readTotalsArg(arg: string): TotalsArg {
  const [period, wave = '', type = ''] = splitArg(arg, 3);
  return { period: parsePeriod(period), wave: parseWave(wave), type: type === '' ? undefined : type };
}

function heading(a: TotalsArg, input: ReportInput): TotalsHeading {
  return {
    period: periodFor(a.period, input),
    timeZone: input.calendar.timeZone,
    ...(a.type !== undefined ? { type: a.type } : {}),
    ...(a.wave !== undefined ? { wave: a.wave } : {}),
  };
}

function filterOf(a: TotalsArg, memberId?: string): TotalsFilter {
  return {
    ...(a.type !== undefined ? { type: a.type } : {}),
    ...(a.wave !== undefined ? { wave: a.wave } : {}),
    ...(memberId !== undefined ? { memberId } : {}),
  };
}

/** A totals row, with the argument that opens the member's shifts in the same report. */
type TotalsRow = MemberTotal & { open: string };

function readMemberArg(arg: string): TotalsArg & { memberId: string } {
  const [period, wave = '', type = '', memberId = ''] = splitArg(arg, 4);
  if (memberId === '') throw new UserError(say.badReport);
  return {
    period: parsePeriod(period),
    wave: parseWave(wave),
    type: type === '' ? undefined : type,
    memberId,
  };
}

const memberArg = (a: TotalsArg, memberId: string) => joinArg([a.period, a.wave, a.type, memberId]);

/** A report page with the heading its fetch computed (period, time zone, filters), for the renderer. */
type HeadedPage<T> = ReportPage<T> & { heading: TotalsHeading };

/** Members ranked by time on duty in a period; "Open…" shows a member's shifts in it. */
/**
 * A shift in an "Open…" select: kind, its state (`withState`: lists where shifts of every state
 * stand together), type and day; its member as the description.
 */
function shiftOption(shift: Partial<Shift>, who: Who, withState: boolean) {
  if (typeof shift.id !== 'string') return undefined;
  const t = who.t;
  return {
    label: openLabel([
      t.shift.optionKind,
      withState ? shiftStateText(shiftState(shift), t) : '',
      plainText(shift.type, 30),
      dayOf(shift.createdAt, t) || plainText(shift.id, 40),
    ]),
    value: shift.id,
    description:
      displayNameOf(shift.memberId, who.people, who.names, 100) ??
      t.shift.optionMember(plainShortId(shift.memberId, who.people)),
  };
}

/** The list the shift reports are made from. */
const SHIFT_NEEDS = ['shifts'] as const;

export const shiftTotalsView: ListView<TotalsRow, unknown, HeadedPage<TotalsRow>> = {
  kind: 'list',
  id: 'shift.totals',
  takesArg: true,
  everyRow: allRows,
  async fetch(community, arg, query, options) {
    const a = readTotalsArg(arg);
    // The chart's thread loads while the snapshot is read (a cold one takes about a second).
    warmCharts();
    const input = await reportInput(community, options);
    const h = heading(a, input);
    const totals = await shiftTotalsSliced(input.data.shifts, h.period, input.now, filterOf(a));
    const rows = await mapSliced(totals, (r) => ({ ...r, open: memberArg(a, r.memberId) }));
    return { ...reportPage(rows, query, input, SHIFT_NEEDS), heading: h };
  },
  render({ items, info, source }) {
    return renderTotals(items, info, source, source.heading, source.report, (info.page - 1) * PAGE_SIZE + 1);
  },
  chart: pageChart('totals', ({ heading }, t) => periodText(heading.period, heading.timeZone, t)),
  people: (row) => [row.memberId],
  open: {
    detailView: VIEW.shiftMemberPeriod,
    option: ({ item: row, who }) => {
      const t = who.t;
      return {
        label:
          displayNameOf(row.memberId, who.people, who.names, 80) ??
          t.shift.optionMember(plainShortId(row.memberId, who.people)),
        value: row.open,
        description: t.shift.theirShifts,
      };
    },
    canOpen(value) {
      try {
        readMemberArg(value);
        return true;
      } catch {
        return false;
      }
    },
  },
};

interface MemberPeriod {
  memberId: string;
  total: MemberTotal | undefined;
  shifts: Shift[];
}

/** One member's time on duty and shifts in a period (from the totals' "Open…", or /shift totals user:). */
export const shiftMemberPeriodView: DetailView<
  MemberPeriod,
  Fetched<MemberPeriod> & Pick<HeadedPage<MemberPeriod>, 'report' | 'heading'>
> = {
  kind: 'detail',
  id: VIEW.shiftMemberPeriod,
  async fetch(community, arg, options) {
    const a = readMemberArg(arg);
    const input = await reportInput(community, options);
    const h = heading(a, input);
    const filter = filterOf(a, a.memberId);
    // One member's shifts first (a filter in slices), then their total from those alone.
    const shifts = await shiftsInPeriodSliced(input.data.shifts, h.period, input.now, filter);
    const [total] = shiftTotals(shifts, h.period, input.now, filter);
    const page = reportPage([], { page: 1, limit: 1 }, input, SHIFT_NEEDS);
    return { ...page, data: { memberId: a.memberId, total, shifts }, heading: h };
  },
  render(item, source) {
    return renderMemberPeriod(item.memberId, item.total, item.shifts, source, source.heading, source.report);
  },
  people: (item) => [item.memberId, ...item.shifts.map((shift) => shift.memberId)],
  shortcuts: [
    { label: (t) => t.shift.membersLoas, view: VIEW.memberLoas, arg: (m) => checkedId(m.memberId) },
  ],
};

/**
 * The same, opened from a staff record ("Shifts this week"), with the way back to that record by
 * the member's id.
 */
export const recordShiftsView: typeof shiftMemberPeriodView = {
  ...shiftMemberPeriodView,
  id: VIEW.recordShifts,
  shortcuts: [
    { label: (t) => t.member.backToRecord, view: VIEW.member, arg: (m) => checkedId(m.memberId) },
    ...(shiftMemberPeriodView.shortcuts ?? []),
  ],
};

/** A shift's day in an "Open…" label, in the reader's language; '' when not set. */
const dayOf = (seconds: unknown, t: Words) => t.f.day(seconds);

const open: ListView<Shift>['open'] = {
  detailView: VIEW.shift,
  option: ({ item: shift, who }) => shiftOption(shift, who, true),
};

export const shiftListView: ListView<Shift> = {
  kind: 'list',
  id: 'shift.all',
  takesArg: false,
  fetch: ({ resources: api }, _arg, query, options) => api.listShifts(query, options),
  render: ({ items, info, source }) => renderShiftList(items, info, source),
  people: (shift) => [shift.memberId],
  open,
};

export const shiftDetailView: DetailView<Shift> = {
  kind: 'detail',
  id: VIEW.shift,
  fetch: ({ resources: api }, id, options) => api.getShift(id, options),
  render: renderShift,
  people: (shift) => [shift.memberId, shift.endedBy],
  // The member id as Rollcall would accept it typed (it ends up in the list's title).
  shortcuts: [
    { label: (t) => t.shift.membersLoas, view: VIEW.memberLoas, arg: (shift) => checkedId(shift.memberId) },
  ],
  notFound: say.shiftNotFound,
};

/** Who is on duty now: every running shift in the snapshot, longest running first. */
const shiftActiveView: ListView<OnDutyRow, unknown, ReportPage<OnDutyRow>> = {
  kind: 'list',
  id: 'shift.active',
  takesArg: false,
  async fetch(community, _arg, query, options) {
    const input = await reportInput(community, options);
    return reportPage(onDuty(input.data.shifts, input.now), query, input, SHIFT_NEEDS);
  },
  render: ({ items, info, source }) =>
    renderOnDuty(items, info, source, source.report, Math.floor(source.report.servedAt / 1000)),
  people: ({ shift }) => [shift.memberId],
  open: {
    detailView: VIEW.shift,
    option: ({ item: { shift }, who }) => shiftOption(shift, who, false),
  },
  csv: [
    { header: 'shift_id', value: ({ shift }) => shift.id },
    { header: 'member_id', value: ({ shift }) => shift.memberId },
    { header: 'type', value: ({ shift }) => shift.type },
    { header: 'wave', value: ({ shift }) => shift.wave },
    { header: 'started_at', value: ({ start }) => isoTime(start) },
    { header: 'seconds_on_duty', value: ({ net }) => net },
  ],
};

const data = defineCommand({
  name: 'shift',
  description: 'Shifts on duty in the community server',
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'list',
      description: 'List all shifts',
      options: [publicOption],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'view',
      description: 'Show one shift, with its length and breaks',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'id',
          description: 'The shift id',
          required: true,
          max_length: 64,
        },
        publicOption,
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'active',
      description: 'Who is on duty now: every running shift, longest running first',
      options: [publicOption],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'totals',
      description: 'Members ranked by time on duty (net of breaks) in a period, or one member',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'period',
          description: "The period, in the server's time zone",
          required: true,
          max_length: 64,
          choices: periodChoices,
        },
        {
          type: ApplicationCommandOptionType.String,
          name: 'type',
          description: 'Only shifts of this type',
          required: false,
          max_length: 64,
        },
        {
          type: ApplicationCommandOptionType.Integer,
          name: 'wave',
          description: 'Only shifts of this wave',
          required: false,
          min_value: 0,
          max_value: 100_000,
        },
        ...userOrIdOptions(
          'member-id',
          'Only this member: their id on the community server (instead of a Discord user)',
        ),
        publicOption,
      ],
    },
  ],
});

export const shift = {
  data,
  views: [
    shiftListView,
    shiftDetailView,
    shiftTotalsView,
    shiftMemberPeriodView,
    recordShiftsView,
    shiftActiveView,
  ],
  async execute({ interaction, show }) {
    const args = argumentsOf(interaction, data);
    const sub = args.subcommand();
    if (sub === 'list') return showList(shiftListView, show);
    if (sub === 'active') return showList(shiftActiveView, show);
    if (sub === 'totals') {
      const type = args.string('type')?.trim() || undefined;
      const wave = interaction.options.getInteger('wave') ?? undefined;
      const a: TotalsArg = { period: parsePeriod(args.string('period') ?? undefined), wave, type };
      if (wave !== undefined) parseWave(String(wave));
      if (args.user('user') === null && args.string('member-id') === null)
        return showList(shiftTotalsView, show, { arg: joinArg([a.period, a.wave, a.type]) });
      const target = userOrId(args, 'member-id', (t) => t.sentences.memberIdName);
      let memberId: string;
      if ('id' in target) memberId = target.id;
      else {
        try {
          memberId = (await show.community.resources.getMemberByChatId(target.user)).data.id;
        } catch (error) {
          if (isApiError(error) && error.status === 404) throw new UserError(say.memberNotFound);
          throw error;
        }
      }
      return showDetail(shiftMemberPeriodView, memberArg(a, memberId), show);
    }
    return showDetail(
      shiftDetailView,
      parseId(args.string('id'), (t) => t.sentences.shiftIdName),
      show,
    );
  },
} satisfies Command;
