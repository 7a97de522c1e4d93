/**
 * Languages through the real bot: the commands reach Discord (the double) with their
 * localizations, and a refusal is written in the language of the interaction's locale (German for
 * `de`, English for `ja`, which has no catalogue), a handler's refusal too, with its values.
 */
import { Locale } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/discord/replies.js';
import { de } from '../../src/i18n/catalogues/de.js';
import { startWorld, type World } from './world.js';

let world: World;

beforeAll(async () => {
  world = await startWorld({ env: { ACCESS_REQUIRE_MEMBER: 'true' } });
}, 60_000);
afterAll(async () => {
  await world?.close();
});

describe('languages', () => {
  it('registers every command with its translations', () => {
    const registered = world.double.registeredCommands(world.double.guildId);
    const loa = registered.find((c) => c.name === 'loa');
    expect(loa?.description_localizations).toMatchObject({
      de: de.commands['loa.description'],
      fr: 'Absences (LOA) du serveur communautaire',
      'es-ES': 'Ausencias (LOA) del servidor de la comunidad',
      'pt-BR': 'Ausências (LOAs) do servidor da comunidade',
    });
    // Slash commands carry translated descriptions; user and message commands (no description) translated names.
    for (const command of registered)
      expect(
        command.type === 2 || command.type === 3
          ? command.name_localizations?.de
          : command.description_localizations?.de,
        command.name,
      ).toBeTruthy();
    expect(registered.find((c) => c.name === 'Join request')?.name_localizations?.de).toBe(
      'Beitrittsanfrage',
    );
    const list = loa?.options?.find((o) => o.name === 'list');
    expect(list?.description_localizations?.de).toBe(
      'Alle LOAs auflisten (neueste zuerst) oder die eines Zustands (ausstehende: älteste zuerst)',
    );
  });

  it('refuses a stranger in German for de and in English for ja', async () => {
    const refusal = async (locale: Locale) => {
      const stranger = world.double.user({ username: `stranger-${locale}`, roles: ['Moderator'], locale });
      const answer = await (
        await world.double.slash(stranger, 'rollcall', { subcommand: 'help' })
      ).response();
      expect(answer.ephemeral).toBe(true);
      return answer.message?.content;
    };
    expect(await refusal(Locale.German)).toBe(
      'Rollcall hat kein Community-Mitglied gefunden, das mit deinem Discord-Konto verknüpft ist: Verknüpfe dein Discord-Konto auf dem Community-Server mit deinem Mitgliedseintrag und versuche es dann erneut.',
    );
    expect(await refusal(Locale.Japanese)).toBe(MESSAGES.accessNotMember);
  });

  it("says a handler's refusal, with its values, in the reader's language", async () => {
    const memberId = world.sandbox.dataset.samples.busyMemberIds[0] as string;
    const chatId = world.sandbox.dataset.chatIdOf(memberId) as string;
    const refusal = async (locale: Locale) => {
      const member = world.double.user({
        id: chatId,
        username: `member-${locale}`,
        roles: ['Moderator'],
        locale,
      });
      const answer = await (
        await world.double.slash(member, 'shift', { subcommand: 'view', options: { id: 'not an id!' } })
      ).response();
      return answer.message?.content;
    };
    expect(await refusal(Locale.German)).toMatch(
      /^Das ist keine gültige ID \(Schicht-ID\): Nutze bis zu \d+ /,
    );
    expect(await refusal(Locale.French)).toMatch(/^Ce n'est pas un identifiant valide \(id de service\)/);
    expect(await refusal(Locale.Japanese)).toMatch(/^That is not a valid shift id: /);
  });
});
