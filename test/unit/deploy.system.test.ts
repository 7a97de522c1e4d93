/** What `npm run deploy-commands -- --dry-run` registers, and that its views read every endpoint. */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import {
  ApplicationCommandType,
  REST,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
  Routes,
} from 'discord.js';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { commands } from '../../commands/index.js';
import { commandBodies } from '../../src/deploy-commands.js';
import type { Community } from '../../src/discord/community.js';
import { EMOJI_NAMES } from '../../src/render/marks.js';
import { startDiscordDouble } from '../doubles/discord/double.js';

const run = promisify(execFile);
const root = new URL('../..', import.meta.url).pathname;

/**
 * The operations (operationIds of openapi.yaml) the registered views read: each view's fetch runs
 * over a Resources that notes the method asked for and fails it.
 */
async function operationsRead(): Promise<string[]> {
  const read = new Set<string>();
  const resources = new Proxy(
    {},
    {
      get: (_, name) => {
        read.add(String(name));
        return () => Promise.reject(new Error('noted'));
      },
    },
  );
  const community = { resources } as unknown as Community;
  for (const view of commands.flatMap((c) => c.views)) {
    await (async () =>
      view.kind === 'list'
        ? view.fetch(community, 'x', { page: 1, limit: 10 }, { purpose: 'ask' })
        : view.fetch(community, 'x', { purpose: 'ask' }))().catch(() => undefined);
  }
  return [...read].sort();
}

describe('deploy-commands --dry-run', () => {
  it('prints every command, guild-only, with the default permission', async () => {
    const { stdout } = await run('npx', ['tsx', 'src/deploy-commands.ts', '--dry-run'], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, API_TOKEN: 'single-community' },
    });
    const bodies = JSON.parse(stdout) as RESTPostAPIChatInputApplicationCommandsJSONBody[];
    expect(bodies).toEqual(commandBodies('ModerateMembers'));
    // The user commands (right-click a member, Apps), registered with the slash commands.
    const menus = bodies.filter((b) => (b as { type?: number }).type === ApplicationCommandType.User);
    expect(menus.map((b) => b.name)).toEqual(['Staff record', 'LOAs', 'Join request']);
    // The message command (right-click a message, Apps): "Check player", registered with them.
    const messageMenus = bodies.filter(
      (b) => (b as { type?: number }).type === ApplicationCommandType.Message,
    );
    expect(messageMenus.map((b) => b.name)).toEqual(['Check player']);
    menus.push(...messageMenus);
    for (const menu of menus) {
      expect(menu.name.length).toBeLessThanOrEqual(32);
      expect(menu).not.toHaveProperty('options');
      expect(menu).not.toHaveProperty('description');
    }
    for (const body of bodies) {
      // ModerateMembers; /me, the caller's own record, is for everyone.
      expect(body.default_member_permissions).toBe(body.name === 'me' ? null : '1099511627776');
      expect(body.contexts).toEqual([0]); // guild only
      for (const sub of body.options ?? []) {
        expect((sub as { options?: Array<{ name: string }> }).options?.at(-1)?.name).toBe('public');
      }
    }
  }, 60_000);

  it('adds /rollcall-admin (Manage Server only) in hosted mode, and only there', async () => {
    const { stdout } = await run('npx', ['tsx', 'src/deploy-commands.ts', '--dry-run'], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
    });
    const bodies = JSON.parse(stdout) as RESTPostAPIChatInputApplicationCommandsJSONBody[];
    expect(bodies).toEqual(commandBodies('ModerateMembers', true));
    const admin = bodies.find((b) => b.name === 'rollcall-admin');
    expect(admin?.default_member_permissions).toBe('32'); // ManageGuild
    expect(admin?.contexts).toEqual([0]);
    expect(admin?.options?.map((o) => o.name)).toEqual(['setup', 'settings', 'labels', 'unlink', 'reports']);
    // The digest's language: the server's own by default, or one Rollcall has a catalogue for.
    const reports = admin?.options?.find((o) => o.name === 'reports') as
      | { options?: Array<{ name: string; choices?: Array<{ name: string; value: string }> }> }
      | undefined;
    const language = reports?.options?.find((o) => o.name === 'language') as
      | {
          description_localizations?: Record<string, string>;
          choices?: Array<{ name: string; value: string; name_localizations?: Record<string, string> }>;
        }
      | undefined;
    expect(language?.choices?.map((c) => [c.value, c.name])).toEqual([
      ['server', 'server default'],
      ['en', 'English'],
      ['de', 'Deutsch'],
      ['es-ES', 'Español'],
      ['fr', 'Français'],
      ['pt-BR', 'Português (Brasil)'],
    ]);
    expect(language?.choices?.[0]?.name_localizations).toMatchObject({
      de: 'Standard des Servers',
      fr: 'par défaut du serveur',
    });
    expect(Object.keys(language?.description_localizations ?? {}).sort()).toEqual(
      ['de', 'es-419', 'es-ES', 'fr', 'pt-BR'].sort(),
    );
    expect(commandBodies('ModerateMembers').some((b) => b.name === 'rollcall-admin')).toBe(false);
    expect(bodies.filter((b) => b.name !== 'rollcall-admin')).toEqual(commandBodies('ModerateMembers'));
  }, 60_000);

  it('reads every endpoint of openapi.yaml through some view', async () => {
    const doc = parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as {
      paths: Record<string, { get: { operationId: string } }>;
    };
    const all = Object.values(doc.paths).map((p) => p.get.operationId);
    expect(await operationsRead()).toEqual([...all].sort());
  });

  it('applies COMMAND_PERMISSIONS', () => {
    expect(commandBodies('none')[0]?.default_member_permissions).toBeNull();
    expect(commandBodies('ManageGuild,KickMembers')[0]?.default_member_permissions).toBe(String(32n | 2n));
    expect(() => commandBodies('Nonsense')).toThrow(/unknown permission/);
  });
});

describe('deploy-commands against Discord (the local double)', () => {
  const deploy = (env: Record<string, string>) =>
    run(process.execPath, ['--import', 'tsx', 'src/deploy-commands.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DISCORD_TOKEN: 'deploy-test-token',
        API_TOKEN: 'single-community',
        ...env,
      },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  it('registers every command to the guild and says how many', async () => {
    const double = await startDiscordDouble();
    try {
      const result = await deploy({
        DISCORD_APPLICATION_ID: double.applicationId,
        DISCORD_GUILD_ID: double.guildId,
        DISCORD_API_URL: double.restUrl,
      });
      expect(result.stderr).toBe('');
      expect(result.stdout).toBe(
        `Registered ${commandBodies('ModerateMembers').length} commands for server ${double.guildId}.\n` +
          `Uploaded ${EMOJI_NAMES.length} emojis: ${EMOJI_NAMES.join(', ')}.\n`,
      );
      expect(result.code).toBe(0);
    } finally {
      await double.close();
    }
  }, 60_000);

  it('uploads each emoji once, only the missing, and leaves other emojis alone', async () => {
    const double = await startDiscordDouble();
    try {
      const env = {
        DISCORD_APPLICATION_ID: double.applicationId,
        DISCORD_GUILD_ID: double.guildId,
        DISCORD_API_URL: double.restUrl,
      };
      // Someone else's emoji, and one of Rollcall's uploaded by hand before.
      const png = `data:image/png;base64,${readFileSync(new URL('../../assets/emojis/rc_pass.png', import.meta.url)).toString('base64')}`;
      const rest = new REST({ api: double.restUrl }).setToken('deploy-test-token');
      await rest.post(Routes.applicationEmojis(double.applicationId), {
        body: { name: 'party', image: png },
      });
      await rest.post(Routes.applicationEmojis(double.applicationId), {
        body: { name: 'rc_pass', image: png },
      });
      const first = await deploy(env);
      expect(first.code).toBe(0);
      expect(first.stdout).toContain(`Uploaded ${EMOJI_NAMES.length - 1} emojis: `);
      expect(first.stdout).not.toMatch(/emojis: .*rc_pass/);
      const names = double.emojis.items.map((e) => e.name).sort();
      expect(names).toEqual([...EMOJI_NAMES, 'party'].sort());
      const posts = () =>
        double.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/emojis')).length;
      const before = posts();
      const second = await deploy(env);
      expect(second.code).toBe(0);
      expect(second.stdout).toContain(
        `Emojis: all ${EMOJI_NAMES.length} of Rollcall's are uploaded already.`,
      );
      expect(posts()).toBe(before);
      expect(double.emojis.items).toHaveLength(EMOJI_NAMES.length + 1);
      // The dry run reads and says what it would upload: nothing now; and writes nothing.
      const dry = await run(process.execPath, ['--import', 'tsx', 'src/deploy-commands.ts', '--dry-run'], {
        cwd: root,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, DISCORD_TOKEN: 't', ...env },
      });
      expect(dry.stderr).toContain('are uploaded already');
      expect(posts()).toBe(before);
    } finally {
      await double.close();
    }
  }, 90_000);

  it('says each emoji failure in one line and carries on, exit 0: limit reached, then no access', async () => {
    const double = await startDiscordDouble({ emojiLimit: 3 });
    try {
      const env = {
        DISCORD_APPLICATION_ID: double.applicationId,
        DISCORD_GUILD_ID: double.guildId,
        DISCORD_API_URL: double.restUrl,
      };
      const full = await deploy(env);
      expect(full.code).toBe(0);
      expect(full.stdout).toContain('Registered ');
      expect(full.stdout).toContain(`Uploaded 3 emojis: ${EMOJI_NAMES.slice(0, 3).join(', ')}.`);
      const lines = full.stderr.trim().split('\n');
      expect(lines[0]).toBe(
        `Could not upload emoji ${EMOJI_NAMES[3]}: the application has reached Discord's emoji limit (30008): delete some of its emojis in the Developer Portal; its mark stays Unicode.`,
      );
      expect(lines[1]).toBe(`Not tried, for the same reason: ${EMOJI_NAMES.slice(4).join(', ')}.`);
      expect(lines).toHaveLength(2);
      double.emojis.limit = 2_000;
      double.failNext({ route: /\/emojis$/, status: 403, code: 50001, message: 'Missing Access', times: 20 });
      const refused = await deploy(env);
      expect(refused.code).toBe(0);
      expect(refused.stderr).toMatch(
        /^Could not read the application's emojis: Discord refused \(403, Missing Access\)/,
      );
      expect(double.emojis.items).toHaveLength(3);
      expect(`${refused.stdout}${refused.stderr}`).not.toContain('deploy-test-token');
    } finally {
      await double.close();
    }
  }, 90_000);

  it('says why and exits 1 when Discord cannot be reached, without the token', async () => {
    const result = await deploy({
      DISCORD_APPLICATION_ID: '123456789012345678',
      DISCORD_API_URL: 'http://127.0.0.1:9/api',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Could not register the commands: /);
    expect(`${result.stdout}${result.stderr}`).not.toContain('deploy-test-token');
  }, 60_000);
});
