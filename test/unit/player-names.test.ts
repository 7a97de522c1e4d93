/**
 * The usernames a message names, for "Check player" (src/discord/player-names.ts): a whole
 * username-shaped word or nothing, never a piece of one (a piece opens another player's record).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { playerNames } from '../../src/discord/player-names.js';

describe('playerNames', () => {
  it('takes labelled names first, then words shaped like usernames, each once in any case', () => {
    const names = playerNames({
      content: 'Report against xX_Sniper_Xx. Player: BobTheBuilder was exploiting with bob99 and john.doe.',
      embeds: [{ title: 'Ticket 42', fields: [{ name: 'Reported user', value: 'Mallory' }] }],
    });
    expect(names).toEqual(['BobTheBuilder', 'Mallory', 'xX_Sniper_Xx', 'bob99', 'john.doe']);
  });

  it('never offers mentions, links, emoji, plain words, numbers or too long words', () => {
    const names = playerNames({
      content:
        '<@123456789012345678> see https://example.com/user_99 <:pepe_hands:1234> report from 2026 about someone 123456789 a_name_that_is_far_too_long_x',
    });
    expect(names).toEqual([]);
  });

  it('keeps at most 25 (a select holds 25 options)', () => {
    const content = Array.from({ length: 40 }, (_, i) => `user_${i}`).join(' ');
    expect(playerNames({ content })).toHaveLength(25);
  });

  it('takes names labelled in German, French, Spanish and Portuguese first', () => {
    const names = playerNames({
      content:
        'Meldung von modx1. Spieler: Gustav Benutzername=hans Joueur : Lucie nom d’utilisateur: remi Jugador: Pablo nombre de usuario: lola Jogador: Joao usuário: bia.',
      embeds: [
        {
          fields: [
            { name: 'Verdächtiger', value: 'Fritz' },
            { name: 'Apelido', value: '@Duda' },
          ],
        },
      ],
    });
    expect(names).toEqual([
      'Gustav',
      'hans',
      'Lucie',
      'remi',
      'Pablo',
      'lola',
      'Joao',
      'bia',
      'Fritz',
      'Duda',
      'modx1',
    ]);
  });

  it('reads embed descriptions, authors and footers', () => {
    expect(
      playerNames({
        embeds: [
          { description: 'IGN: Alice_1', author: { name: 'Mod_Bob' }, footer: { text: 'by CarolX2' } },
        ],
      }),
    ).toEqual(['Alice_1', 'Mod_Bob', 'CarolX2']);
  });

  it('reads markdown escapes first (Foo_Bar, as bots and moderators write it, is one name)', () => {
    expect(playerNames({ content: 'Player: Foo\\_Bar was spawn killing' })).toEqual(['Foo_Bar']);
    expect(
      playerNames({ embeds: [{ title: 'Ticket', fields: [{ name: 'Suspect', value: 'John\\_Doe\\_99' }] }] }),
    ).toEqual(['John_Doe_99']);
    expect(playerNames({ content: 'IGN: \\*\\*Bob\\_1\\*\\*' })).toEqual(['Bob_1']);
  });

  it('keeps a name with letters of any script whole (Müller_1, Élodie_7, Ñandú_22)', () => {
    expect(playerNames({ content: 'Spieler: Müller_1 · Joueur : Élodie_7 · Jugador: Ñandú_22' })).toEqual([
      'Müller_1',
      'Élodie_7',
      'Ñandú_22',
    ]);
    expect(playerNames({ content: 'ein Bericht über Jürgen_5 und Øyvind2' })).toEqual([
      'Jürgen_5',
      'Øyvind2',
    ]);
  });

  it('leaves out whole a word holding a character no username holds, labelled or not', () => {
    for (const content of [
      'IGN: 100%_x',
      'player: a/b_1',
      'Player: Foo-Bar_1',
      'Player: Foo*Bar_1',
      'seen with a/b_1, 100%_x and x+y_2',
    ])
      expect(playerNames({ content }), content).toEqual([]);
  });

  it('offers nothing for a label followed by a name of several words (Sir Space); a label or punctuation ends a name', () => {
    expect(playerNames({ content: 'player: Sir Space' })).toEqual([]);
    expect(playerNames({ embeds: [{ fields: [{ name: 'Player', value: 'Sir Space' }] }] })).toEqual([]);
    expect(playerNames({ content: 'Player: Bob Reason: spam' })).toEqual(['Bob']);
    expect(playerNames({ content: 'Player: Bob Reported user: Eve' })).toEqual(['Bob', 'Eve']);
    expect(playerNames({ content: 'Player: Bob. Then Alice left' })).toEqual(['Bob']);
  });

  it('never offers a mass mention (@everyone, @here) as a player', () => {
    for (const message of [
      { content: 'Player: @everyone' },
      { content: 'IGN: @here' },
      { content: 'Suspect: **@Everyone**' },
      { embeds: [{ fields: [{ name: 'Player', value: '@everyone' }] }] },
      { embeds: [{ fields: [{ name: 'Suspect', value: '@here' }] }] },
    ])
      expect(playerNames(message), JSON.stringify(message)).toEqual([]);
    expect(playerNames({ content: 'Player: @Bob_1' })).toEqual(['Bob_1']);
  });

  it('takes off the markdown and punctuation around a name, never part of it', () => {
    expect(
      playerNames({ content: "**Foo_1**, (Bar_2) “Baz_3” ||Qux_4|| `Zed_5` Bob_6's ~~Kit_7~~!" }),
    ).toEqual(['Foo_1', 'Bar_2', 'Baz_3', 'Qux_4', 'Zed_5', 'Bob_6', 'Kit_7']);
  });

  it('reads a label’s value up to the next label or the line’s end, mentions and links taken out first', () => {
    expect(playerNames({ content: 'IGN: <@123456789012345678> Name: Bob_1' })).toEqual(['Bob_1']);
    expect(playerNames({ content: 'Player: <@123456789012345678> Player: <@&123456789012345678>' })).toEqual(
      [],
    );
    expect(playerNames({ content: 'IGN: https://example.com/x Spieler: hans\nName:\nBob_2' })).toEqual([
      'hans',
      'Bob_2',
    ]);
    expect(
      playerNames({ embeds: [{ fields: [{ name: 'Player', value: '<@123456789012345678> Name' }] }] }),
    ).toEqual([]);
  });

  it('never offers a label word, whatever surrounds it (property)', () => {
    const labels = [
      'IGN',
      'Name',
      'Player',
      'Username',
      'User',
      'Target',
      'Spieler',
      'Joueur',
      'Jugador',
      'Jogador',
    ];
    const noise = [
      '<@123456789012345678>',
      '<@&123456789012345678>',
      '<#123456789012345678>',
      'https://x.io/Bob_9',
    ];
    const names = ['Bob_1', 'xX_Sniper', 'eve', 'Mallory', 'john.doe', 'Müller_2'];
    const token = fc.oneof(
      fc.constantFrom(...labels).chain((l) => fc.constantFrom(`${l}:`, `${l} :`, `${l}=`, l, `**${l}**:`)),
      fc.constantFrom(...noise),
      fc.constantFrom(...names),
    );
    const message = fc.array(token, { maxLength: 12 }).chain((tokens) =>
      fc
        .array(fc.constantFrom(' ', '  ', '\n', ', '), {
          minLength: tokens.length,
          maxLength: tokens.length,
        })
        .map((gaps) => tokens.map((t, i) => `${t}${gaps[i]}`).join('')),
    );
    const isLabel = (name: string) => labels.some((l) => l.toLowerCase() === name.toLowerCase());
    fc.assert(
      fc.property(message, (content) => {
        for (const offered of [
          ...playerNames({ content }),
          ...playerNames({
            embeds: [{ description: content, fields: [{ name: 'Player', value: content }] }],
          }),
        ]) {
          expect(isLabel(offered), `${offered} offered from ${JSON.stringify(content)}`).toBe(false);
          expect(names).toContain(offered);
        }
      }),
    );
    // A label, something taken out, another label and a name: that name alone.
    fc.assert(
      fc.property(
        fc.constantFrom(...labels),
        fc.constantFrom(...noise),
        fc.constantFrom(...labels),
        fc.constantFrom(...names),
        (first, between, second, name) => {
          expect(playerNames({ content: `${first}: ${between} ${second}: ${name}` })).toEqual([name]);
        },
      ),
    );
  });
});
