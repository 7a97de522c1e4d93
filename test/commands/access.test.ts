import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { createAccessGuard } from '../../src/discord/access.js';
import { MESSAGES } from '../../src/discord/replies.js';
import { type Call, fakeResources } from './roster-fakes.js';

const STAFF = '600000000000000001';
const GUEST = '600000000000000002';
const STRANGER = '600000000000000003';

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
    expect(await guard(asUser(STRANGER))).toBe(MESSAGES.notAllowed);
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
    expect(await guard(asUser(GUEST))).toBe(MESSAGES.notAllowed);
    expect(await guard(asUser(STRANGER))).toBe(MESSAGES.notAllowed);
  });

  it('refuses a member whose roles are missing or not a list', async () => {
    const guard = createAccessGuard({
      requireMember: true,
      roleIds: ['r-staff'],
      resources: fakeResources({ members: [{ id: 'm', serverId: 's' }], chat: { [STAFF]: 'm' } }),
      logger,
    });
    expect(await guard(asUser(STAFF))).toBe(MESSAGES.notAllowed);
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
    });
    expect(await guard(asUser(STAFF))).toBe(MESSAGES.unavailable);
    expect(warnings).toHaveLength(1);

    resources.getMemberByChatId = async () => {
      throw new ApiError('http', 'API answered 401', { status: 401 });
    };
    expect(await guard(asUser(STAFF))).toBe(MESSAGES.unauthorized);

    resources.getMemberByChatId = async () => {
      throw new TypeError('bug');
    };
    expect(await guard(asUser(STAFF))).toBe(MESSAGES.internal);
  });
});
