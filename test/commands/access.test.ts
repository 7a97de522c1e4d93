import { afterEach, describe, expect, it } from 'vitest';
import { createApi } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import type { Api } from '../../src/api/types.js';
import {
  accessRoles,
  createAccessJournal,
  createRefusals,
  createWarnGate,
  spendRefusal,
} from '../../src/discord/access.js';
import { MESSAGES } from '../../src/discord/replies.js';
import { ENGLISH } from '../../src/i18n/words.js';
import {
  fakeClock,
  fastDeps,
  silentLogger,
  startServer,
  type TestServer,
  testConfig,
} from '../api/helpers.js';
import { createAccessGuard } from './english-guard.js';
import { type Call, fakeResources } from './roster-fakes.js';

const STAFF = '600000000000000001';
const GUEST = '600000000000000002';
const STRANGER = '600000000000000003';
/** A Discord role the community links to its role r-other. */
const MEMBER_DISCORD_ROLE = '700000000000000050';

const data = {
  members: [
    { id: 'm-staff', serverId: 's', roles: ['r-other', 'r-staff'] },
    { id: 'm-guest', serverId: 's', roles: ['r-other'] },
  ],
  chat: { [STAFF]: 'm-staff', [GUEST]: 'm-guest' },
};

const logger = { debug: () => undefined, warn: () => undefined };
const asUser = (id: string) => ({ user: { id } }) as never;

describe('access guard', () => {
  it('allows everyone without any API call when nothing is required', async () => {
    const calls: Call[] = [];
    const guard = createAccessGuard({
      requireMember: false,
      roleIds: [],
      resources: fakeResources(data, calls),
      logger,
    });
    expect(await guard(asUser(STRANGER))).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it('with requireMember, allows members and refuses everyone else', async () => {
    const calls: Call[] = [];
    const guard = createAccessGuard({
      requireMember: true,
      roleIds: [],
      resources: fakeResources(data, calls),
      logger,
    });
    expect(await guard(asUser(GUEST))).toBeUndefined();
    expect(await guard(asUser(STRANGER))).toBe(MESSAGES.accessNotMember);
    expect(calls.map((c) => [c.method, c.args[0]])).toEqual([
      ['getMemberByChatId', GUEST],
      ['getMemberByChatId', STRANGER],
    ]);
  });

  it('with role ids, allows only members holding one of them (even without requireMember)', async () => {
    const guard = createAccessGuard({
      requireMember: false,
      roleIds: ['r-staff', 'r-admin'],
      resources: fakeResources(data),
      logger,
    });
    expect(await guard(asUser(STAFF))).toBeUndefined();
    expect(await guard(asUser(GUEST))).toBe(MESSAGES.accessNoRole);
    expect(await guard(asUser(STRANGER))).toBe(MESSAGES.accessNotMember);
  });

  it('refuses a member whose roles are missing or not a list', async () => {
    const guard = createAccessGuard({
      requireMember: true,
      roleIds: ['r-staff'],
      resources: fakeResources({ members: [{ id: 'm', serverId: 's' }], chat: { [STAFF]: 'm' } }),
      logger,
    });
    expect(await guard(asUser(STAFF))).toBe(MESSAGES.accessNoRole);
  });

  it('fails closed with the sentence for the API failure, and logs it', async () => {
    const warnings: unknown[] = [];
    const resources = fakeResources(data);
    resources.getMemberByChatId = async () => {
      throw new ApiError('timeout', 'no answer');
    };
    const guard = createAccessGuard({
      requireMember: true,
      roleIds: [],
      resources,
      logger: { debug: () => undefined, warn: (o: unknown) => warnings.push(o) },
      warnGate: createWarnGate(),
    });
    expect(await guard(asUser(STAFF))).toBe(MESSAGES.accessUnchecked(MESSAGES.unavailable));
    expect(warnings).toHaveLength(1);

    resources.getMemberByChatId = async () => {
      throw new ApiError('http', 'API answered 401', { status: 401 });
    };
    expect(await guard(asUser(STAFF))).toBe(MESSAGES.accessUnchecked(MESSAGES.unauthorized));

    resources.getMemberByChatId = async () => {
      throw new TypeError('bug');
    };
    expect(await guard(asUser(STAFF))).toBe(MESSAGES.accessUnchecked(MESSAGES.internal));
  });
});

describe('access decisions never rest on stale data', () => {
  let server: TestServer | undefined;
  let api: Api | undefined;
  afterEach(async () => {
    await api?.close();
    await server?.close();
  });

  /** The real API layer (memory cache, default TTLs) against a member endpoint whose answer can change. */
  async function world() {
    const member = { current: { id: 'm-staff', serverId: 's', roles: ['r-staff'] } as object | 'fail' };
    server = await startServer((request) => {
      // The community's roles (the access role has no linked Discord role): looked up every time, for
      // holders of the Discord role linked to its other role (a first check may be spent on them).
      if (request.path === '/server/roles') {
        const roles = [
          { id: 'r-staff', serverId: 's', name: 'Staff' },
          { id: 'r-other', serverId: 's', name: 'Member', linkedChatRoleId: MEMBER_DISCORD_ROLE },
        ];
        return { body: { data: roles, page: 1, pageSize: 100, total: 2, totalPages: 1 } };
      }
      return member.current === 'fail'
        ? { status: 500, body: { error: 'internal server error' } }
        : { body: member.current };
    });
    const clock = fakeClock();
    api = createApi(testConfig(server.baseUrl, { API_RETRIES: 0 }), silentLogger, {
      ...fastDeps,
      now: clock.now,
    });
    const guard = createAccessGuard({
      requireMember: true,
      roleIds: ['r-staff'],
      maxAgeMs: 60_000,
      resources: api.resources,
      logger,
    });
    const requests = () => server?.requests.filter((r) => r.path !== '/server/roles').length ?? 0;
    return { member, clock, guard, requests };
  }

  /** A user holding the Discord role linked to the community role r-other. */
  const asHolder = (id: string) =>
    ({ user: { id }, guildId: '223456789012345678', member: { roles: [MEMBER_DISCORD_ROLE] } }) as never;

  it('uses a record younger than the bound without a request, and re-reads an older one', async () => {
    const w = await world();
    expect(await w.guard(asHolder(STAFF))).toBeUndefined();
    w.clock.advance(30_000);
    expect(await w.guard(asHolder(STAFF))).toBeUndefined();
    expect(w.requests()).toBe(1);
    w.clock.advance(40_000); // 70 s: older than the bound, though the cache still counts it fresh
    w.member.current = { id: 'm-staff', serverId: 's', roles: [] };
    expect(await w.guard(asHolder(STAFF))).toBe(MESSAGES.accessNoRole);
    expect(w.requests()).toBe(2);
  });

  it('refuses a user whose saved record still shows the role when the API fails (revoked role)', async () => {
    const w = await world();
    expect(await w.guard(asHolder(STAFF))).toBeUndefined(); // saved with the role
    w.member.current = 'fail'; // the role was removed at the API, which now fails
    w.clock.advance(120_000); // past the bound, within the cache's own freshness (300 s)
    expect(await w.guard(asHolder(STAFF))).toBe(MESSAGES.accessUnchecked(MESSAGES.unavailable));
    w.clock.advance(3_600_000); // past freshness, within the stale-on-error window (24 h)
    expect(await w.guard(asHolder(STAFF))).toBe(MESSAGES.accessUnchecked(MESSAGES.unavailable));
  });
});

describe('the Discord role gate', () => {
  const DISCORD_STAFF_ROLE = '700000000000000001';
  const withRoles = (roles: string[] | Map<string, unknown>) =>
    ({ user: { id: STAFF }, member: { roles: Array.isArray(roles) ? roles : { cache: roles } } }) as never;

  it('allows holders of a listed Discord role and refuses others, without any API request', async () => {
    const calls: Call[] = [];
    const guard = createAccessGuard({
      requireMember: false,
      roleIds: [],
      discordRoleIds: [DISCORD_STAFF_ROLE],
      resources: fakeResources(data, calls),
      logger,
    });
    expect(await guard(withRoles([DISCORD_STAFF_ROLE]))).toBeUndefined();
    expect(await guard(withRoles(new Map([[DISCORD_STAFF_ROLE, {}]])))).toBeUndefined();
    expect(await guard(withRoles(['700000000000000009']))).toBe(MESSAGES.accessNoDiscordRole);
    expect(await guard(asUser(STAFF))).toBe(MESSAGES.accessNoDiscordRole); // no member (a DM)
    expect(calls).toEqual([]);
  });

  it('composes with the API gates: both must pass', async () => {
    const guard = createAccessGuard({
      requireMember: false,
      roleIds: ['r-staff'],
      discordRoleIds: [DISCORD_STAFF_ROLE],
      resources: fakeResources(data),
      logger,
    });
    expect(await guard(withRoles([DISCORD_STAFF_ROLE]))).toBeUndefined();
    expect(await guard({ user: { id: GUEST }, member: { roles: [DISCORD_STAFF_ROLE] } } as never)).toBe(
      MESSAGES.accessNoRole,
    );
  });
});

describe('access roles linked to Discord roles', () => {
  const GUILD = '223456789012345678';
  const LINKED = '700000000000000011';
  const GONE = '700000000000000012';
  const roles = [
    { id: 'r-staff', serverId: 's', name: 'Staff', linkedChatRoleId: LINKED },
    { id: 'r-empty', serverId: 's', name: 'Empty', linkedChatRoleId: '' },
    { id: 'r-odd', serverId: 's', name: 'Odd', linkedChatRoleId: 'staff-role' },
    { id: 'r-gone', serverId: 's', name: 'Gone', linkedChatRoleId: GONE },
    { id: 'r-everyone', serverId: 's', name: 'Everyone', linkedChatRoleId: GUILD },
  ];
  const serverRoles = new Map([
    [GUILD, {}],
    [LINKED, {}],
  ]);
  const inServer = (id: string, held: string[]) =>
    ({
      user: { id },
      guildId: GUILD,
      member: { roles: held },
      guild: { roles: { cache: serverRoles } },
    }) as never;
  const guardFor = (roleIds: string[], calls: Call[]) =>
    createAccessGuard({
      requireMember: true,
      roleIds,
      resources: fakeResources({ ...data, roles }, calls),
      logger,
      refusals: createRefusals(),
      rolesUnread: new Map(),
    });
  const lookups = (calls: Call[]) => calls.filter((c) => c.method === 'getMemberByChatId').length;

  it('says which are free and why the others cost a lookup (empty, not a Discord id, gone, @everyone, unknown)', async () => {
    const { links } = await accessRoles({
      resources: fakeResources({ ...data, roles }),
      roleIds: [...roles.map((r) => r.id), 'r-missing'],
      serverRoles: new Set(serverRoles.keys()),
      guildId: GUILD,
    });
    expect(links.map((l) => [l.id, l.discordRoleId ?? l.problem])).toEqual([
      ['r-staff', LINKED],
      ['r-empty', 'unlinked'],
      ['r-odd', 'bad-id'],
      ['r-gone', 'gone'],
      ['r-everyone', 'bad-id'],
      ['r-missing', 'unknown-role'],
    ]);
    const unread = fakeResources({ ...data, roles });
    unread.listRoles = async () => {
      throw new ApiError('timeout', 'no answer');
    };
    const none = await accessRoles({ resources: unread, roleIds: ['r-staff'], serverRoles: new Set() });
    expect(none.links).toEqual([{ id: 'r-staff', name: 'r-staff', problem: 'unread' }]);
    expect(none.unread?.reason(ENGLISH)).toBe(MESSAGES.unavailable);
  });

  it('lets a holder of the linked Discord role in, and refuses others, with no lookup when all are linked', async () => {
    const calls: Call[] = [];
    const guard = guardFor(['r-staff'], calls);
    expect(await guard(inServer(STRANGER, [LINKED]))).toBeUndefined();
    expect(await guard(inServer(STAFF, []))).toBe(MESSAGES.accessNoLinkedRole(['Staff']));
    expect(lookups(calls)).toBe(0);
  });

  it('falls back to member lookups for a role whose link is empty, not a Discord id, or gone', async () => {
    for (const role of ['r-empty', 'r-odd', 'r-gone']) {
      const calls: Call[] = [];
      const guard = guardFor(['r-staff', role], calls);
      expect(await guard(inServer(STAFF, [LINKED]))).toBeUndefined(); // the linked one: free
      expect(lookups(calls)).toBe(0);
      expect(await guard(inServer(STAFF, []))).toBeUndefined(); // a lookup finds r-staff
      expect(await guard(inServer(GUEST, [GONE]))).toBe(MESSAGES.accessNoRole); // a lookup, no role
      expect(lookups(calls), role).toBe(2);
    }
  });

  it('leaves every role to lookups when the roles list cannot be read, and does not read it again at once', async () => {
    const calls: Call[] = [];
    const resources = fakeResources({ ...data, roles }, calls);
    let reads = 0;
    resources.listRoles = async () => {
      reads++;
      throw new ApiError('timeout', 'no answer');
    };
    const guard = createAccessGuard({
      requireMember: true,
      roleIds: ['r-staff'],
      resources,
      logger,
      refusals: createRefusals(),
      rolesUnread: new Map(),
    });
    expect(await guard(inServer(STAFF, [LINKED]))).toBeUndefined();
    expect(await guard(inServer(STAFF, [LINKED]))).toBeUndefined();
    expect(lookups(calls)).toBe(2);
    expect(reads).toBe(1);
  });
});

describe('refusals for the operator', () => {
  it('one warn line per user and cause an hour (who, which rule, what lets them in), and the journal for status', async () => {
    const warnings: Array<Record<string, unknown>> = [];
    let now = Date.now();
    const journal = createAccessJournal();
    const guard = createAccessGuard({
      requireMember: false,
      roleIds: ['r-staff'],
      resources: fakeResources(data),
      // Only the refusals' lines (an access role the roles list lacks has a line of its own).
      logger: {
        debug: () => undefined,
        warn: (o: unknown) => {
          if ((o as { rule?: unknown }).rule !== undefined) warnings.push(o as Record<string, unknown>);
        },
      },
      warnGate: createWarnGate(),
      refusals: createRefusals(),
      journal,
      now: () => now,
    });
    const inServer = (id: string) => ({ user: { id }, guildId: '323456789012345678' }) as never;
    expect(await guard(inServer(GUEST))).toBe(MESSAGES.accessNoRole);
    now += 60_000;
    expect(await guard(inServer(GUEST))).toBe(MESSAGES.accessNoRole);
    expect(await guard(inServer(STRANGER))).toBe(MESSAGES.accessNotMember);
    expect(warnings).toEqual([
      expect.objectContaining({ guild: '323456789012345678', user: GUEST, rule: 'no-access-role' }),
      expect.objectContaining({ user: STRANGER, rule: 'not-member' }),
    ]);
    expect(String(warnings[0]?.letsIn)).toContain('ACCESS_ROLE_IDS');
    now += 3_600_000; // an hour later: the same user and cause is logged again
    await guard(inServer(GUEST));
    expect(warnings).toHaveLength(3);
    expect(journal.recent('323456789012345678').map((r) => [r.cause, r.userId])).toEqual([
      ['no-access-role', GUEST],
      ['not-member', STRANGER],
      ['no-access-role', GUEST],
      ['no-access-role', GUEST],
    ]);
  });
});

describe('the spending rule (who a first check may be spent on)', () => {
  const LINKED = '700000000000000061';
  const PLAIN = '700000000000000062';
  const list = (ids: string[], complete = true) => ({ ids: new Set(ids), complete });

  it('allows a holder of a linked Discord role, and no one else', () => {
    expect(spendRefusal(new Set([PLAIN, LINKED]), list([LINKED]))).toBeUndefined();
    expect(spendRefusal(new Set([PLAIN]), list([LINKED]))).toEqual({ cause: 'unlinked-user' });
    expect(spendRefusal(new Set(), list([LINKED]))).toEqual({ cause: 'unlinked-user' });
  });

  it('says when the community links no role to a Discord role of this server (the whole list read)', () => {
    expect(spendRefusal(new Set([PLAIN]), list([]))).toEqual({ cause: 'no-links' });
    // Links only to Discord roles this server does not have: none here.
    expect(spendRefusal(new Set([PLAIN]), list([LINKED]), new Set([PLAIN]))).toEqual({ cause: 'no-links' });
    // Part of the list read: a link may be in the rest, so only "you hold none".
    expect(spendRefusal(new Set([PLAIN]), list([], false))).toEqual({ cause: 'unlinked-user' });
  });

  it('fails closed with the list unread', () => {
    expect(spendRefusal(new Set([LINKED]), { unread: { retryAt: 5 } })).toEqual({
      cause: 'roles-unread',
      retryAt: 5,
    });
  });
});
