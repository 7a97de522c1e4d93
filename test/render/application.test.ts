import type { APIEmbed } from 'discord.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Application } from '../../generated/api.js';
import { ENGLISH } from '../../src/i18n/words.js';
import {
  APPLICATION_SETTINGS,
  applicationRow,
  channelMention,
  describeForm,
  renderApplication,
  renderApplicationList,
  settingsSummary,
} from '../../src/render/application.js';
import { applicationArb, PROPS, pageInfoArb, snowflakesInArrays, sourceArb } from './arbitraries.js';
import { assertEmbedWithinLimits, assertNoPings, snowflakesIn } from './limits.js';

const source = { fetchedAt: 1_700_000_000_000, fromCache: false, stale: false };

const ROLE_ARRAYS = [
  'approvalRoles',
  'denialRoles',
  'acceptanceRemoveRoles',
  'denialRemoveRoles',
  'blockedChatRoles',
  'requiredChatRoles',
  'reviewerRoles',
  'reviewOnlyRoles',
  'submitMentionRoles',
] as const;

/**
 * limits.ts allows deliberate user and role mentions only; an application also shows its two
 * channel ids as channel mentions. Those exact `<#ID>` (snowflake-shaped channel id fields) are
 * blanked here, so any other `<#` still fails assertNoPings.
 */
function withoutChannelMentions(embed: APIEmbed, channelIds: string[]): APIEmbed {
  const blank = (text: string) => channelIds.reduce((t, id) => t.split(`<#${id}>`).join('#channel'), text);
  return {
    ...embed,
    title: embed.title === undefined ? undefined : blank(embed.title),
    description: embed.description === undefined ? undefined : blank(embed.description),
    fields: embed.fields?.map((f) => ({ ...f, name: blank(f.name), value: blank(f.value) })),
  };
}

function assertSafe(app: unknown, embed: APIEmbed): void {
  assertEmbedWithinLimits(embed);
  const channels = snowflakesIn(app, ['resultsChannelId', 'eventsChannelId']);
  assertNoPings(withoutChannelMentions(embed, channels), snowflakesInArrays(app, ROLE_ARRAYS));
}

const full: Application = {
  id: 'app1',
  serverId: 's',
  title: 'Staff Application',
  description: 'Join the **team**! @everyone',
  color: '#00aaff',
  bannerKey: 'banners/x.png',
  createdAt: 1_600_000_000,
  lastUpdated: 1_650_000_000,
  acceptingResponses: true,
  closedMessage: 'Closed.',
  submissionMessage: 'Thanks!',
  cooldown: 7 * 86_400,
  maxLogs: 3,
  banAppeal: 0,
  banAppealNote: false,
  collectGameAccount: true,
  gameGroupId: '1234567',
  guildMemberAge: 86_400,
  requireChatMember: true,
  inviteOnApproval: false,
  stageResponses: false,
  requireApprovedReason: false,
  requiredDenialReason: true,
  revealReviewer: true,
  resultsMentionUser: true,
  resultsChannelId: '423456789012345678',
  eventsChannelId: '',
  approvalRoles: ['523456789012345678', '623456789012345678'],
  denialRoles: [],
  acceptanceRemoveRoles: ['not-a-snowflake'],
  denialRemoveRoles: [],
  blockedChatRoles: [],
  requiredChatRoles: [],
  reviewerRoles: ['723456789012345678'],
  reviewOnlyRoles: [],
  submitMentionRoles: [],
  presets: [{ id: 'p1', reason: 'Welcome', name: 'Accepted', type: 'approve' }],
  sections: [{ id: 's1', questionIds: ['q1'], title: 'About you' }],
  questions: { q1: { id: 'q1', sectionId: 's1', type: 'short', label: 'How old are you?', required: true } },
};

describe('application renderers', () => {
  it('show every useful field of a form', () => {
    const embed = renderApplication(full, { ...source, t: ENGLISH });
    expect(embed.title).toBe('Application: Staff Application');
    expect(embed.description).toBe('Join the \\*\\*team\\*\\*! @\u200Beveryone');
    expect(embed.color).toBe(0x00aaff);
    const byName = Object.fromEntries((embed.fields ?? []).map((f) => [f.name, f.value]));
    expect(byName['Accepting responses']).toBe('Yes');
    expect(byName['Ban appeal']).toBe('0');
    expect(byName.Cooldown).toBe('7d');
    expect(byName['Max logs']).toBe('3');
    expect(byName['Min. Discord membership']).toBe('1d');
    expect(byName['Results channel']).toBe('<#423456789012345678>');
    expect(byName['Events channel']).toBeUndefined();
    expect(byName['On approval']).toBe(
      'Adds: <@&523456789012345678> <@&623456789012345678>\nRemoves: `not-a-snowflake`',
    );
    expect(byName['On denial']).toBe('Adds: None\nRemoves: None');
    expect(byName.Reviewers).toBe('Review: <@&723456789012345678>\nReview only: None');
    expect(byName.Settings).toContain('✅ Must be in the Discord server');
    expect(byName.Settings).toContain('❌ Invite on approval');
    expect(byName.Presets).toBe('1 entry\n• name: Accepted, type: approve, reason: Welcome, id: p1');
    expect(byName.Sections).toContain('title: About you');
    expect(byName.Questions).toBe(
      '1 entry\n• label: How old are you?, type: short, required: yes, id: q1 (+1 more)',
    );
    expect(byName.Created).toBe('<t:1600000000:f> (<t:1600000000:R>)');
    expect(byName['Last updated']).toBe('<t:1650000000:f> (<t:1650000000:R>)');
    expect(embed.fields?.length).toBeLessThanOrEqual(25);
    assertSafe(full, embed);
  });

  it('a full-size form keeps every field within 6000 characters', () => {
    const huge = 'x'.repeat(5_000);
    const ids = Array.from({ length: 300 }, (_, i) => String(100_000_000_000_000_000n + BigInt(i)));
    const app = {
      ...full,
      title: huge,
      description: huge,
      closedMessage: huge,
      submissionMessage: huge,
      bannerKey: huge,
      ...Object.fromEntries(ROLE_ARRAYS.map((k) => [k, ids])),
      presets: Array.from({ length: 50 }, () => ({ name: huge, reason: huge })),
      sections: Array.from({ length: 50 }, () => ({ title: huge })),
      questions: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`q${i}`, { label: huge }])),
    } as Application;
    const embed = renderApplication(app, { ...source, t: ENGLISH });
    expect(embed.fields?.map((f) => f.name)).toContain('Presets');
    expect(embed.fields?.length).toBe(renderApplication(full, { ...source, t: ENGLISH }).fields?.length);
    assertSafe(app, embed);
    const byName = Object.fromEntries((embed.fields ?? []).map((f) => [f.name, f.value]));
    expect(byName['Mentioned on submit']).toMatch(/\+\d+ more$/);
  });

  it('channel ids become channel mentions only when snowflake-shaped', () => {
    expect(channelMention('123456789012345678')).toBe('<#123456789012345678>');
    expect(channelMention('<#1>')).toBe('`<#1>`');
    expect(channelMention(undefined)).toBe('—');
  });

  it('settings leave out absent booleans and cover every boolean setting of the contract', () => {
    expect(settingsSummary({}, ENGLISH)).toBe('—');
    expect([...APPLICATION_SETTINGS].sort()).toEqual(
      [
        'banAppealNote',
        'collectGameAccount',
        'requireChatMember',
        'inviteOnApproval',
        'stageResponses',
        'requireApprovedReason',
        'requiredDenialReason',
        'revealReviewer',
        'resultsMentionUser',
      ].sort(),
    );
  });

  it('open-shaped content escapes keys as well as values', () => {
    const text = describeForm(
      [{ '@everyone': 'x', '<@&123456789012345678>': 'y', '````': '`' }],
      [],
      ENGLISH,
    );
    expect(text).not.toMatch(/(^|[^\\])<@/);
    expect(text).toContain('@\u200Beveryone');
  });

  it('a row shows open/closed, the escaped title and the id', () => {
    expect(applicationRow({ id: 'a', title: '_x_', acceptingResponses: false }, ENGLISH)).toBe(
      '**\\_x\\_** `a` · 🔴 Closed · updated —',
    );
  });

  it('any form renders within limits with no unintended mention (property)', () => {
    fc.assert(
      fc.property(applicationArb, sourceArb, (raw, src) => {
        assertSafe(raw, renderApplication(raw as unknown as Application, { ...src, t: ENGLISH }));
      }),
      PROPS,
    );
  });

  it('any page of forms renders within limits with no unintended mention (property)', () => {
    fc.assert(
      fc.property(fc.array(applicationArb, { maxLength: 10 }), pageInfoArb, sourceArb, (raw, info, src) => {
        const embed = renderApplicationList(raw as unknown as Application[], info, { ...src, t: ENGLISH });
        assertEmbedWithinLimits(embed);
        assertNoPings(embed);
      }),
      { numRuns: 100 },
    );
  });
});
