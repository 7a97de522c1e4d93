/**
 * The playground in hosted mode (`npm run playground -- --hosted`): the settings forms
 * (/rollcall-admin reports and settings with no option) as the playground shows and submits them, and
 * the ordinary commands beside them. One community's mode (`npm run playground`) has no
 * /rollcall-admin; hosted mode links the sandbox's community as an admin would, its Moderator role
 * allowed to manage the server. A form's labels, channel selects, radio and checkbox groups reach the
 * page with the server's channels; a submission with every field as the page sends it (one value
 * changed) goes through the double's own payload code, is answered "Changed: …", and the form opens
 * again holding the saved value.
 */
import { ComponentType } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_IDS } from '../../commands/admin/index.js';
import { wordsFor } from '../../src/i18n/words.js';
import type { ModalFields } from '../../test/doubles/discord/double.js';
import type { Playground } from '../../tools/playground/server.js';
import { pageFields, startHostedPlayground } from './hosted-playground.js';

const EN = wordsFor('en-US');

let playground: Playground;

beforeAll(async () => {
  playground = await startHostedPlayground(32);
}, 60_000);

afterAll(async () => {
  await playground?.close();
});

/** Opens the form of `line`, submits it as the page would with `changes`: the answer's first line. */
async function submitted(line: string, customId: string, changes: ModalFields): Promise<string> {
  const { session } = playground;
  expect((await session.slash(line)).kind).toBe('modal');
  const modal = session.state().modal!;
  expect(await session.submitModal(customId, { ...pageFields(modal), ...changes })).toEqual({
    ok: true,
    kind: 'reply',
  });
  expect(session.state().modal).toBeNull();
  const answer = session.state().messages.at(-1)!;
  expect(answer.ephemeral).toBe(true);
  return answer.message.content.split('\n')[0] ?? '';
}

const chosen = (modal: { components: unknown[] }, customId: string) => pageFields(modal)[customId];

describe('the playground in hosted mode', () => {
  it('shows the report settings form with the server’s channels; a changed value is saved', async () => {
    const { session } = playground;
    expect((await session.slash('/rollcall-admin reports')).kind).toBe('modal');
    const state = session.state();
    expect(state.modal?.title).toBe(EN.admin.form.reportsTitle);
    expect(state.modal?.components.every((c) => c.type === ComponentType.Label)).toBe(true);
    expect(state.channels.map((c) => c.name)).toEqual(['general', 'staff', 'leave-reminders']);
    expect(chosen(state.modal!, 'week-start')).toBe('monday');
    expect(session.closeModal()).toEqual({ ok: true });

    expect(
      await submitted('/rollcall-admin reports', ADMIN_IDS.reportsForm, { 'week-start': 'sunday' }),
    ).toBe(EN.admin.form.changed(EN.admin.form.item.weekStart));
    // Applied: the form opens again on Sunday, and the settings say so.
    expect((await session.slash('/rollcall-admin reports')).kind).toBe('modal');
    expect(chosen(session.state().modal!, 'week-start')).toBe('sunday');
    session.closeModal();
    expect((await session.slash('/rollcall-admin reports show:True')).ok).toBe(true);
    expect(session.state().messages.at(-1)?.message.content).toContain('Sunday');
  }, 60_000);

  it('saves a change in the server settings form', async () => {
    const { session } = playground;
    expect(
      await submitted('/rollcall-admin settings', ADMIN_IDS.settingsForm, { visibility: 'public' }),
    ).toBe(EN.admin.form.changed(EN.admin.form.item.visibility));
    expect((await session.slash('/rollcall-admin settings')).kind).toBe('modal');
    expect(chosen(session.state().modal!, 'visibility')).toBe('public');
    session.closeModal();
  }, 60_000);

  it('runs the ordinary commands of the linked community, and /me for a staff member', async () => {
    const { session } = playground;
    expect(await session.slash('/loa list')).toMatchObject({ ok: true });
    const list = session.state().messages.at(-1)!;
    expect(list.invokedBy?.command).toBe('loa list');
    expect(list.message.embeds?.[0]?.title).toBe(EN.loa.title);
    expect(session.actAs('robin')).toEqual({ ok: true });
    expect(await session.slash('/me')).toMatchObject({ ok: true });
    const me = session.state().messages.at(-1)!;
    expect(me.ephemeral).toBe(true);
    // Robin's own record: the member whose Discord user robin is.
    const robin = session.state().actor.id;
    expect(JSON.stringify(me.message.embeds?.[0]?.fields)).toContain(`<@${robin}>`);
    session.actAs('moderator');
  }, 60_000);
});
