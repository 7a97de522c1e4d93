/**
 * fast-check arbitraries for hostile API payloads, shared by renderer tests: strings full of
 * markdown, mentions, invisible and bidirectional characters, huge text; timestamps that are 0,
 * negative, fractional or far in the future; and anything at all in place of any field.
 *
 *   nastyString        a string a hostile or broken API could send
 *   nastyTimestamp     a number where a Unix-seconds timestamp belongs
 *   snowflake          a Discord-id-shaped string (17 to 20 digits)
 *   idLike             an id: snowflake, ordinary id, or nasty string
 *   anyValue           anything (nasty strings and numbers, fc.anything())
 *   maybe(arb)         arb most of the time, otherwise anyValue
 *   openEntries        an array of records with nasty keys and values (proof, editedBy, …)
 *   openObject         a record with nasty keys and values (the audit description)
 *   sourceArb          a Source (fetchedAt in Date's range, fromCache, stale)
 *   pageInfoArb        a PageInfo, as pageInfo() derives it from any envelope
 *   record(model)      fc.record with every key optional
 *   idish, timestampish, colourish, numberish, boolish, idArray(ids)
 *                      field values as the roster records carry them, or anything
 *   roleArb, memberArb(roleIds), applicationArb, joinRequestArb
 *                      roster records with every field optional and hostile
 *   snowflakesInArrays(record, keys)  the snowflake-shaped ids in array fields, for allowedIds
 *   PROPS              fc.assert parameters: runs (FC_NUM_RUNS, default 150), and a time limit
 *                      (FC_TIME_LIMIT_MS, default 20 s) so shrinking huge strings cannot hang the suite
 */
import fc from 'fast-check';
import { type PageInfo, pageInfo, type Source } from '../../src/api/pages.js';

export const PROPS: fc.Parameters<unknown> = {
  numRuns: Number(process.env.FC_NUM_RUNS) || 150,
  interruptAfterTimeLimit: Number(process.env.FC_TIME_LIMIT_MS) || 20_000,
};

export const NASTY_SAMPLES = [
  '@everyone',
  '@here',
  '@EVERYONE',
  '@every\u200Bone',
  '@\u200Beveryone',
  '<@123456789012345678>',
  '<@!123456789012345678>',
  '<@&123456789012345678>',
  '<#123456789012345678>',
  '</ban:123456789012345678>',
  '<:emoji:123456789012345678>',
  '<t:1700000000:R>',
  '<',
  '@',
  '[x](https://e.com)',
  '[click](<https://e.com>)',
  'https://e.com',
  '```js\nconsole.log(1)\n```',
  '```',
  '`',
  '``',
  '\\',
  '\\\\',
  '\\`',
  '\\<@123456789012345678>',
  '**bold**',
  '*',
  '__under__',
  '~~strike~~',
  '||spoiler||',
  '# heading',
  '-# subtext',
  '- item',
  '1. item',
  '> quote',
  '>>> quote',
  '\n',
  '\r\n',
  ' ',
  '\t',
  '\u0000',
  '\u0007',
  '\u007F',
  '\u0085',
  '\u200B',
  '\u200D',
  '\u200E',
  '\u200F',
  '\u202E',
  '\u2066',
  '\u2069',
  '\uFEFF',
  'e\u0301',
  '👨‍👩‍👧‍👦',
  '🏳️‍🌈',
  '𝕏𝕐',
  '\uD800',
  '\uDC00',
  'ﷺ',
  'Z̷̧̛̜̖a̸l̵g̴o̶',
  '.',
  '..',
  '/',
  '%2F',
  '—',
  '…',
  '@EVERYONE hi',
  '<a:dance:123456789012345678>',
  '[click me](https://evil.example)',
  '[@everyone](<https://x.example>)',
  '\\\\<@123456789012345678>',
  '**bold** __under__ ~~strike~~ ||spoiler||',
  '# Heading\n- list\n1. item\n> quote',
  '\u200B\u200E\u202E\u2066reversed\u2069\uFEFF',
  'e\u0301\u0301\u0301 Z̸̢̧̛a̵l̶g̷o̸',
  '👨‍👩‍👧‍👦🏳️‍🌈',
  '\u0000\u0007\u001b[31m\u007f\u0085',
  '   ',
  '',
  'toString',
  '__proto__',
  'constructor',
];

const sample = fc.constantFrom(...NASTY_SAMPLES);

/** Short and long mixes of hostile pieces, random text of any unit, and huge repeats. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .array(fc.oneof(sample, fc.string({ maxLength: 8 })), { maxLength: 12 })
      .map((p) => p.join('')),
  },
  { weight: 2, arbitrary: sample },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 200 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.oneof(sample, fc.string({ minLength: 1, maxLength: 5 })),
        fc.integer({ min: 200, max: 2_000 }),
      )
      .map(([s, n]) => s.repeat(n).slice(0, 9_000)),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1100, maxLength: 5000 }) },
);

export const nastyTimestamp: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1,
    1.5,
    -1_700_000_000,
    1_700_000_000,
    1_700_000_000.5,
    1_700_000_000_000, // milliseconds by mistake
    253_402_300_799, // 9999-12-31
    253_402_300_800,
    8_640_000_000_000,
    1e20,
    Number.MAX_SAFE_INTEGER,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
  ),
  fc.integer({ min: 1_500_000_000, max: 2_000_000_000 }),
  fc.integer(),
  fc.double(),
);

export const snowflake: fc.Arbitrary<string> = fc
  .bigInt({ min: 10n ** 16n, max: 10n ** 20n - 1n })
  .map(String);

export const idLike: fc.Arbitrary<string> = fc.oneof(
  snowflake,
  fc.stringMatching(/^[A-Za-z0-9_-]{1,30}$/),
  nastyString,
);

export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  nastyTimestamp,
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.anything({ maxDepth: 3 }),
);

/** `arb` four times in five, otherwise anything at all. */
export function maybe<T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | unknown> {
  return fc.oneof({ weight: 4, arbitrary: arb }, { weight: 1, arbitrary: anyValue });
}

export const nastyKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'startedAt',
    'endedAt',
    'start',
    'end',
    'userId',
    'timestamp',
    'url',
    'constructor',
    'toString',
    'hasOwnProperty',
    '__proto__',
    '',
  ),
  nastyString.map((s) => s.slice(0, 60)),
);

const openScalar = fc.oneof(nastyString, nastyTimestamp, fc.boolean(), fc.constant(null), snowflake);

export const openObject: fc.Arbitrary<Record<string, unknown>> = fc.dictionary(
  nastyKey,
  fc.oneof(
    { weight: 4, arbitrary: openScalar },
    { weight: 1, arbitrary: fc.array(fc.dictionary(nastyKey, openScalar, { maxKeys: 4 }), { maxLength: 5 }) },
    { weight: 1, arbitrary: fc.dictionary(nastyKey, openScalar, { maxKeys: 4 }) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
  ),
  { maxKeys: 30 },
);

export const openEntries: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.array(openObject, { maxLength: 12 }) },
  { weight: 1, arbitrary: fc.array(anyValue, { maxLength: 12 }) },
  { weight: 1, arbitrary: anyValue },
  // Keyed sections or questions (application forms), and long arrays.
  {
    weight: 1,
    arbitrary: fc.dictionary(
      fc.string(),
      fc.record(
        { label: nastyString, type: fc.string(), required: fc.boolean(), id: idLike },
        { requiredKeys: [] },
      ),
      { maxKeys: 40 },
    ),
  },
  { weight: 1, arbitrary: fc.array(fc.anything(), { maxLength: 40 }) },
);

export const sourceArb: fc.Arbitrary<Source> = fc.record({
  fetchedAt: fc.oneof(
    fc.integer({ min: 1_500_000_000_000, max: 2_000_000_000_000 }),
    fc.integer({ min: 0, max: 4_102_444_800_000 }),
    fc.integer({ min: 0, max: 8_640_000_000_000_000 }),
  ),
  fromCache: fc.boolean(),
  stale: fc.boolean(),
});

export const pageInfoArb: fc.Arbitrary<PageInfo> = fc.oneof(
  // Plain numbers as the paging layer passes them (up to a million pages)...
  fc.record({
    page: fc.integer({ min: 1, max: 99_999 }),
    totalPages: fc.integer({ min: 1, max: 1_000_000 }),
    total: fc.nat(),
  }),
  // ...and whatever pageInfo() makes of any envelope.
  fc
    .tuple(
      fc.oneof(
        fc.record({ page: maybe(fc.nat()), total: maybe(fc.nat()), totalPages: maybe(fc.nat()) }),
        anyValue,
      ),
      fc.integer({ min: 1, max: 99_999 }),
      fc.integer({ min: 0, max: 10 }),
    )
    .map(([envelope, page, items]) => pageInfo(envelope, page, items)),
);

/** fc.record with every key optional (absent fields are part of the contract's gaps). */
export function record<T extends Record<string, fc.Arbitrary<unknown>>>(
  model: T,
): fc.Arbitrary<{ [K in keyof T]?: unknown }> {
  return fc.record(model, { requiredKeys: [] }) as fc.Arbitrary<{ [K in keyof T]?: unknown }>;
}

// Roster records (roles, members, applications, join requests).

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

export const roleArb = fc.record(
  {
    id: idish,
    serverId: idish,
    name: maybe(nastyString),
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
    title: maybe(nastyString),
    description: maybe(nastyString),
    color: colourish,
    bannerKey: maybe(nastyString),
    createdAt: timestampish,
    lastUpdated: timestampish,
    acceptingResponses: boolish,
    closedMessage: maybe(nastyString),
    submissionMessage: maybe(nastyString),
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
  { userId: idish, serverId: idish, joinCode: maybe(nastyString), createdAt: timestampish },
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
