/**
 * Hosted mode seen from outside: a server admin pasting odd tokens, a community API giving hostile
 * text to the admin command, and what reaches the logs and the replies then. Through the real bot,
 * the Discord double and a sandbox of two communities.
 */
import { randomBytes } from 'node:crypto';
import { ApplicationIntegrationType, Locale, PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_IDS, MAX_ACCESS_ROLES, SETUP_CHECKS } from '../../commands/admin/index.js';
import { commandBodies } from '../../src/deploy-commands.js';
import { MESSAGES } from '../../src/discord/replies.js';
import { MAX_LABEL_LENGTH } from '../../src/render/labels.js';
import type { Store } from '../../src/store/index.js';
import type { DoubleUser } from '../doubles/discord/double.js';
import { adminForm, startWorld, type World } from '../e2e/world.js';
import { forbiddenIn, HOSTILE_TEXTS, until } from '../reliability/support.js';

const A = '1340000000000000001';
const B = '1340000000000000002';
const C = '1340000000000000003';
const TOKEN_A = `attack-community-a-${randomBytes(12).toString('hex')}`;
const TOKEN_B = `attack-community-b-${randomBytes(12).toString('hex')}`;

let world: World;
let admin: DoubleUser;
let store: Store;

beforeAll(async () => {
  world = await startWorld({
    sandbox: {
      communities: {
        [TOKEN_A]: { seed: 51, label: 'attack-a' },
        [TOKEN_B]: { seed: 52, label: 'attack-b' },
      },
    },
    double: {
      guildId: A,
      extraGuilds: [
        { id: B, name: 'Community B' },
        {
          id: C,
          name: 'Community C',
          roles: Array.from({ length: 30 }, (_, n) => ({ name: `r${n + 1}` })),
        },
      ],
    },
    env: {
      API_TOKEN: '',
      DISCORD_GUILD_ID: '',
      ROLLCALL_SECRET_KEY: Buffer.alloc(32, 9).toString('base64'),
      API_RETRIES: '0',
      API_LIMITS: '100000/month',
      LOG_LEVEL: 'trace',
    },
  });
  admin = world.double.user({
    username: 'admin',
    permissions: PermissionFlagsBits.ManageGuild | PermissionFlagsBits.ModerateMembers,
  });
  store = world.app.store() as Store;
}, 60_000);

afterAll(async () => {
  await world?.close();
});

async function setup(guildId: string, token: string) {
  await (await world.double.slash(admin, 'rollcall-admin', { subcommand: 'setup', guildId })).response();
  return (
    await world.double.submitModal(admin, ADMIN_IDS.modal, { [ADMIN_IDS.tokenField]: token }, { guildId })
  ).response();
}

describe('a pasted token that cannot be a token', () => {
  it('is refused with one sentence, unread, and reaches no log line', async () => {
    const secretPart = randomBytes(12).toString('hex');
    for (const broken of [
      `${TOKEN_A}\n${secretPart}`,
      `${secretPart}\u0000${TOKEN_A}`,
      `${secretPart} \r x`,
    ]) {
      world.sandbox.resetLog();
      const answer = await setup(B, broken);
      const leaked = world.logLines.filter((line) => line.includes(secretPart) || line.includes(TOKEN_A));
      expect(leaked).toEqual([]);
      expect(answer.ephemeral).toBe(true);
      expect(answer.message?.content).toBe(MESSAGES.setupMalformed);
      expect(world.sandbox.requests).toEqual([]);
      expect(await store.describeCredential(B)).toBeUndefined();
    }
  });
});

describe("hostile text from the community's API in the admin command", () => {
  const HOSTILE = `${HOSTILE_TEXTS.everyone} ${HOSTILE_TEXTS.maskedLink} ${HOSTILE_TEXTS.roleMention} ${HOSTILE_TEXTS.bidi}`;

  it('the community id and role names an API gives are shown escaped, and ping nobody', async () => {
    const data = world.sandbox.datasetOf(TOKEN_A);
    for (const role of data.roles) role.serverId = HOSTILE;
    const picked = data.roles[0]!;
    picked.name = HOSTILE;
    const linked = await setup(A, TOKEN_A);
    expect(linked.message?.content).toMatch(/^Linked: /);
    expect(forbiddenIn(linked.message?.content ?? '')).toBeUndefined();

    const shown = await (
      await world.double.slash(admin, 'rollcall-admin', { subcommand: 'setup', guildId: A })
    ).response();
    expect(shown.message?.content).toMatch(/^Linked to community server /);
    expect(forbiddenIn(shown.message?.content ?? '')).toBeUndefined();

    const saved = await (
      await world.double.slash(admin, 'rollcall-admin', {
        subcommand: 'settings',
        options: { 'access-roles': picked.id },
        guildId: A,
      })
    ).response();
    expect(saved.message?.content).toContain(MESSAGES.settingsSaved);
    expect((await store.getSettings(A)).accessRoleIds).toEqual([picked.id]);
    expect(forbiddenIn(saved.message?.content ?? '')).toBeUndefined();
    expect(world.double.allowedMentionsViolations()).toEqual([]);
  });

  it('role names an admin typed that match no role are repeated escaped', async () => {
    const refused = await (
      await world.double.slash(admin, 'rollcall-admin', {
        subcommand: 'settings',
        options: { 'access-roles': `${HOSTILE_TEXTS.maskedLink}, ${HOSTILE_TEXTS.everyone}` },
        guildId: A,
      })
    ).response();
    expect(refused.ephemeral).toBe(true);
    expect(refused.message?.content).toMatch(/^No community role is called /);
    expect(forbiddenIn(refused.message?.content ?? '')).toBeUndefined();
  });
});

describe("a user's own install of the app", () => {
  it('is refused in a linked server, before any read, whatever the command', async () => {
    await (
      await world.double.slash(admin, 'rollcall-admin', {
        subcommand: 'settings',
        options: { 'access-roles': 'none' },
        guildId: A,
      })
    ).response();
    // No Moderate Members: the server's command permissions would hide /loa from them.
    const outsider = world.double.user({ username: 'outsider', roles: ['Member'], permissions: 0n });
    world.sandbox.resetLog();
    const through = { guildId: A, userInstall: true, bypassPermissions: true } as const;
    const loa = await (
      await world.double.slash(outsider, 'loa', { subcommand: 'list', ...through })
    ).response();
    expect(loa.ephemeral).toBe(true);
    expect(loa.message?.content).toBe(MESSAGES.serverInstallOnly);
    const typed = await (
      await world.double.autocomplete(outsider, 'role', 'view', 'role', 'a', through)
    ).response();
    expect(typed.choices ?? []).toEqual([]);
    expect(world.sandbox.requests).toEqual([]);
    // The same member through the server's install: only Discord's permissions stand in the way.
    const allowed = await (
      await world.double.slash(outsider, 'loa', { subcommand: 'list', guildId: A, bypassPermissions: true })
    ).response();
    expect(allowed.message?.embeds?.length).toBe(1);
  });

  it('is never offered: every command is registered for server installs only', () => {
    for (const body of commandBodies('ModerateMembers', true))
      expect(body.integration_types, body.name).toEqual([ApplicationIntegrationType.GuildInstall]);
  });
});

describe('labels that would look like something else', () => {
  async function label(text: string) {
    return (
      await world.double.slash(admin, 'rollcall-admin', {
        subcommand: 'labels',
        options: { table: 'logTypes', code: '7', label: text },
        guildId: A,
      })
    ).response();
  }

  it('refuses blank-looking and stacked-mark labels with one sentence, and keeps real accents', async () => {
    const before = (await store.getSettings(A)).labels;
    for (const text of [
      '\u3164', // Hangul filler: a label that looks empty
      '\u2800\u2800', // braille blanks
      'Warn \u115F\u1160 ing',
      '\uFFA0',
      `Kick${'\u0336'.repeat(30)}`, // marks stacked over the neighbouring lines
      '\u0301Kick', // a mark with nothing to sit on: it lands on the "(" before it
    ]) {
      const answer = await label(text);
      expect(answer.ephemeral, JSON.stringify(text)).toBe(true);
      expect(answer.message?.content, JSON.stringify(text)).toBe(MESSAGES.labelBadText);
    }
    expect((await store.getSettings(A)).labels).toEqual(before);
    for (const text of ['Cảnh báo', 'Ave\u0301rtissement', 'चेतावनी']) {
      const answer = await label(text);
      expect(answer.message?.content, text).toMatch(/^Saved: code 7 is now shown as 7 \(/);
      expect([...text].length).toBeLessThanOrEqual(MAX_LABEL_LENGTH);
    }
  });
});

describe('API limits an admin typed', () => {
  it('a malformed list is refused without repeating markup, and nothing is saved', async () => {
    const before = await store.getSettings(A);
    for (const limits of [
      `${HOSTILE_TEXTS.maskedLink}/month`,
      `100/month,${HOSTILE_TEXTS.roleMention}/1m`,
      `${HOSTILE_TEXTS.everyone}`,
    ]) {
      const answer = await (
        await world.double.slash(admin, 'rollcall-admin', {
          subcommand: 'settings',
          options: { limits },
          guildId: A,
        })
      ).response();
      expect(answer.ephemeral).toBe(true);
      expect(answer.message?.content).toMatch(/^Those API limits are not valid: /);
      expect(forbiddenIn(answer.message?.content ?? ''), limits).toBeUndefined();
    }
    expect(await store.getSettings(A)).toEqual(before);
    expect(world.double.allowedMentionsViolations()).toEqual([]);
  });

  it('a token pasted into the limits box is neither said back nor logged, in any language', async () => {
    const before = await store.getSettings(A);
    const german = world.double.user({
      username: 'admin-de',
      locale: Locale.German,
      permissions: PermissionFlagsBits.ManageGuild | PermissionFlagsBits.ModerateMembers,
    });
    // The sandbox's token, a community's, and a 70-character random one (mixed case: the parser
    // lowers it, so it is looked for in any case).
    const random = randomBytes(60).toString('base64url').replace(/[-_]/g, 'x').slice(0, 70);
    expect(random).toHaveLength(70);
    const form = adminForm(world, admin, A, { subcommand: 'settings', customId: ADMIN_IDS.settingsForm });
    const leaks = (text: string, secret: string) => text.toLowerCase().includes(secret.toLowerCase());
    for (const secret of [world.sandbox.token, TOKEN_A, random]) {
      for (const [who, typed, says] of [
        [admin, secret, 'Those API limits are not valid: the limit is not'],
        [german, `100/month,${secret}`, 'Diese API-Limits sind ungültig: das 2. Limit ist'],
      ] as const) {
        const logged = world.logLines.length;
        const answer = await (
          await world.double.slash(who, 'rollcall-admin', {
            subcommand: 'settings',
            options: { limits: typed },
            guildId: A,
          })
        ).response();
        const reply = answer.message?.content ?? '';
        expect(leaks(reply, secret), reply).toBe(false);
        expect(reply).toMatch(new RegExp(`^${says} `));
        const lines = world.logLines.slice(logged);
        expect(lines.filter((line) => leaks(line, secret))).toEqual([]);
        // The operator's line names the refusal by its words' key.
        const refused = lines.filter((line) => line.includes('"request refused"'));
        expect(refused).toHaveLength(1);
        expect(refused[0]).toContain('"key":"sentences.badLimits"');
      }
      // The settings form's limits box: the same refusal, by the same code.
      await form.open();
      const logged = world.logLines.length;
      const reply = await form.submit({ limits: secret });
      expect(leaks(reply, secret), reply).toBe(false);
      expect(reply).toMatch(/^Those API limits are not valid: the limit is not /);
      expect(world.logLines.slice(logged).filter((line) => leaks(line, secret))).toEqual([]);
    }
    expect(await store.getSettings(A)).toEqual(before);
  });

  it('no refusal logs what was typed: a secret given as role names is said back, never logged', async () => {
    const secret = `rc-${randomBytes(24).toString('hex')}`; // no markdown character: said back as typed
    const typed: Record<string, string>[] = [
      { 'access-roles': secret },
      { 'discord-roles': `Staff,${secret}` },
    ];
    for (const options of typed) {
      const logged = world.logLines.length;
      const answer = await (
        await world.double.slash(admin, 'rollcall-admin', { subcommand: 'settings', options, guildId: A })
      ).response();
      // The admin's own reply names what matched nothing, as typed (theirs to see, and no log's).
      expect(answer.message?.content).toContain(secret);
      const lines = world.logLines.slice(logged);
      expect(lines.filter((line) => line.includes(secret))).toEqual([]);
      expect(lines.filter((line) => line.includes('"request refused"'))).toHaveLength(1);
    }
  });
});

describe('Discord failing under the admin command', () => {
  it('logs the failure without the interaction token its URL carries', async () => {
    for (const [subcommand, status, code] of [
      ['settings', 404, 10062],
      ['labels', 403, 50013],
      ['unlink', 404, 10062],
    ] as const) {
      const logged = world.logLines.length;
      world.double.failNext({ route: 'callback', status, code });
      const handle = await world.double.slash(admin, 'rollcall-admin', { subcommand, guildId: B });
      const failed = () => world.logLines.slice(logged).filter((line) => line.includes(`"code":${code}`));
      await until(() => failed().length > 0, 5_000, `the failure of ${subcommand} logged`);
      expect(world.logLines.slice(logged).filter((line) => line.includes(handle.token))).toEqual([]);
    }
  });

  it('logs a refused autocomplete answer without the interaction token', async () => {
    const logged = world.logLines.length;
    world.double.failNext({ route: 'callback', status: 400, code: 50035 });
    const handle = await world.double.autocomplete(world.mod, 'role', 'view', 'role', 'a', { guildId: A });
    const failed = () => world.logLines.slice(logged).filter((line) => line.includes('"code":50035'));
    await until(() => failed().length > 0, 5_000, 'the refused autocomplete logged');
    expect(world.logLines.slice(logged).filter((line) => line.includes(handle.token))).toEqual([]);
  });
});

describe('tokens pasted one after another', () => {
  it('a server gets a few checks, then one sentence and no request, until the window passes', async () => {
    world.sandbox.resetLog();
    for (let n = 0; n < SETUP_CHECKS; n++) {
      const answer = await setup(C, `guess-${randomBytes(16).toString('hex')}`);
      expect(answer.message?.content).toBe(MESSAGES.setupRejected);
    }
    expect(world.sandbox.requests).toHaveLength(SETUP_CHECKS);
    for (const token of [`guess-${randomBytes(16).toString('hex')}`, TOKEN_B]) {
      const answer = await setup(C, token);
      expect(answer.ephemeral).toBe(true);
      expect(answer.message?.content).toMatch(
        /^This server has had 5 tokens checked in the last few minutes; try again in \d+ min\. Nothing was saved\.$/,
      );
    }
    expect(world.sandbox.requests).toHaveLength(SETUP_CHECKS);
    expect(await store.describeCredential(C)).toBeUndefined();
    // Another server is not held back by C's attempts.
    expect((await setup(B, TOKEN_B)).message?.content).toMatch(/^Linked: /);
    await (
      await world.double.slash(admin, 'rollcall-admin', { subcommand: 'unlink', guildId: B })
    ).response();
  });
});

describe('more access roles than a server may keep', () => {
  it('is refused with one sentence naming the limit, and nothing is saved', async () => {
    const before = await store.getSettings(C);
    const names = Array.from({ length: MAX_ACCESS_ROLES + 1 }, (_, n) => `r${n + 1}`);
    const answer = await (
      await world.double.slash(admin, 'rollcall-admin', {
        subcommand: 'settings',
        options: { 'discord-roles': names.join(',') },
        guildId: C,
      })
    ).response();
    expect(answer.ephemeral).toBe(true);
    expect(answer.message?.content).toBe(MESSAGES.tooManyRoles(MAX_ACCESS_ROLES));
    expect(await store.getSettings(C)).toEqual(before);
    // As many as it may keep are saved.
    const saved = await (
      await world.double.slash(admin, 'rollcall-admin', {
        subcommand: 'settings',
        options: { 'discord-roles': names.slice(0, MAX_ACCESS_ROLES).join(',') },
        guildId: C,
      })
    ).response();
    expect(saved.message?.content).toContain(MESSAGES.settingsSaved);
    expect((await store.getSettings(C)).accessDiscordRoleIds).toHaveLength(MAX_ACCESS_ROLES);
  });
});

// Last: it spends community A's allowance and revokes its token.
describe('a token checked while its allowance is spent', () => {
  it('is not linked on the strength of a saved answer: the API must say yes', async () => {
    const limited = await (
      await world.double.slash(admin, 'rollcall-admin', {
        subcommand: 'settings',
        options: { limits: '1/month' },
        guildId: A,
      })
    ).response();
    expect(limited.message?.content).toContain(MESSAGES.settingsSaved);
    // A moderator's read in A: the token now keeps A's limits, and its month is spent.
    await (await world.double.slash(world.mod, 'loa', { subcommand: 'list', guildId: A })).response();
    // The community revokes the token; server A's answers (roles included) are still saved.
    world.sandbox.set({
      tokens: {
        [TOKEN_B]: { permission: 'all', label: 'attack-b', dataset: world.sandbox.datasetOf(TOKEN_B) },
      },
    });
    const answer = await setup(B, TOKEN_A);
    expect(answer.ephemeral).toBe(true);
    expect(answer.message?.content).toMatch(
      /^That token has no API requests left this month \(its monthly allowance of 1 is spent\), .* <t:\d+:R>\.$/,
    );
    expect(await store.describeCredential(B)).toBeUndefined();
  });
});
