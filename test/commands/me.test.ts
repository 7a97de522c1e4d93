/**
 * /me's views with a report snapshot (the e2e tests, test/e2e/me*.test.ts, run the free tier, where
 * none is read yet): the caller's record with its scorecard, their LOAs and their shifts this week,
 * each reached by the caller's Discord id and leading back, and the read that finds them.
 */
import { describe, expect, it } from 'vitest';
import { me, myLoasView, myShiftsView } from '../../commands/me.js';
import type { Member } from '../../generated/api.js';
import { FirstCheckSkippedError } from '../../src/api/errors.js';
import type { Community } from '../../src/discord/community.js';
import { showDetail, showList } from '../../src/discord/paging/show.js';
import { MESSAGES, UserError } from '../../src/discord/replies.js';
import { AT, NOW_S, recordResources, recordShow, reportSource, snapshotAt } from './record-fakes.js';
import { type Call, chatInput, linkOf, OWNER, showContext } from './roster-fakes.js';

const members: Member[] = [
  { id: 'm1', serverId: 's', roles: [] },
  { id: 'm2', serverId: 's', roles: [] },
];
const reports = reportSource(async () =>
  snapshotAt({
    shifts: [
      { id: 'a', memberId: 'm1', createdAt: NOW_S - 7200, endedAt: NOW_S - 3600 },
      { id: 'b', memberId: 'm2', createdAt: NOW_S - 9 * 3600, endedAt: NOW_S - 3600 },
    ] as never,
    loas: [
      { id: 'l1', memberId: 'm1', startAt: NOW_S + 86_400, endAt: NOW_S + 5 * 86_400, createdAt: NOW_S - 60 },
      { id: 'l2', memberId: 'm2', startAt: NOW_S + 86_400, endAt: NOW_S + 5 * 86_400, createdAt: NOW_S - 30 },
    ] as never,
    members,
  }),
);

describe('/me', () => {
  it("shows the caller's record, found by their Discord id with one access lookup, and leads to their LOAs and shifts", async () => {
    const calls: Call[] = [];
    const show = recordShow({ members, linked: 'm1', calls }, { reports });
    const record = await me.execute({ interaction: chatInput({ sub: '' }), show });
    expect(record.embeds?.[0]?.title).toContain('m1');
    const lookups = calls.filter((c) => c.method === 'getMemberByChatId');
    // /me's lookup, then the view's (in the API layer the saved answer: no request); neither may spend
    // a first check unless the spending rule is asked and allows it.
    expect(lookups.map((c) => c.args[0])).toEqual([OWNER, OWNER]);
    expect(lookups[0]?.args[1]).toMatchObject({ purpose: 'access-lookup', noFirstCheck: true });

    const toLoas = await linkOf(record, 'LOAs', show);
    expect(toLoas).toEqual({ view: 'me.loas', arg: OWNER });
    const loas = await showList(myLoasView, show, { arg: OWNER });
    expect(loas.embeds?.[0]?.title).toBe('Leaves of absence of member m1');
    expect(loas.embeds?.[0]?.description).not.toContain('m2');

    const toShifts = await linkOf(record, 'Shifts this week', show);
    expect(toShifts).toEqual({ view: 'me.shifts', arg: OWNER });
    const shifts = await showDetail(myShiftsView, OWNER, show);
    expect(await linkOf(shifts, '↩ Back to staff record', show)).toEqual({ view: 'me', arg: OWNER });
  });

  it('says so to a caller no member is linked to', async () => {
    const show = recordShow({ members }, { reports });
    await expect(me.execute({ interaction: chatInput({ sub: '' }), show })).rejects.toThrow(
      new UserError(MESSAGES.meNotMember),
    );
  });

  describe('a first check (no answer saved this month), only as the spending rule allows', () => {
    /**
     * Resources whose lookup, like the API layer's, makes no first check when told not to, and answers
     * from what it saved once one was made.
     */
    const unsaved = (calls: Call[]) => {
      const resources = recordResources({ members, linked: 'm1', calls });
      const lookUp = resources.getMemberByChatId;
      let saved = false;
      resources.getMemberByChatId = async (chatId, options) => {
        if (!saved && options?.purpose === 'access-lookup' && options.noFirstCheck) {
          calls.push({ method: 'getMemberByChatId', args: [chatId, options] });
          throw new FirstCheckSkippedError('not saved');
        }
        saved = true;
        return lookUp(chatId, options);
      };
      return resources;
    };
    const run = (firstCheck: Community['firstCheck'], calls: Call[] = []) =>
      me.execute({
        interaction: chatInput({ sub: '' }),
        show: showContext(unsaved(calls), { reports, ...(firstCheck ? { firstCheck } : {}) }),
      });

    it('is made when the rule allows it, and refused with its sentence when not', async () => {
      const calls: Call[] = [];
      expect((await run(async () => undefined, calls)).embeds?.[0]?.title).toContain('m1');
      expect(calls.filter((c) => c.method === 'getMemberByChatId')[1]?.args[1]).toMatchObject({
        noFirstCheck: false,
      });
      await expect(run(async () => ({ cause: 'unlinked-user' }))).rejects.toThrow(
        new UserError(MESSAGES.meNotSpender),
      );
      await expect(run(async () => ({ cause: 'no-links' }))).rejects.toThrow(
        new UserError(MESSAGES.meNoLinks),
      );
      await expect(run(async () => ({ cause: 'roles-unread', retryAt: AT + 600_000 }))).rejects.toThrow(
        new UserError(MESSAGES.meRolesUnread(NOW_S + 600)),
      );
    });

    it('is never made when the community offers no rule (fail closed)', async () => {
      const calls: Call[] = [];
      await expect(run(undefined, calls)).rejects.toThrow(new UserError(MESSAGES.meNotSpender));
      expect(calls.filter((c) => c.method === 'getMemberByChatId')).toHaveLength(1);
    });
  });
});
