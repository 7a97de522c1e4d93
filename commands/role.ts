/** /role: the community server's roles — the whole list, or one role (with autocomplete by name). */
import {
  ApplicationCommandOptionType,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { Role } from '../generated/api.js';
import { type Command, publicOption } from '../src/discord/command.js';
import { autocompleteChoices, loadRoleDirectory, resolveTyped } from '../src/discord/lookup.js';
import { type DetailView, type ListView, showDetail, showList } from '../src/discord/views.js';
import { NONE, plainText } from '../src/render/format.js';
import { colourHex, renderRole, renderRoleList } from '../src/render/role.js';

/** A select label: the name as plain text, or the id when the name is empty. */
function optionLabel(name: unknown, id: string): string {
  const label = plainText(name, 100);
  return label === NONE ? plainText(id, 100) : label;
}

export const roleListView: ListView<Role> = {
  kind: 'list',
  id: 'role.all',
  fetch: (r, _arg, query, options) => r.listRoles(query, options),
  render: (items, info, source) => renderRoleList(items, info, source),
  open: {
    detailView: 'role',
    option: (role) =>
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
  id: 'role',
  fetch: (r, id, options) => r.getRole(id, options),
  render: renderRole,
  notFound: 'No role with that id or name was found on this community server.',
};

const data = {
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
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

const roleNameOf = (role: Role): unknown => role.name;
const roleIdOf = (role: Role): unknown => role.id;

export const role: Command = {
  data,
  views: [roleListView, roleDetailView],
  async execute({ interaction, show }) {
    const sub = interaction.options.getSubcommand(true);
    if (sub === 'list') return showList(roleListView, '', 1, show);
    // A picked choice is a role id; a name typed in full without picking still finds its role.
    // When the role list cannot be read, what was typed is taken as an id.
    const roles = await loadRoleDirectory(show.resources).then(
      (directory) => directory.roles,
      () => [] as Role[],
    );
    const roleId = resolveTyped(
      interaction.options.getString('role'),
      roles,
      roleNameOf,
      roleIdOf,
      'role id',
    );
    return showDetail(roleDetailView, roleId, show);
  },
  async autocomplete({ interaction, show }) {
    const focused = interaction.options.getFocused(true);
    if (focused.name !== 'role') return [];
    const { roles } = await loadRoleDirectory(show.resources);
    return autocompleteChoices(roles, String(focused.value), roleNameOf, roleIdOf);
  },
};
