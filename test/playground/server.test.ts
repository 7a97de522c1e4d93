/**
 * The playground's server without a browser: the page's libraries come from node_modules through
 * an import map, nothing outside the served folders can be read, foreign Host headers are refused,
 * and bad requests get one sentence.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importMap, type Playground, startPlayground } from '../../tools/playground/server.js';

/** A raw GET (no URL normalisation, so `..` reaches the server as typed). */
function get(url: string, path: string, host?: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, headers: host ? { host } : {} }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
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
    expect(await res.json()).toEqual({ ok: true, kind: 'reply' });
    const shown = playground.session.state().messages.at(-1);
    expect(shown?.ephemeral).toBe(true);
    expect(shown?.invokedBy).toEqual({ username: 'moderator', command: 'Staff record', target: 'alex' });
    expect(shown?.message.embeds?.[0]?.title).toContain(
      playground.world.sandbox.dataset.samples.busyMemberIds[0],
    );
  });
});
