/**
 * Setup's answer once the token is linked: the access warning needs the server's settings, and a
 * settings read that fails (the database went away between the link and the answer) leaves out the
 * warning, never the "linked" answer for a token that is linked.
 */
import type { ModalSubmitInteraction } from 'discord.js';
import { describe, expect, it } from 'vitest';
import type { Links } from '../../commands/admin/command.js';
import { setupControls } from '../../commands/admin/setup.js';
import { ENGLISH } from '../../src/i18n/words.js';

const GUILD = '1300000000000000001';

function links(settings: () => Promise<{ accessRoleIds: string[] }>) {
  const linked: string[] = [];
  const fake = {
    check: async () => ({
      ok: true,
      communityId: 'c1',
      roleCount: 1,
      roles: { linked: [{ linkedChatRoleId: null }], complete: true },
    }),
    link: async (guildId: string) => {
      linked.push(guildId);
    },
    settings,
  } as unknown as Links;
  return { fake, linked };
}

async function submit(fake: Links): Promise<string> {
  const interaction = {
    fields: { getTextInputValue: () => 'token-1' },
    user: { id: '1300000000000000009' },
    guild: { roles: { cache: new Map([[GUILD, {}]]) } },
  } as unknown as ModalSubmitInteraction;
  const control = setupControls(fake).modal;
  if (control.on !== 'modal') throw new Error('setup has no modal control');
  const payload = await control.execute({ interaction, guildId: GUILD, t: ENGLISH } as never);
  const content = payload.content;
  return typeof content === 'function' ? content(ENGLISH) : String(content);
}

describe('setup: the answer once the token is linked', () => {
  it('warns that nobody new passes when access roles are kept and no role is linked here', async () => {
    const { fake, linked } = links(async () => ({ accessRoleIds: ['r1'] }));
    const text = await submit(fake);
    expect(linked).toEqual([GUILD]);
    expect(text).toContain(ENGLISH.sentences.setupLinked('c1', 1));
    expect(text).toContain(ENGLISH.sentences.accessNobodyPasses);
  });

  it('says the token is linked when the settings cannot be read after the link (no warning then)', async () => {
    const { fake, linked } = links(async () => {
      throw new Error('the database did not answer');
    });
    const text = await submit(fake);
    expect(linked).toEqual([GUILD]);
    expect(text).toContain(ENGLISH.sentences.setupLinked('c1', 1));
    expect(text).not.toContain(ENGLISH.sentences.accessNobodyPasses);
  });
});
