/**
 * fast-check arbitraries for the roster renderers (roles, members, applications, join requests,
 * status): payloads as hostile as the API could send — missing fields, wrong types, huge and
 * markdown-laden strings, mention syntax, invisible and bidirectional characters, odd timestamps.
 */
import fc from 'fast-check';
import type { PageInfo, Source } from '../../src/api/pages.js';

/** Text written to look like Discord markup or to break layouts. */
export const TRICKY = [
  '@everyone',
  '@here',
  '@EVERYONE hi',
  '<@123456789012345678>',
  '<@!123456789012345678>',
  '<@&123456789012345678>',
  '<#123456789012345678>',
  '</ban:123456789012345678>',
  '<t:1700000000:R>',
  '<a:dance:123456789012345678>',
  '[click me](https://evil.example)',
  '[@everyone](<https://x.example>)',
  '```js\nconsole.log(1)\n```',
  '`',
  '``',
  '\\',
  '\\\\<@123456789012345678>',
  '**bold** __under__ ~~strike~~ ||spoiler||',
  '# Heading\n- list\n1. item\n> quote',
  '\u200B\u200E\u202E\u2066reversed\u2069\uFEFF',
  'e\u0301\u0301\u0301 Z̸̢̧̛a̵l̶g̷o̸',
  '👨‍👩‍👧‍👦🏳️‍🌈',
  '\u0000\u0007\u001b[31m\u007f\u0085',
  '   ',
  '',
  '—',
  'toString',
  '__proto__',
  'constructor',
];

export const tricky = fc.constantFrom(...TRICKY);

/** Any text: tricky pieces, random unicode (including lone surrogates), and huge strings. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: tricky },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }) },
  { weight: 2, arbitrary: fc.array(fc.oneof(tricky, fc.string()), { maxLength: 12 }).map((p) => p.join('')) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 300 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.oneof(tricky, fc.string({ minLength: 1, maxLength: 5 })),
        fc.integer({ min: 200, max: 2_000 }),
      )
      .map(([s, n]) => s.repeat(n).slice(0, 9_000)),
  },
);

/** Discord-style snowflakes (17–20 digits). */
export const snowflake = fc.bigInt(10n ** 16n, 10n ** 20n - 1n).map(String);

/** Id fields: snowflakes, plain ids, nasty text, or anything at all. */
export const idish: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: snowflake },
  { weight: 2, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,24}$/) },
  { weight: 2, arbitrary: nastyString },
  { weight: 1, arbitrary: fc.anything() },
);

/** Timestamps: unset, negative, ordinary, at and beyond year 9999, fractional, or not numbers. */
export const timestampish: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(0),
  fc.integer({ min: -2_000_000_000_000, max: -1 }),
  fc.integer({ min: 1, max: 4_000_000_000 }),
  fc.constantFrom(253_402_300_799, 253_402_300_800, Number.MAX_SAFE_INTEGER, Number.MAX_VALUE),
  fc.double(),
  fc.anything(),
);

/** Colours: valid hex, near misses, nasty text, or anything. */
export const colourish: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`),
  fc.integer({ min: 0, max: 0xffffff }).map((n) => n.toString(16).padStart(6, '0').toUpperCase()),
  fc.constantFrom('#fff', '#gggggg', 'red', '#1234567', '', ' #00ff00 '),
  nastyString,
  fc.anything(),
);

/** Numbers of every kind, and non-numbers. */
export const numberish: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, Number.MAX_SAFE_INTEGER, Number.POSITIVE_INFINITY, Number.NaN),
  fc.anything(),
);

export const boolish: fc.Arbitrary<unknown> = fc.oneof(fc.boolean(), fc.boolean(), fc.anything());

/** An array field of ids (possibly huge), or something that is not an array at all. */
export function idArray(ids: fc.Arbitrary<unknown> = fc.oneof(snowflake, idish), maxLength = 400) {
  return fc.oneof(
    { weight: 3, arbitrary: fc.array(ids, { maxLength: 12 }) },
    { weight: 1, arbitrary: fc.array(ids, { minLength: 100, maxLength }) },
    { weight: 1, arbitrary: fc.anything() },
  );
}

/** Open-shaped entries (presets, sections, questions): objects of anything, or anything. */
export const openEntries: fc.Arbitrary<unknown> = fc.oneof(
  fc.array(
    fc.dictionary(fc.oneof(fc.string(), tricky), fc.oneof(nastyString, numberish, boolish, fc.anything())),
    {
      maxLength: 30,
    },
  ),
  fc.dictionary(
    fc.string(),
    fc.record(
      { label: nastyString, type: fc.string(), required: fc.boolean(), id: idish },
      { requiredKeys: [] },
    ),
    { maxKeys: 40 },
  ),
  fc.array(fc.anything(), { maxLength: 40 }),
  fc.anything(),
);

export const sourceArb: fc.Arbitrary<Source> = fc.record({
  fetchedAt: fc.integer({ min: 0, max: 4_102_444_800_000 }),
  fromCache: fc.boolean(),
  stale: fc.boolean(),
});

export const pageInfoArb: fc.Arbitrary<PageInfo> = fc.record({
  page: fc.integer({ min: 1, max: 99_999 }),
  totalPages: fc.integer({ min: 1, max: 1_000_000 }),
  total: fc.nat(),
});

/** A value or, sometimes, anything else in its place. */
export function orAnything<T>(arb: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 4, arbitrary: arb }, { weight: 1, arbitrary: fc.anything() });
}

export const roleArb = fc.record(
  {
    id: idish,
    serverId: idish,
    name: orAnything(nastyString),
    colour: colourish,
    permissions: fc.oneof(fc.bigInt(0n, 2n ** 300n).map(String), nastyString, fc.anything()),
    extraPermissions: numberish,
    linkedChatRoleId: fc.oneof(snowflake, idish, fc.constant('')),
    createdAt: timestampish,
  },
  { requiredKeys: [] },
);

export const memberArb = (roleIds: fc.Arbitrary<unknown> = idish) =>
  fc.record(
    {
      id: idish,
      serverId: idish,
      roles: idArray(fc.oneof(roleIds, idish), 600),
      createdAt: timestampish,
    },
    { requiredKeys: [] },
  );

export const applicationArb = fc.record(
  {
    id: idish,
    serverId: idish,
    title: orAnything(nastyString),
    description: orAnything(nastyString),
    color: colourish,
    bannerKey: orAnything(nastyString),
    createdAt: timestampish,
    lastUpdated: timestampish,
    acceptingResponses: boolish,
    closedMessage: orAnything(nastyString),
    submissionMessage: orAnything(nastyString),
    cooldown: numberish,
    maxLogs: numberish,
    banAppeal: numberish,
    banAppealNote: boolish,
    collectGameAccount: boolish,
    gameGroupId: idish,
    guildMemberAge: numberish,
    requireChatMember: boolish,
    inviteOnApproval: boolish,
    stageResponses: boolish,
    requireApprovedReason: boolish,
    requiredDenialReason: boolish,
    revealReviewer: boolish,
    resultsMentionUser: boolish,
    resultsChannelId: fc.oneof(snowflake, idish),
    eventsChannelId: fc.oneof(snowflake, idish, fc.constant('')),
    approvalRoles: idArray(),
    denialRoles: idArray(),
    acceptanceRemoveRoles: idArray(),
    denialRemoveRoles: idArray(),
    blockedChatRoles: idArray(),
    requiredChatRoles: idArray(),
    reviewerRoles: idArray(),
    reviewOnlyRoles: idArray(),
    submitMentionRoles: idArray(),
    presets: openEntries,
    sections: openEntries,
    questions: openEntries,
  },
  { requiredKeys: [] },
);

export const joinRequestArb = fc.record(
  { userId: idish, serverId: idish, joinCode: orAnything(nastyString), createdAt: timestampish },
  { requiredKeys: [] },
);

/** Every snowflake-shaped string in the arrays under `keys` of `record`. */
export function snowflakesInArrays(record: unknown, keys: readonly string[]): string[] {
  if (typeof record !== 'object' || record === null) return [];
  const r = record as Record<string, unknown>;
  return keys.flatMap((k) => {
    const v = r[k];
    return Array.isArray(v)
      ? v.filter((x): x is string => typeof x === 'string' && /^\d{17,20}$/.test(x))
      : [];
  });
}

/** Property-run settings: enough runs to find edge cases, bounded for CI time. */
export const RUNS = { numRuns: 200 } as const;
