import {
  ApplicationCommandOptionType,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENGLISH } from '../../src/i18n/words.js';
import { exampleCall, helpLines, renderHelp } from '../../src/render/help.js';
import { nastyString } from './arbitraries.js';
import { assertEmbedWithinLimits, assertNoPings } from './limits.js';

const publicOption = { type: 5, name: 'public', description: 'Post publicly', required: false } as const;

const defs: RESTPostAPIChatInputApplicationCommandsJSONBody[] = [
  {
    name: 'loa',
    description: 'Leaves of absence',
    options: [
      { type: 1, name: 'list', description: 'List all LOAs', options: [publicOption] },
      {
        type: 1,
        name: 'view',
        description: 'Show one LOA',
        options: [{ type: 3, name: 'id', description: 'The LOA id', required: true }, publicOption],
      },
      {
        type: 1,
        name: 'member',
        description: "One member's LOAs",
        options: [
          { type: 6, name: 'user', description: 'Discord user' },
          { type: 3, name: 'member-id', description: 'Member id' },
          publicOption,
        ],
      },
    ],
  },
];

describe('help renderer', () => {
  it('lists every subcommand with an example built from its options', () => {
    expect(helpLines(defs, ENGLISH).map((l) => l.example)).toEqual([
      '/loa list',
      '/loa view id:<id>',
      '/loa member user:@user',
    ]);
    const embed = renderHelp(defs, undefined, undefined, ENGLISH);
    expect(embed.fields?.map((f) => f.name)).toEqual(['/loa — Leaves of absence']);
    expect(embed.fields?.[0]?.value).toBe(
      "`/loa list` — List all LOAs\n`/loa view id:<id>` — Show one LOA\n`/loa member user:@user` — One member's LOAs",
    );
    expect(embed.description).toContain('public:True');
    assertEmbedWithinLimits(embed);
    assertNoPings(embed);
  });

  it('never shows the public option in examples', () => {
    expect(exampleCall('/x', [publicOption], ENGLISH)).toBe('/x');
    expect(
      exampleCall(
        '/x',
        [
          { type: ApplicationCommandOptionType.Boolean, name: 'all', description: 'All', required: true },
          publicOption,
        ],
        ENGLISH,
      ),
    ).toBe('/x all:True');
  });

  it('any set of definitions renders within limits (property)', () => {
    const option = fc.record({
      type: fc.constantFrom(3, 5, 6),
      name: fc.stringMatching(/^[a-z][a-z-]{0,31}$/),
      description: nastyString.map((s) => s.slice(0, 100)),
      required: fc.boolean(),
    });
    const sub = fc.record({
      type: fc.constant(1),
      name: fc.stringMatching(/^[a-z][a-z-]{0,31}$/),
      description: nastyString.map((s) => s.slice(0, 100)),
      options: fc.array(option, { maxLength: 25 }),
    });
    const def = fc.record({
      name: fc.stringMatching(/^[a-z][a-z-]{0,31}$/),
      description: nastyString.map((s) => s.slice(0, 100)),
      options: fc.array(sub, { maxLength: 25 }),
    });
    fc.assert(
      fc.property(fc.array(def, { maxLength: 40 }), (list) => {
        const embed = renderHelp(
          list as unknown as RESTPostAPIChatInputApplicationCommandsJSONBody[],
          undefined,
          undefined,
          ENGLISH,
        );
        assertEmbedWithinLimits(embed);
        assertNoPings(embed);
      }),
      { numRuns: 100 },
    );
  });
});

describe('the help embed and the user commands', () => {
  it('names each right-click command once, under Apps, after the slash commands', () => {
    const embed = renderHelp(
      [{ name: 'loa', description: 'Leaves of absence', options: [] }],
      ['Staff record', 'LOAs', 'Join request'],
      undefined,
      ENGLISH,
    );
    const last = embed.fields?.at(-1);
    expect(last?.name).toBe('Right-click a member → Apps');
    expect(last?.value).toBe('**Staff record** · **LOAs** · **Join request**');
    expect(
      renderHelp(
        [{ name: 'loa', description: 'Leaves of absence', options: [] }],
        undefined,
        undefined,
        ENGLISH,
      ).fields,
    ).toHaveLength(1);
  });
});
