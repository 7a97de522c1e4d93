/**
 * What access checks cost, through the real API layer (cache, reader, real limits in a counters
 * file) against a local API, with an access role that has no linked Discord role: member lookups
 * spend only the access checks' share of the month (2 of 20), first checks only its first part (1)
 * and only on holders of a Discord role the community links to a community role, refusals are remembered for the maximum age, a user refused again and again is refused
 * without a lookup, and a saved positive answer older than the maximum age stands in only while the
 * share is spent, within the grace, and never after a lookup that refused.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createApi } from '../../src/api/client.js';
import type { Api } from '../../src/api/types.js';
import { limitsProblemText, parseLimits } from '../../src/base/limits-spec.js';
import {
  createAccessJournal,
  createRefusals,
  REFUSAL_WINDOW_MS,
  REFUSALS_BEFORE_HOLD,
} from '../../src/discord/access.js';
import { MESSAGES } from '../../src/discord/replies.js';
import {
  fakeClock,
  fastDeps,
  silentLogger,
  startServer,
  type TestServer,
  testConfig,
} from '../api/helpers.js';
import { createAccessGuard } from './english-guard.js';

const STAFF = '600000000000000001';
const GUEST = '600000000000000002'; // a member without the staff role
const GUILD = '223456789012345678';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const logger = { debug: () => undefined, warn: () => undefined };
/** A Discord role of the server that the community links to its role r-other (not an access role). */
const SERVER_ROLE = '710000000000000009';
/** A Discord role of the server that no community role is linked to. */
const PLAIN_ROLE = '710000000000000010';
/** A user holding a linked Discord role: a first check may be spent on them. */
const asUser = (id: string) => ({ user: { id }, guildId: GUILD, member: { roles: [SERVER_ROLE] } }) as never;
/** A user holding only a Discord role no community role is linked to: no first check is spent on them. */
const asPlain = (id: string) => ({ user: { id }, guildId: GUILD, member: { roles: [PLAIN_ROLE] } }) as never;
/** A user holding no Discord role of the server but @everyone. */
const asRoleless = (id: string) => ({ user: { id }, guildId: GUILD, member: { roles: [GUILD] } }) as never;
const stranger = (n: number) => `6100000000000${String(n).padStart(5, '0')}`;

let server: TestServer | undefined;
let api: Api | undefined;
afterEach(async () => {
  await api?.close();
  await server?.close();
});

/** The community's roles: the access role r-staff has no linked Discord role; r-other is linked to SERVER_ROLE. */
const LINKED_ROLES = [
  { id: 'r-staff', name: 'Staff', linkedChatRoleId: '' },
  { id: 'r-other', name: 'Member', linkedChatRoleId: SERVER_ROLE },
];

/** What the guard of `world` may also be given: the roles list's answer ('failing': 500), a journal, a logger. */
interface WorldExtra {
  roles?: object[] | 'failing';
  journal?: ReturnType<typeof createAccessJournal>;
  logger?: { debug: () => void; warn: (fields: object) => void };
}

/** The real API layer with `limits` (API_LIMITS form) against members STAFF and GUEST; a guard over it. */
async function world(
  limits = '20/month,1000/1s',
  itemTtlSeconds = 300,
  graceMs = DAY,
  extra: WorldExtra = {},
) {
  const members: Record<string, object> = {
    [STAFF]: { id: 'm-staff', serverId: 's', roles: ['r-staff'] },
    [GUEST]: { id: 'm-guest', serverId: 's', roles: ['r-other'] },
  };
  server = await startServer((request) => {
    const chat = /^\/server\/members\/chat\/(\d+)$/.exec(request.path)?.[1];
    if (chat !== undefined) {
      const member = members[chat];
      return member ? { body: member } : { status: 404, body: { error: 'Member not found' } };
    }
    const listed = extra.roles ?? LINKED_ROLES;
    const isRoles = request.path.startsWith('/server/roles');
    if (isRoles && listed === 'failing') return { status: 500, body: { error: 'down' } };
    const roles = isRoles && listed !== 'failing' ? listed : [];
    return { body: { data: roles, page: 1, pageSize: 100, total: roles.length, totalPages: 1 } };
  });
  const parsed = parseLimits(limits);
  if (!parsed.ok) throw new Error(limitsProblemText(parsed.problem));
  const clock = fakeClock(Date.parse('2026-11-10T12:00:00Z'));
  api = createApi(
    testConfig(server.baseUrl, {
      API_RETRIES: 0,
      API_LIMITS: parsed.limits,
      CACHE_TTL_ITEM_SECONDS: itemTtlSeconds,
    }),
    silentLogger,
    {
      ...fastDeps,
      now: clock.now,
    },
  );
  const guard = createAccessGuard({
    requireMember: true,
    roleIds: ['r-staff'],
    maxAgeMs: 5 * MINUTE,
    graceMs,
    resources: api.resources,
    logger: extra.logger ?? logger,
    refusals: createRefusals(),
    rolesUnread: new Map(),
    ...(extra.journal ? { journal: extra.journal } : {}),
    now: clock.now,
  });
  const lookups = () => server?.requests.filter((r) => r.path.startsWith('/server/members/chat/')).length;
  return { api, clock, guard, lookups, members, requests: () => server?.requests.length ?? 0 };
}

describe('the access checks share of a 20/month allowance (2: 1 for first checks, 1 kept for re-checks)', () => {
  const reset = Math.floor(Date.parse('2026-12-01T00:00:00Z') / 1000);

  it('30 strangers spend no request once the first checks part is spent; the moderator still reads', async () => {
    const w = await world();
    expect(await w.guard(asUser(STAFF))).toBeUndefined(); // the moderator checks in: the first checks' 1
    const answers = [];
    for (let n = 1; n <= 30; n++) answers.push(await w.guard(asUser(stranger(n))));
    expect(w.lookups()).toBe(1);
    // The sentence names the first checks and the remedy (a moderator let in this month is still checked).
    expect(new Set(answers)).toEqual(
      new Set([MESSAGES.accessFirstChecksSpent(reset, 'ACCESS_DISCORD_ROLE_IDS')]),
    );

    // The moderator's saved answer is young enough: in, and the month still reads for them.
    w.clock.advance(MINUTE);
    expect(await w.guard(asUser(STAFF))).toBeUndefined();
    const before = w.requests();
    const loas = await w.api.resources.listLoas({ page: 1, limit: 10 });
    expect(loas.fromCache).toBe(false);
    expect(w.requests()).toBe(before + 1);
    const [month] = await w.api.limitStatus();
    // The roles list (read once: the access role has no linked Discord role), one lookup, one read.
    expect(month).toMatchObject({ used: 3, left: 17 });
  });

  it('users holding no linked Discord role (only unlinked ones, or none) spend no first check: a moderator never looked up gets in after them', async () => {
    const w = await world();
    for (let n = 1; n <= 30; n++) {
      const as = n % 2 === 0 ? asPlain : asRoleless;
      expect(await w.guard(as(stranger(n)))).toBe(MESSAGES.accessNotSpender('ACCESS_DISCORD_ROLE_IDS'));
    }
    expect(w.lookups()).toBe(0);
    expect(await w.guard(asUser(STAFF))).toBeUndefined(); // the first checks' 1, left by the strangers
    expect(w.lookups()).toBe(1);
  });

  it('a user holding no Discord role whom a lookup let in before is re-checked, not refused as a stranger', async () => {
    const w = await world('100/month,1000/1s'); // 5 first checks
    expect(await w.guard(asUser(STAFF))).toBeUndefined(); // let in while holding a role
    w.clock.advance(5 * MINUTE + 1); // past the maximum age; the role since taken away on Discord
    expect(await w.guard(asRoleless(STAFF))).toBeUndefined(); // a re-check
    expect(w.lookups()).toBe(2);
    // A member the last lookup refused is a first check again: refused as a stranger, no lookup.
    expect(await w.guard(asUser(GUEST))).toBe(MESSAGES.accessNoRole);
    w.clock.advance(5 * MINUTE + 1);
    expect(await w.guard(asRoleless(GUEST))).toBe(MESSAGES.accessNotSpender('ACCESS_DISCORD_ROLE_IDS'));
    expect(w.lookups()).toBe(3);
  });

  it("strangers cannot spend the part kept for the moderator's re-check", async () => {
    const w = await world();
    expect(await w.guard(asUser(STAFF))).toBeUndefined();
    for (let n = 1; n <= 30; n++) await w.guard(asUser(stranger(n)));
    w.clock.advance(5 * MINUTE + 1); // past the maximum age: a re-check, from the part kept for it
    expect(await w.guard(asUser(STAFF))).toBeUndefined();
    expect(w.lookups()).toBe(2);
  });

  it('when the share is spent, a moderator a lookup allowed keeps access on that answer for the grace', async () => {
    const w = await world();
    expect(await w.guard(asUser(STAFF))).toBeUndefined(); // first check
    w.clock.advance(10 * MINUTE);
    expect(await w.guard(asUser(STAFF))).toBeUndefined(); // re-check: the share is spent
    expect(w.lookups()).toBe(2);
    w.clock.advance(10 * MINUTE); // past the maximum age, no lookup possible: the saved answer stands in
    expect(await w.guard(asUser(STAFF))).toBeUndefined();
    w.clock.advance(DAY - 10 * MINUTE - 1); // the last moment of the grace (a day from the re-check)
    expect(await w.guard(asUser(STAFF))).toBeUndefined();
    w.clock.advance(1);
    expect(await w.guard(asUser(STAFF))).toBe(MESSAGES.accessChecksSpent(reset));
    expect(w.lookups()).toBe(2);
  });

  it('no grace with ACCESS_GRACE_SECONDS=0: an answer older than the maximum age is not used', async () => {
    const w = await world('20/month,1000/1s', 300, 0);
    expect(await w.guard(asUser(STAFF))).toBeUndefined();
    w.clock.advance(5 * MINUTE + 1);
    expect(await w.guard(asUser(STAFF))).toBeUndefined(); // the re-check: the share is spent
    w.clock.advance(5 * MINUTE + 1);
    expect(await w.guard(asUser(STAFF))).toBe(MESSAGES.accessChecksSpent(reset));
    expect(w.lookups()).toBe(2);
  });

  it('never after a lookup refused them since: a demotion seen once ends the grace', async () => {
    const w = await world();
    expect(await w.guard(asUser(STAFF))).toBeUndefined();
    w.members[STAFF] = { id: 'm-staff', serverId: 's', roles: ['r-other'] }; // demoted
    w.clock.advance(5 * MINUTE + 1);
    expect(await w.guard(asUser(STAFF))).toBe(MESSAGES.accessNoRole); // the re-check sees it
    w.members[STAFF] = { id: 'm-staff', serverId: 's', roles: ['r-staff'] };
    w.clock.advance(5 * MINUTE + 1); // the share is spent; the saved answer refuses, so no grace
    expect(await w.guard(asUser(STAFF))).toBe(
      MESSAGES.accessFirstChecksSpent(reset, 'ACCESS_DISCORD_ROLE_IDS'),
    );
    expect(w.lookups()).toBe(2);
  });
});

describe('refusals cost no lookup while they are young enough', () => {
  it("a stranger's second try within the maximum age (past the 404's own 30 s) costs no request", async () => {
    const w = await world('1000/1s');
    expect(await w.guard(asUser(stranger(1)))).toBe(MESSAGES.accessNotMember);
    w.clock.advance(4 * MINUTE);
    expect(await w.guard(asUser(stranger(1)))).toBe(MESSAGES.accessNotMember);
    expect(w.lookups()).toBe(1);
    w.clock.advance(2 * MINUTE); // past the maximum age: looked up again
    expect(await w.guard(asUser(stranger(1)))).toBe(MESSAGES.accessNotMember);
    expect(w.lookups()).toBe(2);
  });

  it('a member without an allowed role: the second try within the maximum age costs no request', async () => {
    // Records are fresh for 1 minute elsewhere; an access check may rest on one up to its maximum age.
    const w = await world('1000/1s', 60);
    expect(await w.guard(asUser(GUEST))).toBe(MESSAGES.accessNoRole);
    w.clock.advance(4 * MINUTE);
    expect(await w.guard(asUser(GUEST))).toBe(MESSAGES.accessNoRole);
    expect(w.lookups()).toBe(1);
  });

  it(`a user refused ${REFUSALS_BEFORE_HOLD} times within the window is refused without a lookup`, async () => {
    const w = await world('1000/1s');
    const heldUntil = Math.ceil((w.clock.now() + REFUSAL_WINDOW_MS) / 1000);
    for (let i = 0; i < REFUSALS_BEFORE_HOLD; i++) {
      expect(await w.guard(asUser(stranger(1)))).toBe(MESSAGES.accessNotMember);
      w.clock.advance(MINUTE);
    }
    expect(w.lookups()).toBe(1);
    // Past the maximum age (the saved 404 is too old), within the window: still no lookup, and the
    // sentence says when the hold ends.
    w.clock.advance(4 * MINUTE);
    expect(await w.guard(asUser(stranger(1)))).toBe(MESSAGES.accessHeld(heldUntil));
    expect(w.lookups()).toBe(1);
    // Another user is not held; and once the window since the first refusal has passed, one lookup.
    expect(await w.guard(asUser(stranger(2)))).toBe(MESSAGES.accessNotMember);
    expect(w.lookups()).toBe(2);
    w.clock.advance(REFUSAL_WINDOW_MS - 7 * MINUTE);
    expect(await w.guard(asUser(stranger(1)))).toBe(MESSAGES.accessNotMember);
    expect(w.lookups()).toBe(3);
  });

  it('holds across guards built for each interaction (as in hosted mode), per server', async () => {
    const w = await world('1000/1s');
    const [here, there] = ['323456789012345001', '323456789012345002'];
    // No refusals given: the process's own memory, which every guard shares.
    const guardOnce = (guildId: string) =>
      createAccessGuard({
        requireMember: true,
        roleIds: ['r-staff'],
        maxAgeMs: 5 * MINUTE,
        resources: w.api.resources,
        logger,
        now: w.clock.now,
      })({ user: { id: stranger(9) }, guildId, member: { roles: [SERVER_ROLE] } } as never);
    const heldUntil = Math.ceil((w.clock.now() + REFUSAL_WINDOW_MS) / 1000);
    for (let i = 0; i < REFUSALS_BEFORE_HOLD; i++) {
      expect(await guardOnce(here)).toBe(MESSAGES.accessNotMember);
      w.clock.advance(2 * MINUTE);
    }
    expect(w.lookups()).toBe(1);
    // 6 minutes: the saved 404 is too old, but the user is held: no lookup.
    expect(await guardOnce(here)).toBe(MESSAGES.accessHeld(heldUntil));
    expect(w.lookups()).toBe(1);
    expect(await guardOnce(there)).toBe(MESSAGES.accessNotMember); // another server: not held
    expect(w.lookups()).toBe(2);
  });

  it('a user let in no longer counts their refusals', async () => {
    const refusals = createRefusals(3, 10 * MINUTE);
    refusals.refused('k', 0);
    refusals.refused('k', 1);
    expect(refusals.held('k', 2)).toBe(false);
    refusals.refused('k', 2);
    expect(refusals.held('k', 3)).toBe(true);
    expect(refusals.held('k', 10 * MINUTE)).toBe(false);
    refusals.forget('k');
    refusals.refused('k', 3);
    expect(refusals.held('k', 4)).toBe(false);
  });

  it('forgets the least recently refused users first, past its bound', async () => {
    const refusals = createRefusals(1, MINUTE, 2);
    refusals.refused('a', 0);
    refusals.refused('b', 0);
    refusals.refused('c', 0);
    expect(['a', 'b', 'c'].map((k) => refusals.held(k, 1))).toEqual([false, true, true]);
  });
});

describe('who a first check is spent on (a Discord role the community links to one of its roles)', () => {
  const warnLines = () => {
    const lines: Record<string, unknown>[] = [];
    return {
      lines,
      logger: { debug: () => undefined, warn: (fields: object) => void lines.push(fields as never) },
    };
  };

  it('with no community role linked to a Discord role, nobody is: the sentence, the journal and the warn line say so', async () => {
    const { lines, logger: warn } = warnLines();
    const journal = createAccessJournal();
    const unlinked = LINKED_ROLES.map((role) => ({ ...role, linkedChatRoleId: '' }));
    const w = await world('100/month,1000/1s', 300, DAY, { roles: unlinked, journal, logger: warn });
    for (const as of [asUser, asPlain, asRoleless])
      expect(await w.guard(as(STAFF))).toBe(MESSAGES.accessNoLinks('ACCESS_DISCORD_ROLE_IDS'));
    expect(w.lookups()).toBe(0);
    expect(journal.recent(GUILD).map((r) => r.cause)).toEqual(['no-links', 'no-links', 'no-links']);
    const refused = lines.filter((line) => line.rule === 'no-links');
    expect(refused).toHaveLength(1); // one per user and cause an hour
    expect(refused[0]).toMatchObject({ guild: GUILD, user: STAFF });
    expect(String(refused[0]?.letsIn)).toContain('it links none');
  });

  it('with the roles list unreadable, nobody is (fail closed), and it is not read again before its retry', async () => {
    const { lines, logger: warn } = warnLines();
    const w = await world('100/month,1000/1s', 300, DAY, { roles: 'failing', logger: warn });
    const retryAt = Math.ceil((w.clock.now() + 10 * MINUTE) / 1000);
    expect(await w.guard(asUser(STAFF))).toBe(MESSAGES.accessRolesUnread(retryAt));
    expect(w.lookups()).toBe(0);
    expect(lines.filter((line) => line.rule === 'roles-unread')).toHaveLength(1);
    // Within the retry time, not read again: still refused, with no request at all.
    const before = w.requests();
    w.clock.advance(MINUTE);
    expect(await w.guard(asUser(STAFF))).toBe(MESSAGES.accessRolesUnread(retryAt));
    expect(w.requests()).toBe(before);
  });

  it('a holder of a linked role (not an access role) is looked up; a holder of an unlinked one is not', async () => {
    const w = await world('100/month,1000/1s');
    expect(await w.guard(asPlain(STAFF))).toBe(MESSAGES.accessNotSpender('ACCESS_DISCORD_ROLE_IDS'));
    expect(w.lookups()).toBe(0);
    expect(await w.guard(asUser(STAFF))).toBeUndefined();
    expect(w.lookups()).toBe(1);
  });
});
