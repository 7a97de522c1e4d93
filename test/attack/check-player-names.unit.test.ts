/**
 * Attack repros for "Check player" (src/discord/player-names.ts): a username written the way
 * Discord messages and ticket embeds commonly carry it must be offered whole, or not at all; never a
 * piece of it, which opens another player's record.
 */
import { describe, expect, it } from 'vitest';
import { playerNames } from '../../src/discord/player-names.js';

describe('Check player never offers a piece of a username', () => {
  it('reads a markdown-escaped underscore (Foo\\_Bar, as bots and moderators write it) as one name', () => {
    // escapeMarkdown (discord.js) and moderators avoiding italics both write `\_`.
    expect(playerNames({ content: 'Player: Foo\\_Bar was spawn killing' })).toEqual(['Foo_Bar']);
    expect(
      playerNames({ embeds: [{ title: 'Ticket', fields: [{ name: 'Suspect', value: 'John\\_Doe\\_99' }] }] }),
    ).toEqual(['John_Doe_99']);
  });

  it('offers no tail of a word holding a letter outside A-Z (Müller_1, Élodie_7, Ñandú_22)', () => {
    const names = playerNames({ content: 'Spieler: Müller_1 · Joueur : Élodie_7 · Jugador: Ñandú_22' });
    for (const piece of ['ller_1', 'lodie_7', '_22', 'M', 'Mu'])
      expect(names, `offered "${piece}"`).not.toContain(piece);
  });

  it('offers no head of a labelled word cut at a character a name does not take (IGN: 100%_x)', () => {
    expect(playerNames({ content: 'IGN: 100%_x' })).not.toContain('100');
  });
});
