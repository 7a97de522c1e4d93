import {
  ActionRowBuilder,
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ButtonBuilder,
  ButtonStyle,
  type Client,
  DiscordAPIError,
  Events,
  type Interaction,
  LabelBuilder,
  MessageFlags,
  ModalBuilder,
  StringSelectMenuBuilder,
  TextInputBuilder,
  TextInputStyle,
} from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectClient } from './client.js';
import { type DiscordDouble, startDiscordDouble } from './double.js';

const NO_PINGS = { parse: [] } as const;

type Handler = (interaction: Interaction) => Promise<void>;

/** A double with a logged-in client whose interaction handler each test sets. */
async function setup(options: Parameters<typeof startDiscordDouble>[0] = {}) {
  const double = await startDiscordDouble({ extraGuilds: [{ name: 'Second guild' }], ...options });
  const client = await connectClient(double, { allowedMentions: NO_PINGS });
  const errors: unknown[] = [];
  const running = new Set<Promise<void>>();
  let handler: Handler = async () => {};
  client.on(Events.InteractionCreate, (interaction) => {
    const run = handler(interaction).catch((error: unknown) => {
      errors.push(error);
    });
    running.add(run);
    void run.finally(() => running.delete(run));
  });
  return {
    double,
    client,
    errors,
    handle(next: Handler) {
      handler = next;
    },
    /** Waits until every handler invocation so far has finished. */
    async idle() {
      await new Promise((r) => setTimeout(r, 20));
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

type Setup = Awaited<ReturnType<typeof setup>>;

const unhandled: unknown[] = [];
process.on('unhandledRejection', (reason) => unhandled.push(reason));

let ctx: Setup;
let cleanup: Array<() => Promise<void>> = [];

async function start(options?: Parameters<typeof startDiscordDouble>[0]): Promise<Setup> {
  ctx = await setup(options);
  const { client, double } = ctx;
  cleanup.push(async () => {
    await client.destroy();
    await double.close();
  });
  return ctx;
}

beforeEach(() => {
  unhandled.length = 0;
  cleanup = [];
});

afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  expect(unhandled).toEqual([]);
});

async function registerLoa(double: DiscordDouble, client: Client<true>): Promise<void> {
  await client.application.commands.set(
    [
      {
        name: 'loa',
        description: 'Leaves of absence',
        options: [
          {
            type: ApplicationCommandOptionType.Subcommand,
            name: 'list',
            description: 'List leaves',
            options: [
              { type: ApplicationCommandOptionType.Boolean, name: 'public', description: 'Post publicly' },
              { type: ApplicationCommandOptionType.User, name: 'member', description: 'Whose leaves' },
              {
                type: ApplicationCommandOptionType.String,
                name: 'status',
                description: 'Status',
                autocomplete: true,
              },
            ],
          },
        ],
      },
    ],
    double.guildId,
  );
}

describe('login', () => {
  it('logs the real client in: READY, a GUILD_CREATE per guild with channels and roles', async () => {
    const { double, client } = await start();
    expect(client.user.id).toBe(double.bot.id);
    expect(client.application.id).toBe(double.applicationId);
    expect([...client.guilds.cache.keys()].sort()).toEqual(double.guilds.map((g) => g.id).sort());
    const guild = client.guilds.cache.get(double.guildId);
    expect(guild?.available).toBe(true);
    expect(guild?.channels.cache.map((c) => c.name)).toEqual(['general', 'mod-log']);
    expect(guild?.roles.everyone.id).toBe(double.guildId);
    expect(guild?.roles.cache.map((r) => r.name)).toContain('Moderator');
    expect(guild?.members.me?.id).toBe(double.bot.id);
    expect(double.gatewayStats.identifies).toBe(1);
    expect((await client.application.fetch()).id).toBe(double.applicationId);
    expect(double.unroutedCalls()).toEqual([]);
    expect(double.callsTo('gateway')[0]).toMatchObject({
      method: 'GET',
      path: '/gateway/bot',
      status: 200,
      authorized: true,
    });
  });

  it('stores registered commands with ids and checks slash input against them', async () => {
    const { double, client } = await start();
    await registerLoa(double, client);
    const [loa] = double.registeredCommands(double.guildId);
    expect(loa).toMatchObject({
      name: 'loa',
      application_id: double.applicationId,
      guild_id: double.guildId,
    });
    expect(loa?.id).toMatch(/^\d{17,20}$/);
    const user = double.user();
    await expect(double.slash(user, 'loa', { subcommand: 'nope' })).rejects.toThrow(/no Subcommand "nope"/);
    await expect(
      double.slash(user, 'loa', { subcommand: 'list', options: { colour: 'red' } }),
    ).rejects.toThrow(/no option "colour"/);
  });
});

describe('user commands (right-click a user, Apps)', () => {
  it('registers type 2 beside a slash command of the same name; the real client sees a USER context menu', async () => {
    const { double, client, handle, errors } = await start();
    await client.application.commands.set(
      [
        { name: 'loa', description: 'Leaves of absence' },
        { type: ApplicationCommandType.User, name: 'Staff record' },
      ],
      double.guildId,
    );
    const menu = double
      .registeredCommands(double.guildId)
      .find((c) => c.type === ApplicationCommandType.User);
    expect(menu).toMatchObject({ name: 'Staff record', description: '', guild_id: double.guildId });
    const mod = double.user({ username: 'mod', roles: ['Moderator'] });
    const target = double.user({ username: 'target' });
    const stranger = double.user({ username: 'stranger', guilds: [] });
    const seen: unknown[] = [];
    handle(async (i) => {
      if (!i.isUserContextMenuCommand()) return;
      seen.push({
        name: i.commandName,
        target: i.targetId,
        user: i.targetUser.username,
        member: i.targetMember !== null,
        chat: i.isChatInputCommand(),
      });
      await i.reply({ content: 'ok', flags: MessageFlags.Ephemeral });
    });
    const h = await double.userCommand(mod, 'Staff record', target);
    const r = await h.response();
    // A user who is not in the server: resolved.users only, no member.
    await (await double.userCommand(mod, 'Staff record', stranger)).response();
    expect(errors).toEqual([]);
    expect(seen).toEqual([
      { name: 'Staff record', target: target.id, user: 'target', member: true, chat: false },
      { name: 'Staff record', target: stranger.id, user: 'stranger', member: false, chat: false },
    ]);
    const payload = double.interactions()[0]?.payload as unknown as {
      type: number;
      data: Record<string, unknown>;
    };
    expect(payload.type).toBe(2);
    expect(payload.data).toMatchObject({ type: 2, name: 'Staff record', target_id: target.id });
    expect(Object.keys((payload.data.resolved as { users: object }).users)).toEqual([target.id]);
    expect(r.message?.type).toBe(23); // CONTEXT_MENU_COMMAND
    expect(r.message?.interaction_metadata).toMatchObject({
      type: 2,
      user: { id: mod.id },
      target_user: { id: target.id },
    });
    await expect(double.userCommand(mod, 'loa', target)).rejects.toThrow(/no user command "loa"/);
  });

  it('runs a message command on a message a user posted: the real client gets that message, the answer names it', async () => {
    const { double, client, handle, errors } = await start();
    await client.application.commands.set(
      [{ type: ApplicationCommandType.Message, name: 'Check player' }],
      double.guildId,
    );
    const mod = double.user({ username: 'mod', roles: ['Moderator'] });
    const reporter = double.user({ username: 'reporter' });
    const posted = double.post(reporter, {
      content: 'Player: Foo_1',
      embeds: [{ title: 'Ticket', fields: [{ name: 'Suspect', value: 'Bar_2' }] }],
    });
    expect(posted.channelId).toBe(double.channel().id);
    const seen: unknown[] = [];
    handle(async (i) => {
      if (!i.isMessageContextMenuCommand()) return;
      seen.push({
        id: i.targetMessage.id,
        author: i.targetMessage.author.username,
        content: i.targetMessage.content,
        field: i.targetMessage.embeds[0]?.fields[0]?.value,
        at: i.targetMessage.createdAt.toISOString(),
      });
      await i.reply({ content: 'ok', flags: MessageFlags.Ephemeral });
    });
    const r = await (await double.messageCommand(mod, 'Check player', posted)).response();
    expect(errors).toEqual([]);
    expect(seen).toEqual([
      { id: posted.id, author: 'reporter', content: 'Player: Foo_1', field: 'Bar_2', at: posted.timestamp },
    ]);
    expect(r.message?.interaction_metadata).toMatchObject({ type: 2, target_message_id: posted.id });
    expect(r.message?.interaction_metadata).not.toHaveProperty('target_user');
    // a message of another channel is not where the command is run
    const elsewhere = double.post(reporter, { content: 'x' }, { channel: 'mod-log' });
    await expect(double.messageCommand(mod, 'Check player', elsewhere)).rejects.toThrow(/another channel/);
  });

  it('refuses what Discord refuses: options on a user command, a name twice, over 15 of a type', async () => {
    const { double } = await start();
    const put = (body: unknown[]) =>
      fetch(`${double.restUrl}/v10/applications/${double.applicationId}/guilds/${double.guildId}/commands`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: 'Bot x' },
        body: JSON.stringify(body),
      });
    const withOptions = await put([
      { type: 2, name: 'Staff record', options: [{ type: 3, name: 'x', description: 'x' }] },
    ]);
    expect(withOptions.status).toBe(400);
    expect(JSON.stringify(await withOptions.json())).toContain('APPLICATION_COMMAND_OPTIONS_TYPE_INVALID');
    const twice = await put([
      { type: 2, name: 'LOAs' },
      { type: 2, name: 'LOAs' },
    ]);
    expect(twice.status).toBe(400);
    const many = await put(Array.from({ length: 16 }, (_, n) => ({ type: 2, name: `Menu ${n}` })));
    expect(many.status).toBe(400);
    const fifteen = await put(Array.from({ length: 15 }, (_, n) => ({ type: 2, name: `Menu ${n}` })));
    expect(fifteen.status).toBe(200);
  });
});

describe('replies', () => {
  it('reply: ephemeral by flags, 204 callback, message stored with interaction metadata', async () => {
    const { double, client, handle, errors } = await start();
    await registerLoa(double, client);
    const mod = double.user({ username: 'mod', roles: ['Moderator'] });
    const target = double.user({ username: 'target' });
    const seen: Array<{ user: string | undefined; member: boolean; isPublic: boolean | null }> = [];
    handle(async (i) => {
      if (!i.isChatInputCommand()) return;
      seen.push({
        user: i.options.getUser('member')?.username,
        member: i.options.getMember('member') !== null,
        isPublic: i.options.getBoolean('public'),
      });
      await i.reply({ content: `Leaves of <@${target.id}>`, flags: MessageFlags.Ephemeral });
    });
    const handleLoa = await double.slash(mod, 'loa', {
      subcommand: 'list',
      options: { public: false, member: target },
    });
    const response = await handleLoa.response();
    expect(errors).toEqual([]);
    expect(seen).toEqual([{ user: 'target', member: true, isPublic: false }]);
    expect(response).toMatchObject({ kind: 'reply', callbackType: 4, ephemeral: true });
    expect(response.message?.content).toBe(`Leaves of <@${target.id}>`);
    expect(response.message?.allowed_mentions).toEqual({ parse: [] });
    expect(response.message?.mentions).toEqual([]);
    expect(response.message?.interaction_metadata).toMatchObject({
      id: handleLoa.id,
      user: { id: mod.id },
      authorizing_integration_owners: { '0': double.guildId },
    });
    expect(response.msToFirstCallback).toBeGreaterThanOrEqual(0);
    expect(response.msToFinal).toBeGreaterThanOrEqual(response.msToFirstCallback);
    const [callback] = handleLoa.calls;
    expect(callback).toMatchObject({
      method: 'POST',
      path: `/interactions/${handleLoa.id}/${handleLoa.token}/callback`,
      query: { with_response: 'false' },
      status: 204,
      authorized: false,
    });
    expect(double.allowedMentionsViolations()).toEqual([]);
    expect(double.timings()).toEqual([
      expect.objectContaining({
        id: handleLoa.id,
        command: 'loa list',
        ackType: 4,
        msToFinal: response.msToFinal,
      }),
    ]);
  });

  it('deferReply + editReply: final answer is the first PATCH of @original', async () => {
    const { double, handle } = await start();
    handle(async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.deferReply({ flags: MessageFlags.Ephemeral });
      await new Promise((r) => setTimeout(r, 30));
      await i.editReply({ content: 'done', embeds: [{ title: 'Leaves', description: 'none' }] });
    });
    const h = await double.slash(double.user(), 'loa', { subcommand: 'list' });
    const response = await h.response();
    expect(response.kind).toBe('deferred-reply');
    expect(response.callbackType).toBe(5);
    expect(response.ephemeral).toBe(true);
    expect(response.message?.content).toBe('done');
    expect(response.message?.embeds[0]).toMatchObject({ type: 'rich', title: 'Leaves' });
    expect((response.message?.flags ?? 0) & MessageFlags.Loading).toBe(0);
    expect(h.calls.map((c) => `${c.method} ${c.path.replace(h.token, 'T')} ${c.status}`)).toEqual([
      `POST /interactions/${h.id}/T/callback 204`,
      `PATCH /webhooks/${double.applicationId}/T/messages/@original 200`,
    ]);
    expect(response.msToFinal).toBeGreaterThanOrEqual(25);
  });

  it('deferReply + followUp: the first follow-up replaces the loading message', async () => {
    const { double, handle } = await start();
    handle(async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.deferReply();
      await i.followUp({ content: 'first' });
      await i.followUp({ content: 'second', flags: MessageFlags.Ephemeral });
    });
    const h = await double.slash(double.user(), 'ping');
    const response = await h.response();
    expect(response.kind).toBe('deferred-reply');
    expect(response.message?.content).toBe('first');
    expect(response.message?.id).toBe(h.message()?.id);
    await h.callsSettled(3);
    expect(h.followUps().map((m) => [m.content, m.flags])).toEqual([['second', MessageFlags.Ephemeral]]);
    expect(h.followUps()[0]?.interaction_metadata?.original_response_message_id).toBe(h.message()?.id);
  });

  it('reply withResponse, fetchReply, followUp, deleteReply', async () => {
    const { double, handle, errors, idle } = await start();
    const results: string[] = [];
    handle(async (i) => {
      if (!i.isChatInputCommand()) return;
      const callback = await i.reply({ content: 'hello', withResponse: true });
      results.push(`resource:${callback.resource?.message?.id}`);
      const fetched = await i.fetchReply();
      results.push(`fetched:${fetched.id}`);
      const follow = await i.followUp({ content: 'more' });
      results.push(`follow:${follow.content}`);
      await i.deleteReply();
      results.push('deleted');
    });
    const h = await double.slash(double.user(), 'ping');
    const response = await h.response();
    await idle();
    expect(errors).toEqual([]);
    const id = response.message?.id;
    expect(results).toEqual([`resource:${id}`, `fetched:${id}`, 'follow:more', 'deleted']);
    expect(h.calls[0]).toMatchObject({ query: { with_response: 'true' }, status: 200 });
    expect(h.message()).toBeNull();
    expect(double.messages().find((m) => m.message.id === id)?.deleted).toBe(true);
  });
});

describe('components, modals, autocomplete', () => {
  function pager(page: number) {
    return {
      content: `page ${page}`,
      components: [
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder()
            .setCustomId(`p:${page - 1}`)
            .setLabel('Prev')
            .setStyle(ButtonStyle.Secondary),
          new ButtonBuilder()
            .setCustomId(`p:${page + 1}`)
            .setLabel('Next')
            .setStyle(ButtonStyle.Primary),
        ),
      ],
      allowedMentions: NO_PINGS,
    };
  }

  it('click → update (7) edits the message the button sat on; click → deferUpdate + editReply', async () => {
    const { double, handle } = await start();
    const seen: string[] = [];
    handle(async (i) => {
      if (i.isChatInputCommand()) return void (await i.reply(pager(1)));
      if (!i.isButton()) return;
      seen.push(`${i.customId}@${i.message.id}:${i.message.content}`);
      const page = Number(i.customId.split(':')[1]);
      if (page === 2) await i.update(pager(page));
      else {
        await i.deferUpdate();
        await i.editReply(pager(page));
      }
    });
    const user = double.user();
    const first = await (await double.slash(user, 'pages')).response();
    const message = first.message!;
    const click = await double.click(user, message, 'p:2');
    expect(click.payload).toMatchObject({
      type: 3,
      message: { id: message.id },
      data: { custom_id: 'p:2', component_type: 2 },
    });
    const second = await click.response();
    expect(second).toMatchObject({ kind: 'update', callbackType: 7 });
    expect(second.message?.id).toBe(message.id);
    expect(second.message?.content).toBe('page 2');
    const third = await (await double.click(user, message, 'p:3')).response();
    expect(third).toMatchObject({ kind: 'deferred-update', callbackType: 6 });
    expect(third.message?.content).toBe('page 3');
    expect(double.message(message.id)?.content).toBe('page 3');
    expect(seen).toEqual([`p:2@${message.id}:page 1`, `p:3@${message.id}:page 2`]);
    await expect(double.click(user, message, 'p:9')).rejects.toThrow(/no component/);
  });

  it('select menu values reach the handler', async () => {
    const { double, handle } = await start();
    handle(async (i) => {
      if (i.isChatInputCommand()) {
        const menu = new StringSelectMenuBuilder()
          .setCustomId('pick')
          .addOptions({ label: 'A', value: 'a' }, { label: 'B', value: 'b' })
          .setMaxValues(2);
        await i.reply({
          content: 'pick',
          components: [new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu)],
        });
      } else if (i.isStringSelectMenu()) {
        await i.update({ content: `picked ${i.values.join('+')}`, components: [] });
      }
    });
    const user = double.user();
    const reply = await (await double.slash(user, 'pick')).response();
    await expect(double.select(user, reply.message!, 'pick', ['z'])).rejects.toThrow(/no option z/);
    const picked = await (await double.select(user, reply.message!, 'pick', ['a', 'b'])).response();
    expect(picked.message?.content).toBe('picked a+b');
    expect(picked.message?.components).toEqual([]);
  });

  it('showModal (9) then submitModal: fields reach the handler, reply answers the submit', async () => {
    const { double, handle } = await start();
    handle(async (i) => {
      if (i.isChatInputCommand()) {
        const reason = new TextInputBuilder()
          .setCustomId('reason')
          .setLabel('Reason')
          .setStyle(TextInputStyle.Short);
        const modal = new ModalBuilder()
          .setCustomId('note')
          .setTitle('Note')
          .addComponents(new ActionRowBuilder<TextInputBuilder>().addComponents(reason));
        await i.showModal(modal);
      } else if (i.isModalSubmit()) {
        await i.reply({
          content: `noted: ${i.fields.getTextInputValue('reason')}`,
          flags: MessageFlags.Ephemeral,
        });
      }
    });
    const user = double.user();
    const shown = await (await double.slash(user, 'note')).response();
    expect(shown.kind).toBe('modal');
    expect(shown.modal?.custom_id).toBe('note');
    await expect(double.submitModal(user, 'note', { other: 'x' })).rejects.toThrow(/required|no field/);
    const submitted = await (await double.submitModal(user, 'note', { reason: 'on leave' })).response();
    expect(submitted).toMatchObject({ kind: 'reply', ephemeral: true });
    expect(submitted.message?.content).toBe('noted: on leave');
    expect(submitted.message?.interaction_metadata).toMatchObject({
      type: 5,
      triggering_interaction_metadata: { type: 2 },
    });
  });

  it('a label modal opened from a button: text and select values, then update (7) of the button message', async () => {
    const { double, handle } = await start();
    handle(async (i) => {
      if (i.isChatInputCommand()) {
        const open = new ButtonBuilder().setCustomId('open').setLabel('Edit').setStyle(ButtonStyle.Primary);
        await i.reply({
          content: 'record',
          components: [new ActionRowBuilder<ButtonBuilder>().addComponents(open)],
        });
      } else if (i.isButton()) {
        const modal = new ModalBuilder()
          .setCustomId('edit')
          .setTitle('Edit')
          .addLabelComponents(
            new LabelBuilder()
              .setLabel('Note')
              .setTextInputComponent(
                new TextInputBuilder().setCustomId('note').setStyle(TextInputStyle.Paragraph),
              ),
            new LabelBuilder()
              .setLabel('Kind')
              .setStringSelectMenuComponent(
                new StringSelectMenuBuilder()
                  .setCustomId('kind')
                  .addOptions({ label: 'A', value: 'a' }, { label: 'B', value: 'b' }),
              ),
          );
        await i.showModal(modal);
      } else if (i.isModalSubmit() && i.isFromMessage()) {
        const note = i.fields.getTextInputValue('note');
        const kind = i.fields.getStringSelectValues('kind').join();
        await i.update({ content: `${note} (${kind})`, components: [] });
      }
    });
    const user = double.user();
    const record = (await (await double.slash(user, 'record')).response()).message!;
    const shown = await (await double.click(user, record, 'open')).response();
    expect(shown.kind).toBe('modal');
    const submit = await double.submitModal(user, 'edit', { note: 'on leave', kind: ['b'] });
    expect(submit.payload).toMatchObject({
      type: 5,
      message: { id: record.id },
      data: { components: [{ type: 18 }, { type: 18 }] },
    });
    const updated = await submit.response();
    expect(updated).toMatchObject({ kind: 'update', callbackType: 7 });
    expect(double.message(record.id)?.content).toBe('on leave (b)');
  });

  it('autocomplete (8): focused option and choices', async () => {
    const { double, client, handle } = await start();
    await registerLoa(double, client);
    handle(async (i) => {
      if (!i.isAutocomplete()) return;
      const typed = i.options.getFocused();
      await i.respond(
        ['active', 'approved', 'denied']
          .filter((s) => s.startsWith(typed))
          .map((s) => ({ name: s, value: s })),
      );
    });
    const h = await double.autocomplete(double.user(), 'loa', 'list', 'status', 'a');
    const response = await h.response();
    expect(response.kind).toBe('autocomplete');
    expect(response.choices).toEqual([
      { name: 'active', value: 'active' },
      { name: 'approved', value: 'approved' },
    ]);
  });

  it('DM and other-guild variants', async () => {
    const { double, handle } = await start();
    const places: string[] = [];
    handle(async (i) => {
      if (!i.isChatInputCommand()) return;
      // Without Partials.Channel discord.js does not cache DM channels: i.channel is null, channelId is set.
      places.push(`${i.guildId ?? 'dm'}:${i.inGuild()}:${i.user.id}:${i.channelId}`);
      await i.reply({ content: 'ok' });
    });
    const user = double.user();
    const second = double.guilds[1]!;
    await (await double.slash(user, 'ping', { dm: true })).response();
    const other = await double.slash(user, 'ping', { guildId: second.id, channel: 'mod-log' });
    await other.response();
    const dmChannel = (await double.slash(user, 'ping', { dm: true })).payload.channel?.id;
    expect(places.slice(0, 2)).toEqual([
      `dm:false:${user.id}:${dmChannel}`,
      `${second.id}:true:${user.id}:${double.channel('mod-log', second.id).id}`,
    ]);
    expect(other.payload.channel?.id).toBe(double.channel('mod-log', second.id).id);
    const outsider = double.user({ guilds: [double.guildId] });
    await expect(double.slash(outsider, 'ping', { guildId: second.id })).rejects.toThrow(/not a member/);
  });
});

describe('protocol rules', () => {
  it('a second initial callback gets 40060 Interaction has already been acknowledged', async () => {
    const { double, handle, idle } = await start();
    const codes: unknown[] = [];
    handle(async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply({ content: 'one' });
      // discord.js guards against this itself; a second process or a stale state would not.
      await i.client.rest
        .post(`/interactions/${i.id}/${i.token}/callback`, {
          body: { type: 4, data: { content: 'two' } },
          auth: false,
        })
        .catch((error: unknown) =>
          codes.push(error instanceof DiscordAPIError ? [error.status, error.code] : error),
        );
    });
    const h = await double.slash(double.user(), 'ping');
    await h.response();
    await idle();
    expect(codes).toEqual([[400, 40060]]);
    expect(h.calls[1]?.response).toEqual({
      code: 40060,
      message: 'Interaction has already been acknowledged.',
    });
  });

  it('a first callback after the window gets 10062 Unknown interaction; response() rejects', async () => {
    const { double, handle, idle } = await start({ interactionWindowMs: 200 });
    const codes: unknown[] = [];
    handle(async (i) => {
      if (!i.isChatInputCommand()) return;
      await new Promise((r) => setTimeout(r, 300));
      await i
        .reply({ content: 'late' })
        .catch((error: unknown) => codes.push((error as DiscordAPIError).code));
    });
    const h = await double.slash(double.user(), 'ping');
    await expect(h.response()).rejects.toThrow(/not acknowledged within 200 ms/);
    await idle();
    expect(codes).toEqual([10062]);
    expect(h.msToFirstCallback).toBeGreaterThanOrEqual(290);
  });
});

describe('REST faults', () => {
  it('a 500 on the callback is retried by discord.js', async () => {
    const { double, handle } = await start();
    handle(async (i) => {
      if (i.isChatInputCommand()) await i.reply({ content: 'after retry' });
    });
    double.failNext({ route: 'callback', status: 500 });
    const h = await double.slash(double.user(), 'ping');
    const response = await h.response();
    expect(response.message?.content).toBe('after retry');
    expect(h.calls.map((c) => [c.status, c.injected])).toEqual([
      [500, true],
      [204, false],
    ]);
  });

  it('a 429 on the callback is waited out (Retry-After) and retried', async () => {
    const { double, handle } = await start();
    handle(async (i) => {
      if (i.isChatInputCommand()) await i.reply({ content: 'after 429' });
    });
    double.failNext({ route: 'callback', status: 429, retryAfter: 0.3 });
    const h = await double.slash(double.user(), 'ping');
    const response = await h.response();
    expect(response.message?.content).toBe('after 429');
    const [limited, ok] = h.calls;
    expect(limited).toMatchObject({ status: 429, response: { retry_after: 0.3, global: false } });
    expect(ok!.t - limited!.t).toBeGreaterThanOrEqual(290);
  });

  it('a 429 on editReply (webhook) is waited out too', async () => {
    const { double, handle } = await start();
    handle(async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.deferReply();
      await i.editReply({ content: 'edited' });
    });
    double.failNext({ route: /^PATCH \/webhooks\//, status: 429, retryAfter: 0.1 });
    const response = await (await double.slash(double.user(), 'ping')).response();
    expect(response.message?.content).toBe('edited');
    expect(double.callsTo('webhook').map((c) => c.status)).toEqual([429, 200]);
  });
});

describe('gateway faults', () => {
  it('dropGateway(): the client resumes and the next interaction still works', async () => {
    const { double, handle } = await start();
    handle(async (i) => {
      if (i.isChatInputCommand()) await i.reply({ content: 'still here' });
    });
    expect(double.dropGateway()).toBe(1);
    await double.waitForGateway((s) => s.resumes === 1);
    expect(double.gatewayStats.identifies).toBe(1);
    const response = await (await double.slash(double.user(), 'ping')).response();
    expect(response.message?.content).toBe('still here');
  });

  it('an interaction sent while the client is away is replayed on RESUME', async () => {
    const { double, handle } = await start();
    handle(async (i) => {
      if (i.isChatInputCommand()) await i.reply({ content: 'replayed' });
    });
    double.dropGateway('terminate');
    const h = await double.slash(double.user(), 'ping');
    expect(h.delivery).toBe('queued');
    const response = await h.response();
    expect(response.message?.content).toBe('replayed');
    expect(double.gatewayStats).toMatchObject({ resumes: 1, replayed: 1 });
  });

  it('without heartbeat ACKs the client declares the connection a zombie and reconnects', async () => {
    const { double, handle } = await start({ heartbeatInterval: 150 });
    handle(async (i) => {
      if (i.isChatInputCommand()) await i.reply({ content: 'back' });
    });
    double.setHeartbeatAck(false);
    await double.waitForGateway((s) => s.closes.some((c) => c.by === 'client' && c.code === 4200));
    double.setHeartbeatAck(true);
    await double.waitForGateway((s) => s.resumes >= 1);
    const response = await (await double.slash(double.user(), 'ping')).response();
    expect(response.message?.content).toBe('back');
  });

  it('INVALID_SESSION (not resumable) makes the client identify again', async () => {
    const { double, handle } = await start();
    handle(async (i) => {
      if (i.isChatInputCommand()) await i.reply({ content: 'fresh session' });
    });
    double.invalidateSession(false);
    await double.waitForGateway((s) => s.identifies === 2);
    await new Promise((r) => setTimeout(r, 50));
    const response = await (await double.slash(double.user(), 'ping')).response();
    expect(response.message?.content).toBe('fresh session');
  });
});

describe('allowed mentions', () => {
  it('reports bodies that could ping', async () => {
    const double = await startDiscordDouble();
    const client = await connectClient(double);
    cleanup.push(async () => {
      await client.destroy();
      await double.close();
    });
    client.on(Events.InteractionCreate, (i) => {
      if (i.isChatInputCommand()) void i.reply({ content: 'no allowedMentions here' });
    });
    const h = await double.slash(double.user(), 'ping');
    await h.response();
    const violations = double.allowedMentionsViolations();
    expect(violations.map((v) => v.reason)).toEqual([
      'no allowed_mentions (Discord then parses every mention)',
    ]);
    expect(violations[0]?.call.interactionId).toBe(h.id);
  });
});
