/**
 * The usernames a message names, for "Check player" (src/discord/player-names.ts): a whole
 * username-shaped word or nothing, never a piece of one (a piece opens another player's record).
 */
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
});
