/**
 * The logic behind `npm run try`: one line typed at the prompt in, readable text out. Slash commands,
 * clicks, picks from "Open…", the go-to-page modal, autocomplete and switching the acting user are
 * driven through the Discord double against the real bot (see test/e2e/world.ts).
 *
 * `runScript` runs a list of lines without a terminal (for tests and for piping).
 */
import {
  type APIApplicationCommand,
  type APIApplicationCommandOption,
  type APIMessage,
  ApplicationCommandType,
  ApplicationCommandOptionType as T,
} from 'discord-api-types/v10';
import { flattenComponents, type LooseComponent } from '../../test/doubles/discord/components.js';
import type { DoubleUser, InteractionResponse, OptionValue } from '../../test/doubles/discord/double.js';
import type { ChoiceDef } from '../../test/doubles/discord/options.js';
import { startWorld, type World } from '../../test/e2e/world.js';
import { offlineWorld } from './offline.js';
import {
  BUTTON_ALIASES,
  matchLabel,
  parseBoolean,
  parseChoice,
  parseInteger,
  parseNumber,
  type SlashLine,
  snowflakeOf,
  splitSlash,
} from './parse.js';
import { buttonText, renderButton, renderMessage, renderResponse } from './render-text.js';

export const HELP = `Commands:
  /<command> [subcommand] [name:value …]   a slash command as in Discord, e.g.
        /loa list      /loa view id:<id>      /log user username:Sir Space public:true
        /loa member user:<discord id>    (a USER option takes a Discord id: that user is created)
  click <label>        press a button on the last message: ▶ ◀ ⏮ ⏭ or next, prev, first, last,
                       refresh, back, or the start of any label ("click member")
  next, prev, first, last, refresh, back    the same buttons without "click"
  open <n>|<text>      pick the n-th item (or the one whose label/value matches) in "Open…"
  page <n>             jump to page n (the middle button, then its modal)
  submit <value>       answer the last modal shown to you
  complete /<command> … option:<text>   show the autocomplete choices for what you typed
  check-player [text]  right-click a message → Apps → Check player: "text" is posted in the channel
                       by "reporter" first (alone: the community's sample report); then open <name>
  as <username>        act as another Discord user (a moderator; created on first use), "as" alone: who am I
  help                 this text
  quit                 stop (also Ctrl-D)
Buttons show as [label], disabled ones as (label).`;

/** The answer to one typed line. */
export interface Outcome {
  text: string;
  quit: boolean;
}

export interface TrySessionOptions {
  /** The clock for relative timestamps (default Date.now). */
  now?: () => number;
  /** Width to wrap long menus at (default 100). */
  width?: number;
}

/**
 * How long to wait for the bot's answer: as on Discord, a deferred answer may come until the
 * interaction's token expires (15 minutes), and a large report on a busy machine takes a while.
 */
const ANSWER_WAIT_MS = 15 * 60_000;

type OptionDef = APIApplicationCommandOption & { autocomplete?: boolean; options?: OptionDef[] };

/** A parsed command line ready for the double. */
interface Invocation {
  name: string;
  group?: string;
  subcommand?: string;
  defs: OptionDef[];
  line: SlashLine;
}

const PAGE_LABEL = /^\d+\s*\/\s*\d+$/;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** One developer at the prompt: who they act as, and the messages they were shown. */
export class TrySession {
  readonly #world: World;
  readonly #now: () => number;
  readonly #width: number | undefined;
  /** Users this session knows, by id: the moderators it acts as and users named in USER options. */
  readonly #users = new Map<string, DoubleUser>();
  /** Ids of the messages shown, oldest first. */
  readonly #shown: string[] = [];
  #actor: DoubleUser;
  #modal: { customId: string; inputId: string; userId: string } | null = null;

  constructor(world: World, options: TrySessionOptions = {}) {
    this.#world = world;
    this.#now = options.now ?? Date.now;
    this.#width = options.width;
    this.#actor = world.mod;
    this.#users.set(world.mod.id, world.mod);
  }

  /** The prompt, naming the acting user. */
  get prompt(): string {
    return `rollcall (${this.#actor.username})> `;
  }

  /** The user commands are run as. */
  get actor(): DoubleUser {
    return this.#actor;
  }

  /** What to print before the first prompt: what is running and sample values to try. */
  intro(notes: string[] = []): string {
    const ds = this.#world.sandbox.dataset;
    const s = ds.samples;
    const role = ds.roles.find((r) => typeof r.name === 'string' && r.name.trim() !== '')?.name ?? '';
    const app =
      ds.applications.find((a) => typeof a.title === 'string' && a.title.trim() !== '')?.title ?? '';
    return [
      'Rollcall, offline: the real bot between the sandbox API and a Discord double.',
      `You are "${this.#actor.username}" (Moderator role) in the double's server; answers are private unless public:true.`,
      ...notes,
      '',
      'Some values to try:',
      `  /loa list`,
      `  /loa view id:${ds.loas[0]?.id ?? '-'}`,
      `  /loa member user:${s.busyChatIds[0] ?? '-'}        (a member's Discord id; member-id:${s.busyMemberIds[0] ?? '-'})`,
      `  /log user username:${s.busyUsernames[0] ?? '-'}`,
      `  /log user username:${s.specialUsernames[0] ?? '-'}`,
      `  /shift view id:${s.activeShiftIds[0] ?? '-'}`,
      '  /shift totals period:Last month',
      '  /quota check period:Last week     (sample quotas: REPORTS_QUOTAS)',
      `  /role view role:${role}`,
      `  complete /role view role:${role.slice(0, 3)}`,
      `  /application view application:${app}`,
      "  check-player      (right-click the community's sample report → Apps → Check player; then open 1)",
      `  /join-request view user-id:${s.joinRequestUserIds[0] ?? '-'}`,
      '  /rollcall help',
      'Then: next, open 1, back, page 7, as other-mod (on a public:true list). "help" for all, "quit" to stop.',
    ].join('\n');
  }

  /** Runs one typed line. Errors come back as text; `quit` says the developer is done. */
  async handle(line: string): Promise<Outcome> {
    const input = line.trim();
    if (input === '' || input.startsWith('#')) return { text: '', quit: false };
    const word = (input.split(/\s+/, 1)[0] ?? '').toLowerCase();
    const rest = input.slice(word.length).trim();
    try {
      if (input.startsWith('/')) return this.#done(await this.#slash(input));
      // `next`, `back`, `refresh`… alone: the paging buttons, as `click next`.
      if (rest === '' && BUTTON_ALIASES[word] !== undefined) return this.#done(await this.#click(word));
      switch (word) {
        case 'click':
          return this.#done(await this.#click(rest));
        case 'open':
          return this.#done(await this.#open(rest));
        case 'page':
          return this.#done(await this.#page(rest));
        case 'submit':
          return this.#done(await this.#submit(rest));
        case 'complete':
          return this.#done(await this.#complete(rest));
        case 'check-player':
          return this.#done(await this.#checkPlayer(rest));
        case 'as':
          return this.#done(this.#as(rest));
        case 'help':
        case '?':
          return this.#done(HELP);
        case 'quit':
        case 'exit':
        case 'q':
          return { text: 'Bye.', quit: true };
        default:
          return this.#done(`Unknown command "${word}". Type a slash command like /loa list, or help.`);
      }
    } catch (error) {
      return this.#done(`error: ${errorText(error)}`);
    }
  }

  /** Tab completion for the terminal (readline's completer): command words, subcommands, option names. */
  complete(line: string): [string[], string] {
    const words = [
      'click',
      'open',
      'page',
      'submit',
      'complete',
      'check-player',
      'as',
      ...Object.keys(BUTTON_ALIASES),
      'help',
      'quit',
    ];
    const text = line.startsWith('complete ') ? line.slice('complete '.length) : line;
    const last = text.slice(text.lastIndexOf(' ') + 1);
    const pick = (all: string[]) => [all.filter((c) => c.startsWith(last)), last] as [string[], string];
    if (!text.startsWith('/')) return text.includes(' ') ? [[], last] : pick(words);
    const typed = text.slice(1).split(' ');
    if (typed.length === 1) return pick(this.#registered().map((c) => `/${c.name}`));
    try {
      const before = typed.slice(0, -1).filter((w) => !w.includes(':'));
      const command = this.#registered().find((c) => c.name === before[0]);
      const options = (command?.options ?? []) as OptionDef[];
      if (
        before.length === 1 &&
        options.some((o) => o.type === T.Subcommand || o.type === T.SubcommandGroup)
      ) {
        return pick(options.map((o) => o.name));
      }
      return pick(this.#resolve(before).defs.map((d) => `${d.name}:`));
    } catch {
      return [[], last];
    }
  }

  #done(text: string): Outcome {
    return { text, quit: false };
  }

  // ---- slash commands and autocomplete ---------------------------------------------------------------

  /** The registered commands of one type: slash commands unless told (not a right-click menu's). */
  #registered(type = ApplicationCommandType.ChatInput): APIApplicationCommand[] {
    const double = this.#world.double;
    return [...double.registeredCommands(double.guildId), ...double.registeredCommands(null)].filter(
      (c) => c.type === type,
    );
  }

  /** The command, group, subcommand and option definitions the command words name. */
  #resolve(words: string[]): Omit<Invocation, 'line'> {
    const [name = '', ...path] = words;
    const commands = this.#registered();
    const command = commands.find((c) => c.name === name.toLowerCase());
    if (!command) {
      const names = commands.map((c) => `/${c.name}`).join(' ');
      throw new Error(`there is no command /${name}; the commands are ${names}`);
    }
    let defs = (command.options ?? []) as OptionDef[];
    const out: Omit<Invocation, 'line' | 'defs'> = { name: command.name };
    for (const [type, key] of [
      [T.SubcommandGroup, 'group'],
      [T.Subcommand, 'subcommand'],
    ] as const) {
      const nested = defs.filter((d) => d.type === type);
      if (nested.length === 0) continue;
      const wanted = path[0]?.toLowerCase();
      const found = nested.find((d) => d.name === wanted);
      if (!found) {
        const what = type === T.SubcommandGroup ? 'group' : 'subcommand';
        const known = nested.map((d) => d.name).join(', ');
        throw new Error(
          wanted === undefined
            ? `/${command.name} needs a ${what}: ${known}`
            : `/${command.name} has no ${what} "${path[0]}": ${known}`,
        );
      }
      out[key] = found.name;
      path.shift();
      defs = found.options ?? [];
    }
    if (path.length > 0) throw new Error(`unexpected "${path.join(' ')}" (options are written name:value)`);
    return { ...out, defs };
  }

  #parse(text: string): Invocation {
    let resolved: Omit<Invocation, 'line'> | undefined;
    const line = splitSlash(text, (words) => {
      resolved = this.#resolve(words);
      return resolved.defs.map((d) => d.name);
    });
    if (!resolved) throw new Error('type a command after the slash, e.g. /loa list');
    return { ...resolved, line };
  }

  /** A typed value as the option's type wants it (a USER option: a double user with that id). */
  #value(def: OptionDef, raw: string): OptionValue {
    if (raw === '') throw new Error(`option ${def.name} has no value (write ${def.name}:something)`);
    const choices = (def as { choices?: ChoiceDef[] }).choices;
    if (choices && choices.length > 0) return parseChoice(def.name, choices, raw);
    switch (def.type) {
      case T.Boolean:
        return parseBoolean(def.name, raw);
      case T.Integer:
        return parseInteger(def.name, raw);
      case T.Number:
        return parseNumber(def.name, raw);
      case T.User:
        return this.#userOf(def.name, raw);
      case T.Mentionable: {
        const id = snowflakeOf(raw);
        return id ? this.#userOf(def.name, id) : raw;
      }
      default:
        return raw;
    }
  }

  #values(invocation: Invocation, skip?: string): Record<string, OptionValue> {
    const out: Record<string, OptionValue> = {};
    for (const { name, value } of invocation.line.options) {
      if (name === skip) continue;
      const def = invocation.defs.find((d) => d.name === name);
      if (def) out[name] = this.#value(def, value);
    }
    return out;
  }

  /** A Discord user by id (created with that id on first use) or by the username of a known user. */
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
    const byName = [...this.#users.values()].find((u) => u.username.toLowerCase() === raw.toLowerCase());
    if (byName) return byName;
    throw new Error(`${option}: give a Discord user id (17 to 20 digits), e.g. ${option}:123456789012345678`);
  }

  async #slash(text: string): Promise<string> {
    const invocation = this.#parse(text);
    const handle = await this.#world.double.slash(this.#actor, invocation.name, {
      ...(invocation.group ? { group: invocation.group } : {}),
      ...(invocation.subcommand ? { subcommand: invocation.subcommand } : {}),
      options: this.#values(invocation),
    });
    return this.#show(await handle.response({ timeoutMs: ANSWER_WAIT_MS }));
  }

  async #complete(text: string): Promise<string> {
    if (!text.startsWith('/')) throw new Error('complete what? e.g. complete /role view role:Mod');
    const invocation = this.#parse(text);
    const given = invocation.line.options;
    const focused =
      [...given].reverse().find((o) => invocation.defs.find((d) => d.name === o.name)?.autocomplete) ??
      given[given.length - 1];
    if (!focused) {
      const names = invocation.defs.filter((d) => d.autocomplete).map((d) => `${d.name}:`);
      throw new Error(`type the option to complete, e.g. ${names[0] ?? 'name:'}text`);
    }
    const handle = await this.#world.double.autocomplete(
      this.#actor,
      invocation.name,
      invocation.subcommand ?? null,
      focused.name,
      focused.value,
      {
        ...(invocation.group ? { group: invocation.group } : {}),
        options: this.#values(invocation, focused.name),
      },
    );
    return this.#show(await handle.response({ timeoutMs: ANSWER_WAIT_MS }));
  }

  // ---- a message's right-click menu (Apps) -------------------------------------------------------------

  /**
   * "Check player" on a message: `text` posted in the channel by "reporter" (a member of the server,
   * not a moderator), or with no text the community's first sample report; the message is shown,
   * then the bot's answer (the names it offers: `open <name>`; naming nobody: the modal, `submit`).
   */
  async #checkPlayer(text: string): Promise<string> {
    const command = this.#registered(ApplicationCommandType.Message).find((c) => c.name === 'Check player');
    if (!command) throw new Error('Rollcall registered no "Check player" message command');
    if (text.length > 2000) throw new Error('a message is at most 2,000 characters');
    const sample = this.#world.sandbox.dataset.samples.playerMessages[0];
    const body =
      text !== '' ? { content: text } : sample && { content: sample.content, embeds: sample.embeds };
    if (!body) throw new Error('check-player what? e.g. check-player Report: Player: Sir_Space was rude');
    const post = this.#world.double.post(this.#reporter(), body);
    const shown = renderMessage(post, { now: this.#now(), width: this.#width });
    const handle = await this.#world.double.messageCommand(this.#actor, command.name, post);
    const answer = this.#show(await handle.response({ timeoutMs: ANSWER_WAIT_MS }));
    return [`── reporter's message (right-click → Apps → ${command.name}) ──`, ...shown, answer].join('\n');
  }

  /** The member who posts what `check-player` is run on (created on first use). */
  #reporter(): DoubleUser {
    const known = [...this.#users.values()].find((u) => u.username === 'reporter');
    if (known) return known;
    const user = this.#world.double.user({ username: 'reporter', roles: ['Member'] });
    this.#users.set(user.id, user);
    return user;
  }

  // ---- buttons, selects, modals ------------------------------------------------------------------------

  /** Renders an answer and remembers its message (for clicks) or its modal (for submit). */
  #show(response: InteractionResponse): string {
    let hint = '';
    if (response.message) {
      const at = this.#shown.indexOf(response.message.id);
      if (at >= 0) this.#shown.splice(at, 1);
      this.#shown.push(response.message.id);
    }
    if (response.kind === 'modal' && response.modal) {
      const input = flattenComponents(response.modal.components).find((c) => c.type === 4);
      this.#modal = {
        customId: response.modal.custom_id,
        inputId: String(input?.custom_id ?? ''),
        userId: this.#actor.id,
      };
      hint = '\n(answer with: submit <value>)';
    }
    return `${renderResponse(response, { now: this.#now(), width: this.#width })}${hint}`;
  }

  /** The newest message shown that has buttons or menus and that the acting user can see. */
  #target(): APIMessage {
    const stored = new Map(this.#world.double.messages().map((m) => [m.message.id, m]));
    let hidden: string | null = null;
    for (const id of [...this.#shown].reverse()) {
      const entry = stored.get(id);
      if (!entry || entry.deleted) continue;
      const interactive = flattenComponents(entry.message.components).some(
        (c) => c.type === 2 || c.type === 3,
      );
      if (!interactive) continue;
      if (entry.visibleTo !== null && entry.visibleTo !== this.#actor.id) {
        hidden ??= entry.visibleTo;
        continue;
      }
      return entry.message;
    }
    if (hidden) {
      const owner = this.#users.get(hidden)?.username ?? hidden;
      throw new Error(
        `the last list is ephemeral: only ${owner} sees it. Run the command with public:true to let others click it.`,
      );
    }
    throw new Error('no message with buttons yet: run a list first, e.g. /loa list');
  }

  #components(message: APIMessage, type: number): LooseComponent[] {
    return flattenComponents(message.components).filter((c) => c.type === type);
  }

  async #press(message: APIMessage, button: LooseComponent): Promise<InteractionResponse> {
    if (button.style === 5) throw new Error(`${buttonText(button)} is a link: ${String(button.url)}`);
    if (button.disabled === true) throw new Error(`${buttonText(button)} is disabled on this page`);
    const handle = await this.#world.double.click(this.#actor, message, String(button.custom_id));
    return handle.response({ timeoutMs: ANSWER_WAIT_MS });
  }

  async #click(label: string): Promise<string> {
    if (label === '') throw new Error('click what? e.g. click ▶ (or next, prev, first, last, refresh, back)');
    const message = this.#target();
    const buttons = this.#components(message, 2);
    const index = matchLabel(buttons.map(buttonText), label);
    const button = buttons[index];
    if (!button) {
      const all = buttons.map(renderButton).join(' ') || 'none';
      throw new Error(`no button "${label}" on the last message; its buttons: ${all}`);
    }
    return this.#show(await this.#press(message, button));
  }

  async #open(what: string): Promise<string> {
    if (what === '') throw new Error('open which? e.g. open 1');
    const message = this.#target();
    const selects = this.#components(message, 3);
    const select = selects.find((s) => String(s.placeholder ?? '').startsWith('Open')) ?? selects[0];
    if (!select) throw new Error('the last message has no "Open…" menu');
    const options = (Array.isArray(select.options) ? select.options : []) as Array<{
      label?: string;
      value?: string;
    }>;
    const n = /^\d+$/.test(what) ? Number(what) : 0;
    const values = options.map((o) => String(o.value ?? ''));
    let pick = n >= 1 && n <= options.length ? n - 1 : values.indexOf(what);
    if (pick < 0)
      pick = matchLabel(
        options.map((o) => String(o.label ?? '')),
        what,
      );
    if (pick < 0) pick = matchLabel(values, what);
    const value = values[pick];
    if (value === undefined) {
      throw new Error(`"${what}" is not in the menu; give 1 to ${options.length}, or part of a label`);
    }
    const handle = await this.#world.double.select(this.#actor, message, String(select.custom_id), [value]);
    return this.#show(await handle.response({ timeoutMs: ANSWER_WAIT_MS }));
  }

  async #page(n: string): Promise<string> {
    const page = parseInteger('page', n);
    const message = this.#target();
    const button = this.#components(message, 2).find((b) => PAGE_LABEL.test(String(b.label ?? '')));
    if (!button) throw new Error('the last message has no page button (it is not a list with pages)');
    const asked = await this.#press(message, button);
    if (asked.kind !== 'modal') return this.#show(asked);
    this.#show(asked);
    return `(Go to page: ${page})\n${await this.#submit(String(page))}`;
  }

  async #submit(value: string): Promise<string> {
    const modal = this.#modal;
    if (!modal || modal.userId !== this.#actor.id) {
      throw new Error('no form is open for you: click the page button (e.g. click 1 /) first');
    }
    this.#modal = null;
    const handle = await this.#world.double.submitModal(this.#actor, modal.customId, {
      [modal.inputId]: value,
    });
    return this.#show(await handle.response({ timeoutMs: ANSWER_WAIT_MS }));
  }

  // ---- users -------------------------------------------------------------------------------------------

  #as(who: string): string {
    const describe = (u: DoubleUser) =>
      `${u.username} (Discord id ${u.id}${u.roles.length > 0 ? `, roles: ${u.roles.join(', ')}` : ''})`;
    if (who === '') return `Acting as ${describe(this.#actor)}.`;
    const id = snowflakeOf(who);
    let user = [...this.#users.values()].find(
      (u) => u.id === id || u.username.toLowerCase() === who.toLowerCase(),
    );
    if (!user) {
      user = this.#world.double.user({
        ...(id ? { id, username: `mod-${id.slice(-4)}` } : { username: who }),
        roles: ['Moderator'],
      });
      this.#users.set(user.id, user);
    }
    this.#actor = user;
    return `Now acting as ${describe(user)}.`;
  }
}

export interface RunScriptOptions extends TrySessionOptions {
  /** A running world to use (left running); default: a fresh one, closed at the end. */
  world?: World;
  /** Start with the intro text. */
  intro?: boolean;
}

/**
 * Runs typed lines one after the other, as at the prompt, and returns the transcript: each line after
 * its prompt, then its answer. Stops at `quit`.
 */
export async function runScript(lines: Iterable<string>, options: RunScriptOptions = {}): Promise<string> {
  const world = options.world ?? (await startWorld(offlineWorld({ env: { LOG_LEVEL: 'silent' } })));
  try {
    const session = new TrySession(world, options);
    const out: string[] = options.intro ? [session.intro(), ''] : [];
    for (const line of lines) {
      out.push(`${session.prompt}${line}`);
      const { text, quit } = await session.handle(line);
      if (text !== '') out.push(text);
      if (quit) break;
    }
    return out.join('\n');
  } finally {
    if (!options.world) await world.close();
  }
}
