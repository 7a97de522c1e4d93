/**
 * The logic behind `npm run playground`: what the browser page asks for (a typed slash command, a
 * button click, a pick in a menu, a modal's answer, autocomplete, switching the acting user) driven
 * through the Discord double against the real bot (see test/e2e/world.ts), and the conversation as
 * the acting user sees it (`state()`), which the page renders like Discord.
 *
 * Typed commands are read like `npm run try` reads them (tools/try/parse.ts).
 */
import {
  type APIApplicationCommand,
  type APIApplicationCommandOption,
  type APIMessage,
  type APIModalInteractionResponseCallbackData,
  ApplicationCommandType,
  type Locale,
  MessageType,
  ApplicationCommandOptionType as T,
} from 'discord-api-types/v10';
import { findComponent } from '../../test/doubles/discord/components.js';
import type {
  DoubleUser,
  InteractionHandle,
  InteractionResponse,
  ModalFields,
  OptionValue,
  PostedMessage,
} from '../../test/doubles/discord/double.js';
import type { ChoiceDef } from '../../test/doubles/discord/options.js';
import type { World } from '../../test/e2e/world.js';
import {
  parseBoolean,
  parseChoice,
  parseInteger,
  parseNumber,
  type SlashLine,
  snowflakeOf,
  splitSlash,
} from '../try/parse.js';

/**
 * How long to wait for the bot's answer: as on Discord, a deferred answer may come until the
 * interaction's token expires (15 minutes), and a large report on a busy machine takes a while.
 */
const ANSWER_WAIT_MS = 15 * 60_000;

type OptionDef = APIApplicationCommandOption & { autocomplete?: boolean; options?: OptionDef[] };

/** The command, group, subcommand and option definitions that typed command words name. */
interface Resolved {
  name: string;
  group?: string;
  subcommand?: string;
  defs: OptionDef[];
}

/** A user the page can act as. */
export interface PlaygroundUser {
  id: string;
  username: string;
  roles: string[];
}

/** One message of the conversation, as the acting user sees it. */
export interface ViewMessage {
  id: string;
  message: APIMessage;
  /** Only the acting user sees it ("Only you can see this"). */
  ephemeral: boolean;
  /**
   * The command that produced it (`{ username: 'moderator', command: 'loa list' }`), or null; for a
   * user command (right-click, Apps) its name and the user it was run on (`target`); for a message
   * command the message it was run on (`targetMessage`: its author and the start of its text).
   */
  invokedBy: {
    username: string;
    command: string;
    target?: string;
    targetMessage?: { author: string; excerpt: string };
  } | null;
  /** Who posted it when a user did (a message of the channel, not Rollcall's): right-click for Apps. */
  postedBy?: PlaygroundUser;
  /** Rollcall posted it in the channel on its own (a scheduled digest, a leave reminder): no answer to anyone. */
  scheduled?: boolean;
}

/** What the page shows. */
export interface PlaygroundState {
  bot: { id: string; username: string };
  actor: PlaygroundUser;
  users: PlaygroundUser[];
  /** The slash commands Rollcall registered with Discord (what the command box lists). */
  commands: APIApplicationCommand[];
  /** The user commands Rollcall registered (a user's right-click menu, Apps). */
  userCommands: APIApplicationCommand[];
  /** The message commands Rollcall registered (a message's right-click menu, Apps: Check player). */
  messageCommands: APIApplicationCommand[];
  /** Who is in the channel (the member list, right-click for Apps): the users and a few of the community. */
  members: PlaygroundUser[];
  /** Every Discord user of the community's members (the sandbox's), to show mentions by name. */
  people: PlaygroundUser[];
  messages: ViewMessage[];
  /** The server's text channels (what a channel select in a modal lists). */
  channels: Array<{ id: string; name: string; type: number }>;
  /** The server's roles a member may be given (what a role select in a modal lists): not @everyone nor a bot's. */
  roles: Array<{ id: string; name: string }>;
  /** The modal the bot opened for the acting user and not yet answered. */
  modal: APIModalInteractionResponseCallbackData | null;
  /** Interactions of the acting user the bot did not answer ("The application did not respond"). */
  failures: Array<{ at: string; text: string }>;
}

/** Outcome of one action: a short note for the page, autocomplete choices, or what went wrong. */
export interface ActionResult {
  ok: boolean;
  error?: string;
  choices?: Array<{ name: string; value: string | number }>;
  kind?: string;
}

/** A mistake in what was asked (shown under the command box), not a failure of the bot. */
export class InputError extends Error {}

/**
 * Hands an interaction to the double. What the double refuses before dispatching (an option out of
 * range, a command hidden from this member, a message gone) is what Discord's client would not let
 * the user send: a mistake in what was asked (HTTP 400), not a failure of the playground.
 */
async function dispatch(send: () => Promise<InteractionHandle>): Promise<InteractionHandle> {
  try {
    return await send();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof InputError || message.startsWith('no client is logged in')) throw error;
    throw new InputError(message);
  }
}

/** Names for the sandbox's members' Discord users (a number added past the list's end). */
const PEOPLE_NAMES = [
  'sam',
  'riley',
  'casey',
  'morgan',
  'taylor',
  'jamie',
  'quinn',
  'avery',
  'rowan',
  'skyler',
];

/** The start of a posted message's text (its content, else its first embed's title), for "used Check player ▸". */
function excerptOf(post: PostedMessage): string {
  const text = (post.content || post.embeds[0]?.title || post.embeds[0]?.description || '').replace(
    /\s+/g,
    ' ',
  );
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

const userView = (u: DoubleUser): PlaygroundUser => ({ id: u.id, username: u.username, roles: [...u.roles] });

export class PlaygroundSession {
  readonly #world: World;
  readonly #users = new Map<string, DoubleUser>();
  /** People of the community (their Discord accounts) shown in the member list, to right-click. */
  readonly #community: DoubleUser[] = [];
  /** A Discord user for every sandbox member with a Discord account, named (mentions show names). */
  readonly #people: DoubleUser[] = [];
  readonly #modals = new Map<string, APIModalInteractionResponseCallbackData>();
  readonly #failures = new Map<string, Array<{ at: string; text: string }>>();
  /** Messages users posted in the channel (reports naming players, what was typed without a /). */
  readonly #posts: PostedMessage[] = [];
  #actor: DoubleUser;

  constructor(world: World, extraUsers: Array<{ username: string; roles: string[]; locale?: Locale }> = []) {
    this.#world = world;
    this.#actor = world.mod;
    this.#users.set(world.mod.id, world.mod);
    for (const spec of extraUsers) {
      const user = world.double.user(spec);
      this.#users.set(user.id, user);
    }
    // A member with many LOAs, someone who asked to join and a staff member on duty now (the most
    // shifts of those on duty): worth a right-click.
    const dataset = world.sandbox.dataset;
    const samples = dataset.samples;
    const shiftsOf = new Map<string, number>();
    for (const shift of dataset.shifts)
      if (shift.memberId) shiftsOf.set(shift.memberId, (shiftsOf.get(shift.memberId) ?? 0) + 1);
    const onDuty = dataset.shifts
      .filter((s) => !s.endedAt && s.memberId)
      .map((s) => s.memberId as string)
      .sort((a, b) => (shiftsOf.get(b) ?? 0) - (shiftsOf.get(a) ?? 0) || (a < b ? -1 : 1))[0];
    const community = [
      { id: samples.busyChatIds[0], username: 'alex' },
      { id: samples.joinRequestUserIds[0], username: 'jordan' },
      { id: onDuty ? dataset.chatIdOf(onDuty) : undefined, username: 'robin' },
    ];
    for (const { id, username } of community) {
      // Holding the Member role, as staff do: acted as (their name), /me shows their own record.
      if (id && !this.#users.has(id))
        this.#community.push(world.double.user({ id, username, roles: ['Member'] }));
    }
    const taken = new Set([...this.#users.keys(), ...this.#community.map((u) => u.id)]);
    for (const [i, member] of world.sandbox.dataset.members.entries()) {
      const id = world.sandbox.dataset.chatIdOf(member.id);
      if (!id || taken.has(id)) continue;
      const name = `${PEOPLE_NAMES[i % PEOPLE_NAMES.length]}${i >= PEOPLE_NAMES.length ? Math.floor(i / PEOPLE_NAMES.length) : ''}`;
      this.#people.push(world.double.user({ id, username: name }));
    }
    // The community's reports and tickets naming players (the sandbox's), already in the channel:
    // right-click one → Apps → Check player.
    const known = [...this.#users.values(), ...this.#community, ...this.#people];
    for (const sample of world.sandbox.dataset.samples.playerMessages) {
      const author =
        known.find((u) => u.id === sample.authorChatId) ??
        world.double.user({ id: sample.authorChatId, username: `reporter-${sample.authorChatId.slice(-4)}` });
      this.#posts.push(world.double.post(author, { content: sample.content, embeds: sample.embeds }));
    }
  }

  /** The sandbox's members and the Discord users they are (what right-clicks teach Rollcall's directory). */
  communityPeople(): Array<{ memberId: string; userId: string }> {
    const ds = this.#world.sandbox.dataset;
    return ds.members.flatMap((m) => {
      const userId = ds.chatIdOf(m.id);
      return userId ? [{ memberId: m.id, userId }] : [];
    });
  }

  get actor(): DoubleUser {
    return this.#actor;
  }

  /** The conversation as the acting user sees it: public messages and their own ephemeral ones. */
  state(): PlaygroundState {
    const double = this.#world.double;
    const records = new Map(double.interactions().map((r) => [r.id, r]));
    const messages: ViewMessage[] = this.#posts.map((post) => ({
      id: post.id,
      message: this.#postedMessage(post),
      ephemeral: false,
      invokedBy: null,
      postedBy: userView(post.author),
    }));
    for (const posted of double.channelMessages)
      messages.push({ id: posted.id, message: posted, ephemeral: false, invokedBy: null, scheduled: true });
    for (const stored of double.messages()) {
      if (stored.deleted) continue;
      if (stored.visibleTo !== null && stored.visibleTo !== this.#actor.id) continue;
      const record = records.get(stored.interactionId);
      const target = record?.targetMessageId
        ? this.#posts.find((p) => p.id === record.targetMessageId)
        : undefined;
      const invoked =
        record?.commandName && record.originalMessageId === stored.message.id
          ? {
              username: record.user.username,
              command: record.commandName,
              ...(record.targetUser ? { target: record.targetUser.username } : {}),
              ...(target
                ? { targetMessage: { author: target.author.username, excerpt: excerptOf(target) } }
                : {}),
            }
          : null;
      messages.push({
        id: stored.message.id,
        message: stored.message,
        ephemeral: stored.visibleTo !== null,
        invokedBy: invoked,
      });
    }
    // In the order they were posted (snowflakes grow with time): a report typed after an answer shows below it.
    messages.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : BigInt(a.id) > BigInt(b.id) ? 1 : 0));
    return {
      bot: { id: double.bot.id, username: double.bot.username },
      actor: userView(this.#actor),
      users: [...this.#users.values()].map(userView),
      commands: this.#registered(),
      userCommands: this.#registered(ApplicationCommandType.User),
      messageCommands: this.#registered(ApplicationCommandType.Message),
      members: [...this.#users.values(), ...this.#community].map(userView),
      people: [...this.#community, ...this.#people].map(userView),
      messages,
      channels: double.guild().channels.map((c) => ({ id: c.id, name: c.name, type: c.type })),
      roles: double
        .guild()
        .roles.filter((r) => r.id !== double.guildId && !r.managed)
        .map((r) => ({ id: r.id, name: r.name })),
      modal: this.#modals.get(this.#actor.id) ?? null,
      failures: this.#failures.get(this.#actor.id) ?? [],
    };
  }

  // ---- acting as users ---------------------------------------------------------------------------

  /** Acts as `who` (a username or Discord id, also of the community's people: robin for /me); an unknown name becomes a new moderator. */
  actAs(who: string): ActionResult {
    const name = who.trim();
    if (name === '') throw new InputError('give a username to act as');
    const id = snowflakeOf(name);
    let user = [...this.#users.values(), ...this.#community].find(
      (u) => u.id === id || u.username.toLowerCase() === name.toLowerCase(),
    );
    if (!user) {
      if (!/^[\w.-]{2,32}$/.test(name) && !id) {
        throw new InputError('a username is 2 to 32 letters, digits, dots, dashes or underscores');
      }
      user = this.#world.double.user({
        ...(id ? { id, username: `mod-${id.slice(-4)}` } : { username: name }),
        roles: ['Moderator'],
      });
      this.#users.set(user.id, user);
    }
    this.#actor = user;
    return { ok: true };
  }

  // ---- slash commands and autocomplete ---------------------------------------------------------------

  /** The registered commands of one type (slash commands unless told). */
  #registered(type = ApplicationCommandType.ChatInput): APIApplicationCommand[] {
    const double = this.#world.double;
    return [...double.registeredCommands(double.guildId), ...double.registeredCommands(null)].filter(
      (c) => c.type === type,
    );
  }

  #resolve(words: string[]): Resolved {
    const [name = '', ...path] = words;
    const commands = this.#registered();
    const command = commands.find((c) => c.name === name.toLowerCase());
    if (!command) {
      throw new InputError(
        `there is no command /${name}; the commands are ${commands.map((c) => `/${c.name}`).join(' ')}`,
      );
    }
    let defs = (command.options ?? []) as OptionDef[];
    const out: { name: string; group?: string; subcommand?: string } = { name: command.name };
    for (const [type, key] of [
      [T.SubcommandGroup, 'group'],
      [T.Subcommand, 'subcommand'],
    ] as const) {
      const nested = defs.filter((d) => d.type === type);
      if (nested.length === 0) continue;
      const found = nested.find((d) => d.name === path[0]?.toLowerCase());
      if (!found) {
        const known = nested.map((d) => d.name).join(', ');
        throw new InputError(`/${command.name} needs one of: ${known}`);
      }
      out[key] = found.name;
      path.shift();
      defs = found.options ?? [];
    }
    if (path.length > 0)
      throw new InputError(`unexpected "${path.join(' ')}" (options are written name:value)`);
    return { ...out, defs };
  }

  #parse(text: string): Resolved & { line: SlashLine } {
    let resolved: Resolved | undefined;
    let line: SlashLine;
    try {
      line = splitSlash(text, (words) => {
        resolved = this.#resolve(words);
        return resolved.defs.map((d) => d.name);
      });
    } catch (error) {
      if (error instanceof InputError) throw error;
      throw new InputError(error instanceof Error ? error.message : String(error));
    }
    if (!resolved) throw new InputError('type a command after the slash, e.g. /loa list');
    return { ...resolved, line };
  }

  #value(def: OptionDef, raw: string): OptionValue {
    if (raw === '') throw new InputError(`option ${def.name} has no value (write ${def.name}:something)`);
    const choices = (def as { choices?: ChoiceDef[] }).choices;
    try {
      if (choices && choices.length > 0) return parseChoice(def.name, choices, raw);
      switch (def.type) {
        case T.Boolean:
          return parseBoolean(def.name, raw);
        case T.Integer:
          return parseInteger(def.name, raw);
        case T.Number:
          return parseNumber(def.name, raw);
        case T.User:
        case T.Mentionable:
          return this.#userOf(def.name, raw);
        default:
          return raw;
      }
    } catch (error) {
      if (error instanceof InputError) throw error;
      throw new InputError(error instanceof Error ? error.message : String(error));
    }
  }

  #values(parsed: { defs: OptionDef[]; line: SlashLine }, skip?: string): Record<string, OptionValue> {
    const out: Record<string, OptionValue> = {};
    for (const { name, value } of parsed.line.options) {
      if (name === skip) continue;
      const def = parsed.defs.find((d) => d.name === name);
      if (def) out[name] = this.#value(def, value);
    }
    return out;
  }

  /**
   * A Discord user by id or mention (created with that id on first use), or one the playground knows
   * (the acting users, the member list, the sandbox's members) by username, with or without `@`.
   */
  #userOf(option: string, raw: string): DoubleUser {
    const id = snowflakeOf(raw);
    if (id) {
      let user = this.#users.get(id);
      if (!user) {
        user = this.#world.double.user({ id, username: `user-${id.slice(-4)}` });
        this.#users.set(id, user);
      }
      return user;
    }
    const name = raw.trim().replace(/^@/, '').toLowerCase();
    const known = [...this.#users.values(), ...this.#community, ...this.#people];
    const byName = known.find((u) => u.username.toLowerCase() === name);
    if (byName) return byName;
    const some = [...this.#community, ...this.#people].slice(0, 5).map((u) => `@${u.username}`);
    throw new InputError(
      `${option}: give a member by name (${some.join(', ')}…: the member list) or a Discord user id (17 to 20 digits)`,
    );
  }

  /** Runs a typed slash command (`/loa list public:true`) as the acting user. */
  async slash(text: string): Promise<ActionResult> {
    if (!text.trim().startsWith('/')) throw new InputError('a command starts with /, e.g. /loa list');
    const parsed = this.#parse(text);
    const missing = parsed.defs.filter(
      (d) => d.required && !parsed.line.options.some((o) => o.name === d.name),
    );
    if (missing.length > 0) {
      throw new InputError(`missing ${missing.map((d) => `${d.name}:`).join(' ')} (required)`);
    }
    const handle = await dispatch(() =>
      this.#world.double.slash(this.#actor, parsed.name, {
        ...(parsed.group ? { group: parsed.group } : {}),
        ...(parsed.subcommand ? { subcommand: parsed.subcommand } : {}),
        options: this.#values(parsed),
      }),
    );
    return this.#answer(
      handle,
      `/${[parsed.name, parsed.group, parsed.subcommand].filter(Boolean).join(' ')}`,
    );
  }

  /** The bot's autocomplete choices for the last option typed (`/role view role:Mo`). */
  async autocomplete(text: string): Promise<ActionResult> {
    const parsed = this.#parse(text);
    const focused = parsed.line.options[parsed.line.options.length - 1];
    const def = focused && parsed.defs.find((d) => d.name === focused.name);
    if (!focused || !def?.autocomplete) return { ok: true, choices: [] };
    const handle = await dispatch(() =>
      this.#world.double.autocomplete(
        this.#actor,
        parsed.name,
        parsed.subcommand ?? null,
        focused.name,
        focused.value,
        { ...(parsed.group ? { group: parsed.group } : {}), options: this.#values(parsed, focused.name) },
      ),
    );
    const response = await handle.response({ timeoutMs: ANSWER_WAIT_MS });
    return { ok: true, kind: response.kind, choices: response.choices ?? [] };
  }

  /** Runs the user command `name` (right-click, Apps) on the user with id `targetId`, as the acting user. */
  async userCommand(name: string, targetId: string): Promise<ActionResult> {
    const command = this.#registered(ApplicationCommandType.User).find((c) => c.name === name);
    if (!command) throw new InputError(`there is no user command "${name}"`);
    const target = this.#users.get(targetId) ?? this.#community.find((u) => u.id === targetId);
    if (!target) throw new InputError('that user is not in this channel');
    const handle = await dispatch(() => this.#world.double.userCommand(this.#actor, command.name, target));
    return this.#answer(handle, command.name);
  }

  /**
   * Posts `text` in the channel as the acting user (what is typed without a leading /), as a report
   * would be: a message command can then be run on it.
   */
  say(text: string): ActionResult {
    const content = text.trim();
    if (content === '') throw new InputError('type a message, or / for Rollcall’s commands');
    if (content.length > 2000) throw new InputError('a message is at most 2,000 characters');
    this.#posts.push(this.#world.double.post(this.#actor, { content }));
    this.#world.double.ledger.changes.notify();
    return { ok: true };
  }

  /** The messages users posted (oldest first). */
  posts(): readonly PostedMessage[] {
    return this.#posts;
  }

  /** Runs the message command `name` (right-click a message, Apps) on a posted message, as the acting user. */
  async messageCommand(name: string, messageId: string): Promise<ActionResult> {
    const command = this.#registered(ApplicationCommandType.Message).find((c) => c.name === name);
    if (!command) throw new InputError(`there is no message command "${name}"`);
    const post = this.#posts.find((p) => p.id === messageId);
    if (!post) throw new InputError('Apps on a message work on a message a user posted, not on Rollcall’s');
    const handle = await dispatch(() => this.#world.double.messageCommand(this.#actor, command.name, post));
    return this.#answer(handle, command.name);
  }

  /** A posted message as Discord returns it. */
  #postedMessage(post: PostedMessage): APIMessage {
    return {
      id: post.id,
      channel_id: post.channelId,
      author: {
        id: post.author.id,
        username: post.author.username,
        discriminator: '0',
        global_name: null,
        avatar: null,
      },
      content: post.content,
      timestamp: post.timestamp,
      edited_timestamp: null,
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      attachments: [],
      embeds: post.embeds,
      pinned: false,
      type: MessageType.Default,
      components: [],
    };
  }

  // ---- buttons, selects, modals ------------------------------------------------------------------------

  #visibleMessage(messageId: string): APIMessage {
    const stored = this.#world.double.messages().find((m) => m.message.id === messageId);
    if (!stored || stored.deleted) throw new InputError('that message is gone');
    if (stored.visibleTo !== null && stored.visibleTo !== this.#actor.id) {
      throw new InputError(`only the user who ran the command sees that message`);
    }
    return stored.message;
  }

  /** Clicks a button on a message the bot sent. */
  async click(messageId: string, customId: string): Promise<ActionResult> {
    const message = this.#visibleMessage(messageId);
    const button = findComponent(message.components, customId);
    if (button?.type !== 2) throw new InputError('no such button on that message');
    if (button.disabled === true) throw new InputError('that button is disabled');
    const handle = await dispatch(() => this.#world.double.click(this.#actor, message, customId));
    return this.#answer(handle, String(button.label ?? 'a button'));
  }

  /** Picks `values` in a select menu on a message the bot sent. */
  async select(messageId: string, customId: string, values: string[]): Promise<ActionResult> {
    const message = this.#visibleMessage(messageId);
    const menu = findComponent(message.components, customId);
    if (menu?.type !== 3) throw new InputError('no such menu on that message');
    const handle = await dispatch(() => this.#world.double.select(this.#actor, message, customId, values));
    return this.#answer(handle, String(menu.placeholder ?? 'a menu'));
  }

  /**
   * Submits the modal the bot opened for the acting user, with values by field custom_id (text, a
   * select's or checkbox group's values, a radio group's value, a checkbox's true or false): the
   * double builds the submission as Discord's client would, and refuses what it would not send.
   */
  async submitModal(customId: string, fields: ModalFields): Promise<ActionResult> {
    const modal = this.#modals.get(this.#actor.id);
    if (!modal || modal.custom_id !== customId) throw new InputError('no such form is open for you');
    this.#modals.delete(this.#actor.id);
    const handle = await dispatch(() => this.#world.double.submitModal(this.#actor, customId, fields));
    return this.#answer(handle, modal.title);
  }

  /** Closes the open modal without answering it (as the ✕ in Discord). */
  closeModal(): ActionResult {
    this.#modals.delete(this.#actor.id);
    return { ok: true };
  }

  /** Waits for the bot's answer; remembers a modal; an interaction the bot let fail is shown as Discord does. */
  async #answer(handle: InteractionHandle, what: string): Promise<ActionResult> {
    const actor = this.#actor;
    let response: InteractionResponse;
    try {
      response = await handle.response({ timeoutMs: ANSWER_WAIT_MS });
    } catch (error) {
      const list = this.#failures.get(actor.id) ?? [];
      list.push({ at: new Date().toISOString(), text: `${what}: the application did not respond` });
      this.#failures.set(actor.id, list);
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
    if (response.kind === 'modal' && response.modal) this.#modals.set(actor.id, response.modal);
    return { ok: true, kind: response.kind };
  }
}
