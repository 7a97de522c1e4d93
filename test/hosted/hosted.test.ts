/**
 * Hosted mode through the real bot, the Discord double and a sandbox serving several communities
 * (one dataset per token): servers linked by their admins with /rollcall-admin setup, each reading
 * only its own community; controls replayed across servers; the setup's answers; a token the API
 * stops accepting; leaving a server; and the tokens kept out of logs, REST bodies and the database
 * file. It runs twice: on the SQLite store (a temporary DATA_DIR) and on PostgreSQL (a schema of its
 * own in the database at 127.0.0.1:5432, named in DATABASE_URL's search_path) when one listens
 * there; with CI=true the PostgreSQL run is mandatory, as in test/store.
 */
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_IDS } from '../../commands/admin/index.js';
import type { Role } from '../../generated/api.js';
import { REJECTION_CONFIRM_MS } from '../../src/community/rejections.js';
import { MESSAGES } from '../../src/discord/replies.js';
import { ENGLISH } from '../../src/i18n/words.js';
import { type Store, StoreError } from '../../src/store/index.js';
import type { DoubleUser } from '../doubles/discord/double.js';
import { adminForm, controls, embedOf, startWorld, type World } from '../e2e/world.js';
import { gate } from '../reliability/support.js';
import { type Backend, backends, PG_URL, type Place } from '../store/places.js';
import { hasRedisServer, OwnRedis } from '../support/redis.js';
import { dumpRedis } from './redis-dump.js';
import { startHostedWorld } from './world.js';

const A = '1300000000000000001';
const B = '1300000000000000002';
const C = '1300000000000000003';
const D = '1300000000000000004';

const TOKEN_A = 'community-a-token-9f3e1c7d2b';
const TOKEN_B = 'community-b-token-4a8d6e0f5c';
const TOKEN_C = 'community-c-token-7b2c9d1e3f';
const TOKEN_NO_PERMISSION = 'no-permission-token-5e6f7a8b9c';
const UNKNOWN_TOKEN = 'unknown-token-1a2b3c4d5e';
const ALL_TOKENS = [TOKEN_A, TOKEN_B, TOKEN_C, TOKEN_NO_PERMISSION, UNKNOWN_TOKEN];
const COMMUNITIES = {
  [TOKEN_A]: { seed: 101, label: 'community-a' },
  [TOKEN_B]: { seed: 202, label: 'community-b' },
  [TOKEN_C]: { seed: 303, label: 'community-c' },
};

function hostedSuite(backend: Backend): void {
  let world: World;
  let admin: DoubleUser;
  let store: Store;
  let redis: OwnRedis | undefined;
  let place: Place;

  /** The store's settings for the world: a DATA_DIR for SQLite, DATABASE_URL with a schema of its own for PostgreSQL. */
  async function storeEnv(backend: Backend): Promise<Record<string, string>> {
    place = await backend.fresh();
    const schema = place.options.schema;
    if (!schema) return { DATA_DIR: place.options.dataDir as string };
    await place.query(`create schema if not exists "${schema}"`);
    return { DATABASE_URL: `${PG_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}` };
  }

  beforeAll(async () => {
    const placeEnv = await storeEnv(backend);
    if (hasRedisServer) {
      redis = await OwnRedis.create();
      await redis.start();
    }
    world = await startWorld({
      sandbox: {
        tokens: { [TOKEN_NO_PERMISSION]: { permission: 'none', label: 'no-permission' } },
        communities: COMMUNITIES,
      },
      double: {
        guildId: A,
        extraGuilds: [
          { id: B, name: 'Community B' },
          { id: C, name: 'Community C' },
          { id: D, name: 'Community D' },
        ],
      },
      env: {
        API_TOKEN: '',
        DISCORD_GUILD_ID: '',
        ROLLCALL_SECRET_KEY: Buffer.alloc(32, 9).toString('base64'),
        API_RETRIES: '0',
        ...(redis ? { CACHE_URL: redis.url } : {}),
        ...placeEnv,
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
    await redis?.stop();
    await place?.remove();
  });

  it(`keeps the store in ${backend.name === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`, () => {
    expect(store.kind).toBe(backend.name);
  });

  /** Run setup in a server and submit `token` in the modal; the final answer. */
  async function setup(guildId: string, token: string) {
    const opened = await (
      await world.double.slash(admin, 'rollcall-admin', { subcommand: 'setup', guildId })
    ).response();
    expect(opened.modal?.custom_id).toBe(ADMIN_IDS.modal);
    return (
      await world.double.submitModal(admin, ADMIN_IDS.modal, { [ADMIN_IDS.tokenField]: token }, { guildId })
    ).response();
  }

  function text(message: unknown): string {
    return JSON.stringify(message);
  }

  function requestsBy(label: string) {
    return world.sandbox.requests.filter((r) => r.token === label);
  }

  describe('hosted mode: linking', () => {
    it('registers /rollcall-admin globally with Manage Server as its default permission', () => {
      const admin = world.double.registeredCommands(null).find((c) => c.name === 'rollcall-admin');
      expect(admin?.default_member_permissions).toBe(String(PermissionFlagsBits.ManageGuild));
      expect(world.double.registeredCommands(null).map((c) => c.name)).toContain('loa');
    });

    it('an unlinked server gets one private sentence and nothing is read', async () => {
      world.sandbox.resetLog();
      const answer = await (
        await world.double.slash(world.mod, 'loa', { subcommand: 'list', guildId: A })
      ).response();
      expect(answer.ephemeral).toBe(true);
      expect(answer.message?.content).toBe(MESSAGES.notLinked);
      expect(world.sandbox.requests).toEqual([]);
    });

    it('links two servers to two communities with one API read each', async () => {
      for (const [guildId, token] of [
        [A, TOKEN_A],
        [B, TOKEN_B],
      ] as const) {
        world.sandbox.resetLog();
        const answer = await setup(guildId, token);
        const dataset = world.sandbox.datasetOf(token);
        expect(answer.ephemeral).toBe(true);
        expect(answer.message?.content).toBe(
          `${MESSAGES.setupLinked(dataset.serverId, dataset.roles.length)}\n${MESSAGES.accessRolesTip}`,
        );
        expect(world.sandbox.requests.map((r) => [r.path, r.query.limit, r.token])).toEqual([
          ['/api/v1/server/roles', '100', COMMUNITIES[token].label],
        ]);
        const saved = await store.describeCredential(guildId);
        expect(saved?.communityId).toBe(dataset.serverId);
        expect(saved?.linkedBy).toBe(admin.id);
      }
    });

    it('each server lists only its own community', async () => {
      const a = world.sandbox.datasetOf(TOKEN_A);
      const b = world.sandbox.datasetOf(TOKEN_B);
      expect(a.serverId).not.toBe(b.serverId);
      for (const [guildId, own, other] of [
        [A, a, b],
        [B, b, a],
      ] as const) {
        const members = text(
          (await (await world.double.slash(world.mod, 'member', { subcommand: 'list', guildId })).response())
            .message,
        );
        expect(own.members.some((m) => members.includes(m.id))).toBe(true);
        expect(other.members.filter((m) => members.includes(m.id))).toEqual([]);
        const loas = text(
          (await (await world.double.slash(world.mod, 'loa', { subcommand: 'list', guildId })).response())
            .message,
        );
        expect(own.loas.some((l) => loas.includes(l.id))).toBe(true);
        expect(other.loas.filter((l) => loas.includes(l.id))).toEqual([]);
      }
    });

    it("/rollcall status reports on the server's own token", async () => {
      const answer = await (
        await world.double.slash(world.mod, 'rollcall', { subcommand: 'status', guildId: B })
      ).response();
      expect(answer.ephemeral).toBe(true);
      expect(answer.message?.content ?? '').toBe('');
      expect(embedOf(answer.message).title).toMatch(/status/i);
    });

    it("a control from server A used in server B reads nothing of A's community", async () => {
      const listed = await (
        await world.double.slash(world.mod, 'loa', { subcommand: 'list', guildId: A })
      ).response();
      const next = [...controls(listed.message).values()].find((id) => id.startsWith('rc1:n:'));
      expect(next).toBeDefined();
      world.sandbox.resetLog();
      const replayed = await (
        await world.double.submitModal(world.mod, next as string, {}, { unsolicited: true, guildId: B })
      ).response();
      expect(requestsBy('community-a')).toEqual([]);
      const shown = text(replayed.message);
      const a = world.sandbox.datasetOf(TOKEN_A);
      expect(a.loas.filter((l) => shown.includes(l.id))).toEqual([]);
    });

    it('refuses a member without Manage Server, even when Discord would show them the command', async () => {
      world.sandbox.resetLog();
      const answer = await (
        await world.double.slash(world.mod, 'rollcall-admin', {
          subcommand: 'setup',
          guildId: D,
          bypassPermissions: true,
        })
      ).response();
      expect(answer.ephemeral).toBe(true);
      expect(answer.message?.content).toBe(MESSAGES.adminOnly);
      expect(answer.modal).toBeNull();
      expect(world.sandbox.requests).toEqual([]);
      expect(await store.describeCredential(D)).toBeUndefined();
    });

    it('says why a token was not linked, and saves nothing', async () => {
      const cases: Array<[string, string, () => void]> = [
        [UNKNOWN_TOKEN, MESSAGES.setupRejected, () => undefined],
        [TOKEN_NO_PERMISSION, MESSAGES.setupForbidden, () => undefined],
        [TOKEN_C, MESSAGES.setupUnavailable, () => world.sandbox.failNext(1, '500')],
      ];
      for (const [token, sentence, arrange] of cases) {
        world.sandbox.resetLog();
        arrange();
        const answer = await setup(D, token);
        expect(answer.ephemeral).toBe(true);
        expect(answer.message?.content).toBe(sentence);
        expect(world.sandbox.requests).toHaveLength(1); // one read, no retry
        expect(await store.describeCredential(D)).toBeUndefined();
      }
    });
  });

  describe('hosted mode: a token the API stops accepting', () => {
    it('refuses without reading after a 401, and marks it invalid only once confirmed', async () => {
      const linked = await setup(C, TOKEN_C);
      expect(linked.message?.content).toMatch(/^Linked: /);
      // The API no longer accepts TOKEN_C (revoked on the community's side).
      const { [TOKEN_C]: _revoked, ...kept } = COMMUNITIES;
      world.sandbox.set({
        tokens: {
          [TOKEN_NO_PERMISSION]: { permission: 'none', label: 'no-permission' },
          ...Object.fromEntries(
            Object.entries(kept).map(([token, c]) => [
              token,
              { permission: 'all' as const, label: c.label, dataset: world.sandbox.datasetOf(token) },
            ]),
          ),
        },
      });
      world.sandbox.resetLog();
      const before = Date.now();
      const first = await (
        await world.double.slash(world.mod, 'shift', { subcommand: 'list', guildId: C })
      ).response();
      // Held, not rejected for good: told when Rollcall tries again, a minute after the 401.
      const retryAt = Number(/<t:(\d+):R>/.exec(first.message?.content ?? '')?.[1]);
      expect(first.message?.content).toBe(MESSAGES.tokenHeld(retryAt));
      expect(retryAt).toBeGreaterThanOrEqual(Math.ceil((before + REJECTION_CONFIRM_MS) / 1000));
      expect(retryAt).toBeLessThanOrEqual(Math.ceil((Date.now() + REJECTION_CONFIRM_MS) / 1000));
      expect(world.sandbox.requests.map((r) => r.status)).toEqual([401]);
      // One 401 is not proof (test/hosted/rejection.test.ts confirms it a minute later).
      expect((await store.describeCredential(C))?.invalidAt).toBeUndefined();

      world.sandbox.resetLog();
      const next = await (
        await world.double.slash(world.mod, 'loa', { subcommand: 'list', guildId: C })
      ).response();
      expect(next.ephemeral).toBe(true);
      expect(next.message?.content).toBe(MESSAGES.tokenHeld(retryAt));
      expect(world.sandbox.requests).toEqual([]);
      // As the confirming 401 does; the admin's view of it follows.
      expect(await store.markInvalid(C)).toBe(true);
    });

    it('shows the admin the link and its state (never the token), with Replace and Unlink', async () => {
      const shown = await (
        await world.double.slash(admin, 'rollcall-admin', { subcommand: 'setup', guildId: C })
      ).response();
      expect(shown.ephemeral).toBe(true);
      const content = shown.message?.content ?? '';
      expect(content).toContain(`by <@${admin.id}>`);
      expect(content).toContain((await store.describeCredential(C))?.fingerprint);
      expect(content).toMatch(/rejected this token/);
      expect(content).not.toContain(TOKEN_C);
      const ids = controls(shown.message);
      expect(ids.get('Replace token')).toBe(ADMIN_IDS.replace);
      expect(ids.get('Unlink')).toBe(ADMIN_IDS.unlink);
      expect(world.double.allowedMentionsViolations()).toEqual([]);

      const replace = await (await world.double.click(admin, shown.message!, ADMIN_IDS.replace)).response();
      expect(replace.modal?.custom_id).toBe(ADMIN_IDS.modal);

      const unlinked = await (await world.double.click(admin, shown.message!, ADMIN_IDS.unlink)).response();
      expect(unlinked.message?.content).toBe(MESSAGES.unlinked);
      expect(await store.describeCredential(C)).toBeUndefined();
    });
  });

  describe("hosted mode: a server's settings", () => {
    async function settings(options: Record<string, string>, guildId = A) {
      return (
        await world.double.slash(admin, 'rollcall-admin', { subcommand: 'settings', options, guildId })
      ).response();
    }

    it('shows the defaults, then posts answers publicly by default in that server only', async () => {
      const shown = await settings({ show: true } as never);
      expect(shown.ephemeral).toBe(true);
      expect(shown.message?.content).toBe(
        MESSAGES.settingsState({
          visibility: 'private',
          accessRoles: [],
          requireMember: false,
          limits: undefined,
        }),
      );
      // Without ACCESS_REQUIRE_MEMBER (this world's), no member rule is said.
      expect(shown.message?.content).toContain('Access: everyone the command permissions allow.');
      const saved = await settings({ visibility: 'public' });
      expect(saved.message?.content).toMatch(/^Settings saved\.\nAnswers: public by default/);
      const inA = await (
        await world.double.slash(world.mod, 'loa', { subcommand: 'list', guildId: A })
      ).response();
      expect(inA.ephemeral).toBe(false);
      const privateInA = await (
        await world.double.slash(world.mod, 'loa', {
          subcommand: 'list',
          options: { public: false },
          guildId: A,
        })
      ).response();
      expect(privateInA.ephemeral).toBe(true);
      const inB = await (
        await world.double.slash(world.mod, 'loa', { subcommand: 'list', guildId: B })
      ).response();
      expect(inB.ephemeral).toBe(true);
      await settings({ visibility: 'private' });
    });

    it('unlink on a server never linked still deletes the settings saved there', async () => {
      expect(await store.describeCredential(D)).toBeUndefined();
      await settings({ visibility: 'public' }, D);
      expect((await store.getSettings(D)).defaultVisibility).toBe('public');
      const answer = await (
        await world.double.slash(admin, 'rollcall-admin', { subcommand: 'unlink', guildId: D })
      ).response();
      expect(answer.message?.content).toBe(MESSAGES.nothingToUnlink);
      expect((await store.getSettings(D)).defaultVisibility).toBe('private');
      const rows = await place.query('select guild_id from guild_settings where guild_id = ?', [D]);
      expect(rows).toEqual([]);
    });

    it('quotes what an admin typed as text: a typed mention, @everyone and markdown stay inert', async () => {
      const hostile = '<@&1> @everyone **x**';
      const inert = '\\<@&1> @\u200Beveryone \\*\\*x\\*\\*';
      const answers = [
        await (
          await world.double.slash(admin, 'rollcall-admin', {
            subcommand: 'reports',
            guildId: A,
            options: { 'time-zone': hostile },
          })
        ).response(),
        await settings({ 'access-roles': hostile }),
        await settings({ limits: hostile }),
      ];
      const contents = answers.map((a) => a.message?.content ?? '');
      expect(contents[0]).toBe(MESSAGES.badTimeZone(hostile));
      expect(contents[1]).toBe(MESSAGES.unknownRoles([hostile]));
      // Limits are quoted only when shaped as a limit (never a secret): this is named by its place.
      expect(contents[2]).toBe(MESSAGES.badLimits({ kind: 'shape', place: 1, of: 1 }));
      for (const [i, content] of contents.entries()) {
        if (i < 2) expect(content).toContain(inert);
        expect(content).not.toMatch(/(^|[^\\])<@&1>|@everyone|(^|[^\\])\*\*x/);
      }
      expect(world.double.allowedMentionsViolations()).toEqual([]);
    });

    it('limits use to holders of community roles picked by name', async () => {
      const [role, other] = world.sandbox.datasetOf(TOKEN_A).roles as [Role, Role];
      // Community A links another of its roles to the moderator's Discord role: a first check may be
      // spent on them (A's roles list is read again by the settings saved below).
      other.linkedChatRoleId = world.double.role('Moderator', A).id;
      const unknown = await settings({ 'access-roles': 'No Such Role' });
      expect(unknown.message?.content).toBe(MESSAGES.unknownRoles(['No Such Role']));
      expect((await store.getSettings(A)).accessRoleIds).toEqual([]);

      const saved = await settings({ 'access-roles': role.name!.toUpperCase() });
      expect(saved.message?.content).toContain(`holders of the community role(s) ${role.name}`);
      expect((await store.getSettings(A)).accessRoleIds).toEqual([role.id]);
      // The moderator is no member of community A: refused there, still served in B.
      const refused = await (
        await world.double.slash(world.mod, 'loa', { subcommand: 'list', guildId: A })
      ).response();
      expect(refused.message?.content).toBe(MESSAGES.accessNotMember);
      const inB = await (
        await world.double.slash(world.mod, 'loa', { subcommand: 'list', guildId: B })
      ).response();
      expect(inB.message?.embeds?.length).toBe(1);

      await settings({ 'access-roles': 'none' });
      expect((await store.getSettings(A)).accessRoleIds).toEqual([]);
    });

    it("keeps the community plan's limits, refusing malformed ones", async () => {
      const bad = await settings({ limits: '100/fortnight' });
      expect(bad.message?.content).toMatch(/^Those API limits are not valid: /);
      expect((await store.getSettings(A)).apiLimits).toBeUndefined();
      const saved = await settings({ limits: '777/month,60/1m' });
      expect(saved.message?.content).toContain('API limits: 777/month,60/1m.');
      expect((await store.getSettings(A)).apiLimits).toBe('777/month,60/1m');
      const status = await (
        await world.double.slash(world.mod, 'rollcall', { subcommand: 'status', guildId: A })
      ).response();
      expect(text(status.message)).toContain('777');
      await settings({ limits: 'default' });
      expect((await store.getSettings(A)).apiLimits).toBeUndefined();
    });

    it("plans an export against that server's own limits", async () => {
      await settings({ limits: '5/month,1000/1s' }, B);
      const list = await (
        await world.double.slash(world.mod, 'shift', { subcommand: 'list', guildId: B })
      ).response();
      const exportId = controls(list.message).get('📄 Export CSV')!;
      world.sandbox.resetLog();
      const refused = await (await world.double.click(world.mod, list.message!, exportId)).response();
      // B's own plan: five a month, one kept in reserve, so at most four for an export (the bot's
      // default here has no month, and would have exported).
      const pages = Math.ceil(world.sandbox.datasetOf(TOKEN_B).shifts.length / 100);
      const m = /^Exporting this whole list needs (\d+) more requests .* but only (\d) can be spared/.exec(
        refused.message?.content ?? '',
      );
      expect(Number(m?.[1])).toBe(pages - 1);
      expect(Number(m?.[2])).toBeLessThanOrEqual(4);
      expect(world.sandbox.requests).toEqual([]);
      await settings({ limits: 'default' }, B);
    });
  });

  describe('hosted mode: a stored token copied to another server', () => {
    it('does not open there: moderators are told to link again, and nothing is read', async () => {
      await place.query(
        `insert into credentials (guild_id, sealed, key_id, fingerprint, community_id, linked_by, linked_at, invalid_at, updated_at)
       select ?, sealed, key_id, fingerprint, community_id, linked_by, linked_at, invalid_at, updated_at
       from credentials where guild_id = ?`,
        [D, A],
      );
      world.sandbox.resetLog();
      const answer = await (
        await world.double.slash(world.mod, 'loa', { subcommand: 'list', guildId: D })
      ).response();
      expect(answer.ephemeral).toBe(true);
      expect(answer.message?.content).toBe(MESSAGES.tokenUnreadable);
      expect(world.sandbox.requests).toEqual([]);
      await store.deleteGuild(D);
    });
  });

  describe('hosted mode: the database stops answering mid-run', () => {
    it('moderators are told so, and nothing falls back to another server', async () => {
      const real = store.lookup;
      store.lookup = async () => {
        throw new StoreError('unavailable', 'The database is not answering (ECONNREFUSED).');
      };
      try {
        world.sandbox.resetLog();
        const answer = await (
          await world.double.slash(world.mod, 'loa', { subcommand: 'list', guildId: B })
        ).response();
        expect(answer.ephemeral).toBe(true);
        expect(answer.message?.content).toBe(MESSAGES.storeUnavailable);
        expect(world.sandbox.requests).toEqual([]);
      } finally {
        store.lookup = real;
      }
    });

    it('a lookup the database never answers is cut at LOOKUP_TIMEOUT_MS: the moderator is told so', async () => {
      const real = store.lookup;
      store.lookup = () => new Promise(() => undefined);
      try {
        world.sandbox.resetLog();
        const answer = await (
          await world.double.slash(world.mod, 'loa', { subcommand: 'list', guildId: B })
        ).response();
        expect(answer.message?.content).toBe(MESSAGES.storeUnavailable);
        expect(world.sandbox.requests).toEqual([]);
      } finally {
        store.lookup = real;
      }
    });

    it('a slow credential lookup still leaves the reply time to defer within Discord’s 3 s', async () => {
      // The store answers the lookup after 1.6 s (of the 2 s it may take), and the read then waits
      // at the API until Discord saw the defer: the defer is due 300 ms after the interaction came,
      // not 300 ms after the lookup.
      const real = store.lookup;
      store.lookup = async (guildId) => {
        await new Promise((resolve) => setTimeout(resolve, 1_600));
        return real.call(store, guildId);
      };
      const held = gate(world);
      try {
        const handle = await world.double.slash(world.mod, 'audit-log', { subcommand: 'list', guildId: B });
        const answer = handle.response();
        await handle.acknowledged({ timeoutMs: 3_500 }).catch(() => undefined);
        held.release();
        const final = await answer;
        expect(held.arrived()).toBeGreaterThan(0);
        expect(final.kind).toBe('deferred-reply');
        expect(final.message?.embeds?.length).toBeGreaterThan(0);
      } finally {
        held.release();
        world.sandbox.set({ gate: null });
        store.lookup = real;
      }
    });

    it('a token is not checked while the store cannot say which limits its servers keep', async () => {
      const real = store.allowance.tokenLimits;
      store.allowance.tokenLimits = async () => {
        throw new StoreError('unavailable', 'The database is not answering (ECONNREFUSED).');
      };
      try {
        world.sandbox.resetLog();
        const answer = await setup(D, TOKEN_A);
        expect(answer.message?.content).toBe(MESSAGES.storeUnavailable);
        // no read under limits that may be laxer than those of the servers sharing the token
        expect(world.sandbox.requests).toEqual([]);
      } finally {
        store.allowance.tokenLimits = real;
      }
      expect(await store.describeCredential(D)).toBeUndefined();
    });

    it('admins are told so; any other failure gets the sentence of any command', async () => {
      const real = store.describeCredential;
      const setup = async () =>
        (await world.double.slash(admin, 'rollcall-admin', { subcommand: 'setup', guildId: B })).response();
      try {
        store.describeCredential = async () => {
          throw new StoreError('unavailable', 'The database is not answering (ECONNREFUSED).');
        };
        const down = await setup();
        expect(down.ephemeral).toBe(true);
        expect(down.message?.content).toBe(MESSAGES.storeUnavailable);
        // Not the store's: no longer said to be the database.
        store.describeCredential = async () => {
          throw new TypeError('a bug');
        };
        const broken = await setup();
        expect(broken.ephemeral).toBe(true);
        expect(broken.message?.content).toBe(MESSAGES.internal);
      } finally {
        store.describeCredential = real;
      }
    });
  });

  describe('hosted mode: leaving a server', () => {
    it("deletes a server's rows when Rollcall is removed, not when the server is only unavailable", async () => {
      await store.saveSettings(B, { defaultVisibility: 'public' });
      world.double.dispatch('GUILD_DELETE', { id: A, unavailable: true }, A);
      world.double.dispatch('GUILD_DELETE', { id: B }, B);
      const deadline = Date.now() + 5_000;
      while ((await store.describeCredential(B)) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(await store.describeCredential(B)).toBeUndefined();
      expect(await store.describeCredential(A)).toBeDefined();
    });
  });

  describe('hosted mode: the tokens stay secret', () => {
    it.skipIf(!hasRedisServer)('appear in no Redis key or value', () => {
      const entries = dumpRedis(redis as OwnRedis);
      expect(entries.length).toBeGreaterThan(0);
      for (const token of ALL_TOKENS) expect(entries.filter((e) => e.includes(token))).toEqual([]);
    });

    it('appear in no log line, REST body, database file or table dump', async () => {
      const logs = world.logLines.join('\n');
      const rest = JSON.stringify(world.double.calls.map((c) => c.body ?? null));
      const dump = await place.dump();
      // The dump holds the stored rows (so the grep below can find what is there).
      const linked = await store.describeCredential(A);
      expect(dump).toContain(linked?.fingerprint);
      if (backend.name === 'sqlite') expect(dump).toContain('SQLite format 3');
      for (const token of ALL_TOKENS) {
        expect(logs).not.toContain(token);
        expect(rest).not.toContain(token);
        expect(dump).not.toContain(token);
      }
    });
  });
}

for (const backend of backends) {
  describe.skipIf(!backend.run)(`hosted mode on ${backend.title}`, () => hostedSuite(backend));
}

describe('hosted mode with ACCESS_REQUIRE_MEMBER: the settings say the member rule', () => {
  const M = '1300000000000000011';
  const TOKEN_M = 'member-rule-community-token-2d7c'; // the sandbox's token, not a secret
  let world: World;
  let admin: DoubleUser;

  beforeAll(async () => {
    ({ world, admin } = await startHostedWorld({
      servers: [{ guildId: M, token: TOKEN_M, seed: 111, label: 'member-rule' }],
      keyByte: 11,
      env: { ACCESS_REQUIRE_MEMBER: 'true' },
    }));
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  const settings = async (options: Record<string, string | boolean>) =>
    (
      await (
        await world.double.slash(admin, 'rollcall-admin', { subcommand: 'settings', options, guildId: M })
      ).response()
    ).message?.content ?? '';

  it('with no access role: only members of the community server, the command permissions still applying', async () => {
    expect(await settings({ show: true })).toBe(
      MESSAGES.settingsState({
        visibility: 'private',
        accessRoles: [],
        requireMember: true,
        limits: undefined,
      }),
    );
    expect(await settings({ show: true })).toContain(
      'Access: only members of the community server, as this bot requires on every server (ACCESS_REQUIRE_MEMBER); the command permissions still apply.',
    );
    // What the line explains: a moderator the community does not know as a member is refused.
    const refused = await (
      await world.double.slash(world.mod, 'loa', { subcommand: 'list', guildId: M })
    ).response();
    expect(refused.message?.content).toBe(MESSAGES.accessNotMember);
  });

  it('with access roles: their holders, members of the community server (the form answers the same)', async () => {
    const [role] = world.sandbox.datasetOf(TOKEN_M).roles as [Role];
    const holders = `Access: holders of the community role(s) ${role.name}, who are members of the community server, as this bot requires on every server (ACCESS_REQUIRE_MEMBER).`;
    expect((await settings({ 'access-roles': role.name as string })).split('\n')).toContain(holders);
    const form = adminForm(world, admin, M, { subcommand: 'settings', customId: ADMIN_IDS.settingsForm });
    await form.open();
    const answer = (await form.submit({})).split('\n');
    expect(answer[0]).toBe(ENGLISH.admin.form.nothingChanged);
    expect(answer).toContain(holders);
    // A change of visibility alone reads no list now: the roles are still named and checked from
    // the list as saved, and nothing says the API is not answering.
    const visibility = await settings({ visibility: 'public' });
    expect(visibility.split('\n')).toContain(holders);
    expect(visibility).not.toContain(MESSAGES.unavailable);
    expect(visibility).not.toContain(ENGLISH.access.unread);
    await settings({ visibility: 'private' });
  });
});
