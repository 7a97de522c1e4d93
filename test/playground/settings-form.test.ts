/**
 * The report settings form (/rollcall-admin reports with no option) as the playground shows and
 * submits it. The admin command exists in hosted mode only, and `npm run playground` runs one
 * community (API_TOKEN): so the playground's session runs here on a hosted world whose Moderator
 * role may manage the server. The form's labels, channel selects, radio and checkbox groups reach
 * the page with the server's channels; a submission with every field as the page sends it (one value
 * changed) goes through the double's own payload code and is answered "Changed: …".
 */
import { ComponentType, PermissionFlagsBits as P } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_IDS } from '../../commands/admin/index.js';
import { wordsFor } from '../../src/i18n/words.js';
import { generateDataset } from '../../test/doubles/sandbox/data.js';
import { type HostedWorld, startHostedWorld } from '../../test/reports/hosted-world.js';
import { PlaygroundSession } from '../../tools/playground/session.js';

const GUILD = '1300000000000000582';
const EN = wordsFor('en-US');

let hosted: HostedWorld;
let session: PlaygroundSession;

beforeAll(async () => {
  hosted = await startHostedWorld({
    guildId: GUILD,
    sandbox: {
      dataset: generateDataset({ seed: 32, members: 12, loas: 8, shifts: 8, logs: 3, auditLogs: 3 }),
    },
    guild: {
      roles: [
        {
          name: 'Moderator',
          permissions: P.ViewChannel | P.SendMessages | P.ManageGuild | P.ModerateMembers,
        },
        { name: 'Member' },
      ],
      channels: [{ name: 'general' }, { name: 'leave-reminders' }],
    },
    keyByte: 12,
  });
  session = new PlaygroundSession(hosted.world);
}, 60_000);

afterAll(async () => {
  await hosted?.close();
});

type Field = { type: number; custom_id: string; options?: Array<{ value: string; default?: boolean }> };

describe('the report settings form in the playground', () => {
  it('shows the form with the server’s channels and submits a changed value as Discord would', async () => {
    expect((await session.slash('/rollcall-admin reports')).kind).toBe('modal');
    const state = session.state();
    const modal = state.modal!;
    expect(modal.title).toBe(EN.admin.form.reportsTitle);
    expect(modal.components.every((c) => c.type === ComponentType.Label)).toBe(true);
    expect(state.channels.map((c) => c.name)).toEqual(['general', 'leave-reminders']);

    // What the page sends for the untouched form (every field, its defaults), the week moved to Sunday.
    const fields: Record<string, string | string[] | boolean> = {};
    for (const label of modal.components as unknown as Array<{ component: Field }>) {
      const { type, custom_id: id, options = [] } = label.component;
      const on = options.filter((o) => o.default).map((o) => o.value);
      if (type === ComponentType.ChannelSelect) fields[id] = [];
      else if (type === ComponentType.CheckboxGroup) fields[id] = on;
      else if (on[0] !== undefined) fields[id] = on[0];
    }
    fields['week-start'] = 'sunday';
    expect(await session.submitModal(ADMIN_IDS.reportsForm, fields)).toEqual({ ok: true, kind: 'reply' });
    expect(session.state().modal).toBeNull();
    const answer = session.state().messages.at(-1)!;
    expect(answer.ephemeral).toBe(true);
    expect(answer.message.content.split('\n')[0]).toBe(EN.admin.form.changed(EN.admin.form.item.weekStart));
  }, 60_000);
});
