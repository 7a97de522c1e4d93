/**
 * An admin whose Discord client is in German reads /rollcall-admin's answers in German: setup's
 * link, settings, labels and report settings (digest schedule, report names, leave reminders); a
 * refusal naming an id names it in German too. English admins' exact answers are checked in
 * test/hosted/*.test.ts and test/reports/hosted.e2e.test.ts.
 */
import { Locale, PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_IDS } from '../../commands/admin/index.js';
import { ENGLISH, wordsFor } from '../../src/i18n/words.js';
import type { DoubleUser } from '../doubles/discord/double.js';
import type { World } from '../e2e/world.js';
import { startHostedWorld } from './world.js';

const A = '1310000000000000071';
const TOKEN_A = 'admin-language-token-7a1c'; // the sandbox's, not a secret
const de = wordsFor('de');

let world: World;
let admin: DoubleUser;

beforeAll(async () => {
  ({ world } = await startHostedWorld({
    servers: [{ guildId: A, token: TOKEN_A, seed: 71, label: 'admin-language', linked: false }],
    keyByte: 7,
    double: { guild: { channels: [{ name: 'general' }, { name: 'staff-digest' }] } },
  }));
  admin = world.double.user({
    username: 'admin-de',
    permissions: PermissionFlagsBits.ManageGuild | PermissionFlagsBits.ModerateMembers,
    locale: Locale.German,
  });
}, 60_000);

afterAll(async () => {
  await world?.close();
});

async function adminSays(subcommand: string, options: Record<string, unknown> = {}): Promise<string> {
  const handle = await world.double.slash(admin, 'rollcall-admin', {
    subcommand,
    guildId: A,
    options: options as never,
  });
  return (await handle.response()).message?.content ?? '';
}

/** English words of the admin answers that must not show to a German admin. */
const ENGLISH_WORDS =
  /Linked|Token fingerprint|Status: in use|Settings saved|Answers:|Access:|Discord roles:|API limits|Time zone|Weeks start|Quotas|Digest language|every Monday|time on duty|quota results|on leave now|Leave reminders|No code has a label|Log type/;

describe("/rollcall-admin in the admin's language", () => {
  it('says setup, the link and the settings in German', async () => {
    await (await world.double.slash(admin, 'rollcall-admin', { subcommand: 'setup', guildId: A })).response();
    const linked = await (
      await world.double.submitModal(
        admin,
        ADMIN_IDS.modal,
        { [ADMIN_IDS.tokenField]: TOKEN_A },
        { guildId: A },
      )
    ).response();
    const text = linked.message?.content ?? '';
    expect(text).toMatch(/^Verbunden: Dieser Server liest jetzt den Community-Server /);
    expect(text).toContain(de.sentences.accessRolesTip);
    expect(text).not.toMatch(ENGLISH_WORDS);

    const link = await adminSays('setup');
    expect(link).toMatch(/^Verbunden mit Community-Server /);
    expect(link).toContain('Token-Fingerabdruck: ');
    expect(link).not.toMatch(ENGLISH_WORDS);

    const settings = await adminSays('settings', { visibility: 'public' });
    expect(settings.split('\n')[0]).toBe(de.sentences.settingsSaved);
    expect(settings).toContain('Antworten: standardmäßig öffentlich');
    expect(settings).not.toMatch(ENGLISH_WORDS);
  });

  it('says the labels in German, each table by its German name', async () => {
    expect(await adminSays('labels')).toBe(de.sentences.labelsState([]));
    await adminSays('labels', { table: 'logTypes', code: '3', label: 'Warnung' });
    const shown = await adminSays('labels');
    expect(shown).toBe(`${de.labels.table.logTypes}: 3 = Warnung`);
    expect(await adminSays('labels', { table: 'logTypes', clear: true })).toBe(
      de.sentences.labelsTableCleared(de.labels.table.logTypes),
    );
  });

  it('says the report settings, the digest schedule and the leave reminders in German', async () => {
    const set = await adminSays('reports', {
      'week-start': 'sunday',
      digest: 'weekly',
      'digest-channel': 'staff-digest',
      'digest-day': 'monday',
      'digest-hour': 9,
      'digest-reports': 'totals,leave',
      'reminder-channel': 'staff-digest',
    });
    expect(set.split('\n')[0]).toBe(de.sentences.settingsSaved);
    expect(set).toContain('Wochen beginnen am Sonntag.');
    expect(set).toContain(`jeden Montag um 09:00 UTC`);
    expect(set).toContain(`${de.admin.report.totals}, ${de.admin.report.leave}.`);
    expect(set).toContain(de.digest.language(de.digest.serverDefault('English')));
    expect(set).toContain('Abwesenheitserinnerungen: in <#');
    expect(set).not.toMatch(ENGLISH_WORDS);
    expect(await adminSays('reports', { 'reminder-pings': true, 'reminders-off': false })).toContain(
      'mit Ping des Mitglieds',
    );
  });

  it('names the id a refusal is about in German', async () => {
    const handle = await world.double.slash(admin, 'loa', {
      subcommand: 'view',
      guildId: A,
      options: { id: 'not an id!' },
    });
    const refused = (await handle.response()).message?.content;
    expect(refused).toBe(de.sentences.badId(de.sentences.loaIdName, 64));
    expect(refused).not.toContain(ENGLISH.sentences.loaIdName);
  });
});
