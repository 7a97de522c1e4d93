/** /shift: shifts on duty — the whole list, or one shift. */
import {
  ApplicationCommandOptionType,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { Shift } from '../generated/api.js';
import { type Command, publicOption } from '../src/discord/command.js';
import { parseId } from '../src/discord/input.js';
import { type DetailView, type ListView, showDetail, showList } from '../src/discord/views.js';
import { plainText } from '../src/render/format.js';
import { renderShift, renderShiftList, shiftState } from '../src/render/shift.js';

const open: ListView<Shift>['open'] = {
  detailView: 'shift',
  option: (shift) =>
    typeof shift.id === 'string'
      ? {
          label: `${shiftState(shift)} · ${plainText(shift.type, 30)} · ${plainText(shift.id, 40)}`,
          value: shift.id,
          description: `Member ${plainText(shift.memberId, 60)}`,
        }
      : undefined,
};

export const shiftListView: ListView<Shift> = {
  kind: 'list',
  id: 'shift.all',
  fetch: (r, _arg, query, options) => r.listShifts(query, options),
  render: (items, info, source) => renderShiftList(items, info, source),
  open,
};

/** A member id from the API, if it is one Rollcall would accept as typed (it ends up in a title). */
function usableId(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    return parseId(value, 'member id');
  } catch {
    return undefined;
  }
}

export const shiftDetailView: DetailView<Shift> = {
  kind: 'detail',
  id: 'shift',
  fetch: (r, id, options) => r.getShift(id, options),
  render: renderShift,
  shortcuts: (shift) => {
    const memberId = usableId(shift.memberId);
    return memberId ? [{ label: "Member's LOAs", view: 'loa.member', arg: memberId }] : [];
  },
  notFound: 'No shift with that id was found on this community server.',
};

const data = {
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
  ],
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

export const shift: Command = {
  data,
  views: [shiftListView, shiftDetailView],
  async execute({ interaction, show }) {
    const sub = interaction.options.getSubcommand(true);
    if (sub === 'list') return showList(shiftListView, '', 1, show);
    return showDetail(shiftDetailView, parseId(interaction.options.getString('id'), 'shift id'), show);
  },
};
