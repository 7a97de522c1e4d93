/** /quota check: each member holding a role with a quota, required vs done in a period, pass or fail, or on leave. */
import { ApplicationCommandOptionType } from 'discord.js';
import { argumentsOf, type Command, defineCommand, publicOption } from '../src/discord/command.js';
import { showList } from '../src/discord/paging/show.js';
import type { ListView } from '../src/discord/paging/views.js';
import { plainText } from '../src/render/format.js';
import { displayNameOf } from '../src/render/people.js';
import { renderQuota, type SettingsFrom } from '../src/render/reports.js';
import { type QuotaRow, quotaCheck } from '../src/reports/leave.js';
import type { Period } from '../src/reports/period.js';
import {
  joinArg,
  parsePeriod,
  periodChoices,
  periodFor,
  type ReportPage,
  reportInput,
  reportPage,
} from './report-data.js';
import { VIEW } from './view-ids.js';

type Row = QuotaRow & { open: string };

interface QuotaFacts {
  period: Period;
  timeZone: string;
  settingsFrom: SettingsFrom;
  roleNames: Map<string, string>;
  counts: { pass: number; fail: number; leave: number };
}

export const quotaCheckView: ListView<Row, unknown, ReportPage<Row> & { quota: QuotaFacts }> = {
  kind: 'list',
  id: VIEW.quotaCheck,
  takesArg: true,
  async fetch(community, arg, query, options) {
    const kind = parsePeriod(arg);
    const input = await reportInput(community, options);
    const period = periodFor(kind, input);
    const { shifts, loas, members, roles } = input.data;
    const rows = quotaCheck(members, input.settings.quotas, shifts, loas, period, input.now).map((r) => ({
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
    return { ...reportPage(rows, query, input), quota };
  },
  render(items, info, source) {
    const facts = source.quota;
    return renderQuota(items, info, source, facts, source.report, facts.roleNames, facts.counts);
  },
  people: (row) => [row.memberId],
  open: {
    detailView: VIEW.shiftMemberPeriod,
    option: (row, _context, _labels, who) => ({
      label:
        displayNameOf(row.memberId, who?.people, who?.names, 80) ?? `Member ${plainText(row.memberId, 80)}`,
      value: row.open,
      description: 'Their shifts in this period',
    }),
    canOpen: (value) => value.split('|').length === 4,
  },
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
  ],
});

export const quota: Command = {
  data,
  views: [quotaCheckView],
  async execute({ interaction, show }) {
    const args = argumentsOf(interaction, data);
    return showList(quotaCheckView, show, { arg: parsePeriod(args.string('period') ?? undefined) });
  },
};
