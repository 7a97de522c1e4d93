import { REST } from '@discordjs/rest';
import type { Client } from 'discord.js';
import { Routes } from 'discord-api-types/v10';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectClient } from './client.js';
import { type DiscordDouble, type InteractionHandle, startDiscordDouble } from './double.js';
import { UPLOAD_LIMIT } from './payloads.js';

let double: DiscordDouble;
let client: Client<true>;

async function start(options: Parameters<typeof startDiscordDouble>[0] = {}): Promise<void> {
  double = await startDiscordDouble(options);
  // A logged-in client that ignores interactions: these tests answer them by hand over HTTP.
  client = await connectClient(double);
}

beforeEach(async () => {
  await start();
});

afterEach(async () => {
  await client.destroy();
  await double.close();
});

interface Reply {
  status: number;
  body: unknown;
  headers: Headers;
}

async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const res = await fetch(`${double.restUrl}/v10${path}`, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

const callback = (h: InteractionHandle, body: unknown, query = '') =>
  call('POST', `/interactions/${h.id}/${h.token}/callback${query}`, body);
const webhook = (h: InteractionHandle, method: string, suffix = '', body?: unknown) =>
  call(method, `/webhooks/${double.applicationId}/${h.token}${suffix}`, body);

describe('REST realism', () => {
  it('takes channel messages from the bot within its channel permissions, with mentions as allowed', async () => {
    await client.destroy();
    await double.close();
    await start({
      guild: {
        channels: [{ name: 'general' }, { name: 'quiet' }],
      },
    });
    const auth = { authorization: 'Bot fake' };
    const member = double.user({ username: 'pinged' });
    const general = double.channel('general').id;
    const sent = await call(
      'POST',
      `/channels/${general}/messages`,
      { content: `hello <@${member.id}>`, embeds: [{ title: 't' }], allowed_mentions: { parse: [] } },
      auth,
    );
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ channel_id: general, mentions: [], embeds: [{ title: 't' }] });
    const pinging = await call(
      'POST',
      `/channels/${general}/messages`,
      { content: `hi <@${member.id}>` },
      auth,
    );
    expect((pinging.body as { mentions: Array<{ id: string }> }).mentions.map((u) => u.id)).toEqual([
      member.id,
    ]);
    expect(double.channelMessages).toHaveLength(2);
    const quiet = double.channel('quiet');
    // @everyone may not send there (the overwrite's id is the guild's), so neither may the bot.
    quiet.permission_overwrites = [{ id: quiet.guild_id as string, type: 0, allow: '0', deny: '2048' }];
    const refused = await call('POST', `/channels/${quiet.id}/messages`, { content: 'x' }, auth);
    expect(refused).toMatchObject({ status: 403, body: { code: 50013 } });
    expect(double.channelMessages).toHaveLength(2);
  });

  it('models Attach Files and Embed Links: a file without Attach Files is refused, embeds without Embed Links dropped', async () => {
    const auth = { authorization: 'Bot fake' };
    const channel = double.channel('general');
    const everyone = channel.guild_id as string;
    /** POST a message with one file, as discord.js sends it (multipart, payload_json). */
    const withFile = async () => {
      const form = new FormData();
      form.append(
        'payload_json',
        JSON.stringify({ embeds: [{ title: 't' }], attachments: [{ id: 0, filename: 'chart.png' }] }),
      );
      form.append('files[0]', new Blob([Buffer.from([0x89, 0x50])], { type: 'image/png' }), 'chart.png');
      const res = await fetch(`${double.restUrl}/v10/channels/${channel.id}/messages`, {
        method: 'POST',
        headers: auth,
        body: form,
      });
      return { status: res.status, body: (await res.json()) as unknown };
    };
    expect((await withFile()).status).toBe(200);
    const deny = (bits: bigint) => [{ id: everyone, type: 0 as const, allow: '0', deny: bits.toString() }];
    // Attach Files denied: the message with a file is refused whole (50013), one without it goes.
    double.setChannelOverwrites(channel.id, deny(1n << 15n));
    const before = double.channelMessages.length;
    expect(await withFile()).toMatchObject({ status: 403, body: { code: 50013 } });
    expect(double.channelMessages).toHaveLength(before);
    const text = await call('POST', `/channels/${channel.id}/messages`, { embeds: [{ title: 't' }] }, auth);
    expect(text).toMatchObject({ status: 200, body: { embeds: [{ title: 't' }] } });
    // Embed Links denied: the embeds of a message with text are dropped; embeds alone are refused.
    double.setChannelOverwrites(channel.id, deny(1n << 14n));
    const both = await call(
      'POST',
      `/channels/${channel.id}/messages`,
      { content: 'x', embeds: [{ title: 't' }] },
      auth,
    );
    expect(both).toMatchObject({ status: 200, body: { content: 'x', embeds: [] } });
    const alone = await call('POST', `/channels/${channel.id}/messages`, { embeds: [{ title: 't' }] }, auth);
    expect(alone).toMatchObject({ status: 403, body: { code: 50013 } });
  });

  it('answers unknown routes with a recorded "Unknown ..." 404 and bot routes without a token with 401', async () => {
    const auth = { authorization: 'Bot fake' };
    expect(
      await call('POST', `/channels/${double.channel().id}/invites`, { max_age: 0 }, auth),
    ).toMatchObject({
      status: 404,
      body: { message: 'Unknown Channel', code: 10003 },
    });
    expect((await call('GET', '/nothing/here', undefined, auth)).body).toEqual({
      message: '404: Not Found',
      code: 0,
    });
    expect(double.unroutedCalls().map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST /channels/${double.channel().id}/invites`,
      'GET /nothing/here',
    ]);
    expect(await call('GET', '/gateway/bot')).toMatchObject({ status: 401, body: { code: 0 } });
    const member = double.user({ username: 'someone' });
    expect(
      await call('GET', `/guilds/${double.guildId}/members/${member.id}`, undefined, auth),
    ).toMatchObject({
      status: 200,
      body: { user: { id: member.id, username: 'someone' } },
    });
    expect((await call('GET', `/guilds/${double.guildId}/members/1`, undefined, auth)).body).toMatchObject({
      code: 10007,
    });
  });

  it('webhook calls before any ack, with a wrong token or after the token expired', async () => {
    const h = await double.slash(double.user(), 'ping');
    expect(await webhook(h, 'PATCH', '/messages/@original', { content: 'x' })).toMatchObject({
      status: 404,
      body: { code: 10015, message: 'Unknown Webhook' },
    });
    expect(await webhook(h, 'POST', '?wait=true', { content: 'x' })).toMatchObject({
      status: 404,
      body: { code: 10015 },
    });
    expect(
      await call('GET', `/webhooks/${double.applicationId}/not-a-token/messages/@original`),
    ).toMatchObject({
      status: 401,
      body: { code: 50027 },
    });
    expect((await callback(h, { type: 5 })).status).toBe(204);
    expect(await webhook(h, 'GET', '/messages/@original')).toMatchObject({
      status: 200,
      body: { flags: 128 },
    });
    expect(await webhook(h, 'PATCH', '/messages/123', { content: 'x' })).toMatchObject({
      status: 404,
      body: { code: 10008 },
    });
    double.expireTokens();
    expect(await webhook(h, 'PATCH', '/messages/@original', { content: 'late' })).toMatchObject({
      status: 401,
      body: { code: 50027, message: 'Invalid Webhook Token' },
    });
    await expect(h.response({ timeoutMs: 200 })).rejects.toThrow(/timed out/);
  });

  it('checks callbacks: unknown interaction, wrong type for the interaction, form errors, empty message', async () => {
    const h = await double.slash(double.user(), 'ping');
    expect(
      await call('POST', `/interactions/${h.id}/wrong/callback`, { type: 4, data: { content: 'x' } }),
    ).toMatchObject({
      status: 404,
      body: { code: 10062, message: 'Unknown interaction' },
    });
    expect(await callback(h, { type: 7, data: { content: 'x' } })).toMatchObject({
      status: 400,
      body: { code: 50035 },
    });
    expect(await callback(h, { type: 8, data: { choices: [] } })).toMatchObject({
      status: 400,
      body: { code: 50035 },
    });
    const tooLong = await callback(h, {
      type: 4,
      data: { content: 'x'.repeat(2001), embeds: [{ title: 't'.repeat(257) }] },
    });
    expect(tooLong).toMatchObject({
      status: 400,
      body: {
        code: 50035,
        errors: {
          data: {
            content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH' }] },
            embeds: { 0: { title: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH' }] } } },
          },
        },
      },
    });
    const button = (id: string) => ({ type: 2, style: 1, label: 'b', custom_id: id });
    const duplicate = await callback(h, {
      type: 4,
      data: { components: [{ type: 1, components: [button('a'), button('a')] }] },
    });
    expect(JSON.stringify(duplicate.body)).toContain('COMPONENT_CUSTOM_ID_DUPLICATED');
    const fields = Array.from({ length: 26 }, (_, i) => ({ name: `f${i}`, value: 'v' }));
    expect((await callback(h, { type: 4, data: { embeds: [{ fields }] } })).status).toBe(400);
    expect(await callback(h, { type: 4, data: { content: '' } })).toMatchObject({
      status: 400,
      body: { code: 50006 },
    });
    // Failed callbacks do not acknowledge: a valid one still goes through.
    expect(
      (await callback(h, { type: 4, data: { content: 'ok', allowed_mentions: { parse: [] } } })).status,
    ).toBe(204);
    expect((await h.response()).message?.content).toBe('ok');
  });

  it('with_response=true answers 200 with the interaction callback resource', async () => {
    const h = await double.slash(double.user(), 'ping');
    const reply = await callback(h, { type: 4, data: { content: 'hi', flags: 64 } }, '?with_response=true');
    expect(reply).toMatchObject({
      status: 200,
      body: {
        interaction: { id: h.id, type: 2, response_message_loading: false, response_message_ephemeral: true },
        resource: { type: 4, message: { content: 'hi', flags: 64, author: { id: double.bot.id } } },
      },
    });
    expect(reply.headers.get('content-type')).toBe('application/json');
  });

  it('multipart bodies: payload_json and files become the message and its attachments', async () => {
    const h = await double.slash(double.user(), 'export');
    const form = new FormData();
    form.append(
      'payload_json',
      JSON.stringify({ type: 4, data: { content: 'file', attachments: [{ id: 0, filename: 'a.csv' }] } }),
    );
    form.append('files[0]', new Blob(['a,b\n1,2\n'], { type: 'text/csv' }), 'a.csv');
    const res = await fetch(`${double.restUrl}/v10/interactions/${h.id}/${h.token}/callback`, {
      method: 'POST',
      body: form,
    });
    expect(res.status).toBe(204);
    const response = await h.response();
    expect(response.message?.attachments).toMatchObject([
      { filename: 'a.csv', size: 8, content_type: 'text/csv' },
    ]);
    expect(h.calls[0]?.files).toEqual([
      {
        field: 'files[0]',
        filename: 'a.csv',
        contentType: 'text/csv',
        size: 8,
        data: Buffer.from('a,b\n1,2\n'),
      },
    ]);
  });

  it('a file over the upload limit is refused with 413 / 40005 and no message is made', async () => {
    const h = await double.slash(double.user(), 'export');
    const form = new FormData();
    form.append('payload_json', JSON.stringify({ type: 4, data: { content: 'big' } }));
    form.append(
      'files[0]',
      new Blob([Buffer.alloc(UPLOAD_LIMIT + 1, 0x61)], { type: 'text/csv' }),
      'big.csv',
    );
    const res = await fetch(`${double.restUrl}/v10/interactions/${h.id}/${h.token}/callback`, {
      method: 'POST',
      body: form,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'Request entity too large', code: 40005 });
    expect(double.messages().filter((m) => m.message.content === 'big')).toEqual([]);
  });

  it('computes who a message pings from content and allowed_mentions', async () => {
    const target = double.user();
    const pinging = await double.slash(double.user(), 'ping');
    await callback(pinging, { type: 4, data: { content: `hey <@${target.id}> @everyone` } });
    const pinged = (await pinging.response()).message;
    expect(pinged?.mentions.map((u) => u.id)).toEqual([target.id]);
    expect(pinged?.mention_everyone).toBe(true);
    const quiet = await double.slash(double.user(), 'ping');
    await callback(quiet, {
      type: 4,
      data: { content: `hey <@${target.id}>`, allowed_mentions: { parse: [] } },
    });
    expect((await quiet.response()).message?.mentions).toEqual([]);
    expect(double.allowedMentionsViolations().map((v) => v.call.interactionId)).toEqual([pinging.id]);
  });

  it('user selects carry resolved users and members; ephemeral messages only take clicks from their user', async () => {
    const owner = double.user();
    const target = double.user({ roles: ['Moderator'] });
    const h = await double.slash(owner, 'who');
    await callback(h, {
      type: 4,
      data: { flags: 64, components: [{ type: 1, components: [{ type: 5, custom_id: 'who' }] }] },
    });
    const message = (await h.response()).message!;
    expect(message.components?.[0]).toMatchObject({ id: 1, components: [{ id: 2, custom_id: 'who' }] });
    await expect(double.select(target, message, 'who', [owner])).rejects.toThrow(/cannot see ephemeral/);
    const picked = await double.select(owner, message, 'who', [target]);
    expect(picked.payload.data).toMatchObject({
      component_type: 5,
      values: [target.id],
      resolved: {
        users: { [target.id]: { id: target.id } },
        members: { [target.id]: { roles: [double.role('Moderator').id] } },
      },
    });
    expect(picked.payload.message?.flags).toBe(64);
  });

  it('fault injection: 429 with rate-limit headers, 5xx bodies, connection resets, times', async () => {
    double.failNext({ route: /\/gateway/, status: 429, retryAfter: 1.5 });
    const limited = await call('GET', '/gateway/bot', undefined, { authorization: 'Bot x' });
    expect(limited).toMatchObject({
      status: 429,
      body: { message: 'You are being rate limited.', retry_after: 1.5, global: false },
    });
    expect(limited.headers.get('retry-after')).toBe('1.5');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(limited.headers.get('x-ratelimit-reset-after')).toBe('1.5');
    expect(limited.headers.get('x-ratelimit-scope')).toBe('user');
    expect(limited.headers.has('x-ratelimit-global')).toBe(false);
    double.failNext({ route: 'commands', status: 503, times: 2 });
    const auth = { authorization: 'Bot x' };
    const path = `/applications/${double.applicationId}/commands`;
    expect((await call('GET', path, undefined, auth)).status).toBe(503);
    expect((await call('GET', path, undefined, auth)).body).toEqual({
      message: '503: Service Unavailable',
      code: 0,
    });
    expect((await call('GET', path, undefined, auth)).status).toBe(200);
    double.failNext({ route: 'commands', status: 'reset' });
    await expect(call('GET', path, undefined, auth)).rejects.toThrow();
    expect(double.callsTo('commands').map((c) => [c.status, c.injected])).toEqual([
      [503, true],
      [503, true],
      [200, false],
      [0, true],
    ]);
  });
});

describe('command registration', () => {
  it('PUT overwrites with validation, keeps ids by name, refuses guilds the bot is not in', async () => {
    const rest = new REST({ api: double.restUrl }).setToken('fake-token');
    const body = [
      { name: 'loa', description: 'Leaves', options: [{ type: 3, name: 'q', description: 'query' }] },
    ];
    const first = (await rest.put(Routes.applicationCommands(double.applicationId), { body })) as Array<{
      id: string;
    }>;
    const again = (await rest.put(Routes.applicationCommands(double.applicationId), {
      body: [...body, { name: 'log', description: 'Logs' }],
    })) as Array<{ id: string; name: string }>;
    expect(again[0]?.id).toBe(first[0]?.id);
    expect(double.registeredCommands().map((c) => c.name)).toEqual(['loa', 'log']);
    await expect(
      rest.put(Routes.applicationCommands(double.applicationId), {
        body: [{ name: 'Bad Name', description: 'x' }],
      }),
    ).rejects.toMatchObject({ status: 400, code: 50035 });
    await expect(
      rest.put(Routes.applicationCommands(double.applicationId), {
        body: [
          {
            name: 'x',
            description: 'x',
            options: [
              { type: 3, name: 'a', description: 'a' },
              { type: 3, name: 'b', description: 'b', required: true },
            ],
          },
        ],
      }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      rest.put(Routes.applicationGuildCommands(double.applicationId, '1'), { body }),
    ).rejects.toMatchObject({
      status: 403,
      code: 50001,
    });
  });

  it('hides commands by default_member_permissions and context, as the Discord client does', async () => {
    const rest = new REST({ api: double.restUrl }).setToken('fake-token');
    await rest.put(Routes.applicationCommands(double.applicationId), {
      body: [
        { name: 'log', description: 'Logs', default_member_permissions: '1099511627776', contexts: [0] },
      ],
    });
    const member = double.user({ roles: ['Member'] });
    const mod = double.user({ roles: ['Moderator'] });
    await expect(double.slash(member, 'log')).rejects.toThrow(/hidden from this member/);
    await expect(double.slash(mod, 'log', { dm: true })).rejects.toThrow(/not available in DMs/);
    expect((await double.slash(mod, 'log')).payload.data).toMatchObject({
      name: 'log',
      id: double.registeredCommands()[0]?.id,
    });
    expect((await double.slash(member, 'log', { bypassPermissions: true })).delivery).toBe('sent');
  });
});
