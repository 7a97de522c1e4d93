/**
 * A month on a 20/month plan with access roles, through the real API layer (cache, reader, real
 * limits in a counters file) against a local API, on a fake clock: 12 moderators use Rollcall every
 * day (an access check, then a list), 50 strangers try it on the first day and 5 of them every day.
 *
 * - Linked (the access role's `linkedChatRoleId` is a Discord role of the server, which moderators
 *   hold): every moderator interaction is answered with data, with no member lookup at all (at most
 *   one allowed), and strangers are refused without a lookup.
 * - Not linked: lookups spend only the access share (2), strangers (no Discord role) none of it;
 *   the moderator a lookup allowed is re-checked from the part kept for it and then let in on that
 *   answer for the grace; the others cannot be checked this month (what linking is for).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createApi } from '../../src/api/client.js';
import { isApiError } from '../../src/api/errors.js';
import type { Api } from '../../src/api/types.js';
import { limitsProblemText, parseLimits } from '../../src/base/limits-spec.js';
import { createRefusals } from '../../src/discord/access.js';
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

const GUILD = '223456789012345678';
const STAFF_ROLE = '710000000000000001'; // the Discord role the community keeps in step with r-staff
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const DAYS = 30; // November 2026
const START = Date.parse('2026-11-01T00:00:00Z');
const moderator = (n: number) => `6000000000000000${String(n).padStart(2, '0')}`;
const stranger = (n: number) => `6100000000000000${String(n).padStart(2, '0')}`;
const logger = { debug: () => undefined, warn: () => undefined };

let server: TestServer | undefined;
let api: Api | undefined;
afterEach(async () => {
  await api?.close();
  await server?.close();
});

/** The month, with the guard asking for `roleIds`: what moderators and strangers got, and what it cost. */
async function month(roleIds: string[]) {
  const members = new Map<string, object>();
  for (let n = 1; n <= 12; n++)
    members.set(moderator(n), { id: `m-${n}`, serverId: 's', roles: ['r-staff', 'r-helper'] });
  const roles = [
    { id: 'r-staff', serverId: 's', name: 'Staff', linkedChatRoleId: STAFF_ROLE },
    { id: 'r-helper', serverId: 's', name: 'Helper', linkedChatRoleId: '' },
  ];
  const page = (data: object[]) => ({
    body: { data, page: 1, pageSize: 100, total: data.length, totalPages: 1 },
  });
  server = await startServer((request) => {
    const chat = /^\/server\/members\/chat\/(\d+)$/.exec(request.path)?.[1];
    if (chat !== undefined) {
      const member = members.get(chat);
      return member ? { body: member } : { status: 404, body: { error: 'Member not found' } };
    }
    if (request.path === '/server/roles') return page(roles);
    if (request.path === '/server/loas') return page([{ id: 'l-1', serverId: 's', memberId: 'm-1' }]);
    return page([]);
  });
  const parsed = parseLimits('20/month,1000/1s');
  if (!parsed.ok) throw new Error(limitsProblemText(parsed.problem));
  const clock = fakeClock(START);
  api = createApi(testConfig(server.baseUrl, { API_RETRIES: 0, API_LIMITS: parsed.limits }), silentLogger, {
    ...fastDeps,
    now: clock.now,
  });
  const resources = api.resources;
  const guard = createAccessGuard({
    requireMember: false,
    roleIds,
    maxAgeMs: 5 * MINUTE,
    graceMs: DAY,
    resources,
    logger,
    refusals: createRefusals(),
    rolesUnread: new Map(),
    now: clock.now,
  });
  const serverRoles = new Map([
    [GUILD, {}],
    [STAFF_ROLE, {}],
  ]);
  const asUser = (id: string, held: string[]) =>
    ({
      user: { id },
      guildId: GUILD,
      member: { roles: held },
      guild: { roles: { cache: serverRoles } },
    }) as never;
  const lookupsOf = (prefix: string) =>
    server?.requests.filter((r) => r.path.startsWith(`/server/members/chat/${prefix}`)).length ?? 0;

  const answered: string[] = []; // "day:moderator" of each interaction answered with data
  const spent: string[] = []; // let in, when the month had no request left for the read
  let usedAtFirstSpent: number | undefined;
  const moderatorRefusals = new Set<string | undefined>();
  const strangerAnswers = new Set<string | undefined>();
  const at = (day: number, ms: number) => clock.advance(START + day * DAY + ms - clock.now());
  for (let day = 0; day < DAYS; day++) {
    for (let n = 1; n <= 12; n++) {
      at(day, 9 * HOUR + n * 5 * MINUTE);
      const refusal = await guard(asUser(moderator(n), [STAFF_ROLE]));
      if (refusal) {
        moderatorRefusals.add(refusal);
        continue;
      }
      try {
        const loas = await resources.listLoas({ page: 1, limit: 10 });
        if (loas.data.data.length > 0) answered.push(`${day}:${n}`);
      } catch (error) {
        // Let in, but the month has no request left for a list not saved (the plain month's limit).
        if (!isApiError(error) || error.kind !== 'quota') throw error;
        spent.push(`${day}:${n}`);
        usedAtFirstSpent ??= (await api.limitStatus())[0]?.used;
      }
    }
    const who =
      day === 0
        ? Array.from({ length: 50 }, (_, i) => i + 1)
        : [1, 2, 3, 4, 5].map((i) => ((day * 5 + i) % 50) + 1);
    for (const [i, n] of who.entries()) {
      at(day, 10 * HOUR + i * MINUTE);
      strangerAnswers.add(await guard(asUser(stranger(n), [])));
    }
  }
  at(DAYS - 1, 23 * HOUR);
  const [limit] = await api.limitStatus();
  return {
    answered,
    spent,
    usedAtFirstSpent,
    moderatorRefusals,
    strangerAnswers,
    moderatorLookups: lookupsOf('60000'),
    strangerLookups: lookupsOf('61000'),
    rolesReads: server.requests.filter((r) => r.path === '/server/roles').length,
    used: limit?.used,
  };
}

describe('a month on a 20/month plan: 12 moderators daily, 50 strangers', () => {
  it('linked access role: every moderator let in and answered while the month has reads, no member lookup, strangers refused free', async () => {
    const m = await month(['r-staff']);
    // Every moderator let in, every day; answered with data as long as the month has requests for
    // reads (a list older than the stale window is a new read, and the month ends before the month).
    expect(m.moderatorRefusals).toEqual(new Set());
    expect(m.answered.length + m.spent.length).toBe(12 * DAYS);
    if (m.spent.length > 0) expect(m.usedAtFirstSpent).toBe(20);
    expect(m.answered.length).toBeGreaterThan(12 * 10);
    expect(m.moderatorLookups + m.strangerLookups).toBeLessThanOrEqual(1);
    expect(m.strangerLookups).toBe(0);
    expect(m.strangerAnswers).toEqual(new Set([MESSAGES.accessNoLinkedRole(['Staff'])]));
    // The roles list is read at most once a day; the month holds.
    expect(m.rolesReads).toBeGreaterThanOrEqual(1);
    expect(m.rolesReads).toBeLessThanOrEqual(DAYS);
    expect(m.used).toBeLessThanOrEqual(20);
  }, 60_000);

  it('an access role not linked: lookups stay within the share; the checked moderator keeps access for the re-check and the grace', async () => {
    const m = await month(['r-helper']);
    expect(m.moderatorLookups + m.strangerLookups).toBeLessThanOrEqual(2);
    expect(m.strangerLookups).toBe(0);
    // Moderator 1 (checked first, before any stranger): day 1 by the lookup, day 2 by the re-check
    // kept from strangers; day 3 the share is spent and the grace (a day from the re-check) is over.
    expect(m.answered).toEqual(['0:1', '1:1']);
    expect(m.spent).toEqual([]);
    const reset = Math.floor(Date.parse('2026-12-01T00:00:00Z') / 1000);
    // Moderator 1 (let in before): the whole share spent; the others (never let in): the first checks.
    expect(m.moderatorRefusals).toEqual(
      new Set([
        MESSAGES.accessChecksSpent(reset),
        MESSAGES.accessFirstChecksSpent(reset, 'ACCESS_DISCORD_ROLE_IDS'),
      ]),
    );
    expect(m.strangerAnswers.has(undefined)).toBe(false);
    expect(m.used).toBeLessThanOrEqual(20);
  }, 60_000);
});
