import { randomBytes } from 'node:crypto';
import {
  type APIAuthorizingIntegrationOwnersMap,
  type APIBaseInteraction,
  type APIDMChannel,
  type APIMessage,
  type APIMessageComponentInteraction,
  type APIModalInteractionResponseCallbackData,
  type APIModalSubmission,
  type APIModalSubmissionComponent,
  type APIModalSubmitInteraction,
  type APIModalSubmitTextInputComponent,
  ChannelType,
  ComponentType,
  InteractionContextType,
  InteractionType,
  type ModalSubmitComponent,
} from 'discord-api-types/v10';
import { type LooseComponent, walkComponents } from './components.js';
import type { Resolver } from './options.js';
import type { DoubleUser, GuildState, World } from './world.js';

/** Where an interaction happens: a guild channel (default: the default guild's first channel) or a DM. */
export interface Where {
  /** Guild id; default the double's default guild. */
  guildId?: string;
  /** Channel name or id within the guild; default its first channel. */
  channel?: string;
  /** In the user's DM with the bot (no guild_id, `user` instead of `member`). */
  dm?: boolean;
  /**
   * Through the user's own install of the app (authorizing_integration_owners names the user only),
   * as when the application allows user installs: Discord applies no default_member_permissions then.
   */
  userInstall?: boolean;
}

/** The place an interaction happens, resolved. */
export interface Place {
  guild: GuildState | null;
  channelId: string;
  channel: NonNullable<APIBaseInteraction<InteractionType, unknown>['channel']>;
  /** The member's permissions in the guild (null in DMs). */
  memberPermissions: bigint | null;
  /** The user whose own install of the app authorizes the interaction (see `Where.userInstall`). */
  userInstall?: string;
}

/** Common fields of every INTERACTION_CREATE payload. */
export type InteractionBase = Omit<APIBaseInteraction<InteractionType, unknown>, 'type' | 'data'>;

/** Largest file a bot may upload in the double's guilds (Discord: at least 10 MiB, per interaction). */
export const UPLOAD_LIMIT = 10 * 1024 * 1024;

/** An interaction token: long, opaque and unique like Discord's (`aW50ZXJhY3Rpb246...`). */
export function interactionToken(id: string): string {
  return `${Buffer.from(`interaction:${id}:`).toString('base64url')}${randomBytes(48).toString('base64url')}`;
}

/** Resolves where the user acts; throws when the user is not a member of that guild. */
export function placeOf(world: World, user: DoubleUser, where: Where = {}): Place {
  if (where.dm) {
    const channel: APIDMChannel = {
      id: world.dmChannelId(user),
      type: ChannelType.DM,
      name: null,
      last_message_id: null,
      flags: 0 as APIDMChannel['flags'],
      recipients: [world.apiUser(user)],
    };
    return { guild: null, channelId: channel.id, channel, memberPermissions: null };
  }
  const guild = world.guild(where.guildId);
  if (!world.isMember(user, guild.id))
    throw new Error(`${user.username} is not a member of guild ${guild.id}`);
  const channel = world.channel(guild, where.channel);
  return {
    guild,
    channelId: channel.id,
    channel,
    memberPermissions: world.memberPermissions(user, guild),
    ...(where.userInstall ? { userInstall: user.id } : {}),
  };
}

/**
 * The authorizing_integration_owners of a guild-installed app: the guild id, or "0" in the bot's DMs;
 * of a user's own install: that user's id.
 */
export function ownersOf(place: Place): APIAuthorizingIntegrationOwnersMap {
  if (place.userInstall) return { '1': place.userInstall };
  return { '0': place.guild ? place.guild.id : '0' };
}

/** The fields every interaction carries (id, token, version, channel, member or user, permissions, locale...). */
export function interactionBase(
  world: World,
  user: DoubleUser,
  place: Place,
  id: string,
  token: string,
): InteractionBase {
  const { guild } = place;
  const common = {
    id,
    application_id: world.applicationId,
    token,
    version: 1 as const,
    channel: place.channel,
    channel_id: place.channelId,
    app_permissions: world.appPermissions(guild),
    locale: user.locale,
    entitlements: [],
    authorizing_integration_owners: ownersOf(place),
    attachment_size_limit: world.uploadLimit,
  };
  if (!guild) return { ...common, user: world.apiUser(user), context: InteractionContextType.BotDM };
  return {
    ...common,
    guild_id: guild.id,
    guild: { id: guild.id, locale: guild.preferredLocale, features: [] },
    member: world.interactionMember(user, guild),
    guild_locale: guild.preferredLocale,
    context: InteractionContextType.Guild,
  };
}

const SELECT_TYPES = new Set<unknown>([
  ComponentType.StringSelect,
  ComponentType.UserSelect,
  ComponentType.RoleSelect,
  ComponentType.MentionableSelect,
  ComponentType.ChannelSelect,
]);

/** Values chosen in a select: strings for string selects, users/role names/channel names for the others. */
export type SelectValue = string | DoubleUser;

/** The `data` of a button click or select on a component; checks the component the way Discord's client would. */
export function componentData(
  component: LooseComponent,
  values: SelectValue[] | null,
  resolver: Resolver,
  permissions: string,
): APIMessageComponentInteraction['data'] {
  const customId = String(component.custom_id);
  if (component.disabled === true) throw new Error(`component ${customId} is disabled`);
  if (values === null) {
    if (component.type !== ComponentType.Button) throw new Error(`component ${customId} is not a button`);
    return { custom_id: customId, component_type: ComponentType.Button };
  }
  if (!SELECT_TYPES.has(component.type)) throw new Error(`component ${customId} is not a select menu`);
  const min = typeof component.min_values === 'number' ? component.min_values : 1;
  const max = typeof component.max_values === 'number' ? component.max_values : 1;
  if (values.length < min || values.length > max) {
    throw new Error(`select ${customId} takes ${min} to ${max} values, got ${values.length}`);
  }
  switch (component.type) {
    case ComponentType.StringSelect: {
      const options = Array.isArray(component.options) ? (component.options as Array<{ value: string }>) : [];
      for (const value of values) {
        if (typeof value !== 'string' || !options.some((o) => o.value === value)) {
          throw new Error(
            `select ${customId} has no option ${String(typeof value === 'string' ? value : value.id)}`,
          );
        }
      }
      return { custom_id: customId, component_type: ComponentType.StringSelect, values: values as string[] };
    }
    case ComponentType.UserSelect: {
      const ids = values.map((v) => resolver.user(v));
      return {
        custom_id: customId,
        component_type: ComponentType.UserSelect,
        values: ids,
        resolved: {
          users: resolver.resolved.users ?? {},
          ...(resolver.resolved.members ? { members: resolver.resolved.members } : {}),
        },
      };
    }
    case ComponentType.RoleSelect: {
      const ids = values.map((v) => resolver.role(v));
      return {
        custom_id: customId,
        component_type: ComponentType.RoleSelect,
        values: ids,
        resolved: { roles: resolver.resolved.roles ?? {} },
      };
    }
    case ComponentType.ChannelSelect: {
      const ids = values.map((v) => resolver.channel(v, permissions));
      return {
        custom_id: customId,
        component_type: ComponentType.ChannelSelect,
        values: ids,
        resolved: { channels: resolver.resolved.channels ?? {} },
      };
    }
    default: {
      const ids = values.map((v) => resolver.mentionable(v));
      return {
        custom_id: customId,
        component_type: ComponentType.MentionableSelect,
        values: ids,
        resolved: resolver.resolved,
      };
    }
  }
}

/**
 * What the user filled in a modal, by component custom_id: text for a text input or a radio group,
 * chosen values for a select (channel and role selects take names or ids) or a checkbox group, true or
 * false for a checkbox. A select, radio group or checkbox group left out sends what Discord sends for
 * an untouched one: its defaults.
 */
export type ModalFields = Record<string, string | string[] | boolean>;

/** How a submission is checked: as Discord's client does (the default), or `forged`, as a crafted payload. */
interface Submitting {
  fields: ModalFields;
  used: Set<string>;
  resolver: Resolver | undefined;
  /** Values a real client could not send pass through (ids unknown to the server are left unresolved). */
  forged: boolean;
}

const optionValues = (component: LooseComponent): string[] =>
  (Array.isArray(component.options) ? (component.options as Array<{ value?: unknown }>) : []).map((o) =>
    String(o.value),
  );
const defaultsOf = (component: LooseComponent): string[] =>
  Array.isArray(component.default_values)
    ? (component.default_values as Array<{ id?: unknown }>).map((d) => String(d.id))
    : (Array.isArray(component.options)
        ? (component.options as Array<{ value?: unknown; default?: unknown }>)
        : []
      )
        .filter((o) => o.default === true)
        .map((o) => String(o.value));

function textInput(component: LooseComponent, value: ModalFields[string] | undefined, id: number) {
  const customId = String(component.custom_id ?? '');
  // An input left as it was sends the value it was shown with, as Discord's client does.
  const shown = typeof component.value === 'string' ? component.value : '';
  if (value === undefined && component.required !== false && shown === '')
    throw new Error(`modal field ${customId} is required`);
  if (typeof value !== 'string' && value !== undefined)
    throw new Error(`modal field ${customId} is a text input`);
  const text = value ?? shown;
  const min = typeof component.min_length === 'number' ? component.min_length : 0;
  const max = typeof component.max_length === 'number' ? component.max_length : 4000;
  if (text !== '' && (text.length < min || text.length > max))
    throw new Error(`modal field ${customId}: length out of range`);
  return { type: ComponentType.TextInput, id, custom_id: customId, value: text } as const;
}

/** The values chosen in a select, radio group or checkbox group, checked as Discord's client allows them. */
function chosen(
  component: LooseComponent,
  value: ModalFields[string] | undefined,
  how: Submitting,
): string[] {
  const customId = String(component.custom_id ?? '');
  if (typeof value === 'boolean') throw new Error(`modal field ${customId} takes values, not true or false`);
  const values = value === undefined ? defaultsOf(component) : Array.isArray(value) ? value : [value];
  if (how.forged) return values;
  const required = component.required !== false;
  const radio = component.type === ComponentType.RadioGroup;
  const checkboxes = component.type === ComponentType.CheckboxGroup;
  const min = radio
    ? required
      ? 1
      : 0
    : typeof component.min_values === 'number'
      ? component.min_values
      : required
        ? 1
        : 0;
  const max = radio
    ? 1
    : typeof component.max_values === 'number'
      ? component.max_values
      : checkboxes
        ? optionValues(component).length
        : 1;
  if (
    values.length < (required ? Math.max(1, min) : 0) ||
    values.length > max ||
    (values.length > 0 && values.length < min)
  )
    throw new Error(`modal field ${customId} takes ${min} to ${max} values, got ${values.length}`);
  if (component.type === ComponentType.StringSelect || radio || checkboxes) {
    const offered = optionValues(component);
    const missing = values.filter((v) => !offered.includes(v));
    if (missing.length > 0) throw new Error(`modal field ${customId} has no option ${missing.join(', ')}`);
  }
  return values;
}

/** A channel or role select's values, resolved (a forged id no server has stays unresolved, as Discord would not resolve it). */
function resolvedValues(component: LooseComponent, values: string[], how: Submitting): string[] {
  const resolver = how.resolver;
  if (!resolver) throw new Error('selects in a modal need a guild');
  return values.map((v) => {
    try {
      return component.type === ComponentType.ChannelSelect
        ? how.forged
          ? resolver.anyChannel(v)
          : resolver.channel(v, '0')
        : component.type === ComponentType.RoleSelect
          ? resolver.role(v)
          : resolver.user(v);
    } catch (error) {
      if (how.forged) return v;
      throw error;
    }
  });
}

function submitted(component: LooseComponent, how: Submitting): ModalSubmitComponent | null {
  const customId = String(component.custom_id ?? '');
  const id = typeof component.id === 'number' ? component.id : 0;
  const value = how.fields[customId];
  if (value !== undefined) how.used.add(customId);
  switch (component.type) {
    case ComponentType.TextInput:
      return textInput(component, value, id);
    case ComponentType.Checkbox: {
      if (value !== undefined && typeof value !== 'boolean')
        throw new Error(`modal field ${customId} is a checkbox: true or false`);
      return {
        type: ComponentType.Checkbox,
        id,
        custom_id: customId,
        value: value ?? component.default === true,
      };
    }
    case ComponentType.RadioGroup: {
      const values = chosen(component, value, how);
      return { type: ComponentType.RadioGroup, id, custom_id: customId, value: values[0] ?? null };
    }
    case ComponentType.CheckboxGroup:
      return {
        type: ComponentType.CheckboxGroup,
        id,
        custom_id: customId,
        values: chosen(component, value, how),
      };
    case ComponentType.StringSelect:
      return {
        type: ComponentType.StringSelect,
        id,
        custom_id: customId,
        values: chosen(component, value, how),
      };
    case ComponentType.ChannelSelect:
    case ComponentType.RoleSelect:
    case ComponentType.UserSelect: {
      const values = resolvedValues(component, chosen(component, value, how), how);
      return { type: component.type, id, custom_id: customId, values } as ModalSubmitComponent;
    }
    default:
      return null;
  }
}

/**
 * The `data` of a modal submit, shaped like the modal that was shown: action rows with text inputs, or
 * labels wrapping a text input, a select (channel, role and user selects with their `resolved` data),
 * a radio group, a checkbox group or a checkbox; text displays come back as `{type: 10, id}`.
 */
export function modalSubmission(
  modal: APIModalInteractionResponseCallbackData,
  fields: ModalFields,
  options: { resolver?: Resolver; forged?: boolean } = {},
): APIModalSubmission {
  const how: Submitting = {
    fields,
    used: new Set(),
    resolver: options.resolver,
    forged: options.forged === true,
  };
  const components: APIModalSubmissionComponent[] = [];
  walkComponents(modal.components, (component, path) => {
    if (path.length !== 2) return;
    const id = typeof component.id === 'number' ? component.id : 0;
    if (component.type === ComponentType.ActionRow) {
      const inner = (Array.isArray(component.components) ? (component.components as LooseComponent[]) : [])
        .map((c) => submitted(c, how))
        .filter((c): c is APIModalSubmitTextInputComponent => c?.type === ComponentType.TextInput);
      components.push({ type: ComponentType.ActionRow, id, components: inner });
    } else if (component.type === ComponentType.Label && component.component) {
      const inner = submitted(component.component as LooseComponent, how);
      if (inner) components.push({ type: ComponentType.Label, id, component: inner });
    } else if (component.type === ComponentType.TextDisplay) {
      components.push({ type: ComponentType.TextDisplay, id });
    }
  });
  const unknown = Object.keys(fields).filter((key) => !how.used.has(key));
  if (unknown.length > 0) throw new Error(`modal ${modal.custom_id} has no field ${unknown.join(', ')}`);
  const resolved = options.resolver?.result;
  return { custom_id: modal.custom_id, components, ...(resolved ? { resolved } : {}) } as APIModalSubmission;
}

/** A modal submit payload. */
export function modalPayload(
  base: InteractionBase,
  data: APIModalSubmission,
  message: APIMessage | null,
): APIModalSubmitInteraction {
  return {
    ...base,
    type: InteractionType.ModalSubmit,
    data,
    ...(message ? { message } : {}),
  } as APIModalSubmitInteraction;
}
