import {
  type APIApplicationCommandAutocompleteInteraction,
  type APIChatInputApplicationCommandInteraction,
  type APIEmbed,
  type APIInteraction,
  type APIMessage,
  type APIMessageApplicationCommandInteraction,
  type APIMessageApplicationCommandInteractionData,
  type APIMessageComponentInteraction,
  type APIModalInteractionResponseCallbackData,
  type APIUserApplicationCommandInteraction,
  type APIUserApplicationCommandInteractionData,
  ApplicationCommandType,
  GatewayDispatchEvents,
  InteractionType,
  MessageType,
} from 'discord-api-types/v10';
import type { CommandRegistry } from './commands.js';
import { findComponent } from './components.js';
import type { Gateway } from './gateway.js';
import { type HandleDeps, InteractionHandle } from './handle.js';
import type { InteractionRecord } from './interactions.js';
import { assertCommandVisible, buildOptions, type CommandInput, Resolver } from './options.js';
import {
  componentData,
  interactionBase,
  interactionToken,
  type ModalFields,
  modalPayload,
  modalSubmission,
  ownersOf,
  type Place,
  placeOf,
  type SelectValue,
  type Where,
} from './payloads.js';
import { type SnowflakeFactory, snowflakeTime } from './snowflake.js';
import type { DoubleUser, World } from './world.js';

/** A message reference for clicks: a message id or anything with an `id` (APIMessage, ResponseMessage). */
export type MessageRef = string | { id: string };

/**
 * The message a message command is run on: its author and text, and, for a message posted before
 * (`post`), its id, channel and time.
 */
export interface MessageTarget {
  author: DoubleUser;
  content?: string;
  embeds?: APIEmbed[];
  id?: string;
  channelId?: string;
  timestamp?: string;
}

/** A message a user posted in a channel (`post`). */
export interface PostedMessage extends MessageTarget {
  id: string;
  channelId: string;
  guildId: string | null;
  content: string;
  embeds: APIEmbed[];
  timestamp: string;
}

/** A slash command invocation: subcommand/options plus where it happens. */
export interface SlashInput extends CommandInput, Where {
  /** Dispatch even when `default_member_permissions` would hide the command from this member. */
  bypassPermissions?: boolean;
}

/** Options of a modal submit. */
export interface ModalInput extends Where {
  /** Submit even though no modal with this custom_id was shown to the user (builds plain rows from `fields`). */
  unsolicited?: boolean;
  /**
   * A crafted payload, not what Discord's client sends: values the modal does not offer pass, and a
   * channel select's ids are resolved in whichever server has them (unresolved when none has).
   */
  forged?: boolean;
}

interface DriverDeps extends HandleDeps {
  world: World;
  ids: SnowflakeFactory;
  commands: CommandRegistry;
  gateway: Gateway;
}

/** Builds and dispatches interactions the way Discord's client and gateway would. */
export class InteractionDriver {
  constructor(private readonly deps: DriverDeps) {}

  #record(
    user: DoubleUser,
    place: Place,
    type: InteractionType,
    build: (base: ReturnType<typeof interactionBase>) => APIInteraction,
    extra: Partial<
      Pick<
        InteractionRecord,
        'commandName' | 'sourceMessageId' | 'triggeredBy' | 'targetUser' | 'targetMessageId'
      >
    > = {},
  ): InteractionHandle {
    const { world, ids, ledger, gateway } = this.deps;
    const id = ids.next();
    const token = interactionToken(id);
    const payload = build(interactionBase(world, user, place, id, token));
    const record: InteractionRecord = {
      id,
      token,
      type,
      payload,
      user: world.apiUser(user),
      guildId: place.guild?.id ?? null,
      channelId: place.channelId,
      commandName: extra.commandName ?? null,
      sourceMessageId: extra.sourceMessageId ?? null,
      triggeredBy: extra.triggeredBy ?? null,
      targetUser: extra.targetUser ?? null,
      targetMessageId: extra.targetMessageId ?? null,
      owners: ownersOf(place),
      createdAt: performance.now(),
      delivery: 'sent',
      firstCallbackAt: null,
      ack: null,
      originalMessageId: null,
      loading: false,
      followUpIds: [],
      final: null,
      choices: null,
      modal: null,
    };
    ledger.add(record);
    record.delivery = gateway.dispatch(GatewayDispatchEvents.InteractionCreate, payload, record.guildId);
    if (record.delivery === 'lost' && gateway.stats.identifies === 0) {
      throw new Error('no client is logged in to the double (no gateway session)');
    }
    return new InteractionHandle(record, this.deps);
  }

  #command(
    user: DoubleUser,
    name: string,
    input: SlashInput,
    focused?: { name: string; value: string },
  ): InteractionHandle {
    const { world, commands } = this.deps;
    const place = placeOf(world, user, input);
    const command = commands.find(name, place.guild?.id ?? null);
    if (command && !input.bypassPermissions)
      assertCommandVisible(command, place.guild, place.memberPermissions);
    const permissions = (place.memberPermissions ?? 0n).toString();
    const built = buildOptions(world, place.guild, command, input, permissions, focused);
    const data = {
      id: command?.id ?? this.deps.ids.next(),
      name,
      type: ApplicationCommandType.ChatInput as const,
      ...(command?.guild_id ? { guild_id: command.guild_id } : {}),
      options: built.options,
      ...(built.resolved ? { resolved: built.resolved } : {}),
    };
    const commandName = [name, input.group, input.subcommand].filter(Boolean).join(' ');
    const type = focused
      ? InteractionType.ApplicationCommandAutocomplete
      : InteractionType.ApplicationCommand;
    return this.#record(
      user,
      place,
      type,
      (base) =>
        focused
          ? ({ ...base, type, data } as APIApplicationCommandAutocompleteInteraction)
          : ({ ...base, type, data } as APIChatInputApplicationCommandInteraction),
      { commandName },
    );
  }

  /** Runs a slash command as `user` (default guild, first channel unless `input` says otherwise). */
  async slash(user: DoubleUser, name: string, input: SlashInput = {}): Promise<InteractionHandle> {
    return this.#command(user, name, input);
  }

  /** Types `value` into the autocomplete option `focused` of a command. */
  async autocomplete(
    user: DoubleUser,
    command: string,
    subcommand: string | null,
    focused: string,
    value: string,
    input: Omit<SlashInput, 'subcommand'> = {},
  ): Promise<InteractionHandle> {
    return this.#command(
      user,
      command,
      { ...input, ...(subcommand ? { subcommand } : {}) },
      { name: focused, value },
    );
  }

  /**
   * Runs the user command `name` (Apps in a user's right-click menu) on `target`, as `user`: data
   * carries `target_id` and the target in `resolved.users` (and `resolved.members` when the target
   * is a member of the guild), as Discord sends it. Checked like a slash command: registered as a
   * USER command, visible to the member, in the right context.
   */
  async userCommand(
    user: DoubleUser,
    name: string,
    target: DoubleUser,
    input: Where & { bypassPermissions?: boolean } = {},
  ): Promise<InteractionHandle> {
    const { world, commands } = this.deps;
    const place = placeOf(world, user, input);
    const command = commands.find(name, place.guild?.id ?? null, ApplicationCommandType.User);
    if (!command) throw new Error(`no user command "${name}" is registered here`);
    if (!input.bypassPermissions) assertCommandVisible(command, place.guild, place.memberPermissions);
    const resolver = new Resolver(world, place.guild);
    const targetId = resolver.user(target);
    const data: APIUserApplicationCommandInteractionData = {
      id: command.id,
      name: command.name,
      type: ApplicationCommandType.User,
      ...(command.guild_id ? { guild_id: command.guild_id } : {}),
      target_id: targetId,
      resolved: {
        users: resolver.resolved.users ?? {},
        ...(resolver.resolved.members ? { members: resolver.resolved.members } : {}),
      },
    };
    return this.#record(
      user,
      place,
      InteractionType.ApplicationCommand,
      (base) =>
        ({ ...base, type: InteractionType.ApplicationCommand, data }) as APIUserApplicationCommandInteraction,
      { commandName: command.name, targetUser: world.apiUser(target) },
    );
  }

  /**
   * Runs the message command `name` (Apps in a message's right-click menu) on a message `author`
   * posted in the channel with `content` and `embeds`, as `user`: data carries `target_id` and the
   * message in `resolved.messages`, as Discord sends it (the content is there whatever the bot's
   * intents). Checked like a slash command: registered as a MESSAGE command, visible to the member.
   */
  async messageCommand(
    user: DoubleUser,
    name: string,
    target: MessageTarget,
    input: Where & { bypassPermissions?: boolean } = {},
  ): Promise<InteractionHandle> {
    const { world, commands, ids } = this.deps;
    const place = placeOf(world, user, input);
    const command = commands.find(name, place.guild?.id ?? null, ApplicationCommandType.Message);
    if (!command) throw new Error(`no message command "${name}" is registered here`);
    if (!input.bypassPermissions) assertCommandVisible(command, place.guild, place.memberPermissions);
    if (target.channelId !== undefined && target.channelId !== place.channelId)
      throw new Error(`message ${target.id} is in another channel`);
    const messageId = target.id ?? ids.next();
    const message: APIMessage = {
      id: messageId,
      channel_id: place.channelId,
      author: world.apiUser(target.author),
      content: target.content ?? '',
      timestamp: target.timestamp ?? new Date().toISOString(),
      edited_timestamp: null,
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      attachments: [],
      embeds: target.embeds ?? [],
      pinned: false,
      type: MessageType.Default,
      components: [],
    };
    const data: APIMessageApplicationCommandInteractionData = {
      id: command.id,
      name: command.name,
      type: ApplicationCommandType.Message,
      ...(command.guild_id ? { guild_id: command.guild_id } : {}),
      target_id: messageId,
      resolved: { messages: { [messageId]: message } },
    };
    return this.#record(
      user,
      place,
      InteractionType.ApplicationCommand,
      (base) =>
        ({
          ...base,
          type: InteractionType.ApplicationCommand,
          data,
        }) as APIMessageApplicationCommandInteraction,
      { commandName: command.name, targetMessageId: messageId },
    );
  }

  /**
   * A message `author` posts in a channel (not through an interaction): what a message command is
   * then run on (`messageCommand(user, name, posted)`). The double keeps no channel history; the
   * caller keeps what it posted.
   */
  post(
    author: DoubleUser,
    body: { content?: string; embeds?: APIEmbed[] },
    input: Where = {},
  ): PostedMessage {
    const { world, ids } = this.deps;
    const place = placeOf(world, author, input);
    const id = ids.next();
    return {
      id,
      channelId: place.channelId,
      guildId: place.guild?.id ?? null,
      author,
      content: body.content ?? '',
      embeds: body.embeds ?? [],
      // The instant its id holds, as Discord's: discord.js reads `createdAt` from the id.
      timestamp: new Date(snowflakeTime(id)).toISOString(),
    };
  }

  #component(
    user: DoubleUser,
    ref: MessageRef,
    customId: string,
    values: SelectValue[] | null,
  ): InteractionHandle {
    const { world, ledger } = this.deps;
    const id = typeof ref === 'string' ? ref : ref.id;
    const stored = ledger.messages.get(id);
    if (!stored || stored.deleted) throw new Error(`message ${id} does not exist (or was deleted)`);
    if (stored.visibleTo !== null && stored.visibleTo !== user.id) {
      throw new Error(`${user.username} cannot see ephemeral message ${id}`);
    }
    const component = findComponent(stored.message.components, customId);
    if (!component) throw new Error(`message ${id} has no component with custom_id ${customId}`);
    const origin = ledger.get(stored.interactionId);
    const place = placeOf(
      world,
      user,
      origin?.guildId ? { guildId: origin.guildId, channel: origin.channelId } : { dm: !origin?.guildId },
    );
    const resolver = new Resolver(world, place.guild);
    const data = componentData(component, values, resolver, (place.memberPermissions ?? 0n).toString());
    const message = structuredClone(stored.message);
    return this.#record(
      user,
      place,
      InteractionType.MessageComponent,
      (base) =>
        ({
          ...base,
          type: InteractionType.MessageComponent,
          data,
          message,
        }) as APIMessageComponentInteraction,
      { sourceMessageId: stored.message.id },
    );
  }

  /** Clicks the button `customId` on a message the bot sent (the payload carries the full stored message). */
  async click(user: DoubleUser, message: MessageRef, customId: string): Promise<InteractionHandle> {
    return this.#component(user, message, customId, null);
  }

  /** Chooses `values` in the select menu `customId` on a message the bot sent. */
  async select(
    user: DoubleUser,
    message: MessageRef,
    customId: string,
    values: SelectValue[],
  ): Promise<InteractionHandle> {
    return this.#component(user, message, customId, values);
  }

  /**
   * Submits the modal `customId` last shown to `user`, with `fields` by input custom_id. The submission
   * has the shape of the modal that was shown and happens where it was shown.
   */
  async submitModal(
    user: DoubleUser,
    customId: string,
    fields: ModalFields,
    input: ModalInput = {},
  ): Promise<InteractionHandle> {
    const { world, ledger } = this.deps;
    const trigger = ledger
      .all()
      .reverse()
      .find((r) => r.modal?.custom_id === customId && r.user.id === user.id);
    if (!trigger?.modal && !input.unsolicited)
      throw new Error(`no modal ${customId} was shown to ${user.username}`);
    const modal: APIModalInteractionResponseCallbackData = trigger?.modal ?? {
      custom_id: customId,
      title: customId,
      components: Object.keys(fields).map((key) => ({
        type: 1,
        components: [{ type: 4, custom_id: key, style: 1, label: key, required: false }],
      })),
    };
    const where: Where = trigger
      ? trigger.guildId
        ? { guildId: trigger.guildId, channel: trigger.channelId }
        : { dm: true }
      : input;
    const place = placeOf(world, user, where);
    const data = modalSubmission(modal, fields, {
      ...(place.guild ? { resolver: new Resolver(world, place.guild) } : {}),
      forged: input.forged === true,
    });
    const source = trigger?.sourceMessageId ? ledger.messages.get(trigger.sourceMessageId) : undefined;
    return this.#record(
      user,
      place,
      InteractionType.ModalSubmit,
      (base) => modalPayload(base, data, source?.message ?? null),
      {
        sourceMessageId: source?.message.id ?? null,
        triggeredBy: trigger ?? null,
      },
    );
  }
}
