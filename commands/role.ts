/** /role: the community server's roles — the whole list, or one role (with autocomplete by name). */
import { ApplicationCommandOptionType } from 'discord.js';
import type { Role } from '../generated/api.js';
import { readRoles } from '../src/api/roles.js';
import { argumentsOf, type Command, defineCommand, publicOption } from '../src/discord/command.js';
import { type Picker, pickedId, pickerChoices } from '../src/discord/lookup.js';
import { showDetail, showList } from '../src/discord/paging/show.js';
import type { DetailView, ListView } from '../src/discord/paging/views.js';
import { say } from '../src/discord/replies.js';
import { NONE, plainText } from '../src/render/format.js';
import { colourHex, renderRole, renderRoleList } from '../src/render/role.js';
import { VIEW } from './view-ids.js';

/** A select label: the name as plain text, or the id when the name is empty. */
function optionLabel(name: unknown, id: string): string {
  const label = plainText(name, 100);
  return label === NONE ? plainText(id, 100) : label;
}

export const roleListView: ListView<Role> = {
  kind: 'list',
  id: 'role.all',
  takesArg: false,
  fetch: ({ resources: api }, _arg, query, options) => api.listRoles(query, options),
  render: ({ items, info, source }) => renderRoleList(items, info, source),
  open: {
    detailView: VIEW.role,
    option: ({ item: role }) =>
      typeof role.id === 'string'
        ? {
            label: optionLabel(role.name, role.id),
            value: role.id,
            description: plainText(
              `${role.id}${colourHex(role.colour) ? ` · ${colourHex(role.colour)}` : ''}`,
              100,
            ),
          }
        : undefined,
  },
};

export const roleDetailView: DetailView<Role> = {
  kind: 'detail',
  id: VIEW.role,
  fetch: ({ resources: api }, id, options) => api.getRole(id, options),
  render: renderRole,
  notFound: say.roleNotFound,
};

const data = defineCommand({
  name: 'role',
  description: 'Roles of the community server',
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'list',
      description: 'List all roles',
      options: [publicOption],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'view',
      description: 'Show one role',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'role',
          description: 'Start typing the role name and pick it, or give the role id',
          required: true,
          max_length: 100,
          autocomplete: true,
        },
        publicOption,
      ],
    },
  ],
});

/** A picked choice is a role id; a name typed in full without picking still finds its role. */
const rolePicker: Picker<Role> = {
  option: 'role',
  load: async (resources) => (await readRoles(resources)).roles,
  name: (role) => role.name,
  id: (role) => role.id,
  what: (t) => t.sentences.roleIdName,
  plural: (t) => t.sentences.rolesName,
};

export const role = {
  data,
  views: [roleListView, roleDetailView],
  async execute(ctx) {
    if (argumentsOf(ctx.interaction, data).subcommand() === 'list') return showList(roleListView, ctx.show);
    return showDetail(roleDetailView, await pickedId(rolePicker, ctx), ctx.show);
  },
  autocomplete: (ctx) => pickerChoices(rolePicker, ctx),
} satisfies Command;
