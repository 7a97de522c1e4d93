/** The usernames a message names, for "Check player" (src/discord/player-names.ts). */
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
});
