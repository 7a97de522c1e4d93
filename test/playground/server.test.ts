/**
 * The playground's server without a browser: the page's libraries come from node_modules through
 * an import map, nothing outside the served folders can be read, foreign Host headers are refused,
 * and bad requests get one sentence.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotasSetting } from '../../test/doubles/sandbox/data-quotas.js';
import { controls } from '../../test/e2e/world.js';

/** The custom_id of a list's Export CSV button. */
const exportId = (message: { components?: unknown[] } | undefined): string =>
  [...controls(message)].find(([label]) => label.includes('Export CSV'))?.[1] ?? 'no Export CSV button';

import { CHANNEL_ID } from '../../tools/playground/schedules.js';
import { importMap, type Playground, startPlayground } from '../../tools/playground/server.js';
import { sandboxLimits } from '../../tools/try/offline.js';

/** A raw GET (no URL normalisation, so `..` reaches the server as typed). */
function get(
  url: string,
  path: string,
  host?: string,
): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, headers: host ? { host } : {} }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the playground server', () => {
  let playground: Playground;

  beforeAll(async () => {
    playground = await startPlayground({ port: 0, world: { env: { LOG_LEVEL: 'silent' } } });
  });
  afterAll(async () => {
    await playground?.close();
  });

  it('maps the renderer and lit to files it serves from node_modules', async () => {
    const { imports } = importMap();
    for (const name of ['@skyra/discord-components-core', 'lit', 'lit/decorators.js', '@lit/context']) {
      const path = imports[name];
      expect(path, name).toMatch(/^\/vendor\/.+\.js$/);
      const res = await get(playground.url, path as string);
      expect(res.status, name).toBe(200);
    }
    const page = await get(playground.url, '/');
    expect(page.body).toContain('"@skyra/discord-components-core":"/vendor/');
    expect(page.body).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)[^"'\s]*\.(js|css|png|svg|woff2)/);
  });

  it('serves nothing outside the page and vendor folders, and only to this machine', async () => {
    expect((await get(playground.url, '/vendor/lit/../../package.json')).status).toBe(404);
    expect((await get(playground.url, '/page/../server.ts')).status).toBe(404);
    expect((await get(playground.url, '/page/%2e%2e/server.ts')).status).toBe(404);
    // an encoded slash survives URL parsing and is decoded only when the file is looked up
    expect((await get(playground.url, '/page/..%2f..%2f..%2fpackage.json')).status).toBe(404);
    expect((await get(playground.url, '/vendor/lit/..%2f..%2fpackage.json')).status).toBe(404);
    expect((await get(playground.url, '/page/app.js')).status).toBe(200);
    expect((await get(playground.url, '/vendor/typescript/package.json')).status).toBe(404);
    expect((await get(playground.url, '/', 'evil.example')).status).toBe(403);
  });

  it('answers a bad request with one sentence', async () => {
    const post = async (path: string, body: string) => {
      const res = await fetch(new URL(path, playground.url), { method: 'POST', body });
      return { status: res.status, body: (await res.json()) as { ok: boolean; error?: string } };
    };
    expect(await post('/api/slash', 'not json')).toEqual({
      status: 400,
      body: { ok: false, error: 'the request is not a JSON object' },
    });
    const unknown = await post('/api/slash', JSON.stringify({ line: '/nope' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(/^there is no command \/nope; the commands are \/loa /);
    const missing = await post('/api/slash', JSON.stringify({ line: '/loa view' }));
    expect(missing.body.error).toBe('missing id: (required)');
    const noMenu = await post('/api/user-command', JSON.stringify({ name: 'loa', targetId: '1' }));
    expect(noMenu.body.error).toBe('there is no user command "loa"');
  });

  it('takes a choice by name or value; a wrong one, or what Discord’s client refuses, is a 400 with one sentence', async () => {
    const post = async (line: string) => {
      const res = await fetch(new URL('/api/slash', playground.url), {
        method: 'POST',
        body: JSON.stringify({ line }),
      });
      return { status: res.status, body: (await res.json()) as { ok: boolean; error?: string } };
    };
    // a report: answered at once or deferred first, as the machine's speed has it
    const named = await post('/loa list status:Pending review');
    expect(named.status).toBe(200);
    expect(named.body).toMatchObject({ ok: true, kind: expect.stringMatching(/^(deferred-)?reply$/) });
    expect(playground.session.state().messages.at(-1)?.message.embeds?.[0]?.title).toContain(
      'Pending review',
    );
    const wrong = await post('/shift totals period:Last year');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe(
      'period: "Last year" is not one of its choices: This week (this-week), Last week (last-week), ' +
        'Last 7 days (7-days), Last 30 days (30-days), This month (this-month), Last month (last-month)',
    );
    // longer than the option's max_length: the double refuses it as Discord's client would
    const long = await post(`/loa member member-id:${'a'.repeat(65)}`);
    expect(long.status).toBe(400);
    expect(long.body.error).toBe('option member-id: too long');
    // a member without the Moderator role: the command is hidden from them
    playground.session.actAs('member');
    try {
      const hidden = await post('/loa list');
      expect(hidden.status).toBe(400);
      expect(hidden.body.error).toMatch(/hidden from this member/);
    } finally {
      playground.session.actAs('moderator');
    }
  });

  it('serves the CSV that Export CSV attached, as a download', async () => {
    const post = (path: string, body: unknown) =>
      fetch(new URL(path, playground.url), { method: 'POST', body: JSON.stringify(body) });
    await post('/api/slash', { line: '/role list' });
    const list = playground.session.state().messages.at(-1);
    const res = await post('/api/click', { messageId: list?.id, customId: exportId(list?.message) });
    expect(res.status).toBe(200);
    const file = playground.session
      .state()
      .messages.flatMap((m) => m.message.attachments)
      .at(-1);
    expect(file?.filename).toMatch(/\.csv$/);
    const download = await get(playground.url, `/attachments/${file?.id}/${file?.filename}`);
    expect(download.status).toBe(200);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent(file?.filename ?? '')}`,
    );
    const roles = playground.world.sandbox.dataset.roles;
    expect(
      download.body
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter(Boolean),
    ).toHaveLength(roles.length + 1);
    expect(download.body).toContain(String(roles[0]?.id));
    expect((await get(playground.url, `/attachments/1234567890123456789/x.csv`)).status).toBe(404);
  });

  it('ships the sandbox’s sample quotas, so /quota check has members to check', async () => {
    const quotas = playground.world.sandbox.dataset.samples.quotas;
    expect(Object.keys(quotas).length).toBeGreaterThanOrEqual(3);
    expect(playground.world.config.REPORTS_QUOTAS).toEqual(quotas);
    const res = await fetch(new URL('/api/slash', playground.url), {
      method: 'POST',
      body: JSON.stringify({ line: '/quota check period:Last week' }),
    });
    expect(res.status).toBe(200);
    const answer = playground.session.state().messages.at(-1)?.message.embeds?.[0];
    expect(answer?.title).toMatch(/^Quota check · Last week/);
    expect(answer?.description).toMatch(/\d+ pass · \d+ fail/);
    expect(answer?.description).toMatch(/\((Trial )?Moderator\)/);
  });

  it('offers the user commands on the member list apart from the command box, and runs them', async () => {
    const state = playground.session.state();
    expect(state.commands.every((c) => c.type === 1)).toBe(true);
    expect(state.userCommands.map((c) => c.name)).toEqual(['Staff record', 'LOAs', 'Join request']);
    const alex = state.members.find((m) => m.username === 'alex');
    expect(alex?.id).toBe(playground.world.sandbox.dataset.samples.busyChatIds[0]);
    const res = await fetch(new URL('/api/user-command', playground.url), {
      method: 'POST',
      body: JSON.stringify({ name: 'Staff record', targetId: alex?.id }),
    });
    // A reply, or a deferred one on a machine short of CPU (the record waits for its chart).
    expect(await res.json()).toMatchObject({
      ok: true,
      kind: expect.stringMatching(/^(reply|deferred-reply)$/),
    });
    const shown = playground.session.state().messages.at(-1);
    expect(shown?.ephemeral).toBe(true);
    expect(shown?.invokedBy).toEqual({ username: 'moderator', command: 'Staff record', target: 'alex' });
    expect(shown?.message.embeds?.[0]?.title).toContain(
      playground.world.sandbox.dataset.samples.busyMemberIds[0],
    );
  });

  it('has /me: acting as a staff member of its list, their own record, privately', async () => {
    playground.session.actAs('alex');
    try {
      const res = await fetch(new URL('/api/slash', playground.url), {
        method: 'POST',
        body: JSON.stringify({ line: '/me' }),
      });
      expect(res.status).toBe(200);
      const shown = playground.session.state().messages.at(-1);
      expect(shown?.ephemeral).toBe(true);
      expect(shown?.message.embeds?.[0]?.title).toContain(
        playground.world.sandbox.dataset.samples.busyMemberIds[0],
      );
    } finally {
      playground.session.actAs('moderator');
    }
  });

  it('takes a member of its list for a user option by name or @name, and names some when none is meant', async () => {
    const post = async (line: string) => {
      const res = await fetch(new URL('/api/slash', playground.url), {
        method: 'POST',
        body: JSON.stringify({ line }),
      });
      return { status: res.status, body: (await res.json()) as { ok: boolean; error?: string } };
    };
    const member = playground.world.sandbox.dataset.samples.busyMemberIds[0] as string;
    for (const line of ['/member view user:alex', '/member view user:@Alex']) {
      const answered = await post(line);
      expect(answered.status, line).toBe(200);
      expect(playground.session.state().messages.at(-1)?.message.embeds?.[0]?.title, line).toContain(member);
    }
    const unknown = await post('/member view user:@nobody-here');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(
      /^user: give a member by name \(@alex, @jordan, @robin, .+…: the member list\) or a Discord user id \(17 to 20 digits\)$/,
    );
  });

  it('has its data around now: shifts running for hours, leave ending tomorrow, staff idle for weeks', () => {
    const ds = playground.world.sandbox.dataset;
    const now = Date.now() / 1000;
    expect(Math.abs(ds.baseTime - now)).toBeLessThan(5 * 60);
    const running = ds.shifts.filter((s) => !s.endedAt);
    expect(running.length).toBeGreaterThan(0);
    for (const s of running) expect(now - (s.createdAt ?? 0)).toBeLessThan(86_400);
    expect(ds.samples.loasEndingTomorrow.length).toBeGreaterThan(0);
    expect(ds.samples.idleStaffMemberIds.length).toBeGreaterThan(0);
  });

  it("opens on the morning's digest (its leave sections and the review queue) and a leave reminder for each leave ending tomorrow", async () => {
    const ds = playground.world.sandbox.dataset;
    const posted = playground.session.state().messages.filter((m) => m.scheduled);
    const [digest, ...reminders] = posted;
    expect(digest?.message.embeds?.map((e) => e.title?.split(' · ')[0])).toEqual([
      'On leave now',
      'Returning this week',
      'Starting this week',
      'Waiting for review',
    ]);
    expect(digest?.invokedBy).toBeNull();
    // From the snapshot read whole before the morning (as the days' reports would have).
    for (const embed of digest?.message.embeds ?? [])
      expect(embed.footer?.text).not.toContain('not every page read yet');
    expect(digest?.ephemeral).toBe(false);
    // A reminder for every leave running now that ends tomorrow (others may end tomorrow too).
    const ending = ds.samples.loasEndingTomorrow;
    expect(ending.length).toBeGreaterThan(0);
    expect(reminders.length).toBeGreaterThanOrEqual(ending.length);
    for (const reminder of reminders)
      expect(reminder.message.content).toMatch(
        /^<:rc_on_leave:\d{17,20}> Leave ends tomorrow: .+ is back <t:\d+:f> \(<t:\d+:R>\)\.$/,
      );
    // The emoji's image, served as Discord's CDN serves it (what the page shows for <:name:id>).
    const emojiId = /<:rc_on_leave:(\d+)>/.exec(reminders[0]?.message.content ?? '')?.[1];
    const image = await get(playground.url, `/emojis/${emojiId}.png`);
    expect([image.status, image.headers['content-type']]).toEqual([200, 'image/png']);
    expect((await get(playground.url, '/emojis/123456789012345678.png')).status).toBe(404);
    const contents = reminders.map((r) => r.message.content).join('\n');
    for (const loaId of ending) {
      const memberId = ds.loas.find((l) => l.id === loaId)?.memberId ?? '';
      const userId = ds.chatIdOf(memberId);
      expect(contents).toContain(userId ? `<@${userId}>` : memberId);
    }
    for (const message of posted) expect(message.message.channel_id).toBe(CHANNEL_ID);
  });

  it('shows the reports of the channel, runs Check player on one, and posts what is typed without a slash', async () => {
    const state = playground.session.state();
    expect(state.messageCommands.map((c) => c.name)).toEqual(['Check player']);
    const posts = state.messages.filter((m) => m.postedBy);
    const samples = playground.world.sandbox.dataset.samples.playerMessages;
    expect(posts.map((p) => p.message.content)).toEqual(samples.map((m) => m.content));
    const post = (body: unknown, path: string) =>
      fetch(new URL(path, playground.url), { method: 'POST', body: JSON.stringify(body) });
    const ran = await post({ name: 'Check player', messageId: posts[0]?.id }, '/api/message-command');
    expect(await ran.json()).toEqual({ ok: true, kind: 'reply' });
    const shown = playground.session.state().messages.at(-1);
    expect(shown?.ephemeral).toBe(true);
    expect(shown?.invokedBy?.command).toBe('Check player');
    expect(shown?.invokedBy?.targetMessage?.author).toBe(posts[0]?.postedBy?.username);
    expect(JSON.stringify(shown?.message.components)).toContain(samples[0]?.names[0]);
    // on one of Rollcall's messages, or a message that is not there: one sentence, 400
    const onBot = await post({ name: 'Check player', messageId: shown?.id }, '/api/message-command');
    expect(onBot.status).toBe(400);
    expect(((await onBot.json()) as { error: string }).error).toMatch(/a message a user posted/);
    const said = await post({ text: 'IGN: Some_Player1 was rude' }, '/api/say');
    expect(await said.json()).toEqual({ ok: true });
    const mine = playground.session.state().messages.at(-1);
    expect(mine?.postedBy?.username).toBe('moderator');
    expect(mine?.message.content).toBe('IGN: Some_Player1 was rude');
    expect((await post({ text: '   ' }, '/api/say')).status).toBe(400);
  });
});

describe('the playground with API_LIMITS', () => {
  let playground: Playground;

  beforeAll(async () => {
    playground = await startPlayground({
      port: 0,
      world: { env: { LOG_LEVEL: 'silent', API_LIMITS: '100/month,30/1m', REPORTS_QUOTAS: '' } },
    });
  });
  afterAll(async () => {
    await playground?.close();
  });

  it('runs the bot with those limits and the sandbox API keeps them as the real API would', async () => {
    expect(playground.world.config.API_LIMITS.map((l) => l.text)).toEqual(['100/month', '30/60s']);
    // REPORTS_QUOTAS given (here: none) wins over the samples
    expect(playground.world.config.REPORTS_QUOTAS).toEqual({});
    const res = await fetch(`${playground.world.sandbox.url}/server/roles?page=1&limit=1`, {
      headers: { Authorization: `Bearer ${playground.world.sandbox.token}` },
    });
    expect(res.headers.get('x-ratelimit-limit')).toBe('100');
    const status = await fetch(new URL('/api/slash', playground.url), {
      method: 'POST',
      body: JSON.stringify({ line: '/rollcall status' }),
    });
    expect(status.status).toBe(200);
    const shown = JSON.stringify(playground.session.state().messages.at(-1)?.message.embeds);
    expect(shown).toContain('100/month');
  });

  it('maps API_LIMITS to the sandbox’s quota and rate limit', () => {
    expect(sandboxLimits('100/month,30/1m,500/1h')).toEqual({
      quota: { requests: 100, window: 'month' },
      rateLimit: { requests: 30, windowSeconds: 60 },
    });
    expect(sandboxLimits('60/1m,2000/1d')).toEqual({
      quota: { requests: 2000, window: { seconds: 86_400 } },
      rateLimit: { requests: 60, windowSeconds: 60 },
    });
    expect(sandboxLimits('1000/1s')).toEqual({ rateLimit: { requests: 1000, windowSeconds: 1 } });
    expect(() => sandboxLimits('100/week')).toThrow(
      /^API_LIMITS holds a limit, "100\/week", whose window unit/,
    );
    expect(quotasSetting({ a1: 10, b2: 4.5 })).toBe('a1=10,b2=4.5');
  });
});
