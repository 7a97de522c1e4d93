import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JoinRequest } from '../../generated/api.js';
import { ENGLISH } from '../../src/i18n/words.js';
import { renderJoinRequest } from '../../src/render/join-request.js';
import { joinRequestArb, PROPS, sourceArb } from './arbitraries.js';
import { assertEmbedWithinLimits, assertNoPings, snowflakesIn } from './limits.js';

const source = { fetchedAt: 1_700_000_000_000, fromCache: false, stale: true };

describe('join-request renderer', () => {
  it('shows the user as a mention and in code, the join code in code, and the date', () => {
    const embed = renderJoinRequest(
      { userId: '323456789012345678', serverId: 's', joinCode: 'AB`C', createdAt: 1_650_000_000 },
      { ...source, t: ENGLISH },
    );
    const byName = Object.fromEntries((embed.fields ?? []).map((f) => [f.name, f.value]));
    expect(byName.User).toBe('<@323456789012345678>');
    expect(byName['User id']).toBe('`323456789012345678`');
    expect(byName['Join code']).toBe('`ABˋC`');
    expect(byName.Requested).toBe('<t:1650000000:f> (<t:1650000000:R>)');
    expect(embed.footer?.text).toMatch(/API unavailable/);
  });

  it('a user id that is not a snowflake is shown in code, never as a mention', () => {
    const embed = renderJoinRequest({ userId: '<@1>@everyone', serverId: 's' }, { ...source, t: ENGLISH });
    const byName = Object.fromEntries((embed.fields ?? []).map((f) => [f.name, f.value]));
    expect(byName.User).toBe('`<@1>@everyone`');
    expect(byName['Join code']).toBeUndefined();
    expect(byName.Requested).toBeUndefined();
  });

  it('any join request renders within limits with no unintended mention (property)', () => {
    fc.assert(
      fc.property(joinRequestArb, sourceArb, (raw, src) => {
        const embed = renderJoinRequest(raw as unknown as JoinRequest, { ...src, t: ENGLISH });
        assertEmbedWithinLimits(embed);
        assertNoPings(embed, snowflakesIn(raw, ['userId']));
      }),
      PROPS,
    );
  });
});
