/** /shift: shifts on duty — the whole list, or one shift. */
import { ApplicationCommandOptionType } from 'discord.js';
import type { Shift } from '../generated/api.js';
import { argumentsOf, type Command, defineCommand, publicOption } from '../src/discord/command.js';
import { checkedId, parseId } from '../src/discord/input.js';
import { showDetail, showList } from '../src/discord/paging/show.js';
import type { DetailView, ListView } from '../src/discord/paging/views.js';
import { MESSAGES } from '../src/discord/replies.js';
import { plainText } from '../src/render/format.js';
import { renderShift, renderShiftList, shiftState } from '../src/render/shift.js';
import { VIEW } from './view-ids.js';

const open: ListView<Shift>['open'] = {
  detailView: VIEW.shift,
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
  id: VIEW.shifts,
  takesArg: false,
  fetch: (api, _arg, query, options) => api.listShifts(query, options),
  render: (items, info, source) => renderShiftList(items, info, source),
  open,
};

export const shiftDetailView: DetailView<Shift> = {
  kind: 'detail',
  id: VIEW.shift,
  fetch: (api, id, options) => api.getShift(id, options),
  render: renderShift,
  // The member id as Rollcall would accept it typed (it ends up in the list's title).
  shortcuts: [{ label: "Member's LOAs", view: VIEW.memberLoas, arg: (shift) => checkedId(shift.memberId) }],
  notFound: MESSAGES.shiftNotFound,
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
  ],
});

export const shift: Command = {
  data,
  views: [shiftListView, shiftDetailView],
  async execute({ interaction, show }) {
    const args = argumentsOf(interaction, data);
    const sub = args.subcommand();
    if (sub === 'list') return showList(shiftListView, show);
    return showDetail(shiftDetailView, parseId(args.string('id'), 'shift id'), show);
  },
};
