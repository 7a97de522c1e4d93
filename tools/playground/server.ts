/**
 * The playground's web server on 127.0.0.1: the page (tools/playground/page/), the Discord-like
 * renderer and its libraries served from node_modules (nothing from the internet), local avatars,
 * a JSON API for what the page does (slash commands, clicks, menus, modals, autocomplete, acting
 * user) and server-sent events carrying the conversation whenever the Discord double's message
 * store changes.
 */

import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Locale } from 'discord.js';
import { PSEUDO_LOCALE } from '../../src/i18n/words.js';
import { tokenHash } from '../../src/store/crypto.js';
import type { ModalFields } from '../../test/doubles/discord/double.js';
import { generateDataset } from '../../test/doubles/sandbox/data.js';
import { startWorld, type World, type WorldOptions } from '../../test/e2e/world.js';
import { offlineWorld } from '../try/offline.js';
import { hostedWorld, linkCommunity } from './hosted.js';
import { postMorning, schedulerClock, withSchedules } from './schedules.js';
import { InputError, PlaygroundSession } from './session.js';

const HERE = dirname(fileURLToPath(import.meta.url));
/** The page's own files (HTML, script, adapter, styles). */
export const PAGE_DIR = join(HERE, 'page');

/** The packages the page loads, served from node_modules under /vendor/<name>/. */
export const VENDOR_PACKAGES = [
  '@skyra/discord-components-core',
  'lit',
  'lit-html',
  'lit-element',
  '@lit/reactive-element',
  '@lit/context',
  'twemoji-colr-font',
] as const;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
};

/** Default port of `npm run playground` (PLAYGROUND_PORT or --port change it). */
export const DEFAULT_PORT = 5180;

/** Users besides the world's moderator that the page offers to act as. */
export const EXTRA_USERS = [
  { username: 'other-mod', roles: ['Moderator'] },
  { username: 'member', roles: ['Member'] },
  // A moderator whose Discord client is in German: everything Rollcall shows reaches them in German.
  { username: 'moderator-de', roles: ['Moderator'], locale: Locale.German },
  // The pseudo-locale (src/i18n/words.ts): every translated word accented in ⟦brackets⟧, so English
  // that escaped translation stands out.
  { username: 'moderator-xa', roles: ['Moderator'], locale: PSEUDO_LOCALE as Locale },
];

/** The installed package's directory (found as Node finds it: node_modules up from here). */
function packageRoot(name: string): string {
  for (let dir = HERE; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dirname(dir) === dir) throw new Error(`${name} is not installed (npm ci)`);
  }
}

type ExportTarget = string | { [condition: string]: ExportTarget } | null;

/** The file a package export points at for a browser (production build). */
function browserTarget(target: ExportTarget): string | null {
  if (target === null) return null;
  if (typeof target === 'string') return target;
  for (const condition of ['browser', 'import', 'default']) {
    const next = target[condition];
    if (next !== undefined) {
      const found = browserTarget(next);
      if (found) return found;
    }
  }
  return null;
}

/** An import map for the vendor packages, read from their package.json `exports`. */
export function importMap(): { imports: Record<string, string> } {
  const imports: Record<string, string> = {};
  for (const name of VENDOR_PACKAGES) {
    const pkg = JSON.parse(readFileSync(join(packageRoot(name), 'package.json'), 'utf8')) as {
      exports?: Record<string, ExportTarget> | string;
      main?: string;
    };
    const exports = pkg.exports;
    if (exports === undefined || typeof exports === 'string') {
      const main = typeof exports === 'string' ? exports : pkg.main;
      if (main) imports[name] = `/vendor/${name}/${main.replace(/^\.\//, '')}`;
      continue;
    }
    for (const [key, target] of Object.entries(exports)) {
      const file = browserTarget(target);
      if (!file || key.includes('*') || !file.endsWith('.js')) continue;
      imports[`${name}${key.slice(1)}`] = `/vendor/${name}/${file.replace(/^\.\//, '')}`;
    }
  }
  return { imports };
}

const AVATAR_COLOURS = ['#5865f2', '#3ba55c', '#faa61a', '#ed4245', '#eb459e', '#747f8d'];

/** A round avatar with the name's first letter (the bot's is Rollcall's blue). */
export function avatarSvg(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  const colour =
    name === 'rollcall' ? '#5865f2' : (AVATAR_COLOURS[hash % AVATAR_COLOURS.length] ?? '#5865f2');
  const letter = (name.match(/[a-z0-9]/i)?.[0] ?? '?').toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80" viewBox="0 0 80 80"><circle cx="40" cy="40" r="40" fill="${colour}"/><text x="40" y="53" font-family="sans-serif" font-size="38" font-weight="700" text-anchor="middle" fill="#fff">${letter}</text></svg>`;
}

export interface PlaygroundOptions {
  /** Port on 127.0.0.1 (0 picks a free one; default DEFAULT_PORT). */
  port?: number;
  /**
   * Options of the world (sandbox seed, settings, log destination); the sandbox's sample quotas and
   * the limits of `env.API_LIMITS` are added (tools/try/offline.ts).
   */
  world?: WorldOptions;
  /**
   * Hosted mode (hosted.ts): no API_TOKEN, one community linked with /rollcall-admin setup, so
   * /rollcall-admin and its settings forms exist; no morning posts (the admins set the digest and the
   * reminders there).
   */
  hosted?: boolean;
}

export interface Playground {
  /** `http://127.0.0.1:PORT/` */
  url: string;
  world: World;
  session: PlaygroundSession;
  close(): Promise<void>;
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new InputError('the request is too large');
    chunks.push(chunk as Buffer);
  }
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
    return value as Record<string, unknown>;
  } catch {
    throw new InputError('the request is not a JSON object');
  }
}

const text = (value: unknown, name: string): string => {
  if (typeof value !== 'string') throw new InputError(`${name} is missing`);
  return value;
};

function send(res: ServerResponse, status: number, body: string | Buffer, type: string): void {
  res.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(body);
}

/**
 * The world's options with the sandbox's dataset generated around the playground's clock (its
 * `baseTime` is now, to the minute), unless a dataset is given: shifts run now, leave ends tomorrow,
 * staff went quiet weeks ago, as a moderator opening the playground expects. The same seed and minute
 * give the same data (`npm run screenshots` starts its clock at a fixed instant).
 */
export function nowCentred(world: WorldOptions = {}): WorldOptions {
  const sandbox = world.sandbox ?? {};
  if (sandbox.dataset) return world;
  const baseTime = Math.floor(Date.now() / 60_000) * 60;
  const dataset = generateDataset({
    ...(sandbox.seed === undefined ? {} : { seed: sandbox.seed }),
    baseTime,
  });
  return { ...world, sandbox: { ...sandbox, dataset } };
}

/**
 * Starts the world (sandbox API, Discord double, the real bot) and the page's server; the channel
 * opens on the morning's digest and leave reminders (schedules.ts), or in hosted mode on the
 * community just linked.
 */
export async function startPlayground(options: PlaygroundOptions = {}): Promise<Playground> {
  const clock = schedulerClock();
  const given = nowCentred(options.world);
  // Rollcall's application emojis uploaded first, as deploy-commands does: the marks show as images.
  const world = await startWorld({
    ...offlineWorld(options.hosted ? hostedWorld(given) : withSchedules(given, clock)),
    emojis: true,
  });
  // The community server keeps its first two roles in step with the Discord server's "Member" and
  // "Moderator" roles (as a community links its staff roles): a first lookup, by /me or an access
  // check, is spent only on a holder of a Discord role the community links (src/discord/access.ts).
  // Before anything reads the roles list, which is then kept for a day.
  const [member, moderator] = world.sandbox.dataset.roles;
  if (member) member.linkedChatRoleId = world.double.role('Member').id;
  if (moderator) moderator.linkedChatRoleId = world.double.role('Moderator').id;
  if (options.hosted)
    await linkCommunity(world).catch(async (error: unknown) => {
      await world.close();
      throw error;
    });
  const session = new PlaygroundSession(world, EXTRA_USERS);
  // The directory of who is who, as if each member had been right-clicked once: the playground shows
  // people by name from its first page (a right-click teaches it the same, one member at a time).
  const directory = world.app.store()?.directory;
  const community = tokenHash(world.sandbox.token);
  for (const { memberId, userId } of session.communityPeople())
    await directory?.remember(community, memberId, userId).catch(() => undefined);
  if (!options.hosted) await postMorning(world, clock);
  return servePlayground(world, session, options.port ?? DEFAULT_PORT);
}

/**
 * Serves the page and its JSON API for `session` on `world` at 127.0.0.1:`port` (0 picks a free
 * one); closing it closes the world. startPlayground serves its world (one community, or hosted
 * mode's); a test may serve a session on a world of its own.
 */
export async function servePlayground(
  world: World,
  session: PlaygroundSession,
  port: number,
): Promise<Playground> {
  const vendorRoots = new Map(VENDOR_PACKAGES.map((name) => [name, packageRoot(name)]));
  const map = JSON.stringify(importMap());
  const clients = new Set<ServerResponse>();
  let closed = false;
  let scheduled = false;

  const broadcast = (): void => {
    if (scheduled || closed) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      if (clients.size === 0) return;
      const data = `event: state\ndata: ${JSON.stringify(session.state())}\n\n`;
      for (const client of clients) client.write(data);
    });
  };
  // Every change of the double's interactions and messages wakes this check; it never resolves
  // until the playground closes.
  const watching = world.double.ledger.changes
    .until(
      () => {
        if (closed) return true;
        broadcast();
        return false;
      },
      2 ** 31 - 1,
      () => 'the playground to close',
    )
    .catch(() => undefined);

  const serveFile = (res: ServerResponse, root: string, path: string): void => {
    const file = resolve(root, `.${sep}${decodeURIComponent(path)}`);
    const inside = relative(root, file);
    const type = TYPES[extname(file)];
    let body: Buffer | null = null;
    try {
      if (!inside.startsWith('..') && inside !== '' && type && statSync(file).isFile())
        body = readFileSync(file);
    } catch {
      body = null;
    }
    if (body && type) send(res, 200, body, type);
    else send(res, 404, 'not found', 'text/plain');
  };

  const actions: Record<string, (body: Record<string, unknown>) => unknown> = {
    slash: (b) => session.slash(text(b.line, 'line')),
    autocomplete: (b) => session.autocomplete(text(b.line, 'line')),
    click: (b) => session.click(text(b.messageId, 'messageId'), text(b.customId, 'customId')),
    select: (b) => {
      const values = Array.isArray(b.values) ? b.values.map((v) => text(v, 'values')) : [];
      return session.select(text(b.messageId, 'messageId'), text(b.customId, 'customId'), values);
    },
    modal: (b) => {
      // Text, a select's or checkbox group's values, a radio group's value, a checkbox's true or false.
      const fields: ModalFields = {};
      const given = typeof b.fields === 'object' && b.fields !== null ? b.fields : {};
      for (const [key, value] of Object.entries(given))
        fields[key] =
          typeof value === 'boolean'
            ? value
            : Array.isArray(value)
              ? value.map((v) => text(v, key))
              : text(value, key);
      return session.submitModal(text(b.customId, 'customId'), fields);
    },
    'user-command': (b) => session.userCommand(text(b.name, 'name'), text(b.targetId, 'targetId')),
    'message-command': (b) => session.messageCommand(text(b.name, 'name'), text(b.messageId, 'messageId')),
    say: (b) => session.say(text(b.text, 'text')),
    'close-modal': () => session.closeModal(),
    as: (b) => session.actAs(text(b.username, 'username')),
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, port: number): Promise<void> => {
    // Only this machine's pages: a foreign Host (DNS rebinding) is refused.
    const host = req.headers.host ?? '';
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`)
      return send(res, 403, 'forbidden', 'text/plain');
    const url = new URL(req.url ?? '/', `http://${host}`);
    const path = url.pathname;
    if (req.method === 'GET') {
      if (path === '/') {
        const html = readFileSync(join(PAGE_DIR, 'index.html'), 'utf8').replace('{"imports":{}}', map);
        return send(res, 200, html, TYPES['.html'] as string);
      }
      if (path.startsWith('/page/')) return serveFile(res, PAGE_DIR, path.slice('/page/'.length));
      if (path.startsWith('/vendor/')) {
        const rest = path.slice('/vendor/'.length);
        const name = VENDOR_PACKAGES.find((n) => rest.startsWith(`${n}/`));
        const root = name && vendorRoots.get(name);
        if (!name || !root) return send(res, 404, 'not found', 'text/plain');
        return serveFile(res, root, rest.slice(name.length + 1));
      }
      // An application emoji's image, as Discord's CDN serves it at /emojis/{id}.png.
      const emoji = /^\/emojis\/(\d{17,20})\.png$/.exec(path);
      if (emoji) {
        const found = world.double.emojis.items.find((e) => e.id === emoji[1]);
        if (!found) return send(res, 404, 'not found', 'text/plain');
        return send(res, 200, found.image, found.contentType);
      }
      // A file the bot attached (a CSV export): what Discord's CDN serves at the attachment's url.
      const attached = /^\/attachments\/(\d{17,20})\/[^/]+$/.exec(path);
      if (attached) {
        const file = world.double.attachment(attached[1] ?? '');
        if (!file) return send(res, 404, 'not found', 'text/plain');
        res.writeHead(200, {
          'content-type': file.contentType ?? 'application/octet-stream',
          'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
        });
        res.end(file.data);
        return;
      }
      const avatar = /^\/avatars\/([a-z0-9_.-]{1,40})\.svg$/i.exec(path);
      if (avatar) return send(res, 200, avatarSvg(avatar[1] ?? ''), TYPES['.svg'] as string);
      if (path === '/api/state')
        return send(res, 200, JSON.stringify(session.state()), TYPES['.json'] as string);
      if (path === '/api/events') {
        res.writeHead(200, {
          'content-type': 'text/event-stream',
          'cache-control': 'no-store',
          connection: 'keep-alive',
        });
        res.write(`event: state\ndata: ${JSON.stringify(session.state())}\n\n`);
        clients.add(res);
        req.on('close', () => clients.delete(res));
        return;
      }
      return send(res, 404, 'not found', 'text/plain');
    }
    const action = req.method === 'POST' && path.startsWith('/api/') ? actions[path.slice(5)] : undefined;
    if (!action) return send(res, 404, 'not found', 'text/plain');
    try {
      const result = await action(await readJson(req));
      send(res, 200, JSON.stringify(result), TYPES['.json'] as string);
    } catch (error) {
      const status = error instanceof InputError ? 400 : 500;
      const message = error instanceof Error ? error.message : String(error);
      send(res, status, JSON.stringify({ ok: false, error: message }), TYPES['.json'] as string);
    } finally {
      broadcast();
    }
  };

  const server: Server = createServer((req, res) => {
    const bound = (server.address() as AddressInfo).port;
    handle(req, res, bound).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, String(error), 'text/plain');
      else res.end();
    });
  });
  try {
    await new Promise<void>((ready, fail) => {
      server.once('error', fail);
      server.listen(port, '127.0.0.1', () => ready());
    });
  } catch (error) {
    closed = true;
    world.double.ledger.changes.notify();
    await world.close();
    throw error;
  }
  const listening = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${listening}/`,
    world,
    session,
    async close() {
      closed = true;
      world.double.ledger.changes.notify();
      await watching;
      for (const client of clients) client.end();
      clients.clear();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      await world.close();
    },
  };
}
